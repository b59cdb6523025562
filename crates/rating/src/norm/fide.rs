//! FIDE's words for the norm calculator: the titles a player can hold
//! ([`FideTitle`]), the four titles earned with norms ([`NormTitle`]), and the
//! three-letter federation codes ([`Federation`]). FM, WFM, CM and WCM have no
//! norms: they are gained by reaching a rating (FM 2300, CM 2200, WFM 2100,
//! WCM 2000, Title Regulations 1.3, after at least 30 rated games) or directly by
//! a place in certain events; asking for their norm is refused with
//! [`NotANormTitle`].

use std::fmt;
use std::str::FromStr;

/// A FIDE over-the-board title an opponent may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FideTitle {
    Gm,
    Im,
    Fm,
    Cm,
    Wgm,
    Wim,
    Wfm,
    Wcm,
}

impl FideTitle {
    /// Every title.
    pub const ALL: [FideTitle; 8] = [
        FideTitle::Gm,
        FideTitle::Im,
        FideTitle::Fm,
        FideTitle::Cm,
        FideTitle::Wgm,
        FideTitle::Wim,
        FideTitle::Wfm,
        FideTitle::Wcm,
    ];

    /// The abbreviation FIDE prints: "GM", "IM", …, "WCM".
    pub fn code(self) -> &'static str {
        match self {
            FideTitle::Gm => "GM",
            FideTitle::Im => "IM",
            FideTitle::Fm => "FM",
            FideTitle::Cm => "CM",
            FideTitle::Wgm => "WGM",
            FideTitle::Wim => "WIM",
            FideTitle::Wfm => "WFM",
            FideTitle::Wcm => "WCM",
        }
    }

    /// Whether the title makes its holder a title-holder for 1.4.5a (at least half
    /// the opponents): every title except CM and WCM.
    pub fn counts_as_title_holder(self) -> bool {
        !matches!(self, FideTitle::Cm | FideTitle::Wcm)
    }
}

impl fmt::Display for FideTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A title code that is not one of FIDE's eight over-the-board titles.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM)")]
pub struct UnknownTitle(pub String);

impl FromStr for FideTitle {
    type Err = UnknownTitle;

    fn from_str(s: &str) -> Result<FideTitle, UnknownTitle> {
        FideTitle::ALL
            .into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownTitle(s.to_string()))
    }
}

/// The titles earned with norms (Title Regulations 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NormTitle {
    Gm,
    Im,
    Wgm,
    Wim,
}

/// Why a title has no norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a norm title: it is gained by rating ({rating}+ after 30 rated games) or directly in certain events", rating = rating_title_minimum(*.0))]
pub struct NotANormTitle(pub FideTitle);

fn rating_title_minimum(t: FideTitle) -> u16 {
    match t {
        FideTitle::Fm => 2300,
        FideTitle::Cm => 2200,
        FideTitle::Wfm => 2100,
        FideTitle::Wcm => 2000,
        // Norm titles never reach here; their rating requirement (1.5.3) is
        // 2500 / 2400 / 2300 / 2200.
        FideTitle::Gm => 2500,
        FideTitle::Im => 2400,
        FideTitle::Wgm => 2300,
        FideTitle::Wim => 2200,
    }
}

impl TryFrom<FideTitle> for NormTitle {
    type Error = NotANormTitle;

    /// ```
    /// use guoxiang_rating::norm::{FideTitle, NormTitle};
    /// assert_eq!(NormTitle::try_from(FideTitle::Wgm), Ok(NormTitle::Wgm));
    /// assert!(NormTitle::try_from(FideTitle::Fm).is_err()); // FM comes by rating
    /// ```
    fn try_from(t: FideTitle) -> Result<NormTitle, NotANormTitle> {
        match t {
            FideTitle::Gm => Ok(NormTitle::Gm),
            FideTitle::Im => Ok(NormTitle::Im),
            FideTitle::Wgm => Ok(NormTitle::Wgm),
            FideTitle::Wim => Ok(NormTitle::Wim),
            other => Err(NotANormTitle(other)),
        }
    }
}

impl NormTitle {
    /// The title itself.
    pub fn title(self) -> FideTitle {
        match self {
            NormTitle::Gm => FideTitle::Gm,
            NormTitle::Im => FideTitle::Im,
            NormTitle::Wgm => FideTitle::Wgm,
            NormTitle::Wim => FideTitle::Wim,
        }
    }

