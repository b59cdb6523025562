//! Static evaluation: tapered middlegame/endgame terms (material, piece-square
//! tables, mobility, pawn structure, passed pawns, king safety, bishop pair, rooks
//! on open files), from the side to move's point of view, in centipawns.
//!
//! Every weight lives in [`Weights`], so the tuner can change them and `eval` can
//! print the breakdown term by term.

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
impl core::ops::SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl core::ops::Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// The evaluation's weights.
#[derive(Debug, Clone)]
pub struct Weights {
    pub material: [S; 6],
    /// Piece-square tables from White's side (a1 = 0); Black's are mirrored.
    pub pst: [[S; 64]; 6],
    /// Per role (knight, bishop, rook, queen): value per safe square attacked.
    pub mobility: [S; 4],
    pub passed: [S; 8],
    pub passed_blocked: S,
    pub doubled: S,
    pub isolated: S,
    pub backward: S,
    pub bishop_pair: S,
    pub rook_open: S,
    pub rook_semi_open: S,
    pub king_shield: S,
    pub king_attack: [i32; 4],
    pub tempo: S,
}

const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

const fn make_pst() -> [[S; 64]; 6] {
    let mut t = [[S(0, 0); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let cd = center_distance(sq);
        // Pawns: advance, and central pawns in the middlegame.
        let adv_mg = [0, 0, 2, 6, 14, 28, 50, 0];
        let adv_eg = [0, 0, 8, 18, 34, 58, 95, 0];
        let central = if (f == 3 || f == 4) && (r == 3 || r == 4) {
            12
        } else {
            0
        };
        let flank = if (f == 3 || f == 4) && r == 1 { -6 } else { 0 };
        t[0][sq] = S(adv_mg[r as usize] + central + flank, adv_eg[r as usize]);
        // Knights: strongly central.
        t[1][sq] = S(20 - 8 * cd, 12 - 6 * cd);
        // Bishops: mildly central; avoid the back rank corners.
        let back = if r == 0 { -8 } else { 0 };
        t[2][sq] = S(10 - 4 * cd + back, 8 - 3 * cd);
        // Rooks: the seventh rank, central files a little.
        let seventh = if r == 6 { 18 } else { 0 };
        let cfile = if f >= 2 && f <= 5 { 4 } else { 0 };
        t[3][sq] = S(seventh + cfile, if r == 6 { 10 } else { 0 });
        // Queens: stay back early, centralise late.
        let early = if r >= 2 { -4 } else { 0 };
        t[4][sq] = S(early + 4 - cd, 16 - 5 * cd);
        // King: tucked away in the middlegame, central in the endgame.
        let corner = [22, 30, 10, -4, 0, 8, 32, 22];
        let king_mg = if r == 0 { corner[f as usize] } else { -22 * r };
        t[5][sq] = S(king_mg, 30 - 10 * cd);
        sq += 1;
    }
    t
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: [
                S(90, 120),
                S(320, 300),
                S(335, 320),
                S(470, 530),
                S(960, 1000),
                S(0, 0),
            ],
            pst: make_pst(),
            mobility: [S(4, 4), S(5, 5), S(3, 4), S(2, 3)],
            passed: [
                S(0, 0),
                S(2, 8),
                S(4, 12),
                S(8, 22),
                S(18, 44),
                S(36, 80),
                S(60, 130),
                S(0, 0),
            ],
            passed_blocked: S(-6, -20),
            doubled: S(-10, -22),
            isolated: S(-12, -10),
            backward: S(-6, -6),
            bishop_pair: S(28, 48),
            rook_open: S(28, 10),
            rook_semi_open: S(12, 6),
            king_shield: S(12, 0),
            king_attack: [6, 6, 9, 16],
            tempo: S(12, 6),
        }
    }
}

/// The default weights, built once on first use (outside the search's hot loop:
/// the search takes a reference once per search).
pub fn default_weights() -> &'static Weights {
    static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
    W.get_or_init(Weights::default)
}

/// The game phase: 24 with all pieces on, 0 with only kings and pawns.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let b = pos.board();
    let p =
        b.knights().count() + b.bishops().count() + 2 * b.rooks().count() + 4 * b.queens().count();
    (p as i32).min(24)
}

/// Terms of the evaluation, for printing (`eval` command) and tuning.
#[derive(Debug, Clone, Copy, Default)]
pub struct Breakdown {
    pub material: S,
    pub pst: S,
    pub mobility: S,
    pub pawns: S,
    pub passed: S,
    pub pieces: S,
    pub king: S,
}

impl Breakdown {
    pub fn total(&self) -> S {
        self.material
            + self.pst
            + self.mobility
            + self.pawns
            + self.passed
            + self.pieces
            + self.king
    }
}

#[inline]
fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    }
}

fn forward_span(c: Color, sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file());
    let r = sq.rank().index() as u32;
    match c {
        Color::White => Bitboard(file.0 & (!0u64).checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard(file.0 & ((1u64 << (8 * r)) - 1)),
    }
}

fn adjacent_files(f: File) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if f.index() > 0 {
        b |= Bitboard::file(File::new(f.index() - 1).unwrap_or(File::A));
    }
    if f.index() < 7 {
        b |= Bitboard::file(File::new(f.index() + 1).unwrap_or(File::H));
    }
    b
}

fn pawn_attack_set(c: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !Bitboard::file(File::A);
    let not_h = !Bitboard::file(File::H);
    match c {
        Color::White => Bitboard(((pawns & not_a).0 << 7) | ((pawns & not_h).0 << 9)),
        Color::Black => Bitboard(((pawns & not_a).0 >> 9) | ((pawns & not_h).0 >> 7)),
    }
}

