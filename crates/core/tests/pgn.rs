//! Tests of the PGN reader, game records and writer: one hand-written case per
//! feature, robustness on huge and hostile input, and property tests.

use guoxiang_core::pgn::{
    ErrorKind, GameRecord, GameResult, Limits, MoveNode, PgnError, Reader, RecordLimits, Skip,
    SyntaxError, Visitor,
};
use proptest::prelude::*;
use std::io::{self, Read};

/// Records every visitor call as a line of text.
#[derive(Default)]
struct Events {
    log: Vec<String>,
    skip_headers: bool,
    skip_variations: bool,
    /// Log where errors are, too.
    locations: bool,
}

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self) {
        self.log.clear();
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.log.push(format!(
            "tag {}={}",
            String::from_utf8_lossy(name),
            String::from_utf8_lossy(value)
        ));
    }
    fn end_headers(&mut self) -> Skip {
        Skip(self.skip_headers)
    }
    fn san(&mut self, san: &[u8]) {
        self.log
            .push(format!("san {}", String::from_utf8_lossy(san)));
    }
    fn nag(&mut self, nag: u8) {
        self.log.push(format!("nag {nag}"));
    }
    fn comment(&mut self, comment: &[u8]) {
        self.log
            .push(format!("comment {}", String::from_utf8_lossy(comment)));
    }
    fn begin_variation(&mut self) -> Skip {
        self.log.push("(".into());
        Skip(self.skip_variations)
    }
    fn end_variation(&mut self) {
        self.log.push(")".into());
    }
    fn outcome(&mut self, outcome: Option<GameResult>) {
        self.log.push(match outcome {
            Some(r) => format!("outcome {r}"),
            None => "outcome none".into(),
        });
    }
    fn error(&mut self, error: &SyntaxError) {
        if self.locations {
            self.log
                .push(format!("error {:?} at {}", error.kind, error.at));
        } else {
            self.log.push(format!("error {:?}", error.kind));
        }
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}

/// All games of `pgn` as event logs (errors between games as `garbage` lines).
fn events(pgn: &[u8]) -> Vec<Vec<String>> {
    events_with(pgn, Events::default())
}

fn events_with(pgn: &[u8], mut v: Events) -> Vec<Vec<String>> {
    let mut reader = Reader::new(pgn);
    let mut games = Vec::new();
    loop {
        match reader.read_game(&mut v) {
            Ok(Some(g)) => games.push(g),
            Ok(None) => return games,
            Err(PgnError::Syntax(e)) => games.push(vec![format!("garbage {:?}", e.kind)]),
            Err(e) => panic!("{e}"),
        }
    }
}

fn one(pgn: &str) -> Vec<String> {
    let mut games = events(pgn.as_bytes());
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0)
}

fn records(pgn: &str) -> Vec<GameRecord> {
    Reader::new(pgn.as_bytes())
        .games()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
}

fn record(pgn: &str) -> GameRecord {
    let mut games = records(pgn);
    assert_eq!(games.len(), 1);
    games.remove(0)
}

fn sans(log: &[String]) -> Vec<&str> {
    log.iter().filter_map(|l| l.strip_prefix("san ")).collect()
}

/// A reader that hands out at most `n` bytes per call.
struct Trickle<'a> {
    data: &'a [u8],
    n: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.n.min(buf.len()).min(self.data.len());
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

