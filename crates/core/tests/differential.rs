//! Differential test against two independent move generators, cozy-chess and
//! shakmaty (dev-dependencies only). Seeded random playouts, from the starting
//! position and from every position of the perft suite (`tests/data/perft.epd`,
//! which is full of en-passant, castling, promotion and pin corner cases), are
//! played in all three libraries side by side. In every position reached we
//! compare the legal moves (as UCI strings), check, checkmate and stalemate,
//! the FEN (ours read back, and against shakmaty's), the Zobrist key against
//! shakmaty's Polyglot-compatible one, and the SAN of every legal move
//! (against shakmaty's, and read back by `parse_san`).
//!
//! Release builds check 300,000 positions (about 10 s with SAN); debug builds
//! 10,000 (SAN is slow unoptimised).
//! `GUOXIANG_DIFF_POSITIONS=<n>` overrides the number, `GUOXIANG_DIFF_SEED=<n>`
//! the seed.

use guoxiang_core::{Move, MoveKind, Position, Role};
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::time::Instant;

const EPD: &str = include_str!("data/perft.epd");

mod common;
use common::Rng;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A move of ours in UCI: castling as the king's two-square step.
fn uci(m: Move) -> String {
    let mut s = format!("{}{}", m.from(), m.king_to());
    if let MoveKind::Promotion(role) = m.kind() {
        s.push(role.lower_char());
    }
    s
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort_unstable();
    v
}

/// The three libraries' views of one game.
struct Boards {
    ours: Position,
    shak: Chess,
    cozy: cozy_chess::Board,
}

impl Boards {
    fn from_fen(fen: &str) -> Boards {
        let ours = Position::from_fen(fen).unwrap_or_else(|e| panic!("ours: {fen}: {e}"));
        let shak: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap_or_else(|e| panic!("shakmaty: {fen}: {e}"))
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("shakmaty: {fen}: {e}"));
        let cozy = cozy_chess::Board::from_fen(&ours.fen(), false)
            .unwrap_or_else(|e| panic!("cozy-chess: {fen}: {e:?}"));
        Boards { ours, shak, cozy }
    }
}

#[derive(Default)]
struct Stats {
    positions: u64,
    moves: u64,
    checks: u64,
    checkmates: u64,
    stalemates: u64,
    en_passant: u64,
    castles: u64,
    promotions: u64,
    sans: u64,
}

