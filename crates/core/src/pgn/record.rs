//! Games as trees: [`GameRecord`] (tags in order, comments, a mainline of
//! [`MoveNode`]s with their variations, the result), the visitor that builds
//! them with bounded memory ([`RecordBuilder`], [`RecordLimits`]), and the
//! [`Games`] iterator over a reader.

use super::error::{ErrorKind, PgnError, SyntaxError};
use super::reader::Reader;
use super::visitor::{GameResult, Skip, Visitor};
use std::io::Read;

/// One move of a game or variation, with what is written around it.
///
/// ```
/// use guoxiang_core::pgn::MoveNode;
/// let node = MoveNode::new("Nf3").with_nag(1).with_comment("the best");
/// assert_eq!(node.san, "Nf3");
/// assert_eq!(node.nags, [1]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveNode {
    /// Comments written before the move. Only the first move of a variation
    /// gets these from the reader; before the first move of the mainline they
    /// are [`GameRecord::comments`].
    pub comments_before: Vec<String>,
    /// The move as written (SAN, with any `+`/`#`), not checked.
    pub san: String,
    /// Numeric annotation glyphs, suffix glyphs (`!?`) included as numbers.
    pub nags: Vec<u8>,
    /// Comments written after the move (and after its NAGs), in order.
    pub comments_after: Vec<String>,
    /// Alternatives to this move, each a line of moves starting at the same ply.
    pub variations: Vec<Vec<MoveNode>>,
}

impl MoveNode {
    /// A node for a move in SAN, with nothing around it.
    pub fn new(san: impl Into<String>) -> MoveNode {
        MoveNode {
            san: san.into(),
            ..MoveNode::default()
        }
    }

    /// Adds a NAG.
    pub fn with_nag(mut self, nag: u8) -> MoveNode {
        self.nags.push(nag);
        self
    }

    /// Adds a comment after the move.
    pub fn with_comment(mut self, comment: impl Into<String>) -> MoveNode {
        self.comments_after.push(comment.into());
        self
    }

    /// Adds a variation (an alternative to this move).
    pub fn with_variation(mut self, line: Vec<MoveNode>) -> MoveNode {
        self.variations.push(line);
        self
    }
}

/// A game as read from PGN, or to be written as PGN.
///
/// ```
/// use guoxiang_core::pgn::{GameRecord, GameResult};
/// let mut game = GameRecord::from_sans(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
/// game.set_tag("White", "Scholar");
/// game.result = GameResult::WhiteWins;
/// assert_eq!(game.mainline().count(), 7);
/// assert!(game.to_pgn().contains("4. Qxf7# 1-0"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Tag pairs in the order read (names are case-sensitive).
    pub tags: Vec<(String, String)>,
    /// Comments before the first move of the mainline.
    pub comments: Vec<String>,
    /// The mainline.
    pub moves: Vec<MoveNode>,
    /// The termination marker. When the movetext has none, the reader takes the
    /// `Result` tag's value, or `*`.
    pub result: GameResult,
    /// Problems the reader recovered from in this game (empty for clean PGN).
    pub errors: Vec<SyntaxError>,
}

impl GameRecord {
    /// An empty game: no tags, no moves, result `*`.
    pub fn new() -> GameRecord {
        GameRecord::default()
    }

    /// A game with the given mainline in SAN and nothing else.
    pub fn from_sans<I, S>(sans: I) -> GameRecord
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        GameRecord {
            moves: sans.into_iter().map(MoveNode::new).collect(),
            ..GameRecord::default()
        }
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing the first one of that name, else appending).
    pub fn set_tag(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.tags.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name, value)),
        }
    }

    /// The starting position's FEN, when the game does not start from the
    /// standard position (the `FEN` tag).
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The SAN of the mainline moves.
    pub fn mainline(&self) -> impl Iterator<Item = &str> + '_ {
        self.moves.iter().map(|n| n.san.as_str())
    }

    /// How many moves the game holds, variations included.
    pub fn node_count(&self) -> usize {
        let mut count = 0;
        let mut stack: Vec<&[MoveNode]> = vec![&self.moves];
        while let Some(line) = stack.pop() {
            count += line.len();
            for node in line {
                stack.extend(node.variations.iter().map(Vec::as_slice));
            }
        }
        count
    }
}

