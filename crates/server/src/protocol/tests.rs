//! The wire types against what others read: the generated TypeScript file and
//! the examples of docs/API.md.

use super::*;
use serde::de::DeserializeOwned;
use std::path::PathBuf;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Fails when `web/src/api/types.gen.ts` is not what the Rust types generate;
/// `GUOXIANG_WRITE_TS=1` writes it instead.
#[test]
fn the_generated_typescript_is_up_to_date() {
    let path = repo_root().join(TYPESCRIPT_PATH);
    let fresh = typescript();
    if std::env::var_os("GUOXIANG_WRITE_TS").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create web/src/api");
        }
        std::fs::write(&path, &fresh).expect("write the generated types");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == fresh,
        "{TYPESCRIPT_PATH} is stale: regenerate it with \
         GUOXIANG_WRITE_TS=1 cargo test -p guoxiang-server --lib protocol"
    );
}

#[test]
fn the_typescript_names_every_field_clients_read() {
    let ts = typescript();
    for needle in [
        "export type May = {",
        "accept_takeback: boolean",
        "export type ServerMsg =",
        "\"t\": \"hello\"",
        "export type Action =",
    ] {
        assert!(ts.contains(needle), "{needle} missing in\n{ts}");
    }
}

pub(super) fn parses<T: DeserializeOwned + Serialize>(name: &str, text: &str) {
    let v: T = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("docs/API.md example of {name} does not parse: {e}\n{text}"));
    // And what we write reads back the same.
    let again: T =
        serde_json::from_str(&serde_json::to_string(&v).expect("serialises")).expect("reads back");
    assert_eq!(
        serde_json::to_value(&again).ok(),
        serde_json::to_value(&v).ok()
    );
}

/// Every ```json block of docs/API.md is preceded by `<!-- type: T -->` and
/// parses into `T`.
#[test]
fn every_json_example_of_the_api_document_parses_into_its_type() {
    let doc = std::fs::read_to_string(repo_root().join("docs/API.md")).expect("docs/API.md");
    let mut pending: Option<String> = None;
    let mut block: Option<String> = None;
    let mut checked = 0;
    for line in doc.lines() {
        if let Some(b) = &mut block {
            if line.trim() == "```" {
                let name = pending.take().expect("a type marker before the block");
                let text = std::mem::take(b);
                block = None;
                check(&name, &text);
                checked += 1;
            } else {
                b.push_str(line);
                b.push('\n');
            }
            continue;
        }
        if let Some(t) = line
            .trim()
            .strip_prefix("<!-- type: ")
            .and_then(|t| t.strip_suffix(" -->"))
        {
            pending = Some(t.to_string());
        } else if line.trim() == "```json" {
            assert!(
                pending.is_some(),
                "a ```json block without <!-- type: T -->"
            );
            block = Some(String::new());
        }
    }
    assert!(checked >= 10, "only {checked} examples found");
}

fn check(name: &str, text: &str) {
    match name {
        "CreateGame" => parses::<CreateGame>(name, text),
        "TimeControl" => parses::<TimeControl>(name, text),
        "Created" => parses::<Created>(name, text),
        "JoinGame" => parses::<JoinGame>(name, text),
        "Joined" => parses::<Joined>(name, text),
        "GameResponse" => parses::<GameResponse>(name, text),
        "GameList" => parses::<GameList>(name, text),
        "MineRequest" => parses::<MineRequest>(name, text),
        "MyGames" => parses::<MyGames>(name, text),
        "Explained[]" => parses::<Vec<Explained>>(name, text),
        "Health" => parses::<Health>(name, text),
        "ErrorBody" => parses::<ErrorBody>(name, text),
        "Action[]" => parses::<Vec<Action>>(name, text),
        "Control[]" => parses::<Vec<Control>>(name, text),
        "ServerMsg[]" => parses::<Vec<ServerMsg>>(name, text),
        "TbStatus" => parses::<endgame::TbStatus>(name, text),
        "TbProbe" => parses::<endgame::TbProbe>(name, text),
        "ExerciseList" => parses::<endgame::ExerciseList>(name, text),
        "StartExercise" => parses::<endgame::StartExercise>(name, text),
        "Started" => parses::<endgame::Started>(name, text),
        "ExerciseMove" => parses::<endgame::ExerciseMove>(name, text),
        "Played" => parses::<endgame::Played>(name, text),
        "Hint[]" => parses::<Vec<endgame::Hint>>(name, text),
        "LessonList" => parses::<lesson::LessonList>(name, text),
        "LessonView" => parses::<lesson::LessonView>(name, text),
        "LessonMove" => parses::<lesson::LessonMove>(name, text),
        "LessonMoved[]" => parses::<Vec<lesson::LessonMoved>>(name, text),
        "LessonHint" => parses::<lesson::LessonHint>(name, text),
        "OpeningAnswer" => parses::<opening::OpeningAnswer>(name, text),
        "RepertoireList" => parses::<opening::RepertoireList>(name, text),
        "Explorer" => parses::<opening::Explorer>(name, text),
        "ErrorBody[]" => parses::<Vec<ErrorBody>>(name, text),
        "PuzzleView" => parses::<puzzle::PuzzleView>(name, text),
        "PuzzleThemes" => parses::<puzzle::PuzzleThemes>(name, text),
        "PuzzleMove" => parses::<puzzle::PuzzleMove>(name, text),
        "PuzzleMoved[]" => parses::<Vec<puzzle::PuzzleMoved>>(name, text),
        "PuzzleAttempt" => parses::<puzzle::PuzzleAttempt>(name, text),
        "PuzzleAttempted" => parses::<puzzle::PuzzleAttempted>(name, text),
        "ReviewRequest" => parses::<review::ReviewRequest>(name, text),
        "ReviewCreated" => parses::<review::ReviewCreated>(name, text),
        "ReviewView" => parses::<review::ReviewView>(name, text),
        // Issue 19's modules check their own examples.
        other => assert!(
            account::example(other, text)
                || competition::example(other, text)
                || lobby::example(other, text)
                || tournament::example(other, text),
            "docs/API.md names an unknown type {other}"
        ),
    }
}
