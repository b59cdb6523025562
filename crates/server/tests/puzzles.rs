//! The puzzles over HTTP, on the fixture set (tests/puzzles_fixture, not the shipped
//! set): the next puzzle near a rating and with every chosen theme, the daily one,
//! the theme list, and solver moves judged right, solved (any mate at the last
//! move), wrong (with the refutation and the solution) and illegal (the core's
//! words), with every refusal. Attempts and rate limits: tests/puzzles_attempts.rs.

mod common;
mod puzzles_fixture;

use common::Srv;
use guoxiang_puzzles::Theme;
use puzzles_fixture::*;
use serde_json::{json, Value};

#[tokio::test]
async fn next_serves_a_puzzle_near_the_rating_having_every_chosen_theme() {
    let srv = server("pz-next").await;
    assert_eq!(nexts(&srv, "rating=1000", 5).await, [MATE1]);
    assert_eq!(nexts(&srv, "rating=2150", 5).await, [MATE1_HARD]);
    // Nothing within ±100 of 1650: the ±200 window holds the 1500 and the 1800.
    assert_eq!(nexts(&srv, "rating=1650", 40).await, [MATE2, FORK]);
    // Themes before rating; excluded ids are skipped.
    assert_eq!(nexts(&srv, "rating=2200&themes=fork", 3).await, [FORK]);
    assert_eq!(
        nexts(&srv, "rating=1000&themes=mateIn1&exclude=00000a01", 3).await,
        [MATE1_HARD]
    );
    assert_eq!(
        nexts(&srv, "rating=1000&exclude=00000a01", 3).await,
        [MATE2]
    );
    // What a puzzle looks like.
    let v = ok(
        &srv,
        "GET",
        "/api/puzzles/next?themes=mateIn2&lang=zh-CN",
        None,
    )
    .await;
    assert_eq!(v["fen"], "4r1k1/R4ppp/8/3Q4/8/8/5PPP/6K1 w - - 1 2");
    assert_eq!(v["before"], "6k1/R4ppp/8/3Q4/8/8/4rPPP/6K1 b - - 0 1");
    assert_eq!(
        (v["mistake"].as_str(), v["mistake_san"].as_str()),
        (Some("e2e8"), Some("Re8"))
    );
    assert_eq!(v["moves"], json!(["d5f7", "g8h8", "f7e8"]));
    assert_eq!(v["sans"], json!(["Qxf7+", "Kh8", "Qxe8#"]));
    assert_eq!(
        (v["goal"].as_str(), v["mate_in"].as_u64()),
        (Some("mate"), Some(2))
    );
    assert_eq!(
        (v["rating"].as_i64(), v["plays"].as_u64()),
        (Some(1500), Some(0))
    );
    assert_eq!(v["themes"][0]["code"], "mateIn2");
    assert_eq!(
        v["themes"][0]["name"],
        Theme::MateIn2.name(guoxiang_i18n::Lang::ZhCn)
    );
    let legal = v["legal"].as_array().expect("legal moves");
    assert!(
        legal.contains(&json!("d5f7")) && legal.contains(&json!("g1f1")),
        "{v}"
    );
    assert!(
        !legal.contains(&json!("d5h1")),
        "the queen cannot jump over g2"
    );
}

#[tokio::test]
async fn unknown_themes_bad_ratings_and_empty_choices_are_refused() {
    let srv = server("pz-next-bad").await;
    let (s, v) = refused(
        &srv,
        "GET",
        "/api/puzzles/next?themes=fork,zugzwangish",
        None,
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("unknown_theme")),
        "{v}"
    );
    assert!(
        v["message"].as_str().unwrap().contains("zugzwangish"),
        "{v}"
    );
    let (s, v) = refused(&srv, "GET", "/api/puzzles/next?themes=fork,mateIn1", None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("no_puzzle")), "{v}");
    let (s, v) = refused(&srv, "GET", "/api/puzzles/next?themes=pin", None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("no_puzzle")), "{v}");
    for bad in ["abc", "-5", "99999", "NaN"] {
        let (s, v) = refused(
            &srv,
            "GET",
            &format!("/api/puzzles/next?rating={bad}"),
            None,
        )
        .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (400, Some("bad_rating")),
            "{bad}: {v}"
        );
    }
    let (s, v) = refused(&srv, "GET", "/api/puzzles/next?lang=fr", None).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_lang")), "{v}");
    let (s, v) = refused(&srv, "GET", "/api/puzzles/nope", None).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (404, Some("unknown_puzzle")),
        "{v}"
    );
}

