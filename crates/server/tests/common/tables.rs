//! The tablebases the endgame tests read: generated once per test binary
//! into target/'s temporary directory (and reused by later runs), and a server
//! that reads them without generating anything.

use super::{start_with, Srv};
use guoxiang_server::time::TimeSource;
use guoxiang_tablebase::{generate, Class};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The shared table directory, generated on first use.
pub fn tables() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tb-endgame-tests");
        let classes: Vec<Class> = ["KQK", "KPK"]
            .iter()
            .map(|c| c.parse().expect("a class"))
            .collect();
        generate(&dir, &classes, 2, &mut |_| {}).expect("the test tables generate");
        dir
    })
    .clone()
}

/// The shared table directory with every table the trainer's exercises
/// reach (their four-piece classes take minutes to generate without
/// optimisation: the tests that need them run in release builds, as CI does).
pub fn all_trainer_tables() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        // Apart from tables(): the tests there rely on KBNK and KRRK being absent.
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tb-endgame-all");
        let classes: Vec<Class> = ["KQK", "KPK", "KRRK", "KBBK", "KBNK", "KQKR", "KQKP"]
            .iter()
            .map(|c| c.parse().expect("a class"))
            .collect();
        generate(&dir, &classes, 2, &mut |_| {}).expect("the trainer's tables generate");
        dir
    })
    .clone()
}

/// A server reading the shared tables, generating nothing.
pub async fn with_tables(tag: &str) -> Srv {
    let dir = tables();
    start_with(tag, TimeSource::real(), move |c| c.tb_dir = dir).await
}

pub fn q(fen: &str) -> String {
    fen.replace(' ', "%20")
}

/// `/api/tb/probe` of `fen`, which must succeed.
pub async fn probe(srv: &Srv, fen: &str) -> Value {
    let (s, v) = srv
        .json("GET", &format!("/api/tb/probe?fen={}", q(fen)), None, None)
        .await;
    assert_eq!(s, 200, "{v}");
    v
}