const IMMORTAL: &str = r#"[Event "London"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]
[ECO "C33"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4
Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4
Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8
22. Qf6+ Nxf6 23. Be7# 1-0
"#;

// ----- tags ------------------------------------------------------------------

#[test]
fn tag_pairs_are_read_in_order_with_escapes_undone() {
    let log = one("[White \"Say \\\"hi\\\"\"]\n[Black \"back\\\\slash\"]\n[Event \"\"]\n\n*");
    assert_eq!(
        log[..3],
        [
            "tag White=Say \"hi\"",
            "tag Black=back\\slash",
            "tag Event="
        ]
    );
}

#[test]
fn several_tags_on_one_line_and_spaces_inside_brackets() {
    let log = one("[ White   \"A\" ][Black \"B\"]\n1. e4 *");
    assert_eq!(log[..2], ["tag White=A", "tag Black=B"]);
}

#[test]
fn malformed_tags_are_reported_and_skipped() {
    let log = one("[White Tal]\n[Black \"Botvinnik\"]\n[Site \"open\n1. e4 *");
    assert!(log[0].starts_with("error MalformedTag"), "{log:?}");
    assert_eq!(log[1], "tag Black=Botvinnik");
    assert!(log.iter().any(|l| l == "error UnterminatedTag"));
    assert_eq!(sans(&log), ["e4"]);
}

#[test]
fn overlong_tag_values_are_truncated() {
    let limits = Limits {
        max_tag: 32,
        ..Limits::default()
    };
    let pgn = format!("[Annotator \"{}\"]\n1. e4 *", "x".repeat(100));
    let mut r = Reader::with_limits(pgn.as_bytes(), limits);
    let log = r.read_game(&mut Events::default()).unwrap().unwrap();
    assert_eq!(log[0], format!("tag Annotator={}", "x".repeat(32)));
    assert_eq!(log[1], "error TagTooLong { limit: 32 }");
}

// ----- movetext ----------------------------------------------------------------

#[test]
fn move_numbers_in_every_form_are_skipped() {
    let log = one("1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 3. ... a6 *");
    assert_eq!(sans(&log), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}

#[test]
fn san_tokens_are_passed_on_as_written() {
    let log = one("1. Nbd7+ exd8=Q# 2. O-O-O 0-0 3. -- Z0 4. e8Q P@f7 *");
    assert_eq!(
        sans(&log),
        ["Nbd7+", "exd8=Q#", "O-O-O", "0-0", "--", "Z0", "e8Q", "P@f7"]
    );
}

#[test]
fn comments_in_braces_may_span_lines() {
    let log = one("1. e4 {a comment\nover two lines} e5 {x;y(z)} *");
    assert_eq!(
        log,
        [
            "san e4",
            "comment a comment\nover two lines",
            "san e5",
            "comment x;y(z)",
            "outcome *"
        ]
    );
}

#[test]
fn semicolon_comments_run_to_the_end_of_the_line() {
    let log = one("1. e4 ; rest of {line}\r\ne5 *");
    assert_eq!(
        log,
        ["san e4", "comment  rest of {line}", "san e5", "outcome *"]
    );
}

#[test]
fn nags_and_suffix_glyphs_become_numbers() {
    let log = one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $12 $255 Nf6!$18 *");
    let nags: Vec<&str> = log.iter().filter_map(|l| l.strip_prefix("nag ")).collect();
    assert_eq!(nags, ["1", "2", "3", "4", "5", "6", "12", "255", "1", "18"]);
}

#[test]
fn invalid_nags_are_reported() {
    let log = one("1. e4 $256 e5 $ Nf3 ??? *");
    let errors = log
        .iter()
        .filter(|l| l.starts_with("error InvalidNag"))
        .count();
    assert_eq!(errors, 3, "{log:?}");
    assert_eq!(sans(&log), ["e4", "e5", "Nf3"]);
}

#[test]
fn variations_nest_and_report_in_order() {
    let log = one("1. e4 (1. d4 d5 (1... Nf6 2. c4)) (1. c4) e5 *");
    assert_eq!(
        log,
        [
            "san e4",
            "(",
            "san d4",
            "san d5",
            "(",
            "san Nf6",
            "san c4",
            ")",
            ")",
            "(",
            "san c4",
            ")",
            "san e5",
            "outcome *"
        ]
    );
}

#[test]
fn skipped_variations_are_not_reported() {
    let v = Events {
        skip_variations: true,
        ..Events::default()
    };
    let games = events_with(b"1. e4 (1. d4 {x} (1. c4) d5) e5 *", v);
    assert_eq!(games[0], ["san e4", "(", "san e5", "outcome *"]);
}

#[test]
fn skipping_the_movetext_still_finds_the_end_of_the_game() {
    let v = Events {
        skip_headers: true,
        ..Events::default()
    };
    let games = events_with(
        b"[A \"1\"]\n1. e4 {1-0 [x]} (1-0) e5 0-1\n[B \"2\"]\n1. d4 *",
        v,
    );
    assert_eq!(
        games,
        [["tag A=1", "outcome 0-1"], ["tag B=2", "outcome *"]]
    );
}

#[test]
fn percent_escape_lines_are_ignored() {
    let log = one("%ignored [Event \"x\"]\n1. e4\n% also ignored e5\ne5 Nf3% *");
    assert_eq!(sans(&log), ["e4", "e5", "Nf3"]);
    assert!(log.iter().any(|l| l.starts_with("error UnexpectedByte")));
}

#[test]
fn all_four_results_end_a_game() {
    let games = events(b"1. e4 1-0 1. e4 0-1 1. e4 1/2-1/2 1. e4 *");
    let outcomes: Vec<&str> = games.iter().map(|g| g.last().unwrap().as_str()).collect();
    assert_eq!(
        outcomes,
        ["outcome 1-0", "outcome 0-1", "outcome 1/2-1/2", "outcome *"]
    );
}

#[test]
fn a_missing_result_ends_the_game_at_the_next_tag_or_the_end() {
    let games = events(b"[A \"1\"]\n1. e4 e5\n\n[B \"2\"]\n1. d4");
    assert_eq!(games[0], ["tag A=1", "san e4", "san e5", "outcome none"]);
    assert_eq!(games[1], ["tag B=2", "san d4", "outcome none"]);
    let g = record("[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4#");
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(record("1. f3").result, GameResult::Unknown);
}

#[test]
fn a_result_inside_a_variation_is_ignored() {
    let log = one("1. e4 (1. d4 1-0) e5 *");
    assert!(log.contains(&"error ResultInVariation".to_string()));
    assert_eq!(sans(&log), ["e4", "d4", "e5"]);
}

#[test]
fn utf8_byte_order_mark_is_skipped() {
    let games = events(b"\xef\xbb\xbf[Event \"x\"]\n1. e4 *");
    assert_eq!(games, [["tag Event=x", "san e4", "outcome *"]]);
    let games = events(b"\xef\xbb\xbf% escape after the BOM\n1. e4 *");
    assert_eq!(games, [["san e4", "outcome *"]]);
}

#[test]
fn crlf_line_ends_are_whitespace() {
    let pgn = IMMORTAL.replace('\n', "\r\n");
    let g = record(&pgn);
    let plain = record(IMMORTAL);
    assert_eq!(g, plain);
    assert_eq!(g.moves.len(), 45);
    assert_eq!(g.tag("ECO"), Some("C33"));
}

#[test]
fn games_without_tags_are_games() {
    let games = records("1. e4 e5 *\n\n1. d4 d5 1-0\n{just a comment} 0-1\n");
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g.tags.is_empty()));
    assert_eq!(games[2].comments, ["just a comment"]);
}

