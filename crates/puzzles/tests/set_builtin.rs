//! The set shipped with the project: as large and as varied as the issue asks, and
//! exactly what the tools say it is (its themes are the tagger's, its seeded ratings
//! the formula's), so that a changed tagger cannot leave a stale set behind.

use std::collections::BTreeMap;

use guoxiang_puzzles::gen::rating::seed_rating;
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{PuzzleSet, Theme};

#[test]
fn the_shipped_set_holds_at_least_3000_puzzles_in_at_least_30_themes() {
    let set = PuzzleSet::builtin();
    assert!(set.len() >= 3000, "{} puzzles", set.len());
    let mut counts: BTreeMap<Theme, usize> = BTreeMap::new();
    for p in &set.puzzles {
        for &t in &p.themes {
            *counts.entry(t).or_default() += 1;
        }
    }
    assert!(counts.len() >= 30, "{} themes: {counts:?}", counts.len());
    // The course's own mates and tactics, 50 or more of each (fork, relative pin,
    // 抽将 and perpetual check are fewer in the set of 1,000 games: docs/PUZZLES.md).
    for t in [
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateQueenRook,
        Theme::MateQueenBishop,
        Theme::MateQueenKnight,
        Theme::MateTwoRooks,
        Theme::Pin,
        Theme::DiscoveredCheck,
        Theme::DoubleCheck,
        Theme::Promotion,
    ] {
        assert!(
            counts.get(&t).copied().unwrap_or(0) >= 50,
            "{t:?}: {counts:?}"
        );
    }
}

#[test]
fn the_shipped_themes_and_seeded_ratings_are_what_the_tools_compute() {
    for p in &PuzzleSet::builtin().puzzles {
        let themes = tag(&TagInput {
            before: &p.before,
            mistake: p.mistake,
            start: &p.start,
            line: &p.line,
            goal: p.goal,
        });
        assert_eq!(p.themes, themes, "{}: run `guoxiang puzzles retag`", p.id);
        let solver_moves = p.line.len().div_ceil(2) as u32;
        let seeded = seed_rating(p.goal, solver_moves, p.proof.margin, p.proof.found);
        assert_eq!(
            p.rating.rating.round(),
            seeded.round(),
            "{}: seeded rating",
            p.id
        );
    }
}
