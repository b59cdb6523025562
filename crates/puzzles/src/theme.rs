//! The themes a puzzle can have, their codes (lower camel case, as exported) and
//! their names in zh-CN, zh-TW and en. (Skeleton: helper T completes it.)

/// A puzzle theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    MateIn1,
    MateIn2,
    Fork,
    Pin,
}