#[test]
fn garbage_between_games_is_skipped_with_an_error() {
    let pgn = b"1. e4 *\n\xff\xfe garbage line\n\"more\n[Event \"next\"]\n1. d4 *\n";
    let games = events(pgn);
    assert_eq!(
        games,
        [
            vec!["san e4", "outcome *"],
            vec!["garbage GarbageBetweenGames { byte: 255 }"],
            vec!["garbage GarbageBetweenGames { byte: 34 }"],
            vec!["tag Event=next", "san d4", "outcome *"],
        ]
    );
    // The game iterator reports it and goes on.
    let all: Vec<_> = Reader::new(&pgn[..]).games().collect();
    assert_eq!(all.len(), 4);
    assert!(all[1].is_err() && all[2].is_err() && all[3].is_ok());
}

#[test]
fn unexpected_bytes_in_movetext_are_reported_once_per_run() {
    let log = one("1. e4 \x01\x02\x03\u{e9}\u{e9} e5 *");
    assert_eq!(
        log,
        [
            "san e4",
            "error UnexpectedByte { byte: 1 }",
            "san e5",
            "outcome *"
        ]
    );
}

#[test]
fn unbalanced_parentheses_are_repaired() {
    let log = one("1. e4 ) e5 (2. Nf3 (2. Nc3 *");
    assert_eq!(
        log,
        [
            "san e4",
            "error UnmatchedCloseParen",
            "san e5",
            "(",
            "san Nf3",
            "(",
            "san Nc3",
            "error ResultInVariation",
            "error UnclosedVariations { open: 2 }",
            ")",
            ")",
            "outcome none"
        ]
    );
}

#[test]
fn unterminated_comment_runs_to_the_end_of_input() {
    let log = one("1. e4 {never closed\n[Event \"x\"]\n1. d4 *");
    assert_eq!(log[1], "comment never closed\n[Event \"x\"]\n1. d4 *");
    assert_eq!(log[2], "error UnterminatedComment");
}

#[test]
fn overlong_comments_are_truncated_and_reading_goes_on() {
    let limits = Limits {
        max_comment: 100,
        ..Limits::default()
    };
    let pgn = format!("1. e4 {{{}}} e5 *\n1. d4 *", "é".repeat(1000));
    let mut r = Reader::with_limits(
        Trickle {
            data: pgn.as_bytes(),
            n: 7,
        },
        limits,
    );
    let log = r.read_game(&mut Events::default()).unwrap().unwrap();
    assert_eq!(log[1], format!("comment {}", "é".repeat(50)));
    assert_eq!(log[2], "error CommentTooLong { limit: 100 }");
    assert_eq!(sans(&log), ["e4", "e5"]);
    let log = r.read_game(&mut Events::default()).unwrap().unwrap();
    assert_eq!(sans(&log), ["d4"]);
}

#[test]
fn overlong_tokens_are_skipped_with_an_error() {
    let pgn = format!("1. e4 {} e5 *", "N".repeat(10_000));
    let log = one(&pgn);
    assert_eq!(
        log,
        [
            "san e4",
            "error TokenTooLong { limit: 255 }",
            "san e5",
            "outcome *"
        ]
    );
}

