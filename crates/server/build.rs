//! Builds the browser front end (`web/`) with npm and esbuild and leaves it, plain and
//! gzipped, in `OUT_DIR/web`, where `src/web.rs` embeds it. So `cargo build` on a fresh
//! machine with Node.js and npm serves the front end with no other step. `npm ci` runs only
//! when `web/package-lock.json` changed; TypeScript type errors fail the build.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let web = manifest.join("../../web");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("web");
    for p in [
        "src",
        "build.mjs",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
        "../crates/i18n/catalogue",
    ] {
        println!("cargo::rerun-if-changed={}", web.join(p).display());
    }
    println!("cargo::rerun-if-env-changed=GUOXIANG_NPM");

    let lock = web.join("package-lock.json");
    let stamp = web.join("node_modules/.package-lock.json");
    if modified(&stamp).is_none() || modified(&lock) > modified(&stamp) {
        let npm = std::env::var("GUOXIANG_NPM").unwrap_or_else(|_| "npm".into());
        run(
            Command::new(&npm)
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&web),
            "npm ci",
        );
    }
    run(
        Command::new("node")
            .args(["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"])
            .current_dir(&web),
        "the TypeScript type check (tsc)",
    );
    run(
        Command::new("node")
            .arg("build.mjs")
            .arg(&out)
            .current_dir(&web),
        "node build.mjs",
    );
    for name in ["app.js", "app.css", "index.html"] {
        let plain =
            fs::read(out.join(name)).unwrap_or_else(|e| panic!("web build wrote no {name}: {e}"));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&plain)
            .and_then(|()| gz.finish())
            .map(|bytes| {
                fs::write(out.join(format!("{name}.gz")), bytes)
                    .unwrap_or_else(|e| panic!("cannot write {name}.gz: {e}"))
            })
            .unwrap_or_else(|e| panic!("cannot gzip {name}: {e}"));
    }
}

fn modified(p: &Path) -> Option<std::time::SystemTime> {
    fs::metadata(p).and_then(|m| m.modified()).ok()
}

fn run(cmd: &mut Command, what: &str) {
    match cmd.status() {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("{what} failed ({s}); see its output above"),
        Err(e) => panic!(
            "cannot run {what}: {e}. Building the front end needs Node.js (>= 20) and npm, \
             e.g. `apt-get install nodejs npm`"
        ),
    }
}