#[tokio::test]
async fn the_daily_puzzle_stays_all_day_and_the_themes_are_counted() {
    let srv = server("pz-daily").await;
    let first = ok(&srv, "GET", "/api/puzzles/daily", None).await;
    // Rated 1400–2000 when shipped.
    assert!(
        [MATE2, FORK].contains(&first["id"].as_str().unwrap()),
        "{first}"
    );
    // The rest of this UTC day.
    let wall = guoxiang_server::time::MANUAL_EPOCH_MS + 1_000_000;
    let left = 86_400_000 - wall.rem_euclid(86_400_000) - 1;
    srv.time.advance(left as u64);
    let later = ok(&srv, "GET", "/api/puzzles/daily?lang=zh-TW", None).await;
    assert_eq!(later["id"], first["id"]);
    let mut seen = vec![first["id"].clone()];
    for _ in 0..20 {
        srv.time.advance(86_400_000);
        seen.push(ok(&srv, "GET", "/api/puzzles/daily", None).await["id"].clone());
    }
    seen.sort_by_key(|v| v.to_string());
    seen.dedup();
    assert_eq!(
        seen,
        [json!(MATE2), json!(FORK)],
        "both candidates come up in 3 weeks"
    );
    let one = ok(&srv, "GET", &format!("/api/puzzles/{FORK}"), None).await;
    assert_eq!(
        (one["goal"].as_str(), one["mate_in"].clone()),
        (Some("win"), Value::Null)
    );
    let t = ok(&srv, "GET", "/api/puzzles/themes?lang=en", None).await;
    let count = |code: &str| {
        t["themes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["code"] == code)
            .map(|x| x["count"].clone())
    };
    assert_eq!(count("mateIn1"), Some(json!(2)));
    assert_eq!(count("fork"), Some(json!(1)));
    assert_eq!(count("pin"), Some(json!(0)));
    assert!(t["themes"][0]["name"].is_string() && t["themes"][0]["description"].is_string());
    assert!(t["drills"].is_array());
}

async fn play(srv: &Srv, id: &str, ply: u32, uci: &str, lang: &str) -> Value {
    let body = json!({"ply": ply, "uci": uci, "lang": lang});
    ok(srv, "POST", &format!("/api/puzzles/{id}/move"), Some(body)).await
}

#[tokio::test]
async fn the_solution_is_right_then_solved_and_any_mate_at_the_last_move_counts() {
    let srv = server("pz-right").await;
    let v = play(&srv, MATE2, 0, "d5f7", "en").await;
    assert_eq!(v["verdict"], "right", "{v}");
    assert_eq!(
        (v["san"].as_str(), v["reply"].as_str()),
        (Some("Qxf7+"), Some("g8h8"))
    );
    assert_eq!(v["reply_san"], "Kh8");
    assert_eq!(v["fen"], "4r2k/R4Qpp/8/8/8/8/5PPP/6K1 w - - 1 3");
    assert!(
        v["legal"].as_array().unwrap().contains(&json!("f7e8")),
        "{v}"
    );
    assert_eq!(
        (v["why"].clone(), v["solution"].clone()),
        (Value::Null, Value::Null)
    );
    // The solution's mate, and the other one.
    for mate in ["f7e8", "f7g7"] {
        let v = play(&srv, MATE2, 2, mate, "en").await;
        assert_eq!(v["verdict"], "solved", "{mate}: {v}");
        assert_eq!(v["legal"], json!([]));
        assert!(v["san"].as_str().unwrap().ends_with('#'), "{v}");
    }
    let v = play(&srv, MATE1, 0, "a1a8", "en").await;
    assert_eq!(
        (v["verdict"].as_str(), v["san"].as_str()),
        (Some("solved"), Some("Ra8#"))
    );
    let v = play(&srv, FORK, 0, "e5f7", "en").await;
    assert_eq!(
        (v["verdict"].as_str(), v["reply_san"].as_str()),
        (Some("right"), Some("Kg8"))
    );
    let v = play(&srv, FORK, 2, "f7d8", "en").await;
    assert_eq!(
        (v["verdict"].as_str(), v["san"].as_str()),
        (Some("solved"), Some("Nxd8"))
    );
}

#[tokio::test]
async fn a_wrong_move_gets_the_refutation_and_the_solution() {
    let srv = server("pz-wrong").await;
    // 1.Qd8? Rxd8 and Black is a rook up.
    let v = play(&srv, MATE2, 0, "d5d8", "en").await;
    assert_eq!(v["verdict"], "wrong", "{v}");
    assert_eq!(v["refutation"][0], "e8d8", "{v}");
    assert_eq!(v["refutation_san"][0], "Rxd8");
    assert!(v["refutation"].as_array().unwrap().len() <= 4, "{v}");
    assert_eq!(v["solution"], json!(["d5f7", "g8h8", "f7e8"]));
    assert_eq!(
        v["why"],
        "That does not mate in time: your opponent answers Rxd8. Look again."
    );
    // Unchanged: the same position to try again.
    assert_eq!(v["fen"], "4r1k1/R4ppp/8/3Q4/8/8/5PPP/6K1 w - - 1 2");
    assert!(v["legal"].as_array().unwrap().contains(&json!("d5f7")));
    // At the second move: the solution from there on, worded in Chinese.
    let v = play(&srv, MATE2, 2, "a7a8", "zh-CN").await;
    assert_eq!(v["verdict"], "wrong", "{v}");
    assert_eq!(v["solution"], json!(["f7e8"]));
    let reply = v["refutation_san"][0].as_str().expect("a reply").to_owned();
    assert!(v["why"].as_str().unwrap().contains(&reply), "{v}");
    assert!(v["why"].as_str().unwrap().contains("将不死"), "{v}");
    // A win puzzle worded as one.
    let v = play(&srv, FORK, 0, "g1f1", "en").await;
    assert_eq!(v["verdict"], "wrong", "{v}");
    assert!(
        v["why"].as_str().unwrap().starts_with("That does not win"),
        "{v}"
    );
}

#[tokio::test]
async fn an_illegal_move_carries_the_cores_explanation_and_bad_requests_are_refused() {
    let srv = server("pz-illegal").await;
    let fen = "4r1k1/R4ppp/8/3Q4/8/8/5PPP/6K1 w - - 1 2";
    for lang in ["en", "zh-CN", "zh-TW"] {
        let v = play(&srv, MATE2, 0, "d5h1", lang).await;
        assert_eq!(
            (v["verdict"].as_str(), v["uci"].clone()),
            (Some("illegal"), Value::Null)
        );
        let e = ok(
            &srv,
            "GET",
            &format!(
                "/api/explain?fen={}&move=d5h1&lang={lang}",
                fen.replace(' ', "%20")
            ),
            None,
        )
        .await;
        assert_eq!(v["why"], e["message"], "{lang}");
        assert_eq!(v["fen"], fen);
    }
    let path = format!("/api/puzzles/{MATE2}/move");
    for (body, code) in [
        (r#"{"ply": 1, "uci": "g8h8"}"#, "bad_ply"),
        (r#"{"ply": 4, "uci": "f7e8"}"#, "bad_ply"),
        (r#"{"ply": 0, "uci": "queen to f7"}"#, "bad_move"),
        (r#"{"ply": 0}"#, "bad_request"),
        (r#"{"ply": -2, "uci": "d5f7"}"#, "bad_request"),
        ("not json", "bad_request"),
        (r#"{"ply": 0, "uci": "d5f7", "lang": "fr"}"#, "bad_lang"),
    ] {
        let (s, v) = refused(&srv, "POST", &path, Some(body)).await;
        assert_eq!((s, v["error"].as_str()), (400, Some(code)), "{body}: {v}");
    }
    let (s, v) = refused(
        &srv,
        "POST",
        "/api/puzzles/nope/move",
        Some(r#"{"ply":0,"uci":"e2e4"}"#),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (404, Some("unknown_puzzle")),
        "{v}"
    );
}

/// The fixture is built from positions and moves here; written in the data file's
/// format it must read back as the same puzzles. Needs the set's reader (helper
/// G's `PuzzleSet::from_jsonl`; a skeleton on this branch): run after the merge
/// with `--ignored`.
#[test]
#[ignore = "needs PuzzleSet::from_jsonl (merged from the generator's branch)"]
fn the_fixture_in_the_data_files_format_reads_as_the_same_puzzles() {
    let read = guoxiang_puzzles::PuzzleSet::from_jsonl(FIXTURE_JSONL).expect("reads");
    let ours = fixture();
    assert_eq!(read.puzzles.len(), ours.puzzles.len());
    for (a, b) in read.puzzles.iter().zip(&ours.puzzles) {
        assert_eq!(
            (&a.id, &a.before, a.mistake, &a.start, &a.line, a.goal, &a.themes),
            (&b.id, &b.before, b.mistake, &b.start, &b.line, b.goal, &b.themes)
        );
        assert_eq!(
            (a.rating.rating, a.rating.rd),
            (b.rating.rating, b.rating.rd)
        );
    }
}
