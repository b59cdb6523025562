//! The FEN, SAN and UCI parsers on hostile input: arbitrary bytes never panic or
//! hang, huge input is refused at once, and what we write we read back.

use guoxiang_core::{fen::STARTING_FEN, san::San, uci::UciMove, FenMode, Position};
use proptest::prelude::*;

/// A tiny deterministic PRNG for random playouts (xorshift64*).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Positions from random playouts.
fn playout_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::new();
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[rng.below(moves.len())]);
            out.push(p.clone());
        }
    }
    out
}

fn fen_alphabet() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select(vec![
            'k', 'q', 'r', 'b', 'n', 'p', 'K', 'Q', 'R', 'B', 'N', 'P', '1', '2', '3', '7', '8',
            '9', '0', '/', ' ', '-', 'w', 'e', '3', '6', 'a', 'h', 'x', '\u{4e2d}',
        ]),
        0..90,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn fen_parser_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = Position::from_fen(&s);
        let _ = Position::from_fen_with(&s, FenMode::Lenient);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(s in fen_alphabet()) {
        if let Ok(p) = Position::from_fen_with(&s, FenMode::Lenient) {
            // Whatever it accepts is a legal position that writes and reads back.
            let again = Position::from_fen(&p.fen()).expect("our own FEN reads back");
            prop_assert_eq!(again.fen(), p.fen());
        }
    }

    #[test]
    fn san_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let pos = Position::new();
        if let Ok(san) = San::from_ascii(&bytes) {
            let _ = san.to_move(&pos);
        }
    }

    #[test]
    fn san_parser_never_panics_on_san_like_text(s in "[KQRBNPa-hx1-8=+#!?O0-]{0,12}") {
        let pos = Position::from_fen("r3k2r/pPpppppp/8/8/8/8/PpPPPPPP/R3K2R w KQkq - 0 1").expect("valid");
        let _ = pos.parse_san(&s);
    }

    #[test]
    fn uci_parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        if let Ok(m) = UciMove::from_ascii(&bytes) {
            let _ = m.to_move(&Position::new());
        }
    }
}

#[test]
fn a_ten_megabyte_line_is_refused_at_once_by_every_parser() {
    let line = "K".repeat(10 * 1024 * 1024);
    let start = std::time::Instant::now();
    assert!(Position::from_fen(&line).is_err());
    assert!(San::from_ascii(line.as_bytes()).is_err());
    assert!(UciMove::from_ascii(line.as_bytes()).is_err());
    assert!(Position::new().parse_san(&line).is_err());
    assert!(start.elapsed().as_secs() < 2);
}

#[test]
fn every_position_writes_a_fen_that_reads_back_the_same() {
    for p in playout_positions(7, 300) {
        let fen = p.fen();
        let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(back.fen(), fen);
        assert_eq!(back.zobrist(), p.zobrist(), "{fen}");
        assert_eq!(back.legal_moves().len(), p.legal_moves().len(), "{fen}");
    }
}

#[test]
fn every_legal_move_writes_san_and_uci_that_read_back_as_the_same_move() {
    for p in playout_positions(11, 200) {
        for &m in p.legal_moves().iter() {
            let san = p.san(m);
            assert_eq!(p.parse_san(&san), Ok(m), "{} in {}", san, p.fen());
            let uci = m.to_uci();
            assert_eq!(p.parse_uci(&uci), Ok(m), "{} in {}", uci, p.fen());
        }
    }
}

#[test]
fn the_starting_fen_is_canonical() {
    assert_eq!(Position::new().fen(), STARTING_FEN);
}
