//! Builds the browser front end (`web/`) with npm, tsc and esbuild and leaves it, plain and
//! gzipped, in `OUT_DIR/web`, where `src/web.rs` embeds it. So `cargo build` (and `cargo run
//! --release`) on a fresh machine with Node.js and npm serves the front end with no other step.
//!
//! **The cache.** The inputs (every file under `web/src`, `build.mjs`, `package.json`,
//! `package-lock.json`, `tsconfig.json` and the message catalogue [`CATALOGUE`]) are hashed by
//! *content* — paths and bytes, never mtimes, so a fresh clone or a branch switch that only
//! touches files costs nothing — with SHA-256 into a key. The built files live in
//! `<target>/guoxiang-web/<key>/`, one folder per key, shared by every profile and by `check`,
//! `clippy` and `build` (their `OUT_DIR`s differ); the newest [`KEEP`] keys are kept, so going
//! back to a branch is free too. A folder is written under a temporary name and renamed when
//! complete, so a crash never leaves a half-built entry. When the key has an entry, no Node.js
//! tool runs at all: the files are copied into `OUT_DIR/web`. Otherwise `npm ci` runs only when
//! `package-lock.json`'s hash differs from the one recorded in `web/node_modules` (the folder
//! stays in `web/`, where npm, editors, `tsc` and the browser tests in `web/e2e` look for
//! it), then tsc (type errors fail the build) and `build.mjs`. Each front-end build appends a
//! line to `<target>/guoxiang-web/builds.log` (`.ci/web-cache-test` reads it).
//!
//! **Without Node.js.** Cargo tells a build script nothing about whether it runs for `check`,
//! `clippy` or `build`, and `cargo clippy` must work without Node.js. So when no cached build
//! matches and Node.js (or npm, when `npm ci` is due) cannot be started, the script does not
//! fail: it embeds a one-page "front end not built: install Node.js" notice and prints a
//! `cargo::warning` saying so. The server, its API, the engine and the command line are whole
//! without the page, and the page itself tells whoever opens it what to do; a build that fails
//! for `check` but not for `clippy` would be worse. Where the page must be real (CI, release
//! packaging) set `GUOXIANG_WEB=required`: a missing Node.js is then an error. Type errors and
//! failing tools are always errors. After installing Node.js, any change under `web/` (or
//! `touch web/package.json`) makes the next build use it.
//!
//! `GUOXIANG_NODE` and `GUOXIANG_NPM` name other `node` and `npm` programs.
//!
//! **The engine in the browser.** First `build/wasm.rs` builds guoxiang-wasm for
//! `wasm32-unknown-unknown` (its own cache, `<target>/guoxiang-wasm`); the module goes into
//! `OUT_DIR/web` as `engine.wasm` (+ `.gz`) and its SHA-256 into the front end's key and to
//! `build.mjs` (`GX_ENGINE_WASM_SHA256`), which names it for learn.js. Without the target the
//! same rule as for Node.js holds: a warning and an empty `engine.wasm` (the pages say the
//! engine is unavailable), or an error under `GUOXIANG_WEB=required`.

#[path = "build/wasm.rs"]
mod wasm;

use sha2::{Digest, Sha256};
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The front end, relative to this crate.
const WEB: &str = "../../web";
/// The message catalogue, which `build.mjs` writes as one asset per language, relative to this crate.
const CATALOGUE: &str = "../i18n/catalogue";
/// The inputs of the front-end build inside [`WEB`] (files or folders, read recursively).
const WEB_INPUTS: &[&str] = &[
    "src",
    "build.mjs",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
];
/// What `build.mjs` writes; each is also stored gzipped. The catalogues, one per language,
/// are separate assets: a page fetches only its own language's.
const OUTPUTS: &[&str] = &[
    "app.js",
    "app.css",
    "index.html",
    "sw.js",
    "manifest.webmanifest",
    "i18n-en.json",
    "i18n-zh-CN.json",
    "i18n-zh-TW.json",
    "learn.js",
    "i18n-eg-en.json",
    "i18n-eg-zh-CN.json",
    "i18n-eg-zh-TW.json",
    "i18n-op-en.json",
    "i18n-op-zh-CN.json",
    "i18n-op-zh-TW.json",
    "engine-worker.js",
];
/// Part of the key: change it when this script makes different files from the same inputs.
const RECIPE: &str =
    "guoxiang-web 6: tsc, build.mjs (+ sw.js, manifest, one catalogue per language, the trainer's script and catalogues, the openings' names, the engine's worker), gzip best";
