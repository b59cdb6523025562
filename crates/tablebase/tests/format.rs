//! The file format: corruption is detected, a missing table is not cached as missing, and
//! the header's figures are reported.

mod common;
use guoxiang_tablebase::{generate, Class, Position, ProbeError, Tablebase};

fn kqk_in(dir: &std::path::Path) -> std::path::PathBuf {
    let c: Class = "KQK".parse().unwrap();
    generate(dir, &[c], 1, &mut |_| {}).unwrap();
    dir.join("KQK.gxtb")
}

fn probe(dir: &std::path::Path) -> Result<guoxiang_tablebase::Probe, ProbeError> {
    let pos = Position::from_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").unwrap();
    Tablebase::open(dir).probe(&pos)
}

#[test]
fn a_flipped_payload_byte_is_reported_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = kqk_in(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let i = bytes.len() - 100;
    bytes[i] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(probe(dir.path()), Err(ProbeError::Corrupt { .. })));
}

#[test]
fn a_truncated_file_or_a_bad_magic_is_reported_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = kqk_in(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(probe(dir.path()), Err(ProbeError::Corrupt { .. })));
    let mut bad = bytes.clone();
    bad[0] = b'X';
    std::fs::write(&path, &bad).unwrap();
    assert!(matches!(probe(dir.path()), Err(ProbeError::Corrupt { .. })));
    let tb = Tablebase::open(dir.path());
    assert!(!tb.has("KQK".parse().unwrap()));
}

#[test]
fn a_table_that_appears_later_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let tb = Tablebase::open(dir.path());
    let pos = Position::from_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").unwrap();
    assert!(matches!(
        tb.probe(&pos),
        Err(ProbeError::MissingTable { .. })
    ));
    kqk_in(dir.path());
    assert!(tb.probe(&pos).is_ok());
    let info = tb.info("KQK".parse().unwrap()).unwrap();
    assert_eq!(info.class, "KQK");
    assert_eq!(info.max_dtm, 20);
    assert!(info.positions > 40_000);
}

#[test]
fn positions_beyond_the_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tb = Tablebase::open(dir.path());
    let five = Position::from_fen("8/8/8/4k3/8/8/2P5/KQ1R4 w - - 0 1").unwrap();
    assert!(matches!(
        tb.probe(&five),
        Err(ProbeError::TooManyPieces { count: 5 })
    ));
    let castle = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert!(matches!(tb.probe(&castle), Err(ProbeError::CastlingRights)));
}

#[test]
fn generate_replaces_a_corrupt_file_and_keeps_a_valid_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = kqk_in(dir.path());
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let i = bad.len() - 10;
    bad[i] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    let mut events = Vec::new();
    let c: Class = "KQK".parse().unwrap();
    generate(dir.path(), &[c], 1, &mut |e| events.push(e)).unwrap();
    assert!(matches!(
        events[0],
        guoxiang_tablebase::GenEvent::Started { .. }
    ));
    assert!(probe(dir.path()).is_ok());
    events.clear();
    generate(dir.path(), &[c], 1, &mut |e| events.push(e)).unwrap();
    assert!(matches!(
        events[..],
        [guoxiang_tablebase::GenEvent::Skipped { .. }]
    ));
}
