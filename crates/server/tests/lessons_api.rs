//! The lessons over HTTP, on a fixture course (not the content files): the
//! course in all languages or one, a step played move by move with the
//! opponent's answers, wrong and illegal moves worded in the asked language and
//! changing nothing, hints, and every refusal's code.

mod common;

use common::*;
use guoxiang_lessons::Course;
use guoxiang_server::time::TimeSource;
use serde_json::{json, Value};

const T: &str = r#"text = { zh-CN = "走一步", zh-TW = "走一步", en = "Make a move" }"#;

fn fixture() -> &'static Course {
    let demo = format!(
        r#"id = "demo"
order = 1
stage = "basics"
links = ["/learn/endgames/krk"]
title = {{ zh-CN = "车的走法", zh-TW = "車的走法", en = "How the rook moves" }}
summary = {{ zh-CN = "车走直线", zh-TW = "車走直線", en = "Rooks move straight" }}

[[steps]]
goal = "read"
fen = "7k/8/8/8/8/8/8/R3K3 w - - 0 1"
arrows = ["a1a8"]
highlights = ["a8"]
{T}

[[steps]]
goal = "reach"
fen = "7k/8/8/3p4/8/8/8/2R1K3 w - - 0 1"
targets = ["c7", "a7"]
solutions = [["c1c7", "c7a7"]]
{T}
[steps.success]
zh-CN = "好！"
zh-TW = "好！"
en = "Well done!"

[[steps]]
goal = "mate"
fen = "7k/8/8/2p5/8/8/1R6/R3K3 w - - 0 1"
mate_in = 2
solutions = [["a1a7", "c5c4", "b2b8"]]
{T}

[[steps]]
goal = "check"
fen = "7k/8/8/8/8/8/4K3/R7 w - - 0 1"
solutions = [["a1a8"]]
{T}
[[steps.wrong]]
uci = "a1a2"
text = {{ zh-CN = "这步没有将军哦。", zh-TW = "這步沒有將軍喔。", en = "No check there." }}

[[steps]]
goal = "quiz"
{T}
[[steps.choices]]
correct = true
text = {{ zh-CN = "对", zh-TW = "對", en = "Yes" }}
why = {{ zh-CN = "对", zh-TW = "對", en = "Yes" }}
[[steps.choices]]
correct = false
text = {{ zh-CN = "错", zh-TW = "錯", en = "No" }}
why = {{ zh-CN = "错", zh-TW = "錯", en = "No" }}

[[steps]]
goal = "escape"
fen = "4k3/8/8/8/R3r3/2N5/8/4K3 w - - 0 1"
way = "block"
solutions = [["c3e2"]]
{T}
"#
    );
    let two = format!(
        r#"id = "two"
order = 2
stage = "check"
title = {{ zh-CN = "将军", zh-TW = "將軍", en = "Check" }}
summary = {{ zh-CN = "将军", zh-TW = "將軍", en = "Check" }}
[[steps]]
goal = "line"
fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
solutions = [["e2e4", "e7e5", "g1f3"]]
{T}
"#
    );
    let course = Course::parse_files(&[("02-two.toml", &two), ("01-demo.toml", &demo)])
        .unwrap_or_else(|e| panic!("fixture: {e}"));
    Box::leak(Box::new(course))
}

async fn server(tag: &str) -> Srv {
    start_with(tag, TimeSource::real(), |c| c.lessons = fixture()).await
}

async fn play(srv: &Srv, path: &str, body: Value) -> (u16, Value) {
    srv.json("POST", path, Some(body), None).await
}

