//! One task per live game. The task owns the game's [`GameState`]; everything
//! else (HTTP handlers, WebSockets) talks to it only through [`Cmd`] messages and
//! listens to its [`Update`] broadcasts, so the game could live in another
//! process behind the same messages. One request is one message and one answer:
//! an action over HTTP comes back with the new state for its sender. The task
//! commits every change to the store before it answers or broadcasts, wakes
//! itself when a flag falls, a disconnect claim opens or an unjoined game runs
//! out of time, and asks the engine pool for the computer's moves. A finished
//! game's task stays while sockets watch it (rematch offers, spectators) and
//! ends when the last closes; a rematch is created by the old game's task.

use crate::cluster::Cluster;
use crate::engine::{EnginePool, EngineReply};
use crate::game::{Action, Change, GameState, Rematched, Seat};
use crate::http::error::ApiError;
use crate::protocol::view;
use crate::protocol::{GameResponse, GameView, May};
use crate::store::leases::Fence;
use crate::store::{Store, Write};
use crate::time::TimeSource;
use guoxiang_core::Color;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

/// A change in a game, as broadcast to its watchers.
#[derive(Debug)]
pub struct Update {
    pub seq: u64,
    /// The public view of the game (with `seq`).
    pub view: Arc<GameView>,
    /// What White, Black and a hot-seat player may do now.
    pub may: [May; 3],
    pub finished: bool,
    /// `view` as JSON, encoded once by the first socket that sends it and
    /// shared by all the others (see [`Update::view_json`]).
    pub json: std::sync::OnceLock<String>,
}

impl Update {
    /// The view as JSON: encoded on first use, then shared by every watcher.
    pub fn view_json(&self) -> &str {
        // Our own types always serialise.
        self.json
            .get_or_init(|| serde_json::to_string(&*self.view).unwrap_or_default())
    }

    pub fn may_for(&self, seat: Seat) -> Option<&May> {
        match seat {
            Seat::Player(Color::White) => Some(&self.may[0]),
            Seat::Player(Color::Black) => Some(&self.may[1]),
            Seat::Both => Some(&self.may[2]),
            Seat::Spectator => None,
        }
    }
}

/// Who sends an action: a secret to check (HTTP) or a seat already checked
/// when the WebSocket subscribed.
pub enum Who {
    Secret(Option<String>),
    Seat(Seat),
}

/// What the outside may ask of a game task.
pub enum Cmd {
    /// An action; the answer carries the new state for the sender when `view` is asked.
    Act {
        who: Who,
        action: Action,
        credit_ms: u64,
        view: bool,
        reply: oneshot::Sender<Result<Option<GameResponse>, ApiError>>,
    },
    Join {
        secret: String,
        key: String,
        reply: oneshot::Sender<Result<Color, ApiError>>,
    },
    /// The game as the holder of `secret` sees it.
    Get {
        secret: Option<String>,
        reply: oneshot::Sender<GameResponse>,
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
    /// A spectator's socket opened (`true`) or closed.
    Spectator {
        joined: bool,
    },
    /// Another socket closed (a finished game's task ends once nobody watches).
    Closed,
    /// This process lost the game's lease: the task ends without another write.
    LeaseLost,
    Engine(EngineReply),
}

/// At most one state a second is sent because the number of spectators changed.
const SPECTATOR_STATE_MS: u64 = 1_000;

/// What game tasks share.
#[derive(Clone)]
pub struct Ctx {
    pub store: Store,
    pub time: TimeSource,
    pub engine: EnginePool,
    pub registry: Registry,
    /// Several processes on one database: this one's name and address; each game
    /// task runs under its game's lease ([`crate::cluster`]). `None`: one process.
    pub cluster: Option<Arc<Cluster>>,
}

/// The live games by id.
#[derive(Clone)]
pub struct Registry {
    inner: Arc<Mutex<HashMap<String, mpsc::Sender<Cmd>>>>,
    /// Set when the server stops: every task ends without another write.
    stop: Arc<watch::Sender<bool>>,
    /// The tasks not yet ended: a task leaves the map first (a new request starts
    /// a new task) but counts here until its lease is given back.
    alive: Arc<std::sync::atomic::AtomicUsize>,
}

impl Default for Registry {
    fn default() -> Registry {
        Registry {
            inner: Arc::default(),
            stop: Arc::new(watch::channel(false).0),
            alive: Arc::default(),
        }
    }
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

