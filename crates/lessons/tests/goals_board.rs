//! The judge on reach, capture_all and the one-move goals, each test a rule of
//! the contract's goal table.

mod common;
use common::{step, NONE};
use guoxiang_lessons::{judge, Verdict, WhyCode};

fn code(j: &guoxiang_lessons::Judged) -> &'static str {
    j.why.as_ref().map_or("none", |w| w.code.code())
}

const ROOK_AND_PAWN: &str = "7k/8/8/3p4/8/8/8/2R1K3 w - - 0 1";

#[test]
fn a_rook_reaches_every_target_in_any_order() {
    let s = step(
        "reach",
        "7k/8/8/8/8/8/8/R3K3 w - - 0 1",
        r#"targets = ["a5", "d5"]
solutions = [["a1a5", "a5d5"]]"#,
    );
    let j = judge(&s, &["a1d1"], "d1d5").unwrap();
    assert_eq!(j.verdict, Verdict::Continue);
    assert_eq!(j.collected, vec!["d5".parse().unwrap()]);
    assert_eq!(j.accepted, vec!["a1d1", "d1d5"]);
    let j = judge(&s, &["a1d1", "d1d5"], "d5a5").unwrap();
    assert_eq!(j.verdict, Verdict::Done);
    assert_eq!(j.collected.len(), 2);
}

#[test]
fn the_opponent_passes_in_a_reach_step_so_the_learner_moves_again() {
    let s = step(
        "reach",
        ROOK_AND_PAWN,
        r#"targets = ["c7"]
solutions = [["c1c7"]]"#,
    );
    let j = judge(&s, NONE, "c1c2").unwrap();
    assert_eq!(j.verdict, Verdict::Continue);
    assert!(j.reply.is_none());
    assert_eq!(j.next.fen(), "7k/8/8/3p4/8/8/2R5/4K3 w - - 2 2");
}

#[test]
fn a_rook_move_that_lands_on_an_attacked_square_is_answered_with_hangs() {
    let s = step(
        "reach",
        ROOK_AND_PAWN,
        r#"targets = ["c7"]
solutions = [["c1c7"]]"#,
    );
    let j = judge(&s, NONE, "c1c4").unwrap();
    assert_eq!(j.verdict, Verdict::Wrong);
    assert_eq!(code(&j), "hangs");
    assert_eq!(j.why.unwrap().square, Some("c4".parse().unwrap()));
    assert_eq!(j.next.fen(), ROOK_AND_PAWN, "a wrong move changes nothing");
    assert!(j.accepted.is_empty());
}

#[test]
fn a_move_that_gives_check_in_a_reach_step_is_refused_because_the_opponent_cannot_pass() {
    let s = step(
        "reach",
        ROOK_AND_PAWN,
        r#"targets = ["c7"]
solutions = [["c1c7"]]"#,
    );
    let j = judge(&s, NONE, "c1c8").unwrap();
    assert_eq!(j.verdict, Verdict::Wrong);
    assert_eq!(j.why.unwrap().code, WhyCode::GivesCheck);
}

#[test]
fn an_illegal_move_carries_the_cores_reason() {
    let s = step(
        "reach",
        ROOK_AND_PAWN,
        r#"targets = ["c7"]
solutions = [["c1c7"]]"#,
    );
    let j = judge(&s, NONE, "c1d2").unwrap();
    assert_eq!(j.verdict, Verdict::Illegal);
    let why = j.why.unwrap();
    assert_eq!(why.code, WhyCode::Illegal);
    assert_eq!(why.illegal.unwrap().code(), "bad_piece_move");
    assert!(j.played.is_none() && j.after.is_none());
}

#[test]
fn capture_all_is_done_when_only_the_king_is_left() {
    let s = step(
        "capture_all",
        "7k/8/8/8/p6p/8/8/R3K3 w - - 0 1",
        r#"solutions = [["a1a4", "a4h4"]]"#,
    );
    assert_eq!(judge(&s, NONE, "a1a4").unwrap().verdict, Verdict::Continue);
    let j = judge(&s, &["a1a4"], "a4h4").unwrap();
    assert_eq!(j.verdict, Verdict::Done);
    assert!(j.collected.is_empty());
    assert_eq!(s.par, Some(2), "par defaults to the shortest solution");
}

