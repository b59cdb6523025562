//! The WebSocket of one game (`GET /api/games/{id}/ws?secret=S`). On connect
//! the server sends `hello` with the seat and the state; then every change of the
//! game as `state`. A finished game opens too (its task runs again while sockets
//! watch it), and a socket stays open when its game ends; a spectator's socket
//! counts in the state's `spectators`. The client sends actions (the same JSON as
//! `POST /api/games/{id}/actions`, with an optional `id` echoed in the answer
//! `ok` or `error`), `ack` for each `state` (the round trip measures the lag
//! that is claimed for the player's clock; the game bounds it by the player's
//! lag quota), and `ping`. Spectators (no or a wrong secret) receive everything
//! and may send nothing but `ack` and `ping`. Every message is a
//! [`protocol`](crate::protocol) type; anything else is answered `bad_message`.

use super::error::ApiError;
use super::games::{GameId, Target};
use super::secret_of;
use crate::actor::{Cmd, Update, Who};
use crate::game::{self, Seat};
use crate::protocol::{view, Action, Control, ServerMsg};
use crate::AppState;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use guoxiang_core::Color;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

/// The most lag a connection claims for one move, in milliseconds.
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
    // A finished game opens too: its task is started again for the socket.
    let target = app.target(&id).await?;
    Ok(ws
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        // Small buffers: thousands of sockets each send small JSON messages.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| session(socket, app, id, target, secret))
        .into_response())
}

/// The largest client message read (docs/API.md); longer ones are answered
/// `bad_message`. Frames up to [`MAX_FRAME`] are read to say so.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The largest frame the socket takes at all.
pub const MAX_FRAME: usize = 1024 * 1024;

fn send_text(msg: &ServerMsg) -> String {
    // Our own types always serialise.
    serde_json::to_string(msg).unwrap_or_default()
}

