//! Replaying games with full legality checks: the [`Replay`] visitor (streaming,
//! no tree), and conversions between [`GameRecord`] and moves on a [`Position`].

use super::record::{GameRecord, MoveNode};
use super::visitor::{GameResult, Skip, Visitor};
use crate::fen::STARTING_FEN;
use crate::movegen::{PawnKind, Sink};
use crate::position::role_bit;
use crate::san::{San, SanError};
use crate::{Bitboard, CastlingSide, FenError, File, Move, MoveKind, Position, Rank, Role, Square};

/// Reads SAN: the plain shapes (`Nbd7`, `exd5`, `e8=Q+`, `O-O`, ...) directly,
/// everything else with [`San::from_ascii`]. Gives exactly what `from_ascii`
/// gives (checked by a property test).
#[inline]
fn read_san(bytes: &[u8]) -> Result<San, SanError> {
    match quick_san(bytes) {
        Some(san) => Ok(san),
        None => San::from_ascii(bytes),
    }
}

/// The common SAN shapes, or `None` to leave the input to [`San::from_ascii`].
#[inline]
fn quick_san(bytes: &[u8]) -> Option<San> {
    let s = match bytes {
        [rest @ .., b'+' | b'#'] => rest,
        _ => bytes,
    };
    let (role, rest) = match *s.first()? {
        b'N' => (Role::Knight, &s[1..]),
        b'B' => (Role::Bishop, &s[1..]),
        b'R' => (Role::Rook, &s[1..]),
        b'Q' => (Role::Queen, &s[1..]),
        b'K' => (Role::King, &s[1..]),
        b'a'..=b'h' => (Role::Pawn, s),
        b'O' => {
            return match s {
                b"O-O" => Some(San::Castle(CastlingSide::KingSide)),
                b"O-O-O" => Some(San::Castle(CastlingSide::QueenSide)),
                _ => None,
            }
        }
        _ => return None,
    };
    let (rest, promotion) = match rest {
        [head @ .., b'=', p] if role == Role::Pawn => {
            let r = match p {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                _ => return None,
            };
            (head, Some(r))
        }
        _ => (rest, None),
    };
    let [body @ .., f, r] = rest else {
        return None;
    };
    let to = Square::from_coords(file_of(*f)?, rank_of(*r)?);
    let (body, capture) = match body {
        [head @ .., b'x'] => (head, true),
        _ => (body, false),
    };
    let (file, rank) = match (role, body) {
        (_, []) => (None, None),
        (Role::Pawn, [c]) if capture => (Some(file_of(*c)?), None),
        (Role::Pawn, _) => return None,
        (_, [c]) => match (file_of(*c), rank_of(*c)) {
            (Some(f), _) => (Some(f), None),
            (None, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        (_, [f, r]) => (Some(file_of(*f)?), Some(rank_of(*r)?)),
        _ => return None,
    };
    Some(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

#[inline]
fn file_of(b: u8) -> Option<File> {
    if b.is_ascii_lowercase() {
        File::new(b.wrapping_sub(b'a'))
    } else {
        None
    }
}

#[inline]
fn rank_of(b: u8) -> Option<Rank> {
    if b.is_ascii_digit() {
        Rank::new(b.wrapping_sub(b'1'))
    } else {
        None
    }
}

/// The legal move `san` means in `pos`.
///
/// A quick match for the common case, exactly one legal candidate, following
/// the rules of [`San::to_move`] while the legal moves are generated (nothing
/// is listed); everything else (castling, null moves, errors, ambiguity) goes to
/// `San::to_move` itself, so results and error messages are exactly its. The
/// candidates come from legal move generation: nothing illegal gets through.
#[inline]
fn san_to_move(san: &San, pos: &Position) -> Result<Move, SanError> {
    if let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    {
        let mut matcher = Matcher {
            file,
            rank,
            pawn_file: (role == Role::Pawn && file.is_none() && !capture).then(|| to.file()),
            promotion,
            count: 0,
            found: None,
        };
        pos.generate_for(&mut matcher, role_bit(role), Bitboard::from_square(to));
        if let (1, Some(m)) = (matcher.count, matcher.found) {
            return Ok(m);
        }
    }
    san.to_move(pos)
}

/// Counts the legal moves that fit a SAN move's constraints, as they are generated.
struct Matcher {
    file: Option<File>,
    rank: Option<Rank>,
    /// A pawn written without a file and without capture stays on this file.
    pawn_file: Option<File>,
    promotion: Option<Role>,
    count: u32,
    found: Option<Move>,
}

impl Matcher {
    #[inline]
    fn origin_fits(&self, from: Square) -> bool {
        self.file.is_none_or(|f| from.file() == f)
            && self.rank.is_none_or(|r| from.rank() == r)
            && self.pawn_file.is_none_or(|f| from.file() == f)
    }

    #[inline]
    fn hit(&mut self, m: Move) {
        self.count += 1;
        self.found = Some(m);
    }
}

impl Sink for Matcher {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        if self.promotion.is_none() && self.origin_fits(from) {
            for to in targets {
                self.hit(Move::normal(from, to));
            }
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, offset: i8, kind: PawnKind) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - offset as i32) as u32);
            if !self.origin_fits(from) {
                continue;
            }
            match (kind, self.promotion) {
                (PawnKind::Normal, None) => self.hit(Move::normal(from, to)),
                (PawnKind::Double, None) => self.hit(Move::new(from, to, MoveKind::DoublePush)),
                (PawnKind::Promotion, Some(r)) => {
                    self.hit(Move::new(from, to, MoveKind::Promotion(r)))
                }
                _ => {}
            }
        }
    }

    #[inline]
    fn one(&mut self, m: Move) {
        if !m.is_castle() && m.promotion() == self.promotion && self.origin_fits(m.from()) {
            self.hit(m);
        }
    }
}