/// Bounds on one game held as a [`GameRecord`]. A game beyond them is
/// reported as an error (of kind `TooManyNodes`, `TooDeep`, `TooManyTags` or
/// `TooMuchText`) and reading goes on with the next game.
///
/// With the defaults a game takes at most roughly 40 MB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordLimits {
    /// Moves, counting all variations. Default 100,000.
    pub max_nodes: usize,
    /// Variation nesting. Default 256.
    pub max_depth: usize,
    /// Tag pairs. Default 1,000.
    pub max_tags: usize,
    /// Bytes of tags, comments and SAN together (each comment or NAG counting
    /// one more). Default 16 MiB.
    pub max_text: usize,
}

impl Default for RecordLimits {
    fn default() -> RecordLimits {
        RecordLimits {
            max_nodes: 100_000,
            max_depth: 256,
            max_tags: 1_000,
            max_text: 16 << 20,
        }
    }
}

/// A line under construction.
#[derive(Default)]
struct Frame {
    line: Vec<MoveNode>,
    /// Comments seen before the line's first move.
    pending: Vec<String>,
}

/// The [`Visitor`] that builds a [`GameRecord`] per game, within [`RecordLimits`].
/// Its output is the game, or the kind of limit it broke.
///
/// Comments are stored with surrounding whitespace trimmed and every run of
/// whitespace (line breaks included) made one space. A comment after a
/// variation's `)` belongs to the move the variation hangs from. Empty
/// variations are dropped.
///
/// ```
/// use guoxiang_core::pgn::{Reader, RecordBuilder};
/// let mut reader = Reader::new(&b"1. e4 (1. d4 {or this}) e5 *"[..]);
/// let mut builder = RecordBuilder::default();
/// let game = reader.read_game(&mut builder).unwrap().unwrap().unwrap();
/// assert_eq!(game.moves[0].variations[0][0].comments_after, ["or this"]);
/// ```
#[derive(Default)]
pub struct RecordBuilder {
    limits: RecordLimits,
    game: GameRecord,
    /// Open lines: `stack[0]` is the mainline.
    stack: Vec<Frame>,
    nodes: usize,
    text: usize,
    failed: Option<ErrorKind>,
    /// Result marker seen, if any.
    result: Option<GameResult>,
}

impl RecordBuilder {
    /// A builder with the given limits.
    pub fn with_limits(limits: RecordLimits) -> RecordBuilder {
        RecordBuilder {
            limits,
            ..RecordBuilder::default()
        }
    }

    fn fail(&mut self, kind: ErrorKind) {
        if self.failed.is_none() {
            self.failed = Some(kind);
            self.stack.clear();
            self.game = GameRecord::default();
        }
    }

    fn spend_text(&mut self, bytes: usize) -> bool {
        self.text = self.text.saturating_add(bytes);
        if self.text > self.limits.max_text {
            let limit = self.limits.max_text;
            self.fail(ErrorKind::TooMuchText { limit });
            false
        } else {
            true
        }
    }

    fn top(&mut self) -> &mut Frame {
        if self.stack.is_empty() {
            self.stack.push(Frame::default());
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }
}

/// Trims and collapses whitespace runs to single spaces.
fn normalize_comment(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    for word in text.split_ascii_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

impl Visitor for RecordBuilder {
    type Output = Result<GameRecord, ErrorKind>;

    fn begin_game(&mut self) {
        self.game = GameRecord::default();
        self.stack.clear();
        self.stack.push(Frame::default());
        self.nodes = 0;
        self.text = 0;
        self.failed = None;
        self.result = None;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if self.failed.is_some() || !self.spend_text(name.len() + value.len()) {
            return;
        }
        if self.game.tags.len() >= self.limits.max_tags {
            let limit = self.limits.max_tags;
            self.fail(ErrorKind::TooManyTags { limit });
            return;
        }
        self.game.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(value).into_owned(),
        ));
    }

    fn san(&mut self, san: &[u8]) {
        if self.failed.is_some() || !self.spend_text(san.len()) {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            let limit = self.limits.max_nodes;
            self.fail(ErrorKind::TooManyNodes { limit });
            return;
        }
        let root = self.stack.len() <= 1;
        let frame = self.top();
        let pending = if frame.line.is_empty() {
            std::mem::take(&mut frame.pending)
        } else {
            Vec::new()
        };
        let mut node = MoveNode::new(String::from_utf8_lossy(san).into_owned());
        if root {
            self.game.comments.extend(pending);
        } else {
            node.comments_before = pending;
        }
        self.top().line.push(node);
    }