/// How many cached builds stay under `<target>/guoxiang-web`.
const KEEP: usize = 4;
/// Where `web/node_modules` records the hash of the lock file it was installed from.
const NPM_STAMP: &str = "node_modules/.guoxiang-lock-sha256";

fn main() {
    let manifest = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let web = manifest.join(WEB);
    let catalogue = manifest.join(CATALOGUE);
    let out_dir = PathBuf::from(env("OUT_DIR"));
    let out = out_dir.join("web");
    for p in WEB_INPUTS {
        println!("cargo::rerun-if-changed={}", web.join(p).display());
    }
    println!("cargo::rerun-if-changed={}", catalogue.display());
    for var in ["GUOXIANG_NPM", "GUOXIANG_NODE", "GUOXIANG_WEB"] {
        println!("cargo::rerun-if-env-changed={var}");
    }

    let required = std::env::var("GUOXIANG_WEB").is_ok_and(|v| v == "required");
    let root = manifest.join("../..");
    for p in wasm::inputs(&root) {
        println!("cargo::rerun-if-changed={}", p.display());
    }
    let engine = match wasm::build(&root, &target_root(&out_dir)) {
        Ok(w) => Some(w),
        Err(missing) if required => {
            panic!("{missing}; GUOXIANG_WEB=required forbids building without the engine")
        }
        Err(missing) => {
            println!(
                "cargo::warning=engine for the browser NOT built: {missing}. The analysis pages \
                 will say the engine is unavailable."
            );
            None
        }
    };
    let (wasm_plain, wasm_gz) = engine.as_ref().map_or_else(
        || (Vec::new(), gzip(&[])),
        |w| (w.plain.clone(), w.gz.clone()),
    );
    install(
        &[
            ("engine.wasm".to_string(), wasm_plain),
            ("engine.wasm.gz".to_string(), wasm_gz),
        ],
        &out,
    );
    let wasm_sha = engine.map(|w| w.sha256).unwrap_or_default();

    let mut files = Vec::new();
    for p in WEB_INPUTS {
        collect(&web, Path::new(p), &mut files);
    }
    let mut messages = Vec::new();
    collect(&catalogue, Path::new(""), &mut messages);
    files.extend(
        messages
            .into_iter()
            .map(|(name, bytes)| (format!("i18n:{name}"), bytes)),
    );
    files.push(("engine:sha256".to_string(), wasm_sha.clone().into_bytes()));
    let key = hex(&key_of(RECIPE, &files))[..32].to_string();

    let cache = cache_root(&out_dir);
    let entry = cache.join(&key);
    if !is_complete(&entry) {
        if let Err(missing) = build_entry(&web, &cache, &entry, &key, &wasm_sha) {
            if required {
                panic!("{missing}; GUOXIANG_WEB=required forbids building without the front end");
            }
            println!(
                "cargo::warning=front end NOT built: {missing}. The server will serve a page \
                 saying so. Install Node.js (>= 20) and npm (e.g. `apt-get install nodejs npm`), \
                 then `touch web/package.json` and build again."
            );
            install(&placeholder(&missing), &out);
            return;
        }
    }
    let _ = fs::File::open(&entry).and_then(|f| f.set_modified(SystemTime::now()));
    let built: Vec<(String, Vec<u8>)> = outputs_with_gz()
        .map(|name| {
            let bytes = fs::read(entry.join(&name))
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", entry.join(&name).display()));
            (name, bytes)
        })
        .collect();
    install(&built, &out);
    prune(&cache, &key);
}

fn env(name: &str) -> std::ffi::OsString {
    std::env::var_os(name).unwrap_or_else(|| panic!("cargo sets {name}"))
}

