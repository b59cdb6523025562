//! Shared by the test binaries: tables generated once into a cache under target/ (only the
//! classes a test asks for, and their dependencies), and the negamax rule a value must obey.
#![allow(dead_code)]

use guoxiang_tablebase::{generate, Class, Position, Probe, Tablebase, Wdl};
use std::path::PathBuf;
use std::sync::Mutex;

static GEN: Mutex<()> = Mutex::new(());

/// The cache directory shared by the tests.
pub fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tb-cache")
}

/// A tablebase holding `classes` (generated on first use, kept for later runs).
pub fn tables(classes: &[&str]) -> Tablebase {
    let classes: Vec<Class> = classes.iter().map(|c| c.parse().unwrap()).collect();
    // A poisoned lock only means another test failed; generation is still sound.
    let _g = GEN.lock().unwrap_or_else(|e| e.into_inner());
    generate(&cache_dir(), &classes, 2, &mut |_| {}).expect("generation");
    Tablebase::open(cache_dir())
}

/// The value a position must have given the values of its children.
pub fn from_children(tb: &Tablebase, pos: &Position) -> Probe {
    let moves = tb.probe_moves(pos).expect("probe moves");
    if moves.is_empty() {
        return if pos.is_check() {
            Probe::from_dtm(0)
        } else {
            Probe::DRAW
        };
    }
    let fastest_win = moves
        .iter()
        .filter(|m| m.after.wdl == Wdl::Loss)
        .filter_map(|m| m.after.dtm)
        .min();
    if let Some(d) = fastest_win {
        return Probe::from_dtm(d + 1);
    }
    if moves.iter().any(|m| m.after.wdl == Wdl::Draw) {
        return Probe::DRAW;
    }
    let longest = moves.iter().filter_map(|m| m.after.dtm).max().unwrap_or(0);
    Probe::from_dtm(longest + 1)
}
