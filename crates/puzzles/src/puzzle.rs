//! One puzzle: the position after a mistake, the solution line and what is known of
//! it (themes, rating, where it came from, how it was verified), and its JSON line
//! form — the line format of `data/puzzles.jsonl` (docs/PUZZLES.md, "Generation"):
//!
//! ```text
//! {"id":"3fa9c01b","fen":FEN,"moves":[UCI…],"themes":[codes],"rating":1623,"rd":300,
//!  "before":FEN,"mistake":UCI,"goal":"mate"|"win"|"draw","mate":N (mate only),
//!  "source":"selfplay:SEED:GAME:PLY"|"pgn:NAME:GAME:PLY"|"server:GAMEID:PLY",
//!  "margin":0.43,"depth":N,"found":N}
//! ```

use guoxiang_core::{Move, Position};
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::glicko::Rating;
use crate::Theme;

/// The deviation a puzzle's seeded rating starts with.
pub const SEED_RD: f64 = 300.0;
/// The volatility a puzzle's rating starts with (Glicko-2's usual 0.06).
pub const SEED_VOL: f64 = 0.06;

/// A puzzle's stable identifier (8 lower-case hex digits of a hash of its FEN and line).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PuzzleId(pub String);

impl PuzzleId {
    /// The identifier of the puzzle starting at `fen` with this solution: FNV-1a (64
    /// bits) of the FEN, a space and the UCI moves separated by spaces, folded to 32 bits.
    ///
    /// ```
    /// use guoxiang_puzzles::PuzzleId;
    /// let id = PuzzleId::of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]);
    /// assert_eq!(id.0.len(), 8);
    /// assert_eq!(id, PuzzleId::of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]));
    /// ```
    pub fn of<S: AsRef<str>>(fen: &str, moves: &[S]) -> PuzzleId {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in bytes {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(fen.as_bytes());
        for m in moves {
            eat(b" ");
            eat(m.as_ref().as_bytes());
        }
        PuzzleId(format!("{:08x}", (h ^ (h >> 32)) as u32))
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the solver achieves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Mate in this many solver moves; the line ends in mate.
    Mate(u8),
    /// A decisive gain (material or a winning position) that the line wins.
    Win,
    /// A draw saved from a lost position (perpetual check, stalemate).
    Draw,
}

impl Goal {
    /// `"mate"`, `"win"` or `"draw"`, as in the data file and the API.
    pub fn code(self) -> &'static str {
        match self {
            Goal::Mate(_) => "mate",
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }
}

/// Where the puzzle was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Our engine's self-play: the generator's seed, the game's number and the ply of the mistake.
    SelfPlay { seed: u64, game: u32, ply: u16 },
    /// A PGN file: its name, the game's number in it (from 1) and the ply of the mistake.
    Pgn { file: String, game: u32, ply: u16 },
    /// A game stored on the server.
    Server { game: String, ply: u16 },
}

impl fmt::Display for Source {
    /// `selfplay:SEED:GAME:PLY`, `pgn:NAME:GAME:PLY` or `server:GAMEID:PLY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::SelfPlay { seed, game, ply } => write!(f, "selfplay:{seed}:{game}:{ply}"),
            Source::Pgn { file, game, ply } => write!(f, "pgn:{file}:{game}:{ply}"),
            Source::Server { game, ply } => write!(f, "server:{game}:{ply}"),
        }
    }
}

impl std::str::FromStr for Source {
    type Err = String;

