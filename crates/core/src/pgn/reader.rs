//! The streaming PGN reader: one fixed-size buffer, tokens bounded by [`Limits`],
//! nesting tracked as a counter, so any input (a 10 GB file, a 10 MB line,
//! variations nested a million deep) is read in constant memory and stack.
//! It splits the input into games and calls a [`Visitor`] for each part; it does
//! not check moves (see `replay` for that).

use super::error::{ErrorKind, Location, PgnError, SyntaxError};
use super::visitor::{nag_from_glyph, GameResult, Visitor};
use std::io::{self, Read};

/// Upper bounds on what the reader holds at once. Anything longer is truncated
/// (comments, tags) or skipped (tokens), with an error event.
///
/// ```
/// use guoxiang_core::pgn::{Limits, Reader};
/// let limits = Limits { max_comment: 1 << 20, ..Limits::default() };
/// let reader = Reader::with_limits(&b"1. e4 *"[..], limits);
/// assert!(reader.buffer_capacity() > 1 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest movetext token (SAN, move number, result), in bytes. Default 255.
    pub max_token: usize,
    /// Longest tag name and longest tag value, in bytes. Default 16 KiB.
    pub max_tag: usize,
    /// Longest comment passed on, in bytes. Default 64 KiB.
    pub max_comment: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_token: 255,
            max_tag: 16 << 10,
            max_comment: 64 << 10,
        }
    }
}

impl Limits {
    fn buffer_size(&self) -> usize {
        let largest = self.max_token.max(self.max_tag).max(self.max_comment);
        largest.saturating_add(32 << 10).max(64 << 10)
    }
}

const WS: u8 = 1;
const TOKEN: u8 = 2;

/// Byte classes: whitespace, and the bytes a SAN/number/result token is made of.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = WS;
    t[b'\t' as usize] = WS;
    t[b'\n' as usize] = WS;
    t[b'\r' as usize] = WS;
    t[0x0b] = WS;
    t[0x0c] = WS;
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] = TOKEN;
        }
        b += 1;
    }
    let extra = b"-+#=:/@_";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = TOKEN;
        i += 1;
    }
    t
};

#[inline]
fn is_ws(b: u8) -> bool {
    CLASS[b as usize] == WS
}

#[inline]
fn is_token(b: u8) -> bool {
    CLASS[b as usize] == TOKEN
}

/// Whether a byte may begin a game (outside a tag section).
fn starts_game(b: u8) -> bool {
    matches!(
        b,
        b'[' | b'{'
            | b'('
            | b'$'
            | b'!'
            | b'?'
            | b'*'
            | b'-'
            | b'@'
            | b'0'..=b'9'
            | b'a'..=b'h'
            | b'K'
            | b'Q'
            | b'R'
            | b'B'
            | b'N'
            | b'P'
            | b'O'
            | b'Z'
    )
}

/// The end of a delimited run (comment, line).
enum Run {
    /// The delimiter was found; content is `buf[start..start + len]`.
    Complete(usize, usize),
    /// The limit was reached before the delimiter; the first `len` bytes are at
    /// `start`, and the rest up to the delimiter has still to be skipped.
    Truncated(usize, usize),
    /// The input ended before the delimiter.
    Eof(usize, usize),
}

