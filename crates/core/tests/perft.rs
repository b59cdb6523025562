//! Perft suite: the leaf counts of the legal move tree for every position of
//! `tests/data/perft.epd`, compared with counts from independent sources (the
//! published results for the standard positions, python-chess for the rest; see
//! `tools/perft_reference.py`, which regenerates the file).
//!
//! Each depth runs only when its expected count is within a node budget:
//! everything in the file in release builds, a few million nodes per depth in
//! debug builds. `GUOXIANG_PERFT_MAX_NODES=<n>` overrides the budget.

use guoxiang_core::{perft, Position};
use std::time::Instant;

const EPD: &str = include_str!("data/perft.epd");

/// The largest expected count a depth may have to be run.
fn max_nodes(release: u64, debug: u64) -> u64 {
    if let Some(n) = std::env::var("GUOXIANG_PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        return n;
    }
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

struct Entry {
    line: usize,
    label: String,
    fen: String,
    /// `counts[d - 1]` is the count at depth `d`.
    counts: Vec<u64>,
}

fn suite() -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut label = String::new();
    for (i, raw) in EPD.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            label = comment.trim().to_owned();
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default().trim().to_owned();
        let mut counts = Vec::new();
        for (d, field) in fields.enumerate() {
            let (key, value) = field
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("line {}: bad field {field:?}", i + 1));
            assert_eq!(
                key,
                format!("D{}", d + 1),
                "line {}: depths in order",
                i + 1
            );
            counts.push(
                value
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bad count {value:?}", i + 1)),
            );
        }
        assert!(!counts.is_empty(), "line {}: no counts", i + 1);
        entries.push(Entry {
            line: i + 1,
            label: std::mem::take(&mut label),
            fen,
            counts,
        });
    }
    entries
}

/// Perft that lists the moves at the last ply instead of counting them in bulk,
/// so the move-list path of the generator is checked too.
fn perft_listing(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft_listing(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// Runs `count` on every (position, depth) within `budget` and reports every
/// mismatch at once.
fn check_suite(name: &str, budget: u64, count: fn(&Position, u32) -> u64) {
    let start = Instant::now();
    let mut nodes = 0u64;
    let mut runs = 0usize;
    let mut failures = Vec::new();
    let entries = suite();
    for e in &entries {
        let pos = Position::from_fen(&e.fen)
            .unwrap_or_else(|err| panic!("line {}: {}: {err}", e.line, e.fen));
        for (d, &want) in e.counts.iter().enumerate() {
            if want > budget {
                break;
            }
            let depth = d as u32 + 1;
            let got = count(&pos, depth);
            nodes += got;
            runs += 1;
            if got != want {
                failures.push(format!(
                    "line {} ({}): {} depth {depth}: got {got}, want {want}",
                    e.line, e.label, e.fen
                ));
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {} positions, {runs} (position, depth) runs, {nodes} nodes, budget {} nodes/depth, {secs:.2}s",
        entries.len(),
        if budget == u64::MAX {
            "unlimited".to_owned()
        } else {
            budget.to_string()
        }
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn suite_has_at_least_100_positions_and_every_fen_is_legal_for_us() {
    let entries = suite();
    assert!(entries.len() >= 100, "only {} positions", entries.len());
    for e in &entries {
        let pos = Position::from_fen(&e.fen)
            .unwrap_or_else(|err| panic!("line {}: {}: {err}", e.line, e.fen));
        // Our canonical FEN reads back as the same position. (Not `==`: canonical
        // FEN drops an en-passant square no capture can legally use, which the
        // Polyglot key, and so `Position`'s equality, still counts.)
        let again = Position::from_fen(&pos.fen()).expect("canonical FEN reads back");
        assert_eq!(again.to_setup(), pos.to_setup(), "line {}", e.line);
        assert_eq!(again.fen(), pos.fen(), "line {}", e.line);
    }
}

#[test]
fn suite_contains_the_published_standard_positions_with_their_counts() {
    let published: [(&str, &[u64]); 6] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20, 400, 8902, 197281, 4865609, 119060324],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &[48, 2039, 97862, 4085603, 193690690],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            &[14, 191, 2812, 43238, 674624, 11030083, 178633661],
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            &[6, 264, 9467, 422333, 15833292],
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            &[44, 1486, 62379, 2103487, 89941194],
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            &[46, 2079, 89890, 3894594, 164075551],
        ),
    ];
    let entries = suite();
    for (fen, counts) in published {
        let e = entries
            .iter()
            .find(|e| e.fen == fen)
            .unwrap_or_else(|| panic!("{fen} missing from the suite"));
        assert_eq!(e.counts, counts, "{fen}");
    }
}

#[test]
fn perft_with_bulk_counting_matches_reference_counts() {
    check_suite("bulk perft", max_nodes(u64::MAX, 1_000_000), perft);
}

#[test]
fn perft_listing_every_move_matches_reference_counts() {
    check_suite(
        "listing perft",
        max_nodes(5_000_000, 100_000),
        perft_listing,
    );
}

#[test]
fn the_218_move_position_has_218_moves() {
    let pos = Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1")
        .expect("legal position");
    assert_eq!(pos.legal_moves().len(), 218);
    assert_eq!(pos.count_legal_moves(), 218);
}