    /// Ends every game task (the server stops): a task finishes the write it is
    /// in, then ends without another — no flag falls on a stopped server's clock
    /// after another process (or the next start) has read the game. Waits up to
    /// `wait` for the tasks to end and give their leases back; no task starts
    /// afterwards.
    pub async fn stop_all(&self, wait: std::time::Duration) {
        self.stop.send_replace(true);
        let until = std::time::Instant::now() + wait;
        let alive = || self.alive.load(std::sync::atomic::Ordering::Acquire);
        while (!self.is_empty() || alive() > 0) && std::time::Instant::now() < until {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    }

    /// The ids of the games whose tasks run here.
    pub fn ids(&self) -> Vec<String> {
        self.inner
            .lock()
            .map_or_else(|_| Vec::new(), |m| m.keys().cloned().collect())
    }

    /// Ends the task of game `id` (its lease was lost) without another write.
    pub fn stop_one(&self, id: &str) {
        if let Some(tx) = self.get(id) {
            // A full queue: the task is busy; the message waits its turn.
            tokio::spawn(async move {
                let _ = tx.send(Cmd::LeaseLost).await;
            });
        }
    }

    /// Starts a task for a stored game unless one runs already for that id;
    /// returns the sender of the task that serves the game. With several
    /// processes, `fence` is the game's lease, taken by the caller
    /// ([`crate::cluster::claim`]); `None` for one process.
    pub fn spawn(&self, state: GameState, ctx: &Ctx, fence: Option<Fence>) -> mpsc::Sender<Cmd> {
        self.start(state, ctx, None, fence)
    }

    /// Starts the task of a new game, which stores it first; answers once the
    /// game is committed. With several processes the game's lease is taken first.
    pub async fn create(&self, state: GameState, ctx: &Ctx) -> Result<(), ApiError> {
        let fence = match &ctx.cluster {
            None => None,
            Some(cluster) => match crate::cluster::claim(ctx, cluster, &state.id).await {
                Ok(crate::cluster::Claimed::Here { fence, .. }) => Some(fence),
                Ok(crate::cluster::Claimed::Elsewhere(_)) => {
                    return Err(ApiError::unavailable("the new game's id is taken"));
                }
                Err(e) => return Err(ApiError::unavailable(e.to_string())),
            },
        };
        let (tx, rx) = oneshot::channel();
        self.start(state, ctx, Some(tx), fence);
        rx.await
            .map_err(|_| ApiError::unavailable("the game could not be started"))?
    }

    fn start(
        &self,
        state: GameState,
        ctx: &Ctx,
        created: Option<oneshot::Sender<Result<(), ApiError>>>,
        fence: Option<Fence>,
    ) -> mpsc::Sender<Cmd> {
        let Ok(mut m) = self.inner.lock() else {
            // A poisoned lock means a panic elsewhere; serve nothing rather than panic.
            let (tx, _) = mpsc::channel(1);
            return tx;
        };
        if *self.stop.borrow() {
            // Stopping: serve nothing (the sender is closed at once).
            let (tx, _) = mpsc::channel(1);
            return tx;
        }
        if let Some(tx) = m.get(&state.id) {
            return tx.clone();
        }
        let (tx, rx) = mpsc::channel(64);
        m.insert(state.id.clone(), tx.clone());
        drop(m);
        let task = GameTask::new(state, ctx.clone(), tx.downgrade(), fence);
        let alive = Alive::count(&self.alive);
        tokio::spawn(async move {
            task.run(rx, created).await;
            drop(alive);
        });
        tx
    }
}

/// One task counted in [`Registry`]'s `alive` until dropped (even by a panic).
struct Alive(Arc<std::sync::atomic::AtomicUsize>);

impl Alive {
    fn count(n: &Arc<std::sync::atomic::AtomicUsize>) -> Alive {
        n.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        Alive(n.clone())
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
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
    /// When the last state went out (monotonic), and whether a change of the
    /// number of spectators waits to be sent.
    sent_at: Option<u64>,
    spectators_unsent: bool,
    /// The game's lease when several processes share the database: every write
    /// goes fenced with it, and it is given back when the task ends.
    fence: Option<Fence>,
    /// Until when (real ms) the lease taken for this task runs, before renewals.
    taken_until: i64,
}

impl GameTask {
    fn new(st: GameState, ctx: Ctx, me: mpsc::WeakSender<Cmd>, fence: Option<Fence>) -> GameTask {
        let (events, _) = broadcast::channel(32);
        GameTask {
            st,
            ctx,
            me,
            events,
            seq: 0,
            engine_for: None,
            sent_at: None,
            spectators_unsent: false,
            fence,
            taken_until: crate::store::unix_ms() + crate::cluster::LEASE_TTL_MS,
        }
    }

    /// With several processes: whether this task's lease surely still holds (its
    /// process's renewals may have stalled past it; another may run the game now).
    fn lease_holds(&self) -> bool {
        match (&self.fence, &self.ctx.cluster) {
            (Some(_), Some(cluster)) => cluster.still_holds(self.taken_until),
            _ => true,
        }
    }

