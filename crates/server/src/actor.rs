//! One task per live game. The task owns the game's [`GameState`]; everything
//! else (HTTP handlers, WebSockets) talks to it only through [`Cmd`] messages and
//! listens to its [`Update`] broadcasts, so the game could live in another
//! process behind the same messages. The task commits every change to the store
//! before it answers or broadcasts, wakes itself when a flag falls or a
//! disconnect claim opens, and asks the engine pool for the computer's moves.

use crate::engine::{EnginePool, EngineReply};
use crate::error::ApiError;
use crate::state::{Action, GameState, Seat};
use crate::store::Store;
use crate::time::TimeSource;
use guoxiang_core::Color;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};

/// A change in a game, as broadcast to its watchers.
#[derive(Debug)]
pub struct Update {
    pub seq: u64,
    /// The public view of the game.
    pub view: Value,
    /// What White, Black and a hot-seat player may do now.
    pub may: [Value; 3],
    pub finished: bool,
}

impl Update {
    pub fn may_for(&self, seat: Seat) -> Option<&Value> {
        match seat {
            Seat::Player(Color::White) => Some(&self.may[0]),
            Seat::Player(Color::Black) => Some(&self.may[1]),
            Seat::Both => Some(&self.may[2]),
            Seat::Spectator => None,
        }
    }
}

/// What the outside may ask of a game task.
pub enum Cmd {
    Act {
        seat: Seat,
        action: Action,
        credit_ms: u64,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    Join {
        secret: String,
        key: String,
        reply: oneshot::Sender<Result<Color, ApiError>>,
    },
    View {
        secret: Option<String>,
        reply: oneshot::Sender<(Seat, Value, Value)>,
    },
    Pgn {
        reply: oneshot::Sender<String>,
    },
    /// Subscribes to updates; answers the seat and the current state.
    Subscribe {
        secret: Option<String>,
        reply: oneshot::Sender<(Seat, Arc<Update>, broadcast::Receiver<Arc<Update>>)>,
    },
    Presence {
        color: Color,
        connected: bool,
    },
    Engine(EngineReply),
}

/// What game tasks share.
#[derive(Clone)]
pub struct Ctx {
    pub store: Store,
    pub time: TimeSource,
    pub engine: EnginePool,
    pub registry: Registry,
}

/// The live games by id.
#[derive(Clone, Default)]
pub struct Registry {
    inner: Arc<Mutex<HashMap<String, mpsc::Sender<Cmd>>>>,
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<mpsc::Sender<Cmd>> {
        self.inner.lock().ok()?.get(id).cloned()
    }

