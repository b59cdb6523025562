//! The actions of play, one function each, and what a seat may do now.
//! Called through [`GameState::act`], which adds the stored state of offers.

use super::premove::Premove;
use super::takeback::{plies_to_take_back, Request};
use super::{Action, Change, Ending, GameState, MoveRecord, Refusal, Seat};
use crate::clock::Press;
use crate::protocol::{ClaimReason, May, Mode, NoticeKind, Status};
use crate::time::Now;
use guoxiang_core::uci::UciMove;
use guoxiang_core::{ClaimableDraw, Color, Move};
use guoxiang_i18n::{Lang, Localize};

/// The colour `seat` acts as for `action`, or why it may not act at all.
fn actor_color(g: &GameState, seat: Seat, action: &Action) -> Result<Color, Refusal> {
    let turn = g.game.turn();
    match seat {
        Seat::Spectator => Err(Refusal::Spectator),
        Seat::Player(c) => Ok(c),
        Seat::Both => Ok(match action {
            // In hot-seat the offer comes from the side that just moved.
            Action::OfferDraw => !turn,
            _ => turn,
        }),
    }
}

fn ensure_playing(g: &GameState) -> Result<(), Refusal> {
    if let Some(e) = &g.ending {
        return Err(Refusal::GameOver(format!(
            "{} {}",
            e.result().as_str(),
            e.reason_code()
        )));
    }
    if g.status == Status::Waiting {
        return Err(Refusal::NotStarted);
    }
    Ok(())
}

/// Parses a UCI move for the current position, explaining an illegal one.
fn parse_move(g: &GameState, uci: &str) -> Result<Move, Refusal> {
    let pos = g.game.position();
    let parsed =
        UciMove::from_ascii(uci.trim().as_bytes()).map_err(|e| Refusal::BadMove(e.to_string()))?;
    parsed.to_move(pos).map_err(|_| {
        Refusal::IllegalMove(match parsed {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => match pos.explain(from, to, promotion) {
                Err(why) => why.message(Lang::En),
                Ok(_) => format!("{uci} is not a legal move here"),
            },
            UciMove::Null => "a null move is not a move".to_string(),
        })
    })
}

pub(super) fn act(
    g: &mut GameState,
    seat: Seat,
    action: Action,
    now: Now,
    credit_ms: u64,
) -> Result<Vec<Change>, Refusal> {
    let color = actor_color(g, seat, &action)?;
    if g.computer == Some(color) {
        return Err(Refusal::ComputerSide);
    }
    if action == Action::Abort {
        return abort(g, now);
    }
    match action {
        Action::DeclineRematch => return g.decline_rematch(seat).map(|()| Vec::new()),
        // Starting a game needs a new id: the game's task calls `GameState::rematch`.
        Action::Rematch => return Err(Refusal::GameOver("rematch goes to the game's task".into())),
        Action::Berserk => return super::berserk::berserk(g, color),
        _ => {}
    }
    ensure_playing(g)?;
    match action {
        Action::Move(uci) => {
            if g.game.turn() != color {
                return Err(Refusal::NotYourTurn);
            }
            let m = parse_move(g, &uci)?;
            let credit = g.lag.credit(color, credit_ms);
            play(g, color, m, now, credit).inspect_err(|_| g.lag.refund(color, credit))
        }
        Action::Premove(uci) => {
            let pos = g.game.position().clone();
            g.premove.set(&pos, color, uci.as_deref())?;
            Ok(Vec::new())
        }
        Action::OfferDraw => {
            g.game.offer_draw(color)?;
            if let (Some(cpu), Some(level)) = (g.computer, g.level) {
                let score = g.engine_scores.last().copied().unwrap_or(0);
                let full = g.game.position().fullmove_number();
                if super::computer::computer_accepts(level, score, full) {
                    let o = g.game.accept_draw(cpu)?;
                    return Ok(g.finish(Ending::Outcome(o), now));
                }
                g.game.decline_draw(cpu)?;
                g.notice(NoticeKind::DrawDeclined, cpu);
            }
            Ok(Vec::new())
        }
        Action::AcceptDraw => {
            let o = g.game.accept_draw(color)?;
            Ok(g.finish(Ending::Outcome(o), now))
        }
        Action::DeclineDraw => {
            g.game.decline_draw(color)?;
            g.notice(NoticeKind::DrawDeclined, color);
            Ok(Vec::new())
        }
        Action::ClaimDraw(reason) => {
            let claim = match reason {
                ClaimReason::ThreefoldRepetition => ClaimableDraw::ThreefoldRepetition,
                ClaimReason::FiftyMoves => ClaimableDraw::FiftyMoves,
                ClaimReason::OpponentLeft => {
                    g.presence.ensure_opponent_gone(color, now.mono)?;
                    return Ok(g.finish(Ending::AbandonmentDraw, now));
                }
            };
            if g.game.turn() != color {
                return Err(Refusal::ClaimNotOnTurn);
            }
            let o = g.game.claim_draw(claim)?;
            Ok(g.finish(Ending::Outcome(o), now))
        }
        Action::ClaimVictory => {
            g.presence.ensure_opponent_gone(color, now.mono)?;
            Ok(g.finish(Ending::Abandonment { winner: color }, now))
        }
        Action::Resign => {
            let o = g.game.resign(color)?;
            Ok(g.finish(Ending::Outcome(o), now))
        }
        Action::Abort => Err(Refusal::GameOver("already handled".into())),
        Action::TakebackRequest => {
            if g.mode == Mode::Friend {
                let plies = plies_to_take_back(g.mode, g.game.moves().len(), g.game.turn(), color);
                g.takeback.ask(color, plies)?;
                return Ok(Vec::new());
            }
            // Against the computer and on one device, a takeback is granted at once.
            take_back(g, color, now)
        }
        Action::TakebackAccept => {
            let mut request = g.takeback;
            let requester = request.answer(color)?;
            take_back(g, requester, now)
        }
        Action::TakebackDecline => {
            g.takeback.answer(color)?;
            g.notice(NoticeKind::TakebackDeclined, color);
            Ok(Vec::new())
        }
        // Answered above.
        Action::Rematch | Action::DeclineRematch | Action::Berserk => Ok(Vec::new()),
    }
}