/// `hello` or `state` for `seat`: the same text as [`ServerMsg::Hello`] and
/// [`ServerMsg::State`] serialise to, around the view's JSON that the update
/// encodes once for all its watchers (the view is most of the message).
fn state_msg(hello: bool, u: &Update, seat: Seat) -> String {
    let t = if hello { "hello" } else { "state" };
    let you = view::you(seat);
    let may = u.may_for(seat).cloned().unwrap_or_default();
    // Our own types always serialise.
    let you = serde_json::to_string(&you).unwrap_or_default();
    let may = serde_json::to_string(&may).unwrap_or_default();
    let state = u.view_json();
    let mut out = String::with_capacity(state.len() + may.len() + 64);
    out.push_str("{\"t\":\"");
    out.push_str(t);
    out.push_str("\",\"seq\":");
    out.push_str(&u.seq.to_string());
    out.push_str(",\"you\":");
    out.push_str(&you);
    out.push_str(",\"state\":");
    out.push_str(state);
    out.push_str(",\"may\":");
    out.push_str(&may);
    out.push('}');
    out
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

/// The task serving a game, started for a finished game (`None`: another
/// process runs it).
async fn live(app: &AppState, target: Target) -> Option<mpsc::Sender<Cmd>> {
    match target {
        Target::Live(tx) => Some(tx),
        Target::Done(st) => app.run_here(*st).await.ok(),
    }
}

async fn session(
    socket: WebSocket,
    app: Arc<AppState>,
    id: String,
    target: Target,
    secret: Option<String>,
) {
    let _open = crate::obs::METRICS.websockets.hold();
    let (mut sink, mut stream) = socket.split();
    let Some(mut tx) = live(&app, target).await else {
        let _ = sink.send(Message::Close(None)).await;
        return;
    };
    let mut subscribed = None;
    // Once more if the task of a finished game ended just before we asked.
    for _ in 0..2 {
        let s = secret.clone();
        match app
            .ask(&tx, |reply| Cmd::Subscribe { secret: s, reply })
            .await
        {
            Ok(r) => {
                subscribed = Some(r);
                break;
            }
            Err(_) => match app.target(&id).await {
                Ok(t) => match live(&app, t).await {
                    Some(t) => tx = t,
                    None => break,
                },
                Err(_) => break,
            },
        }
    }
    let Some((seat, first, mut updates)) = subscribed else {
        let _ = sink.send(Message::Close(None)).await;
        return;
    };
    if seat == Seat::Spectator {
        let _ = tx.send(Cmd::Spectator { joined: true }).await;
    }
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
        .send(Message::Text(state_msg(true, &first, seat).into()))
        .await
        .is_ok();
    // Not kept for the socket's lifetime: the view and its JSON are most of a
    // game's memory.
    drop(first);
    let mut shutdown = app.shutdown.clone();
    while open {
        tokio::select! {
            msg = stream.next() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => {
                        let e = bad_message("send JSON text frames", None);
                        open = sink.send(Message::Text(e.into())).await.is_ok();
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // A text frame that is not UTF-8 is answered like any bad
                    // message; then the socket closes, as RFC 6455 requires
                    // (1007, invalid payload), and the client may reconnect.
                    Some(Err(e)) if is_bad_utf8(&e) => {
                        let e = bad_message("a text frame must be UTF-8", None);
                        let _ = sink.send(Message::Text(e.into())).await;
                        let close = axum::extract::ws::CloseFrame {
                            code: 1007,
                            reason: "text frames must be UTF-8".into(),
                        };
                        let _ = sink.send(Message::Close(Some(close))).await;
                        break;
                    }
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
                    open = sink.send(Message::Text(state_msg(false, &u, seat).into())).await.is_ok();
                }
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => {
                    // The game task ended (its storage failed): say goodbye.
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
    // No longer a watcher: a finished game's task may end once nobody watches.
    drop(updates);
    match seat {
        Seat::Spectator => {
            let _ = tx.send(Cmd::Spectator { joined: false }).await;
        }
        Seat::Both => {
            let _ = tx.send(Cmd::Closed).await;
        }
        Seat::Player(_) => {} // its presence follows
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

/// Whether a socket error is a text frame that is not UTF-8 (the WebSocket
/// library reports it as an error of the read, not as a message).
fn is_bad_utf8(e: &axum::Error) -> bool {
    e.to_string().starts_with("UTF-8 encoding error")
}

fn error_msg(e: &ApiError, id: Option<Value>) -> String {
    send_text(&ServerMsg::Error {
        id,
        error: e.code.to_string(),
        message: e.message.clone(),
    })
}

fn bad_message(text: impl Into<String>, id: Option<Value>) -> String {
    error_msg(&ApiError::bad_request("bad_message", text), id)
}

/// Handles one client message; returns the answer to send, if any.
async fn handle_text(
    app: &AppState,
    tx: &mpsc::Sender<Cmd>,
    seat: Seat,
    text: &str,
    lag: &mut Lag,
) -> Option<String> {
    if text.len() > MAX_MESSAGE {
        return Some(bad_message(
            format!("a message is at most {MAX_MESSAGE} bytes"),
            None,
        ));
    }
    let mut v: Value = match serde_json::from_str(text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            return Some(bad_message(
                "a message is a JSON object with a field t",
                None,
            ))
        }
        Err(e) => return Some(bad_message(e.to_string(), None)),
    };
    let id = v.as_object_mut().and_then(|o| o.remove("id"));
    if matches!(v.get("t").and_then(Value::as_str), Some("ack" | "ping")) {
        return match serde_json::from_value::<Control>(v) {
            Ok(Control::Ack { seq }) => {
                lag.acked(seq, app.ctx.time.now_ms());
                None
            }
            Ok(Control::Ping) => Some(send_text(&ServerMsg::Pong { id })),
            Err(e) => Some(bad_message(e.to_string(), id)),
        };
    }
    let action = match serde_json::from_value::<Action>(v) {
        Ok(a) => a,
        Err(e) => return Some(bad_message(e.to_string(), id)),
    };
    let action = match game::Action::try_from(action) {
        Ok(a) => a,
        Err(r) => return Some(error_msg(&r.into(), id)),
    };
    let credit_ms = lag.credit();
    let r = app
        .ask(tx, |reply| Cmd::Act {
            who: Who::Seat(seat),
            action,
            credit_ms,
            view: false,
            reply,
        })
        .await
        .and_then(|r| r);
    Some(match r {
        Ok(_) => send_text(&ServerMsg::Ok { id }),
        Err(e) => error_msg(&e, id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_messages_are_the_text_of_their_protocol_types() {
        use crate::time::Now;
        let now = Now { mono: 0, wall: 0 };
        let g = crate::protocol::view::tests::game();
        let mut v = view::view(&g, now);
        v.seq = Some(7);
        let u = Update {
            seq: 7,
            view: Arc::new(v),
            may: [
                g.may(Seat::Player(Color::White), now),
                g.may(Seat::Player(Color::Black), now),
                g.may(Seat::Both, now),
            ],
            finished: false,
            json: Default::default(),
        };
        for seat in [
            Seat::Player(Color::White),
            Seat::Player(Color::Black),
            Seat::Both,
            Seat::Spectator,
        ] {
            let (seq, you, state) = (7, view::you(seat), u.view.clone());
            let may = u.may_for(seat).cloned().unwrap_or_default();
            let hello = ServerMsg::Hello {
                seq,
                you,
                state: state.clone(),
                may: may.clone(),
            };
            let plain = ServerMsg::State {
                seq,
                you,
                state,
                may,
            };
            assert_eq!(state_msg(true, &u, seat), send_text(&hello));
            assert_eq!(state_msg(false, &u, seat), send_text(&plain));
        }
    }

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
