//! The browser front end (web/src) words everything through the shared catalogue
//! (crates/i18n/catalogue/*.json, keys under `ui.`): every key its code names must be there, and every `ui.`
//! key there must be used (as a literal or under a prefix the code completes at run time).

use std::collections::BTreeSet;
use std::path::Path;

fn catalogue() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../i18n/catalogue/en.json");
    let text = std::fs::read_to_string(root).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_object()
        .unwrap()
        .keys()
        .filter(|k| k.starts_with("ui."))
        .cloned()
        .collect()
}

/// The TypeScript files under `dir`, in its sub-folders too (`web/src/game/`).
fn ts_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            ts_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ts") {
            out.push(path);
        }
    }
}

/// The `"ui.…"` string literals of the front end's sources.
fn literals() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src");
    let mut files = Vec::new();
    ts_files(&dir, &mut files);
    let mut out = BTreeSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for quote in ['"', '`'] {
            let mut rest = text.as_str();
            let open = format!("{quote}ui.");
            while let Some(i) = rest.find(&open) {
                let after = &rest[i + 1..];
                let end = after
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                    .unwrap_or(after.len());
                out.insert(after[..end].to_string());
                rest = &after[end..];
            }
        }
    }
    out
}

#[test]
fn every_key_the_front_end_names_is_in_the_catalogue() {
    let have = catalogue();
    // A literal ending in '.' is a prefix completed at run time (e.g. "ui.level." + n).
    let missing: Vec<String> = literals()
        .into_iter()
        .filter(|k| {
            if k.ends_with('.') {
                !have.iter().any(|h| h.starts_with(k.as_str()))
            } else {
                !have.contains(k)
            }
        })
        .collect();
    assert!(
        missing.is_empty(),
        "web/src names keys not in crates/i18n/catalogue/en.json: {missing:?}"
    );
}

#[test]
fn every_ui_key_in_the_catalogue_is_used_by_the_front_end() {
    let used = literals();
    let unused: Vec<String> = catalogue()
        .into_iter()
        .filter(|k| {
            !used.contains(k)
                && !used
                    .iter()
                    .any(|u| u.ends_with('.') && k.starts_with(u.as_str()))
        })
        .collect();
    assert!(
        unused.is_empty(),
        "crates/i18n/catalogue/en.json has ui keys no front-end code uses: {unused:?}"
    );
}
