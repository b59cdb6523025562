//! The fast check of one game, as the reader streams it: the core's [`Replay`]
//! resolves and plays the mainline, and this visitor watches for anything the
//! reference check ([`super::reference`]) would treat in a way this one does not
//! follow exactly — a syntax problem, a size limit of the game record, a bad FEN,
//! two FEN tags, a position standing three or more times. Such a game is handed
//! to the reference check (its bytes are read again); every other game, with an
//! illegal move or a move after the end by the rules or not, is reported from
//! here, with no game record and no per-move allocation.

use super::report::GameReport;
use super::shadow::Shadow;
use guoxiang_core::outcome::DrawReason;
use guoxiang_core::pgn::{
    GameResult, RecordLimits, Replay, ReplayError, Replayed, Skip, SyntaxError, Visitor,
};
use guoxiang_core::{ClaimableDraw, FenMode, Move, Outcome, Position};

/// What the fast check makes of a game.
#[derive(Debug)]
pub enum Verdict {
    /// The report, exactly what the reference check would give.
    Clean(GameReport),
    /// A bad move: the report is `error` at mainline move `index` (from 0),
    /// whose text the caller reads again from the game ([`nth_mainline_san`]).
    BadMove { error: String, index: usize },
    /// Not plainly clean: ask the reference check.
    Unsure,
}

/// The `index`-th mainline move (from 0) of the one game in `bytes`, as written.
pub fn nth_mainline_san(bytes: &[u8], index: usize) -> Option<String> {
    struct Nth {
        index: usize,
        seen: usize,
        depth: usize,
        found: Option<String>,
    }
    impl Visitor for Nth {
        type Output = Option<String>;
        fn san(&mut self, san: &[u8]) {
            if self.depth == 0 {
                if self.seen == self.index {
                    self.found = Some(String::from_utf8_lossy(san).into_owned());
                }
                self.seen += 1;
            }
        }
        fn begin_variation(&mut self) -> Skip {
            self.depth += 1;
            Skip(false)
        }
        fn end_variation(&mut self) {
            self.depth = self.depth.saturating_sub(1);
        }
        fn end_game(&mut self) -> Option<String> {
            self.found.take()
        }
    }
    let mut nth = Nth {
        index,
        seen: 0,
        depth: 0,
        found: None,
    };
    let mut reader = guoxiang_core::pgn::Reader::new(bytes);
    reader.read_game(&mut nth).ok().flatten().flatten()
}

/// A [`Visitor`] giving a [`Verdict`] per game.
pub struct FastCheck {
    replay: Replay,
    limits: RecordLimits,
    /// One entry per open line (the mainline first): whether it has a move yet.
    lines: Vec<bool>,
    nodes: usize,
    text: usize,
    tags: usize,
    fen_tags: u32,
    fen: Vec<u8>,
    /// The first `Result` tag, read as a result (`None` inside: not one).
    result_tag: Option<Option<GameResult>>,
    unsure: bool,
    /// Repetition keys of the positions of the game, the start first.
    keys: Vec<u64>,
    shadow: Shadow,
    /// The standard starting position, made once.
    standard: Position,
}

impl Default for FastCheck {
    fn default() -> FastCheck {
        FastCheck {
            replay: Replay::new().keep_moves(),
            limits: RecordLimits::default(),
            lines: Vec::with_capacity(8),
            nodes: 0,
            text: 0,
            tags: 0,
            fen_tags: 0,
            fen: Vec::new(),
            result_tag: None,
            unsure: false,
            keys: Vec::with_capacity(256),
            shadow: Shadow::default(),
            standard: Position::new(),
        }
    }
}

impl FastCheck {
    /// Counts text as the game-record builder does; near its limit, be unsure.
    fn spend(&mut self, bytes: usize) {
        self.text = self.text.saturating_add(bytes);
        if self.text >= self.limits.max_text {
            self.unsure = true;
        }
    }

    fn line_has_move(&self) -> bool {
        self.lines.last().copied().unwrap_or(false)
    }

    /// The report on a move played after the game had ended by the rules.
    fn over(reason: &str, index: usize) -> Verdict {
        Verdict::BadMove {
            error: format!("the game was already over ({reason}) before this move"),
            index,
        }
    }

    /// The verdict on a replayed game (see [`Verdict`]).
    fn verdict(&mut self, replayed: Replayed) -> Verdict {
        if self.unsure || self.fen_tags > 1 {
            return Verdict::Unsure;
        }
        let illegal = match replayed.error {
            None => None,
            Some(ReplayError::IllegalMove {
                ply,
                depth: 0,
                error,
                ..
            }) if ply as usize == replayed.moves.len() + 1 => Some(error),
            Some(_) => return Verdict::Unsure,
        };
        let start = if self.fen_tags == 1 {
            let text = String::from_utf8_lossy(&self.fen);
            match Position::from_fen_with(text.trim(), FenMode::Lenient) {
                Ok(p) => p,
                Err(_) => return Verdict::Unsure,
            }
        } else {
            self.standard.clone()
        };
        let pos = if self
            .shadow
            .needs_full_check(&start, &replayed.moves, &replayed.end)
        {
            match self.full_check(start, &replayed.moves) {
                Ok(pos) => pos,
                Err(verdict) => return verdict,
            }
        } else {
            // Nothing ended the game before its last move, and no position
            // stands three times at the end.
            replayed.end
        };
        let outcome = pos.outcome().or_else(|| {
            (pos.halfmove_clock() >= 150).then_some(Outcome::Draw {
                reason: DrawReason::SeventyFiveMoves,
            })
        });
        let index = replayed.moves.len();
        if let Some(error) = illegal {
            return match outcome {
                Some(o) => Self::over(o.reason_code(), index),
                None => Verdict::BadMove {
                    error: error.to_string(),
                    index,
                },
            };
        }
        let claimable = if outcome.is_none() && pos.halfmove_clock() >= 100 {
            vec![ClaimableDraw::FiftyMoves]
        } else {
            Vec::new()
        };
        let result = replayed
            .result
            .or(self.result_tag.flatten())
            .unwrap_or_default();
        Verdict::Clean(GameReport::Ok {
            plies: index,
            fen: pos.fen(),
            result: result.as_str(),
            outcome,
            claimable,
            check: pos.is_check(),
        })
    }

