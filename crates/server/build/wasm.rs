//! Builds the engine for the browser: `guoxiang-wasm` (crates/wasm) for
//! `wasm32-unknown-unknown`, release, with a nested `cargo build` in its own target
//! directory, `<target>/guoxiang-wasm` (so it never waits on the outer build's lock).
//!
//! **The cache**, like the front end's: the inputs (the sources and manifests of
//! guoxiang-wasm, -engine, -core and -tablebase, the workspace manifest and `Cargo.lock`) are
//! hashed by content into a key; the module lives in `<target>/guoxiang-wasm/builds/<key>/`,
//! written under a temporary name and renamed when complete, the newest few kept. With a
//! cached entry no cargo runs at all.
//!
//! **The nested cargo** runs with `--locked --offline` (the outer build has fetched every
//! crate) and a clean environment: the variables cargo gives a build script (`RUSTFLAGS`,
//! `CARGO_ENCODED_RUSTFLAGS`, `CARGO_TARGET_DIR`, clippy's `RUSTC_WORKSPACE_WRAPPER`,
//! `CARGO_CFG_*`, the jobserver's `CARGO_MAKEFLAGS`, …) are removed, as they describe the
//! outer build (the host, its flags) and not this one. The profile is set on the command
//! line: `opt-level=3`, fat LTO, one codegen unit, `panic=abort`, symbols stripped.
//!
//! **Without the target** (`rustup target add wasm32-unknown-unknown` not done), the build
//! goes on without the engine: a `cargo::warning`, and the pages say the engine is
//! unavailable — unless `GUOXIANG_WEB=required`, which makes it an error (main's decision).

use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The target triple of the browser build.
const TARGET: &str = "wasm32-unknown-unknown";
/// The crates whose sources make the module, relative to the workspace root.
const CRATES: &[&str] = &[
    "crates/wasm",
    "crates/engine",
    "crates/core",
    "crates/tablebase",
];
/// Inside each crate: what is compiled into the module.
const CRATE_INPUTS: &[&str] = &["src", "Cargo.toml", "build.rs"];
/// Workspace files that are inputs too.
const ROOT_INPUTS: &[&str] = &["Cargo.toml", "Cargo.lock"];
/// Part of the key: change it when the command line below changes.
const RECIPE: &str =
    "guoxiang-wasm 1: release, opt-level 3, lto fat, codegen-units 1, panic abort, strip";
/// The profile of the nested build.
const PROFILE: &[&str] = &[
    "profile.release.opt-level=3",
    "profile.release.lto=\"fat\"",
    "profile.release.codegen-units=1",
    "profile.release.panic=\"abort\"",
    "profile.release.strip=true",
    "profile.release.debug=false",
];

/// The engine module, plain and gzipped, and the SHA-256 of the plain bytes in hex.
pub struct Wasm {
    pub plain: Vec<u8>,
    pub gz: Vec<u8>,
    pub sha256: String,
}

/// The inputs whose change must rebuild (for `cargo::rerun-if-changed`).
pub fn inputs(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = ROOT_INPUTS.iter().map(|p| root.join(p)).collect();
    for c in CRATES {
        for i in CRATE_INPUTS {
            let p = root.join(c).join(i);
            if p.exists() {
                v.push(p);
            }
        }
    }
    v
}

/// The module, from the cache or built now. `Err` says why it cannot be built here (the
/// target is not installed); a build that starts and fails panics, as it must be fixed.
pub fn build(root: &Path, target_dir: &Path) -> Result<Wasm, String> {
    let mut files = Vec::new();
    for p in ROOT_INPUTS {
        crate::collect(root, Path::new(p), &mut files);
    }
    for c in CRATES {
        for i in CRATE_INPUTS {
            let rel = Path::new(c).join(i);
            if root.join(&rel).exists() {
                crate::collect(root, &rel, &mut files);
            }
        }
    }
    let key = crate::hex(&crate::key_of(RECIPE, &files))[..32].to_string();
    let home = target_dir.join("guoxiang-wasm");
    let builds = home.join("builds");
    let entry = builds.join(&key);
    let module = entry.join("engine.wasm");
    if !module.is_file() {
        compile(root, &home, &builds, &entry, &key)?;
    }
    let _ = fs::File::open(&entry).and_then(|f| f.set_modified(SystemTime::now()));
    crate::prune(&builds, &key);
    let plain =
        fs::read(&module).unwrap_or_else(|e| panic!("cannot read {}: {e}", module.display()));
    let gz = fs::read(entry.join("engine.wasm.gz"))
        .unwrap_or_else(|e| panic!("cannot read engine.wasm.gz: {e}"));
    let sha256 = crate::hex(&Sha256::digest(&plain));
    Ok(Wasm { plain, gz, sha256 })
}

/// Whether the compiler has the standard library for [`TARGET`].
fn target_installed(rustc: &str) -> Result<bool, String> {
    let out = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("cannot run `{rustc} --print sysroot`: {e}"))?;
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Ok(Path::new(&sysroot)
        .join("lib/rustlib")
        .join(TARGET)
        .join("lib")
        .is_dir())
}

fn compile(root: &Path, home: &Path, builds: &Path, entry: &Path, key: &str) -> Result<(), String> {
    let started = Instant::now();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if !target_installed(&rustc)? {
        return Err(format!(
            "the Rust target {TARGET} is not installed (`rustup target add {TARGET}`)"
        ));
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(root)
        .args(["build", "--release", "--locked", "--offline", "--lib"])
        .args(["-p", "guoxiang-wasm", "--target", TARGET])
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(home);
    for c in PROFILE {
        cmd.args(["--config", c]);
    }
    for (name, _) in std::env::vars_os() {
        let n = name.to_string_lossy();
        let outer = (n.starts_with("CARGO_") && n != "CARGO_HOME")
            || n.starts_with("DEP_")
            || n.starts_with("RUSTC_")
            || matches!(
                &*n,
                "RUSTFLAGS"
                    | "RUSTDOCFLAGS"
                    | "MAKEFLAGS"
                    | "MFLAGS"
                    | "TARGET"
                    | "HOST"
                    | "OUT_DIR"
                    | "PROFILE"
                    | "OPT_LEVEL"
                    | "DEBUG"
                    | "NUM_JOBS"
            );
        if outer {
            cmd.env_remove(&name);
        }
    }
    crate::run(
        &mut cmd,
        "cargo build of guoxiang-wasm for wasm32-unknown-unknown",
    );
    let built = home.join(TARGET).join("release").join("guoxiang_wasm.wasm");
    let plain = fs::read(&built).unwrap_or_else(|e| panic!("cannot read {}: {e}", built.display()));
    let tmp = builds.join(format!("tmp-{key}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("cannot create {}: {e}", tmp.display()));
    fs::write(tmp.join("engine.wasm"), &plain)
        .and_then(|()| fs::write(tmp.join("engine.wasm.gz"), crate::gzip(&plain)))
        .unwrap_or_else(|e| panic!("cannot write into {}: {e}", tmp.display()));
    let _ = fs::remove_dir_all(entry);
    fs::rename(&tmp, entry).unwrap_or_else(|e| panic!("cannot store {}: {e}", entry.display()));
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let secs = started.elapsed().as_secs_f64();
    let _ = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(home.join("builds.log"))
        .and_then(|mut log| writeln!(log, "{now} {key} {} B {secs:.1}s", plain.len()));
    Ok(())
}