/// Compares everything in one position; returns our legal moves.
fn compare(b: &Boards, rng: &mut Rng, stats: &mut Stats) -> Vec<Move> {
    let pos = &b.ours;
    let fen = pos.fen();
    let ctx = || format!("in {fen} (shakmaty FEN {})", fen_of(&b.shak));

    // Legal moves, as UCI strings, against both libraries.
    let list = pos.legal_moves();
    let ours: Vec<Move> = list.iter().copied().collect();
    let our_uci = sorted(ours.iter().map(|&m| uci(m)).collect());
    let shak_uci = sorted(
        b.shak
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect(),
    );
    let mut cozy_uci = Vec::new();
    b.cozy.generate_moves(|pm| {
        for m in pm {
            cozy_uci.push(cozy_chess::util::display_uci_move(&b.cozy, m).to_string());
        }
        false
    });
    let cozy_uci = sorted(cozy_uci);
    assert_eq!(
        our_uci,
        shak_uci,
        "legal moves differ from shakmaty {}",
        ctx()
    );
    assert_eq!(
        our_uci,
        cozy_uci,
        "legal moves differ from cozy-chess {}",
        ctx()
    );
    assert_eq!(
        pos.count_legal_moves(),
        ours.len(),
        "bulk count differs from the list {}",
        ctx()
    );

    // UCI and SAN of every move: ours against shakmaty's, and read back.
    for &m in &ours {
        let u = m.to_uci();
        assert_eq!(u, uci(m), "Move::to_uci {}", ctx());
        assert_eq!(pos.parse_uci(&u), Ok(m), "parse_uci({u}) {}", ctx());
        let san = pos.san(m);
        let sm = b
            .shak
            .legal_moves()
            .into_iter()
            .find(|x| x.to_uci(CastlingMode::Standard).to_string() == u)
            .unwrap_or_else(|| panic!("shakmaty has no {u} {}", ctx()));
        let shak_san = SanPlus::from_move(b.shak.clone(), sm).to_string();
        assert_eq!(san, shak_san, "SAN of {u} {}", ctx());
        assert_eq!(pos.parse_san(&san), Ok(m), "parse_san({san}) {}", ctx());
        stats.sans += 1;
    }

    // Check, checkmate, stalemate.
    assert_eq!(pos.is_check(), b.shak.is_check(), "check {}", ctx());
    assert_eq!(
        pos.checkers().count(),
        b.shak.checkers().count() as u32,
        "checkers {}",
        ctx()
    );
    assert_eq!(
        pos.is_check(),
        !b.cozy.checkers().is_empty(),
        "check vs cozy-chess {}",
        ctx()
    );
    assert_eq!(
        pos.is_checkmate(),
        b.shak.is_checkmate(),
        "checkmate {}",
        ctx()
    );
    assert_eq!(
        pos.is_stalemate(),
        b.shak.is_stalemate(),
        "stalemate {}",
        ctx()
    );

    // FEN: ours reads back to the same thing; shakmaty writes the same FEN (its
    // `EnPassantMode::Legal` writes the square only when a capture is legal, as
    // our canonical FEN does).
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{e} {}", ctx()));
    assert_eq!(again.fen(), fen, "FEN round trip {}", ctx());
    assert_eq!(again.to_setup(), pos.to_setup(), "FEN round trip {}", ctx());
    assert_eq!(fen, fen_of(&b.shak), "FEN differs from shakmaty's");

    // Zobrist: Polyglot hashes the en-passant file whenever a pawn of the side
    // to move stands next to the double-pushed pawn, pinned or not: shakmaty's
    // `EnPassantMode::PseudoLegal`.
    let z: Zobrist64 = b.shak.zobrist_hash(EnPassantMode::PseudoLegal);
    assert_eq!(pos.zobrist(), z.0, "Zobrist key {}", ctx());
    let legal_ep = b.shak.ep_square(EnPassantMode::Legal);
    assert_eq!(
        pos.legal_en_passant().map(|s| s.to_string()),
        legal_ep.map(|s| s.to_string()),
        "legal en-passant square {}",
        ctx()
    );
    let pseudo_ep = b.shak.ep_square(EnPassantMode::PseudoLegal);
    assert_eq!(
        pos.pseudo_en_passant().map(|s| s.to_string()),
        pseudo_ep.map(|s| s.to_string()),
        "pseudo-legal en-passant square {}",
        ctx()
    );

    // `is_legal` agrees with the list: all listed moves, and random bit patterns.
    for &m in &ours {
        assert!(pos.is_legal(m), "{m:?} listed but not is_legal {}", ctx());
    }
    for _ in 0..8 {
        let m = Move::from_bits(rng.next_u64() as u16);
        assert_eq!(
            pos.is_legal(m),
            list.contains(m),
            "is_legal({m:?}) {}",
            ctx()
        );
    }
    // Near-misses: listed moves with their kind changed.
    if let Some(&m) = ours.get(rng.below(ours.len().max(1))) {
        for kind in [
            MoveKind::Normal,
            MoveKind::DoublePush,
            MoveKind::Castle,
            MoveKind::EnPassant,
            MoveKind::Promotion(Role::Queen),
            MoveKind::Promotion(Role::King),
        ] {
            let twin = Move::new(m.from(), m.to(), kind);
            assert_eq!(
                pos.is_legal(twin),
                list.contains(twin),
                "is_legal({twin:?}) {}",
                ctx()
            );
        }
    }

    stats.positions += 1;
    stats.moves += ours.len() as u64;
    stats.checks += pos.is_check() as u64;
    stats.checkmates += pos.is_checkmate() as u64;
    stats.stalemates += pos.is_stalemate() as u64;
    for m in &ours {
        stats.en_passant += m.is_en_passant() as u64;
        stats.castles += m.is_castle() as u64;
        stats.promotions += m.promotion().is_some() as u64;
    }
    ours
}

