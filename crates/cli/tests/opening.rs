//! `guoxiang opening MOVES`, run as a user runs it: the JSON shape, move numbers
//! optional, the longest named line (also through a transposition), a bad move named
//! with its number (exit 2), and no named opening (exit 1).

use serde_json::{json, Value};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON: {text}: {e}"))
}

#[test]
fn opening_json_names_the_line_in_three_languages() {
    let out = run(&["opening", "1.e4 e5 2.Nf3 Nc6 3.Bc4", "--json"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        json_of(&out),
        json!({"eco": "C50",
               "name": {"en": "Italian Game", "zh-CN": "意大利开局", "zh-TW": "義大利開局"},
               "plies": 5})
    );
}

#[test]
fn move_numbers_are_optional() {
    let with = run(&["opening", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Be7", "--json"]);
    let without = run(&["opening", "e4 e5 Nf3 Nc6 Bc4 Be7", "--json"]);
    assert_eq!(json_of(&with), json_of(&without));
    assert_eq!(json_of(&with)["name"]["en"], "Hungarian Defence");
}

#[test]
fn the_longest_named_line_is_given_even_past_its_end_and_by_transposition() {
    // 6 plies of the Ruy Lopez, then moves no longer named: still the Ruy Lopez.
    let v = json_of(&run(&["opening", "e4 e5 Nf3 Nc6 Bb5 Nf6 d3 Bc5", "--json"]));
    assert_eq!(
        (v["eco"].as_str(), v["plies"].as_u64()),
        (Some("C65"), Some(6))
    );
    // The Scotch reached by another move order (1.Nf3 Nc6 2.e4 e5 3.d4).
    let v = json_of(&run(&["opening", "Nf3 Nc6 e4 e5 d4", "--json"]));
    assert_eq!(v["name"]["en"], "Scotch Game");
}

#[test]
fn the_text_output_gives_the_code_the_english_and_the_chinese_name() {
    let out = run(&["opening", "1.e4 c5"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "B20 Sicilian Defence (西西里防御)\n"
    );
    let out = run(&["opening", "1.e4 c5", "--lang", "zh-TW"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "B20 Sicilian Defence (西西里防禦)\n"
    );
    let out = run(&["opening", "1.e4 c5", "--lang", "en"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "B20 Sicilian Defence\n"
    );
}

#[test]
fn a_bad_move_exits_2_naming_its_number_and_text() {
    let out = run(&["opening", "1.e4 e5 2.Nf3 Nc6 3.Bc4 Ke9", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3... Ke9"), "{err}");
    let out = run(&["opening", "e4 e5 Ke3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2. Ke3: "));
}

#[test]
fn a_line_without_a_name_exits_1() {
    let out = run(&["opening", "1.a3 a6 2.h3 h6", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "no named opening"
    );
    assert_eq!(run(&["opening", ""]).status.code(), Some(1));
}
