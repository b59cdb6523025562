//! [`Texts`]: one learner text in the three languages of the course.

use guoxiang_i18n::Lang;
use serde::Deserialize;

/// A text a learner reads, in Simplified Chinese, Traditional Chinese and English.
///
/// In a lesson file it is a table with the keys `zh-CN`, `zh-TW` and `en`; the
/// loader refuses a missing or empty one (a missing key reads as empty here, so
/// that the loader can name the field and the language).
///
/// ```
/// use guoxiang_i18n::Lang;
/// use guoxiang_lessons::Texts;
/// let t = Texts::new("车", "車", "rook");
/// assert_eq!(t.get(Lang::ZhTw), "車");
/// assert_eq!(t.missing(), None);
/// assert_eq!(Texts::new("车", "", "rook").missing(), Some(Lang::ZhTw));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    #[serde(rename = "zh-CN", default)]
    pub zh_cn: String,
    #[serde(rename = "zh-TW", default)]
    pub zh_tw: String,
    #[serde(default)]
    pub en: String,
}

impl Texts {
    /// The three texts.
    pub fn new(zh_cn: &str, zh_tw: &str, en: &str) -> Texts {
        Texts {
            zh_cn: zh_cn.to_owned(),
            zh_tw: zh_tw.to_owned(),
            en: en.to_owned(),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::ZhCn => &self.zh_cn,
            Lang::ZhTw => &self.zh_tw,
            Lang::En => &self.en,
        }
    }

    /// The first language (zh-CN, zh-TW, en) whose text is missing or blank.
    pub fn missing(&self) -> Option<Lang> {
        [Lang::ZhCn, Lang::ZhTw, Lang::En]
            .into_iter()
            .find(|&l| self.get(l).trim().is_empty())
    }
}
