//! Static evaluation: tapered middlegame/endgame terms (material, piece-square
//! tables, mobility, pawn structure, passed pawns, king safety, bishop pair, rooks
//! on open files), from the side to move's point of view, in centipawns.
//!
//! The linear terms are a flat parameter vector ([`Weights::params`]) so that the
//! tuner (`examples/tune.rs`) can fit them by gradient descent: the evaluation walks
//! the position once and reports each feature to an [`Accumulator`], which either
//! adds up weights (search), groups them by term (the `eval` command), or records
//! the features (the tuner).

use crate::eval_weights;
use guoxiang_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use guoxiang_core::{Bitboard, Color, File, Position, Rank, Role, Square};

/// A middlegame and an endgame value, blended by game phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

impl core::ops::Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl core::ops::Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl core::ops::AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl core::ops::Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

// The layout of the parameter vector.
pub const MATERIAL: usize = 0;
pub const PST: usize = MATERIAL + 6;
pub const MOBILITY: usize = PST + 6 * 64;
pub const PASSED: usize = MOBILITY + 4;
pub const PASSED_BLOCKED: usize = PASSED + 8;
pub const DOUBLED: usize = PASSED_BLOCKED + 1;
pub const ISOLATED: usize = DOUBLED + 1;
pub const BACKWARD: usize = ISOLATED + 1;
pub const BISHOP_PAIR: usize = BACKWARD + 1;
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
pub const KING_SHIELD: usize = ROOK_SEMI_OPEN + 1;
pub const TEMPO: usize = KING_SHIELD + 1;
/// How many linear parameters there are.
pub const N_PARAMS: usize = TEMPO + 1;

/// The groups the `eval` command prints, by parameter index.
pub fn group_of(idx: usize) -> &'static str {
    match idx {
        i if i < PST => "material",
        i if i < MOBILITY => "psqt",
        i if i < PASSED => "mobility",
        i if i < DOUBLED => "passed",
        i if i < BISHOP_PAIR => "pawns",
        i if i < KING_SHIELD => "pieces",
        KING_SHIELD => "king",
        _ => "tempo",
    }
}

/// The evaluation's weights.
#[derive(Debug, Clone)]
pub struct Weights {
    /// Linear terms, laid out as the constants above say.
    pub params: Vec<S>,
    /// King attack weight per attacking role (knight, bishop, rook, queen), for the
    /// non-linear king danger term.
    pub king_attack: [i32; 4],
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            params: eval_weights::PARAMS
                .iter()
                .map(|&(mg, eg)| S(mg, eg))
                .collect(),
            king_attack: [6, 6, 9, 16],
        }
    }
}

/// The default weights (built once; the search takes a reference per search).
pub fn default_weights() -> &'static Weights {
    static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
    W.get_or_init(Weights::default)
}

/// Receives the features of a position (White's minus Black's).
pub trait Accumulator {
    /// Feature `idx` occurs `n` more times for White than for Black.
    fn add(&mut self, idx: usize, n: i32);
    /// A non-linear amount, already weighted.
    fn add_fixed(&mut self, s: S);
}

struct Sum<'a> {
    w: &'a [S],
    total: S,
}

impl Accumulator for Sum<'_> {
    #[inline]
    fn add(&mut self, idx: usize, n: i32) {
        self.total += self.w[idx] * n;
    }
    #[inline]
    fn add_fixed(&mut self, s: S) {
        self.total += s;
    }
}

/// The game phase: 24 with all pieces on, 0 with only kings and pawns.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let b = pos.board();
    let p =
        b.knights().count() + b.bishops().count() + 2 * b.rooks().count() + 4 * b.queens().count();
    (p as i32).min(24)
}

#[inline]
fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    }
}

/// Squares strictly ahead of `sq`'s rank, from `c`'s side, on every file.
#[inline]
fn ranks_ahead(c: Color, sq: Square) -> Bitboard {
    let r = sq.rank().index() as u32;
    match c {
        Color::White => Bitboard((!0u64).checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * r)).wrapping_sub(1)),
    }
}

