//! The message catalogues: one flat JSON object per language (`catalogue/en.json`,
//! `catalogue/zh-CN.json` and `catalogue/zh-TW.json` in this crate, shared with the web
//! front end), from a key to a template with `{placeholders}`. They are compiled into the
//! binary and parsed once, on first use. A key missing in a language falls back to
//! English, and then to the key itself.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::Lang;

/// The catalogue sources, in [`Lang::ALL`] order.
const SOURCES: [&str; 3] = [
    include_str!("../catalogue/en.json"),
    include_str!("../catalogue/zh-CN.json"),
    include_str!("../catalogue/zh-TW.json"),
];

type Catalogue = HashMap<String, String>;

fn catalogues() -> &'static [Catalogue; 3] {
    static CATALOGUES: OnceLock<[Catalogue; 3]> = OnceLock::new();
    // A catalogue that does not parse is empty here (every key then falls back);
    // the tests refuse such a catalogue.
    CATALOGUES.get_or_init(|| SOURCES.map(|src| serde_json::from_str(src).unwrap_or_default()))
}

/// The catalogue of `lang`: every key and its message template.
///
/// ```
/// use guoxiang_i18n::{catalogue, Lang};
/// assert_eq!(catalogue(Lang::ZhCn)["piece.knight"], "马");
/// assert_eq!(catalogue(Lang::En).len(), catalogue(Lang::ZhTw).len());
/// ```
pub fn catalogue(lang: Lang) -> &'static HashMap<String, String> {
    &catalogues()[lang.index()]
}

/// The message for `key` in `lang`, with each `{name}` replaced by the value
/// given for `name` in `args` (placeholders without a value stay as they are).
/// A key missing in `lang` falls back to English, then to the key itself.
///
/// ```
/// use guoxiang_i18n::{message, Lang};
/// assert_eq!(message(Lang::ZhTw, "piece.rook", &[]), "車");
/// assert_eq!(
///     message(Lang::En, "illegal.empty_square", &[("square", "e4")]),
///     "There is no piece on e4. Choose one of your own pieces to move."
/// );
/// assert_eq!(message(Lang::ZhCn, "no.such.key", &[]), "no.such.key");
/// ```
pub fn message(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    lookup(catalogue(lang), catalogue(Lang::En), key, args)
}

/// The message for `key` from `primary`, else from `fallback`, else the key.
fn lookup(primary: &Catalogue, fallback: &Catalogue, key: &str, args: &[(&str, &str)]) -> String {
    match primary.get(key).or_else(|| fallback.get(key)) {
        Some(t) => fill(t, args),
        None => key.to_owned(),
    }
}

