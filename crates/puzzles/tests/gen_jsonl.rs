//! The data file's line format: a puzzle survives the round trip, a bad line is an
//! error naming its line, and the shipped set parses with every line legal and
//! ending as its goal says.

use guoxiang_puzzles::{Goal, Puzzle, PuzzleSet, Source};

const MATE_IN_TWO: &str = r#"{"id":"0a1b2c3d","fen":"8/pp6/n1p3k1/2P3p1/3b4/4R3/P4rrP/4K3 b - - 3 35","moves":["d4e3","h2h3","g2g1"],"themes":["mateIn2"],"rating":1500,"rd":300,"before":"8/pp6/n1p3k1/2P3p1/3b4/3R4/P4rrP/4K3 w - - 2 35","mistake":"d3e3","goal":"mate","mate":2,"source":"selfplay:3:12:69","margin":1.0,"depth":20,"found":3}"#;

fn one(line: &str) -> Puzzle {
    Puzzle::from_json_line(line, 1).expect("a valid line")
}

#[test]
fn a_line_reads_and_writes_back_the_same() {
    let p = one(MATE_IN_TWO);
    assert_eq!(p.goal, Goal::Mate(2));
    assert_eq!(p.uci_line(), ["d4e3", "h2h3", "g2g1"]);
    assert_eq!(
        p.source,
        Source::SelfPlay {
            seed: 3,
            game: 12,
            ply: 69
        }
    );
    assert_eq!(p.to_json_line(), MATE_IN_TWO);
    assert_eq!(one(&p.to_json_line()), p);
}

#[test]
fn every_source_form_reads_back() {
    for s in [
        "selfplay:1:2:3",
        "pgn:my:games.pgn:4:17",
        "server:abc-123:9",
    ] {
        let source: Source = s.parse().expect("a valid source");
        assert_eq!(source.to_string(), s);
    }
    assert!("elsewhere:1".parse::<Source>().is_err());
    assert!("selfplay:1:x:3".parse::<Source>().is_err());
}

#[test]
fn a_malformed_line_is_an_error_naming_it() {
    let text = format!("{MATE_IN_TWO}\n\n{{\"id\": \"broken\"\n");
    let err = PuzzleSet::from_jsonl(&text).expect_err("line 3 is broken");
    assert!(err.to_string().starts_with("line 3: "), "{err}");
}

#[test]
fn an_illegal_move_is_named_with_its_number() {
    let bad = MATE_IN_TWO.replace("\"h2h3\"", "\"h2h5\"");
    let err = Puzzle::from_json_line(&bad, 7).expect_err("h2h5 is illegal");
    assert!(
        err.to_string().starts_with("line 7: move 2 (h2h5)"),
        "{err}"
    );
}

#[test]
fn a_mistake_that_does_not_lead_to_the_position_is_refused() {
    let bad = MATE_IN_TWO.replace("\"d3e3\"", "\"d3d4\"");
    assert!(Puzzle::from_json_line(&bad, 1).is_err());
}

#[test]
fn unknown_themes_goals_and_ids_are_refused() {
    for (from, to) in [
        ("\"mateIn2\"", "\"noSuchTheme\""),
        ("\"goal\":\"mate\"", "\"goal\":\"lose\""),
        ("\"0a1b2c3d\"", "\"XYZ\""),
        ("\"mate\":2,", ""),
    ] {
        let bad = MATE_IN_TWO.replace(from, to);
        assert!(Puzzle::from_json_line(&bad, 1).is_err(), "{to:?} accepted");
    }
}

#[test]
fn a_set_writes_sorted_lines_that_read_back() {
    let mut set = PuzzleSet::from_jsonl(MATE_IN_TWO).expect("valid");
    let mut other = set.puzzles[0].clone();
    other.id.0 = "00000001".into();
    set.puzzles.push(other);
    set.sort_dedup();
    assert_eq!(set.puzzles[0].id.0, "00000001");
    let again = PuzzleSet::from_jsonl(&set.to_jsonl()).expect("valid");
    assert_eq!(again.puzzles, set.puzzles);
    assert!(set.get(&set.puzzles[1].id).is_some());
}

#[test]
fn the_builtin_set_parses_and_every_line_ends_as_its_goal_says() {
    let text = include_str!("../data/puzzles.jsonl");
    let set = PuzzleSet::from_jsonl(text).unwrap_or_else(|e| panic!("data/puzzles.jsonl: {e}"));
    assert_eq!(set.len(), PuzzleSet::builtin().len());
    let mut last: Option<&str> = None;
    for p in &set.puzzles {
        assert!(
            last.is_none_or(|l| l < p.id.0.as_str()),
            "sorted by id, no duplicates: {}",
            p.id
        );
        last = Some(&p.id.0);
        assert_eq!(
            p.line.len() % 2,
            1,
            "{}: the line ends with a solver move",
            p.id
        );
        let end = p.end();
        match p.goal {
            Goal::Mate(n) => {
                assert!(end.is_checkmate(), "{}: a mate puzzle ends in mate", p.id);
                assert_eq!(p.line.len(), 2 * n as usize - 1, "{}: mate in {n}", p.id);
            }
            Goal::Win => assert!(!end.is_stalemate(), "{}", p.id),
            Goal::Draw => {}
        }
    }
}
