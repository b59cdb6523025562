//! The fast, chunked, parallel `pgn check` says exactly what the reference check
//! (every game read into a record and played in a `Game`, one after the other)
//! says, on awkward PGN, however the file is cut.

use super::pipeline::{check_stream, Options};
use super::reference;
use super::report::{FileProblem, Lines};
use guoxiang_core::pgn::{PgnError, Reader};

/// The reference: the file read from the start, game by game.
fn reference_report(data: &[u8], json: bool) -> (String, bool) {
    let mut lines = Lines::default();
    let mut reader = Reader::new(data);
    for item in reader.games() {
        match item {
            Ok(record) => lines.game(&reference::check(&record), json),
            Err(PgnError::Io(e)) => {
                let error = format!("read error: {e}");
                lines.file("t.pgn", &FileProblem::Io { error }, json);
                break;
            }
            Err(e) => {
                let problem = FileProblem::Syntax {
                    error: e.to_string(),
                    at: e.location(),
                };
                lines.file("t.pgn", &problem, json);
            }
        }
    }
    let mut out = Vec::new();
    lines.write_to(&mut out, 1).unwrap();
    (String::from_utf8(out).unwrap(), lines.failed)
}

fn fast_report(data: &[u8], json: bool, threads: usize, chunk: usize) -> (String, bool) {
    let mut out = Vec::new();
    let options = Options {
        json,
        threads,
        chunk,
    };
    let done = check_stream(data, "t.pgn", options, 1, &mut out, &|_| {}).unwrap();
    (String::from_utf8(out).unwrap(), done.failed)
}

/// Games that take every path: clean, illegal, over before the end, repeated,
/// bad tags, syntax problems, comments that look like game starts, …
const AWKWARD: &str = concat!(
    "\u{feff}[Event \"Fool\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n\n",
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 *\n\n",
    "1. e4 e5 2. Ke3 *\n\n",
    "1. f3 e5 2. g4 Qh4# 3. a3 *\n\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nxf7 Qxe4+ 7. Kf1 Qxg2+ *\n\n",
    "1. e4 -- 2. d4 *\n\n",
    "1. e4 Z0 2. d4 *\n\n",
    "1. g1f3 e7e5 2. Ng1-f3 *\n\n",
    "[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 *\n\n",
    "1. Nf3 Nf6 2. Nh4 Nh5 3. Nf3 Nf6 4. Nh4 Nh5 5. Nf3 Nf6 6. Nh4 Nh5 7. Nf3 Nf6 8. Nh4 Nh5 9. Nf3 Nf6 *\n\n",
    "[FEN \"8/8/4k3/8/8/4K3/2p5/4N3 w - - 0 1\"]\n\n1. Nxc2 Kd5 2. Qh5 *\n\n",
    "[FEN \"8/8/4k3/8/8/4K3/2p5/4N3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Nxc2 1/2-1/2\n\n",
    "[FEN \"8/8/4k3/8/8/4K3/2p5/4N3 w - - 0 1\"]\n\n1. Nxc2 Kd5 2. Ne1 *\n\n",
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n\n80. Ra2 Kd7 *\n\n",
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 *\n\n",
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 Kd7 *\n\n",
    "[FEN \"not a fen\"]\n\n1. e4 *\n\n",
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n1. Kd7 *\n\n",
    "[Result \"1-0\"]\n\n1. e4 {a comment\n\n[Event \"inside\"]\n} e5 (1... c5 $1 2. Nf3) 2. Nf3 $2 Nc6 1-0\n\n",
    "[Event \"x\"]\n\n1. e4 ( $4 1. d4 ) e5 *\n\n",
    "[Event \"y\"]\n\n$3 1. e4 e5 *\n\n",
    "1. e4 ) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n",
    "this is not pgn\n\n",
    "[Event \"tags only\"]\n\n[Event \"next\"]\n\n1. d4 d5 *\n",
    "[Event \"z\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
    "[Event \"no result\"]\n\n1. e4 e5\n",
    "[Event \"open\"]\n\n1. e4 (1. d4 d5 2. c4\n\n",
    "[Event \"last\"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 { unterminated\n",
);

#[test]
fn the_chunked_check_says_what_the_reference_says_however_the_file_is_cut() {
    let data = AWKWARD.as_bytes();
    for json in [true, false] {
        let expected = reference_report(data, json);
        assert!(expected.1, "the corpus has bad games");
        for chunk in [1, 2, 3, 7, 16, 50, 64, 100, 333, 1 << 20] {
            for threads in [1, 3] {
                let got = fast_report(data, json, threads, chunk);
                assert_eq!(
                    got, expected,
                    "chunk {chunk}, threads {threads}, json {json}"
                );
            }
        }
    }
}

#[test]
fn clean_games_take_the_fast_path_and_agree_with_the_reference() {
    let mut data = String::new();
    for i in 0..200 {
        data.push_str(&format!(
            "[Event \"g{i}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n"
        ));
    }
    let expected = reference_report(data.as_bytes(), true);
    assert!(!expected.1);
    assert_eq!(expected.0.lines().count(), 200);
    assert_eq!(fast_report(data.as_bytes(), true, 2, 300), expected);
}
