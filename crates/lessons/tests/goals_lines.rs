//! The judge on the goals where the opponent answers (mate, line, perpetual),
//! and hints.

mod common;
use common::{step, NONE};
use guoxiang_lessons::{hint, judge, Verdict};

fn code(j: &guoxiang_lessons::Judged) -> &'static str {
    j.why.as_ref().map_or("none", |w| w.code.code())
}

const BACK_RANK: &str = "6k1/5ppp/8/5N2/8/8/8/R5K1 w - - 0 1";

#[test]
fn mate_in_one_is_done_with_the_mate_and_any_other_mate_counts_too() {
    let s = step("mate", BACK_RANK, r#"solutions = [["a1a8"]]"#);
    assert_eq!(s.mate_in, Some(1), "mate_in defaults to 1");
    assert_eq!(judge(&s, NONE, "a1a8").unwrap().verdict, Verdict::Done);
}

#[test]
fn a_check_that_is_not_mate_is_answered_with_an_escape() {
    let s = step("mate", BACK_RANK, r#"solutions = [["a1a8"]]"#);
    let j = judge(&s, NONE, "f5h6").unwrap();
    assert_eq!(code(&j), "not_mate");
    let escape = j.why.unwrap().mv.unwrap();
    let after = j.after.unwrap();
    assert!(
        !after.after(escape.mv).is_check(),
        "{} gets out of check",
        escape.san
    );
    assert_eq!(code(&judge(&s, NONE, "a1a7").unwrap()), "not_check");
}

const TWO_ROOKS: &str = "7k/8/8/2p5/8/8/1R6/R3K3 w - - 0 1";

#[test]
fn mate_in_two_plays_the_solution_line_with_the_defence_it_names() {
    let s = step(
        "mate",
        TWO_ROOKS,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"c5c4\", \"b2b8\"]]",
    );
    let j = judge(&s, NONE, "a1a7").unwrap();
    assert_eq!(j.verdict, Verdict::Continue);
    assert_eq!(j.reply.as_ref().unwrap().uci, "c5c4");
    assert_eq!(j.reply.unwrap().san, "c4");
    assert_eq!(judge(&s, &["a1a7"], "b2b8").unwrap().verdict, Verdict::Done);
}

#[test]
fn the_defence_comes_from_the_solution_line_when_it_is_among_the_longest() {
    let s = step(
        "mate",
        TWO_ROOKS,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"h8g8\", \"b2b8\"]]",
    );
    assert_eq!(judge(&s, NONE, "a1a7").unwrap().reply.unwrap().uci, "h8g8");
}

#[test]
fn mate_in_two_accepts_another_mate_of_the_same_length() {
    let s = step(
        "mate",
        TWO_ROOKS,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"h8g8\", \"b2b8\"]]",
    );
    let j = judge(&s, NONE, "b2b7").unwrap();
    assert_eq!(j.verdict, Verdict::Continue);
    let reply = j.reply.unwrap().uci;
    assert_eq!(
        judge(&s, &["b2b7"], "a1a8").unwrap().verdict,
        Verdict::Done,
        "after {reply}"
    );
}

#[test]
fn a_first_move_without_a_forced_mate_is_answered_with_the_defence() {
    let s = step(
        "mate",
        TWO_ROOKS,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"h8g8\", \"b2b8\"]]",
    );
    let j = judge(&s, NONE, "a1a2").unwrap();
    assert_eq!((j.verdict, code(&j)), (Verdict::Wrong, "no_forced_mate"));
    assert!(j.why.unwrap().mv.is_some());
}

#[test]
fn the_mate_hint_follows_the_solver_when_the_learner_left_the_solution() {
    let s = step(
        "mate",
        TWO_ROOKS,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"h8g8\", \"b2b8\"]]",
    );
    assert_eq!(hint(&s, NONE).unwrap().unwrap().to_uci(), "a1a7");
    let after_b7 = hint(&s, &["b2b7"]).unwrap().unwrap();
    assert_eq!(after_b7.to_uci(), "a1a8");
}

const ITALIAN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_line_is_played_move_by_move_with_the_opponents_answers() {
    let s = step(
        "line",
        ITALIAN,
        r#"solutions = [["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]]"#,
    );
    let j = judge(&s, NONE, "e2e4").unwrap();
    assert_eq!(
        (j.verdict, j.reply.unwrap().san.as_str()),
        (Verdict::Continue, "e5")
    );
    let j = judge(&s, &["e2e4"], "g1f3").unwrap();
    assert_eq!(j.reply.unwrap().san, "Nc6");
    assert_eq!(
        judge(&s, &["e2e4", "g1f3"], "f1c4").unwrap().verdict,
        Verdict::Done
    );
}

#[test]
fn a_move_off_the_line_that_leaves_a_piece_to_be_won_is_answered_with_hangs() {
    let s = step(
        "line",
        ITALIAN,
        r#"solutions = [["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]]"#,
    );
    let j = judge(&s, &["e2e4"], "f1a6").unwrap();
    assert_eq!(code(&j), "hangs");
    assert_eq!(j.why.unwrap().square, Some("a6".parse().unwrap()));
    assert_eq!(code(&judge(&s, NONE, "d2d4").unwrap()), "not_in_line");
}

#[test]
fn a_move_off_the_line_that_allows_mate_in_one_is_answered_with_the_mate() {
    let fools = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
    let s = step("line", fools, r#"solutions = [["e2e4"]]"#);
    let j = judge(&s, NONE, "g2g4").unwrap();
    assert_eq!(code(&j), "allows_mate");
    assert_eq!(j.why.unwrap().mv.unwrap().san, "Qh4#");
}

const QUEEN_CHECKS: &str = "7k/6p1/7p/8/8/8/8/4Q1K1 w - - 0 1";

#[test]
fn perpetual_is_done_after_the_asked_number_of_checks() {
    let s = step(
        "perpetual",
        QUEEN_CHECKS,
        r#"solutions = [["e1e8", "h8h7", "e8e4", "h7h8", "e4e8"]]"#,
    );
    assert_eq!(s.checks, Some(3));
    let j = judge(&s, NONE, "e1e8").unwrap();
    assert_eq!(j.reply.unwrap().uci, "h8h7");
    let j = judge(&s, &["e1e8"], "e8e4").unwrap();
    assert_eq!(j.reply.unwrap().uci, "h7h8");
    assert_eq!(
        judge(&s, &["e1e8", "e8e4"], "e4e8").unwrap().verdict,
        Verdict::Done
    );
    assert_eq!(code(&judge(&s, NONE, "e1e2").unwrap()), "not_check");
}

#[test]
fn the_reach_hint_finds_a_way_to_a_target_off_the_solution() {
    let s = step(
        "reach",
        "7k/8/8/8/8/8/8/R3K3 w - - 0 1",
        r#"targets = ["d5"]
solutions = [["a1d1", "d1d5"]]"#,
    );
    assert_eq!(hint(&s, NONE).unwrap().unwrap().to_uci(), "a1d1");
    let m = hint(&s, &["a1a5"]).unwrap().unwrap();
    assert_eq!(m.to_uci(), "a5d5");
}
