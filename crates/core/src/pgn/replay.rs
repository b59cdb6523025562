//! Replaying games with full legality checks: the [`Replay`] visitor (streaming,
//! no tree), and conversions between [`GameRecord`] and moves on a [`Position`].

use super::record::{GameRecord, MoveNode};
use super::visitor::{GameResult, Skip, Visitor};
use crate::fen::STARTING_FEN;
use crate::san::{San, SanError};
use crate::{FenError, Move, Position};

/// The names of standard chess in a `Variant` tag, as python-chess knows them (case
/// and outer spaces do not matter).
const STANDARD_VARIANTS: [&str; 5] = ["standard", "chess", "classical", "normal", "from position"];

/// Whether a `Variant` tag's value names standard chess.
fn is_standard_variant(name: &str) -> bool {
    let name = name.trim();
    STANDARD_VARIANTS
        .iter()
        .any(|v| v.eq_ignore_ascii_case(name))
}

/// The move `san` means in `pos`, and the position after it. A null move (`--`,
/// `Z0`) passes the turn, as python-chess reads it, unless the side to move is in
/// check (passing would leave its king attacked).
#[inline]
fn play_san(san: &[u8], pos: &mut Position) -> Result<Move, SanError> {
    match San::from_ascii(san)? {
        San::Null => match pos.null_move() {
            Some(next) => {
                *pos = next;
                Ok(Move::NULL)
            }
            None => Err(SanError::Illegal {
                san: String::from_utf8_lossy(san).into_owned(),
                reason: "a null move cannot answer a check",
            }),
        },
        s => {
            let m = s.to_move(pos)?;
            pos.play_unchecked(m);
            Ok(m)
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
    /// The `Variant` tag names a variant other than standard chess.
    #[error("variant {variant} is not supported (only standard chess is)")]
    UnsupportedVariant {
        /// The tag's value.
        variant: String,
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

/// A [`Visitor`] that plays every move with full legality checks (SAN, or long
/// algebraic/UCI such as `g1f3`, read with [`San::from_ascii`] and matched with
/// [`San::to_move`], then [`Position::play_unchecked`]). Games may start from a `FEN`
/// tag. A null move (`--`, `Z0`) passes the turn, as python-chess reads it, and is
/// kept as [`Move::NULL`]; a `Variant` tag other than standard chess stops the game
/// with [`ReplayError::UnsupportedVariant`]. By default variations are skipped;
/// [`Replay::with_variations`] checks them too.
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
        if name == b"Variant" {
            let variant = String::from_utf8_lossy(value);
            if !is_standard_variant(&variant) {
                // This says more than whatever else went wrong (a Chess960 FEN, say).
                self.error = Some(ReplayError::UnsupportedVariant {
                    variant: variant.trim().to_owned(),
                });
                if let Some(main) = self.lines.first_mut() {
                    main.dead = true;
                }
            }
            return;
        }
        if name != b"FEN" {
            return;
        }
        if self.lines.first().is_some_and(|l| l.dead) {
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
        if self.variations {
            line.before.clone_from(&line.pos);
        }
        match play_san(san, &mut line.pos) {
            Ok(m) => {
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
        if let Some(variant) = self.tag("Variant") {
            if !is_standard_variant(variant) {
                return Err(ReplayError::UnsupportedVariant {
                    variant: variant.trim().to_owned(),
                });
            }
        }
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
    /// Variations are checked as well when `variations` is true. A null move
    /// (`--`, `Z0`) passes the turn and is returned as [`Move::NULL`] (replay it
    /// with [`Position::null_move`]); a `Variant` other than standard chess is
    /// [`ReplayError::UnsupportedVariant`].
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
                if variations {
                    for v in &node.variations {
                        work.push((v, pos.clone(), ply - 1, depth + 1));
                    }
                }
                let m = play_san(node.san.as_bytes(), &mut pos).map_err(|error| {
                    ReplayError::IllegalMove {
                        ply,
                        depth,
                        san: node.san.clone(),
                        error,
                    }
                })?;
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
