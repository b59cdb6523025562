//! Embeds every lesson file `data/*.toml` (and `data/stages.toml`) into the
//! crate, so that adding a lesson is adding a file: `Course::builtin()` reads
//! the list generated here.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not baked in when it was compiled: a build script compiled
    // in another checkout sharing this target directory must still read this one's data.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("data");
    println!("cargo:rerun-if-changed={}", dir.display());
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the lessons in {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    let mut out = String::from("/// The embedded files: (file name, text), sorted by name.\npub static FILES: &[(&str, &str)] = &[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        // The path is written with Debug so that any character is escaped.
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("files.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