/// Why a game could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The `FEN` tag does not give a legal position.
    #[error("bad FEN tag {fen:?}: {error}")]
    InvalidFen {
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        error: FenError,
    },
    /// A move is not SAN, or not legal where it is played. `ply` is its number
    /// of half-moves from the start of the game (1 for the first), along the
    /// line it is in; `depth` is 0 for the mainline.
    #[error("move {ply} ({san}){}: {error}", if *depth > 0 { " in a variation" } else { "" })]
    IllegalMove {
        /// Half-moves from the start of the game, this one included.
        ply: u32,
        /// Variation nesting (0: the mainline).
        depth: u32,
        /// The move as written.
        san: String,
        /// Why it does not fit.
        error: SanError,
    },
}

/// A game replayed by [`Replay`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// The position after the last legal mainline move.
    pub end: Position,
    /// Mainline moves played.
    pub plies: u32,
    /// The mainline moves, when [`Replay::keep_moves`] is on (else empty).
    pub moves: Vec<Move>,
    /// The termination marker, if the movetext has one.
    pub result: Option<GameResult>,
    /// The first problem, if any. The mainline stops at an illegal move; a
    /// variation with one is abandoned (the mainline goes on).
    pub error: Option<ReplayError>,
}

/// Variations nested deeper than this are skipped by [`Replay`].
pub const MAX_REPLAY_DEPTH: usize = 256;

/// One open line while replaying variations.
struct Line {
    pos: Position,
    /// The position before the last move of the line (variations start there).
    before: Position,
    ply: u32,
    dead: bool,
}

/// A [`Visitor`] that plays every move with full legality checks
/// (SAN read with [`San::from_ascii`], matched against the legal moves with the
/// rules of [`San::to_move`], then [`Position::play_unchecked`]). Games may start from a `FEN` tag. By default
/// variations are skipped; [`Replay::with_variations`] checks them too.
///
/// ```
/// use guoxiang_core::pgn::{Reader, Replay};
/// let pgn = b"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Ke3 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut replay = Replay::new();
/// let game = reader.read_game(&mut replay).unwrap().unwrap();
/// assert!(game.end.is_checkmate());
/// assert_eq!(game.plies, 4);
/// let bad = reader.read_game(&mut replay).unwrap().unwrap();
/// assert_eq!(bad.plies, 2);
/// assert_eq!(bad.error.unwrap().to_string(),
///     "move 3 (Ke3): Ke3 is not a legal move here: no piece of that kind can legally move there");
/// ```
pub struct Replay {
    variations: bool,
    keep_moves: bool,
    /// `lines[0]` is the mainline.
    lines: Vec<Line>,
    moves: Vec<Move>,
    result: Option<GameResult>,
    error: Option<ReplayError>,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay::new()
    }
}

