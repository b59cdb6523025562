//! The TRF-16 reader and writer: a file laid out column by column as the format
//! describes it is read into the right players and rounds, written back identically,
//! and every kind of bad or inconsistent line is refused with its line number and
//! reason. A property test feeds the reader arbitrary and mangled files: it never panics.

use guoxiang_tournament::trf::{self, Reason};
use guoxiang_tournament::{Bye, Colour, Outcome, RoundEntry, Score};
use proptest::prelude::*;

/// Places texts at 1-based columns of one line (the layout of TRF-16).
fn columns(fields: &[(usize, &str)]) -> String {
    let mut line: Vec<char> = Vec::new();
    for &(col, text) in fields {
        for (i, c) in text.chars().enumerate() {
            let at = col - 1 + i;
            if line.len() <= at {
                line.resize(at + 1, ' ');
            }
            line[at] = c;
        }
    }
    line.into_iter().collect()
}

/// A player line: rank, name, rating, points, then rounds `(opponent, colour, result)`.
fn player(
    rank: &str,
    name: &str,
    rating: &str,
    points: &str,
    rounds: &[(&str, &str, &str)],
) -> String {
    let mut fields = vec![
        (1, "001"),
        (5, rank),
        (10, "m"),
        (15, name),
        (49, rating),
        (54, "CHN"),
        (81, points),
    ];
    for (r, (opp, colour, result)) in rounds.iter().enumerate() {
        let start = 92 + 10 * r;
        fields.push((start, opp));
        fields.push((start + 5, colour));
        fields.push((start + 7, result));
    }
    columns(&fields)
}

