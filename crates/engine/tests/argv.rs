//! `guoxiang-engine` run with arguments a shell can pass: one that is not UTF-8 is
//! a usage error (exit 2) with a message, never a panic (exit 101).
#![cfg(unix)]

use std::os::unix::ffi::OsStrExt;
use std::process::Command;

#[test]
fn an_argument_that_is_not_utf8_is_refused_with_exit_status_two() {
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang-engine"))
        .arg(std::ffi::OsStr::from_bytes(b"\xff"))
        .output()
        .expect("the engine runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not valid UTF-8"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