#[tokio::test]
async fn the_course_comes_in_order_with_every_key_of_every_step() {
    let srv = server("ls-list").await;
    let (s, v) = srv.json("GET", "/api/lessons", None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["stages"].as_array().map(Vec::len), Some(8));
    assert_eq!(v["stages"][0]["key"], "basics");
    assert_eq!(v["stages"][0]["title"]["zh-CN"], "棋盘与棋子");
    let ids: Vec<&str> = v["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["demo", "two"]);
    let demo = &v["lessons"][0];
    assert_eq!(demo["links"], json!(["/learn/endgames/krk"]));
    assert_eq!(
        demo["title"],
        json!({"zh-CN": "车的走法", "zh-TW": "車的走法", "en": "How the rook moves"})
    );
    let keys = [
        "goal",
        "fen",
        "text",
        "arrows",
        "highlights",
        "targets",
        "par",
        "mate_in",
        "checks",
        "way",
        "side",
        "piece",
        "solutions",
        "choices",
        "success",
        "hint",
    ];
    for step in demo["steps"].as_array().unwrap() {
        let obj = step.as_object().unwrap();
        for k in keys {
            assert!(obj.contains_key(k), "{k} missing in {step}");
        }
        assert_eq!(obj.len(), keys.len(), "{step}");
    }
    let reach = &demo["steps"][1];
    assert_eq!(reach["goal"], "reach");
    assert_eq!(reach["par"], 2, "par is filled from the shortest solution");
    assert_eq!(reach["solutions"], json!([["c1c7", "c7a7"]]));
    assert_eq!(demo["steps"][0]["solutions"], json!([]));
    assert_eq!(demo["steps"][4]["choices"][0]["correct"], true);
    assert_eq!(demo["steps"][2]["mate_in"], 2);
    let (s, one) = srv.json("GET", "/api/lessons/demo", None, None).await;
    assert_eq!(s, 200);
    assert_eq!(&one, demo);
}

#[tokio::test]
async fn lang_keeps_only_that_languages_text_everywhere() {
    let srv = server("ls-lang").await;
    let (s, v) = srv.json("GET", "/api/lessons?lang=zh-TW", None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["stages"][2]["title"], json!({"zh-TW": "將軍與將死"}));
    let demo = &v["lessons"][0];
    assert_eq!(demo["title"], json!({"zh-TW": "車的走法"}));
    assert_eq!(demo["steps"][1]["success"], json!({"zh-TW": "好！"}));
    assert_eq!(
        demo["steps"][4]["choices"][1]["why"],
        json!({"zh-TW": "錯"})
    );
    let (_, en) = srv
        .json("GET", "/api/lessons/demo?lang=en", None, None)
        .await;
    assert_eq!(en["summary"], json!({"en": "Rooks move straight"}));
    for path in ["/api/lessons?lang=fr", "/api/lessons/demo?lang=xx"] {
        let (s, e) = srv.json("GET", path, None, None).await;
        assert_eq!((s, e["error"].as_str()), (400, Some("bad_lang")), "{path}");
    }
}

#[tokio::test]
async fn a_reach_step_is_played_through_to_the_end() {
    let srv = server("ls-reach").await;
    let path = "/api/lessons/demo/steps/1/move";
    let (s, v) = play(&srv, path, json!({"moves": [], "uci": "c1c7"})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["result"], "continue");
    assert_eq!(v["san"], "Rc7");
    assert_eq!(v["after"], "7k/2R5/8/3p4/8/8/8/4K3 b - - 1 1");
    assert_eq!(
        v["fen"], "7k/2R5/8/3p4/8/8/8/4K3 w - - 2 2",
        "the opponent passed"
    );
    assert_eq!(v["reply"], Value::Null);
    assert_eq!(v["moves"], json!(["c1c7"]));
    assert_eq!(v["collected"], json!(["c7"]));
    assert_eq!(v["why"], Value::Null);
    let (_, v) = play(&srv, path, json!({"moves": ["c1c7"], "uci": "c7a7"})).await;
    assert_eq!(v["result"], "done", "{v}");
    assert_eq!(v["collected"], json!(["c7", "a7"]));
    let (s, e) = play(
        &srv,
        path,
        json!({"moves": ["c1c7", "c7a7"], "uci": "a7a8"}),
    )
    .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("step_done")), "{e}");
}

