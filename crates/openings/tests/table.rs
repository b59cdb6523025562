//! The table itself: every line parses, every move is legal, every key is unique, every
//! position has one name, and every line is named by itself when played.

use std::collections::HashMap;

use guoxiang_core::Position;
use guoxiang_openings::{all, classify, parse, Opening, TableError};

/// Positions that two entries may name on purpose (none so far): pairs of keys.
const SHARED_POSITIONS: &[(&str, &str)] = &[];

fn moves_of(opening: &Opening) -> Vec<guoxiang_core::Move> {
    let mut pos = Position::new();
    opening
        .sans()
        .map(|san| {
            let m = pos.parse_san(san).expect("legal line");
            pos.play_unchecked(m);
            m
        })
        .collect()
}

#[test]
fn the_table_parses_and_has_between_80_and_200_lines() {
    let table = parse(include_str!("../openings.tsv")).unwrap();
    assert!((80..=200).contains(&table.len()), "{} lines", table.len());
    assert_eq!(table.len(), all().len());
}

#[test]
fn every_line_is_legal_from_the_standard_start() {
    let errors: Vec<TableError> = all().iter().filter_map(|o| o.position().err()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn move_numbers_count_up_from_one() {
    for o in all() {
        let numbers: Vec<&str> = o
            .moves
            .split_whitespace()
            .filter(|t| t.ends_with('.'))
            .collect();
        let expected: Vec<String> = (1..=o.plies().div_ceil(2))
            .map(|n| format!("{n}."))
            .collect();
        assert_eq!(numbers, expected, "{}", o.key);
        // And each number stands before White's move: token 3k is "k+1.".
        for (i, token) in o.moves.split_whitespace().enumerate() {
            assert_eq!(i % 3 == 0, token.ends_with('.'), "{}: {:?}", o.key, o.moves);
        }
    }
}

#[test]
fn every_key_is_unique() {
    let mut seen = HashMap::new();
    for o in all() {
        if let Some(first) = seen.insert(o.key, o.name) {
            panic!("key {} used for {first:?} and {:?}", o.key, o.name);
        }
    }
}

#[test]
fn no_two_entries_name_the_same_position() {
    let mut at: HashMap<u64, &str> = HashMap::new();
    for o in all() {
        let key = o.position().unwrap().repetition_key();
        if let Some(other) = at.insert(key, o.key) {
            let intended = SHARED_POSITIONS.contains(&(other, o.key));
            assert!(intended, "{other} and {} reach the same position", o.key);
        }
    }
}

#[test]
fn every_line_played_out_is_named_by_itself() {
    for o in all() {
        assert_eq!(
            classify(&moves_of(o)).map(|x| x.key),
            Some(o.key),
            "{}",
            o.moves
        );
    }
}

#[test]
fn eco_families_follow_the_first_moves() {
    // ECO volumes: B and C start 1.e4 (B00-B99 other than 1...e5, C00-C99 the French and
    // 1...e5); D is 1.d4 d5 and the Grünfeld; E is 1.d4 Nf6 2.c4 e6/g6. A is the rest.
    for o in all() {
        let first: Vec<&str> = o.sans().take(2).collect();
        let ok = match &o.eco[..1] {
            "B" => first[0] == "e4" && first.get(1) != Some(&"e5") && first.get(1) != Some(&"e6"),
            "C" => first[0] == "e4" && matches!(first.get(1), Some(&"e5") | Some(&"e6")),
            "D" | "E" => first[0] == "d4",
            _ => first[0] != "e4",
        };
        assert!(ok, "{} {} {}", o.eco, o.key, o.moves);
    }
}

#[test]
fn a_malformed_line_is_refused_with_its_line_number() {
    let err = parse("# comment\nC50\titalian_game\tItalian Game\n").unwrap_err();
    assert_eq!(err, TableError::Fields { line: 2, found: 3 });
    let err = parse("X50\tk\tName\t1. e4\n").unwrap_err();
    assert!(matches!(
        err,
        TableError::Field {
            line: 1,
            field: "ECO code",
            ..
        }
    ));
    let err = parse("C50\tItalian\tName\t1. e4\n").unwrap_err();
    assert!(matches!(err, TableError::Field { field: "key", .. }));
}

#[test]
fn an_illegal_line_names_the_opening_and_the_move() {
    let table = parse("C50\tbroken\tBroken\t1. e4 e5 2. Ke3\n").unwrap();
    let err = table[0].position().unwrap_err();
    assert!(
        matches!(
            err,
            TableError::Move {
                key: "broken",
                san: "Ke3",
                ..
            }
        ),
        "{err}"
    );
}
