//! The browser end-to-end tests (web/e2e/*.test.mjs) against the real binary: starts
//! `guoxiang serve` on a free port with a fresh database, then runs the tests with Node's
//! test runner, which drives Debian's chromium through playwright-core (installed by
//! `npm ci` when the server crate builds the front end). Screenshots and the page-speed
//! figures go to target/screenshots/. The endgame trainer's test plays against real tables: the
//! classes in [`TB_CLASSES`] are generated once (`guoxiang tb gen`, skipped when valid files are
//! there) into a cache under target/, and the server reads them without generating others.
//!
//! Needs chromium (`apt-get install chromium`, or CHROMIUM=/path). Setting
//! GUOXIANG_SKIP_BROWSER_TESTS=1 skips them, loudly; GUOXIANG_E2E=endgames runs only
//! web/e2e/endgames.test.mjs (while iterating; the full list of screenshots is then not checked).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The tablebase classes web/e2e/endgames.test.mjs plays (its `READY` list says the same).
const TB_CLASSES: &str = "KQK,KPK,KBNK";

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("CHROMIUM") {
        return Some(p.into());
    }
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.exists())
}

#[test]
fn the_front_end_works_in_a_real_browser() {
    if std::env::var("GUOXIANG_SKIP_BROWSER_TESTS").is_ok_and(|v| v == "1") {
        eprintln!("SKIPPED: browser tests (GUOXIANG_SKIP_BROWSER_TESTS=1)");
        return;
    }
    let chromium = chromium().expect(
        "the browser tests need chromium: `apt-get install chromium` (or set CHROMIUM=/path, \
         or GUOXIANG_SKIP_BROWSER_TESTS=1 to skip them)",
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = std::env::temp_dir().join(format!("guoxiang-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let tables = root.join("target/tablebase-e2e");
    let generated = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["tb", "gen", "--classes", TB_CLASSES, "--dir"])
        .arg(&tables)
        .status()
        .expect("guoxiang tb gen starts");
    assert!(generated.success(), "guoxiang tb gen {TB_CLASSES} failed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--create-per-minute",
            "100000",
            "--no-tb-gen",
            "--tb-dir",
        ])
        .arg(&tables)
        .arg("--data")
        .arg(&data)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("guoxiang serve starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let server = Server(child);
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("the server prints its address");
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .trim_end_matches('/')
        .to_string();

    let shots = root.join("target/screenshots");
    let only = std::env::var("GUOXIANG_E2E").ok().filter(|v| !v.is_empty());
    let target = only
        .as_deref()
        .map_or_else(|| "e2e/".to_string(), |name| format!("e2e/{name}.test.mjs"));
    let started = Instant::now();
    let out = Command::new("node")
        .args(["--test", "--test-concurrency=1", "--test-reporter=spec"])
        .arg(&target)
        .current_dir(root.join("web"))
        .env("GUOXIANG_URL", &url)
        .env("GUOXIANG_SCREENSHOTS", &shots)
        .env("CHROMIUM", &chromium)
        .output()
        .expect("node runs");
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "browser tests failed after {:?} (output above)",
        started.elapsed()
    );
    assert!(started.elapsed() < Duration::from_secs(900));
    if only.is_some() {
        return;
    }
    for name in [
        "home-desktop.png",
        "home-phone.png",
        "game-cartoon-ocean-phone.png",
        "perf.json",
        "app-home-desktop-light.png",
        "app-home-phone-dark.png",
        "app-settings-desktop-dark.png",
        "app-game-phone-light.png",
        "app-games-desktop-light.png",
        "app-not-found-phone-dark.png",
        "endgames-list-desktop.png",
        "endgames-play-desktop.png",
        "endgames-mate-desktop.png",
        "endgames-list-phone.png",
        "endgames-play-phone.png",
        "lessons-map-desktop.png",
        "lessons-map-phone.png",
        "lessons-lesson-desktop.png",
        "lessons-lesson-phone.png",
        "lessons-illegal-desktop.png",
        "openings-list-desktop.png",
        "openings-trainer-desktop.png",
        "openings-wrong-desktop.png",
        "openings-list-phone.png",
        "openings-trainer-phone.png",
        "explorer-desktop.png",
        "explorer-phone.png",
        "puzzles-play-desktop.png",
        "puzzles-solved-desktop.png",
        "puzzles-wrong-desktop.png",
        "puzzles-en-desktop.png",
        "puzzles-play-phone.png",
        "puzzles-solved-phone.png",
        "puzzles-themes-phone.png",
        "puzzles-home-phone.png",
    ] {
        assert!(shots.join(name).exists(), "{name} was not written");
    }
}