#[test]
fn taking_a_defended_pawn_with_the_rook_hangs_the_rook() {
    let s = step(
        "capture_all",
        "7k/8/8/1p6/p7/8/8/R3K3 w - - 0 1",
        r#"solutions = [["a1b1", "b1b5", "b5a5", "a5a4"]]"#,
    );
    let j = judge(&s, NONE, "a1a4").unwrap();
    assert_eq!(code(&j), "hangs");
}

const LONE_ROOK: &str = "7k/8/8/8/8/8/4K3/R7 w - - 0 1";

#[test]
fn any_checking_move_is_accepted_not_only_the_solution() {
    let s = step("check", LONE_ROOK, r#"solutions = [["a1a8"]]"#);
    assert_eq!(judge(&s, NONE, "a1a8").unwrap().verdict, Verdict::Done);
    assert_eq!(judge(&s, NONE, "a1h1").unwrap().verdict, Verdict::Done);
    let j = judge(&s, NONE, "a1a2").unwrap();
    assert_eq!((j.verdict, code(&j)), (Verdict::Wrong, "not_check"));
}

const QUEEN_NEAR_CORNER: &str = "k7/8/8/1Q6/8/8/8/7K w - - 0 1";

#[test]
fn a_move_that_stalemates_is_wrong_unless_stalemate_is_the_goal() {
    let s = step("check", QUEEN_NEAR_CORNER, r#"solutions = [["b5e8"]]"#);
    let j = judge(&s, NONE, "b5b6").unwrap();
    assert_eq!((j.verdict, code(&j)), (Verdict::Wrong, "stalemate"));
    let s = step("stalemate", QUEEN_NEAR_CORNER, r#"solutions = [["b5b6"]]"#);
    assert_eq!(judge(&s, NONE, "b5b6").unwrap().verdict, Verdict::Done);
    assert_eq!(code(&judge(&s, NONE, "b5b1").unwrap()), "not_stalemate");
}

const PROMOTION_TRAP: &str = "8/6P1/8/8/8/8/2K5/k7 w - - 0 1";

#[test]
fn promoting_to_a_queen_that_stalemates_is_answered_with_stalemate() {
    let s = step("promote", PROMOTION_TRAP, r#"solutions = [["g7g8r"]]"#);
    assert_eq!(code(&judge(&s, NONE, "g7g8q").unwrap()), "stalemate");
    assert_eq!(judge(&s, NONE, "g7g8r").unwrap().verdict, Verdict::Done);
    assert_eq!(code(&judge(&s, NONE, "c2c3").unwrap()), "not_promotion");
}

#[test]
fn promote_with_a_piece_asks_for_that_piece() {
    let s = step(
        "promote",
        PROMOTION_TRAP,
        "piece = \"n\"\nsolutions = [[\"g7g8n\"]]",
    );
    assert_eq!(code(&judge(&s, NONE, "g7g8r").unwrap()), "wrong_piece");
    assert_eq!(judge(&s, NONE, "g7g8n").unwrap().verdict, Verdict::Done);
}

const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castle_accepts_either_side_unless_one_is_asked_for() {
    let s = step("castle", CASTLES, r#"solutions = [["e1g1"], ["e1c1"]]"#);
    assert_eq!(judge(&s, NONE, "e1c1").unwrap().verdict, Verdict::Done);
    assert_eq!(
        judge(&s, NONE, "e1h1").unwrap().verdict,
        Verdict::Done,
        "the king onto its rook is castling too"
    );
    assert_eq!(code(&judge(&s, NONE, "a1a2").unwrap()), "not_castling");
    let s = step(
        "castle",
        CASTLES,
        "side = \"short\"\nsolutions = [[\"e1g1\"]]",
    );
    assert_eq!(code(&judge(&s, NONE, "e1c1").unwrap()), "wrong_side");
    assert_eq!(code(&judge(&s, NONE, "e1f1").unwrap()), "not_castling");
}

#[test]
fn en_passant_must_be_the_en_passant_capture() {
    let s = step(
        "en_passant",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        r#"solutions = [["d5e6"]]"#,
    );
    assert_eq!(judge(&s, NONE, "d5e6").unwrap().verdict, Verdict::Done);
    assert_eq!(code(&judge(&s, NONE, "d5d6").unwrap()), "not_en_passant");
}

const ROOK_CHECKS: &str = "4k3/8/8/8/R3r3/2N5/8/4K3 w - - 0 1";

#[test]
fn escape_accepts_every_way_out_of_check_when_none_is_asked_for() {
    let s = step("escape", ROOK_CHECKS, r#"solutions = [["a4e4"]]"#);
    for m in ["a4e4", "c3e4", "c3e2", "e1d1", "e1f2"] {
        assert_eq!(judge(&s, NONE, m).unwrap().verdict, Verdict::Done, "{m}");
    }
}

#[test]
fn escape_by_block_answers_a_capture_or_a_king_move_with_other_way() {
    let s = step(
        "escape",
        ROOK_CHECKS,
        "way = \"block\"\nsolutions = [[\"c3e2\"]]",
    );
    let j = judge(&s, NONE, "a4e4").unwrap();
    assert_eq!(code(&j), "other_way");
    assert_eq!(j.why.unwrap().way, Some(guoxiang_lessons::Way::Capture));
    let j = judge(&s, NONE, "e1d1").unwrap();
    assert_eq!(j.why.unwrap().way, Some(guoxiang_lessons::Way::Run));
    assert_eq!(judge(&s, NONE, "c3e2").unwrap().verdict, Verdict::Done);
}

const BISHOP_ATTACKS_KNIGHT: &str = "4k3/8/8/1b6/8/3N4/8/4K3 w - - 0 1";

#[test]
fn defend_is_done_when_no_piece_can_be_won() {
    let s = step("defend", BISHOP_ATTACKS_KNIGHT, r#"solutions = [["d3f4"]]"#);
    assert_eq!(
        judge(&s, NONE, "d3f4").unwrap().verdict,
        Verdict::Done,
        "moving it away"
    );
    assert_eq!(
        judge(&s, NONE, "e1e2").unwrap().verdict,
        Verdict::Done,
        "guarding it: the exchange wins nothing"
    );
    let j = judge(&s, NONE, "e1f1").unwrap();
    assert_eq!(code(&j), "still_hanging");
    assert_eq!(j.why.unwrap().square, Some("d3".parse().unwrap()));
}

#[test]
fn a_lessons_own_wrong_text_comes_before_the_goals_reason() {
    let extra = r#"solutions = [["a1a8"]]
[[steps.wrong]]
uci = "a1a2"
text = { zh-CN = "这步没有将军。", zh-TW = "這步沒有將軍。", en = "That is no check." }"#;
    let s = step("check", LONE_ROOK, extra);
    let j = judge(&s, NONE, "a1a2").unwrap();
    let why = j.why.unwrap();
    assert_eq!(why.code, WhyCode::Lesson);
    assert_eq!(why.text.unwrap().en, "That is no check.");
    assert_eq!(code(&judge(&s, NONE, "a1a3").unwrap()), "not_check");
}

#[test]
fn a_done_step_takes_no_more_moves_and_a_bad_history_is_refused() {
    let s = step("check", LONE_ROOK, r#"solutions = [["a1a8"]]"#);
    assert_eq!(
        judge(&s, &["a1a8"], "h8h7"),
        Err(guoxiang_lessons::JudgeError::StepDone)
    );
    assert!(matches!(
        judge(&s, &["a1a2"], "a2a8"),
        Err(guoxiang_lessons::JudgeError::BadHistory { index: 1, .. })
    ));
    assert!(matches!(
        judge(&s, &["zz"], "a2a8"),
        Err(guoxiang_lessons::JudgeError::BadHistory { .. })
    ));
    assert!(matches!(
        judge(&s, NONE, "Ra8"),
        Err(guoxiang_lessons::JudgeError::BadMove(_))
    ));
}
