//! Static evaluation: tapered middlegame/endgame terms (material, piece-square
//! tables, mobility, pawn structure, passed pawns and the kings' distance to them,
//! king safety, threats, bishop pair, rooks on open files, knight outposts), from the
//! side to move's point of view, in centipawns.
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
/// Enemy knights, bishops, rooks and queens attacked by our pawns.
pub const THREAT_BY_PAWN: usize = KING_SHIELD + 1;
/// Enemy rooks and queens attacked by our knights and bishops.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Enemy queens attacked by our rooks.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
/// A passed pawn's distance from the enemy king (to its stop square), times how far
/// the pawn has come (relative rank − 2, at least 0).
pub const PASSED_THEIR_KING: usize = THREAT_BY_ROOK + 1;
/// The same with our own king's distance.
pub const PASSED_OUR_KING: usize = PASSED_THEIR_KING + 1;
/// A knight on the 4th–6th rank, defended by a pawn, that no enemy pawn can attack.
pub const KNIGHT_OUTPOST: usize = PASSED_OUR_KING + 1;
/// How many linear parameters there are.
pub const N_PARAMS: usize = KNIGHT_OUTPOST + 1;

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
        i if i < PASSED_THEIR_KING => "threats",
        i if i < KNIGHT_OUTPOST => "passed",
        _ => "pieces",
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

/// A copy of `base` with the weights of each evaluation term that `f` switches off
/// set to zero, which removes the term from the evaluation (the `Disable` option's
/// evaluation names; material and the piece-square tables cannot be switched off).
pub fn without_terms(base: &Weights, f: &crate::features::Features) -> Weights {
    let mut w = base.clone();
    let mut zero = |range: std::ops::Range<usize>| {
        for p in &mut w.params[range] {
            *p = S(0, 0);
        }
    };
    let one = |i: usize| i..i + 1;
    if !f.mobility {
        zero(MOBILITY..PASSED);
    }
    if !f.passed {
        zero(PASSED..DOUBLED);
    }
    if !f.kingdist {
        zero(PASSED_THEIR_KING..KNIGHT_OUTPOST);
    }
    if !f.pawns {
        zero(DOUBLED..BISHOP_PAIR);
    }
    if !f.threats {
        zero(THREAT_BY_PAWN..PASSED_THEIR_KING);
    }
    if !f.outpost {
        zero(one(KNIGHT_OUTPOST));
    }
    if !f.bishoppair {
        zero(one(BISHOP_PAIR));
    }
    if !f.rookfiles {
        zero(ROOK_OPEN..KING_SHIELD);
    }
    if !f.kingshield {
        zero(one(KING_SHIELD));
    }
    if !f.kingattack {
        w.king_attack = [0; 4];
    }
    w
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

/// The king's distance (Chebyshev) between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
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
    let their_majors = (b.rooks() | b.queens()) & them;
    let their_queens = b.queens() & them;
    let our_pawn_attacks = pawn_attack_set(c, our_pawns);
    let mut threats_by_minor = 0;
    let mut threats_by_rook = 0;

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
            let mobility = (att & safe).count() as usize;
            acc.add(MOBILITY + i, sign * mobility as i32);
            match role {
                Role::Knight | Role::Bishop => {
                    threats_by_minor += (att & their_majors).count() as i32;
                }
                Role::Rook => threats_by_rook += (att & their_queens).count() as i32,
                _ => {}
            }
            if role == Role::Knight {
                let rank = sq.relative_rank(c).index();
                let can_be_chased = adjacent_files(sq.file()) & ranks_ahead(c, sq) & their_pawns;
                if (3..=5).contains(&rank)
                    && our_pawn_attacks.contains(sq)
                    && can_be_chased.is_empty()
                {
                    acc.add(KNIGHT_OUTPOST, sign);
                }
            }
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
    let their_pieces = them & !b.pawns() & !b.kings();
    let by_pawn = (our_pawn_attacks & their_pieces).count() as i32;
    if by_pawn > 0 {
        acc.add(THREAT_BY_PAWN, sign * by_pawn);
    }
    if threats_by_minor > 0 {
        acc.add(THREAT_BY_MINOR, sign * threats_by_minor);
    }
    if threats_by_rook > 0 {
        acc.add(THREAT_BY_ROOK, sign * threats_by_rook);
    }
    let our_king = pos.king_of(c);
    // King danger: grows faster than linearly with the number of attackers.
    if attackers >= 2 {
        let danger = (attack_weight * attackers / 2).min(500);
        acc.add_fixed(S(danger * sign, 0));
    }
    // Pawn shield in front of a king still on its first two ranks.
    if our_king.relative_rank(c).index() <= 1 {
        let around = king_attacks(our_king);
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
            let advance = sq.relative_rank(c).index() as i32 - 2;
            if let (Some(stop), true) = (stop, advance > 0) {
                acc.add(
                    PASSED_THEIR_KING,
                    sign * advance * distance(their_king, stop),
                );
                acc.add(PASSED_OUR_KING, sign * advance * distance(our_king, stop));
            }
        }
    }
}

