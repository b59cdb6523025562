//! `explain` accepts exactly the legal moves, and every reason it gives holds on the
//! board, for every request in tricky positions and for random positions.

use super::*;
use std::collections::BTreeMap;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Checks what each reason claims against the board.
fn check_claims(p: &Position, from: Square, to: Square, r: &IllegalReason) {
    let board = p.board();
    let us = p.turn();
    let occ = board.occupied();
    let holds = |a: &Attacker| board.piece_at(a.square) == Some(a.piece) && a.piece.color != us;
    match r {
        IllegalReason::GameOver { .. } => assert!(!p.has_legal_moves()),
        IllegalReason::EmptySquare { square } => {
            assert!(*square == from && board.piece_at(from).is_none())
        }
        IllegalReason::NotYourPiece { piece, .. } => assert_ne!(piece.color, us),
        IllegalReason::SameSquare { .. } => assert_eq!(from, to),
        IllegalReason::OwnPieceOnTarget { target, .. } => {
            assert_eq!(board.piece_at(to), Some(*target));
            assert_eq!(target.color, us);
        }
        IllegalReason::KingCannotBeCaptured { .. } => {
            assert_eq!(board.piece_at(to), Some(Piece::new(!us, Role::King)))
        }
        IllegalReason::Blocked {
            square, blocker, ..
        } => {
            assert_eq!(board.piece_at(*square), Some(*blocker));
            assert!(between(from, to).contains(*square));
        }
        IllegalReason::PawnCapturesStraight { target, .. } => {
            assert_eq!(board.piece_at(to), Some(*target))
        }
        IllegalReason::PawnDiagonalToEmpty { .. } | IllegalReason::EnPassantNotPossible { .. } => {
            assert!(!occ.contains(to))
        }
        IllegalReason::CastlingInCheck { checker, .. } => {
            assert!(holds(checker) && p.checkers().contains(checker.square))
        }
        IllegalReason::CastlingBlocked { square, piece, .. } => {
            assert_eq!(board.piece_at(*square), Some(*piece))
        }
        IllegalReason::CastlingThroughCheck {
            square, attacker, ..
        }
        | IllegalReason::CastlingIntoCheck {
            square, attacker, ..
        } => {
            assert!(holds(attacker));
            let attackers = board.attackers_of(*square, !us, occ.without(from));
            assert!(attackers.contains(attacker.square));
        }
        IllegalReason::MustAnswerCheck { checkers } => {
            assert_eq!(checkers.len() as u32, p.checkers().count());
            assert!(checkers
                .iter()
                .all(|c| holds(c) && p.checkers().contains(c.square)));
        }
        IllegalReason::Pinned {
            attacker, piece, ..
        } => {
            assert!(holds(attacker));
            assert_eq!(board.piece_at(from), Some(*piece));
            let king = p.our_king();
            assert_eq!(
                between(king, attacker.square) & occ,
                Bitboard::from_square(from)
            );
        }
        IllegalReason::EnPassantExposesKing { attacker, .. } => assert!(holds(attacker)),
        IllegalReason::KingIntoCheck { attacker, .. } => {
            assert!(holds(attacker));
            let attackers = board.attackers_of(to, !us, occ.without(from));
            assert!(attackers.contains(attacker.square));
        }
        _ => {}
    }
}

/// `explain` for one request, checked against the move generator: it must
/// accept exactly the legal move meant, and its reasons must hold.
fn agree(
    p: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, IllegalReason> {
    let expected = p.legal_moves().iter().copied().find(|m| {
        m.from() == from
            && m.promotion() == promotion
            && (m.to() == to || (m.is_castle() && m.king_to() == to))
    });
    match (p.explain(from, to, promotion), expected) {
        (Ok(m), Some(e)) => {
            assert_eq!(m, e, "{p:?} {from}{to} {promotion:?}");
            Ok(m)
        }
        (Err(r), None) => {
            check_claims(p, from, to, &r);
            assert!(IllegalReason::CODES.contains(&r.code()), "{r:?}");
            Err(r)
        }
        (got, expected) => panic!(
            "{p:?} {from}{to} {promotion:?}: explain says {got:?}, \
             the move generator {expected:?}"
        ),
    }
}

#[test]
fn explain_agrees_with_the_move_generator_on_every_request_in_tricky_positions() {
    let tricky = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/b7/8/8/8/4n3/R3K2R w KQkq - 0 1",
        "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1",
        "1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
    ];
    let promotions = [
        None,
        Some(Role::Queen),
        Some(Role::Knight),
        Some(Role::King),
    ];
    for fen in tricky {
        let p = pos(fen);
        let mut accepted = 0;
        for from in Square::all() {
            for to in Square::all() {
                for promotion in promotions {
                    accepted += usize::from(agree(&p, from, to, promotion).is_ok());
                }
            }
        }
        // Each legal move asked for once; castling twice (to the g- or
        // c-file, and onto the rook).
        let legal = p.legal_moves();
        let asked = legal
            .iter()
            .filter(|m| promotions.contains(&m.promotion()))
            .count();
        let castles = legal.iter().filter(|m| m.is_castle()).count();
        assert_eq!(accepted, asked + castles, "{fen}");
    }
}

