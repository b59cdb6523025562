//! The opening explorer under load (a tool, not a test): stores N finished games made
//! by a fast deterministic generator through the real store (each game's result is
//! stored in the transaction that adds it to the explorer's index, as on a live
//! server), then times the explorer for a few positions, by three routes:
//!
//! - `index`: `Store::explorer`, one index range in the database;
//! - `http`: `GET /api/explorer?fen=…` of a server started on the same database (a new
//!   TCP connection per request, as a browser's first request);
//! - `scan`: the same answer computed without the index, by reading every finished
//!   game's first 50 moves and replaying them (the baseline; SQLite only; it reads every game whatever the position).
//!
//! ```text
//! cargo run --release -p guoxiang-server --example explorer_load -- \
//!     --games 100000 --db /tmp/gx-explorer.sqlite3
//! ```
//! Options: `--games N` (games to add; 0 measures what is there), `--db PATH|URL`
//! (SQLite file or postgres://…), `--seed S`, `--queries Q` (timed queries per
//! position and route; the scan runs `--scans` times, default 1).
//!
//! The games: with probability 0.9 a line of openings.tsv (chosen uniformly; a
//! random prefix of it, at least half), then random legal moves (captures three
//! times as likely as other moves) up to 16–90 plies; the result is the mate if
//! one happened, else White wins 38 %, draws 30 %, Black wins 32 %.

use guoxiang_core::{Color, DrawReason, Outcome, Position, WinReason};
use guoxiang_server::clock::TimeControl;
use guoxiang_server::game::{Change, Ending, MoveRecord, Record, Seats, SecretHash, Standing};
use guoxiang_server::protocol::{Mode, Status};
use guoxiang_server::store::{explorer, Store, Tally, Write};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Opts {
    games: usize,
    db: String,
    seed: u64,
    queries: usize,
    scans: usize,
}

fn opts() -> Result<Opts, String> {
    let mut o = Opts {
        games: 100_000,
        db: "/tmp/gx-explorer.sqlite3".into(),
        seed: 16,
        queries: 200,
        scans: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        let n = || v.parse::<u64>().map_err(|_| format!("bad {a}"));
        match a.as_str() {
            "--games" => o.games = n()? as usize,
            "--db" => o.db = v.clone(),
            "--seed" => o.seed = n()?,
            "--queries" => o.queries = n()?.max(1) as usize,
            "--scans" => o.scans = n()?.max(1) as usize,
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(o)
}

/// SplitMix64: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One generated game: its moves (UCI, SAN) and its ending.
fn generate(rng: &mut Rng, book: &[Vec<String>]) -> (Vec<(String, String)>, Ending) {
    let mut pos = Position::new();
    let mut moves = Vec::new();
    let length = 16 + rng.below(75);
    if rng.below(10) < 9 {
        let line = &book[rng.below(book.len())];
        let take = line.len().div_ceil(2) + rng.below(line.len() / 2 + 1);
        for san in line.iter().take(take) {
            // Invariant: the book's lines are legal (guoxiang-openings tests them).
            let m = pos.parse_san(san).expect("book lines are legal");
            moves.push((m.to_uci(), pos.san(m)));
            pos.play_unchecked(m);
        }
    }
    while moves.len() < length {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let weights: Vec<usize> = legal
            .iter()
            .map(|m| {
                if pos.board().piece_at(m.to()).is_some() {
                    3
                } else {
                    1
                }
            })
            .collect();
        let mut pick = rng.below(weights.iter().sum());
        let mut chosen = legal.as_slice()[0];
        for (m, w) in legal.iter().zip(&weights) {
            if pick < *w {
                chosen = *m;
                break;
            }
            pick -= w;
        }
        moves.push((chosen.to_uci(), pos.san(chosen)));
        pos.play_unchecked(chosen);
    }
    let ending = if pos.is_checkmate() {
        Ending::Outcome(Outcome::Decisive {
            winner: !pos.turn(),
            reason: WinReason::Checkmate,
        })
    } else if pos.is_stalemate() {
        Ending::Outcome(Outcome::Draw {
            reason: DrawReason::Stalemate,
        })
    } else {
        match rng.below(100) {
            0..38 => Ending::Outcome(Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::Resignation,
            }),
            38..68 => Ending::Outcome(Outcome::Draw {
                reason: DrawReason::Agreement,
            }),
            _ => Ending::Outcome(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation,
            }),
        }
    };
    (moves, ending)
}

