//! The index from a position to the opening named there, built once on first use.
//!
//! The key is core's repetition key (the Polyglot Zobrist hash of piece placement, side
//! to move, castling rights, and the en-passant file only when that capture is legal),
//! so two move orders that reach the same position find the same name. A lookup is one
//! hash-map probe.

use std::collections::HashMap;
use std::sync::OnceLock;

use guoxiang_core::Position;

use crate::table::{all, Opening};

/// An entry of the index: the opening and the length of its line, compared when a game
/// reaches several named positions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub opening: &'static Opening,
    pub plies: usize,
}

fn index() -> &'static HashMap<u64, Entry> {
    static INDEX: OnceLock<HashMap<u64, Entry>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let table = all();
        let mut map = HashMap::with_capacity(table.len());
        for opening in table {
            // Invariant: every line of the table is legal; tests/table.rs replays them
            // all and fails on an illegal move.
            let pos = opening
                .position()
                .expect("every line of openings.tsv is legal (checked by tests/table.rs)");
            // A position named twice keeps its first name; tests/table.rs refuses
            // such a table, so this never happens with the table compiled in.
            map.entry(pos.repetition_key()).or_insert(Entry {
                opening,
                plies: opening.plies(),
            });
        }
        map
    })
}

/// The entry named at exactly this position, if any.
pub(crate) fn entry(pos: &Position) -> Option<Entry> {
    index().get(&pos.repetition_key()).copied()
}
