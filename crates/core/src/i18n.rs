//! Messages for learners in English, Simplified Chinese and Traditional Chinese.
//!
//! The catalogues live at the repository root in `i18n/en.json`,
//! `i18n/zh-CN.json` and `i18n/zh-TW.json` (shared with the web front end): flat
//! JSON objects from a key to a message with `{placeholders}`. They are compiled
//! into the binary and parsed once, on first use. A key missing in a language
//! falls back to English, and then to the key itself.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::explain::{color_name, side_name};
use crate::{FenError, PositionError};

/// A language for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese (mainland China, Singapore).
    ZhCn,
    /// Traditional Chinese (Taiwan, Hong Kong, Macau).
    ZhTw,
}

impl Lang {
    /// All languages, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

    /// The language for a tag such as `"zh-CN"`, `"zh_TW"`, `"zh-Hant"` or
    /// `"en-GB"` (case does not matter; `_` and `-` are alike). A bare `"zh"`
    /// means Simplified Chinese. `None` for any other language.
    ///
    /// ```
    /// use guoxiang_core::Lang;
    /// assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::ZhCn));
    /// assert_eq!(Lang::from_tag("zh_hant_HK"), Some(Lang::ZhTw));
    /// assert_eq!(Lang::from_tag("EN-us"), Some(Lang::En));
    /// assert_eq!(Lang::from_tag("fr"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        match parts.next() {
            Some("en") => Some(Lang::En),
            Some("zh") => {
                // A script subtag decides; otherwise the region; otherwise Simplified.
                let rest: Vec<&str> = parts.collect();
                let traditional = if rest.contains(&"hant") {
                    true
                } else if rest.contains(&"hans") {
                    false
                } else {
                    rest.iter().any(|p| matches!(*p, "tw" | "hk" | "mo"))
                };
                Some(if traditional { Lang::ZhTw } else { Lang::ZhCn })
            }
            _ => None,
        }
    }

    /// The canonical tag: `"en"`, `"zh-CN"` or `"zh-TW"` (also the catalogue's
    /// file name).
    ///
    /// ```
    /// use guoxiang_core::Lang;
    /// assert_eq!(Lang::ZhTw.tag(), "zh-TW");
    /// ```
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
        }
    }

    const fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::ZhCn => 1,
            Lang::ZhTw => 2,
        }
    }
}

