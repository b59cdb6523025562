//! One game's authoritative state and its rules of play, without any I/O: the
//! core's `Game` (moves, endings, draw offers, claims), the clock, who holds which
//! side, takeback requests, premoves and who is connected. Every action is checked
//! completely before anything changes; a successful action returns the storage
//! writes that make it durable (the game task commits them before it answers).

use crate::clock::{Clock, Press, TimeControl};
use crate::error::ApiError;
use crate::store::{unix_ms, GameRow, MoveRow, StoreError, Write};
use guoxiang_core::uci::UciMove;
use guoxiang_core::{ClaimableDraw, Color, Game, Move, Outcome, Position};
use guoxiang_i18n::{Lang, Localize};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// How the game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Against the engine.
    Computer,
    /// Two people, each with their own secret.
    Friend,
    /// Two people on one device, one secret for both sides.
    Hotseat,
}

impl Mode {
    pub fn code(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Friend => "friend",
            Mode::Hotseat => "hotseat",
        }
    }

    pub fn from_code(s: &str) -> Option<Mode> {
        match s {
            "computer" => Some(Mode::Computer),
            "friend" => Some(Mode::Friend),
            "hotseat" => Some(Mode::Hotseat),
            _ => None,
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A friend game whose second player has not joined.
    Waiting,
    Active,
    Finished,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }
}

/// Who is acting, as established by the secret they hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Player(Color),
    /// Hot-seat: one secret plays both sides.
    Both,
    Spectator,
}

impl Seat {
    pub fn code(self) -> Option<&'static str> {
        match self {
            Seat::Player(c) => Some(c.name()),
            Seat::Both => Some("both"),
            Seat::Spectator => None,
        }
    }
}

/// How a finished game ended, as data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// A stable code: the core's reason codes plus `aborted`, `abandonment`
    /// (win claimed after the opponent left) and `abandonment_draw`.
    pub reason: String,
}

impl Ending {
    fn from_outcome(o: Outcome) -> Ending {
        Ending {
            result: o.result().to_string(),
            reason: o.reason_code().to_string(),
        }
    }

    pub fn winner(&self) -> Option<Color> {
        match self.result.as_str() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        }
    }
}

/// What a client may ask of a game (WebSocket messages and `POST …/actions`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A move in UCI notation (`e2e4`, `e7e8q`, castling `e1g1`).
    Move {
        uci: String,
    },
    /// A move to play as soon as the opponent has moved (`null` cancels).
    Premove {
        uci: Option<String>,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// `threefold_repetition`, `fifty_moves`, or `opponent_left`.
    ClaimDraw {
        reason: String,
    },
    /// The opponent has been gone for the grace period: claim the win.
    ClaimVictory,
    Resign,
    Abort,
    TakebackRequest,
    TakebackAccept,
    TakebackDecline,
}

/// A search the game task should start for the computer's move.
pub struct EngineJob {
    pub ply: usize,
    pub position: Position,
    pub history: Vec<u64>,
    pub level: u8,
    /// Milliseconds the engine may use at most.
    pub budget_ms: u64,
    /// The game has no clock.
    pub untimed: bool,
}

/// A game in play or finished.
pub struct GameState {
    pub id: String,
    pub mode: Mode,
    pub level: Option<u8>,
    pub computer: Option<Color>,
    pub created_at: i64,
    pub secrets: [Option<String>; 2],
    /// What the join link carries (friend games): only its holder may join.
    pub join_key: Option<String>,
    pub status: Status,
    pub game: Game,
    pub clock: Clock,
    pub ending: Option<Ending>,
    sans: Vec<String>,
    /// Both clocks (base times) after each ply.
    clocks_after: Vec<[u64; 2]>,
    takeback: Option<Color>,
    premove: Option<(Color, String)>,
    connections: [u32; 2],
    gone_since: [Option<u64>; 2],
    pub grace_ms: u64,
    /// The engine's recent evaluations, from its own side.
    pub engine_scores: Vec<i32>,
}