    /// The performance a norm needs (1.4.8): GM 2600, IM 2450, WGM 2400, WIM 2250.
    pub fn min_performance(self) -> i32 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// The smallest average rating of the opponents (1.4.8a): GM 2380, IM 2230,
    /// WGM 2180, WIM 2030.
    pub fn min_average(self) -> u16 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// The adjusted rating floor for opponents (1.4.6b): GM 2200, IM 2050,
    /// WGM 2000, WIM 1850.
    pub fn rating_floor(self) -> u16 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// The titles that count towards this norm's "one third of the opponents"
    /// (1.4.5b–e): the title itself and the titles above it.
    pub fn counting_titles(self) -> &'static [FideTitle] {
        match self {
            NormTitle::Gm => &[FideTitle::Gm],
            NormTitle::Im => &[FideTitle::Gm, FideTitle::Im],
            NormTitle::Wgm => &[FideTitle::Gm, FideTitle::Im, FideTitle::Wgm],
            NormTitle::Wim => &[FideTitle::Gm, FideTitle::Im, FideTitle::Wgm, FideTitle::Wim],
        }
    }
}

impl fmt::Display for NormTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title().code())
    }
}

/// A FIDE federation: three capital letters ("CHN", "IND", …). "FID" (players
/// registered directly with FIDE) is accepted but is never a foreign federation
/// for 1.4.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Federation([u8; 3]);

/// A federation code that is not three capital ASCII letters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a federation code (three capital letters, e.g. CHN)")]
pub struct BadFederation(pub String);

impl Federation {
    /// Players registered directly with FIDE.
    pub const FID: Federation = Federation(*b"FID");

    /// The code, e.g. "CHN".
    pub fn code(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("???")
    }
}

impl FromStr for Federation {
    type Err = BadFederation;

    fn from_str(s: &str) -> Result<Federation, BadFederation> {
        match s.as_bytes() {
            &[a, b, c] if [a, b, c].iter().all(u8::is_ascii_uppercase) => Ok(Federation([a, b, c])),
            _ => Err(BadFederation(s.to_string())),
        }
    }
}

impl fmt::Display for Federation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fm_wfm_cm_and_wcm_are_not_norm_titles() {
        for t in [FideTitle::Fm, FideTitle::Wfm, FideTitle::Cm, FideTitle::Wcm] {
            let err = NormTitle::try_from(t).unwrap_err();
            assert!(err.to_string().contains("not a norm title"), "{err}");
        }
        assert!(NotANormTitle(FideTitle::Fm).to_string().contains("2300+"));
    }

    #[test]
    fn the_norm_thresholds_are_those_of_the_regulations() {
        let gm = NormTitle::Gm;
        assert_eq!(
            (gm.min_performance(), gm.min_average(), gm.rating_floor()),
            (2600, 2380, 2200)
        );
        let im = NormTitle::Im;
        assert_eq!(
            (im.min_performance(), im.min_average(), im.rating_floor()),
            (2450, 2230, 2050)
        );
        let wgm = NormTitle::Wgm;
        assert_eq!(
            (wgm.min_performance(), wgm.min_average(), wgm.rating_floor()),
            (2400, 2180, 2000)
        );
        let wim = NormTitle::Wim;
        assert_eq!(
            (wim.min_performance(), wim.min_average(), wim.rating_floor()),
            (2250, 2030, 1850)
        );
    }

    #[test]
    fn cm_and_wcm_do_not_count_as_title_holders() {
        let holders: Vec<&str> = FideTitle::ALL
            .into_iter()
            .filter(|t| t.counts_as_title_holder())
            .map(FideTitle::code)
            .collect();
        assert_eq!(holders, ["GM", "IM", "FM", "WGM", "WIM", "WFM"]);
    }

    #[test]
    fn an_im_norm_counts_gms_and_ims_but_not_wgms() {
        let t = NormTitle::Im.counting_titles();
        assert!(t.contains(&FideTitle::Gm) && t.contains(&FideTitle::Im));
        assert!(!t.contains(&FideTitle::Wgm));
    }

    #[test]
    fn codes_parse() {
        assert_eq!("wgm".parse::<FideTitle>(), Ok(FideTitle::Wgm));
        assert!("NM".parse::<FideTitle>().is_err());
        assert_eq!(
            "CHN".parse::<Federation>().map(|f| f.to_string()),
            Ok("CHN".into())
        );
        for bad in ["chn", "CH", "CHNA", "", "C1N", "中国"] {
            assert!(bad.parse::<Federation>().is_err(), "{bad}");
        }
    }
}
