//! The repertoire files: every embedded file loads, and the parser refuses, naming the
//! file and what is wrong, an illegal move (with its line and move number), an unknown
//! opening key, a file named after another opening, a note whose `at` begins no line,
//! and a text missing a language.

use guoxiang_openings::repertoire::{self, parse, Colour, Problem, TEN};

const IDEAS: &str = r#"ideas = { zh-CN = "控制中心", zh-TW = "控制中央", en = "Take the centre" }"#;

fn file(opening: &str, lines: &[&str], notes: &[&str]) -> String {
    let mut text = format!("opening = \"{opening}\"\ncolour = \"white\"\n{IDEAS}\n");
    for moves in lines {
        text += &format!("[[lines]]\nmoves = \"{moves}\"\n");
    }
    for at in notes {
        text += &format!(
            "[[notes]]\nat = \"{at}\"\ntext = {{ zh-CN = \"好\", zh-TW = \"好\", en = \"Good\" }}\n"
        );
    }
    text
}

#[test]
fn a_valid_file_gives_each_line_its_moves_and_the_notes_of_its_prefixes() {
    let text = file(
        "italian_game",
        &[
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4",
            "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5",
        ],
        &[
            "1. e4 e5 2. Nf3 Nc6 3. Bc4",
            "1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.Ng5",
        ],
    );
    let rep = parse("italian_game.toml", &text).unwrap();
    assert_eq!(rep.opening.key, "italian_game");
    assert_eq!(rep.colour, Colour::White);
    assert_eq!(rep.ideas.zh_tw, "控制中央");
    assert_eq!(rep.lines.len(), 2);
    let [main, knights] = &rep.lines[..] else {
        unreachable!("two lines were written")
    };
    assert_eq!(main.uci[..3], ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(main.san.len(), 9);
    assert_eq!(main.notes.len(), 9);
    // The note on 3.Bc4 belongs to both lines; the one on 4.Ng5 to the second only.
    assert!(main.notes[4].is_some() && knights.notes[4].is_some());
    assert!(main.notes.iter().filter(|n| n.is_some()).count() == 1);
    assert_eq!(knights.notes[6].as_ref().unwrap().en, "Good");
}

#[test]
fn an_illegal_move_is_named_with_its_line_and_move_number() {
    let text = file(
        "scotch_game",
        &["1. e4 e5 2. Nf3 Nc6", "1. e4 e5 2. Nf3 Nc6 3. d4 Bd5"],
        &[],
    );
    let err = parse("scotch_game.toml", &text).unwrap_err();
    assert_eq!(err.file, "scotch_game.toml");
    let Problem::Move { line, source } = &err.problem else {
        panic!("expected an illegal move, got {err}")
    };
    assert_eq!((*line, source.ply, source.san.as_str()), (2, 5, "Bd5"));
    let said = err.to_string();
    assert!(
        said.starts_with("scotch_game.toml: line 2, move 3... Bd5: "),
        "{said}"
    );
}

#[test]
fn an_unknown_opening_key_is_refused() {
    let err = parse(
        "queens_knight_gambit.toml",
        &file("queens_knight_gambit", &["1. e4"], &[]),
    )
    .unwrap_err();
    assert_eq!(
        err.problem,
        Problem::UnknownOpening("queens_knight_gambit".into())
    );
    assert!(err
        .to_string()
        .contains("queens_knight_gambit.toml: unknown opening key"));
}

#[test]
fn a_file_must_be_named_after_its_opening() {
    let err = parse("ruy_lopez.toml", &file("italian_game", &["1. e4 e5"], &[])).unwrap_err();
    assert!(matches!(err.problem, Problem::FileName { .. }), "{err}");
}

#[test]
fn a_note_whose_at_begins_no_line_is_refused() {
    let text = file(
        "french_defence",
        &["1. e4 e6 2. d4 d5"],
        &["1. e4 e6 2. d4 d5", "1. e4 e6 2. Nf3"],
    );
    let err = parse("french_defence.toml", &text).unwrap_err();
    assert_eq!(
        err.problem,
        Problem::NoteNotInLine {
            note: 2,
            at: "1. e4 e6 2. Nf3".into()
        }
    );
}

#[test]
fn a_note_with_an_illegal_at_names_the_move() {
    let text = file(
        "french_defence",
        &["1. e4 e6 2. d4 d5"],
        &["1. e4 e6 2. d5"],
    );
    let err = parse("french_defence.toml", &text).unwrap_err();
    assert!(
        err.to_string()
            .contains("note 1 (at = \"1. e4 e6 2. d5\"), move 2. d5: "),
        "{err}"
    );
}

#[test]
fn a_text_missing_a_language_is_refused() {
    let text = file("dutch_defence", &["1. d4 f5"], &[]).replace(", en = \"Take the centre\"", "");
    let err = parse("dutch_defence.toml", &text).unwrap_err();
    assert_eq!(
        err.problem,
        Problem::MissingLanguage {
            field: "ideas".into(),
            lang: "en"
        }
    );
    let blank =
        file("dutch_defence", &["1. d4 f5"], &["1. d4"]).replace("zh-TW = \"好\"", "zh-TW = \" \"");
    let err = parse("dutch_defence.toml", &blank).unwrap_err();
    assert_eq!(err.to_string(), "dutch_defence.toml: note 1: missing zh-TW");
}

#[test]
fn a_misspelt_field_or_bad_colour_is_refused_as_toml() {
    let text =
        file("english_opening", &["1. c4"], &[]).replace("colour = \"white\"", "colour = \"red\"");
    assert!(matches!(
        parse("english_opening.toml", &text).unwrap_err().problem,
        Problem::Toml(_)
    ));
    let text =
        file("english_opening", &["1. c4"], &[]).replace("[[lines]]\nmoves", "[[lines]]\nmovs");
    assert!(matches!(
        parse("english_opening.toml", &text).unwrap_err().problem,
        Problem::Toml(_)
    ));
}

#[test]
fn a_file_without_lines_is_refused() {
    let err = parse("petrov_defence.toml", &file("petrov_defence", &[], &[])).unwrap_err();
    assert_eq!(err.problem, Problem::NoLines);
}

#[test]
fn every_embedded_repertoire_file_loads() {
    let loaded = repertoire::load_embedded().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.len(), repertoire::embedded_files().count());
    // builtin() orders them as the course lists the ten openings.
    let keys: Vec<&str> = repertoire::builtin()
        .iter()
        .map(|r| r.opening.key)
        .collect();
    let mut expected: Vec<&str> = TEN.iter().copied().filter(|k| keys.contains(k)).collect();
    expected.extend(keys.iter().copied().filter(|k| !TEN.contains(k)));
    assert_eq!(keys, expected);
}