    /// `w` as this task writes it: fenced with the game's lease, if it has one.
    fn fenced(&self, w: Write) -> Write {
        match &self.fence {
            None => w,
            Some(fence) => Write::Fenced {
                fence: fence.clone(),
                inner: Box::new(w),
            },
        }
    }

    fn snapshot(&self) -> Arc<Update> {
        let now = self.ctx.time.now();
        let mut view = view::view(&self.st, now);
        view.seq = Some(self.seq);
        Arc::new(Update {
            seq: self.seq,
            view: Arc::new(view),
            may: [
                self.st.may(Seat::Player(Color::White), now),
                self.st.may(Seat::Player(Color::Black), now),
                self.st.may(Seat::Both, now),
            ],
            finished: self.st.is_over(),
            json: std::sync::OnceLock::new(),
        })
    }

    fn broadcast(&mut self) {
        self.seq += 1;
        self.sent_at = Some(self.ctx.time.now().mono);
        self.spectators_unsent = false;
        let _ = self.events.send(self.snapshot());
    }

    /// When a change of the number of spectators is due to be sent.
    fn spectators_due(&self) -> Option<u64> {
        let next = self
            .sent_at
            .map_or(0, |t| t.saturating_add(SPECTATOR_STATE_MS));
        self.spectators_unsent.then_some(next)
    }

    /// A finished game's task ends when nobody watches it and nothing waits.
    fn idle(&self, rx: &mpsc::Receiver<Cmd>) -> bool {
        self.st.is_over() && self.events.receiver_count() == 0 && rx.is_empty()
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

    /// Commits `changes`; on failure the task must stop (memory is ahead of disk).
    async fn commit(&self, changes: Vec<Change>) -> Result<(), ApiError> {
        if changes.is_empty() {
            return Ok(());
        }
        let probe = crate::obs::CommitProbe::start(&changes);
        let finished = changes.iter().any(|c| matches!(c, Change::Finished { .. }));
        let r = self
            .ctx
            .store
            .write_all(
                Write::changes(&self.st.id, changes)
                    .into_iter()
                    .map(|w| self.fenced(w))
                    .collect(),
            )
            .await;
        probe.finish(&self.st.id, &r);
        if r.is_ok() && finished {
            crate::competition::on_finished(&self.ctx, &self.st.id);
        }
        r.map_err(|e| ApiError::unavailable(format!("storage failed: {e}")))
    }

    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Cmd>,
        created: Option<oneshot::Sender<Result<(), ApiError>>>,
    ) {
        let first = match created {
            Some(reply) => {
                let w = self.fenced(Write::Create(Box::new(self.st.record())));
                let r = self.ctx.store.write(w).await;
                crate::obs::game_created(&self.st.id, self.st.mode, &r);
                let r = r.map_err(|e| ApiError::unavailable(e.to_string()));
                let ok = r.is_ok();
                let _ = reply.send(r);
                ok
            }
            None => match self.st.take_resumed() {
                Some(c) => self.commit(vec![c]).await.is_ok(),
                None => true,
            },
        };
        if first {
            self.serve(&mut rx).await;
        }
        self.ctx.registry.remove(&self.st.id);
        if let Some(f) = self.fence.take() {
            // Given back for the next process that needs the game (a lost lease's
            // release matches no row and changes nothing).
            let release = crate::store::leases::LeaseWrite::Release {
                game: f.game,
                owner: f.owner,
                token: f.token,
                alive: self.ctx.time.wall_ms(),
            };
            let _ = self.ctx.store.write(Write::Lease(release)).await;
        }
    }

    async fn serve(&mut self, rx: &mut mpsc::Receiver<Cmd>) {
        self.start_engine();
        let mut stop = self.ctx.registry.stop.subscribe();
        loop {
            let now = self.ctx.time.now();
            let deadline = match (self.st.next_deadline(now), self.spectators_due()) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let time = self.ctx.time.clone();
            let cmd = tokio::select! {
                biased;
                _ = stop.wait_for(|s| *s) => break,
                c = rx.recv() => match c {
                    Some(c) => Some(c),
                    None => break,
                },
                _ = async { time.sleep_until(deadline.unwrap_or(u64::MAX)).await }, if deadline.is_some() => None,
            };
            if !self.lease_holds() {
                // Answer nothing from a game another process may run now: the
                // callers, finding the task gone, ask again (and are relayed).
                tracing::warn!(game = %self.st.id, "lease not renewed in time: the game's task ends here");
                break;
            }
            let result = match cmd {
                None => self.tick().await,
                Some(cmd) => self.handle(cmd).await,
            };
            // A finished game stays served while sockets watch it (rematch
            // offers, spectators).
            if result.is_err() || self.idle(rx) {
                break;
            }
            self.start_engine();
        }
    }