fn record(id: String) -> Record {
    Record {
        id,
        created_at: 0,
        mode: Mode::Friend,
        level: None,
        computer: None,
        control: TimeControl::untimed(),
        seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
        join_key: None,
        start: None,
        status: Status::Active,
        ending: None,
        clocks: [0, 0],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: Default::default(),
    }
}

/// The writes of one finished game, as a live server makes them.
fn writes(id: &str, moves: &[(String, String)], ending: Ending, at: i64) -> Vec<Write> {
    let mut w = vec![Write::Create(Box::new(record(id.to_string())))];
    for (i, (uci, san)) in moves.iter().enumerate() {
        w.push(Write::Change {
            id: id.to_string(),
            change: Change::Moved(MoveRecord {
                ply: i as u64 + 1,
                uci: uci.clone(),
                san: san.clone(),
                clocks: [0, 0],
                at,
            }),
        });
    }
    w.push(Write::Change {
        id: id.to_string(),
        change: Change::Finished {
            ending,
            clocks: [0, 0],
            at,
        },
    });
    w
}

/// The baseline: the explorer's answer for `key` without the index, by reading every
/// finished game's first 50 moves from the database and replaying them.
fn scan(path: &str, key: i64) -> Result<HashMap<String, Tally>, String> {
    let c = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
    let mut st = c
        .prepare(&explorer::sqlite(explorer::BACKFILL_PG))
        .map_err(|e| e.to_string())?;
    let rows = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .map_err(|e| e.to_string())?;
    let mut out: HashMap<String, Tally> = HashMap::new();
    explorer::for_each_game(rows, |tally, entries| {
        for (k, uci) in entries {
            if k == key {
                out.entry(uci).or_default().add(tally);
            }
        }
        Ok(())
    })
    .map_err(|e: rusqlite::Error| e.to_string())?;
    Ok(out)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

async fn http_get(addr: SocketAddr, path: &str) -> Result<String, String> {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no body")?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!("{head}\n{body}"));
    }
    Ok(body.to_string())
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), String> {
    let o = opts()?;
    let sqlite = !o.db.starts_with("postgres");
    let tmp = std::env::temp_dir().join(format!("gx-explorer-load-{}", std::process::id()));
    let store = {
        let (db, dir) = (o.db.clone(), tmp.clone());
        tokio::task::spawn_blocking(move || Store::open(Some(&db), &dir))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?
    };
    let book: Vec<Vec<String>> = guoxiang_openings::all()
        .iter()
        .map(|o| o.sans().map(String::from).collect())
        .collect();
    let mut rng = Rng(o.seed);
    let started = Instant::now();
    let mut plies = 0usize;
    let stamp = guoxiang_server::store::unix_ms();
    let mut pending = Vec::new();
    for n in 0..o.games {
        let (moves, ending) = generate(&mut rng, &book);
        plies += moves.len();
        let id = format!("x{}-{stamp}-{n}", o.seed);
        let s = store.clone();
        let w = writes(&id, &moves, ending, stamp);
        pending.push(tokio::spawn(async move { s.write_all(w).await }));
        if pending.len() >= 64 {
            for p in pending.drain(..) {
                p.await
                    .map_err(|e| e.to_string())?
                    .map_err(|e| e.to_string())?;
            }
        }
        if (n + 1) % 10_000 == 0 {
            eprintln!(
                "{} games stored, {:.0} s",
                n + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    for p in pending {
        p.await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
    }
    if o.games > 0 {
        let secs = started.elapsed().as_secs_f64();
        println!(
            "stored {} games ({} plies, {:.1} per game) in {:.1} s: {:.0} games/s",
            o.games,
            plies,
            plies as f64 / o.games as f64,
            secs,
            o.games as f64 / secs
        );
    }

    // The positions: the start, a common opening, a deeper one, a rare one (the end of
    // one of the table's longest lines), one no game reached.
    let marshall = guoxiang_openings::by_key("ruy_lopez_marshall").map_or("", |o| o.moves);
    let mut positions = Vec::new();
    for (label, line) in [
        ("initial position", ""),
        (
            "Italian Game (1.e4 e5 2.Nf3 Nc6 3.Bc4)",
            "e4 e5 Nf3 Nc6 Bc4",
        ),
        (
            "Sicilian Najdorf (10 plies)",
            "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
        ),
        ("rare: Ruy Lopez, Marshall Attack", marshall),
        ("unreached: 1.a3 h5 2.h4 a5", "a3 h5 h4 a5"),
    ] {
        let moves = guoxiang_openings::read_line(line).map_err(|e| e.to_string())?;
        let mut pos = Position::new();
        for m in &moves {
            pos.play_unchecked(m.mv);
        }
        positions.push((label, pos));
    }

    // A server on the same database, for the HTTP route.
    drop(store);
    let store = {
        let (db, dir) = (o.db.clone(), tmp.clone());
        tokio::task::spawn_blocking(move || Store::open(Some(&db), &dir))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?
    };
    let config = guoxiang_server::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: Some(o.db.clone()),
        data_dir: tmp.clone(),
        engine_threads: 1,
        computer_human_time: false,
        disconnect_grace_ms: 60_000,
        create_per_minute: 60,
        create_burst: 10,
        join_timeout_ms: guoxiang_server::JOIN_TIMEOUT_MS,
        log_format: guoxiang_server::obs::LogFormat::Text,
        tb_dir: tmp.join("tablebase"),
        tb_generate: false,
        tb_classes: None,
        lessons: guoxiang_lessons::Course::builtin(),
        puzzles: guoxiang_puzzles::PuzzleSet::builtin(),
        puzzle_moves_per_minute: 6_000,
        puzzle_attempts_per_minute: 6_000,
        review: guoxiang_server::review::ReviewSettings::default(),
        advertise: None,
        trusted_proxies: Vec::new(),
        workers: false,
    };
    let server = guoxiang_server::start(config, guoxiang_server::time::TimeSource::real())
        .await
        .map_err(|e| e.to_string())?;
    let addr = server.addr;

    println!(
        "{:<42} {:>7} {:>6}  {:>22}  {:>22}  {:>12}",
        "position", "games", "moves", "index median/p99 ms", "http median/p99 ms", "scan ms"
    );
    for (label, pos) in &positions {
        let rows = store.explorer(pos).await.map_err(|e| e.to_string())?;
        let mut total = Tally::default();
        for r in &rows {
            total.add(r.tally);
        }
        let mut index = Vec::with_capacity(o.queries);
        for _ in 0..o.queries {
            let t = Instant::now();
            let r = store.explorer(pos).await.map_err(|e| e.to_string())?;
            index.push(t.elapsed());
            assert_eq!(r.len(), rows.len());
        }
        index.sort();
        let path = format!(
            "/api/explorer?fen={}",
            pos.fen().replace(' ', "%20").replace('/', "%2F")
        );
        let mut http = Vec::with_capacity(o.queries);
        for _ in 0..o.queries {
            let t = Instant::now();
            let body = http_get(addr, &path).await?;
            http.push(t.elapsed());
            assert!(
                body.contains(&format!("\"games\":{}", total.games())),
                "{body}"
            );
        }
        http.sort();
        let scan_ms = if sqlite {
            let mut times = Vec::new();
            for _ in 0..o.scans {
                let (db, key) = (o.db.clone(), explorer::key(pos));
                let t = Instant::now();
                let found = tokio::task::spawn_blocking(move || scan(&db, key))
                    .await
                    .map_err(|e| e.to_string())??;
                times.push(t.elapsed());
                // The scan and the index agree.
                let mut by_index: HashMap<String, Tally> = HashMap::new();
                for r in &rows {
                    by_index.insert(r.uci.clone(), r.tally);
                }
                assert_eq!(found, by_index, "scan and index disagree at {label}");
            }
            times.sort();
            format!("{:.0}", ms(percentile(&times, 0.5)))
        } else {
            "-".into()
        };
        println!(
            "{:<42} {:>7} {:>6}  {:>10.3} / {:>9.3}  {:>10.3} / {:>9.3}  {:>12}",
            label,
            total.games(),
            rows.len(),
            ms(percentile(&index, 0.5)),
            ms(percentile(&index, 0.99)),
            ms(percentile(&http, 0.5)),
            ms(percentile(&http, 0.99)),
            scan_ms
        );
    }
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}
