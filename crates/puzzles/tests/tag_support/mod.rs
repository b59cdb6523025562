//! Shared by the tagger's tests: a puzzle built from the position before the
//! mistake (FEN), the mistake and the solution line (UCI), and its themes.
#![allow(dead_code)]

use guoxiang_core::Position;
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{Goal, Theme};

/// The themes of the puzzle whose `mistake` is played from `before`, followed by `line`.
pub fn themes(before: &str, mistake: &str, line: &[&str], goal: Goal) -> Vec<Theme> {
    let before = Position::from_fen(before).expect("test FEN");
    let mistake = before.parse_uci(mistake).expect("test mistake");
    assert!(
        before.is_legal(mistake),
        "the mistake {mistake:?} is illegal"
    );
    let start = before.after(mistake);
    let mut p = start.clone();
    let mut moves = Vec::new();
    for u in line {
        let m = p
            .parse_uci(u)
            .unwrap_or_else(|e| panic!("{u} in {}: {e:?}", p.fen()));
        assert!(p.is_legal(m), "{u} is illegal in {}", p.fen());
        p = p.after(m);
        moves.push(m);
    }
    tag(&TagInput {
        before: &before,
        mistake,
        start: &start,
        line: &moves,
        goal,
    })
}

/// Asserts that `themes` has every one of `yes` and none of `no`.
#[track_caller]
pub fn assert_themes(themes: &[Theme], yes: &[Theme], no: &[Theme]) {
    for t in yes {
        assert!(themes.contains(t), "{t:?} missing from {themes:?}");
    }
    for t in no {
        assert!(!themes.contains(t), "{t:?} wrongly in {themes:?}");
    }
}