#[test]
fn errors_say_where_they_are() {
    let pgn = "[Event \"x\"]\n\n1. e4 e5\n2. Nf3 ) Nc6 *";
    let mut r = Reader::new(pgn.as_bytes());
    let g = r.games().next().unwrap().unwrap();
    assert_eq!(g.errors.len(), 1);
    let e = &g.errors[0];
    assert_eq!(e.kind, ErrorKind::UnmatchedCloseParen);
    assert_eq!((e.at.line, e.at.column, e.at.offset), (4, 8, 29));
    assert_eq!(
        e.to_string(),
        "line 4, column 8 (byte 29): ')' without a matching '('; ignored"
    );
    let mut r = Reader::new(&b"1. e4 *\n\n  ]junk\n"[..]);
    r.read_game(&mut Events::default()).unwrap();
    let err = r.read_game(&mut Events::default()).unwrap_err();
    let at = err.location().unwrap();
    assert_eq!((at.line, at.column), (3, 3));
}

#[test]
fn input_arriving_a_byte_at_a_time_reads_the_same() {
    let whole = records(IMMORTAL);
    let games: Vec<_> = Reader::new(Trickle {
        data: IMMORTAL.as_bytes(),
        n: 1,
    })
    .games()
    .collect::<Result<_, _>>()
    .unwrap();
    assert_eq!(games, whole);
}

struct Failing;
impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other("disk on fire"))
    }
}

#[test]
fn io_errors_end_the_game_iterator() {
    let mut r = Reader::new(Failing);
    let mut games = r.games();
    assert!(matches!(games.next(), Some(Err(PgnError::Io(_)))));
    assert!(games.next().is_none());
}

// ----- size and depth --------------------------------------------------------

#[test]
fn a_ten_megabyte_single_line_is_read_in_fixed_memory() {
    let mut line = Vec::with_capacity(10 << 20);
    let mut n = 0u64;
    while line.len() < 10 << 20 {
        line.extend_from_slice(format!("{}. Nf3 Nf6 2. Ng1 Ng8 ", n + 1).as_bytes());
        n += 1;
    }
    line.extend_from_slice(b"{a comment} *");
    struct Count(u64);
    impl Visitor for Count {
        type Output = u64;
        fn san(&mut self, _: &[u8]) {
            self.0 += 1;
        }
        fn end_game(&mut self) -> u64 {
            self.0
        }
    }
    let mut r = Reader::new(&line[..]);
    let cap = r.buffer_capacity();
    assert_eq!(r.read_game(&mut Count(0)).unwrap(), Some(4 * n));
    assert!(cap < 256 << 10);
    // The same game as a record is over the node limit: an error, then the end.
    let mut r = Reader::new(&line[..]);
    let mut games = r.games();
    let err = games.next().unwrap().unwrap_err();
    assert!(matches!(err.kind(), Some(ErrorKind::TooManyNodes { .. })));
    assert!(games.next().is_none());
}

#[test]
fn variations_nested_ten_thousand_deep_do_not_overflow_the_stack() {
    let depth = 10_000;
    let mut pgn = String::from("1. e4 ");
    for _ in 0..depth {
        pgn.push_str("(1. d4 ");
    }
    for _ in 0..depth {
        pgn.push_str(") ");
    }
    pgn.push_str("e5 *\n1. c4 *\n");
    let games = events(pgn.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].iter().filter(|l| *l == "(").count(), depth);
    assert_eq!(games[0].iter().filter(|l| *l == ")").count(), depth);
    assert_eq!(games[0].last().unwrap(), "outcome *");
    // As records: too deep for the tree, reported, and the next game is fine.
    let all: Vec<_> = Reader::new(pgn.as_bytes()).games().collect();
    assert!(matches!(
        all[0].as_ref().unwrap_err().kind(),
        Some(ErrorKind::TooDeep { limit: 256 })
    ));
    assert_eq!(
        all[1].as_ref().unwrap().mainline().collect::<Vec<_>>(),
        ["c4"]
    );
}

#[test]
fn record_limits_reject_a_game_and_keep_the_next() {
    let limits = RecordLimits {
        max_nodes: 3,
        ..RecordLimits::default()
    };
    let pgn = "1. e4 e5 2. Nf3 Nc6 *\n1. d4 d5 *\n";
    let all: Vec<_> = Reader::new(pgn.as_bytes())
        .games_with_limits(limits)
        .collect();
    let err = all[0].as_ref().unwrap_err();
    assert_eq!(err.kind(), Some(&ErrorKind::TooManyNodes { limit: 3 }));
    assert_eq!(err.location().unwrap().line, 1);
    assert_eq!(all[1].as_ref().unwrap().moves.len(), 2);
}