/// One side's terms, from White's point of view when `c` is White.
fn side_terms(pos: &Position, c: Color, w: &Weights, out: &mut Breakdown) {
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
            out.material += w.material[role.index()];
            out.pst += w.pst[role.index()][relative(sq, c)];
            let att = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ),
                Role::Rook => rook_attacks(sq, occ),
                Role::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                _ => Bitboard::EMPTY,
            };
            if (1..=4).contains(&role.index()) {
                let i = role.index() - 1;
                out.mobility += w.mobility[i] * (att & safe).count() as i32;
                let hits = (att & king_zone).count() as i32;
                if hits > 0 {
                    attackers += 1;
                    attack_weight += w.king_attack[i] * hits;
                }
            }
            if role == Role::Rook {
                let file = Bitboard::file(sq.file());
                if (file & b.pawns()).is_empty() {
                    out.pieces += w.rook_open;
                } else if (file & our_pawns).is_empty() {
                    out.pieces += w.rook_semi_open;
                }
            }
        }
    }
    if (b.bishops() & us).count() >= 2 {
        out.pieces += w.bishop_pair;
    }
    // King safety: attackers on the zone around the enemy king (middlegame only),
    // growing faster than linearly with the number of attackers.
    if attackers >= 2 {
        let danger = attack_weight * attackers / 2;
        out.king += S(danger.min(500), 0);
    }
    // Our own king's pawn shield.
    let king = pos.king_of(c);
    let shield_zone = match c {
        Color::White => {
            Bitboard(king_attacks(king).0 << 8 | king_attacks(king).0)
                & !Bitboard::rank(Rank::FIRST)
        }
        Color::Black => {
            Bitboard(king_attacks(king).0 >> 8 | king_attacks(king).0)
                & !Bitboard::rank(Rank::EIGHTH)
        }
    };
    if king.relative_rank(c).index() <= 1 {
        out.king += w.king_shield * (shield_zone & our_pawns).count().min(3) as i32;
    }

    // Pawn structure.
    for sq in our_pawns {
        let file_bb = Bitboard::file(sq.file());
        let adj = adjacent_files(sq.file());
        let ahead = forward_span(c, sq);
        if (ahead & our_pawns).any() {
            out.pawns += w.doubled;
        }
        if (adj & our_pawns).is_empty() {
            out.pawns += w.isolated;
        } else {
            // Backward: no friendly pawn beside or behind on adjacent files, and the
            // stop square is attacked by an enemy pawn.
            let behind = !ahead & !file_bb & adj;
            let stop = match c {
                Color::White => sq.offset(0, 1),
                Color::Black => sq.offset(0, -1),
            };
            let support = behind & our_pawns & {
                let r = sq.rank().index() as u32;
                match c {
                    Color::White => Bitboard((1u64 << (8 * (r + 1))).wrapping_sub(1)),
                    Color::Black => Bitboard(!((1u64 << (8 * r)).wrapping_sub(1))),
                }
            };
            if support.is_empty() && stop.is_some_and(|s| their_pawn_attacks.contains(s)) {
                out.pawns += w.backward;
            }
        }
        let passed_mask = (file_bb | adj) & spans_ahead_all(c, sq);
        if (passed_mask & their_pawns).is_empty() {
            let rr = sq.relative_rank(c).index() as usize;
            out.passed += w.passed[rr];
            let stop = match c {
                Color::White => sq.offset(0, 1),
                Color::Black => sq.offset(0, -1),
            };
            if stop.is_some_and(|s| occ.contains(s)) {
                out.passed += w.passed_blocked;
            }
        }
    }
}

/// All squares strictly ahead of `sq`'s rank (from `c`'s side), on every file.
fn spans_ahead_all(c: Color, sq: Square) -> Bitboard {
    let r = sq.rank().index() as u32;
    match c {
        Color::White => Bitboard((!0u64).checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * r)).wrapping_sub(1)),
    }
}

/// The evaluation broken down, from White's point of view.
pub fn breakdown(pos: &Position, w: &Weights) -> Breakdown {
    let mut white = Breakdown::default();
    let mut black = Breakdown::default();
    side_terms(pos, Color::White, w, &mut white);
    side_terms(pos, Color::Black, w, &mut black);
    Breakdown {
        material: white.material - black.material,
        pst: white.pst - black.pst,
        mobility: white.mobility - black.mobility,
        pawns: white.pawns - black.pawns,
        passed: white.passed - black.passed,
        pieces: white.pieces - black.pieces,
        king: white.king - black.king,
    }
}

/// Blends a tapered score by phase.
#[inline]
pub fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (24 - phase)) / 24
}

/// The static evaluation from the side to move's point of view, in centipawns.
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let mut total = breakdown(pos, w).total();
    let stm = if pos.turn() == Color::White { 1 } else { -1 };
    total += w.tempo * stm;
    let ph = phase(pos);
    let mut score = taper(total, ph);
    // Drawish material: scale down when the stronger side has no pawns and little extra.
    let b = pos.board();
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    if (b.pawns() & b.by_color(strong)).is_empty() {
        let minor_only = (b.by_color(strong) & (b.rooks_and_queens())).is_empty()
            && (b.by_color(strong) & (b.knights() | b.bishops())).count() <= 1;
        if minor_only {
            score /= 8;
        } else if score.abs() < 400 {
            score /= 2;
        }
    }
    score * stm
}

/// The static evaluation with the default weights.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, default_weights())
}