#[tokio::test]
async fn a_mate_in_two_is_answered_by_the_defence_of_the_solution() {
    let srv = server("ls-mate").await;
    let path = "/api/lessons/demo/steps/2/move";
    let (_, v) = play(&srv, path, json!({"uci": "a1a7"})).await;
    assert_eq!(v["result"], "continue", "{v}");
    assert_eq!(v["reply"], json!({"uci": "c5c4", "san": "c4"}));
    assert_eq!(v["fen"], "7k/R7/8/8/2p5/8/1R6/4K3 w - - 0 2");
    let (_, v) = play(&srv, path, json!({"moves": ["a1a7"], "uci": "b2b8"})).await;
    assert_eq!(
        (v["result"].as_str(), v["san"].as_str()),
        (Some("done"), Some("Rb8#")),
        "{v}"
    );
    let (_, v) = play(&srv, path, json!({"uci": "a1a2", "lang": "en"})).await;
    assert_eq!(v["why"]["code"], "no_forced_mate", "{v}");
    let defence = v["why"]["move"]["san"].as_str().unwrap().to_owned();
    assert!(v["why"]["text"].as_str().unwrap().contains(&defence), "{v}");
}

#[tokio::test]
async fn a_wrong_move_is_worded_in_the_asked_language_and_changes_nothing() {
    let srv = server("ls-wrong").await;
    let path = "/api/lessons/demo/steps/1/move";
    let before = "7k/8/8/3p4/8/8/8/2R1K3 w - - 0 1";
    let (s, v) = play(&srv, path, json!({"uci": "c1c4", "lang": "zh-CN"})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["result"], "wrong");
    assert_eq!(v["fen"], before);
    assert_eq!(v["moves"], json!([]));
    assert_eq!(v["collected"], json!([]));
    assert_eq!(v["why"]["code"], "hangs");
    assert_eq!(v["why"]["square"], "c4");
    assert_eq!(v["why"]["text"], "小心：c4上的棋子会被吃掉。换一步试试。");
    let (_, v) = play(&srv, path, json!({"uci": "c1c8", "lang": "en"})).await;
    assert_eq!(v["why"]["code"], "gives_check", "{v}");
    let (_, v) = play(
        &srv,
        "/api/lessons/demo/steps/3/move",
        json!({"uci": "a1a2", "lang": "zh-TW"}),
    )
    .await;
    assert_eq!(
        (v["why"]["code"].as_str(), v["why"]["text"].as_str()),
        (Some("lesson"), Some("這步沒有將軍喔。")),
        "{v}"
    );
    let (_, v) = play(
        &srv,
        "/api/lessons/two/steps/0/move",
        json!({"uci": "d2d4"}),
    )
    .await;
    assert_eq!(v["why"]["code"], "not_in_line", "{v}");
}

#[tokio::test]
async fn the_way_out_of_check_is_worded_in_the_reason() {
    let srv = server("ls-way").await;
    let path = "/api/lessons/demo/steps/5/move";
    let (_, v) = play(&srv, path, json!({"uci": "e1d1", "lang": "zh-CN"})).await;
    assert_eq!(
        (v["why"]["code"].as_str(), v["why"]["way"].as_str()),
        (Some("other_way"), Some("run")),
        "{v}"
    );
    assert!(
        v["why"]["text"].as_str().unwrap().contains("逃（王走开）"),
        "{v}"
    );
    let (_, v) = play(&srv, path, json!({"uci": "a4e4", "lang": "en"})).await;
    assert!(
        v["why"]["text"]
            .as_str()
            .unwrap()
            .contains("by taking the checking piece"),
        "{v}"
    );
    let (_, v) = play(&srv, path, json!({"uci": "c3e2"})).await;
    assert_eq!(v["result"], "done", "{v}");
}

