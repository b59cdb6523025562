//! The fixture of the puzzle API's tests: four puzzles built from positions and
//! moves (a mate in one, a mate in two with a second mate at its last move, a knight
//! fork that wins the queen, a harder mate in one), a server that serves them, and
//! request helpers.

#![allow(dead_code)]

use crate::common::{start_with, Srv};
use guoxiang_core::Position;
use guoxiang_puzzles::glicko::Rating;
use guoxiang_puzzles::{Goal, Puzzle, PuzzleId, PuzzleSet, Source, Theme};
use guoxiang_server::time::TimeSource;
use guoxiang_server::Config;
use serde_json::Value;
use std::sync::OnceLock;

/// The same four puzzles in the data file's format (crates/puzzles/data), for the
/// check that the set's reader agrees with the fixture built here.
pub const FIXTURE_JSONL: &str = include_str!("fixture.jsonl");

/// A back-rank mate in one, rated 1000.
pub const MATE1: &str = "00000a01";
/// 1.Qxf7+ Kh8 and then Qxe8# or Qxg7#, rated 1500.
pub const MATE2: &str = "00000b02";
/// 1.Nf7+ Kg8 2.Nxd8: a knight fork that wins the queen, rated 1800.
pub const FORK: &str = "00000c03";
/// Another mate in one (Qe8#), rated 2200.
pub const MATE1_HARD: &str = "00000d04";

pub fn puzzle(
    id: &str,
    before: &str,
    mistake: &str,
    line: &[&str],
    goal: Goal,
    theme: Theme,
    rating: f64,
) -> Puzzle {
    let before = Position::from_fen(before).expect("fixture FEN");
    let mistake = before.parse_uci(mistake).expect("fixture mistake");
    let start = before.after(mistake);
    let mut pos = start.clone();
    let line = line
        .iter()
        .map(|u| {
            let m = pos.parse_uci(u).expect("fixture line");
            pos.play_unchecked(m);
            m
        })
        .collect();
    Puzzle {
        id: PuzzleId(id.into()),
        before,
        mistake,
        start,
        line,
        goal,
        themes: vec![theme],
        rating: shipped(rating),
        source: Source::Server {
            game: "fixture".into(),
            ply: 1,
        },
        proof: Default::default(),
    }
}

pub fn shipped(rating: f64) -> Rating {
    Rating {
        rating,
        rd: 120.0,
        vol: 0.06,
    }
}

pub fn fixture() -> &'static PuzzleSet {
    static SET: OnceLock<PuzzleSet> = OnceLock::new();
    SET.get_or_init(|| PuzzleSet {
        puzzles: vec![
            puzzle(
                MATE1,
                "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
                "g8h8",
                &["a1a8"],
                Goal::Mate(1),
                Theme::MateIn1,
                1000.0,
            ),
            puzzle(
                MATE2,
                "6k1/R4ppp/8/3Q4/8/8/4rPPP/6K1 b - - 0 1",
                "e2e8",
                &["d5f7", "g8h8", "f7e8"],
                Goal::Mate(2),
                Theme::MateIn2,
                1500.0,
            ),
            puzzle(
                FORK,
                "7k/3q2pp/8/4N3/8/8/5PPP/6K1 b - - 0 1",
                "d7d8",
                &["e5f7", "h8g8", "f7d8"],
                Goal::Win,
                Theme::Fork,
                1800.0,
            ),
            puzzle(
                MATE1_HARD,
                "6k1/5ppp/8/8/8/8/5PPP/4Q1K1 b - - 0 1",
                "g8h8",
                &["e1e8"],
                Goal::Mate(1),
                Theme::MateIn1,
                2200.0,
            ),
        ],
    })
}

pub fn with_fixture(c: &mut Config) {
    c.puzzles = fixture();
}

pub async fn server(tag: &str) -> Srv {
    start_with(tag, TimeSource::manual(1_000_000), with_fixture).await
}

pub async fn ok(srv: &Srv, method: &str, path: &str, body: Option<Value>) -> Value {
    let (s, v) = srv.json(method, path, body, None).await;
    assert_eq!(s, 200, "{method} {path} -> {v}");
    v
}

pub async fn refused(srv: &Srv, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let (s, text) = srv.http(method, path, body, None).await;
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(v["message"].is_string(), "{v}");
    (s, v)
}

/// The id `next` serves for this query, asked `n` times (all that came up).
pub async fn nexts(srv: &Srv, query: &str, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for _ in 0..n {
        let v = ok(srv, "GET", &format!("/api/puzzles/next?{query}"), None).await;
        ids.push(v["id"].as_str().expect("id").to_owned());
    }
    ids.sort();
    ids.dedup();
    ids
}
pub async fn attempt(srv: &Srv, id: &str, body: Value) -> Value {
    ok(
        srv,
        "POST",
        &format!("/api/puzzles/{id}/attempt"),
        Some(body),
    )
    .await
}
