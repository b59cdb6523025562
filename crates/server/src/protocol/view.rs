//! How a game looks on the wire: the [`GameView`] every viewer sees, and the
//! full answer for one seat. Built from the game's typed state; no rule is
//! decided here.

use super::{
    ClockView, Disconnected, GameResponse, GameView, Gone, Notice, Opening, Player, PlayerKind,
    Players, Rematch, Side, You,
};
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
        players: players(g.computer, g.level),
        spectators: g.spectators,
        opening: g.opening().map(opening),
        rematch: Rematch {
            offer: g.after().rematch.offer.map(Side::from),
            next: g.after().rematch.next.clone(),
        },
        notice: g.after().notice.map(|n| Notice {
            kind: n.kind,
            by: n.by.into(),
        }),
        berserk: {
            let [white, black] = g.berserk().sides;
            super::Berserked { white, black }
        },
        seq: None,
    }
}

/// Who plays each side: the computer (with its level) or a person (no name
/// until accounts exist).
pub fn players(computer: Option<Color>, level: Option<u8>) -> Players {
    let player = |c: Color| {
        if computer == Some(c) {
            Player {
                kind: PlayerKind::Computer,
                level,
                name: None,
            }
        } else {
            Player {
                kind: PlayerKind::Human,
                level: None,
                name: None,
            }
        }
    };
    Players {
        white: player(Color::White),
        black: player(Color::Black),
    }
}

/// An opening as the wire names it.
pub fn opening(o: &guoxiang_openings::Opening) -> Opening {
    Opening {
        eco: o.eco.to_string(),
        key: o.key.to_string(),
        name: o.name.to_string(),
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::game::{Limits, Record, Seats, SecretHash, Standing};
    use crate::protocol::{Mode, Status};

    /// A friend game in play, both seats taken, 1+0, no moves (shared with `http/ws.rs`'s tests).
    pub(crate) fn game() -> GameState {
        let r = Record {
            id: "v".into(),
            created_at: 0,
            mode: Mode::Friend,
            level: None,
            computer: None,
            control: TimeControl::fischer(60_000, 0),
            seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
            join_key: None,
            start: None,
            status: Status::Active,
            ending: None,
            clocks: [60_000, 60_000],
            finished_at: None,
            standing: Standing::default(),
            turn_since: None,
            after: Default::default(),
            berserk: Default::default(),
        };
        let limits = Limits {
            grace_ms: 1,
            join_timeout_ms: 1,
        };
        GameState::from_record(&r, &[], limits, Now { mono: 0, wall: 0 }, None).expect("new")
    }

    #[test]
    fn every_seat_gets_every_field_of_may_in_json() {
        let g = game();
        let now = Now { mono: 0, wall: 0 };
        for secret in [Some("w"), Some("b"), None] {
            let r = response(&g, g.seat(secret), now);
            let v = serde_json::to_value(&r).expect("JSON");
            assert_eq!(v["may"].as_object().map(|o| o.len()), Some(12), "{v}");
            assert!(v["may"]["accept_takeback"].is_boolean());
        }
        let spectator = response(&g, Seat::Spectator, now);
        assert_eq!(spectator.you, None);
        assert_eq!(spectator.may, crate::protocol::May::default());
        let white = response(&g, Seat::Player(Color::White), now);
        assert!(white.may.play && !white.may.accept_takeback);
        assert_eq!(white.view.legal.len(), 20);
        assert_eq!(white.view.clock.map(|c| c.white_ms), Some(60_000));
    }
}