/// Reports every feature of `pos` (White's minus Black's) to `acc`; the scaling of
/// drawish material is applied afterwards (see [`scale_eighths`]).
pub fn features(pos: &Position, w: &Weights, acc: &mut impl Accumulator) {
    side_features(pos, Color::White, &w.king_attack, acc);
    side_features(pos, Color::Black, &w.king_attack, acc);
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
        "material", "psqt", "mobility", "pawns", "passed", "pieces", "threats", "king",
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
    fn the_start_position_is_balanced() {
        let pos = Position::new();
        assert_eq!(evaluate(&pos), 0);
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

    /// The features of `fen`, as (index, count) with counts added up per index.
    fn feature_counts(fen: &str) -> Vec<(usize, i32)> {
        struct Rec(Vec<(usize, i32)>);
        impl Accumulator for Rec {
            fn add(&mut self, idx: usize, n: i32) {
                match self.0.iter_mut().find(|(i, _)| *i == idx) {
                    Some(e) => e.1 += n,
                    None => self.0.push((idx, n)),
                }
            }
            fn add_fixed(&mut self, _: S) {}
        }
        let pos = Position::from_fen(fen).unwrap();
        let mut r = Rec(Vec::new());
        features(&pos, default_weights(), &mut r);
        r.0.retain(|&(_, n)| n != 0);
        r.0
    }

    fn count(fen: &str, idx: usize) -> i32 {
        feature_counts(fen)
            .iter()
            .find(|(i, _)| *i == idx)
            .map_or(0, |e| e.1)
    }

    #[test]
    fn a_pawn_attacking_a_piece_is_a_threat() {
        // The e4 pawn attacks the knight on d5 (and nothing else attacks anything).
        assert_eq!(
            count("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", THREAT_BY_PAWN),
            1
        );
        // A pawn attacking a pawn is not.
        assert_eq!(
            count("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", THREAT_BY_PAWN),
            0
        );
    }

    #[test]
    fn minors_attacking_rooks_and_queens_and_rooks_attacking_queens_are_threats() {
        // Knight c3 attacks the rook on d5 and the queen on b5; rook a1 attacks the
        // queen on a7 (Black's queen b5 attacks nothing White has but the knight).
        let fen = "4k3/q7/8/1q1r4/8/2N5/8/R3K3 w - - 0 1";
        assert_eq!(count(fen, THREAT_BY_MINOR), 2);
        assert_eq!(count(fen, THREAT_BY_ROOK), 1);
    }

    #[test]
    fn a_defended_knight_no_pawn_can_chase_is_an_outpost() {
        // (The e6 pawn blocks but cannot attack it.)
        assert_eq!(
            count("4k3/8/4p3/4N3/3P4/8/8/4K3 w - - 0 1", KNIGHT_OUTPOST),
            1
        );
        // The f7 pawn can drive it away: no outpost.
        assert_eq!(
            count("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", KNIGHT_OUTPOST),
            0
        );
        // Undefended: no outpost.
        assert_eq!(count("4k3/8/8/4N3/8/8/8/4K3 w - - 0 1", KNIGHT_OUTPOST), 0);
    }

    #[test]
    fn a_passed_pawn_counts_the_kings_distances_to_its_stop_square() {
        // White pawn e6 (relative rank index 5, so weight 3), stop square e7;
        // Black's king a8 is 4 away, White's king e1 is 6 away.
        let fen = "k7/8/4P3/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(count(fen, PASSED_THEIR_KING), 3 * 4);
        assert_eq!(count(fen, PASSED_OUR_KING), 3 * 6);
    }

    #[test]
    fn mobility_counts_the_safe_squares() {
        // A lone knight on a1 has two squares (b3, c2), none attacked by pawns.
        let f = feature_counts("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(f.contains(&(MOBILITY, 2)), "{f:?}");
        // A queen on d4 with no piece on its lines has all 27.
        let f = feature_counts("k7/8/8/8/3Q4/8/7K/8 w - - 0 1");
        assert!(f.contains(&(MOBILITY + 3, 27)), "{f:?}");
        // A square an enemy pawn attacks is not safe: the c4 pawn covers b3.
        let f = feature_counts("4k3/8/8/8/2p5/8/8/N3K3 w - - 0 1");
        assert!(f.contains(&(MOBILITY, 1)), "{f:?}");
    }

    #[test]
    fn switching_off_a_term_zeroes_its_weights_and_nothing_else() {
        use crate::features::Features;
        let base = default_weights();
        assert_eq!(
            without_terms(base, &Features::ALL).params,
            base.params,
            "all on: the weights as they are"
        );
        // Every weight non-zero, so that each switch visibly zeroes its own part.
        let ones = Weights {
            params: vec![S(1, 1); N_PARAMS],
            king_attack: [1; 4],
        };
        for name in Features::EVAL_TERMS {
            let base = &ones;
            let w = without_terms(base, &Features::disabling(name).unwrap());
            let changed: Vec<usize> = (0..N_PARAMS)
                .filter(|&i| w.params[i] != base.params[i])
                .collect();
            assert!(
                changed.iter().all(|&i| w.params[i] == S(0, 0)),
                "{name} only zeroes"
            );
            let king = w.king_attack != base.king_attack;
            assert!(!changed.is_empty() || king, "{name} changes something");
            assert_eq!(king, *name == "kingattack", "{name}");
        }
        // Material and piece-square tables are never touched.
        let all_off = Features::disabling(&Features::EVAL_TERMS.join(",")).unwrap();
        let w = without_terms(base, &all_off);
        assert_eq!(w.params[..MOBILITY], base.params[..MOBILITY]);
        // Without threats, a pawn attacking a knight is worth less to its side.
        let pos = Position::from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let no_threats = without_terms(base, &Features::disabling("threats").unwrap());
        assert!(evaluate_with(&pos, &no_threats) < evaluate_with(&pos, base));
    }

    #[test]
    fn an_extra_queen_is_worth_a_lot() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 700);
    }
}