/// Four players, two rounds played: round 1 1-3 1-0, 4-2 forfeit won by 2; round 2
/// 2-1 ½-½, 3 half-point bye, 4 zero-point bye. Round 3 announced: 4 takes a
/// half-point bye.
fn sample() -> String {
    [
        "012 Spring Club Open".to_owned(),
        "042 2026/03/01".to_owned(),
        "XXR 5".to_owned(),
        "XXC black1".to_owned(),
        player(
            "   1",
            "Wang, Li",
            "2105",
            " 1.5",
            &[("   3", "w", "1"), ("   2", "b", "=")],
        ),
        player(
            "   2",
            "Zhao, Min",
            "2050",
            " 1.5",
            &[("   4", "b", "+"), ("   1", "w", "=")],
        ),
        player(
            "   3",
            "Chen, Yu",
            "1980",
            " 0.5",
            &[("   1", "b", "0"), ("0000", "-", "H")],
        ),
        player(
            "   4",
            "Liu, Fang",
            "    ",
            " 0.0",
            &[("   2", "w", "-"), ("0000", "-", "Z"), ("0000", "-", "H")],
        ),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn a_file_is_read_by_its_columns() {
    let t = trf::read(&sample()).expect("the sample reads");
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.first_colour, Some(Colour::Black));
    assert_eq!(
        t.header[0],
        ("012".to_owned(), "Spring Club Open".to_owned())
    );
    let p1 = &t.players[0];
    assert_eq!(
        (p1.id, p1.name.as_str(), p1.rating, p1.federation.as_str()),
        (1, "Wang, Li", 2105, "CHN")
    );
    assert_eq!(p1.declared_points, Some(Score(3)));
    assert_eq!(
        p1.rounds[0],
        RoundEntry::Played {
            opponent: 3,
            colour: Colour::White,
            outcome: Outcome::Win,
            unrated: false
        }
    );
    assert_eq!(
        t.players[1].rounds[0],
        RoundEntry::Forfeit {
            opponent: Some(4),
            colour: Some(Colour::Black),
            won: true
        }
    );
    assert_eq!(t.players[2].rounds[1], RoundEntry::Bye(Bye::Half));
    let p4 = &t.players[3];
    assert_eq!(p4.rating, 0);
    assert_eq!(
        p4.rounds,
        vec![
            RoundEntry::Forfeit {
                opponent: Some(2),
                colour: Some(Colour::White),
                won: false
            },
            RoundEntry::Bye(Bye::Zero),
            RoundEntry::Bye(Bye::Half),
        ]
    );
}

#[test]
fn the_writer_gives_back_the_same_file() {
    let text = sample();
    let t = trf::read(&text).expect("reads");
    assert_eq!(trf::write(&t), text);
    assert_eq!(trf::read(&trf::write(&t)).expect("reads again"), t);
}

#[test]
fn the_swiss_input_pairs_round_3_without_the_announced_bye() {
    let t = trf::read(&sample()).expect("reads");
    let input = guoxiang_tournament::swiss_input::swiss_input(&t).expect("an input");
    assert_eq!((input.round, input.total_rounds), (3, 5));
    assert_eq!(
        input.first_colour,
        guoxiang_tournament::swiss::Colour::Black
    );
    let p4 = &input.players[3];
    assert!(p4.absent);
    assert_eq!(p4.opponents, vec![Some(2), None]);
    assert_eq!(p4.colours, vec![None, None]);
    assert_eq!(p4.points, 0);
    let p2 = &input.players[1];
    assert_eq!(
        (p2.points, p2.unplayed_points.clone()),
        (3, vec![true, false])
    );
    // A half-point bye is not a win's points without playing.
    assert_eq!(input.players[2].unplayed_points, vec![false, false]);
    assert!(!input.players[0].absent);
}

#[test]
fn without_xxc_the_first_colour_is_read_from_round_1() {
    // Player 1 had Black in round 1: the first colour was black.
    let text = [
        "XXR 3".to_owned(),
        player("   1", "A", "", "", &[("   2", "b", "1")]),
        player("   2", "B", "", "", &[("   1", "w", "0")]),
    ]
    .join("\n");
    let t = trf::read(&text).expect("reads");
    let input = guoxiang_tournament::swiss_input::swiss_input(&t).expect("an input");
    assert_eq!(
        input.first_colour,
        guoxiang_tournament::swiss::Colour::Black
    );
    // Player 2 (even) had White: the top player would have had Black.
    let text = [
        "XXR 3".to_owned(),
        player("   1", "A", "", "", &[("0000", "-", "H")]),
        player("   2", "B", "", "", &[("   3", "w", "1")]),
        player("   3", "C", "", "", &[("   2", "b", "0")]),
    ]
    .join("\n");
    let input = guoxiang_tournament::swiss_input::swiss_input(&trf::read(&text).expect("reads"))
        .expect("an input");
    assert_eq!(
        input.first_colour,
        guoxiang_tournament::swiss::Colour::Black
    );
}

/// Reads `text` and returns the error's line and reason.
fn error(text: &str) -> (usize, Reason) {
    let e = trf::read(text).expect_err("refused");
    (e.line, e.reason)
}

#[test]
fn bad_lines_are_named_with_their_reason() {
    let ok = player("   1", "A", "2000", "", &[]);
    let cases: Vec<(String, usize, Reason)> = vec![
        ("001".to_owned(), 1, Reason::NoStartingRank),
        (
            "001 x".to_owned(),
            1,
            Reason::NotANumber {
                field: "starting rank",
                columns: "5-8",
                text: "x".into(),
            },
        ),
        (
            format!("{ok}\n001   ab"),
            2,
            Reason::NotANumber {
                field: "starting rank",
                columns: "5-8",
                text: "ab".into(),
            },
        ),
        (
            player("   1", "A", "20x0", "", &[]),
            1,
            Reason::NotANumber {
                field: "rating",
                columns: "49-52",
                text: "20x0".into(),
            },
        ),
        (
            player("   0", "A", "", "", &[]),
            1,
            Reason::ZeroStartingRank,
        ),
        (
            player("   1", "A", "", " 1.3", &[]),
            1,
            Reason::BadPoints("1.3".into()),
        ),
        (format!("{ok}\n{ok}"), 2, Reason::DuplicatePlayer(1)),
        (
            player("   1", "A", "", "", &[("   2", "x", "1")]),
            1,
            Reason::BadColour {
                round: 1,
                column: 97,
                found: 'x',
            },
        ),
        (
            player("   1", "A", "", "", &[("   2", "w", "?")]),
            1,
            Reason::BadResult {
                round: 1,
                column: 99,
                found: '?',
            },
        ),
        (
            player("   1", "A", "", "", &[("   2", "-", "H")]),
            1,
            Reason::ByeWithOpponent(1, 2),
        ),
        (
            player("   1", "A", "", "", &[("0000", "w", "1")]),
            1,
            Reason::GameWithoutOpponent(1),
        ),
        (
            player("   1", "A", "", "", &[("   2", "-", "1")]),
            1,
            Reason::GameWithoutColour(1),
        ),
        (
            player("   1", "A", "", "", &[("   7", "w", "1")]),
            1,
            Reason::UnknownOpponent {
                round: 1,
                opponent: 7,
            },
        ),
        (
            player("   1", "A", "", "", &[("   1", "w", "1")]),
            1,
            Reason::OwnOpponent(1),
        ),
        ("XXR five".to_owned(), 1, Reason::BadRounds("five".into())),
        (
            "XXC red1".to_owned(),
            1,
            Reason::BadFirstColour("red1".into()),
        ),
    ];
    for (text, line, reason) in cases {
        assert_eq!(error(&text), (line, reason), "{text}");
    }
}

#[test]
fn a_game_the_two_lines_record_differently_is_refused() {
    // 1 says it beat 2 with White; 2 says it drew with Black.
    let text = [
        player("   1", "A", "", "", &[("   2", "w", "1")]),
        player("   2", "B", "", "", &[("   1", "b", "=")]),
    ]
    .join("\n");
    let (line, reason) = error(&text);
    assert_eq!(line, 1);
    assert_eq!(
        reason.to_string(),
        "round 1: player 1 met 2, but 2's line records a draw with black against 1"
    );
    // Both colours white.
    let text = [
        player("   1", "A", "", "", &[("   2", "w", "1")]),
        player("   2", "B", "", "", &[("   1", "w", "0")]),
    ]
    .join("\n");
    assert_eq!(error(&text).0, 1);
}

#[test]
fn points_that_the_results_do_not_give_are_refused() {
    let text = [
        player("   1", "A", "", " 2.0", &[("   2", "w", "1")]),
        player("   2", "B", "", " 0.0", &[("   1", "b", "0")]),
    ]
    .join("\n");
    let e = trf::read(&text).expect_err("refused");
    assert_eq!(
        e.to_string(),
        "line 1: the points 2.0 (columns 81-84) are not the 1.0 that the results give"
    );
    // With a point system of its own (XXS) the file's points are its own business.
    assert!(trf::read(&format!("XXS WW=3\n{text}")).is_ok());
}

#[test]
fn blank_lines_crlf_and_cr_are_accepted() {
    let text = sample().replace('\n', "\r\n") + "\r\n\r\n";
    assert_eq!(
        trf::read(&text).expect("reads"),
        trf::read(&sample()).expect("reads")
    );
    // bbpPairings ends its lines with a lone CR; line numbers still count them.
    let text = sample().replace('\n', "\r");
    assert_eq!(
        trf::read(&text).expect("reads"),
        trf::read(&sample()).expect("reads")
    );
    let bad = format!("XXR 5\r{}\r001   ab\r", player("   1", "A", "", "", &[]));
    assert_eq!(trf::read(&bad).expect_err("refused").line, 3);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,400}") {
        let _ = trf::read(&text);
    }

    #[test]
    fn mangled_files_never_panic(
        edits in proptest::collection::vec((0usize..2000, any::<char>()), 1..8),
        cut in 0usize..2000,
    ) {
        let mut chars: Vec<char> = sample().chars().collect();
        for (at, c) in edits {
            let at = at % chars.len();
            chars[at] = c;
        }
        chars.truncate(cut.max(1));
        let text: String = chars.into_iter().collect();
        if let Ok(t) = trf::read(&text) {
            // What reads, writes and reads again to the same tournament.
            // (The points are then written even where the file left them blank.)
            let written = trf::write(&t);
            let again = trf::read(&written);
            prop_assert!(again.is_ok(), "{:?}", text);
            let again = again.unwrap_or_default();
            prop_assert_eq!(trf::write(&again), written);
            let rounds = |t: &guoxiang_tournament::Tournament| -> Vec<Vec<RoundEntry>> {
                t.players.iter().map(|p| p.rounds.clone()).collect()
            };
            prop_assert_eq!(rounds(&again), rounds(&t));
        }
    }

    #[test]
    fn player_lines_of_digits_and_codes_never_panic(
        body in proptest::collection::vec(prop_oneof![Just(' '), Just('0'), Just('1'), Just('2'), Just('w'), Just('b'), Just('-'), Just('+'), Just('='), Just('H'), Just('U')], 80..140),
    ) {
        let line = format!("001    1{}", body.into_iter().collect::<String>());
        let _ = trf::read(&line);
    }
}
