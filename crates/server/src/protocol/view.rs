//! How a game looks on the wire: the [`GameView`] every viewer sees, and the
//! full answer for one seat. Built from the game's typed state; no rule is
//! decided here.

use super::{ClockView, Disconnected, GameResponse, GameView, Gone, Side, You};
use crate::game::{GameState, Seat};
use crate::time::Now;
use guoxiang_core::Color;

/// What the wire calls a seat (`null` for spectators).
pub fn you(seat: Seat) -> Option<You> {
    match seat {
        Seat::Player(Color::White) => Some(You::White),
        Seat::Player(Color::Black) => Some(You::Black),
        Seat::Both => Some(You::Both),
        Seat::Spectator => None,
    }
}

/// The game as every viewer sees it at `now`.
pub fn view(g: &GameState, now: Now) -> GameView {
    let (legal, legal_san) = g.legal();
    let clock = (!g.clock.is_untimed()).then(|| ClockView {
        white_ms: g.clock.remaining(Color::White, now.mono),
        black_ms: g.clock.remaining(Color::Black, now.mono),
        running: g.clock.running().map(Side::from),
        control: g.clock.control.clone(),
    });
    let gone = |c: Color| {
        g.presence().gone_since(c).map(|t| Gone {
            since_ms: now.mono.saturating_sub(t),
            claimable: g.presence().claimable_against(c, now.mono),
        })
    };
    GameView {
        id: g.id.clone(),
        mode: g.mode,
        level: g.level,
        computer: g.computer.map(Side::from),
        status: g.status,
        fen: g.game.position().fen(),
        start_fen: g.game.start().fen(),
        turn: g.game.turn().into(),
        moves: g.game.moves().iter().map(|m| m.to_uci()).collect(),
        san: g.sans().to_vec(),
        clock,
        result: g.ending.map(|e| e.result().as_str().to_string()),
        reason: g.ending.map(|e| e.reason_code().to_string()),
        winner: g.ending.and_then(|e| e.winner()).map(Side::from),
        draw_offer: if g.is_over() {
            None
        } else {
            g.game.draw_offer().map(Side::from)
        },
        takeback_request: g.takeback_request().map(Side::from),
        claimable_draws: g.claimable(),
        check: g.game.position().is_check(),
        legal,
        legal_san,
        disconnected: Disconnected {
            white: gone(Color::White),
            black: gone(Color::Black),
        },
        joined: g.mode != super::Mode::Friend || g.seats.all_taken(),
        seq: None,
    }
}

/// The game as `seat` sees it: the view, the seat and what it may do.
pub fn response(g: &GameState, seat: Seat, now: Now) -> GameResponse {
    GameResponse {
        view: view(g, now),
        you: you(seat),
        may: g.may(seat, now),
    }
}
