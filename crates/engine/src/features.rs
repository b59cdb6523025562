//! Switches for the search's features and the evaluation's terms, so that each can
//! be measured by a match against the same engine with that one feature off
//! (docs/ENGINE.md, "Feature table"). An evaluation term is switched off by giving
//! the search a copy of the weights with that term's weights zeroed
//! ([`crate::eval::without_terms`]), so the evaluation itself has no switches. [`Features`] is a small `Copy` set of flags, all on by default; with all
//! on the search is exactly the normal one (same bench signature). The UCI option
//! `Disable` takes a comma-separated list of [`Features::NAMES`] to switch off, e.g.
//! `setoption name Disable value nmp,lmr`; an unknown name is an error and changes
//! nothing.

use std::fmt;

/// One flag per search feature; `true` means the feature is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Features {
    /// `aspiration`: aspiration windows around the previous score from depth 5.
    pub aspiration: bool,
    /// `nmp`: null-move pruning.
    pub nmp: bool,
    /// `rfp`: reverse futility pruning (static null-move pruning).
    pub rfp: bool,
    /// `fp`: futility pruning of quiet moves.
    pub fp: bool,
    /// `lmp`: late move pruning (move-count pruning of quiet moves).
    pub lmp: bool,
    /// `see`: SEE pruning of quiet moves and of captures in the main search.
    pub see: bool,
    /// `lmr`: late move reductions.
    pub lmr: bool,
    /// `iir`: internal iterative reduction (no hash move: one ply less).
    pub iir: bool,
    /// `checkext`: the check extension.
    pub checkext: bool,
    /// `killers`: two killer moves per ply (ordering and a smaller reduction).
    pub killers: bool,
    /// `countermove`: the countermove heuristic (ordering).
    pub countermove: bool,
    /// `history`: butterfly history of quiet moves (ordering and reductions).
    pub history: bool,
    /// `caphist`: capture history (ordering of captures).
    pub caphist: bool,
    /// `qsee`: SEE pruning of losing captures in the quiescence search.
    pub qsee: bool,
    /// `delta`: delta pruning in the quiescence search.
    pub delta: bool,
    /// `mdp`: mate distance pruning.
    pub mdp: bool,
    /// `ttcut`: cutoffs on transposition-table scores (main and quiescence search).
    /// The table's move and static evaluation are still used.
    pub ttcut: bool,
    /// `mobility` (evaluation): the linear mobility term.
    pub mobility: bool,
    /// `passed` (evaluation): passed pawns by rank (and blocked passers).
    pub passed: bool,
    /// `kingdist` (evaluation): the kings' distances to a passed pawn's stop square.
    pub kingdist: bool,
    /// `pawns` (evaluation): doubled, isolated and backward pawns.
    pub pawns: bool,
    /// `threats` (evaluation): threats: pawns on pieces, minors on rooks and queens, rooks on queens.
    pub threats: bool,
    /// `outpost` (evaluation): knight outposts.
    pub outpost: bool,
    /// `bishoppair` (evaluation): the bishop pair.
    pub bishoppair: bool,
    /// `rookfiles` (evaluation): rooks on open and half-open files.
    pub rookfiles: bool,
    /// `kingshield` (evaluation): the king's pawn shield.
    pub kingshield: bool,
    /// `kingattack` (evaluation): the non-linear king-attack term.
    pub kingattack: bool,
}

/// An unknown feature name in a `Disable` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFeature(pub String);

impl fmt::Display for UnknownFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown feature '{}'; the features are {}",
            self.0,
            Features::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownFeature {}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}

impl Features {
    /// Every feature on: the engine as it plays.
    pub const ALL: Features = Features {
        aspiration: true,
        nmp: true,
        rfp: true,
        fp: true,
        lmp: true,
        see: true,
        lmr: true,
        iir: true,
        checkext: true,
        killers: true,
        countermove: true,
        history: true,
        caphist: true,
        qsee: true,
        delta: true,
        mdp: true,
        ttcut: true,
        mobility: true,
        passed: true,
        kingdist: true,
        pawns: true,
        threats: true,
        outpost: true,
        bishoppair: true,
        rookfiles: true,
        kingshield: true,
        kingattack: true,
    };

    /// The names `Disable` accepts, in the order the search uses them.
    pub const NAMES: [&'static str; 27] = [
        "aspiration",
        "nmp",
        "rfp",
        "fp",
        "lmp",
        "see",
        "lmr",
        "iir",
        "checkext",
        "killers",
        "countermove",
        "history",
        "caphist",
        "qsee",
        "delta",
        "mdp",
        "ttcut",
        "mobility",
        "passed",
        "kingdist",
        "pawns",
        "threats",
        "outpost",
        "bishoppair",
        "rookfiles",
        "kingshield",
        "kingattack",
    ];

    /// How many of [`Features::NAMES`] name search features; the rest are the
    /// evaluation's terms.
    const SEARCH_FEATURES: usize = 17;