    /// Reads the form [`Source`]'s `Display` writes (a PGN file's name may hold `:`).
    fn from_str(s: &str) -> Result<Source, String> {
        let bad = || {
            format!("source {s:?} is not selfplay:SEED:GAME:PLY, pgn:NAME:GAME:PLY or server:GAMEID:PLY")
        };
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        let num = |t: &str| t.parse::<u64>().map_err(|_| bad());
        match kind {
            "selfplay" => {
                let parts: Vec<&str> = rest.split(':').collect();
                let [seed, game, ply] = parts[..] else {
                    return Err(bad());
                };
                Ok(Source::SelfPlay {
                    seed: num(seed)?,
                    game: u32::try_from(num(game)?).map_err(|_| bad())?,
                    ply: u16::try_from(num(ply)?).map_err(|_| bad())?,
                })
            }
            "pgn" => {
                let mut it = rest.rsplitn(3, ':');
                let (ply, game, file) = (it.next(), it.next(), it.next());
                let (Some(ply), Some(game), Some(file)) = (ply, game, file) else {
                    return Err(bad());
                };
                Ok(Source::Pgn {
                    file: file.to_owned(),
                    game: u32::try_from(num(game)?).map_err(|_| bad())?,
                    ply: u16::try_from(num(ply)?).map_err(|_| bad())?,
                })
            }
            "server" => {
                let (game, ply) = rest.rsplit_once(':').ok_or_else(bad)?;
                Ok(Source::Server {
                    game: game.to_owned(),
                    ply: u16::try_from(num(ply)?).map_err(|_| bad())?,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// How the solution was verified (docs/PUZZLES.md, "Generation").
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Proof {
    /// The smallest win-chance gap between the best and the second-best move over the
    /// solver's moves that had to be unique (1.0 for mate against no mate).
    pub margin: f64,
    /// The smallest depth the confirming searches (4·N1 nodes) reached.
    pub depth: u16,
    /// The largest depth, over the solver's unique moves, from which the search kept
    /// the solution move as its best: how deep one must look to find it.
    pub found: u16,
}

/// A puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    pub id: PuzzleId,
    /// The position before the mistake.
    pub before: Position,
    /// The opponent's mistake, played from `before`; it leads to `start`.
    pub mistake: Move,
    /// The solver to move.
    pub start: Position,
    /// The whole solution: the solver's moves at even indices, the best defence between.
    pub line: Vec<Move>,
    pub goal: Goal,
    pub themes: Vec<Theme>,
    /// The rating seeded from the difficulty (the shipped value; the server updates its own copy).
    pub rating: Rating,
    pub source: Source,
    /// How the line was verified.
    pub proof: Proof,
}

/// A puzzle line that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error("line {line}: {message}")]
    Parse { line: usize, message: String },
}

/// The JSON form of one line of the data file (field order as written).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Json {
    id: String,
    fen: String,
    moves: Vec<String>,
    themes: Vec<String>,
    rating: i64,
    rd: i64,
    before: String,
    mistake: String,
    goal: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mate: Option<u8>,
    source: String,
    margin: f64,
    depth: u16,
    #[serde(default)]
    found: u16,
}

impl Puzzle {
    /// The solution as UCI moves.
    pub fn uci_line(&self) -> Vec<String> {
        self.line.iter().map(|m| m.to_uci()).collect()
    }

    /// The puzzle as one line of the data file (no newline).
    pub fn to_json_line(&self) -> String {
        let json = Json {
            id: self.id.0.clone(),
            fen: self.start.fen(),
            moves: self.uci_line(),
            themes: self.themes.iter().map(|t| t.code().to_owned()).collect(),
            rating: self.rating.rating.round() as i64,
            rd: self.rating.rd.round() as i64,
            before: self.before.fen(),
            mistake: self.mistake.to_uci(),
            goal: self.goal.code().to_owned(),
            mate: match self.goal {
                Goal::Mate(n) => Some(n),
                _ => None,
            },
            source: self.source.to_string(),
            margin: (self.proof.margin * 1000.0).round() / 1000.0,
            depth: self.proof.depth,
            found: self.proof.found,
        };
        // A struct of strings and numbers always serializes.
        serde_json::to_string(&json).unwrap_or_default()
    }

    /// Reads one line of the data file; `line` (from 1) names it in errors. The
    /// moves must be legal from the FEN, the mistake from `before` must lead to it.
    pub fn from_json_line(text: &str, line: usize) -> Result<Puzzle, PuzzleError> {
        let err = |message: String| PuzzleError::Parse { line, message };
        let j: Json = serde_json::from_str(text).map_err(|e| err(e.to_string()))?;
        let start = Position::from_fen(&j.fen).map_err(|e| err(format!("fen: {e}")))?;
        let before = Position::from_fen(&j.before).map_err(|e| err(format!("before: {e}")))?;
        let mistake = before
            .parse_uci(&j.mistake)
            .map_err(|e| err(format!("mistake {}: {e}", j.mistake)))?;
        if before.after(mistake).zobrist() != start.zobrist() {
            return Err(err(format!(
                "the mistake {} does not lead to fen",
                j.mistake
            )));
        }
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(j.moves.len());
        for (i, uci) in j.moves.iter().enumerate() {
            let m = pos
                .parse_uci(uci)
                .map_err(|e| err(format!("move {} ({uci}): {e}", i + 1)))?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        if moves.is_empty() {
            return Err(err("no moves".into()));
        }
        let themes = j
            .themes
            .iter()
            .map(|c| Theme::from_code(c).ok_or_else(|| err(format!("unknown theme {c:?}"))))
            .collect::<Result<Vec<_>, _>>()?;
        let goal = match (j.goal.as_str(), j.mate) {
            ("mate", Some(n)) if n >= 1 => Goal::Mate(n),
            ("mate", _) => return Err(err("a mate puzzle needs \"mate\": N ≥ 1".into())),
            ("win", None) => Goal::Win,
            ("draw", None) => Goal::Draw,
            (g, _) => {
                return Err(err(format!(
                    "goal {g:?} is not mate, win or draw (\"mate\" only with mate)"
                )))
            }
        };
        let source = j.source.parse().map_err(err)?;
        let id = PuzzleId(j.id);
        if id.0.len() != 8
            || !id
                .0
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            return Err(err(format!("id {:?} is not 8 lower-case hex digits", id.0)));
        }
        Ok(Puzzle {
            id,
            before,
            mistake,
            start,
            line: moves,
            goal,
            themes,
            rating: Rating {
                rating: j.rating as f64,
                rd: j.rd as f64,
                vol: SEED_VOL,
            },
            source,
            proof: Proof {
                margin: j.margin,
                depth: j.depth,
                found: j.found,
            },
        })
    }

    /// The position after the whole line.
    pub fn end(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.line {
            pos.play_unchecked(*m);
        }
        pos
    }
}