/// Reads games from PGN text, streaming: memory stays at one buffer (a little
/// more than the largest of [`Limits`]) whatever the input.
///
/// Use [`Reader::read_game`] with your own [`Visitor`], or [`Reader::games`] for
/// parsed [`GameRecord`](super::GameRecord)s.
///
/// ```
/// use guoxiang_core::pgn::Reader;
/// let pgn = "[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 {Philidor} 1-0\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let game = reader.games().next().unwrap().unwrap();
/// assert_eq!(game.tag("White"), Some("Morphy"));
/// assert_eq!(game.moves.len(), 4);
/// assert_eq!(game.moves[3].comments_after, ["Philidor"]);
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    /// Next byte to read.
    pos: usize,
    /// End of valid data.
    end: usize,
    eof: bool,
    /// Stream offset of `buf[0]`.
    base: u64,
    /// Buffer index up to which newlines have been counted into `line`.
    counted: usize,
    /// Line (1-based) at `counted`.
    line: u64,
    /// Stream offset of the start of that line.
    line_start: u64,
    /// Length of the byte-order mark skipped at the start (0 or 3).
    bom: u64,
    started: bool,
    game_start: Location,
    /// Stream offset whose location is kept if a refill drops it (`u64::MAX`: none).
    mark: u64,
    /// The location of a dropped mark.
    marked: Option<(u64, Location)>,
    limits: Limits,
    tag_name: Vec<u8>,
    tag_value: Vec<u8>,
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` with the default [`Limits`]. It does its own
    /// buffering: there is no need to wrap `inner` in a `BufReader`.
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits (each at least 16 bytes).
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        let limits = Limits {
            max_token: limits.max_token.max(16),
            max_tag: limits.max_tag.max(16),
            max_comment: limits.max_comment.max(16),
        };
        Reader {
            inner,
            buf: vec![0; limits.buffer_size()].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            base: 0,
            counted: 0,
            line: 1,
            line_start: 0,
            bom: 0,
            started: false,
            game_start: Location::default(),
            mark: u64::MAX,
            marked: None,
            limits,
            tag_name: Vec::with_capacity(limits.max_tag),
            tag_value: Vec::with_capacity(limits.max_tag),
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The size of the reader's buffer in bytes (fixed for its life).
    pub fn buffer_capacity(&self) -> usize {
        self.buf.len()
    }

    /// Where the reader stands now (the next byte it will look at).
    pub fn location(&mut self) -> Location {
        self.location_at(self.pos)
    }

    /// Where the game last returned by [`Reader::read_game`] began.
    pub fn game_start(&self) -> Location {
        self.game_start
    }

    /// Gives back the underlying reader. Buffered input not yet parsed is lost.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads the next game, calling `visitor` for its parts, and returns what
    /// [`Visitor::end_game`] returns; `Ok(None)` at the end of the input.
    ///
    /// Problems inside a game are passed to [`Visitor::error`] and reading goes
    /// on. Bytes between games that cannot begin a game are skipped up to the
    /// end of their line and returned as `Err(PgnError::Syntax)`; calling again
    /// continues with what follows. `Err(PgnError::Io)` means the underlying
    /// reader failed.
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, PgnError> {
        if !self.skip_to_game()? {
            return Ok(None);
        }
        self.game_start = self.location_at(self.pos);
        visitor.begin_game();
        visitor.begin_headers();
        self.read_headers(visitor)?;
        let skip = visitor.end_headers().0;
        self.read_movetext(visitor, skip)?;
        Ok(Some(visitor.end_game()))
    }

    /// Skips the next game; `Ok(false)` at the end of the input.
    pub fn skip_game(&mut self) -> Result<bool, PgnError> {
        struct Skipper;
        impl Visitor for Skipper {
            type Output = ();
            fn end_headers(&mut self) -> super::visitor::Skip {
                super::visitor::Skip(true)
            }
            fn end_game(&mut self) {}
        }
        Ok(self.read_game(&mut Skipper)?.is_some())
    }

    // ----- buffer management -------------------------------------------------

    /// Reads more input, first moving the unread bytes (and one byte before them,
    /// for the line-start test) to the front. Returns whether new bytes came.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let drop = self.pos.saturating_sub(1);
        if self.mark < self.base + drop as u64 {
            // The mark is about to leave the buffer: work out its location now.
            let mark = self.mark;
            let idx = mark.saturating_sub(self.base) as usize;
            let at = self.location_at(idx);
            self.marked = Some((mark, at));
            self.mark = u64::MAX;
        }
        if drop > 0 {
            self.count_lines(drop);
            self.buf.copy_within(drop..self.end, 0);
            self.base += drop as u64;
            self.end -= drop;
            self.pos -= drop;
            self.counted -= drop;
        }
        if self.end == self.buf.len() {
            // Cannot happen while runs are shorter than the limits; say "no more"
            // without claiming the end of the input.
            return Ok(false);
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    #[inline]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos < self.end {
            Ok(Some(self.buf[self.pos]))
        } else {
            self.peek_slow()
        }
    }

    #[cold]
    fn peek_slow(&mut self) -> io::Result<Option<u8>> {
        while self.pos >= self.end {
            if !self.fill()? {
                return Ok(None);
            }
        }
        Ok(Some(self.buf[self.pos]))
    }

    fn count_lines(&mut self, upto: usize) {
        if upto <= self.counted {
            return;
        }
        let slice = &self.buf[self.counted..upto];
        if let Some(last) = slice.iter().rposition(|&b| b == b'\n') {
            self.line += count_newlines(&slice[..=last]);
            self.line_start = self.base + (self.counted + last + 1) as u64;
        }
        self.counted = upto;
    }

    fn location_at(&mut self, idx: usize) -> Location {
        let idx = idx.min(self.end);
        let offset = self.base + idx as u64;
        if idx >= self.counted {
            self.count_lines(idx);
            return Location {
                line: self.line,
                column: offset - self.line_start + 1,
                offset,
            };
        }
        // Behind the counting point (rare): count back within the buffer.
        let back = &self.buf[idx..self.counted];
        let newlines = back.iter().filter(|&&b| b == b'\n').count() as u64;
        let line = self.line.saturating_sub(newlines);
        let column = match self.buf[..idx].iter().rposition(|&b| b == b'\n') {
            Some(nl) => (idx - nl) as u64,
            None if newlines == 0 => offset - self.line_start + 1,
            None => offset + 1,
        };
        Location {
            line,
            column,
            offset,
        }
    }

    /// Marks the current offset (see `location_of`) and returns it.
    #[inline]
    fn mark_here(&mut self) -> u64 {
        self.mark = self.offset();
        self.mark
    }

    /// The location of a stream offset that is still in the buffer or was the
    /// last mark; otherwise (never expected) of `pos`.
    fn location_of(&mut self, offset: u64) -> Location {
        match offset.checked_sub(self.base) {
            Some(idx) if (idx as usize) <= self.end => self.location_at(idx as usize),
            _ => match self.marked {
                Some((o, at)) if o == offset => at,
                _ => self.location_at(self.pos),
            },
        }
    }

    /// The stream offset of `pos` (stable across buffer refills, unlike `pos`).
    #[inline]
    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn error_at_offset(&mut self, offset: u64, kind: ErrorKind) -> SyntaxError {
        SyntaxError {
            kind,
            at: self.location_of(offset),
        }
    }

    fn error_at(&mut self, idx: usize, kind: ErrorKind) -> SyntaxError {
        SyntaxError {
            kind,
            at: self.location_at(idx),
        }
    }

    #[inline]
    fn at_line_start(&self) -> bool {
        if self.pos == 0 {
            self.base == 0
        } else {
            self.buf[self.pos - 1] == b'\n' || self.base + self.pos as u64 == self.bom
        }
    }

    /// Consumes bytes up to (not including) the next `\n`.
    fn skip_line(&mut self) -> io::Result<()> {
        self.skip_until(b'\n').map(|_| ())
    }

    /// Consumes bytes up to `delim` (left unread); `Ok(false)` if the input ended first.
    fn skip_until(&mut self, delim: u8) -> io::Result<bool> {
        loop {
            if let Some(k) = self.buf[self.pos..self.end]
                .iter()
                .position(|&b| b == delim)
            {
                self.pos += k;
                return Ok(true);
            }
            self.pos = self.end;
            if !self.fill()? && self.eof {
                return Ok(false);
            }
        }
    }

    /// Scans from `pos` up to `delim` (left unread), at most `limit` bytes.
    fn scan_until(&mut self, delim: u8, limit: usize) -> io::Result<Run> {
        let mut scanned = 0;
        loop {
            let from = self.pos + scanned;
            let window = &self.buf[from..self.end];
            if let Some(k) = window.iter().position(|&b| b == delim) {
                let len = scanned + k;
                let start = self.pos;
                if len <= limit {
                    self.pos += len;
                    return Ok(Run::Complete(start, len));
                }
                let cut = utf8_cut(&self.buf[start..start + len], limit);
                self.pos += cut;
                return Ok(Run::Truncated(start, cut));
            }
            scanned = self.end - self.pos;
            if scanned > limit {
                let start = self.pos;
                let cut = utf8_cut(&self.buf[start..self.end], limit);
                self.pos += cut;
                return Ok(Run::Truncated(start, cut));
            }
            if !self.fill()? {
                if self.eof {
                    let start = self.pos;
                    let len = self.end - start;
                    self.pos = self.end;
                    return Ok(Run::Eof(start, len));
                }
                let start = self.pos;
                let cut = utf8_cut(&self.buf[start..self.end], limit);
                self.pos += cut;
                return Ok(Run::Truncated(start, cut));
            }
        }
    }

    /// Scans a run of bytes of class `TOKEN` (or digits only) from `pos`, at most
    /// `limit` long. `Some((start, len))` with `pos` after it, or `None` if it was
    /// longer (then it has been skipped entirely).
    #[inline]
    fn scan_token(
        &mut self,
        limit: usize,
        digits_only: bool,
    ) -> io::Result<Option<(usize, usize)>> {
        let ok = |b: u8| {
            if digits_only {
                b.is_ascii_digit()
            } else {
                is_token(b)
            }
        };
        let mut i = self.pos;
        loop {
            let end = self.end.min(self.pos + limit + 1);
            while i < end && ok(self.buf[i]) {
                i += 1;
            }
            let len = i - self.pos;
            if len > limit {
                break;
            }
            if i < self.end || self.eof {
                let start = self.pos;
                self.pos = i;
                return Ok(Some((start, len)));
            }
            let filled = self.fill()?;
            i = self.pos + len;
            if !filled && !self.eof {
                break;
            }
        }
        // Too long: skip the rest of the run.
        loop {
            while self.pos < self.end && ok(self.buf[self.pos]) {
                self.pos += 1;
            }
            if self.pos < self.end || !self.fill()? {
                return Ok(None);
            }
        }
    }

    // ----- between games -----------------------------------------------------

    /// Skips whitespace, `%` lines, `;` comment lines and garbage before a game.
    /// `Ok(true)` when a game starts here, `Ok(false)` at the end of input.
    fn skip_to_game(&mut self) -> Result<bool, PgnError> {
        if !self.started {
            self.started = true;
            while self.end < 3 && self.fill()? {}
            if self.buf[..self.end].starts_with(b"\xef\xbb\xbf") {
                self.pos = 3;
                self.bom = 3;
            }
        }
        loop {
            let Some(b) = self.peek()? else {
                return Ok(false);
            };
            if is_ws(b) {
                self.pos += 1;
            } else if (b == b'%' && self.at_line_start()) || b == b';' {
                self.skip_line()?;
            } else if starts_game(b) {
                return Ok(true);
            } else {
                let err = self.error_at(self.pos, ErrorKind::GarbageBetweenGames { byte: b });
                self.skip_line()?;
                return Err(err.into());
            }
        }
    }

    // ----- tags --------------------------------------------------------------

    fn read_headers<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        loop {
            let Some(b) = self.peek()? else {
                return Ok(());
            };
            if is_ws(b) {
                self.pos += 1;
            } else if b == b'%' && self.at_line_start() {
                self.skip_line()?;
            } else if b == b'[' {
                self.read_tag(v)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Skips spaces and tabs (a tag pair stays on its line).
    fn skip_blanks(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.peek()? {
                Some(b' ' | b'\t') => self.pos += 1,
                other => return Ok(other),
            }
        }
    }

    fn read_tag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        // Where the tag starts, for errors (its location is worked out only then).
        let open = self.mark_here();
        self.pos += 1; // '['
        let malformed = |reader: &mut Self, reason| SyntaxError {
            kind: ErrorKind::MalformedTag { reason },
            at: reader.location_of(open),
        };
        self.skip_blanks()?;
        // Name.
        self.tag_name.clear();
        let mut truncated = false;
        match self.scan_token(self.limits.max_tag, false)? {
            Some((start, len)) => self
                .tag_name
                .extend_from_slice(&self.buf[start..start + len]),
            None => truncated = true,
        }
        if self.tag_name.is_empty() && !truncated {
            let e = malformed(self, "missing tag name");
            v.error(&e);
            self.skip_tag_rest()?;
            return Ok(());
        }
        if self.skip_blanks()? != Some(b'"') {
            let e = malformed(self, "the tag value must be in double quotes");
            v.error(&e);
            self.skip_tag_rest()?;
            return Ok(());
        }
        self.pos += 1;
        // Value, unescaping \" and \\: runs of plain bytes are copied at once.
        self.tag_value.clear();
        let max = self.limits.max_tag;
        loop {
            let avail = &self.buf[self.pos..self.end];
            let stop = avail
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b == b'\n');
            let plain = stop.unwrap_or(avail.len());
            let room = max - self.tag_value.len();
            self.tag_value.extend_from_slice(&avail[..plain.min(room)]);
            truncated |= plain > room;
            self.pos += plain;
            if stop.is_none() {
                if !self.fill()? && self.eof {
                    let e = self.error_at(self.pos, ErrorKind::UnterminatedTag);
                    v.error(&e);
                    return Ok(());
                }
                continue;
            }
            let byte = match self.buf[self.pos] {
                b'"' => {
                    self.pos += 1;
                    break;
                }
                b'\n' => {
                    let e = self.error_at(self.pos, ErrorKind::UnterminatedTag);
                    v.error(&e);
                    return Ok(());
                }
                _ => {
                    self.pos += 1;
                    match self.peek()? {
                        Some(c @ (b'"' | b'\\')) => {
                            self.pos += 1;
                            c
                        }
                        _ => b'\\',
                    }
                }
            };
            if self.tag_value.len() < max {
                self.tag_value.push(byte);
            } else {
                truncated = true;
            }
        }
        if self.skip_blanks()? == Some(b']') {
            self.pos += 1;
            v.tag(&self.tag_name, &self.tag_value);
        } else {
            v.tag(&self.tag_name, &self.tag_value);
            let e = malformed(self, "missing ']' after the tag value");
            v.error(&e);
            self.skip_tag_rest()?;
        }
        if truncated {
            let at = self.location_of(open);
            v.error(&SyntaxError {
                kind: ErrorKind::TagTooLong { limit: max },
                at,
            });
        }
        Ok(())
    }

    /// Recovery in a bad tag: skips to just after `]`, or to the end of the line.
    fn skip_tag_rest(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            match b {
                b'\n' => return Ok(()),
                b']' => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => self.pos += 1,
            }
        }
        Ok(())
    }

    // ----- movetext ----------------------------------------------------------

    fn read_movetext<V: Visitor>(&mut self, v: &mut V, skip_game: bool) -> Result<(), PgnError> {
        let mut st = Movetext {
            depth: 0,
            skip_from: 0,
            skip_game,
        };
        let mut result_slot = None;
        while let Some(b) = self.peek()? {
            match b {
                _ if is_ws(b) => {
                    self.pos += 1;
                    while self.pos < self.end && is_ws(self.buf[self.pos]) {
                        self.pos += 1;
                    }
                }
                b'{' => {
                    self.pos += 1;
                    self.read_comment(v, &st, b'}')?;
                    if self.peek()? == Some(b'}') {
                        self.pos += 1;
                    }
                }
                b';' => {
                    self.pos += 1;
                    self.read_comment(v, &st, b'\n')?;
                }
                b'(' => {
                    self.pos += 1;
                    st.depth += 1;
                    if st.emit() && v.begin_variation().0 {
                        st.skip_from = st.depth;
                    }
                }
                b')' => {
                    if st.depth == 0 {
                        if st.emit() {
                            let e = self.error_at(self.pos, ErrorKind::UnmatchedCloseParen);
                            v.error(&e);
                        }
                    } else if st.skip_from == st.depth {
                        st.skip_from = 0;
                        st.depth -= 1;
                    } else {
                        if st.emit() {
                            v.end_variation();
                        }
                        st.depth -= 1;
                    }
                    self.pos += 1;
                }
                b'$' => {
                    let at = self.mark_here();
                    self.pos += 1;
                    let nag = match self.scan_token(3, true)? {
                        Some((_, 0)) => Err("'$' must be followed by a number"),
                        Some((start, len)) => {
                            let n = self.buf[start..start + len]
                                .iter()
                                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
                            u8::try_from(n).map_err(|_| "NAG numbers go up to 255")
                        }
                        None => Err("NAG numbers go up to 255"),
                    };
                    if st.emit() {
                        match nag {
                            Ok(n) => v.nag(n),
                            Err(reason) => {
                                let e = self.error_at_offset(at, ErrorKind::InvalidNag { reason });
                                v.error(&e);
                            }
                        }
                    }
                }
                b'!' | b'?' => {
                    let at = self.mark_here();
                    let mut glyph = [0u8; 2];
                    let mut len = 0;
                    while let Some(c @ (b'!' | b'?')) = self.peek()? {
                        if len < 2 {
                            glyph[len] = c;
                        }
                        len += 1;
                        self.pos += 1;
                    }
                    if st.emit() {
                        let nag = if len <= 2 {
                            nag_from_glyph(&glyph[..len])
                        } else {
                            None
                        };
                        match nag {
                            Some(n) => v.nag(n),
                            None => {
                                let reason = "unknown suffix glyph (use ! ? !! ?? !? ?!)";
                                let e = self.error_at_offset(at, ErrorKind::InvalidNag { reason });
                                v.error(&e);
                            }
                        }
                    }
                }
                b'*' => {
                    self.pos += 1;
                    if st.end_with(GameResult::Unknown, &mut result_slot) {
                        break;
                    }
                    if st.emit() {
                        let e = self.error_at(self.pos - 1, ErrorKind::ResultInVariation);
                        v.error(&e);
                    }
                }
                b'[' => break,
                b'.' => self.pos += 1,
                b'%' if self.at_line_start() => self.skip_line()?,
                _ if is_token(b) => {
                    let at = self.mark_here();
                    match self.scan_token(self.limits.max_token, false)? {
                        Some((start, len)) => {
                            let tok = &self.buf[start..start + len];
                            let result = if tok[0].is_ascii_digit() {
                                if tok.iter().all(u8::is_ascii_digit) {
                                    continue; // a move number
                                }
                                GameResult::from_bytes(tok)
                            } else {
                                None
                            };
                            match result {
                                None => {
                                    if st.emit() {
                                        v.san(&self.buf[start..start + len]);
                                    }
                                }
                                Some(r) => {
                                    if st.end_with(r, &mut result_slot) {
                                        break;
                                    }
                                    if st.emit() {
                                        let e =
                                            self.error_at_offset(at, ErrorKind::ResultInVariation);
                                        v.error(&e);
                                    }
                                }
                            }
                        }
                        None => {
                            if st.emit() {
                                let limit = self.limits.max_token;
                                let e = self.error_at_offset(at, ErrorKind::TokenTooLong { limit });
                                v.error(&e);
                            }
                        }
                    }
                }
                _ => {
                    let at = self.mark_here();
                    // Skip the whole run of meaningless bytes, reporting it once.
                    self.pos += 1;
                    loop {
                        while self.pos < self.end && is_junk(self.buf[self.pos]) {
                            self.pos += 1;
                        }
                        if self.pos < self.end || !self.fill()? {
                            break;
                        }
                    }
                    if st.emit() {
                        let e = self.error_at_offset(at, ErrorKind::UnexpectedByte { byte: b });
                        v.error(&e);
                    }
                }
            }
        }
        if !st.skip_game && st.depth > 0 {
            let open = if st.skip_from > 0 {
                st.skip_from - 1
            } else {
                st.depth
            };
            let e = self.error_at(self.pos, ErrorKind::UnclosedVariations { open: st.depth });
            v.error(&e);
            for _ in 0..open {
                v.end_variation();
            }
        }
        v.outcome(result_slot);
        Ok(())
    }

    /// Reads a comment up to `delim` (left unread) and passes it on.
    fn read_comment<V: Visitor>(
        &mut self,
        v: &mut V,
        st: &Movetext,
        delim: u8,
    ) -> Result<(), PgnError> {
        let limit = self.limits.max_comment;
        // On errors, the opening `{` is still in the buffer, right before `start`
        // (filling keeps one byte before the unread ones).
        match self.scan_until(delim, limit)? {
            Run::Complete(start, len) => {
                if st.emit() {
                    v.comment(trim_cr(&self.buf[start..start + len], delim));
                }
            }
            Run::Truncated(start, len) => {
                let open = (delim == b'}').then(|| self.location_at(start - 1));
                if st.emit() {
                    v.comment(&self.buf[start..start + len]);
                    let e = self.error_at(start + len, ErrorKind::CommentTooLong { limit });
                    v.error(&e);
                }
                let closed = self.skip_until(delim)?;
                if let (false, Some(at), true) = (closed, open, st.emit()) {
                    v.error(&SyntaxError {
                        kind: ErrorKind::UnterminatedComment,
                        at,
                    });
                }
            }
            Run::Eof(start, len) => {
                if st.emit() {
                    v.comment(trim_cr(&self.buf[start..start + len], delim));
                    if delim == b'}' {
                        let at = self.location_at(start - 1);
                        v.error(&SyntaxError {
                            kind: ErrorKind::UnterminatedComment,
                            at,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

/// The number of `\n` in `s`, in blocks the compiler can vectorise.
fn count_newlines(s: &[u8]) -> u64 {
    let mut chunks = s.chunks_exact(128);
    let mut n = 0u64;
    for chunk in &mut chunks {
        let mut k = 0u8;
        for &b in chunk {
            k += u8::from(b == b'\n');
        }
        n += u64::from(k);
    }
    n + chunks.remainder().iter().filter(|&&b| b == b'\n').count() as u64
}

/// Bytes skipped as one run of junk in movetext.
#[inline]
fn is_junk(b: u8) -> bool {
    CLASS[b as usize] == 0
        && !matches!(
            b,
            b'{' | b';' | b'(' | b')' | b'$' | b'!' | b'?' | b'*' | b'[' | b'.' | b'%'
        )
}

/// `;` comments end at `\n`; drop the `\r` of a CRLF line end.
fn trim_cr(s: &[u8], delim: u8) -> &[u8] {
    match s {
        [rest @ .., b'\r'] if delim == b'\n' => rest,
        _ => s,
    }
}

/// The largest `n <= limit` that does not cut a UTF-8 sequence in two.
fn utf8_cut(s: &[u8], limit: usize) -> usize {
    let mut n = limit.min(s.len());
    if n < s.len() {
        let mut back = 0;
        while n > 0 && back < 3 && (s[n] & 0xc0) == 0x80 {
            n -= 1;
            back += 1;
        }
        if back == 3 && (s[n] & 0xc0) == 0x80 {
            n += 3;
        }
    }
    n
}

struct Movetext {
    /// Open variations, skipped ones included.
    depth: u64,
    /// Depth of the variation being skipped (0: none).
    skip_from: u64,
    skip_game: bool,
}

impl Movetext {
    #[inline]
    fn emit(&self) -> bool {
        !self.skip_game && self.skip_from == 0
    }

    /// A result token: at top level it ends the game (`true`).
    #[inline]
    fn end_with(&self, r: GameResult, result: &mut Option<GameResult>) -> bool {
        if self.depth == 0 {
            *result = Some(r);
            true
        } else {
            false
        }
    }
}
