//! The game a review reads: exactly one game of PGN, every mainline move legal,
//! at most [`MAX_PGN`] bytes. A refusal says what is wrong and where (the PGN
//! reader's line and column, or the move's number and text).

use guoxiang_core::pgn::{GameRecord, Reader, ReplayError};
use guoxiang_core::{Color, Move, Position};

/// The largest PGN a review accepts (64 KiB).
pub const MAX_PGN: usize = 64 * 1024;

/// Why a PGN cannot be reviewed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    #[error("the PGN is larger than {MAX_PGN} bytes")]
    TooLarge,
    #[error("the PGN holds no game")]
    NoGame,
    #[error("the PGN holds more than one game (the second starts at {at}); send one")]
    SeveralGames { at: String },
    #[error("the game has no moves to review")]
    NoMoves,
    /// A syntax error of the PGN reader, with its place.
    #[error("bad PGN: {0}")]
    Syntax(String),
    /// The start position or a move (with its number) that does not fit.
    #[error("bad PGN: {0}")]
    Replay(String),
}

/// The headers a review shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// A game to review.
#[derive(Debug, Clone)]
pub struct Game {
    pub header: Header,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// Reads the one game of `pgn`.
///
/// ```
/// use guoxiang_server::review::source::{parse, SourceError};
/// let g = parse("[White \"Ann\"]\n\n1. e4 e5 2. Nf3 1-0").unwrap();
/// assert_eq!((g.header.white.as_str(), g.header.result.as_str()), ("Ann", "1-0"));
/// assert_eq!(g.moves.len(), 3);
/// let e = parse("1. e4 e5 2. Ke3 *").unwrap_err();
/// assert!(e.to_string().starts_with("bad PGN: 2. Ke3: "), "{e}");
/// assert_eq!(parse("  ").unwrap_err(), SourceError::NoGame);
/// ```
pub fn parse(pgn: &str) -> Result<Game, SourceError> {
    if pgn.len() > MAX_PGN {
        return Err(SourceError::TooLarge);
    }
    let mut reader = Reader::new(pgn.as_bytes());
    let mut games = reader.games();
    let record = match games.next() {
        None => return Err(SourceError::NoGame),
        Some(r) => r.map_err(|e| SourceError::Syntax(e.to_string()))?,
    };
    match games.next() {
        None => {}
        Some(Ok(_)) => {
            drop(games);
            return Err(SourceError::SeveralGames {
                at: reader.game_start().to_string(),
            });
        }
        Some(Err(e)) => return Err(SourceError::Syntax(e.to_string())),
    }
    if let Some(e) = record.errors.first() {
        return Err(SourceError::Syntax(e.to_string()));
    }
    let start = record
        .start_position()
        .map_err(|e| SourceError::Replay(e.to_string()))?;
    let moves = record.replay(false).map_err(|e| match e {
        ReplayError::IllegalMove {
            ply, san, error, ..
        } => SourceError::Replay(format!("{} {san}: {error}", numbered(&start, ply))),
        e => SourceError::Replay(e.to_string()),
    })?;
    if moves.is_empty() {
        return Err(SourceError::NoMoves);
    }
    if moves.contains(&Move::NULL) {
        return Err(SourceError::Replay(
            "a null move (--) cannot be reviewed".into(),
        ));
    }
    Ok(Game {
        header: header(&record),
        start,
        moves,
    })
}

/// How a score sheet numbers the `ply`-th move from `start`: `5.` or `5...`.
///
/// ```
/// use guoxiang_server::review::source::numbered;
/// let start = guoxiang_core::Position::new();
/// assert_eq!((numbered(&start, 1), numbered(&start, 10)), ("1.".into(), "5...".into()));
/// ```
pub fn numbered(start: &Position, ply: u32) -> String {
    let k = u64::from(ply.max(1) - 1) + u64::from(start.turn() == Color::Black);
    let n = u64::from(start.fullmove_number()) + k / 2;
    if k % 2 == 0 {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

fn header(record: &GameRecord) -> Header {
    let tag = |name: &str| {
        record
            .tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .unwrap_or("?")
            .to_owned()
    };
    Header {
        white: tag("White"),
        black: tag("Black"),
        result: record.result.as_str().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_is_wrong_and_where() {
        let e = parse("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qxd8 *").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad PGN: 5. Qxd8: Qxd8 is not a legal move here: \
             no piece of that kind can legally move there",
            "{e:?}"
        );
        let e = parse("[White \"Li Lei\"\n\n1. e4 *").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad PGN: line 1, column 1 (byte 0): malformed tag pair: \
             missing ']' after the tag value"
        );
        let e = parse("1. e4 e5 *\n\n1. d4 d5 *\n").unwrap_err();
        assert!(
            matches!(e, SourceError::SeveralGames { .. }),
            "two games: {e}"
        );
        assert_eq!(
            parse("[White \"A\"]\n\n*").unwrap_err(),
            SourceError::NoMoves
        );
        assert_eq!(
            parse(&"1. e4 e5 ".repeat(8000)).unwrap_err(),
            SourceError::TooLarge
        );
    }

    #[test]
    fn a_game_from_a_fen_tag_starts_there() {
        let g =
            parse("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 1/2-1/2")
                .expect("a legal game");
        assert_eq!(g.start.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.header.white, "?");
        assert_eq!(g.header.result, "1/2-1/2");
        let e =
            parse("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 Kd5 *").unwrap_err();
        assert!(e.to_string().starts_with("bad PGN: 8... Kd5: "), "{e}");
    }
}
