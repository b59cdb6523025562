//! Embeds the repertoire files: lists `repertoire/*.toml` and writes, into `OUT_DIR`, a
//! table of `(file name, text)` pairs that `src/repertoire` includes, so adding a file
//! needs no code change. Cargo reruns this when anything in the directory changes.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("repertoire");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".toml"))
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        let path = dir.join(name);
        writeln!(out, "    ({name:?}, include_str!({:?})),", path.display())
            .expect("writing to a String cannot fail");
    }
    out.push(']');
    let target = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("repertoire.rs");
    fs::write(target, out).expect("OUT_DIR is writable");
}
