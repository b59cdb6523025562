//! Languages for messages: English, Simplified Chinese and Traditional Chinese,
//! named by their language tags.

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
    /// use guoxiang_i18n::Lang;
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
    /// use guoxiang_i18n::Lang;
    /// assert_eq!(Lang::ZhTw.tag(), "zh-TW");
    /// ```
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::ZhCn => 1,
            Lang::ZhTw => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
