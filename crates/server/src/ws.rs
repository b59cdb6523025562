//! The WebSocket of one game (`GET /api/games/{id}/ws?secret=S`). On connect
//! the server sends `hello` with the seat and the state; then every change of the
//! game as `state`. The client sends actions (the same JSON as
//! `POST /api/games/{id}/actions`, with an optional `id` echoed in the answer
//! `ok` or `error`), `ack` for each `state` (the round trip measures the lag
//! that is credited to the player's clock), and `ping`. Spectators (no or a
//! wrong secret) receive everything and may send nothing but `ack` and `ping`.

use crate::actor::{Cmd, Update};
use crate::api::{secret_of, GameId, Target};
use crate::error::ApiError;
use crate::state::{Action, Seat};
use crate::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use guoxiang_core::Color;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

/// The most lag credited for one move, in milliseconds.
pub const MAX_CREDIT_MS: u64 = 300;

pub async fn upgrade(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|e| {
        ApiError::new(
            e.status(),
            "not_websocket",
            "this endpoint speaks WebSocket only",
        )
    })?;
    let secret = secret_of(&headers, &q);
    let tx = match app.target(&id).await? {
        Target::Live(tx) => tx,
        Target::Done(_) => {
            return Err(ApiError::conflict(
                "game_over",
                "the game is over: read it with GET /api/games/{id}",
            ))
        }
    };
    Ok(ws
        .max_message_size(16 * 1024)
        .max_frame_size(16 * 1024)
        // Small buffers: thousands of sockets each send small JSON messages.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| session(socket, app, tx, secret))
        .into_response())
}

fn state_msg(kind: &str, u: &Update, seat: Seat) -> String {
    json!({
        "t": kind,
        "seq": u.seq,
        "you": seat.code(),
        "state": u.view,
        "may": u.may_for(seat),
    })
    .to_string()
}

/// The lag estimate from acknowledged updates.
struct Lag {
    sent: VecDeque<(u64, u64)>,
    rtt_ms: Option<u64>,
}

impl Lag {
    fn sent(&mut self, seq: u64, at: u64) {
        self.sent.push_back((seq, at));
        if self.sent.len() > 32 {
            self.sent.pop_front();
        }
    }

    fn acked(&mut self, seq: u64, at: u64) {
        while let Some(&(s, t)) = self.sent.front() {
            if s > seq {
                break;
            }
            self.sent.pop_front();
            if s == seq {
                let rtt = at.saturating_sub(t);
                self.rtt_ms = Some(match self.rtt_ms {
                    None => rtt,
                    Some(old) => (old * 3 + rtt) / 4,
                });
            }
        }
    }

    /// Half the round trip, bounded.
    fn credit(&self) -> u64 {
        self.rtt_ms.map_or(0, |r| (r / 2).min(MAX_CREDIT_MS))
    }
}

async fn session(
    socket: WebSocket,
    app: Arc<AppState>,
    tx: mpsc::Sender<Cmd>,
    secret: Option<String>,
) {
    let (mut sink, mut stream) = socket.split();
    let Ok((seat, first, mut updates)) =
        app.ask(&tx, |reply| Cmd::Subscribe { secret, reply }).await
    else {
        let _ = sink.send(Message::Close(None)).await;
        return;
    };
    let colors: Vec<Color> = match seat {
        Seat::Player(c) => vec![c],
        _ => Vec::new(),
    };
    for &c in &colors {
        let _ = tx
            .send(Cmd::Presence {
                color: c,
                connected: true,
            })
            .await;
    }
    let time = app.ctx.time.clone();
    let mut lag = Lag {
        sent: VecDeque::new(),
        rtt_ms: None,
    };
    lag.sent(first.seq, time.now_ms());
    let mut open = sink
        .send(Message::Text(state_msg("hello", &first, seat).into()))
        .await
        .is_ok();
    let mut shutdown = app.shutdown.clone();
    while open {
        tokio::select! {
            msg = stream.next() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => {
                        let e = ApiError::bad_request("bad_message", "send JSON text frames");
                        open = sink.send(Message::Text(error_msg(&e, None).into())).await.is_ok();
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                let reply = handle_text(&app, &tx, seat, &text, &mut lag).await;
                if let Some(r) = reply {
                    open = sink.send(Message::Text(r.into())).await.is_ok();
                }
            }
            u = updates.recv() => match u {
                Ok(u) => {
                    lag.sent(u.seq, time.now_ms());
                    open = sink.send(Message::Text(state_msg("state", &u, seat).into())).await.is_ok();
                }
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => {
                    // The game task ended (the game is over): say goodbye.
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
            },
            _ = shutdown.changed() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
        }
    }
    for &c in &colors {
        let _ = tx
            .send(Cmd::Presence {
                color: c,
                connected: false,
            })
            .await;
    }
}

fn error_msg(e: &ApiError, id: Option<&Value>) -> String {
    json!({"t": "error", "id": id, "error": e.code, "message": e.message}).to_string()
}

/// Handles one client message; returns the answer to send, if any.
async fn handle_text(
    app: &AppState,
    tx: &mpsc::Sender<Cmd>,
    seat: Seat,
    text: &str,
    lag: &mut Lag,
) -> Option<String> {
    let mut v: Value = match serde_json::from_str(text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            let e =
                ApiError::bad_request("bad_message", "a message is a JSON object with a field t");
            return Some(error_msg(&e, None));
        }
        Err(e) => {
            let e = ApiError::bad_request("bad_message", e.to_string());
            return Some(error_msg(&e, None));
        }
    };
    let id = v.as_object_mut().and_then(|o| o.remove("id"));
    match v.get("t").and_then(Value::as_str) {
        Some("ack") => {
            if let Some(seq) = v.get("seq").and_then(Value::as_u64) {
                lag.acked(seq, app.ctx.time.now_ms());
            }
            return None;
        }
        Some("ping") => return Some(json!({"t": "pong", "id": id}).to_string()),
        _ => {}
    }
    let action: Action = match serde_json::from_value(v) {
        Ok(a) => a,
        Err(e) => {
            let e = ApiError::bad_request("bad_message", e.to_string());
            return Some(error_msg(&e, id.as_ref()));
        }
    };
    let credit_ms = lag.credit();
    let r = app
        .ask(tx, |reply| Cmd::Act {
            seat,
            action,
            credit_ms,
            reply,
        })
        .await
        .and_then(|r| r);
    Some(match r {
        Ok(()) => json!({"t": "ok", "id": id}).to_string(),
        Err(e) => error_msg(&e, id.as_ref()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_credit_is_half_the_smoothed_round_trip_and_bounded() {
        let mut lag = Lag {
            sent: VecDeque::new(),
            rtt_ms: None,
        };
        assert_eq!(lag.credit(), 0);
        lag.sent(1, 1_000);
        lag.sent(2, 1_010);
        lag.acked(2, 1_110); // 100 ms; seq 1 is skipped, not measured
        assert_eq!(lag.credit(), 50);
        lag.sent(3, 2_000);
        lag.acked(3, 2_200); // (100 * 3 + 200) / 4 = 125
        assert_eq!(lag.credit(), 62);
        lag.acked(3, 9_999); // a repeated ack measures nothing
        assert_eq!(lag.credit(), 62);
        lag.sent(4, 3_000);
        lag.acked(4, 13_000);
        assert_eq!(lag.credit(), MAX_CREDIT_MS);
    }
}