/// Every file under `root/rel` (a file or a folder), as (path relative to `root`, bytes).
fn collect(root: &Path, rel: &Path, files: &mut Vec<(String, Vec<u8>)>) {
    let path = root.join(rel);
    let meta =
        fs::metadata(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    if meta.is_dir() {
        let mut names: Vec<_> = fs::read_dir(&path)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display()))
            .map(|d| d.unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display())))
            .map(|d| d.file_name())
            .collect();
        names.sort();
        for name in names {
            collect(root, &rel.join(name), files);
        }
    } else {
        let bytes =
            fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        // '/' on every system, so a key means the same on Windows.
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        files.push((name, bytes));
    }
}

/// SHA-256 over the recipe and each file's name, length and bytes, in a fixed order. The
/// catalogue's files are named `i18n:<name>` so they cannot be taken for a web file.
fn key_of(recipe: &str, files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(recipe.as_bytes());
    for (name, bytes) in files {
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    }
    h.finalize().to_vec()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `<target>/guoxiang-web`, see [`target_root`].
fn cache_root(out_dir: &Path) -> PathBuf {
    target_root(out_dir).join("guoxiang-web")
}

/// The folder above `OUT_DIR` that holds cargo's `CACHEDIR.TAG` is the target directory
/// (whatever the profile or `--target`); without one, `OUT_DIR` itself.
fn target_root(out_dir: &Path) -> PathBuf {
    out_dir
        .ancestors()
        .find(|d| d.join("CACHEDIR.TAG").is_file())
        .unwrap_or(out_dir)
        .to_path_buf()
}

fn outputs_with_gz() -> impl Iterator<Item = String> {
    OUTPUTS
        .iter()
        .flat_map(|n| [n.to_string(), format!("{n}.gz")])
}

fn is_complete(entry: &Path) -> bool {
    outputs_with_gz().all(|n| entry.join(n).is_file())
}

/// Builds the front end into `entry`. `Err` says which tool could not be started (no Node.js);
/// a tool that starts and fails (a type error) panics, as it must be fixed.
fn build_entry(
    web: &Path,
    cache: &Path,
    entry: &Path,
    key: &str,
    wasm_sha: &str,
) -> Result<(), String> {
    let started = Instant::now();
    let node = std::env::var("GUOXIANG_NODE").unwrap_or_else(|_| "node".into());
    let npm = std::env::var("GUOXIANG_NPM").unwrap_or_else(|_| "npm".into());
    if !starts(&node) {
        return Err(format!("Node.js (`{node}`) cannot be started"));
    }
    let lock = fs::read(web.join("package-lock.json"))
        .unwrap_or_else(|e| panic!("cannot read web/package-lock.json: {e}"));
    let lock_hash = hex(&Sha256::digest(&lock));
    let npm_ci = fs::read_to_string(web.join(NPM_STAMP)).ok().as_deref() != Some(&lock_hash);
    if npm_ci {
        if !starts(&npm) {
            return Err(format!("npm (`{npm}`) cannot be started"));
        }
        run(
            Command::new(&npm)
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(web),
            "npm ci",
        );
        fs::write(web.join(NPM_STAMP), &lock_hash)
            .unwrap_or_else(|e| panic!("cannot write web/{NPM_STAMP}: {e}"));
    }
    run(
        Command::new(&node)
            .args(["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"])
            .current_dir(web),
        "the TypeScript type check (tsc)",
    );
    let tmp = cache.join(format!("tmp-{key}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir_all(&tmp).unwrap_or_else(|e| panic!("cannot create {}: {e}", tmp.display()));
    run(
        Command::new(&node)
            .arg("build.mjs")
            .arg(&tmp)
            .env("GX_ENGINE_WASM_SHA256", wasm_sha)
            .current_dir(web),
        "node build.mjs",
    );
    for name in OUTPUTS {
        let plain =
            fs::read(tmp.join(name)).unwrap_or_else(|e| panic!("web build wrote no {name}: {e}"));
        fs::write(tmp.join(format!("{name}.gz")), gzip(&plain))
            .unwrap_or_else(|e| panic!("cannot write {name}.gz: {e}"));
    }
    let _ = fs::remove_dir_all(entry);
    fs::rename(&tmp, entry).unwrap_or_else(|e| panic!("cannot store {}: {e}", entry.display()));
    let secs = started.elapsed().as_secs_f64();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let _ = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(cache.join("builds.log"))
        .and_then(|mut log| writeln!(log, "{now} {key} npm_ci={npm_ci} {secs:.1}s"));
    Ok(())
}

/// Whether `program --version` can be started at all (its result does not matter).
fn starts(program: &str) -> bool {
    match Command::new(program).arg("--version").output() {
        Ok(_) => true,
        Err(e) if e.kind() == ErrorKind::NotFound => false,
        Err(e) => panic!("cannot run `{program} --version`: {e}"),
    }
}

fn run(cmd: &mut Command, what: &str) {
    match cmd.status() {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("{what} failed ({s}); see its output above"),
        Err(e) => panic!("cannot run {what}: {e}"),
    }
}

fn gzip(plain: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(plain)
        .and_then(|()| gz.finish())
        .unwrap_or_else(|e| panic!("cannot gzip: {e}"))
}

/// The page embedded when the front end could not be built: it says why and what to do.
fn placeholder(why: &str) -> Vec<(String, Vec<u8>)> {
    let html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>guoxiang</title>\
         <h1>The front end was not built</h1><p>This server was built without it: {why}.</p>\
         <p>Install Node.js (20 or newer) and npm, then rebuild (<code>touch web/package.json \
         &amp;&amp; cargo build --release</code>). The HTTP API works meanwhile.</p></html>\n"
    );
    let files = [
        ("index.html", html.into_bytes()),
        ("app.js", Vec::new()),
        ("app.css", Vec::new()),
        ("sw.js", Vec::new()),
        (
            "manifest.webmanifest",
            b"{\"name\":\"guoxiang\",\"start_url\":\"/\"}".to_vec(),
        ),
        ("i18n-en.json", b"{}".to_vec()),
        ("i18n-zh-CN.json", b"{}".to_vec()),
        ("i18n-zh-TW.json", b"{}".to_vec()),
        ("learn.js", Vec::new()),
        ("i18n-eg-en.json", b"{}".to_vec()),
        ("i18n-eg-zh-CN.json", b"{}".to_vec()),
        ("i18n-eg-zh-TW.json", b"{}".to_vec()),
        ("i18n-op-en.json", b"{}".to_vec()),
        ("i18n-op-zh-CN.json", b"{}".to_vec()),
        ("i18n-op-zh-TW.json", b"{}".to_vec()),
        ("engine-worker.js", Vec::new()),
    ];
    files
        .into_iter()
        .flat_map(|(n, b)| {
            let gz = gzip(&b);
            [(n.to_string(), b), (format!("{n}.gz"), gz)]
        })
        .collect()
}

/// Writes `files` into `out`, leaving alone those whose bytes are already there.
fn install(files: &[(String, Vec<u8>)], out: &Path) {
    fs::create_dir_all(out).unwrap_or_else(|e| panic!("cannot create {}: {e}", out.display()));
    for (name, bytes) in files {
        let path = out.join(name);
        if fs::read(&path).ok().as_ref() != Some(bytes) {
            fs::write(&path, bytes)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
    }
}

/// Keeps the [`KEEP`] most recently used builds (and never `current`); removes leftovers of
/// interrupted builds. Failures only leave files behind, so they are ignored.
fn prune(cache: &Path, current: &str) {
    let Ok(dir) = fs::read_dir(cache) else { return };
    let mut entries = Vec::new();
    for d in dir.flatten() {
        let name = d.file_name().to_string_lossy().into_owned();
        let path = d.path();
        if !path.is_dir() || name == current {
            continue;
        }
        if name.starts_with("tmp-") {
            let _ = fs::remove_dir_all(&path);
            continue;
        }
        let used = d
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(UNIX_EPOCH);
        entries.push((used, path));
    }
    entries.sort_by_key(|e| std::cmp::Reverse(e.0));
    for (_, path) in entries.into_iter().skip(KEEP.saturating_sub(1)) {
        let _ = fs::remove_dir_all(path);
    }
}
