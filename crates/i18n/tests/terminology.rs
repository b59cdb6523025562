//! The Chinese catalogues keep to the terminology guide (shared/TERMINOLOGY.md): one name
//! for each chess idea, the draw claim told apart from the draw offer, zh-TW written for
//! Taiwanese readers, full-width punctuation and the quotes of each script, one spacing
//! rule between Chinese and Latin text, and the same keys and placeholders in every
//! language. The rules look at every message, not at a list of today's keys, so that
//! keys added later are held to them too.

use guoxiang_i18n::{catalogue, placeholders, Lang};
use std::collections::BTreeSet;

/// A Chinese character (the CJK unified ideographs and extension A), not punctuation.
fn is_hanzi(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// A rule: given the language, the English message of the same key and the Chinese
/// message, the fault it finds, if any.
type Rule = fn(Lang, &str, &str) -> Option<String>;

const CHINESE: [Lang; 2] = [Lang::ZhCn, Lang::ZhTw];

/// Every message of `langs` that breaks `rule`, as "zh-XX key: fault: text" lines,
/// sorted by key so that failures read the same each run.
fn faults(langs: &[Lang], rule: Rule) -> Vec<String> {
    let en = catalogue(Lang::En);
    let mut found = Vec::new();
    for &lang in langs {
        let mut all: Vec<_> = catalogue(lang).iter().collect();
        all.sort_unstable();
        for (key, text) in all {
            let english = en.get(key).map_or("", String::as_str);
            if let Some(why) = rule(lang, english, text) {
                found.push(format!("{} {key}: {why}: {text}", lang.tag()));
            }
        }
    }
    found
}

fn assert_kept(langs: &[Lang], rule: Rule) {
    let found = faults(langs, rule);
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

/// The byte offsets at which `word` occurs in `text`.
fn offsets<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(word).map(|(i, _)| i)
}

fn last_rank(lang: Lang, en: &str, text: &str) -> Option<String> {
    let (full, bare, others): (&str, &str, &[&str]) = match lang {
        Lang::ZhCn => (
            "对方底线",
            "底线",
            &["最后一条横线", "最后一横线", "最后的横线"],
        ),
        _ => (
            "對方底線",
            "底線",
            &["最後一條橫線", "最後一橫線", "最後的橫線"],
        ),
    };
    let opponent = &full[..full.len() - bare.len()];
    if offsets(text, bare).any(|i| !text[..i].ends_with(opponent)) {
        return Some(format!(
            "{bare} alone may mean one's own first rank: say {full}"
        ));
    }
    if let Some(other) = others.iter().find(|o| text.contains(**o)) {
        return Some(format!("{other} is another name for {full}"));
    }
    // The English says "the last rank" (not "the first or the last rank") where it
    // speaks of the rank a pawn promotes on.
    let promotion_rank = en.contains("last rank") && !en.contains("first or the last rank");
    (promotion_rank && !text.contains(full)).then(|| format!("the promotion rank is {full}"))
}

fn no_never(_: Lang, _: &str, text: &str) -> Option<String> {
    ["永远", "永遠"]
        .iter()
        .find(|w| text.contains(**w))
        .map(|w| format!("{w} is word-for-word \"never\": say 不能 / 不可能"))
}

/// 後 means "after" or "back" (之後, 後退) and stays so; it may not stand for the queen:
/// after a colour or 的, after 為/为/成 (升變為), in a list of pieces, or in 後翼.
fn queen_is_hou(_: Lang, _: &str, text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().find_map(|(i, &c)| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let queen = matches!(before, Some('白' | '黑' | '的' | '為' | '为' | '成' | '、'))
            || matches!(after, Some('、' | '翼'));
        (c == '後' && queen).then(|| "後 for the queen: write 后".to_owned())
    })
}

fn colour_de_piece(_: Lang, _: &str, text: &str) -> Option<String> {
    if ["白方后", "黑方后"].iter().any(|w| text.contains(w)) {
        return Some("白方后 reads \"after White\": write 白方的后".to_owned());
    }
    // A colour placeholder straight before a piece placeholder makes 白方后 too.
    let names = placeholders(text);
    names.iter().find_map(|colour| {
        let pieces = ["piece", "target", "blocker", "attacker"];
        let piece = names.iter().find(|p| {
            pieces.iter().any(|w| p.contains(w)) && text.contains(&format!("{{{colour}}}{{{p}}}"))
        })?;
        colour
            .contains("color")
            .then(|| format!("write {{{colour}}}的{{{piece}}}"))
    })
}