    /// Time passed: a flag may have fallen, a disconnect claim may have opened,
    /// an unjoined game may have run out of time.
    async fn tick(&mut self) -> Result<(), ApiError> {
        let now = self.ctx.time.now();
        let changes = self.st.tick(now);
        let changed = !changes.is_empty();
        self.commit(changes).await?;
        let spectators = self.spectators_due().is_some_and(|t| t <= now.mono);
        if changed || spectators || !self.st.is_over() {
            self.broadcast();
        }
        Ok(())
    }

    /// A rematch: offered, or a new game created (committed before the old game
    /// records its id).
    async fn rematch(&mut self, seat: Seat, now: crate::time::Now) -> Result<(), ApiError> {
        let id = crate::http::token(6)?;
        match self.st.rematch(seat, &id, now)? {
            Rematched::Offered => {}
            Rematched::Start(record) => {
                let limits = self.st.limits();
                let next = GameState::from_record(&record, &[], limits, now, None)
                    .map_err(ApiError::unavailable)?;
                self.ctx.registry.create(next, &self.ctx).await?;
            }
        }
        self.commit(vec![Change::After(self.st.after().clone())])
            .await
    }

    async fn handle(&mut self, cmd: Cmd) -> Result<(), ApiError> {
        let now = self.ctx.time.now();
        match cmd {
            Cmd::Act {
                who,
                action,
                credit_ms,
                view,
                reply,
            } => {
                let seat = match who {
                    Who::Seat(s) => s,
                    Who::Secret(s) => self.st.seat(s.as_deref()),
                };
                if action == Action::Rematch {
                    let r = self.rematch(seat, now).await;
                    let answer = r.clone().map(|()| {
                        view.then(|| view::response(&self.st, seat, self.ctx.time.now()))
                    });
                    let _ = reply.send(answer);
                    return match r {
                        Ok(()) => {
                            self.broadcast();
                            Ok(())
                        }
                        // A refusal changed nothing; a failed write stops the task.
                        Err(e) if e.status.is_server_error() => Err(e),
                        Err(_) => Ok(()),
                    };
                }
                let (changes, answer) = self.st.act(seat, action, now, credit_ms);
                let changed = !changes.is_empty();
                if let Err(e) = self.commit(changes).await {
                    let _ = reply.send(Err(e.clone()));
                    return Err(e);
                }
                let accepted = answer.is_ok();
                let answer = answer
                    .map(|()| view.then(|| view::response(&self.st, seat, self.ctx.time.now())))
                    .map_err(ApiError::from);
                let _ = reply.send(answer);
                // A refused action changes nothing, unless a flag was found fallen.
                if accepted || changed {
                    self.broadcast();
                }
            }
            Cmd::Join { secret, key, reply } => match self.st.join(&secret, &key) {
                Ok((color, changes)) => {
                    let r = self.commit(changes).await;
                    let _ = reply.send(r.clone().map(|()| color));
                    r?;
                    self.broadcast();
                }
                Err(e) => {
                    let _ = reply.send(Err(e.into()));
                }
            },
            Cmd::Get { secret, reply } => {
                let seat = self.st.seat(secret.as_deref());
                let _ = reply.send(view::response(&self.st, seat, now));
            }
            Cmd::Pgn { reply } => {
                let _ = reply.send(crate::pgn::write(&self.st));
            }
            Cmd::Subscribe { secret, reply } => {
                let seat = self.st.seat(secret.as_deref());
                let _ = reply.send((seat, self.snapshot(), self.events.subscribe()));
            }
            Cmd::Presence { color, connected } => {
                self.st.set_presence(color, connected, now);
                self.broadcast();
            }
            Cmd::Closed => {}
            Cmd::LeaseLost => {
                return Err(ApiError::unavailable("this process lost the game's lease"));
            }
            Cmd::Spectator { joined } => {
                self.st.spectators = if joined {
                    self.st.spectators.saturating_add(1)
                } else {
                    self.st.spectators.saturating_sub(1)
                };
                self.spectators_unsent = true;
                if self.spectators_due().is_some_and(|t| t <= now.mono) {
                    self.broadcast();
                }
            }
            Cmd::Engine(r) => {
                if self.engine_for != Some((r.ply, r.key)) {
                    return Ok(()); // stale: the position changed meanwhile
                }
                self.engine_for = None;
                let changes = self.st.engine_move(r.ply, r.mv, r.score, now);
                if !changes.is_empty() {
                    self.commit(changes).await?;
                    self.broadcast();
                }
            }
        }
        Ok(())
    }
}