/// The catalogue sources, in [`Lang::ALL`] order.
const SOURCES: [&str; 3] = [
    include_str!("../../../i18n/en.json"),
    include_str!("../../../i18n/zh-CN.json"),
    include_str!("../../../i18n/zh-TW.json"),
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
/// use guoxiang_core::i18n::{catalogue, Lang};
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
/// use guoxiang_core::i18n::{message, Lang};
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
/// use guoxiang_core::i18n::placeholders;
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

impl FenError {
    /// The error as a sentence for a learner in `lang` (message key
    /// [`FenError::code`]).
    ///
    /// ```
    /// use guoxiang_core::{Lang, Position};
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K6 w - - 0 1").unwrap_err();
    /// assert_eq!(
    ///     err.message(Lang::ZhCn),
    ///     "第1横线只描述了7个格子，需要8个（第17个字符处）。"
    /// );
    /// ```
    pub fn message(&self, lang: Lang) -> String {
        let n = |v: &dyn ToString| v.to_string();
        let args: Vec<(&str, String)> = match self {
            FenError::Empty => vec![],
            FenError::TooLong { len, max } => vec![("len", n(len)), ("max", n(max))],
            FenError::FieldCount { found } | FenError::RankCount { found } => {
                vec![("found", n(found))]
            }
            FenError::RankTooLong { rank, column } => {
                vec![("rank", n(rank)), ("column", n(column))]
            }
            FenError::RankTooShort {
                rank,
                files,
                column,
            } => vec![
                ("rank", n(rank)),
                ("files", n(files)),
                ("column", n(column)),
            ],
            FenError::BadPiece { ch, column } => vec![("ch", n(ch)), ("column", n(column))],
            FenError::ConsecutiveDigits { column } => vec![("column", n(column))],
            FenError::BadTurn { found, column }
            | FenError::BadCastling { found, column }
            | FenError::BadEnPassant { found, column }
            | FenError::BadHalfmoveClock { found, column }
            | FenError::BadFullmoveNumber { found, column } => {
                vec![("found", found.clone()), ("column", n(column))]
            }
            FenError::Position(e) => position_error_args(e, lang),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        message(lang, self.code(), &args)
    }
}

fn position_error_args(e: &PositionError, lang: Lang) -> Vec<(&'static str, String)> {
    match e {
        PositionError::MissingKing { color } => vec![("color", color_name(lang, *color))],
        PositionError::TooManyKings { color, count }
        | PositionError::TooManyPieces { color, count }
        | PositionError::TooManyPawns { color, count } => vec![
            ("color", color_name(lang, *color)),
            ("count", count.to_string()),
        ],
        PositionError::PawnOnBackRank { square } => vec![("square", square.to_string())],
        PositionError::OppositeCheck { color, square } => vec![
            ("color", color_name(lang, *color)),
            ("square", square.to_string()),
        ],
        PositionError::TooManyCheckers { count } => vec![("count", count.to_string())],
        PositionError::InvalidCastlingRights {
            color,
            side,
            king,
            rook,
        } => vec![
            ("color", color_name(lang, *color)),
            ("side", side_name(lang, *side)),
            ("king", king.to_string()),
            ("rook", rook.to_string()),
        ],
        PositionError::InvalidEnPassant { square, .. } => vec![("square", square.to_string())],
        PositionError::ZeroFullmoveNumber => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::EndReason;
    use crate::{CastlingSide, Color, IllegalReason, Role, Square};
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
    fn every_fen_error() -> Vec<FenError> {
        let s = String::from("x");
        let positions = vec![
            PositionError::MissingKing {
                color: Color::White,
            },
            PositionError::TooManyKings {
                color: Color::Black,
                count: 2,
            },
            PositionError::PawnOnBackRank { square: Square::A1 },
            PositionError::TooManyPieces {
                color: Color::White,
                count: 17,
            },
            PositionError::TooManyPawns {
                color: Color::White,
                count: 9,
            },
            PositionError::OppositeCheck {
                color: Color::Black,
                square: Square::E2,
            },
            PositionError::TooManyCheckers { count: 3 },
            PositionError::InvalidCastlingRights {
                color: Color::White,
                side: CastlingSide::KingSide,
                king: Square::E1,
                rook: Square::H1,
            },
            PositionError::InvalidEnPassant {
                square: Square::E3,
                reason: "test",
            },
            PositionError::ZeroFullmoveNumber,
        ];
        let mut all = vec![
            FenError::Empty,
            FenError::TooLong { len: 300, max: 256 },
            FenError::FieldCount { found: 3 },
            FenError::RankCount { found: 7 },
            FenError::RankTooLong { rank: 8, column: 9 },
            FenError::RankTooShort {
                rank: 1,
                files: 7,
                column: 17,
            },
            FenError::BadPiece { ch: 'x', column: 3 },
            FenError::ConsecutiveDigits { column: 4 },
            FenError::BadTurn {
                found: s.clone(),
                column: 40,
            },
            FenError::BadCastling {
                found: s.clone(),
                column: 42,
            },
            FenError::BadEnPassant {
                found: s.clone(),
                column: 47,
            },
            FenError::BadHalfmoveClock {
                found: s.clone(),
                column: 49,
            },
            FenError::BadFullmoveNumber {
                found: s,
                column: 51,
            },
        ];
        all.extend(positions.into_iter().map(FenError::Position));
        for e in &all {
            match e {
                FenError::Empty
                | FenError::TooLong { .. }
                | FenError::FieldCount { .. }
                | FenError::RankCount { .. }
                | FenError::RankTooLong { .. }
                | FenError::RankTooShort { .. }
                | FenError::BadPiece { .. }
                | FenError::ConsecutiveDigits { .. }
                | FenError::BadTurn { .. }
                | FenError::BadCastling { .. }
                | FenError::BadEnPassant { .. }
                | FenError::BadHalfmoveClock { .. }
                | FenError::BadFullmoveNumber { .. } => {}
                FenError::Position(p) => match p {
                    PositionError::MissingKing { .. }
                    | PositionError::TooManyKings { .. }
                    | PositionError::PawnOnBackRank { .. }
                    | PositionError::TooManyPieces { .. }
                    | PositionError::TooManyPawns { .. }
                    | PositionError::OppositeCheck { .. }
                    | PositionError::TooManyCheckers { .. }
                    | PositionError::InvalidCastlingRights { .. }
                    | PositionError::InvalidEnPassant { .. }
                    | PositionError::ZeroFullmoveNumber => {}
                },
            }
        }
        all
    }

    /// Every key the code may ask the catalogue for.
    fn keys_used_by_the_code() -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        keys.extend(IllegalReason::CODES.iter().map(|c| format!("illegal.{c}")));
        keys.extend(
            EndReason::ALL
                .iter()
                .map(|e| format!("outcome.{}", e.code())),
        );
        keys.extend(every_fen_error().iter().map(|e| e.code().to_owned()));
        for role in Role::ALL {
            keys.push(format!("piece.{}", role.name()));
            keys.push(format!("rule.{}", role.name()));
        }
        for color in Color::ALL {
            keys.push(format!("color.{}", color.name()));
        }
        keys.push("castling_side.king_side".to_owned());
        keys.push("castling_side.queen_side".to_owned());
        keys.extend(crate::san::SanError::CODES.iter().map(|c| (*c).to_owned()));
        keys
    }

    #[test]
    fn every_key_the_code_uses_has_a_message() {
        let keys = keys_used_by_the_code();
        for lang in Lang::ALL {
            let map = parsed(lang);
            let missing: Vec<&String> = keys.iter().filter(|k| !map.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.tag());
        }
        // And the catalogue holds no key the code never asks for. Keys under `ui.` are the
        // browser front end's (web/src), checked by crates/server/tests/web_catalogue.rs.
        let used: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
        let unused: Vec<String> = parsed(Lang::En)
            .into_keys()
            .filter(|k| !used.contains(k.as_str()) && !k.starts_with("ui."))
            .collect();
        assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    }

    #[test]
    fn every_fen_error_has_a_complete_message() {
        for e in every_fen_error() {
            for lang in Lang::ALL {
                let text = e.message(lang);
                assert!(
                    !text.contains('{') && text != e.code(),
                    "{lang:?} {}: {text}",
                    e.code()
                );
            }
        }
    }

    #[test]
    fn outcome_messages_name_the_winner_only_when_there_is_one() {
        let en = parsed(Lang::En);
        for e in EndReason::ALL {
            let key = format!("outcome.{}", e.code());
            let names = en.get(&key).map(|t| placeholders(t)).unwrap_or_default();
            if e.is_decisive() {
                assert!(names.contains(&"winner"), "{key}");
            } else {
                assert!(names.is_empty(), "{key} has {names:?}");
            }
        }
    }

    #[test]
    fn from_tag_accepts_common_variants() {
        for tag in ["en", "EN", "en-US", "en_GB", " en "] {
            assert_eq!(Lang::from_tag(tag), Some(Lang::En), "{tag}");
        }
        for tag in [
            "zh-CN",
            "zh_cn",
            "ZH-cn",
            "zh",
            "zh-Hans",
            "zh-Hans-CN",
            "zh-SG",
            "zh-hans-TW",
        ] {
            assert_eq!(Lang::from_tag(tag), Some(Lang::ZhCn), "{tag}");
        }
        for tag in [
            "zh-TW",
            "zh_TW",
            "zh-tw",
            "zh-Hant",
            "zh-HK",
            "zh-MO",
            "zh_Hant_CN",
        ] {
            assert_eq!(Lang::from_tag(tag), Some(Lang::ZhTw), "{tag}");
        }
        for tag in ["", "fr", "de-DE", "zhx", "english"] {
            assert_eq!(Lang::from_tag(tag), None, "{tag}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
    }

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
        assert!(get(&tw, "illegal.castling_in_check").contains("王車易位"));
        assert!(get(&cn, "illegal.must_promote").contains("升变"));
        assert!(get(&tw, "illegal.must_promote").contains("升變"));
        assert!(get(&cn, "illegal.must_answer_check").contains("将军"));
        assert!(get(&tw, "illegal.must_answer_check").contains("將軍"));
    }
}