/// In zh-TW castling is 入堡: 入堡（王車易位） at its first mention in a message (unless
/// 短入堡/長入堡 or a {side}, which says one of them, comes first), 入堡 after that.
fn ru_bao(_: Lang, _: &str, text: &str) -> Option<String> {
    const FIRST: &str = "入堡（王車易位）";
    if text.replace(FIRST, "").contains("易位") {
        return Some(format!(
            "易位 is the mainland word: write 入堡 ({FIRST} at first)"
        ));
    }
    let bare = offsets(text, "入堡").find(|&i| !text[..i].ends_with(['短', '長']))?;
    let side_first =
        text.find("{side}").is_some_and(|s| s < bare) || offsets(text, "入堡").any(|i| i < bare);
    (!side_first && !text[bare..].starts_with(FIRST))
        .then(|| format!("the first 入堡 is written {FIRST}"))
}

/// Mainland interface words (as converted characters) and the Taiwan word to use.
const MAINLAND_WORDS: [(&str, &str); 10] = [
    ("人機", "與電腦對弈"),
    ("級別", "難度"),
    ("用時", "時限"),
    ("聲音", "音效"),
    ("新建", "建立"),
    ("設置", "設定"),
    ("默認", "預設"),
    ("信息", "資訊"),
    ("鏈接", "連結"),
    ("服務器", "伺服器"),
];

fn taiwan_words(_: Lang, _: &str, text: &str) -> Option<String> {
    MAINLAND_WORDS
        .iter()
        .find(|(m, _)| text.contains(m))
        .map(|(m, tw)| format!("{m} is mainland usage: write {tw}"))
}

fn claim_not_offer(lang: Lang, en: &str, text: &str) -> Option<String> {
    let offers: &[&str] = match lang {
        Lang::ZhCn => &["提出和棋", "提议和棋", "提和", "和棋提议"],
        _ => &["提出和棋", "提議和棋", "提和", "和棋提議"],
    };
    if text.contains("提出和棋") {
        return Some("提出和棋 is neither term: an offer is 提议和棋, a claim 要求判和".into());
    }
    let en = en.to_lowercase();
    if !en.contains("claim") {
        return None;
    }
    if let Some(w) = offers.iter().find(|w| text.contains(**w)) {
        return Some(format!("the English claims, {w} offers"));
    }
    (en.contains("draw") && !text.contains("要求判和")).then(|| "a draw claim is 要求判和".into())
}

fn full_width_punctuation(_: Lang, _: &str, text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(3).find_map(|w| {
        let half = matches!(w[1], ',' | '.' | ';' | ':' | '?' | '!' | '(' | ')');
        (half && is_hanzi(w[0]) && is_hanzi(w[2]))
            .then(|| format!("half-width {:?} between Chinese characters", w[1]))
    })
}

fn own_quotes(lang: Lang, _: &str, text: &str) -> Option<String> {
    let (open, close, foreign): (char, char, &[char]) = match lang {
        Lang::ZhCn => ('“', '”', &['「', '」', '『', '』', '"']),
        _ => ('「', '」', &['“', '”', '‘', '’', '"']),
    };
    if let Some(c) = text.chars().find(|c| foreign.contains(c)) {
        return Some(format!(
            "{c:?} is not this script's quote: use {open}{close}"
        ));
    }
    let (opens, closes) = (text.matches(open).count(), text.matches(close).count());
    (opens != closes).then(|| format!("{opens} {open} but {closes} {close}"))
}

/// One rule everywhere: e4上, 第1横线, 下载PGN, 例如Nf3, and so {square}上, {n}步.
fn no_space_between_chinese_and_latin(_: Lang, _: &str, text: &str) -> Option<String> {
    let latin = |c: char| c.is_ascii_alphanumeric() || c == '{' || c == '}';
    let chars: Vec<char> = text.chars().collect();
    chars.windows(3).find_map(|w| {
        let apart =
            w[1] == ' ' && ((is_hanzi(w[0]) && latin(w[2])) || (latin(w[0]) && is_hanzi(w[2])));
        apart.then(|| format!("a space in {:?}", w.iter().collect::<String>()))
    })
}

#[test]
fn the_last_rank_is_always_the_opponents_back_rank() {
    assert_kept(&CHINESE, last_rank);
}

#[test]
fn never_is_not_translated_word_for_word() {
    assert_kept(&CHINESE, no_never);
}

