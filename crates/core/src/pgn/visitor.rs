//! The visitor interface of the streaming reader: the reader calls these methods
//! in document order for every game, handing over borrowed bytes, and the visitor
//! decides what to keep. Also the small value types the calls carry.

use super::error::SyntaxError;
use std::fmt;
use std::str::FromStr;

/// A game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
///
/// ```
/// use guoxiang_core::pgn::GameResult;
/// assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert!("2-0".parse::<GameResult>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    #[default]
    Unknown,
}

impl GameResult {
    /// The marker as written in PGN.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result for the exact bytes of a marker.
    pub fn from_bytes(b: &[u8]) -> Option<GameResult> {
        match b {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not one of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a game result (use 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError;

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_bytes(s.trim().as_bytes()).ok_or(ParseResultError)
    }
}

/// The NAG a suffix glyph stands for: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
///
/// ```
/// use guoxiang_core::pgn::nag_from_glyph;
/// assert_eq!(nag_from_glyph(b"!?"), Some(5));
/// assert_eq!(nag_from_glyph(b"?!?"), None);
/// ```
pub fn nag_from_glyph(glyph: &[u8]) -> Option<u8> {
    match glyph {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// Whether the reader should skip what follows (the game's movetext after
/// [`Visitor::end_headers`], or a variation after [`Visitor::begin_variation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[must_use]
pub struct Skip(pub bool);

/// Receives the parts of each game from a [`Reader`](super::Reader), in order:
///
/// 1. [`begin_game`](Visitor::begin_game), then [`begin_headers`](Visitor::begin_headers),
///    [`tag`](Visitor::tag) for each tag pair, [`end_headers`](Visitor::end_headers)
///    (which may skip the movetext);
/// 2. for the movetext, in document order: [`san`](Visitor::san), [`nag`](Visitor::nag),
///    [`comment`](Visitor::comment), [`begin_variation`](Visitor::begin_variation) (which may
///    skip the variation, in which case no `end_variation` follows for it),
///    [`end_variation`](Visitor::end_variation);
/// 3. [`outcome`](Visitor::outcome) once (`None` when the game has no termination marker),
///    and [`end_game`](Visitor::end_game), whose value the reader returns.
///
/// [`error`](Visitor::error) may come anywhere between `begin_game` and `end_game`
/// for a problem the reader recovered from. Move numbers are not reported. Every
/// method but `end_game` has a default that does nothing.
///
/// All byte slices are borrowed from the reader's buffer and are valid only for
/// the call. Tag values come with `\"` and `\\` already unescaped; comments come
/// exactly as written between the braces (or after `;`, without the line end).
///
/// ```
/// use guoxiang_core::pgn::{Reader, Visitor};
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn san(&mut self, _san: &[u8]) { self.0 += 1; }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
/// let pgn = b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n1. d4 1-0\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut v = CountMoves(0);
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(5));
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(1));
/// assert_eq!(reader.read_game(&mut v).unwrap(), None);
/// ```
pub trait Visitor {
    /// What the visitor makes of one game.
    type Output;

    /// A game starts.
    fn begin_game(&mut self) {}
    /// The tag section starts (it may be empty).
    fn begin_headers(&mut self) {}
    /// A tag pair such as `[White "Tal, Mikhail"]`, value unescaped.
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let _ = (name, value);
    }
    /// The tag section is over. Return `Skip(true)` to skip the movetext
    /// (`outcome` and `end_game` are still called).
    fn end_headers(&mut self) -> Skip {
        Skip(false)
    }
    /// A move in Standard Algebraic Notation, as written (for example `Nbd7+`,
    /// `O-O`, `exd8=Q#`, `0-0`, `--`); not checked by the reader.
    fn san(&mut self, san: &[u8]) {
        let _ = san;
    }
    /// A numeric annotation glyph: `$n`, or a suffix glyph such as `!?` (5).
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }
    /// The text of a `{ }` or `;` comment.
    fn comment(&mut self, comment: &[u8]) {
        let _ = comment;
    }
    /// A `(` opens a variation. Return `Skip(true)` to skip it up to its `)`.
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }
    /// The `)` closing a variation that was not skipped.
    fn end_variation(&mut self) {}
    /// The game's termination marker, or `None` when the game ended without one.
    fn outcome(&mut self, outcome: Option<GameResult>) {
        let _ = outcome;
    }
    /// A problem the reader recovered from, inside this game.
    fn error(&mut self, error: &SyntaxError) {
        let _ = error;
    }
    /// The game is over; what the visitor returns is what `read_game` gives.
    fn end_game(&mut self) -> Self::Output;
}