    pub fn len(&self) -> usize {
        self.inner.lock().map_or(0, |m| m.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn remove(&self, id: &str) {
        if let Ok(mut m) = self.inner.lock() {
            m.remove(id);
        }
    }

    /// Starts a task for `state` unless one runs already for that id; returns
    /// the sender of the task that serves the game.
    pub fn spawn(&self, state: GameState, ctx: &Ctx) -> mpsc::Sender<Cmd> {
        let Ok(mut m) = self.inner.lock() else {
            // A poisoned lock means a panic elsewhere; serve nothing rather than panic.
            let (tx, _) = mpsc::channel(1);
            return tx;
        };
        if let Some(tx) = m.get(&state.id) {
            return tx.clone();
        }
        let (tx, rx) = mpsc::channel(64);
        m.insert(state.id.clone(), tx.clone());
        drop(m);
        let task = GameTask::new(state, ctx.clone(), tx.downgrade());
        tokio::spawn(task.run(rx));
        tx
    }
}

struct GameTask {
    st: GameState,
    ctx: Ctx,
    me: mpsc::WeakSender<Cmd>,
    events: broadcast::Sender<Arc<Update>>,
    seq: u64,
    /// The search in flight: the ply and position it is for.
    engine_for: Option<(usize, u64)>,
}

impl GameTask {
    fn new(st: GameState, ctx: Ctx, me: mpsc::WeakSender<Cmd>) -> GameTask {
        let (events, _) = broadcast::channel(32);
        GameTask {
            st,
            ctx,
            me,
            events,
            seq: 0,
            engine_for: None,
        }
    }

    fn snapshot(&self) -> Arc<Update> {
        let now = self.ctx.time.now_ms();
        let mut view = self.st.view(now);
        if let Some(o) = view.as_object_mut() {
            o.insert("seq".into(), Value::from(self.seq));
        }
        Arc::new(Update {
            seq: self.seq,
            view,
            may: [
                self.st.may(Seat::Player(Color::White), now),
                self.st.may(Seat::Player(Color::Black), now),
                self.st.may(Seat::Both, now),
            ],
            finished: self.st.is_over(),
        })
    }

    fn broadcast(&mut self) {
        self.seq += 1;
        let _ = self.events.send(self.snapshot());
    }

    fn start_engine(&mut self) {
        let Some(job) = self.st.engine_job() else {
            return;
        };
        let key = (job.ply, job.position.zobrist());
        if self.engine_for == Some(key) {
            return;
        }
        // A search for another position (before a takeback) is left to finish;
        // its answer will not match and is dropped.
        self.engine_for = Some(key);
        let pool = self.ctx.engine.clone();
        let me = self.me.clone();
        tokio::spawn(async move {
            if let Some(reply) = pool.think(job).await {
                if let Some(tx) = me.upgrade() {
                    let _ = tx.send(Cmd::Engine(reply)).await;
                }
            }
        });
    }

    /// Commits `writes`; on failure the task must stop (memory is ahead of disk).
    async fn commit(&self, writes: Vec<crate::store::Write>) -> Result<(), ApiError> {
        if writes.is_empty() {
            return Ok(());
        }
        self.ctx
            .store
            .write_all(writes)
            .await
            .map_err(|e| ApiError::unavailable(format!("storage failed: {e}")))
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.start_engine();
        loop {
            let now = self.ctx.time.now_ms();
            let deadline = self.st.next_deadline(now);
            let time = self.ctx.time.clone();
            let cmd = tokio::select! {
                c = rx.recv() => match c {
                    Some(c) => Some(c),
                    None => break,
                },
                _ = async { time.sleep_until(deadline.unwrap_or(u64::MAX)).await }, if deadline.is_some() => None,
            };
            let result = match cmd {
                None => self.tick().await,
                Some(cmd) => self.handle(cmd).await,
            };
            if result.is_err() || self.st.is_over() {
                break;
            }
            self.start_engine();
        }
        self.ctx.registry.remove(&self.st.id);
    }

    /// Time passed: a flag may have fallen, a disconnect claim may have opened.
    async fn tick(&mut self) -> Result<(), ApiError> {
        let now = self.ctx.time.now_ms();
        if let Some(c) = self.st.clock.flagged(now) {
            let writes = self.st.flag(c, now);
            self.commit(writes).await?;
        }
        self.broadcast();
        Ok(())
    }

    async fn handle(&mut self, cmd: Cmd) -> Result<(), ApiError> {
        let now = self.ctx.time.now_ms();
        match cmd {
            Cmd::Act {
                seat,
                action,
                credit_ms,
                reply,
            } => match self.st.act(seat, action, now, credit_ms) {
                Ok(writes) => {
                    let r = self.commit(writes).await;
                    let failed = r.is_err();
                    let _ = reply.send(r.clone());
                    if failed {
                        return r;
                    }
                    self.broadcast();
                }
                Err(e) => {
                    let _ = reply.send(Err(e));
                }
            },
            Cmd::Join { secret, key, reply } => match self.st.join(secret, &key) {
                Ok((color, writes)) => {
                    let r = self.commit(writes).await;
                    let _ = reply.send(r.clone().map(|()| color));
                    r?;
                    self.broadcast();
                }
                Err(e) => {
                    let _ = reply.send(Err(e));
                }
            },
            Cmd::View { secret, reply } => {
                let seat = self.st.seat(secret.as_deref());
                let _ = reply.send((seat, self.st.view(now), self.st.may(seat, now)));
            }
            Cmd::Pgn { reply } => {
                let _ = reply.send(self.st.pgn());
            }
            Cmd::Subscribe { secret, reply } => {
                let seat = self.st.seat(secret.as_deref());
                let _ = reply.send((seat, self.snapshot(), self.events.subscribe()));
            }
            Cmd::Presence { color, connected } => {
                self.st.presence(color, connected, now);
                self.broadcast();
            }
            Cmd::Engine(r) => {
                if self.engine_for != Some((r.ply, r.key)) {
                    return Ok(()); // stale: the position changed meanwhile
                }
                self.engine_for = None;
                let writes = self.st.engine_move(r.ply, r.mv, r.score, now);
                if !writes.is_empty() {
                    self.commit(writes).await?;
                    self.broadcast();
                }
            }
        }
        Ok(())
    }
}