#[test]
fn the_queen_is_never_written_with_the_hou_of_after() {
    assert_kept(&CHINESE, queen_is_hou);
}

#[test]
fn a_colour_and_its_piece_are_joined_by_de() {
    assert_kept(&CHINESE, colour_de_piece);
}

#[test]
fn castling_in_taiwan_is_ru_bao_explained_at_its_first_mention() {
    assert_kept(&[Lang::ZhTw], ru_bao);
}

#[test]
fn zh_tw_uses_taiwan_interface_words() {
    assert_kept(&[Lang::ZhTw], taiwan_words);
}

#[test]
fn a_draw_claim_is_never_worded_as_a_draw_offer() {
    assert_kept(&CHINESE, claim_not_offer);
}

#[test]
fn chinese_text_uses_full_width_punctuation() {
    assert_kept(&CHINESE, full_width_punctuation);
}

#[test]
fn each_script_uses_its_own_quotation_marks() {
    assert_kept(&CHINESE, own_quotes);
}

#[test]
fn chinese_and_latin_text_meet_without_a_space() {
    assert_kept(&CHINESE, no_space_between_chinese_and_latin);
}

#[test]
fn the_three_catalogues_have_the_same_keys_and_placeholders() {
    let en = catalogue(Lang::En);
    let en_keys: BTreeSet<&String> = en.keys().collect();
    for lang in CHINESE {
        let other = catalogue(lang);
        let keys: BTreeSet<&String> = other.keys().collect();
        let missing: Vec<_> = en_keys.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&en_keys).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.tag());
        assert!(
            extra.is_empty(),
            "{} has keys en lacks: {extra:?}",
            lang.tag()
        );
        for (key, text) in en {
            let want: BTreeSet<&str> = placeholders(text).into_iter().collect();
            let got: BTreeSet<&str> = placeholders(&other[key]).into_iter().collect();
            assert_eq!(want, got, "placeholders of {key} in {}", lang.tag());
        }
    }
}

/// Each rule finds the defect the review found in the old wording, and passes the fix.
#[test]
fn each_rule_catches_the_defect_the_review_found() {
    use Lang::{ZhCn, ZhTw};
    let promote = "Only a pawn that reaches the last rank can promote.";
    let claimed = "The same position has appeared three times and a draw was claimed.";
    let cases: [(Rule, Lang, &str, &str, &str); 13] = [
        (
            last_rank,
            ZhCn,
            promote,
            "只有走到底线的兵才能升变。",
            "只有走到对方底线的兵才能升变。",
        ),
        (
            last_rank,
            ZhTw,
            "a pawn that reaches the last rank",
            "兵走到最後一條橫線時",
            "兵走到對方底線時",
        ),
        (
            no_never,
            ZhCn,
            "",
            "你永远不能吃自己的棋子。",
            "自己的棋子是不能吃的。",
        ),
        (
            queen_is_hou,
            ZhTw,
            "",
            "升變為後、車、象或馬",
            "兵不能後退，升變為后",
        ),
        (
            colour_de_piece,
            ZhCn,
            "",
            "{color}{piece}",
            "{color}的{piece}",
        ),
        (
            ru_bao,
            ZhTw,
            "",
            "王被將軍時不能王車易位。",
            "王被將軍時不能入堡（王車易位）。",
        ),
        (
            ru_bao,
            ZhTw,
            "",
            "入堡時，王不能經過被攻擊的格子。",
            "你不能{side}：入堡時，王不能……",
        ),
        (ru_bao, ZhTw, "", "你不能短易位。", "你不能短入堡。"),
        (taiwan_words, ZhTw, "", "人機對弈", "與電腦對弈"),
        (
            claim_not_offer,
            ZhCn,
            claimed,
            "一方提出和棋，判为和棋。",
            "一方要求判和，对局为和棋。",
        ),
        (
            full_width_punctuation,
            ZhCn,
            "",
            "轮到你走棋.请",
            "轮到你走棋。请",
        ),
        (own_quotes, ZhTw, "", "馬走“L”形", "馬走「L」形"),
        (
            no_space_between_chinese_and_latin,
            ZhCn,
            "",
            "例如 Nf3",
            "例如Nf3",
        ),
    ];
    for (i, (rule, lang, en, bad, good)) in cases.into_iter().enumerate() {
        assert!(rule(lang, en, bad).is_some(), "case {i} misses {bad}");
        assert_eq!(rule(lang, en, good), None, "case {i} on {good}");
    }
}