impl Replay {
    /// Replays mainlines only.
    pub fn new() -> Replay {
        Replay {
            variations: false,
            keep_moves: false,
            lines: Vec::with_capacity(8),
            moves: Vec::new(),
            result: None,
            error: None,
        }
    }

    /// Replays variations too (nested up to [`MAX_REPLAY_DEPTH`]).
    pub fn with_variations(mut self) -> Replay {
        self.variations = true;
        self
    }

    /// Keeps the mainline moves in [`Replayed::moves`].
    pub fn keep_moves(mut self) -> Replay {
        self.keep_moves = true;
        self
    }

    fn fail(&mut self, error: ReplayError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }
}

impl Visitor for Replay {
    type Output = Replayed;

    fn begin_game(&mut self) {
        self.lines.clear();
        self.lines.push(Line {
            pos: Position::new(),
            before: Position::new(),
            ply: 0,
            dead: false,
        });
        self.moves = Vec::new();
        self.result = None;
        self.error = None;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if name != b"FEN" {
            return;
        }
        let text = String::from_utf8_lossy(value);
        match Position::from_fen_with(text.trim(), crate::FenMode::Lenient) {
            Ok(pos) => {
                if let Some(main) = self.lines.first_mut() {
                    main.before = pos.clone();
                    main.pos = pos;
                }
            }
            Err(error) => {
                self.fail(ReplayError::InvalidFen {
                    fen: text.into_owned(),
                    error,
                });
                if let Some(main) = self.lines.first_mut() {
                    main.dead = true;
                }
            }
        }
    }

    fn end_headers(&mut self) -> Skip {
        Skip(self.lines.first().is_some_and(|l| l.dead))
    }

    fn san(&mut self, san: &[u8]) {
        let depth = self.lines.len().saturating_sub(1);
        let Some(line) = self.lines.last_mut() else {
            return;
        };
        if line.dead {
            return;
        }
        line.ply += 1;
        match read_san(san).and_then(|s| san_to_move(&s, &line.pos)) {
            Ok(m) => {
                if self.variations {
                    line.before.clone_from(&line.pos);
                }
                line.pos.play_unchecked(m);
                if depth == 0 && self.keep_moves {
                    self.moves.push(m);
                }
            }
            Err(error) => {
                line.dead = true;
                let ply = line.ply;
                self.fail(ReplayError::IllegalMove {
                    ply,
                    depth: depth as u32,
                    san: String::from_utf8_lossy(san).into_owned(),
                    error,
                });
            }
        }
    }

    fn begin_variation(&mut self) -> Skip {
        let dead = self.lines.last().is_none_or(|l| l.dead);
        if !self.variations || dead || self.lines.len() > MAX_REPLAY_DEPTH {
            return Skip(true);
        }
        let Some(parent) = self.lines.last() else {
            return Skip(true);
        };
        let start = parent.before.clone();
        let ply = parent.ply.saturating_sub(1);
        self.lines.push(Line {
            pos: start.clone(),
            before: start,
            ply,
            dead: false,
        });
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }

    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.result = outcome;
    }

    fn end_game(&mut self) -> Replayed {
        self.lines.truncate(1);
        let (end, plies) = match self.lines.pop() {
            // A dead mainline counted the illegal move too.
            Some(main) => {
                let plies = main.ply - u32::from(main.dead && main.ply > 0);
                (main.pos, plies)
            }
            None => (Position::new(), 0),
        };
        Replayed {
            end,
            plies,
            moves: std::mem::take(&mut self.moves),
            result: self.result.take(),
            error: self.error.take(),
        }
    }
}