    /// The names of the evaluation's terms: the end of [`Features::NAMES`].
    pub const EVAL_TERMS: &'static [&'static str] = Features::NAMES
        .as_slice()
        .split_at(Features::SEARCH_FEATURES)
        .1;

    /// Whether every evaluation term is on (the search then uses the weights as given).
    pub fn all_eval_terms_on(&self) -> bool {
        Features::EVAL_TERMS
            .iter()
            .all(|n| self.is_on(n) == Some(true))
    }

    /// The flag behind a name (`None` for an unknown name).
    fn flag_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "aspiration" => &mut self.aspiration,
            "nmp" => &mut self.nmp,
            "rfp" => &mut self.rfp,
            "fp" => &mut self.fp,
            "lmp" => &mut self.lmp,
            "see" => &mut self.see,
            "lmr" => &mut self.lmr,
            "iir" => &mut self.iir,
            "checkext" => &mut self.checkext,
            "killers" => &mut self.killers,
            "countermove" => &mut self.countermove,
            "history" => &mut self.history,
            "caphist" => &mut self.caphist,
            "qsee" => &mut self.qsee,
            "delta" => &mut self.delta,
            "mdp" => &mut self.mdp,
            "ttcut" => &mut self.ttcut,
            "mobility" => &mut self.mobility,
            "passed" => &mut self.passed,
            "kingdist" => &mut self.kingdist,
            "pawns" => &mut self.pawns,
            "threats" => &mut self.threats,
            "outpost" => &mut self.outpost,
            "bishoppair" => &mut self.bishoppair,
            "rookfiles" => &mut self.rookfiles,
            "kingshield" => &mut self.kingshield,
            "kingattack" => &mut self.kingattack,
            _ => return None,
        })
    }

    /// Whether the named feature is on (`None` for an unknown name).
    pub fn is_on(&self, name: &str) -> Option<bool> {
        let mut copy = *self;
        copy.flag_mut(name).map(|f| *f)
    }

    /// All features except those in `list`, a comma-separated list of names to
    /// switch off (case and spaces ignored; empty or `<empty>`: all on). The whole
    /// list is refused if one name is unknown.
    pub fn disabling(list: &str) -> Result<Features, UnknownFeature> {
        let mut f = Features::ALL;
        let list = list.trim();
        if list == "<empty>" {
            return Ok(f);
        }
        for name in list.split(',') {
            let name = name.trim().to_ascii_lowercase();
            if name.is_empty() {
                continue;
            }
            match f.flag_mut(&name) {
                Some(flag) => *flag = false,
                None => return Err(UnknownFeature(name.chars().take(40).collect())),
            }
        }
        Ok(f)
    }

    /// The names of the features that are off, in [`Features::NAMES`] order.
    pub fn disabled(&self) -> Vec<&'static str> {
        Features::NAMES
            .iter()
            .copied()
            .filter(|n| self.is_on(n) == Some(false))
            .collect()
    }
}

/// The `Disable` list that gives these features (empty when all are on).
impl fmt::Display for Features {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.disabled().join(","))
    }
}

impl std::str::FromStr for Features {
    type Err = UnknownFeature;
    fn from_str(s: &str) -> Result<Features, UnknownFeature> {
        Features::disabling(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_every_feature_on_and_an_empty_list() {
        assert_eq!(Features::default(), Features::ALL);
        assert_eq!(Features::disabling("").unwrap(), Features::ALL);
        assert_eq!(Features::disabling("<empty>").unwrap(), Features::ALL);
        assert_eq!(Features::disabling(" , ,").unwrap(), Features::ALL);
        assert_eq!(Features::ALL.to_string(), "");
        for name in Features::NAMES {
            assert_eq!(Features::ALL.is_on(name), Some(true), "{name}");
        }
    }

    #[test]
    fn every_name_round_trips_and_switches_off_exactly_one_flag() {
        let mut seen = std::collections::HashSet::new();
        for name in Features::NAMES {
            let f = Features::disabling(name).unwrap();
            assert_ne!(f, Features::ALL, "{name}");
            assert!(
                seen.insert(f),
                "{name} switches the same flag as another name"
            );
            assert_eq!(f.disabled(), vec![name]);
            assert_eq!(f.to_string(), name);
            assert_eq!(f.to_string().parse::<Features>().unwrap(), f);
            for other in Features::NAMES {
                assert_eq!(f.is_on(other), Some(other != name), "{name} / {other}");
            }
        }
    }

    #[test]
    fn lists_ignore_case_spaces_and_repeats_and_round_trip() {
        let f = Features::disabling(" NMP , lmr,nmp ").unwrap();
        assert!(!f.nmp && !f.lmr && f.rfp && f.ttcut);
        assert_eq!(f.to_string(), "nmp,lmr");
        let all_off = Features::disabling(&Features::NAMES.join(",")).unwrap();
        assert_eq!(all_off.disabled(), Features::NAMES.to_vec());
        assert_eq!(all_off.to_string().parse::<Features>().unwrap(), all_off);
    }

    #[test]
    fn the_evaluation_terms_are_the_names_after_the_search_features() {
        assert_eq!(Features::EVAL_TERMS.first(), Some(&"mobility"));
        assert_eq!(Features::NAMES[Features::SEARCH_FEATURES - 1], "ttcut");
        assert!(Features::ALL.all_eval_terms_on());
        assert!(Features::disabling("nmp").unwrap().all_eval_terms_on());
        assert!(!Features::disabling("kingattack")
            .unwrap()
            .all_eval_terms_on());
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_list_of_names() {
        let e = Features::disabling("nmp,bogus").unwrap_err();
        assert_eq!(e, UnknownFeature("bogus".into()));
        let msg = e.to_string();
        assert!(msg.contains("'bogus'") && msg.contains("nmp") && msg.contains("ttcut"));
        assert!(Features::disabling("nmp lmr").is_err());
        assert!("lmr;nmp".parse::<Features>().is_err());
        assert_eq!(Features::ALL.is_on("bogus"), None);
    }
}
