//! The table of named openings: `openings.tsv` in this crate (ECO code, key, English
//! name, moves in SAN from the standard start), compiled into the binary and read once.
//! Each line's moves are replayed by guoxiang-core when the index is built; the tests
//! replay them too and refuse an illegal move, a duplicate key or a position named twice.

use std::sync::OnceLock;

use guoxiang_core::{Position, SanError};

/// The table's source: one opening a line, fields separated by a tab, `#` comments.
pub(crate) const SOURCE: &str = include_str!("../openings.tsv");

/// A named opening: a line of moves from the standard start and what it is called.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code (Encyclopaedia of Chess Openings), `A00` to `E99`.
    pub eco: &'static str,
    /// A stable snake_case identifier; the catalogue key of its name is `opening.<key>`.
    pub key: &'static str,
    /// The name in English (the Chinese names live in the message catalogue).
    pub name: &'static str,
    /// The moves in SAN with move numbers, as a reader writes them: `1. e4 e5 2. Nf3`.
    pub moves: &'static str,
}

impl Opening {
    /// The moves in SAN, without move numbers.
    ///
    /// ```
    /// let italian = guoxiang_openings::by_key("italian_game").unwrap();
    /// assert_eq!(italian.sans().collect::<Vec<_>>(), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    /// ```
    pub fn sans(&self) -> impl Iterator<Item = &'static str> {
        self.moves
            .split_whitespace()
            .filter(|token| !token.ends_with('.'))
    }

    /// How many half-moves (plies) the line has.
    pub fn plies(&self) -> usize {
        self.sans().count()
    }

    /// The message-catalogue key of the opening's name: `opening.<key>`.
    ///
    /// ```
    /// let najdorf = guoxiang_openings::by_key("sicilian_najdorf").unwrap();
    /// assert_eq!(najdorf.catalogue_key(), "opening.sicilian_najdorf");
    /// ```
    pub fn catalogue_key(&self) -> String {
        format!("opening.{}", self.key)
    }

    /// The position the line reaches from the standard start.
    pub fn position(&self) -> Result<Position, TableError> {
        let mut pos = Position::new();
        for san in self.sans() {
            let m = pos.parse_san(san).map_err(|source| TableError::Move {
                key: self.key,
                san,
                source,
            })?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}

/// What is wrong with a line of the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("openings.tsv line {line}: expected 4 tab-separated fields (eco, key, name, moves), found {found}")]
    Fields { line: usize, found: usize },
    #[error("openings.tsv line {line}: {field} {value:?} is malformed ({why})")]
    Field {
        line: usize,
        field: &'static str,
        value: &'static str,
        why: &'static str,
    },
    #[error("opening {key}: the move {san} cannot be played: {source}")]
    Move {
        key: &'static str,
        san: &'static str,
        source: SanError,
    },
}

/// Every opening of the table, in the table's order.
///
/// ```
/// let all = guoxiang_openings::all();
/// assert!(all.len() >= 80);
/// assert!(all.iter().any(|o| o.key == "ruy_lopez"));
/// ```
pub fn all() -> &'static [Opening] {
    static TABLE: OnceLock<Vec<Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Invariant: the table compiled in is well formed; tests/table.rs parses it
        // with `parse` and fails on any error.
        parse(SOURCE).expect("openings.tsv is well formed (checked by tests/table.rs)")
    })
}

/// The opening with this key, if the table has one.
///
/// ```
/// assert_eq!(guoxiang_openings::by_key("french_winawer").unwrap().eco, "C15");
/// assert!(guoxiang_openings::by_key("no_such_opening").is_none());
/// ```
pub fn by_key(key: &str) -> Option<&'static Opening> {
    all().iter().find(|o| o.key == key)
}

/// Reads a table in the format of `openings.tsv` (the moves are not replayed here).
pub fn parse(source: &'static str) -> Result<Vec<Opening>, TableError> {
    let mut table = Vec::new();
    for (index, text) in source.lines().enumerate() {
        let line = index + 1;
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&'static str> = text.split('\t').collect();
        let [eco, key, name, moves] = fields[..] else {
            return Err(TableError::Fields {
                line,
                found: fields.len(),
            });
        };
        let bad = |field, value, why| TableError::Field {
            line,
            field,
            value,
            why,
        };
        if !is_eco(eco) {
            return Err(bad("ECO code", eco, "a letter A-E and two digits"));
        }
        if key.is_empty()
            || !key
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        {
            return Err(bad("key", key, "snake_case: a-z, 0-9 and _"));
        }
        if name.trim() != name || name.is_empty() {
            return Err(bad("name", name, "no surrounding spaces"));
        }
        if moves.split_whitespace().next() != Some("1.") {
            return Err(bad("moves", moves, "begin with 1."));
        }
        table.push(Opening {
            eco,
            key,
            name,
            moves,
        });
    }
    Ok(table)
}

fn is_eco(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1].is_ascii_digit() && b[2].is_ascii_digit()
}