impl GameRecord {
    /// The starting position: from the `FEN` tag, or the standard one.
    pub fn start_position(&self) -> Result<Position, ReplayError> {
        match self.fen() {
            None => Ok(Position::new()),
            Some(fen) => {
                Position::from_fen_with(fen.trim(), crate::FenMode::Lenient).map_err(|error| {
                    ReplayError::InvalidFen {
                        fen: fen.to_string(),
                        error,
                    }
                })
            }
        }
    }

    /// Replays the mainline with full legality checks and returns its moves.
    /// Variations are checked as well when `variations` is true.
    ///
    /// ```
    /// use guoxiang_core::pgn::GameRecord;
    /// let game = GameRecord::from_sans(["e4", "e5", "Nf3"]);
    /// assert_eq!(game.replay(true).unwrap().len(), 3);
    /// assert!(GameRecord::from_sans(["e4", "e4"]).replay(false).is_err());
    /// ```
    pub fn replay(&self, variations: bool) -> Result<Vec<Move>, ReplayError> {
        let start = self.start_position()?;
        let mut moves = Vec::with_capacity(self.moves.len());
        // (line, position before its first move, plies before it, depth)
        let mut work: Vec<(&[MoveNode], Position, u32, u32)> = vec![(&self.moves, start, 0, 0)];
        while let Some((line, mut pos, before, depth)) = work.pop() {
            for (i, node) in line.iter().enumerate() {
                let ply = before + i as u32 + 1;
                let m = read_san(node.san.as_bytes())
                    .and_then(|s| san_to_move(&s, &pos))
                    .map_err(|error| ReplayError::IllegalMove {
                        ply,
                        depth,
                        san: node.san.clone(),
                        error,
                    })?;
                if variations {
                    for v in &node.variations {
                        work.push((v, pos.clone(), ply - 1, depth + 1));
                    }
                }
                pos.play_unchecked(m);
                if depth == 0 {
                    moves.push(m);
                }
            }
        }
        Ok(moves)
    }

    /// A game record of `moves` played from `start` (SAN written with `+`/`#`);
    /// a `FEN` tag is set when `start` is not the standard position.
    ///
    /// ```
    /// use guoxiang_core::{pgn::GameRecord, Position};
    /// let pos = Position::new();
    /// let m = pos.parse_san("Nf3").unwrap();
    /// let game = GameRecord::from_moves(&pos, &[m]).unwrap();
    /// assert_eq!(game.mainline().collect::<Vec<_>>(), ["Nf3"]);
    /// assert!(game.fen().is_none());
    /// ```
    pub fn from_moves(
        start: &Position,
        moves: &[Move],
    ) -> Result<GameRecord, crate::IllegalMoveError> {
        let mut game = GameRecord::new();
        let fen = start.fen();
        if fen != STARTING_FEN {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", fen);
        }
        let mut pos = start.clone();
        for &m in moves {
            if !pos.is_legal(m) {
                return Err(crate::IllegalMoveError { mv: m });
            }
            game.moves.push(MoveNode::new(pos.san(m)));
            pos.play_unchecked(m);
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

        /// Whatever the quick reader accepts, `San::from_ascii` reads the same.
        #[test]
        fn quick_san_agrees_with_from_ascii(s in prop_oneof![
            "[NBRQKP]?[a-i]?[0-9]?[x:-]?[a-i][0-9](=?[NBRQKnbrq])?[+#!?]{0,2}",
            "[O0o]-[O0o](-[O0o])?[+#]?",
            "[NBRQKOPabcdefghx0-9=+#:/() -]{0,8}",
        ]) {
            if let Some(quick) = quick_san(s.as_bytes()) {
                prop_assert_eq!(Ok(quick), San::from_ascii(s.as_bytes()), "{}", s);
            }
        }
    }

    #[test]
    fn quick_san_reads_the_usual_shapes() {
        for s in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1+", "e8=Q#", "fxg1=N", "O-O", "O-O-O+",
            "Kxf2",
        ] {
            assert_eq!(
                quick_san(s.as_bytes()).map(Ok),
                Some(San::from_ascii(s.as_bytes())),
                "{s}"
            );
        }
    }
}
