//! Reading a line of moves written in SAN from the standard start, with or without move
//! numbers (`1. e4 e5 2. Nf3`, `1.e4 e5 2.Nf3`, `e4 e5 Nf3`, `1... e5` after a number),
//! replayed by the rules core. An error names the move (its number and the SAN) and why
//! it cannot be played.

use std::fmt;

use guoxiang_core::{Color, Move, Position, SanError};

/// One move of a line: the move, its SAN as the core writes it, and the position before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMove {
    /// The move.
    pub mv: Move,
    /// Its SAN, written by the core (with `+`/`#`).
    pub san: String,
    /// Its UCI text (`e2e4`).
    pub uci: String,
}

/// Where a move stands in a line: its full-move number and the side that plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number (1 for the first move of each side).
    pub number: u32,
    /// The side that plays it.
    pub side: Color,
}

impl MoveNumber {
    /// The number of the ply (0-based) from the standard start.
    pub fn of_ply(ply: usize) -> MoveNumber {
        MoveNumber {
            number: u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX),
            side: if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        }
    }
}

impl fmt::Display for MoveNumber {
    /// `3.` for White's third move, `3...` for Black's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Color::White => write!(f, "{}.", self.number),
            Color::Black => write!(f, "{}...", self.number),
        }
    }
}

/// A line that cannot be replayed: the move that fails and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} {san}: {source}")]
pub struct LineError {
    /// The 0-based ply of the failing move.
    pub ply: usize,
    /// Its move number (`3.` or `3...`).
    pub number: MoveNumber,
    /// The text of the move as written.
    pub san: String,
    /// Why the core refuses it.
    pub source: SanError,
}

/// Replays `text` from the standard start and returns its moves.
///
/// ```
/// use guoxiang_openings::read_line;
/// let moves = read_line("1.e4 e5 2. Nf3 Nc6 3.Bc4").unwrap();
/// assert_eq!(moves.len(), 5);
/// assert_eq!(moves[4].uci, "f1c4");
/// assert_eq!(read_line("e4 e5 Nf3").unwrap().len(), 3);
/// let err = read_line("1. e4 e5 2. Ke3").unwrap_err();
/// assert_eq!((err.ply, err.san.as_str()), (2, "Ke3"));
/// assert!(err.to_string().starts_with("move 2. Ke3: "));
/// ```
pub fn read_line(text: &str) -> Result<Vec<LineMove>, LineError> {
    let mut pos = Position::new();
    let mut out = Vec::new();
    for token in tokens(text) {
        let ply = out.len();
        let mv = pos.parse_san(token).map_err(|source| LineError {
            ply,
            number: MoveNumber::of_ply(ply),
            san: token.to_string(),
            source,
        })?;
        let san = pos.san(mv);
        pos.play_unchecked(mv);
        out.push(LineMove {
            mv,
            san,
            uci: mv.to_uci(),
        });
    }
    Ok(out)
}

/// The move tokens of `text`: whitespace-separated, with move numbers (`12.`, `12...`,
/// and a number glued to its move, `12.Nf3`) taken away.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().filter_map(|word| {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &word[digits..];
        let dots = rest.bytes().take_while(|&b| b == b'.').count();
        let token = if digits > 0 && dots > 0 {
            &rest[dots..]
        } else {
            word
        };
        (!token.is_empty()).then_some(token)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_optional_and_may_be_glued_to_the_move() {
        let words: Vec<&str> = tokens("1.e4 e5 2. Nf3 2... Nc6 3.Bc4").collect();
        assert_eq!(words, ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    }

    #[test]
    fn a_black_move_is_numbered_with_three_dots() {
        let err = read_line("1. e4 e5 2. d4 Qe9").unwrap_err();
        assert_eq!(err.number.to_string(), "2...");
        assert_eq!(err.san, "Qe9");
    }

    #[test]
    fn an_empty_line_has_no_moves() {
        assert!(read_line("  ").unwrap().is_empty());
    }
}
