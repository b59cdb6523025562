//! The themes a puzzle can have: what the tagger finds and what a learner picks to
//! drill. Each theme has a stable code (lower camel case, as exported and as sent by
//! the server) and a name and a one-sentence description in zh-CN, zh-TW and en,
//! read from the message catalogue (`puzzle.theme.<code>`, `puzzle.themedesc.<code>`).
//! docs/PUZZLES.md lists them with how each is detected.

use guoxiang_i18n::{message, Lang};

/// A puzzle theme. The order is the order of [`Theme::ALL`]: mates first, then
/// tactics, then endings, phases, lengths and the size of the gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    Mate,
    MateIn1,
    MateIn2,
    MateIn3,
    MateIn4,
    MateIn5,
    BackRankMate,
    SmotheredMate,
    AnastasiaMate,
    ArabianMate,
    BodenMate,
    DoubleBishopMate,
    DovetailMate,
    HookMate,
    MateQueenRook,
    MateQueenBishop,
    MateQueenKnight,
    MateTwoRooks,
    Fork,
    Pin,
    RelativePin,
    CounterPin,
    Skewer,
    DiscoveredAttack,
    DiscoveredCheck,
    DiscoveredCheckWin,
    DoubleCheck,
    PerpetualCheck,
    StalemateTrick,
    Promotion,
    UnderPromotion,
    HangingPiece,
    TrappedPiece,
    Deflection,
    Attraction,
    Interference,
    Clearance,
    XRayAttack,
    Intermezzo,
    DefendPiece,
    AnswerMateThreat,
    Sacrifice,
    PawnEndgame,
    RookEndgame,
    QueenEndgame,
    Endgame,
    Opening,
    Middlegame,
    OneMove,
    Short,
    Long,
    VeryLong,
    Advantage,
    Crushing,
    Equality,
}

impl Theme {
    /// Every theme, in declaration order.
    ///
    /// ```
    /// use guoxiang_puzzles::Theme;
    /// assert!(Theme::ALL.contains(&Theme::DiscoveredCheckWin));
    /// assert!(Theme::ALL.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub const ALL: &'static [Theme] = &[
        Theme::Mate,
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3,
        Theme::MateIn4,
        Theme::MateIn5,
        Theme::BackRankMate,
        Theme::SmotheredMate,
        Theme::AnastasiaMate,
        Theme::ArabianMate,
        Theme::BodenMate,
        Theme::DoubleBishopMate,
        Theme::DovetailMate,
        Theme::HookMate,
        Theme::MateQueenRook,
        Theme::MateQueenBishop,
        Theme::MateQueenKnight,
        Theme::MateTwoRooks,
        Theme::Fork,
        Theme::Pin,
        Theme::RelativePin,
        Theme::CounterPin,
        Theme::Skewer,
        Theme::DiscoveredAttack,
        Theme::DiscoveredCheck,
        Theme::DiscoveredCheckWin,
        Theme::DoubleCheck,
        Theme::PerpetualCheck,
        Theme::StalemateTrick,
        Theme::Promotion,
        Theme::UnderPromotion,
        Theme::HangingPiece,
        Theme::TrappedPiece,
        Theme::Deflection,
        Theme::Attraction,
        Theme::Interference,
        Theme::Clearance,
        Theme::XRayAttack,
        Theme::Intermezzo,
        Theme::DefendPiece,
        Theme::AnswerMateThreat,
        Theme::Sacrifice,
        Theme::PawnEndgame,
        Theme::RookEndgame,
        Theme::QueenEndgame,
        Theme::Endgame,
        Theme::Opening,
        Theme::Middlegame,
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
        Theme::VeryLong,
        Theme::Advantage,
        Theme::Crushing,
        Theme::Equality,
    ];

    /// The theme's code, lower camel case (`mateIn2`, `discoveredCheckWin`).
    ///
    /// ```
    /// use guoxiang_puzzles::Theme;
    /// assert_eq!(Theme::DiscoveredCheckWin.code(), "discoveredCheckWin");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Theme::Mate => "mate",
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::MateIn3 => "mateIn3",
            Theme::MateIn4 => "mateIn4",
            Theme::MateIn5 => "mateIn5",
            Theme::BackRankMate => "backRankMate",
            Theme::SmotheredMate => "smotheredMate",
            Theme::AnastasiaMate => "anastasiaMate",
            Theme::ArabianMate => "arabianMate",
            Theme::BodenMate => "bodenMate",
            Theme::DoubleBishopMate => "doubleBishopMate",
            Theme::DovetailMate => "dovetailMate",
            Theme::HookMate => "hookMate",
            Theme::MateQueenRook => "mateQueenRook",
            Theme::MateQueenBishop => "mateQueenBishop",
            Theme::MateQueenKnight => "mateQueenKnight",
            Theme::MateTwoRooks => "mateTwoRooks",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
            Theme::RelativePin => "relativePin",
            Theme::CounterPin => "counterPin",
            Theme::Skewer => "skewer",
            Theme::DiscoveredAttack => "discoveredAttack",
            Theme::DiscoveredCheck => "discoveredCheck",
            Theme::DiscoveredCheckWin => "discoveredCheckWin",
            Theme::DoubleCheck => "doubleCheck",
            Theme::PerpetualCheck => "perpetualCheck",
            Theme::StalemateTrick => "stalemateTrick",
            Theme::Promotion => "promotion",
            Theme::UnderPromotion => "underPromotion",
            Theme::HangingPiece => "hangingPiece",
            Theme::TrappedPiece => "trappedPiece",
            Theme::Deflection => "deflection",
            Theme::Attraction => "attraction",
            Theme::Interference => "interference",
            Theme::Clearance => "clearance",
            Theme::XRayAttack => "xRayAttack",
            Theme::Intermezzo => "intermezzo",
            Theme::DefendPiece => "defendPiece",
            Theme::AnswerMateThreat => "answerMateThreat",
            Theme::Sacrifice => "sacrifice",
            Theme::PawnEndgame => "pawnEndgame",
            Theme::RookEndgame => "rookEndgame",
            Theme::QueenEndgame => "queenEndgame",
            Theme::Endgame => "endgame",
            Theme::Opening => "opening",
            Theme::Middlegame => "middlegame",
            Theme::OneMove => "oneMove",
            Theme::Short => "short",
            Theme::Long => "long",
            Theme::VeryLong => "veryLong",
            Theme::Advantage => "advantage",
            Theme::Crushing => "crushing",
            Theme::Equality => "equality",
        }
    }

    /// The theme with this code, if there is one (codes are case-sensitive).
    ///
    /// ```
    /// use guoxiang_puzzles::Theme;
    /// assert_eq!(Theme::from_code("relativePin"), Some(Theme::RelativePin));
    /// assert_eq!(Theme::from_code("RelativePin"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.iter().copied().find(|t| t.code() == code)
    }

    /// The theme's short name in `lang` (catalogue key `puzzle.theme.<code>`).
    ///
    /// ```
    /// use guoxiang_i18n::Lang;
    /// use guoxiang_puzzles::Theme;
    /// assert_eq!(Theme::DiscoveredCheckWin.name(Lang::ZhCn), "抽将");
    /// assert_eq!(Theme::PerpetualCheck.name(Lang::ZhTw), "長將");
    /// ```
    pub fn name(self, lang: Lang) -> String {
        message(lang, &format!("puzzle.theme.{}", self.code()), &[])
    }

    /// One sentence saying what the theme is, in `lang` (key `puzzle.themedesc.<code>`).
    pub fn description(self, lang: Lang) -> String {
        message(lang, &format!("puzzle.themedesc.{}", self.code()), &[])
    }
}