/// Replaces each `{name}` in `template` (in one pass: values are not scanned).
fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholder names of a template, in order of first appearance.
///
/// ```
/// use guoxiang_i18n::placeholders;
/// assert_eq!(placeholders("The {piece} on {from} … {piece}"), vec!["piece", "from"]);
/// ```
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                if !names.contains(&name) {
                    names.push(name);
                }
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn parsed(lang: Lang) -> HashMap<String, String> {
        let src = SOURCES[lang.index()];
        match serde_json::from_str::<HashMap<String, String>>(src) {
            Ok(map) => map,
            Err(e) => panic!(
                "i18n/{}.json is not a flat object of strings: {e}",
                lang.tag()
            ),
        }
    }

    #[test]
    fn every_catalogue_parses_as_a_flat_object_of_strings() {
        for lang in Lang::ALL {
            let map = parsed(lang);
            assert!(map.len() > 50, "{} has {} keys", lang.tag(), map.len());
            assert_eq!(catalogue(lang).len(), map.len());
            // serde_json keeps the last of two equal keys: count them in the source.
            let keys_in_source = SOURCES[lang.index()].matches("\": \"").count();
            assert_eq!(
                keys_in_source,
                map.len(),
                "duplicate keys in {}",
                lang.tag()
            );
            for (key, text) in &map {
                assert!(!text.trim().is_empty(), "{} {key} is empty", lang.tag());
                assert_eq!(text.trim(), text, "{} {key} has outer spaces", lang.tag());
            }
        }
    }

    #[test]
    fn every_key_is_in_every_language() {
        let en: BTreeSet<String> = parsed(Lang::En).into_keys().collect();
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let other: BTreeSet<String> = parsed(lang).into_keys().collect();
            let missing: Vec<_> = en.difference(&other).collect();
            let extra: Vec<_> = other.difference(&en).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.tag());
            assert!(
                extra.is_empty(),
                "{} has keys English lacks: {extra:?}",
                lang.tag()
            );
        }
    }

    #[test]
    fn placeholders_agree_between_languages() {
        let en = parsed(Lang::En);
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let other = parsed(lang);
            for (key, text) in &en {
                let Some(translated) = other.get(key) else {
                    continue; // reported by every_key_is_in_every_language
                };
                let a: BTreeSet<&str> = placeholders(text).into_iter().collect();
                let b: BTreeSet<&str> = placeholders(translated).into_iter().collect();
                assert_eq!(a, b, "placeholders of {key} differ in {}", lang.tag());
            }
        }
        for lang in Lang::ALL {
            for (key, text) in &parsed(lang) {
                let opens = text.matches('{').count();
                let closes = text.matches('}').count();
                assert_eq!(opens, closes, "{} {key}: unbalanced braces", lang.tag());
                assert_eq!(opens, placeholders(text).len() + repeated(text), "{key}");
            }
        }
    }

    /// How many placeholders of `text` repeat an earlier one.
    fn repeated(text: &str) -> usize {
        let mut all = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            all.push(&after[..close]);
            rest = &after[close + 1..];
        }
        let distinct: BTreeSet<&str> = all.iter().copied().collect();
        all.len() - distinct.len()
    }

    /// One of each FEN error; the `match` makes this fail to compile when a
    /// variant is added and not listed here.
    #[test]
    fn placeholders_are_filled_once_and_unknown_ones_are_kept() {
        let args = [("a", "{b}"), ("b", "B")];
        assert_eq!(fill("x{a}y{b}z{c}", &args), "x{b}yBz{c}");
        assert_eq!(fill("open { only", &args), "open { only");
        assert_eq!(fill("", &args), "");
        assert_eq!(placeholders("{a} {b} {a}"), vec!["a", "b"]);
    }

    #[test]
    fn a_missing_key_falls_back_to_english_then_to_the_key() {
        let mut zh = Catalogue::new();
        zh.insert("both".into(), "两个{x}".into());
        let mut en = Catalogue::new();
        en.insert("both".into(), "both {x}".into());
        en.insert("only_en".into(), "only {x}".into());
        assert_eq!(lookup(&zh, &en, "both", &[("x", "1")]), "两个1");
        assert_eq!(lookup(&zh, &en, "only_en", &[("x", "1")]), "only 1");
        assert_eq!(lookup(&zh, &en, "nowhere", &[]), "nowhere");
        assert_eq!(message(Lang::ZhTw, "no.such.key", &[]), "no.such.key");
    }

    #[test]
    fn each_chinese_catalogue_keeps_to_its_own_script() {
        // Characters that differ between the scripts, as they occur in chess
        // texts; neither catalogue may use the other's form.
        let simplified = "车马将军变过这经时会让对说个么没还动择须线数轮请兵结东获认输双连数";
        let traditional = "車馬將軍變過這經時會讓對說個麼沒還動擇須線數輪請兵結東獲認輸雙連數";
        let only = |s: &str, t: &str| -> Vec<char> {
            s.chars().filter(|c| !t.contains(*c)).collect::<Vec<char>>()
        };
        let simplified_only = only(simplified, traditional);
        let traditional_only = only(traditional, simplified);
        for (lang, forbidden) in [
            (Lang::ZhCn, &traditional_only),
            (Lang::ZhTw, &simplified_only),
        ] {
            for (key, text) in parsed(lang) {
                let bad: Vec<char> = text.chars().filter(|c| forbidden.contains(c)).collect();
                assert!(bad.is_empty(), "{} {key} uses {bad:?}: {text}", lang.tag());
            }
        }
    }

    #[test]
    fn the_standard_terms_are_used() {
        let cn = parsed(Lang::ZhCn);
        let tw = parsed(Lang::ZhTw);
        let get = |m: &HashMap<String, String>, k: &str| m.get(k).cloned().unwrap_or_default();
        let names = |m: &HashMap<String, String>| -> String {
            ["king", "queen", "rook", "bishop", "knight", "pawn"]
                .iter()
                .map(|r| get(m, &format!("piece.{r}")))
                .collect()
        };
        assert_eq!(names(&cn), "王后车象马兵");
        assert_eq!(names(&tw), "王后車象馬兵");
        assert_eq!(names(&parsed(Lang::En)), "kingqueenrookbishopknightpawn");
        assert!(get(&cn, "outcome.checkmate").contains("将死"));
        assert!(get(&tw, "outcome.checkmate").contains("將死"));
        assert!(get(&cn, "outcome.stalemate").contains("逼和"));
        assert!(get(&tw, "outcome.stalemate").contains("逼和"));
        assert!(get(&cn, "illegal.en_passant_unavailable").contains("吃过路兵"));
        assert!(get(&tw, "illegal.en_passant_unavailable").contains("吃過路兵"));
        assert!(get(&cn, "illegal.castling_in_check").contains("王车易位"));
        assert!(get(&tw, "illegal.castling_in_check").contains("入堡（王車易位）"));
        assert_eq!(get(&tw, "castling_side.king_side"), "短入堡");
        assert!(get(&cn, "illegal.must_promote").contains("升变"));
        assert!(get(&tw, "illegal.must_promote").contains("升變"));
        assert!(get(&cn, "illegal.must_answer_check").contains("将军"));
        assert!(get(&tw, "illegal.must_answer_check").contains("將軍"));
    }
}