fn fen_of(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Plays `m` (ours) in all three boards.
fn play(b: &mut Boards, m: Move) {
    let u = uci(m);
    let sm = b
        .shak
        .legal_moves()
        .into_iter()
        .find(|x| x.to_uci(CastlingMode::Standard).to_string() == u)
        .unwrap_or_else(|| panic!("shakmaty has no {u}"));
    let mut cm = None;
    b.cozy.generate_moves(|pm| {
        for x in pm {
            if cozy_chess::util::display_uci_move(&b.cozy, x).to_string() == u {
                cm = Some(x);
                return true;
            }
        }
        false
    });
    let cm = cm.unwrap_or_else(|| panic!("cozy-chess has no {u}"));
    b.ours.play_unchecked(m);
    b.shak.play_unchecked(sm);
    b.cozy.play_unchecked(cm);
}

/// Picks a move, preferring the rare kinds now and then so that en passant,
/// castling and promotion are played, not only generated, and double pushes
/// (which make en passant possible) come often.
fn pick(moves: &[Move], rng: &mut Rng) -> Move {
    let preferred: fn(&Move) -> bool = match rng.below(8) {
        0 | 1 => |m| m.is_en_passant() || m.is_castle() || m.promotion().is_some(),
        2 => |m| m.kind() == MoveKind::DoublePush,
        _ => |_| false,
    };
    let special: Vec<Move> = moves.iter().copied().filter(preferred).collect();
    if special.is_empty() {
        moves[rng.below(moves.len())]
    } else {
        special[rng.below(special.len())]
    }
}

fn starting_fens() -> Vec<String> {
    let mut fens = vec![guoxiang_core::fen::STARTING_FEN.to_owned()];
    for line in EPD.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.split(';').next() {
            fens.push(fen.trim().to_owned());
        }
    }
    fens
}

#[test]
fn random_playouts_agree_with_cozy_chess_and_shakmaty() {
    let target: u64 = env_or(
        "GUOXIANG_DIFF_POSITIONS",
        if cfg!(debug_assertions) {
            10_000
        } else {
            300_000
        },
    );
    let seed: u64 = env_or("GUOXIANG_DIFF_SEED", 0x6775_6f78_6961_6e67);
    let mut rng = Rng(seed);
    let starts = starting_fens();
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut playouts = 0u64;
    'outer: loop {
        for (i, fen) in starts.iter().enumerate() {
            // The starting position gets long games; the special ones shorter.
            let max_plies = if i == 0 { 300 } else { 60 + rng.below(120) };
            let mut boards = Boards::from_fen(fen);
            playouts += 1;
            for _ in 0..max_plies {
                let moves = compare(&boards, &mut rng, &mut stats);
                if moves.is_empty() || boards.ours.halfmove_clock() >= 100 {
                    break;
                }
                let m = pick(&moves, &mut rng);
                play(&mut boards, m);
            }
            if stats.positions >= target {
                break 'outer;
            }
        }
    }
    println!(
        "differential: {} positions in {playouts} playouts ({} legal moves, {} SANs compared: {} en passant, \
         {} castling, {} promotions; {} checks, {} checkmates, {} stalemates), seed {seed:#x}, {:.2}s",
        stats.positions,
        stats.moves,
        stats.sans,
        stats.en_passant,
        stats.castles,
        stats.promotions,
        stats.checks,
        stats.checkmates,
        stats.stalemates,
        start.elapsed().as_secs_f64()
    );
    assert!(stats.positions >= target);
    assert!(stats.en_passant > 0 && stats.castles > 0 && stats.promotions > 0);
    assert!(stats.checkmates > 0 && stats.stalemates > 0);
}