fn abort(g: &mut GameState, now: Now) -> Result<Vec<Change>, Refusal> {
    ensure_playing(g).or_else(|e| match e {
        Refusal::NotStarted => Ok(()),
        e => Err(e),
    })?;
    if g.game.moves().len() >= 2 {
        return Err(Refusal::TooLateToAbort);
    }
    Ok(g.finish(Ending::Aborted, now))
}

/// Plays a checked legal move for `color` (the side to move); a premove of the
/// opponent then follows at once if it is legal. A fallen flag is
/// [`Refusal::FlagFell`], with nothing changed.
pub(super) fn play(
    g: &mut GameState,
    color: Color,
    m: Move,
    now: Now,
    credit_ms: u64,
) -> Result<Vec<Change>, Refusal> {
    let mut clock = g.clock.clone();
    if clock.press(color, now.mono, credit_ms) == Press::Flagged {
        return Err(Refusal::FlagFell);
    }
    let san = g.game.position().san(m);
    g.game.play(m)?;
    g.observe_opening();
    g.clock = clock;
    g.sans.push(san.clone());
    let clocks = g.clock.stored();
    g.clocks_after.push(clocks);
    g.takeback = Request::default();
    let mut changes = vec![Change::Moved(MoveRecord {
        ply: g.game.moves().len() as u64,
        uci: m.to_uci(),
        san,
        clocks,
        at: now.wall,
    })];
    if let Some(o) = g.game.outcome() {
        changes.extend(g.finish(Ending::Outcome(o), now));
        return Ok(changes);
    }
    g.clock.start(!color, now.mono);
    let pos = g.game.position().clone();
    if let Some(pm) = g.premove.take_for(&pos) {
        // The move above stands whatever happens to the premove (a refused
        // premove changes nothing; a flag that fell is the next tick's).
        if let Ok(more) = play(g, !color, pm, now, 0) {
            changes.extend(more);
        }
    }
    Ok(changes)
}

fn take_back(g: &mut GameState, color: Color, now: Now) -> Result<Vec<Change>, Refusal> {
    let k = plies_to_take_back(g.mode, g.game.moves().len(), g.game.turn(), color);
    if k == 0 {
        return Err(Refusal::NothingToUndo);
    }
    for _ in 0..k {
        g.game.undo()?;
        g.sans.pop();
        g.clocks_after.pop();
    }
    g.rename_opening();
    g.takeback = Request::default();
    g.premove = Premove::default();
    let first = g.clock.control.periods.first().map_or(0, |p| p.time_ms);
    let clocks = g.clocks_after.last().copied().unwrap_or([first, first]);
    let clocks = super::berserk::after_takeback(g, clocks);
    let counts = g.move_counts();
    g.clock.set(clocks, counts);
    g.clock.start(g.game.turn(), now.mono);
    Ok(vec![Change::TakenBack {
        keep: g.game.moves().len() as u64,
        clocks,
        at: now.wall,
    }])
}

impl GameState {
    /// Draws the side to move may claim.
    pub fn claimable(&self) -> Vec<ClaimReason> {
        if self.is_over() {
            return Vec::new();
        }
        self.game
            .claimable_draws()
            .into_iter()
            .map(super::draws::claimable)
            .collect()
    }

    /// The legal moves of the side to move, in UCI and in SAN (empty when the
    /// game is not in play), so that a client needs no move generator of its own.
    pub fn legal(&self) -> (Vec<String>, Vec<String>) {
        if ensure_playing(self).is_err() {
            return (Vec::new(), Vec::new());
        }
        let pos = self.game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| (m.to_uci(), pos.san(m)))
            .unzip()
    }

    /// What `seat` may do now (for buttons; every action is checked again).
    pub fn may(&self, seat: Seat, now: Now) -> May {
        let color = match seat {
            Seat::Spectator => None,
            Seat::Player(c) => Some(c),
            Seat::Both => Some(self.game.turn()),
        };
        let (rematch, decline_rematch) = self.may_rematch(seat);
        let Some(c) = color.filter(|_| ensure_playing(self).is_ok()) else {
            return May {
                abort: seat != Seat::Spectator
                    && self.ending.is_none()
                    && self.game.moves().len() < 2,
                rematch,
                decline_rematch,
                ..May::default()
            };
        };
        let offer_as = if seat == Seat::Both {
            !self.game.turn()
        } else {
            c
        };
        let mut claims = if self.game.turn() == c {
            self.claimable()
        } else {
            Vec::new()
        };
        let gone = self.presence.ensure_opponent_gone(c, now.mono).is_ok();
        if gone {
            claims.push(ClaimReason::OpponentLeft);
        }
        let plies = plies_to_take_back(self.mode, self.game.moves().len(), self.game.turn(), c);
        May {
            play: self.game.turn() == c,
            abort: self.game.moves().len() < 2,
            resign: true,
            offer_draw: self.game.may_offer_draw(offer_as) && self.mode != Mode::Hotseat,
            accept_draw: self.game.draw_offer() == Some(!c),
            claim_draw: claims,
            claim_victory: gone,
            takeback: self.takeback.0.is_none() && plies > 0,
            accept_takeback: self.takeback.0 == Some(!c),
            rematch,
            decline_rematch,
            berserk: self.may_berserk(seat),
        }
    }
}
