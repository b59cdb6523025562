//! Writing games as PGN in export format: the Seven Tag Roster first, then
//! `SetUp`/`FEN` and the other tags, then movetext wrapped at 80 columns with
//! move numbers where the standard wants them (`3... Nf6` after a comment or a
//! variation), comments sanitised so they always close where they should.
//!
//! Tag pairs are one per line and are not wrapped (a long value makes a long
//! line). SAN is written as it stands in the record: it must be one token (no
//! spaces), as the reader gives it.

use super::record::{GameRecord, MoveNode};
use std::{fmt, io};

/// The Seven Tag Roster, in export order, with the value written when missing.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest movetext line written.
pub const MAX_LINE: usize = 80;

impl GameRecord {
    /// The game as PGN text, ending with a newline.
    ///
    /// ```
    /// use guoxiang_core::pgn::{GameRecord, MoveNode};
    /// let mut game = GameRecord::from_sans(["e4", "e5", "Nf3"]);
    /// game.moves[1] = MoveNode::new("e5").with_comment("solid")
    ///     .with_variation(vec![MoveNode::new("c5"), MoveNode::new("Nf3")]);
    /// game.set_tag("White", "A \"quoted\" name");
    /// let pgn = game.to_pgn();
    /// assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"));
    /// assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"));
    /// assert!(pgn.ends_with("\n\n1. e4 e5 {solid} (1... c5 2. Nf3) 2. Nf3 *\n"));
    /// ```
    pub fn to_pgn(&self) -> String {
        let mut out = String::with_capacity(256 + self.moves.len() * 8);
        write_tags(self, &mut out);
        out.push('\n');
        write_movetext(self, &mut out);
        out.push('\n');
        out
    }

    /// Writes [`GameRecord::to_pgn`] and a blank line, so that games written one
    /// after another make a PGN file.
    pub fn write_to<W: io::Write>(&self, w: &mut W) -> io::Result<()> {
        w.write_all(self.to_pgn().as_bytes())?;
        w.write_all(b"\n")
    }
}

/// Formats as [`GameRecord::to_pgn`].
///
/// ```
/// use guoxiang_core::pgn::GameRecord;
/// let game = GameRecord::from_sans(["d4", "d5"]);
/// assert!(game.to_string().ends_with("\n\n1. d4 d5 *\n"));
/// ```
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn())
    }
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() {
        return;
    }
    out.push('[');
    out.push_str(&name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

fn write_tags(game: &GameRecord, out: &mut String) {
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = match (game.tag(name), name) {
            (Some(v), _) => v,
            (None, "Result") => game.result.as_str(),
            (None, _) => default,
        };
        push_tag(out, name, value);
    }
    if let Some(fen) = game.fen() {
        push_tag(out, "SetUp", "1");
        push_tag(out, "FEN", fen);
    }
    for (name, value) in &game.tags {
        let special =
            SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) || name == "SetUp" || name == "FEN";
        if !special {
            push_tag(out, name, value);
        }
    }
}

/// The ply (0 = White's first move) a game starts at, from its FEN tag.
fn start_ply(game: &GameRecord) -> u64 {
    let Some(fen) = game.fen() else { return 0 };
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1)
        .min(u64::MAX / 4);
    (number - 1) * 2 + u64::from(black)
}

/// Movetext words, wrapped at [`MAX_LINE`] columns.
struct Wrap<'a> {
    out: &'a mut String,
    col: usize,
    /// Written right before the next word, with no space (an open paren).
    glue: bool,
}

impl Wrap<'_> {
    fn word(&mut self, w: &str) {
        let len = w.chars().count() + usize::from(self.glue);
        if self.col > 0 && self.col + 1 + len > MAX_LINE {
            self.out.push('\n');
            self.col = 0;
        } else if self.col > 0 {
            self.out.push(' ');
            self.col += 1;
        }
        if self.glue {
            self.out.push('(');
            self.glue = false;
        }
        self.out.push_str(w);
        self.col += len;
    }

    fn open(&mut self) {
        self.glue = true;
    }

    fn close(&mut self) {
        if self.col + 1 > MAX_LINE {
            self.out.push('\n');
            self.col = 0;
        }
        self.out.push(')');
        self.col += 1;
    }

    fn comment(&mut self, text: &str) {
        let clean = text.replace('}', "");
        let mut words = clean.split_whitespace().peekable();
        if words.peek().is_none() {
            self.word("{}");
            return;
        }
        let mut first = true;
        while let Some(w) = words.next() {
            let last = words.peek().is_none();
            let mut s = String::with_capacity(w.len() + 2);
            if first {
                s.push('{');
            }
            s.push_str(w);
            if last {
                s.push('}');
            }
            self.word(&s);
            first = false;
        }
    }
}

/// One open line while writing.
struct Open<'a> {
    nodes: &'a [MoveNode],
    next: usize,
    ply: u64,
    /// Whether this line is a variation (closed with `)`).
    variation: bool,
    opened: bool,
}

fn write_movetext(game: &GameRecord, out: &mut String) {
    let mut w = Wrap {
        out,
        col: 0,
        glue: false,
    };
    for c in &game.comments {
        w.comment(c);
    }
    let mut need_number = true;
    let mut stack = vec![Open {
        nodes: &game.moves,
        next: 0,
        ply: start_ply(game),
        variation: false,
        opened: true,
    }];
    while let Some(top) = stack.last_mut() {
        if !top.opened {
            top.opened = true;
            w.open();
            need_number = true;
        }
        let Some(node) = top.nodes.get(top.next) else {
            let variation = top.variation;
            stack.pop();
            if variation {
                w.close();
                need_number = true;
            }
            continue;
        };
        let ply = top.ply;
        top.next += 1;
        top.ply += 1;
        for c in &node.comments_before {
            w.comment(c);
            need_number = true;
        }
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            w.word(&format!("{number}."));
        } else if need_number {
            w.word(&format!("{number}..."));
        }
        w.word(&node.san);
        need_number = false;
        for nag in &node.nags {
            w.word(&format!("${nag}"));
        }
        for c in &node.comments_after {
            w.comment(c);
            need_number = true;
        }
        for line in node.variations.iter().rev().filter(|l| !l.is_empty()) {
            stack.push(Open {
                nodes: line,
                next: 0,
                ply,
                variation: true,
                opened: false,
            });
        }
    }
    w.word(game.result.as_str());
}