impl std::fmt::Display for Theme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_i18n::catalogue;

    #[test]
    fn every_code_reads_back_as_its_theme() {
        for &t in Theme::ALL {
            assert_eq!(Theme::from_code(t.code()), Some(t), "{t:?}");
        }
    }

    #[test]
    fn codes_are_unique_and_lower_camel_case() {
        let mut seen = std::collections::HashSet::new();
        for &t in Theme::ALL {
            let c = t.code();
            assert!(seen.insert(c), "duplicate code {c}");
            assert!(c.starts_with(|ch: char| ch.is_ascii_lowercase()), "{c}");
            assert!(c.chars().all(|ch| ch.is_ascii_alphanumeric()), "{c}");
        }
    }

    #[test]
    fn every_theme_has_a_name_and_a_description_in_every_language() {
        for lang in Lang::ALL {
            let cat = catalogue(lang);
            for &t in Theme::ALL {
                for key in [
                    format!("puzzle.theme.{}", t.code()),
                    format!("puzzle.themedesc.{}", t.code()),
                ] {
                    let text = cat
                        .get(&key)
                        .unwrap_or_else(|| panic!("{lang:?} lacks {key}"));
                    assert!(!text.trim().is_empty(), "{lang:?} {key} is empty");
                }
            }
        }
    }

    #[test]
    fn the_names_are_distinct_in_every_language() {
        for lang in Lang::ALL {
            let mut seen = std::collections::HashSet::new();
            for &t in Theme::ALL {
                assert!(
                    seen.insert(t.name(lang)),
                    "{lang:?}: {} named twice",
                    t.name(lang)
                );
            }
        }
    }

    #[test]
    fn an_unknown_code_is_no_theme() {
        assert_eq!(Theme::from_code("mateIn9"), None);
        assert_eq!(Theme::from_code(""), None);
    }
}