#[test]
fn the_ten_openings_are_keys_of_the_table() {
    for key in TEN {
        assert!(guoxiang_openings::by_key(key).is_some(), "{key}");
    }
}

#[test]
fn each_of_the_ten_openings_has_a_repertoire_of_three_to_eight_lines() {
    let keys: Vec<&str> = repertoire::builtin()
        .iter()
        .map(|r| r.opening.key)
        .collect();
    assert_eq!(keys, TEN);
    for rep in repertoire::builtin() {
        let n = rep.lines.len();
        assert!((3..=8).contains(&n), "{}: {n} lines", rep.opening.key);
        for (i, line) in rep.lines.iter().enumerate() {
            let plies = line.uci.len();
            assert!(
                (6..=12).contains(&plies),
                "{} line {}: {plies} plies",
                rep.opening.key,
                i + 1
            );
        }
    }
}

#[test]
fn every_line_of_a_repertoire_passes_through_its_openings_position() {
    for rep in repertoire::builtin() {
        let target = rep.opening.position().expect("table lines are legal");
        for (i, line) in rep.lines.iter().enumerate() {
            let mut pos = guoxiang_core::Position::new();
            let mut reached = pos == target;
            for uci in &line.uci {
                let m = pos.parse_uci(uci).expect("lines are legal");
                pos.play_unchecked(m);
                reached |= pos.repetition_key() == target.repetition_key();
            }
            assert!(
                reached,
                "{} line {} never reaches {}",
                rep.opening.key,
                i + 1,
                rep.opening.moves
            );
        }
    }
}
