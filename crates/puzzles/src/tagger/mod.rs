//! The tagger: which themes a puzzle shows, from its position and line alone. It
//! replays the line once ([`Replay`]) and hands it to one detector per family of
//! themes — mates and mating patterns ([`mates`]), pins and skewers ([`pins`]),
//! discovered and double checks ([`discovered`]), the other tactics ([`tactics`])
//! and the endings, phases, lengths and size of the gain ([`endings`]). Every
//! detector is a pure function of the replay; no engine search runs here (the one
//! search, "could the opponent mate if the solver passed", is a two-move mate
//! search of our own). docs/PUZZLES.md states each rule.

use guoxiang_core::{attacks, Bitboard, Color, Move, Position, Role, Square};

use crate::{Goal, Theme};

mod discovered;
mod endings;
mod mates;
mod pins;
mod tactics;

/// What the tagger reads.
pub struct TagInput<'a> {
    pub before: &'a Position,
    pub mistake: Move,
    pub start: &'a Position,
    pub line: &'a [Move],
    pub goal: Goal,
}

/// The themes of a puzzle, sorted, without duplicates. A line that stops being
/// legal is read up to its last legal move.
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_puzzles::{tagger::{tag, TagInput}, Goal, Theme};
/// // Black's rook leaves the back rank, and White mates there at once.
/// let before = Position::from_fen("r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30").unwrap();
/// let mistake = before.parse_uci("a8a2").unwrap();
/// let start = before.after(mistake);
/// let line = [start.parse_uci("d1d8").unwrap()];
/// let themes = tag(&TagInput { before: &before, mistake, start: &start, line: &line, goal: Goal::Mate(1) });
/// assert!(themes.contains(&Theme::MateIn1));
/// assert!(themes.contains(&Theme::BackRankMate));
/// ```
pub fn tag(input: &TagInput) -> Vec<Theme> {
    let replay = Replay::new(input);
    let mut out = Vec::new();
    mates::tag(&replay, &mut out);
    pins::tag(&replay, &mut out);
    discovered::tag(&replay, &mut out);
    tactics::tag(&replay, &mut out);
    endings::tag(&replay, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

/// A puzzle's line played out: `pos[0]` is the start (solver to move) and
/// `pos[i + 1]` the position after `moves[i]`; the solver plays the even moves.
pub(crate) struct Replay {
    pub before: Position,
    /// The opponent's mistake, if it is legal in `before`.
    pub mistake: Option<Move>,
    pub pos: Vec<Position>,
    pub moves: Vec<Move>,
    pub goal: Goal,
    pub solver: Color,
}

impl Replay {
    pub fn new(input: &TagInput) -> Replay {
        let mut pos = vec![input.start.clone()];
        let mut moves = Vec::new();
        for &m in input.line {
            let last = &pos[pos.len() - 1];
            if !last.is_legal(m) {
                break;
            }
            let next = last.after(m);
            pos.push(next);
            moves.push(m);
        }
        Replay {
            before: input.before.clone(),
            mistake: input
                .before
                .is_legal(input.mistake)
                .then_some(input.mistake),
            pos,
            moves,
            goal: input.goal,
            solver: input.start.turn(),
        }
    }

    pub fn opp(&self) -> Color {
        !self.solver
    }

    /// The position at the end of the line.
    pub fn last(&self) -> &Position {
        &self.pos[self.pos.len() - 1]
    }

    /// The indices of the solver's moves.
    pub fn solver_moves(&self) -> impl Iterator<Item = usize> {
        (0..self.moves.len()).step_by(2)
    }

    /// How many moves the solver makes.
    pub fn solver_move_count(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    /// The role captured by move `i`, if it captures.
    pub fn captured(&self, i: usize) -> Option<Role> {
        captured(&self.pos[i], self.moves[i])
    }

    /// Whether a solver move after move `i` takes the opponent's piece that stands
    /// on `sq` after move `i`, wherever the opponent moves it in between.
    pub fn later_takes(&self, i: usize, sq: Square) -> bool {
        let mut at = sq;
        for k in i + 1..self.moves.len() {
            let m = self.moves[k];
            if k % 2 == 1 {
                if m.from() == at {
                    at = landing(m);
                }
            } else if m.to() == at {
                return self.captured(k).is_some();
            }
        }
        false
    }

    /// Solver material minus opponent material in `pos[i]`.
    pub fn balance(&self, i: usize) -> i32 {
        balance(&self.pos[i], self.solver)
    }
}

/// The usual piece values in pawns (the king counts 0).
pub(crate) fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The material of `color` in pawns.
pub(crate) fn material(pos: &Position, color: Color) -> i32 {
    pos.board()
        .pieces()
        .filter(|(_, p)| p.color == color)
        .map(|(_, p)| value(p.role))
        .sum()
}

/// `color`'s material minus the other side's.
pub(crate) fn balance(pos: &Position, color: Color) -> i32 {
    material(pos, color) - material(pos, !color)
}

/// The role `m` captures in `pos` (en passant takes a pawn; castling nothing).
pub(crate) fn captured(pos: &Position, m: Move) -> Option<Role> {
    if m.is_en_passant() {
        return Some(Role::Pawn);
    }
    if m.is_castle() {
        return None;
    }
    match pos.board().piece_at(m.to()) {
        Some(p) if p.color != pos.turn() => Some(p.role),
        _ => None,
    }
}

/// Where the piece that makes `m` stands afterwards (the king, for castling).
pub(crate) fn landing(m: Move) -> Square {
    if m.is_castle() {
        m.king_to()
    } else {
        m.to()
    }
}

/// The squares the piece on `sq` attacks in `pos` (empty if there is none).
pub(crate) fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    attacks_with(pos, sq, pos.board().occupied())
}

/// The squares the piece on `sq` attacks with `occupied` filled.
pub(crate) fn attacks_with(pos: &Position, sq: Square, occupied: Bitboard) -> Bitboard {
    match pos.board().piece_at(sq) {
        Some(p) => attacks::attacks(p.color, p.role, sq, occupied),
        None => Bitboard::EMPTY,
    }
}

/// Whether some square of `set` satisfies `f` (the bitboard's own `any` means "not empty").
pub(crate) fn any_square(set: Bitboard, mut f: impl FnMut(Square) -> bool) -> bool {
    for sq in set {
        if f(sq) {
            return true;
        }
    }
    false
}

/// The role of the piece on `sq`, if any.
pub(crate) fn role_at(pos: &Position, sq: Square) -> Option<Role> {
    pos.board().role_at(sq)
}

/// Whether the piece on `sq` (of `color`) is en prise: attacked by the other side,
/// and either undefended or attacked by something worth less. An attacker pinned
/// to its own king off the line of the capture does not count.
pub(crate) fn en_prise(pos: &Position, sq: Square, color: Color) -> bool {
    let Some(role) = role_at(pos, sq) else {
        return false;
    };
    let board = pos.board();
    let occ = board.occupied();
    let mut attackers = board.attackers_of(sq, !color, occ);
    for a in attackers {
        if pinned_off_line(pos, a, sq) {
            attackers = attackers.without(a);
        }
    }
    if attackers.is_empty() {
        return false;
    }
    let defenders = board.attackers_of(sq, color, occ);
    let cheapest = attackers
        .filter_map(|a| role_at(pos, a))
        .map(value)
        .min()
        .unwrap_or(i32::MAX);
    defenders.is_empty() || cheapest < value(role)
}

/// Whether the piece on `a` is pinned to its own king so that it cannot go to `to`.
fn pinned_off_line(pos: &Position, a: Square, to: Square) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(a) else {
        return false;
    };
    if piece.role == Role::King {
        return false;
    }
    let Some(king) = board.king_of(piece.color) else {
        return false;
    };
    let occ = board.occupied();
    let sliders = board.rooks_and_queens() | board.bishops_and_queens();
    let exposed = board.attackers_of(king, !piece.color, occ.without(a))
        & sliders
        & !board.attackers_of(king, !piece.color, occ);
    any_square(exposed, |pinner| {
        pinner != to && !attacks::aligned(king, pinner, to)
    })
}
