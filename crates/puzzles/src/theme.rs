//! The themes a puzzle can have, their codes (lower camel case, as exported) and
//! their names in zh-CN, zh-TW and en. (Skeleton: helper T completes it; the
//! signatures are the contract.)

use guoxiang_i18n::Lang;

/// A puzzle theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    MateIn1,
    MateIn2,
    Fork,
    Pin,
}

impl Theme {
    /// Every theme.
    pub const ALL: &'static [Theme] = &[Theme::MateIn1, Theme::MateIn2, Theme::Fork, Theme::Pin];

    /// The code, lower camel case.
    pub fn code(self) -> &'static str {
        match self {
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
        }
    }

    /// The theme of a code.
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.iter().copied().find(|t| t.code() == code)
    }

    /// The name in a language.
    pub fn name(self, _lang: Lang) -> String {
        self.code().to_string() // skeleton
    }

    /// One sentence saying what the theme is.
    pub fn description(self, _lang: Lang) -> String {
        self.code().to_string() // skeleton
    }
}