// ----- records -----------------------------------------------------------------

#[test]
fn records_put_comments_and_nags_on_the_right_nodes() {
    let g = record(
        "{game intro}\n1. e4 $1 {best by test} (1. d4 {solid}) ({pre} 1. c4 $5) {after} e5 {reply} *",
    );
    assert_eq!(g.comments, ["game intro"]);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.moves[0].comments_after, ["best by test", "after"]);
    assert_eq!(g.moves[0].variations.len(), 2);
    assert_eq!(g.moves[0].variations[0][0].comments_after, ["solid"]);
    assert_eq!(g.moves[0].variations[1][0].comments_before, ["pre"]);
    assert_eq!(g.moves[0].variations[1][0].nags, [5]);
    assert_eq!(g.moves[1].comments_after, ["reply"]);
}

#[test]
fn record_comments_have_whitespace_collapsed() {
    let g = record("1. e4 {  two\n   lines\t here } *");
    assert_eq!(g.moves[0].comments_after, ["two lines here"]);
}

#[test]
fn nags_and_variations_before_any_move_are_dropped_with_an_error() {
    let g = record("$1 (1. d4) 1. e4 *");
    assert_eq!(g.mainline().collect::<Vec<_>>(), ["e4"]);
    let kinds: Vec<_> = g.errors.iter().map(|e| e.kind.clone()).collect();
    assert_eq!(
        kinds,
        [ErrorKind::NagWithoutMove, ErrorKind::VariationWithoutMove]
    );
    assert_eq!(g.errors[0].at.line, 1);
}

// ----- writer ------------------------------------------------------------------