    /// Plays the moves again, checking before each that the game was still on,
    /// as `Game::play_san` does; the position after the last one, or the
    /// verdict when the game ended early or a position stands three times.
    fn full_check(&mut self, start: Position, moves: &[Move]) -> Result<Position, Verdict> {
        let mut pos = start;
        self.keys.clear();
        self.keys.push(pos.repetition_key());
        for (i, &m) in moves.iter().enumerate() {
            // A legal move follows, so neither mate nor stalemate: what is left
            // is a dead position, fivefold repetition and the 75-move rule.
            if pos.is_insufficient_material() {
                return Err(Self::over(DrawReason::InsufficientMaterial.code(), i));
            }
            if repetitions_at_least(&self.keys, pos.halfmove_clock(), 5) {
                return Err(Verdict::Unsure);
            }
            if pos.halfmove_clock() >= 150 {
                return Err(Self::over(DrawReason::SeventyFiveMoves.code(), i));
            }
            pos.play_unchecked(m);
            self.keys.push(pos.repetition_key());
        }
        // Threefold (or more) needs the positions compared in full: rare, ask.
        if repetitions_at_least(&self.keys, pos.halfmove_clock(), 3) {
            return Err(Verdict::Unsure);
        }
        Ok(pos)
    }
}

/// Whether the last position's key stands at least `n` times among the positions
/// a repetition can reach (same side to move, since the last capture or pawn
/// move). Equal keys are necessary for equal positions, so "no" is exact.
fn repetitions_at_least(keys: &[u64], halfmove_clock: u32, n: usize) -> bool {
    let Some((&key, before)) = keys.split_last() else {
        return false;
    };
    let window = (halfmove_clock as usize).min(before.len());
    if window < 2 * (n - 1) {
        return false;
    }
    let mut count = 1;
    let mut i = 2;
    while i <= window {
        if before[before.len() - i] == key {
            count += 1;
            if count >= n {
                return true;
            }
        }
        i += 2;
    }
    false
}

impl Visitor for FastCheck {
    type Output = Verdict;

    fn begin_game(&mut self) {
        self.replay.begin_game();
        self.lines.clear();
        self.lines.push(false);
        self.nodes = 0;
        self.text = 0;
        self.tags = 0;
        self.fen_tags = 0;
        self.fen.clear();
        self.result_tag = None;
        self.unsure = false;
    }

    fn begin_headers(&mut self) {
        self.replay.begin_headers();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.spend(name.len() + value.len());
        self.tags += 1;
        if self.tags >= self.limits.max_tags {
            self.unsure = true;
        }
        match name {
            b"FEN" => {
                self.fen_tags += 1;
                self.fen.clear();
                self.fen.extend_from_slice(value);
            }
            b"Result" if self.result_tag.is_none() => {
                self.result_tag =
                    Some(std::str::from_utf8(value).ok().and_then(|s| s.parse().ok()));
            }
            _ => {}
        }
        self.replay.tag(name, value);
    }

    fn end_headers(&mut self) -> Skip {
        // A bad FEN makes the replay skip; the record builder reads on (and
        // the replay's error sends the game to the reference check).
        let _ = self.replay.end_headers();
        Skip(false)
    }

    fn san(&mut self, san: &[u8]) {
        self.spend(san.len());
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes {
            self.unsure = true;
        }
        if self.lines.len() == 1 {
            self.replay.san(san);
        }
        if let Some(has_move) = self.lines.last_mut() {
            *has_move = true;
        }
    }

    fn nag(&mut self, _nag: u8) {
        self.spend(1);
        if !self.line_has_move() {
            self.unsure = true;
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        self.spend(comment.len() + 1);
    }

    fn begin_variation(&mut self) -> Skip {
        if !self.line_has_move() || self.lines.len() >= self.limits.max_depth {
            self.unsure = true;
            return Skip(true);
        }
        self.lines.push(false);
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }

    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.replay.outcome(outcome);
    }

    fn error(&mut self, _error: &SyntaxError) {
        self.unsure = true;
    }

    fn end_game(&mut self) -> Verdict {
        let replayed = self.replay.end_game();
        self.verdict(replayed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_standing_three_times_is_counted_only_with_the_same_side_to_move() {
        // Positions 0..=8: A B A B A B A B A (keys 1, 2 alternating).
        let keys = [1, 2, 1, 2, 1, 2, 1, 2, 1];
        assert!(repetitions_at_least(&keys, 8, 5));
        assert!(
            !repetitions_at_least(&keys, 7, 5),
            "the window ends at a capture"
        );
        assert!(repetitions_at_least(&keys[..5], 4, 3));
        assert!(!repetitions_at_least(&keys[..4], 3, 3));
        // The key stands at odd distances only: the other side was to move then.
        assert!(!repetitions_at_least(&[7, 1, 6, 1, 5, 1, 1], 6, 3));
    }
}