#[inline]
fn adjacent_files(f: File) -> Bitboard {
    let bb = Bitboard::file(f).0;
    Bitboard(((bb << 1) & !Bitboard::file(File::A).0) | ((bb >> 1) & !Bitboard::file(File::H).0))
}

#[inline]
fn pawn_attack_set(c: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !Bitboard::file(File::A);
    let not_h = !Bitboard::file(File::H);
    match c {
        Color::White => Bitboard(((pawns & not_a).0 << 7) | ((pawns & not_h).0 << 9)),
        Color::Black => Bitboard(((pawns & not_a).0 >> 9) | ((pawns & not_h).0 >> 7)),
    }
}

/// One side's features, reported with sign `sign` (+1 White, −1 Black).
fn side_features(pos: &Position, c: Color, king_attack: &[i32; 4], acc: &mut impl Accumulator) {
    let sign = if c == Color::White { 1 } else { -1 };
    let b = pos.board();
    let us = b.by_color(c);
    let them = b.by_color(!c);
    let occ = b.occupied();
    let our_pawns = b.pawns() & us;
    let their_pawns = b.pawns() & them;
    let their_pawn_attacks = pawn_attack_set(!c, their_pawns);
    let safe = !us & !their_pawn_attacks;
    let their_king = pos.king_of(!c);
    let king_zone = king_attacks(their_king).with(their_king);
    let mut attackers = 0;
    let mut attack_weight = 0;

    for role in Role::ALL {
        for sq in b.by_role(role) & us {
            acc.add(MATERIAL + role.index(), sign);
            acc.add(PST + role.index() * 64 + relative(sq, c), sign);
            let att = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ),
                Role::Rook => rook_attacks(sq, occ),
                Role::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                _ => continue,
            };
            let i = role.index() - 1;
            acc.add(MOBILITY + i, sign * (att & safe).count() as i32);
            let hits = (att & king_zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                attack_weight += king_attack[i] * hits;
            }
            if role == Role::Rook {
                let file = Bitboard::file(sq.file());
                if (file & b.pawns()).is_empty() {
                    acc.add(ROOK_OPEN, sign);
                } else if (file & our_pawns).is_empty() {
                    acc.add(ROOK_SEMI_OPEN, sign);
                }
            }
        }
    }
    if (b.bishops() & us).more_than_one() {
        acc.add(BISHOP_PAIR, sign);
    }
    // King danger: grows faster than linearly with the number of attackers.
    if attackers >= 2 {
        let danger = (attack_weight * attackers / 2).min(500);
        acc.add_fixed(S(danger * sign, 0));
    }
    // Pawn shield in front of a king still on its first two ranks.
    let king = pos.king_of(c);
    if king.relative_rank(c).index() <= 1 {
        let around = king_attacks(king);
        let shield = match c {
            Color::White => Bitboard(around.0 << 8 | around.0) - Bitboard::rank(Rank::FIRST),
            Color::Black => Bitboard(around.0 >> 8 | around.0) - Bitboard::rank(Rank::EIGHTH),
        };
        acc.add(
            KING_SHIELD,
            sign * (shield & our_pawns).count().min(3) as i32,
        );
    }
    // Pawn structure and passed pawns.
    for sq in our_pawns {
        let file_bb = Bitboard::file(sq.file());
        let adj = adjacent_files(sq.file());
        let ahead = ranks_ahead(c, sq);
        if (ahead & file_bb & our_pawns).any() {
            acc.add(DOUBLED, sign);
        }
        let stop = match c {
            Color::White => sq.offset(0, 1),
            Color::Black => sq.offset(0, -1),
        };
        if (adj & our_pawns).is_empty() {
            acc.add(ISOLATED, sign);
        } else {
            // Backward: no friendly pawn beside or behind on the adjacent files, and
            // the stop square is attacked by an enemy pawn.
            let support = adj & our_pawns & !ahead;
            if support.is_empty() && stop.is_some_and(|s| their_pawn_attacks.contains(s)) {
                acc.add(BACKWARD, sign);
            }
        }
        if ((file_bb | adj) & ahead & their_pawns).is_empty() {
            acc.add(PASSED + sq.relative_rank(c).index() as usize, sign);
            if stop.is_some_and(|s| occ.contains(s)) {
                acc.add(PASSED_BLOCKED, sign);
            }
        }
    }
}

