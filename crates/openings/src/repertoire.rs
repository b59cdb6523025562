//! The opening repertoires a learner trains: one TOML file per opening in
//! `crates/openings/repertoire/<key>.toml` (embedded at build time by `build.rs`), each
//! with the side the learner plays by default, the opening's ideas, 3–8 lines of moves
//! from the standard start and notes on the moves that matter. A file is checked as it
//! is read: the opening key exists in `openings.tsv` and is the file's name, every move
//! is legal, every note's `at` is the beginning of some line, and every text has its
//! zh-CN, zh-TW and en.

use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::line::{read_line, LineError};
use crate::table::{by_key, Opening};

/// The ten openings of the course, in the order the trainer lists them.
pub const TEN: [&str; 10] = [
    "italian_game",
    "ruy_lopez",
    "scotch_game",
    "petrov_defence",
    "scandinavian_defence",
    "sicilian_defence",
    "french_defence",
    "hungarian_defence",
    "dutch_defence",
    "english_opening",
];

/// The embedded files: `(file name, text)`, sorted by name (written by `build.rs`).
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/repertoire.rs"));

/// A text in the three languages of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Texts {
    /// Simplified Chinese.
    pub zh_cn: String,
    /// Traditional Chinese, written for readers in Taiwan.
    pub zh_tw: String,
    /// English.
    pub en: String,
}

/// The side a learner plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// `"white"` or `"black"`.
    pub fn code(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// One line of a repertoire: its moves and a note (or none) for each ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The moves in UCI (`e2e4`).
    pub uci: Vec<String>,
    /// The moves in SAN as the core writes them.
    pub san: Vec<String>,
    /// One entry per ply: the note on that move, if the file has one.
    pub notes: Vec<Option<Texts>>,
}

/// A parsed repertoire file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repertoire {
    /// The opening (its key, ECO code and English name come from the table).
    pub opening: &'static Opening,
    /// The side the learner trains by default.
    pub colour: Colour,
    /// The opening's ideas.
    pub ideas: Texts,
    /// The main line first, then the common replies.
    pub lines: Vec<Line>,
}

/// A repertoire file that cannot be used: the file and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct RepertoireError {
    /// The file name (`italian_game.toml`).
    pub file: String,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a repertoire file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Not TOML, or a field missing, misspelt or of the wrong type.
    #[error("{0}")]
    Toml(String),
    /// `opening` names no opening of openings.tsv.
    #[error("unknown opening key {0:?} (not in openings.tsv)")]
    UnknownOpening(String),
    /// The file is not named after its opening.
    #[error("the file of opening {key:?} must be named {key}.toml")]
    FileName {
        /// The key the file states.
        key: String,
    },
    /// Fewer than one line.
    #[error("no [[lines]]")]
    NoLines,
    /// A line's move cannot be played.
    #[error("line {line}, {source}")]
    Move {
        /// The line (1-based).
        line: usize,
        /// The failing move, its number and why.
        source: Box<LineError>,
    },
    /// A note's `at` cannot be played.
    #[error("note {note} (at = {at:?}), {source}")]
    NoteMove {
        /// The note (1-based).
        note: usize,
        /// Its `at`.
        at: String,
        /// The failing move, its number and why.
        source: Box<LineError>,
    },
    /// A note's `at` is no line's beginning.
    #[error("note {note}: at = {at:?} is not the beginning of any line")]
    NoteNotInLine {
        /// The note (1-based).
        note: usize,
        /// Its `at`.
        at: String,
    },
    /// A note's `at` has no moves.
    #[error("note {note}: at is empty")]
    EmptyNote {
        /// The note (1-based).
        note: usize,
    },
    /// Two notes annotate the same move.
    #[error("note {note}: the move at {at:?} already has a note")]
    DuplicateNote {
        /// The note (1-based).
        note: usize,
        /// Its `at`.
        at: String,
    },
    /// A text lacks one of the three languages (or it is blank).
    #[error("{field}: missing {lang}")]
    MissingLanguage {
        /// Where the text is: `ideas` or `note 3`.
        field: String,
        /// `zh-CN`, `zh-TW` or `en`.
        lang: &'static str,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTexts {
    #[serde(rename = "zh-CN")]
    zh_cn: Option<String>,
    #[serde(rename = "zh-TW")]
    zh_tw: Option<String>,
    en: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    moves: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNote {
    at: String,
    text: RawTexts,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    opening: String,
    colour: Colour,
    ideas: RawTexts,
    #[serde(default)]
    lines: Vec<RawLine>,
    #[serde(default)]
    notes: Vec<RawNote>,
}

impl RawTexts {
    fn check(self, field: impl fmt::Display) -> Result<Texts, Problem> {
        let need = |value: Option<String>, lang: &'static str| match value {
            Some(v) if !v.trim().is_empty() => Ok(v),
            _ => Err(Problem::MissingLanguage {
                field: field.to_string(),
                lang,
            }),
        };
        Ok(Texts {
            zh_cn: need(self.zh_cn, "zh-CN")?,
            zh_tw: need(self.zh_tw, "zh-TW")?,
            en: need(self.en, "en")?,
        })
    }
}