#[test]
fn explain_agrees_with_the_move_generator_on_random_positions() {
    let seeds = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R4RK1 w - - 0 10",
        CASTLE,
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    ];
    let promotions = [Some(Role::Queen), Some(Role::Knight), Some(Role::King)];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut codes: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut positions, mut pairs, mut accepted) = (0usize, 0usize, 0usize);
    for seed in seeds {
        for _game in 0..4 {
            let mut p = pos(seed);
            for _ply in 0..120 {
                positions += 1;
                let legal = p.legal_moves();
                let ours: Vec<Square> = p.board().by_color(p.turn()).collect();
                for i in 0..80 {
                    // Mostly our own pieces; sometimes any square.
                    let from = if i % 5 == 0 {
                        Square::from_index_masked(rng.below(64) as u32)
                    } else {
                        ours[rng.below(ours.len())]
                    };
                    // Half the time a square the piece can plausibly reach.
                    let to = if i % 2 == 0 && !legal.is_empty() {
                        let m = legal[rng.below(legal.len())];
                        if rng.below(3) == 0 {
                            m.king_to()
                        } else {
                            m.to()
                        }
                    } else {
                        Square::from_index_masked(rng.below(64) as u32)
                    };
                    // A promotion piece mostly where a pawn reaches the last
                    // rank, and now and then anywhere.
                    let pawn_to_last_rank = p.board().piece_at(from)
                        == Some(Piece::new(p.turn(), Role::Pawn))
                        && to.relative_rank(p.turn()) == Rank::EIGHTH;
                    let promotion = if rng.below(if pawn_to_last_rank { 4 } else { 20 }) > 0 {
                        None
                    } else {
                        promotions[rng.below(promotions.len())]
                    };
                    pairs += 1;
                    match agree(&p, from, to, promotion) {
                        Ok(_) => accepted += 1,
                        Err(r) => *codes.entry(r.code()).or_default() += 1,
                    }
                }
                // Every legal move is accepted as itself.
                for &m in &legal {
                    assert_eq!(p.explain(m.from(), m.to(), m.promotion()), Ok(m));
                    assert_eq!(p.explain(m.from(), m.king_to(), m.promotion()), Ok(m));
                }
                if legal.is_empty() {
                    break;
                }
                p = p.after(legal[rng.below(legal.len())]);
            }
        }
    }
    eprintln!("{positions} positions, {pairs} pairs, {accepted} accepted; reasons: {codes:?}");
    assert!(pairs > 10_000 && accepted > 1_000);
    // The rarest reasons (castling through or into check, en passant
    // exposing the king, double check) have their own tests above.
    for code in [
        "game_over",
        "empty_square",
        "not_your_piece",
        "same_square",
        "promotion_not_allowed",
        "bad_promotion_role",
        "own_piece",
        "capture_king",
        "bad_piece_move",
        "pawn_backwards",
        "pawn_sideways",
        "pawn_capture_straight",
        "pawn_diagonal_empty",
        "pawn_double_step",
        "king_two_squares",
        "en_passant_unavailable",
        "blocked",
        "castling_king_moved",
        "castling_blocked",
        "must_answer_check",
        "pinned",
        "king_into_check",
        "must_promote",
    ] {
        assert!(codes.contains_key(code), "no {code} in {codes:?}");
    }
}