#[test]
fn writer_puts_the_seven_tag_roster_first_with_defaults() {
    let mut g = GameRecord::from_sans(["d4"]);
    g.tags = vec![
        ("ECO".into(), "A40".into()),
        ("White".into(), "W".into()),
        ("Round".into(), "3".into()),
    ];
    g.result = GameResult::Draw;
    assert_eq!(
        g.to_pgn(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n[White \"W\"]\n\
         [Black \"?\"]\n[Result \"1/2-1/2\"]\n[ECO \"A40\"]\n\n1. d4 1/2-1/2\n"
    );
}

#[test]
fn writer_adds_setup_for_a_fen_and_numbers_from_it() {
    let mut g = GameRecord::from_sans(["Kd2", "Ke7"]);
    g.set_tag("FEN", "4k3/8/8/8/8/8/8/4K3 b - - 0 17");
    g.moves = vec![MoveNode::new("Ke7"), MoveNode::new("Kd2")];
    let pgn = g.to_pgn();
    assert!(
        pgn.contains("[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 17\"]\n")
    );
    assert!(pgn.ends_with("\n\n17... Ke7 18. Kd2 *\n"), "{pgn}");
}

#[test]
fn writer_numbers_black_moves_after_comments_and_variations() {
    let g = record("1. e4 {c} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 $1 a6 *");
    let text = g.to_pgn();
    assert!(
        text.ends_with("1. e4 {c} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 $1 a6 *\n"),
        "{text}"
    );
}

#[test]
fn writer_wraps_movetext_at_eighty_columns() {
    let g = record(IMMORTAL);
    let text = g.to_pgn();
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert!(movetext.lines().all(|l| l.len() <= 80));
    assert!(movetext.lines().count() > 3);
    let long_comment = "word ".repeat(100);
    let mut g = GameRecord::from_sans(["e4"]);
    g.moves[0].comments_after.push(long_comment.clone());
    let text = g.to_pgn();
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert_eq!(record(&text).moves[0].comments_after, [long_comment.trim()]);
}

#[test]
fn writer_sanitises_comments_and_escapes_tags() {
    let mut g = GameRecord::from_sans(["e4"]);
    g.moves[0].comments_after.push("a } b {".into());
    g.set_tag("Annotator", "back\\slash \"quote\"");
    let text = g.to_pgn();
    assert!(text.contains("[Annotator \"back\\\\slash \\\"quote\\\"\"]"));
    assert!(text.contains("1. e4 {a b {} *"), "{text}");
    let back = record(&text);
    assert_eq!(back.tag("Annotator"), Some("back\\slash \"quote\""));
    assert_eq!(back.moves[0].comments_after, ["a b {"]);
}

// ----- round trips ---------------------------------------------------------------

const ANNOTATED: &str = r#"[Event "Annotated"]
[Site "?"]
[Date "2024.01.02"]
[Round "1.2"]
[White "Doe, John"]
[Black "Roe, \"Rich\" \\ Richard"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[Annotator "Someone"]

{Intro comment
on two lines} 1... c5 $2 {Sicilian} (1... e5 2. Nf3 (2. f4 {gambit} exf4 (2... d5)
3. Nf3) 2... Nc6 {main} (2... d6 $6) 3. Bb5) ({alt} 1... e6 2. d4 d5) 2. Nf3! d6
3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 {Najdorf} 6. Be3 e5 7. Nb3 Be6 8. f3 h5!? 9. Qd2
Nbd7 10. O-O-O Rc8 11. Kb1 Be7 12. h4 b5 13. Nd5 Bxd5 14. exd5 Nb6 15. Qa5 Nbxd5
16. Bxb5+ axb5 17. Qxb5+ Kf8 18. Rxd5 Nxd5 19. Qxd5 Qc7 20. Nd2 Qxc2+ 21. Ka1 Rc5
22. Qe4 Qxd2 0-1
"#;

#[test]
fn round_trip_keeps_an_annotated_game() {
    let first = record(ANNOTATED);
    assert!(first.errors.is_empty(), "{:?}", first.errors);
    assert_eq!(first.comments, ["Intro comment on two lines"]);
    assert_eq!(first.moves[0].variations.len(), 2);
    let text = first.to_pgn();
    let second = record(&text);
    assert_eq!(second, first, "{text}");
    assert_eq!(second.to_pgn(), text);
}

#[test]
fn round_trip_keeps_a_plain_game() {
    let first = record(IMMORTAL);
    let second = record(&first.to_pgn());
    assert_eq!(second, first);
}

#[test]
fn many_games_written_one_after_another_read_back() {
    let games = records(&format!("{IMMORTAL}\n{ANNOTATED}\n{IMMORTAL}"));
    let mut out = Vec::new();
    for g in &games {
        g.write_to(&mut out).unwrap();
    }
    let back: Vec<_> = Reader::new(&out[..])
        .games()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(back, games);
}

// ----- properties ---------------------------------------------------------------

/// A random (syntactically plausible) game tree.
fn arb_line(depth: u32) -> BoxedStrategy<Vec<MoveNode>> {
    let san = prop::sample::select(vec![
        "e4", "d5", "Nf3", "exd5", "O-O", "O-O-O", "Qxh7+", "Rae1", "e8=Q#", "N1d2", "--",
    ]);
    let comment = "[a-z{}%;() ]{0,12}".prop_map(|s| {
        s.replace('}', "")
            .split_ascii_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    });
    let node = (
        san,
        prop::collection::vec(any::<u8>(), 0..2),
        prop::collection::vec(comment.clone(), 0..2),
        prop::collection::vec(comment, 0..2),
    );
    if depth == 0 {
        prop::collection::vec(node, 1..6)
            .prop_map(|nodes| {
                nodes
                    .into_iter()
                    .map(|(san, nags, _, after)| MoveNode {
                        san: san.to_string(),
                        nags,
                        comments_after: after,
                        ..MoveNode::default()
                    })
                    .collect()
            })
            .boxed()
    } else {
        prop::collection::vec(
            (node, prop::collection::vec(arb_line(depth - 1), 0..2)),
            1..8,
        )
        .prop_map(|nodes| {
            nodes
                .into_iter()
                .map(|((san, nags, _, after), variations)| MoveNode {
                    san: san.to_string(),
                    nags,
                    comments_after: after,
                    variations,
                    ..MoveNode::default()
                })
                .collect()
        })
        .boxed()
    }
}

fn arb_game() -> impl Strategy<Value = GameRecord> {
    (
        arb_line(2),
        prop::sample::select(vec![
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ]),
        "[ -~]{0,30}",
        prop::option::of(Just("8/8/8/4k3/8/8/8/4K3 b - - 0 40".to_string())),
        "[a-z ]{0,20}",
    )
        .prop_map(|(mut moves, result, white, fen, intro)| {
            // A variation's first move may carry comments before it.
            if let Some(v) = moves.iter_mut().find_map(|n| n.variations.first_mut()) {
                v[0].comments_before.push("before".into());
            }
            let mut g = GameRecord {
                moves,
                result,
                ..GameRecord::default()
            };
            let intro = intro.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
            if !intro.is_empty() {
                g.comments.push(intro);
            }
            for (name, default) in guoxiang_core::pgn::SEVEN_TAG_ROSTER {
                let value = match name {
                    "White" => white.clone(),
                    "Result" => result.as_str().to_string(),
                    _ => default.to_string(),
                };
                g.tags.push((name.to_string(), value));
            }
            if let Some(fen) = fen {
                g.tags.push(("SetUp".into(), "1".into()));
                g.tags.push(("FEN".into(), fen));
            }
            g
        })
}

/// Pieces of PGN, good and bad, to shuffle together.
fn arb_tokens() -> impl Strategy<Value = Vec<u8>> {
    let token = prop::sample::select(vec![
        "[Event \"x\"]\n",
        "[",
        "]",
        "\"",
        "\\",
        "1.",
        "1...",
        "e4",
        "Nf3+",
        "O-O",
        "0-0",
        "{",
        "}",
        "{c}",
        ";",
        "\n",
        "\r\n",
        "(",
        ")",
        "$",
        "$7",
        "$999",
        "!",
        "?!",
        "!!?",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "%",
        "\n%x\n",
        " ",
        "\t",
        "\u{feff}",
        "\u{e9}",
        "\x00",
        ".",
        "--",
        "=Q",
        "#",
    ]);
    prop::collection::vec(token, 0..80).prop_map(|t| t.concat().into_bytes())
}

/// Runs `f` on another thread and fails if it takes longer than `secs` (a hang).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs))
        .expect("the reader hung (or panicked)")
}

/// Reads everything, checking that the reader always makes progress.
fn read_everything(data: &[u8], chunk: usize) -> usize {
    let mut r = Reader::new(Trickle { data, n: chunk });
    let mut v = Events::default();
    let mut results = 0;
    loop {
        match r.read_game(&mut v) {
            Ok(Some(_)) | Err(PgnError::Syntax(_)) => results += 1,
            Ok(None) => return results,
            Err(PgnError::Io(e)) => panic!("{e}"),
        }
        assert!(results <= data.len() + 1, "no progress");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_or_hang(data in prop::collection::vec(any::<u8>(), 0..2000), chunk in 1usize..64) {
        within(20, move || {
            read_everything(&data, chunk);
            for g in Reader::new(&data[..]).games().flatten() {
                let _ = g.to_pgn();
            }
        });
    }

    #[test]
    fn arbitrary_token_mixes_never_panic_and_read_the_same_in_pieces(data in arb_tokens(), chunk in 1usize..16) {
        let copy = data.clone();
        let (n, m) = within(20, move || (read_everything(&copy, chunk), read_everything(&copy, 1 << 20)));
        prop_assert_eq!(n, m);
        let located = || Events { locations: true, ..Events::default() };
        let whole = events_with(&data, located());
        let mut r = Reader::new(Trickle { data: &data, n: chunk });
        let mut pieces = Vec::new();
        let mut v = located();
        loop {
            match r.read_game(&mut v) {
                Ok(Some(g)) => pieces.push(g),
                Ok(None) => break,
                Err(PgnError::Syntax(e)) => pieces.push(vec![format!("garbage {:?}", e.kind)]),
                Err(e) => panic!("{e}"),
            }
        }
        // The same events, error locations included, however the input arrives.
        prop_assert_eq!(pieces, whole);
    }

    #[test]
    fn writing_token_mixes_is_stable(data in arb_tokens()) {
        for g in Reader::new(&data[..]).games().flatten() {
            let text = g.to_pgn();
            let back: Vec<_> = Reader::new(text.as_bytes()).games().collect();
            prop_assert_eq!(back.len(), 1, "{}", text);
            let back = back.into_iter().next().unwrap().unwrap();
            prop_assert_eq!(back.to_pgn(), text);
        }
    }

    #[test]
    fn generated_games_round_trip(game in arb_game()) {
        let text = game.to_pgn();
        prop_assert!(text.lines().all(|l| l.starts_with('[') || l.chars().count() <= 80), "{}", text);
        let back = record(&text);
        prop_assert_eq!(&back, &game, "{}", text);
    }
}

// ----- replay ------------------------------------------------------------------

use guoxiang_core::pgn::{Replay, ReplayError};
use guoxiang_core::Position;

#[test]
fn replay_plays_every_mainline_move_legally() {
    let mut r = Reader::new(IMMORTAL.as_bytes());
    let game = r
        .read_game(&mut Replay::new().keep_moves())
        .unwrap()
        .unwrap();
    assert_eq!(game.error, None);
    assert_eq!(game.plies, 45);
    assert_eq!(game.moves.len(), 45);
    assert!(game.end.is_checkmate());
    assert_eq!(game.result, Some(GameResult::WhiteWins));
}

#[test]
fn replay_stops_at_the_first_illegal_move() {
    let mut r = Reader::new(&b"1. e4 e5 2. Nf3 Nf6 3. Bb5 Bb4 4. Qh5 Qxh5 *"[..]);
    let game = r.read_game(&mut Replay::new()).unwrap().unwrap();
    assert_eq!(game.plies, 6);
    match game.error {
        Some(ReplayError::IllegalMove {
            ply: 7,
            depth: 0,
            ref san,
            ..
        }) => assert_eq!(san, "Qh5"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn replay_reports_ambiguous_and_malformed_moves_as_san_does() {
    for (pgn, bad) in [
        ("1. e4 e5 2. Nc3 Nc6 3. Ne2 *", "Ne2"),
        ("1. e4 e5 2. Kxe8 *", "Kxe8"),
        ("1. e4 e5 2. e9 *", "e9"),
        // A null move is read (tests/pgn_in_the_wild.rs), not refused.
    ] {
        let game = Reader::new(pgn.as_bytes())
            .read_game(&mut Replay::new())
            .unwrap()
            .unwrap();
        let mut pos = Position::new();
        let mut expected = None;
        for san in sans(&one(pgn)) {
            match pos.parse_san(san) {
                Ok(m) => pos.play_unchecked(m),
                Err(e) => {
                    expected = Some(e);
                    break;
                }
            }
        }
        match game.error {
            Some(ReplayError::IllegalMove { san, error, .. }) => {
                assert_eq!(san, bad);
                assert_eq!(Some(error), expected);
            }
            other => panic!("{pgn}: {other:?}"),
        }
        assert_eq!(game.end, pos);
    }
}

#[test]
fn replay_starts_from_the_fen_tag() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 *";
    let game = Reader::new(pgn.as_bytes())
        .read_game(&mut Replay::new())
        .unwrap()
        .unwrap();
    assert_eq!(game.error, None);
    assert_eq!(game.end.fen(), "8/3k4/8/4P3/8/8/8/4K3 b - - 0 2");
    let bad = "[FEN \"not a fen\"]\n\n1. e4 *";
    let game = Reader::new(bad.as_bytes())
        .read_game(&mut Replay::new())
        .unwrap()
        .unwrap();
    assert!(matches!(game.error, Some(ReplayError::InvalidFen { .. })));
}

#[test]
fn replay_checks_variations_when_asked() {
    let pgn = "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) (1... Nf6 2. Ke3) 2. Nf3 *";
    let mainline = Reader::new(pgn.as_bytes())
        .read_game(&mut Replay::new())
        .unwrap()
        .unwrap();
    assert_eq!((mainline.plies, mainline.error), (3, None));
    let all = Reader::new(pgn.as_bytes())
        .read_game(&mut Replay::new().with_variations())
        .unwrap()
        .unwrap();
    assert_eq!(all.plies, 3);
    match all.error {
        Some(ReplayError::IllegalMove {
            ply: 3,
            depth: 1,
            ref san,
            ..
        }) => assert_eq!(san, "Ke3"),
        other => panic!("{other:?}"),
    }
    let record = record(pgn);
    assert_eq!(record.replay(false).unwrap().len(), 3);
    assert!(matches!(
        record.replay(true),
        Err(ReplayError::IllegalMove {
            ply: 3,
            depth: 1,
            ..
        })
    ));
}

/// A pseudo-random legal game: xorshift over the legal moves.
fn random_game(seed: u64, plies: usize) -> (Position, Vec<guoxiang_core::Move>) {
    let start = Position::new();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut x = seed | 1;
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = legal
            .iter()
            .nth((x % legal.len() as u64) as usize)
            .copied()
            .unwrap();
        moves.push(m);
        pos.play_unchecked(m);
    }
    (start, moves)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_games_round_trip_through_pgn(seed in any::<u64>(), plies in 0usize..200) {
        let (start, moves) = random_game(seed, plies);
        let mut game = GameRecord::from_moves(&start, &moves).unwrap();
        game.moves.iter_mut().step_by(7).for_each(|n| n.nags.push(1));
        game.moves.iter_mut().step_by(5).for_each(|n| n.comments_after.push("note".into()));
        let text = game.to_pgn();
        let back = record(&text);
        prop_assert_eq!(&back.moves, &game.moves);
        prop_assert_eq!(back.replay(true).unwrap(), moves.clone());
        let replayed = Reader::new(text.as_bytes())
            .read_game(&mut Replay::new().keep_moves())
            .unwrap()
            .unwrap();
        prop_assert_eq!(replayed.moves, moves);
        prop_assert_eq!(replayed.error, None);
    }
}

#[test]
fn every_legal_move_in_tricky_positions_replays_to_itself() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
        "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/p1p5/1R2K3 b - - 0 1",
        "2k5/8/8/8/8/1N3N2/8/1N1QK1NQ w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let legal = pos.legal_moves();
        assert!(!legal.is_empty());
        for &m in legal.iter() {
            let game = GameRecord::from_moves(&pos, &[m]).unwrap();
            assert_eq!(
                game.replay(false).unwrap(),
                [m],
                "{fen} {}",
                game.moves[0].san
            );
            let text = game.to_pgn();
            let streamed = Reader::new(text.as_bytes())
                .read_game(&mut Replay::new().keep_moves())
                .unwrap()
                .unwrap();
            assert_eq!(streamed.moves, [m], "{text}");
        }
    }
}