#[tokio::test]
async fn an_illegal_move_carries_the_cores_explanation_as_explain_words_it() {
    let srv = server("ls-illegal").await;
    let fen = "7k/8/8/3p4/8/8/8/2R1K3 w - - 0 1";
    for lang in ["zh-CN", "zh-TW", "en"] {
        let (s, v) = play(
            &srv,
            "/api/lessons/demo/steps/1/move",
            json!({"uci": "c1d2", "lang": lang}),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(v["result"], "illegal");
        assert_eq!(
            (v["san"].clone(), v["after"].clone()),
            (Value::Null, Value::Null)
        );
        assert_eq!(v["fen"], fen);
        let q = format!(
            "/api/explain?fen={}&move=c1d2&lang={lang}",
            fen.replace(' ', "%20")
        );
        let (_, explained) = srv.json("GET", &q, None, None).await;
        assert_eq!(v["why"]["code"], "illegal");
        assert_eq!(v["why"]["text"], explained["message"], "{lang}");
    }
}

#[tokio::test]
async fn a_hint_gives_the_next_move_of_the_solution() {
    let srv = server("ls-hint").await;
    let (s, v) = srv
        .json(
            "GET",
            "/api/lessons/demo/steps/1/hint?moves=c1c7",
            None,
            None,
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v, json!({"uci": "c7a7", "from": "c7", "to": "a7"}));
    let (_, v) = srv
        .json("GET", "/api/lessons/demo/steps/2/hint", None, None)
        .await;
    assert_eq!(v["uci"], "a1a7");
    let (s, e) = srv
        .json(
            "GET",
            "/api/lessons/demo/steps/1/hint?moves=c1c4",
            None,
            None,
        )
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_history")), "{e}");
    let (s, e) = srv
        .json("GET", "/api/lessons/demo/steps/0/hint", None, None)
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("not_a_task")), "{e}");
}

#[tokio::test]
async fn every_refusal_has_its_code() {
    let srv = server("ls-errors").await;
    let cases: [(&str, Option<&str>, u16, &str); 12] = [
        ("/api/lessons/nope", None, 404, "unknown_lesson"),
        (
            "/api/lessons/nope/steps/0/move",
            Some(r#"{"uci":"e2e4"}"#),
            404,
            "unknown_lesson",
        ),
        (
            "/api/lessons/demo/steps/9/move",
            Some(r#"{"uci":"e2e4"}"#),
            404,
            "unknown_step",
        ),
        (
            "/api/lessons/demo/steps/x/move",
            Some(r#"{"uci":"e2e4"}"#),
            404,
            "unknown_step",
        ),
        (
            "/api/lessons/demo/steps/0/move",
            Some(r#"{"uci":"e2e4"}"#),
            400,
            "not_a_task",
        ),
        (
            "/api/lessons/demo/steps/4/move",
            Some(r#"{"uci":"e2e4"}"#),
            400,
            "not_a_task",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some(r#"{"uci":"Rc7"}"#),
            400,
            "bad_move",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some(r#"{"moves":["c1c4"],"uci":"c4c7"}"#),
            400,
            "bad_history",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some(r#"{"moves":["e2e4"],"uci":"c1c7"}"#),
            400,
            "bad_history",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some(r#"{"uci":"c1c7","lang":"fr"}"#),
            400,
            "bad_lang",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some(r#"{"uci":"c1c7","colour":"white"}"#),
            400,
            "bad_request",
        ),
        (
            "/api/lessons/demo/steps/1/move",
            Some("{not json"),
            400,
            "bad_request",
        ),
    ];
    for (path, body, status, code) in cases {
        let method = if body.is_some() { "POST" } else { "GET" };
        let (s, text) = srv.http(method, path, body, None).await;
        let v: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        assert_eq!(
            (s, v["error"].as_str()),
            (status, Some(code)),
            "{path} {body:?}: {v}"
        );
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
    }
    let (s, v) = srv
        .http("POST", "/api/lessons/demo/steps/1/move", Some("{}"), None)
        .await;
    assert_eq!(s, 400, "a move is required: {v}");
}

#[tokio::test]
async fn the_default_course_is_the_embedded_one() {
    let srv = real("ls-default").await;
    let (s, v) = srv.json("GET", "/api/lessons", None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["lessons"].as_array().map(Vec::len),
        Some(Course::builtin().lessons.len())
    );
}