    fn nag(&mut self, nag: u8) {
        if self.failed.is_some() || !self.spend_text(1) {
            return;
        }
        match self.top().line.last_mut() {
            Some(node) => node.nags.push(nag),
            None => self.game.errors.push(SyntaxError {
                kind: ErrorKind::NagWithoutMove,
                at: Default::default(),
            }),
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        if self.failed.is_some() || !self.spend_text(comment.len() + 1) {
            return;
        }
        let text = normalize_comment(comment);
        let frame = self.top();
        match frame.line.last_mut() {
            Some(node) => node.comments_after.push(text),
            None => frame.pending.push(text),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        if self.failed.is_some() {
            return Skip(true);
        }
        if self.top().line.is_empty() {
            self.game.errors.push(SyntaxError {
                kind: ErrorKind::VariationWithoutMove,
                at: Default::default(),
            });
            return Skip(true);
        }
        if self.stack.len() > self.limits.max_depth {
            let limit = self.limits.max_depth;
            self.fail(ErrorKind::TooDeep { limit });
            return Skip(true);
        }
        self.stack.push(Frame::default());
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.failed.is_some() || self.stack.len() <= 1 {
            return;
        }
        if let Some(frame) = self.stack.pop() {
            if !frame.line.is_empty() {
                if let Some(node) = self.top().line.last_mut() {
                    node.variations.push(frame.line);
                }
            }
        }
    }

    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.result = outcome;
    }

    fn error(&mut self, error: &SyntaxError) {
        if self.failed.is_none() && self.game.errors.len() < 100 {
            self.game.errors.push(error.clone());
        }
    }

    fn end_game(&mut self) -> Result<GameRecord, ErrorKind> {
        if let Some(kind) = self.failed.take() {
            self.stack.clear();
            return Err(kind);
        }
        // The reader closes open variations before `outcome`; be safe anyway.
        while self.stack.len() > 1 {
            self.end_variation();
        }
        let mut game = std::mem::take(&mut self.game);
        if let Some(root) = self.stack.pop() {
            game.moves = root.line;
            game.comments.extend(root.pending);
        }
        game.result = match self.result {
            Some(r) => r,
            None => game
                .tag("Result")
                .and_then(|r| r.parse().ok())
                .unwrap_or_default(),
        };
        Ok(game)
    }
}

/// Iterator over the games of a [`Reader`] as [`GameRecord`]s; made by
/// [`Reader::games`].
///
/// Yields `Err(PgnError::Syntax)` for garbage between games and for games
/// beyond the [`RecordLimits`] (the error then is where the game began), and
/// goes on with the next game; after `Err(PgnError::Io)` it ends.
pub struct Games<'a, R> {
    reader: &'a mut Reader<R>,
    builder: RecordBuilder,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// The games that follow, as [`GameRecord`]s with the default [`RecordLimits`].
    ///
    /// ```
    /// use guoxiang_core::pgn::Reader;
    /// let pgn = b"1. e4 e5 1/2-1/2\n\n[Event \"Second\"]\n1. d4 0-1\n";
    /// let games: Vec<_> = Reader::new(&pgn[..]).games().collect::<Result<_, _>>().unwrap();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[1].tag("Event"), Some("Second"));
    /// ```
    pub fn games(&mut self) -> Games<'_, R> {
        self.games_with_limits(RecordLimits::default())
    }

    /// The games that follow, within the given limits.
    pub fn games_with_limits(&mut self, limits: RecordLimits) -> Games<'_, R> {
        Games {
            reader: self,
            builder: RecordBuilder::with_limits(limits),
            done: false,
        }
    }
}

impl<R: Read> Iterator for Games<'_, R> {
    type Item = Result<GameRecord, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.read_game(&mut self.builder) {
            Ok(None) => {
                self.done = true;
                None
            }
            Ok(Some(Ok(mut game))) => {
                // Errors found by the builder carry no place; give them the game's.
                let start = self.reader.game_start();
                for e in &mut game.errors {
                    if e.at.line == 0 {
                        e.at = start;
                    }
                }
                Some(Ok(game))
            }
            Ok(Some(Err(kind))) => Some(Err(PgnError::Syntax(SyntaxError {
                kind,
                at: self.reader.game_start(),
            }))),
            Err(PgnError::Io(e)) => {
                self.done = true;
                Some(Err(PgnError::Io(e)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}