/// Reads one repertoire file (`file` is its name, `italian_game.toml`, used to check the
/// key and to name the file in errors).
///
/// ```
/// let text = r#"
/// opening = "scotch_game"
/// colour = "white"
/// ideas = { zh-CN = "中心", zh-TW = "中心", en = "The centre" }
/// [[lines]]
/// moves = "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4"
/// [[notes]]
/// at = "1. e4 e5 2. Nf3 Nc6 3. d4"
/// text = { zh-CN = "冲中心兵", zh-TW = "衝中央兵", en = "Strike in the centre" }
/// "#;
/// let rep = guoxiang_openings::repertoire::parse("scotch_game.toml", text).unwrap();
/// assert_eq!(rep.opening.eco, "C44");
/// assert_eq!(rep.lines[0].san[4], "d4");
/// assert_eq!(rep.lines[0].notes[4].as_ref().unwrap().en, "Strike in the centre");
/// assert!(rep.lines[0].notes[5].is_none());
/// ```
pub fn parse(file: &str, text: &str) -> Result<Repertoire, RepertoireError> {
    parse_inner(file, text).map_err(|problem| RepertoireError {
        file: file.to_string(),
        problem,
    })
}

fn parse_inner(file: &str, text: &str) -> Result<Repertoire, Problem> {
    let raw: RawFile = toml::from_str(text).map_err(|e| Problem::Toml(e.to_string()))?;
    let opening =
        by_key(&raw.opening).ok_or_else(|| Problem::UnknownOpening(raw.opening.clone()))?;
    let stem = file.rsplit('/').next().unwrap_or(file);
    if stem.strip_suffix(".toml") != Some(opening.key) {
        return Err(Problem::FileName {
            key: raw.opening.clone(),
        });
    }
    let ideas = raw.ideas.check("ideas")?;
    if raw.lines.is_empty() {
        return Err(Problem::NoLines);
    }
    let mut lines = Vec::with_capacity(raw.lines.len());
    for (i, line) in raw.lines.iter().enumerate() {
        let moves = read_line(&line.moves).map_err(|source| Problem::Move {
            line: i + 1,
            source: Box::new(source),
        })?;
        lines.push(Line {
            notes: vec![None; moves.len()],
            san: moves.iter().map(|m| m.san.clone()).collect(),
            uci: moves.into_iter().map(|m| m.uci).collect(),
        });
    }
    for (i, note) in raw.notes.into_iter().enumerate() {
        let number = i + 1;
        let at = read_line(&note.at).map_err(|source| Problem::NoteMove {
            note: number,
            at: note.at.clone(),
            source: Box::new(source),
        })?;
        if at.is_empty() {
            return Err(Problem::EmptyNote { note: number });
        }
        let text = note.text.check(format_args!("note {number}"))?;
        let prefix: Vec<&str> = at.iter().map(|m| m.uci.as_str()).collect();
        let ply = prefix.len() - 1;
        let mut found = false;
        for line in &mut lines {
            if line.uci.len() >= prefix.len() && line.uci[..prefix.len()] == prefix[..] {
                if line.notes[ply].is_some() {
                    return Err(Problem::DuplicateNote {
                        note: number,
                        at: note.at,
                    });
                }
                line.notes[ply] = Some(text.clone());
                found = true;
            }
        }
        if !found {
            return Err(Problem::NoteNotInLine {
                note: number,
                at: note.at,
            });
        }
    }
    Ok(Repertoire {
        opening,
        colour: raw.colour,
        ideas,
        lines,
    })
}

/// Reads every embedded repertoire file, in file-name order; the first error stops it.
pub fn load_embedded() -> Result<Vec<Repertoire>, RepertoireError> {
    FILES.iter().map(|(name, text)| parse(name, text)).collect()
}

/// The names of the embedded repertoire files (`italian_game.toml`, …).
pub fn embedded_files() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// The embedded repertoires in the order of [`TEN`] (then any other, by key), parsed once.
///
/// Panics if an embedded file is invalid; `tests/repertoire.rs` loads them all, so the
/// files compiled in are valid.
pub fn builtin() -> &'static [Repertoire] {
    static ALL: OnceLock<Vec<Repertoire>> = OnceLock::new();
    ALL.get_or_init(|| {
        // Invariant: the embedded files are valid; tests/repertoire.rs parses each one.
        let mut all = load_embedded().expect("embedded repertoire files are valid");
        all.sort_by_key(|r| {
            let at = TEN.iter().position(|k| *k == r.opening.key);
            (at.unwrap_or(TEN.len()), r.opening.key)
        });
        all
    })
}

/// The embedded repertoire of one opening.
pub fn by_opening(key: &str) -> Option<&'static Repertoire> {
    builtin().iter().find(|r| r.opening.key == key)
}