/// Reports every feature of `pos` (White's minus Black's) to `acc`; the scaling of
/// drawish material is applied afterwards (see [`scale_eighths`]).
pub fn features(pos: &Position, w: &Weights, acc: &mut impl Accumulator) {
    side_features(pos, Color::White, &w.king_attack, acc);
    side_features(pos, Color::Black, &w.king_attack, acc);
    acc.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The factor in eighths that drawish material applies to a score favouring `strong`.
pub fn scale_eighths(pos: &Position, white_score: i32) -> i32 {
    let b = pos.board();
    let strong = if white_score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let ours = b.by_color(strong);
    if (b.pawns() & ours).is_empty() {
        let minor_only = (ours & b.rooks_and_queens()).is_empty()
            && (ours & (b.knights() | b.bishops())).count() <= 1;
        if minor_only {
            return 1;
        }
        if white_score.abs() < 400 {
            return 4;
        }
    }
    8
}

/// Blends a tapered score by phase.
#[inline]
pub fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (24 - phase)) / 24
}

/// The static evaluation from the side to move's point of view, in centipawns.
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let mut sum = Sum {
        w: &w.params,
        total: S(0, 0),
    };
    features(pos, w, &mut sum);
    let white = taper(sum.total, phase(pos));
    let white = white * scale_eighths(pos, white) / 8;
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// The static evaluation with the default weights.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, default_weights())
}

/// The evaluation grouped by term, from White's side (for the `eval` command).
pub fn breakdown(pos: &Position, w: &Weights) -> Vec<(&'static str, S)> {
    struct Groups<'a> {
        w: &'a [S],
        out: Vec<(&'static str, S)>,
    }
    impl Groups<'_> {
        fn slot(&mut self, name: &'static str) -> &mut S {
            if let Some(i) = self.out.iter().position(|(n, _)| *n == name) {
                &mut self.out[i].1
            } else {
                self.out.push((name, S(0, 0)));
                let last = self.out.len() - 1;
                &mut self.out[last].1
            }
        }
    }
    impl Accumulator for Groups<'_> {
        fn add(&mut self, idx: usize, n: i32) {
            let v = self.w[idx] * n;
            *self.slot(group_of(idx)) += v;
        }
        fn add_fixed(&mut self, s: S) {
            *self.slot("king") += s;
        }
    }
    let mut g = Groups {
        w: &w.params,
        out: Vec::new(),
    };
    for name in [
        "material", "psqt", "mobility", "pawns", "passed", "pieces", "king", "tempo",
    ] {
        g.slot(name);
    }
    features(pos, w, &mut g);
    g.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced_but_for_the_tempo() {
        let pos = Position::new();
        let w = default_weights();
        assert_eq!(evaluate(&pos), taper(w.params[TEMPO], 24));
    }

    #[test]
    fn evaluation_is_symmetric_between_the_colours() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5pk1/6p1/8/3P4/5K2/8/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let mirrored = mirror(&pos);
            assert_eq!(evaluate(&pos), evaluate(&mirrored), "{fen}");
        }
    }

    fn mirror(pos: &Position) -> Position {
        let mut setup = pos.to_setup();
        let mut board = guoxiang_core::Board::empty();
        for (sq, p) in pos.board().pieces() {
            board.set(
                sq.flip_vertical(),
                guoxiang_core::Piece::new(!p.color, p.role),
            );
        }
        setup.board = board;
        setup.turn = !setup.turn;
        setup.castling = guoxiang_core::CastlingRights::NONE;
        setup.en_passant = None;
        Position::from_setup(&setup).unwrap()
    }

    #[test]
    fn an_extra_queen_is_worth_a_lot() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 700);
    }
}
