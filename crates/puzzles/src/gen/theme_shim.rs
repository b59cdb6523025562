//! TEMPORARY, helper G's branch only — delete this file and its `mod` line in
//! gen/mod.rs when helper T's theme.rs (which defines `Theme::code`,
//! `Theme::from_code` and `Theme::ALL` for every theme) is merged. It gives the
//! skeleton's four themes those functions so that the data-file code builds here.

use crate::Theme;

impl Theme {
    /// Every theme.
    pub const ALL: &'static [Theme] = &[Theme::MateIn1, Theme::MateIn2, Theme::Fork, Theme::Pin];

    /// The theme's code (lower camel case).
    pub fn code(self) -> &'static str {
        match self {
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
        }
    }

    /// The theme with this code.
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.iter().copied().find(|t| t.code() == code)
    }
}