fn color_code(c: Option<Color>) -> Value {
    c.map_or(Value::Null, |c| Value::from(c.name()))
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

fn not_your_turn() -> ApiError {
    ApiError::conflict("not_your_turn", "it is not your turn")
}

impl GameState {
    /// A new game (friend games wait for the second player).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: String,
        mode: Mode,
        level: Option<u8>,
        computer: Option<Color>,
        control: TimeControl,
        secrets: [Option<String>; 2],
        grace_ms: u64,
        start: Option<Position>,
    ) -> GameState {
        let status = if mode == Mode::Friend {
            Status::Waiting
        } else {
            Status::Active
        };
        GameState {
            id,
            mode,
            level,
            computer,
            created_at: unix_ms(),
            secrets,
            join_key: None,
            status,
            game: start.map_or_else(Game::new, Game::from_position),
            clock: Clock::new(control),
            ending: None,
            sans: Vec::new(),
            clocks_after: Vec::new(),
            takeback: None,
            premove: None,
            connections: [0, 0],
            gone_since: [None, None],
            grace_ms,
            engine_scores: Vec::new(),
        }
    }

    /// The stored row for a new game.
    pub fn row(&self) -> GameRow {
        let [w, b] = self.clock.stored();
        GameRow {
            id: self.id.clone(),
            created_at: self.created_at,
            mode: self.mode.code().to_string(),
            level: self.level,
            computer_color: self.computer.map(|c| c.name().to_string()),
            time_control: serde_json::to_string(&self.clock.control).unwrap_or_default(),
            white_secret: self.secrets[0].clone(),
            black_secret: self.secrets[1].clone(),
            status: self.status.code().to_string(),
            result: None,
            reason: None,
            white_ms: w as i64,
            black_ms: b as i64,
            finished_at: None,
            start_fen: (self.game.start() != &Position::new()).then(|| self.game.start().fen()),
            join_key: self.join_key.clone(),
        }
    }

    /// Rebuilds a game from its stored rows. An unfinished timed game's clock
    /// restarts at `now` with the stored times: the time the server was down is
    /// charged to nobody.
    pub fn from_rows(
        row: &GameRow,
        moves: &[MoveRow],
        now: u64,
        grace_ms: u64,
    ) -> Result<GameState, StoreError> {
        let corrupt = |what: &str| StoreError::Corrupt(format!("game {}: {what}", row.id));
        let mode = Mode::from_code(&row.mode).ok_or_else(|| corrupt("unknown mode"))?;
        let control: TimeControl =
            serde_json::from_str(&row.time_control).map_err(|_| corrupt("bad time control"))?;
        let start = match &row.start_fen {
            None => None,
            Some(f) => Some(Position::from_fen(f).map_err(|_| corrupt("bad start FEN"))?),
        };
        let mut g = GameState::new(
            row.id.clone(),
            mode,
            row.level,
            row.computer_color.as_deref().and_then(parse_color),
            control.clone(),
            [row.white_secret.clone(), row.black_secret.clone()],
            grace_ms,
            start,
        );
        g.created_at = row.created_at;
        g.join_key = row.join_key.clone();
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i as i64 + 1 {
                return Err(corrupt("moves out of sequence"));
            }
            g.game
                .play_uci(&m.uci)
                .map_err(|e| corrupt(&format!("move {}: {e}", m.ply)))?;
            g.sans.push(m.san.clone());
            g.clocks_after
                .push([m.white_ms.max(0) as u64, m.black_ms.max(0) as u64]);
        }
        g.status = match row.status.as_str() {
            "waiting" => Status::Waiting,
            "finished" => Status::Finished,
            _ => Status::Active,
        };
        let remaining = [row.white_ms.max(0) as u64, row.black_ms.max(0) as u64];
        g.clock = Clock::restore(control, remaining, g.move_counts());
        if g.status == Status::Finished {
            g.ending = Some(Ending {
                result: row.result.clone().unwrap_or_else(|| "*".into()),
                reason: row.reason.clone().unwrap_or_default(),
            });
        } else if g.status == Status::Active {
            g.clock.start(g.game.turn(), now);
        }
        Ok(g)
    }

    fn move_counts(&self) -> [u32; 2] {
        let n = self.game.moves().len() as u32;
        if self.game.start().turn() == Color::White {
            [n.div_ceil(2), n / 2]
        } else {
            [n / 2, n.div_ceil(2)]
        }
    }

    /// The seat a secret gives (constant-time enough: secrets are random and long).
    pub fn seat(&self, secret: Option<&str>) -> Seat {
        let Some(s) = secret.filter(|s| !s.is_empty()) else {
            return Seat::Spectator;
        };
        let w = self.secrets[0].as_deref() == Some(s);
        let b = self.secrets[1].as_deref() == Some(s);
        match (w, b) {
            (true, true) => Seat::Both,
            (true, false) => Seat::Player(Color::White),
            (false, true) => Seat::Player(Color::Black),
            _ => Seat::Spectator,
        }
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The second player joins a friend game; returns their colour.
    pub fn join(&mut self, secret: String, key: &str) -> Result<(Color, Vec<Write>), ApiError> {
        if self.mode != Mode::Friend {
            return Err(ApiError::conflict(
                "not_joinable",
                "only friend games can be joined",
            ));
        }
        if self.join_key.as_deref() != Some(key) {
            return Err(ApiError::forbidden(
                "joining needs the key of the join link (the watch link only watches)",
            ));
        }
        if self.status != Status::Waiting {
            return Err(ApiError::conflict(
                "already_joined",
                "both players are already here",
            ));
        }
        let Some(i) = self.secrets.iter().position(Option::is_none) else {
            return Err(ApiError::conflict(
                "already_joined",
                "both players are already here",
            ));
        };
        self.secrets[i] = Some(secret.clone());
        self.status = Status::Active;
        let color = if i == 0 { Color::White } else { Color::Black };
        Ok((
            color,
            vec![Write::Join {
                id: self.id.clone(),
                color: color.name().to_string(),
                secret,
            }],
        ))
    }

    /// The colour `seat` acts as for `action`, or why it may not act at all.
    fn actor_color(&self, seat: Seat, action: &Action) -> Result<Color, ApiError> {
        let turn = self.game.turn();
        match seat {
            Seat::Spectator => Err(ApiError::forbidden(
                "spectators cannot play: send the secret of a side",
            )),
            Seat::Player(c) => Ok(c),
            Seat::Both => Ok(match action {
                // In hot-seat the offer comes from the side that just moved.
                Action::OfferDraw => !turn,
                _ => turn,
            }),
        }
    }

    fn ensure_playing(&self) -> Result<(), ApiError> {
        if let Some(e) = &self.ending {
            return Err(ApiError::conflict(
                "game_over",
                format!("the game is over ({} {})", e.result, e.reason),
            ));
        }
        if self.status == Status::Waiting {
            return Err(ApiError::conflict(
                "not_started",
                "the opponent has not joined yet",
            ));
        }
        Ok(())
    }

    /// Parses a UCI move for the current position, explaining an illegal one.
    fn parse_move(&self, uci: &str) -> Result<Move, ApiError> {
        let pos = self.game.position();
        let parsed = UciMove::from_ascii(uci.trim().as_bytes())
            .map_err(|e| ApiError::bad_request("bad_move", e.to_string()))?;
        match parsed.to_move(pos) {
            Ok(m) => Ok(m),
            Err(_) => {
                let message = match parsed {
                    UciMove::Normal {
                        from,
                        to,
                        promotion,
                    } => match pos.explain(from, to, promotion) {
                        Err(why) => why.message(Lang::En),
                        Ok(_) => format!("{uci} is not a legal move here"),
                    },
                    UciMove::Null => "a null move is not a move".to_string(),
                };
                Err(ApiError::conflict("illegal_move", message))
            }
        }
    }

    /// Performs `action` for `seat` at time `now`; `credit_ms` is lag compensation.
    pub fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now: u64,
        credit_ms: u64,
    ) -> Result<Vec<Write>, ApiError> {
        let color = self.actor_color(seat, &action)?;
        if self.computer == Some(color) {
            return Err(ApiError::forbidden("that side is played by the computer"));
        }
        match action {
            Action::Abort => return self.abort(now),
            _ => self.ensure_playing()?,
        }
        match action {
            Action::Move { uci } => {
                if self.game.turn() != color {
                    return Err(not_your_turn());
                }
                let m = self.parse_move(&uci)?;
                self.play(color, m, now, credit_ms)
            }
            Action::Premove { uci } => {
                match uci {
                    None => {
                        self.premove = None;
                    }
                    Some(u) => {
                        if self.game.turn() == color {
                            return Err(ApiError::conflict(
                                "premove_on_turn",
                                "it is your turn: send a move, not a premove",
                            ));
                        }
                        // Only the syntax and the piece can be checked now; the move
                        // is read again, and must be legal, once it is this side's turn.
                        let parsed = UciMove::from_ascii(u.trim().as_bytes())
                            .map_err(|e| ApiError::bad_request("bad_move", e.to_string()))?;
                        let own = match parsed {
                            UciMove::Normal { from, .. } => {
                                self.game.position().board().color_at(from) == Some(color)
                            }
                            UciMove::Null => false,
                        };
                        if !own {
                            return Err(ApiError::bad_request(
                                "bad_move",
                                "a premove must move one of your own pieces",
                            ));
                        }
                        let m = parsed.to_string();
                        self.premove = Some((color, m));
                    }
                }
                Ok(Vec::new())
            }
            Action::OfferDraw => {
                self.game.offer_draw(color)?;
                if let (Some(cpu), Some(level)) = (self.computer, self.level) {
                    let score = self.engine_scores.last().copied().unwrap_or(0);
                    let full = self.game.position().fullmove_number();
                    if guoxiang_engine::levels::accepts_draw(level, score, full) {
                        let o = self.game.accept_draw(cpu)?;
                        return Ok(self.finish(Ending::from_outcome(o), now));
                    }
                    self.game.decline_draw(cpu)?;
                }
                Ok(Vec::new())
            }
            Action::AcceptDraw => {
                let o = self.game.accept_draw(color)?;
                Ok(self.finish(Ending::from_outcome(o), now))
            }
            Action::DeclineDraw => {
                self.game.decline_draw(color)?;
                Ok(Vec::new())
            }
            Action::ClaimDraw { reason } => {
                let claim = match reason.as_str() {
                    "threefold_repetition" => ClaimableDraw::ThreefoldRepetition,
                    "fifty_moves" => ClaimableDraw::FiftyMoves,
                    "opponent_left" => {
                        self.ensure_opponent_gone(color, now)?;
                        return Ok(self.finish(
                            Ending {
                                result: "1/2-1/2".into(),
                                reason: "abandonment_draw".into(),
                            },
                            now,
                        ));
                    }
                    _ => {
                        return Err(ApiError::bad_request(
                            "bad_claim",
                            "reason must be threefold_repetition, fifty_moves or opponent_left",
                        ))
                    }
                };
                if self.game.turn() != color {
                    return Err(ApiError::conflict(
                        "nothing_to_claim",
                        "a draw is claimed by the player to move",
                    ));
                }
                let o = self.game.claim_draw(claim)?;
                Ok(self.finish(Ending::from_outcome(o), now))
            }
            Action::ClaimVictory => {
                self.ensure_opponent_gone(color, now)?;
                let result = if color == Color::White { "1-0" } else { "0-1" };
                Ok(self.finish(
                    Ending {
                        result: result.into(),
                        reason: "abandonment".into(),
                    },
                    now,
                ))
            }
            Action::Resign => {
                let o = self.game.resign(color)?;
                Ok(self.finish(Ending::from_outcome(o), now))
            }
            Action::Abort => Err(ApiError::conflict("game_over", "already handled")),
            Action::TakebackRequest => self.takeback_request(color, now),
            Action::TakebackAccept => {
                let Some(requester) = self.takeback.filter(|r| *r != color) else {
                    return Err(ApiError::conflict(
                        "no_takeback",
                        "there is no takeback request from the opponent",
                    ));
                };
                self.take_back(requester, now)
            }
            Action::TakebackDecline => {
                if self.takeback.is_none_or(|r| r == color) {
                    return Err(ApiError::conflict(
                        "no_takeback",
                        "there is no takeback request from the opponent",
                    ));
                }
                self.takeback = None;
                Ok(Vec::new())
            }
        }
    }

    fn abort(&mut self, now: u64) -> Result<Vec<Write>, ApiError> {
        if self.ending.is_some() {
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
        if self.game.moves().len() >= 2 {
            return Err(ApiError::conflict(
                "too_late_to_abort",
                "a game can be aborted only before both sides have moved",
            ));
        }
        Ok(self.finish(
            Ending {
                result: "*".into(),
                reason: "aborted".into(),
            },
            now,
        ))
    }

    fn ensure_opponent_gone(&self, color: Color, now: u64) -> Result<(), ApiError> {
        match self.gone_since[(!color).index()] {
            Some(t) if now >= t + self.grace_ms => Ok(()),
            Some(_) => Err(ApiError::conflict(
                "too_early",
                "the opponent left less than the grace period ago",
            )),
            None => Err(ApiError::conflict(
                "opponent_present",
                "the opponent is connected",
            )),
        }
    }

    /// Plays a checked legal move for `color` (the side to move).
    fn play(
        &mut self,
        color: Color,
        m: Move,
        now: u64,
        credit_ms: u64,
    ) -> Result<Vec<Write>, ApiError> {
        let mut clock = self.clock.clone();
        if clock.press(color, now, credit_ms) == Press::Flagged {
            return Ok(self.flag(color, now));
        }
        let san = self.game.position().san(m);
        self.game.play(m)?;
        self.clock = clock;
        self.sans.push(san.clone());
        let stored = self.clock.stored();
        self.clocks_after.push(stored);
        self.takeback = None;
        let mut writes = vec![Write::AppendMove {
            id: self.id.clone(),
            mv: MoveRow {
                ply: self.game.moves().len() as i64,
                uci: m.to_uci(),
                san,
                white_ms: stored[0] as i64,
                black_ms: stored[1] as i64,
                played_at: unix_ms(),
            },
        }];
        if let Some(o) = self.game.outcome() {
            writes.extend(self.finish(Ending::from_outcome(o), now));
            return Ok(writes);
        }
        self.clock.start(!color, now);
        // A premove of the side now to move is played at once, if legal.
        if let Some((pc, pm)) = self.premove.take() {
            if pc == !color {
                if let Ok(m) = self.game.position().parse_uci(&pm) {
                    writes.extend(self.play(pc, m, now, 0)?);
                }
            }
        }
        Ok(writes)
    }

    /// `color`'s flag fell at `now`.
    pub fn flag(&mut self, color: Color, now: u64) -> Vec<Write> {
        match self.game.flag(color) {
            Ok(o) => {
                let w = self.finish(Ending::from_outcome(o), now);
                // The flagged side shows zero.
                let mut r = self.clock.stored();
                r[color.index()] = 0;
                self.clock.set(r, self.move_counts());
                let mut writes = w;
                if let Some(Write::Finish {
                    white_ms, black_ms, ..
                }) = writes.last_mut()
                {
                    *white_ms = r[0] as i64;
                    *black_ms = r[1] as i64;
                }
                writes
            }
            Err(_) => Vec::new(),
        }
    }

    fn finish(&mut self, ending: Ending, now: u64) -> Vec<Write> {
        self.clock.stop(now);
        let [w, b] = self.clock.stored();
        self.status = Status::Finished;
        self.takeback = None;
        self.premove = None;
        let write = Write::Finish {
            id: self.id.clone(),
            result: ending.result.clone(),
            reason: ending.reason.clone(),
            white_ms: w as i64,
            black_ms: b as i64,
            at: unix_ms(),
        };
        self.ending = Some(ending);
        vec![write]
    }

    fn takeback_request(&mut self, color: Color, now: u64) -> Result<Vec<Write>, ApiError> {
        if self.mode == Mode::Friend {
            if self.takeback.is_some() {
                return Err(ApiError::conflict(
                    "takeback_pending",
                    "a takeback request is already waiting for an answer",
                ));
            }
            if self.plies_to_take_back(color) == 0 {
                return Err(ApiError::conflict(
                    "nothing_to_undo",
                    "you have no move to take back",
                ));
            }
            self.takeback = Some(color);
            return Ok(Vec::new());
        }
        // Against the computer and on one device, a takeback is granted at once.
        self.take_back(color, now)
    }

    /// How many plies go back to undo `color`'s last move.
    fn plies_to_take_back(&self, color: Color) -> usize {
        let n = self.game.moves().len();
        let k = if self.game.turn() == color { 2 } else { 1 };
        if self.mode == Mode::Hotseat {
            return n.min(1);
        }
        if k > n {
            0
        } else {
            k
        }
    }

    fn take_back(&mut self, color: Color, now: u64) -> Result<Vec<Write>, ApiError> {
        let k = self.plies_to_take_back(color);
        if k == 0 {
            return Err(ApiError::conflict(
                "nothing_to_undo",
                "you have no move to take back",
            ));
        }
        for _ in 0..k {
            self.game.undo()?;
            self.sans.pop();
            self.clocks_after.pop();
        }
        self.takeback = None;
        self.premove = None;
        let first = self.clock.control.periods.first().map_or(0, |p| p.time_ms);
        let remaining = self.clocks_after.last().copied().unwrap_or([first, first]);
        self.clock.set(remaining, self.move_counts());
        self.clock.start(self.game.turn(), now);
        Ok(vec![Write::Truncate {
            id: self.id.clone(),
            keep: self.game.moves().len() as i64,
            white_ms: remaining[0] as i64,
            black_ms: remaining[1] as i64,
        }])
    }

    /// A connection of `color` opened (`true`) or closed.
    pub fn presence(&mut self, color: Color, connected: bool, now: u64) {
        let i = color.index();
        if connected {
            self.connections[i] += 1;
            self.gone_since[i] = None;
        } else {
            self.connections[i] = self.connections[i].saturating_sub(1);
            if self.connections[i] == 0 && self.mode == Mode::Friend && !self.is_over() {
                self.gone_since[i] = Some(now);
            }
        }
    }

    /// The next moment something happens by itself: a flag falls or a disconnect
    /// claim becomes possible.
    pub fn next_deadline(&self, now: u64) -> Option<u64> {
        if self.is_over() || self.status != Status::Active {
            return None;
        }
        let flag = self.clock.flag_time().map(|(_, t)| t);
        let gone = self
            .gone_since
            .iter()
            .flatten()
            .map(|t| t + self.grace_ms)
            .filter(|t| *t > now)
            .min();
        match (flag, gone) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The engine search to start now, if the computer is to move.
    pub fn engine_job(&self) -> Option<EngineJob> {
        let cpu = self.computer?;
        if self.is_over() || self.game.turn() != cpu {
            return None;
        }
        let positions = self.game.positions();
        let budget_ms = if self.clock.is_untimed() {
            1_000
        } else {
            (self.clock.stored()[cpu.index()] / 40).clamp(50, 2_000)
        };
        Some(EngineJob {
            ply: self.game.moves().len(),
            position: self.game.position().clone(),
            history: positions[..positions.len() - 1]
                .iter()
                .map(Position::zobrist)
                .collect(),
            level: self.level.unwrap_or(4),
            budget_ms,
            untimed: self.clock.is_untimed(),
        })
    }

    /// The engine's answer for the position after `ply` moves: a move, or a
    /// resignation.
    pub fn engine_move(
        &mut self,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        now: u64,
    ) -> Vec<Write> {
        let Some(cpu) = self.computer else {
            return Vec::new();
        };
        if ply != self.game.moves().len() || self.is_over() || self.game.turn() != cpu {
            return Vec::new(); // stale (a takeback happened meanwhile)
        }
        self.engine_scores.push(score);
        let level = self.level.unwrap_or(4);
        if guoxiang_engine::levels::resigns(level, &self.engine_scores) {
            if let Ok(o) = self.game.resign(cpu) {
                return self.finish(Ending::from_outcome(o), now);
            }
        }
        match mv {
            Some(m) if self.game.position().is_legal(m) => {
                self.play(cpu, m, now, 0).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    /// Draws the side to move may claim.
    fn claimable(&self) -> Vec<&'static str> {
        if self.is_over() {
            return Vec::new();
        }
        self.game
            .claimable_draws()
            .into_iter()
            .map(ClaimableDraw::code)
            .collect()
    }

    /// The legal moves of the side to move, in UCI and in SAN (empty when the game is
    /// not in play), so that a client needs no move generator of its own.
    fn legal(&self) -> (Vec<String>, Vec<String>) {
        if self.ensure_playing().is_err() {
            return (Vec::new(), Vec::new());
        }
        let pos = self.game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| (m.to_uci(), pos.san(m)))
            .unzip()
    }

    /// The game as every viewer sees it.
    pub fn view(&self, now: u64) -> Value {
        let (legal, legal_san) = self.legal();
        let clock = if self.clock.is_untimed() {
            Value::Null
        } else {
            json!({
                "white_ms": self.clock.remaining(Color::White, now),
                "black_ms": self.clock.remaining(Color::Black, now),
                "running": color_code(self.clock.running()),
                "control": self.clock.control,
            })
        };
        let gone = |c: Color| {
            self.gone_since[c.index()].map(|t| {
                json!({
                    "since_ms": now.saturating_sub(t),
                    "claimable": now >= t + self.grace_ms,
                })
            })
        };
        json!({
            "id": self.id,
            "mode": self.mode.code(),
            "level": self.level,
            "computer": color_code(self.computer),
            "status": self.status.code(),
            "fen": self.game.position().fen(),
            "start_fen": self.game.start().fen(),
            "turn": self.game.turn().name(),
            "moves": self.game.moves().iter().map(|m| m.to_uci()).collect::<Vec<_>>(),
            "san": self.sans,
            "clock": clock,
            "result": self.ending.as_ref().map(|e| e.result.clone()),
            "reason": self.ending.as_ref().map(|e| e.reason.clone()),
            "winner": color_code(self.ending.as_ref().and_then(Ending::winner)),
            "draw_offer": color_code(if self.is_over() { None } else { self.game.draw_offer() }),
            "takeback_request": color_code(self.takeback),
            "claimable_draws": self.claimable(),
            "check": self.game.position().is_check(),
            "legal": legal,
            "legal_san": legal_san,
            "disconnected": {"white": gone(Color::White), "black": gone(Color::Black)},
            "joined": self.mode != Mode::Friend || self.secrets.iter().all(Option::is_some),
        })
    }

    /// What `seat` may do now (for buttons; the server checks again on each action).
    pub fn may(&self, seat: Seat, now: u64) -> Value {
        let colors: Vec<Color> = match seat {
            Seat::Spectator => Vec::new(),
            Seat::Player(c) => vec![c],
            Seat::Both => vec![self.game.turn()],
        };
        let playing = self.ensure_playing().is_ok();
        let Some(&c) = colors.first().filter(|_| playing) else {
            let abort =
                seat != Seat::Spectator && self.ending.is_none() && self.game.moves().len() < 2;
            return json!({"move": false, "abort": abort, "resign": false, "offer_draw": false,
                "accept_draw": false, "claim_draw": [], "claim_victory": false, "takeback": false});
        };
        let offer_as = if seat == Seat::Both {
            !self.game.turn()
        } else {
            c
        };
        let mut claims: Vec<&str> = if self.game.turn() == c {
            self.claimable()
        } else {
            Vec::new()
        };
        let gone_ok = self.ensure_opponent_gone(c, now).is_ok();
        if gone_ok {
            claims.push("opponent_left");
        }
        json!({
            "move": self.game.turn() == c,
            "abort": self.game.moves().len() < 2,
            "resign": true,
            "offer_draw": self.game.may_offer_draw(offer_as) && self.mode != Mode::Hotseat,
            "accept_draw": self.game.draw_offer() == Some(!c),
            "claim_draw": claims,
            "claim_victory": gone_ok,
            "takeback": self.takeback.is_none() && self.plies_to_take_back(c) > 0,
            "accept_takeback": self.takeback == Some(!c),
        })
    }

    /// The game in PGN.
    pub fn pgn(&self) -> String {
        crate::pgn::write(self)
    }

    pub fn sans(&self) -> &[String] {
        &self.sans
    }
}
