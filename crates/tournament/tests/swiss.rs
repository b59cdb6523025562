//! The Dutch pairing against bbpPairings, the referee: every recorded tournament in
//! `tests/data/swiss/` (made by `tools/swiss_referee.py`: a random tournament from
//! bbpPairings' generator with its last round taken off, and the pairing bbpPairings
//! gives that round) must be paired exactly as recorded, except the cases listed in
//! `differs.txt`, which must still be legal pairings (no rematch, nobody twice, the
//! bye to an eligible player). A small TRF reader of this test's own turns the files
//! into `SwissInput`.

use guoxiang_tournament::swiss::{pair, Colour, Pairing, SwissInput, SwissPlayer};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Reads the TRF subset bbpPairings writes: `001` player lines, `XXR`, `XXC`.
fn read_trf(text: &str) -> SwissInput {
    let mut players = Vec::new();
    let mut total_rounds = 0;
    let mut first_colour = None;
    for line in text.split(['\r', '\n']) {
        if let Some(rest) = line.strip_prefix("XXR") {
            total_rounds = rest.trim().parse().expect("XXR number");
        } else if let Some(rest) = line.strip_prefix("XXC") {
            let word = rest.trim();
            first_colour = Some(if word.starts_with("black") {
                Colour::Black
            } else {
                Colour::White
            });
        } else if line.starts_with("001") {
            players.push(read_player(line));
        }
    }
    let done = players.iter().map(|p| p.opponents.len()).max().unwrap_or(0) as u32;
    let first_colour = first_colour.unwrap_or_else(|| infer_first_colour(&players));
    SwissInput {
        round: done + 1,
        total_rounds: total_rounds.max(done + 1),
        first_colour,
        players,
    }
}

fn field(line: &str, from: usize, to: usize) -> &str {
    line.get(from..to.min(line.len())).unwrap_or("").trim()
}

fn read_player(line: &str) -> SwissPlayer {
    let id: u32 = field(line, 4, 8).parse().expect("starting rank");
    let rating = field(line, 48, 52).parse().unwrap_or(0);
    let points_text = field(line, 80, 84);
    let points = (points_text.parse::<f64>().expect("points") * 2.0).round() as u32;
    let mut player = SwissPlayer {
        id,
        rating,
        points,
        opponents: vec![],
        colours: vec![],
        round_points: vec![],
        unplayed_points: vec![],
        absent: false,
    };
    let mut at = 91;
    while at + 8 <= line.len() {
        let opp: u32 = field(line, at, at + 4).parse().unwrap_or(0);
        let colour = match &line[at + 5..at + 6] {
            "w" => Some(Colour::White),
            "b" => Some(Colour::Black),
            _ => None,
        };
        let result = &line[at + 7..at + 8];
        let played = matches!(result, "1" | "0" | "=" | "W" | "D" | "L");
        player.opponents.push((opp != 0).then_some(opp));
        player.colours.push(if played { colour } else { None });
        player.round_points.push(match result {
            "1" | "+" | "W" | "F" | "U" => 2,
            "=" | "D" | "H" => 1,
            _ => 0,
        });
        player
            .unplayed_points
            .push(matches!(result, "+" | "F" | "U"));
        at += 10;
    }
    player
}

/// bbpPairings' rule when no `XXC` is given: the first round's colour of the
/// highest-ranked player who played it (reversed for the second, and so on).
fn infer_first_colour(players: &[SwissPlayer]) -> Colour {
    let mut sorted: Vec<&SwissPlayer> = players.iter().collect();
    sorted.sort_by_key(|p| p.id);
    for p in sorted {
        if let Some(Some(c)) = p.colours.first() {
            return if p.id % 2 == 1 { *c } else { c.opposite() };
        }
    }
    Colour::White
}

/// bbpPairings' output: the number of pairs, then `white black` lines, `0` for the bye.
fn read_expected(text: &str) -> Pairing {
    let mut pairing = Pairing::default();
    for line in text.lines().skip(1) {
        let nums: Vec<u32> = line
            .split_whitespace()
            .map(|w| w.parse().expect("id"))
            .collect();
        match nums.as_slice() {
            [w, 0] => pairing.bye = Some(*w),
            [w, b] => pairing.pairs.push((*w, *b)),
            _ => {}
        }
    }
    pairing
}

fn as_set(p: &Pairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    (p.pairs.iter().copied().collect(), p.bye)
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss")
}

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    files.sort();
    files
}

/// The absolute criteria, checked on any pairing: nobody twice, no rematch of a
/// game played, the bye to someone who has not scored a win without playing.
fn assert_legal(name: &str, input: &SwissInput, ours: &Pairing) {
    let mut seen = BTreeSet::new();
    for &(w, b) in &ours.pairs {
        assert!(
            seen.insert(w) && seen.insert(b),
            "{name}: a player paired twice"
        );
        let pw = input
            .players
            .iter()
            .find(|p| p.id == w)
            .expect("known white");
        let met = pw
            .opponents
            .iter()
            .zip(&pw.colours)
            .any(|(o, c)| c.is_some() && *o == Some(b));
        assert!(!met, "{name}: {w} and {b} already played");
    }
    if let Some(bye) = ours.bye {
        assert!(seen.insert(bye), "{name}: the bye also plays");
        let p = input
            .players
            .iter()
            .find(|p| p.id == bye)
            .expect("known bye");
        assert!(
            !p.unplayed_points.iter().any(|x| *x),
            "{name}: a second bye for {bye}"
        );
    }
    let active = input.players.iter().filter(|p| !p.absent).count();
    assert_eq!(seen.len(), active, "{name}: everyone present is paired");
}

#[test]
fn recorded_tournaments_are_paired_as_the_referee_pairs_them() {
    check_corpus(&data_dir());
}

/// The 150–250-player cases in `tests/data/swiss/large/`: a few seconds each in a
/// release build, minutes in a debug one, hence ignored by default:
/// `cargo test -p guoxiang-tournament --release --test swiss -- --ignored large`.
#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored large"]
fn large_recorded_tournaments_are_paired_as_the_referee_pairs_them() {
    check_corpus(&data_dir().join("large"));
}

/// Pairs every case of `dir` and compares with the referee's pairing (see the file's
/// doc); `dir/differs.txt` lists the cases allowed to differ.
fn check_corpus(dir: &Path) {
    let differs: BTreeSet<String> = std::fs::read_to_string(dir.join("differs.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    let files = cases(dir);
    assert!(!files.is_empty(), "the corpus is there");
    let mut agree = 0;
    let mut wrong = Vec::new();
    for trf in &files {
        let name = trf
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_string();
        let input = read_trf(&std::fs::read_to_string(trf).expect("trf"));
        let expected = read_expected(
            &std::fs::read_to_string(trf.with_extension("expected")).expect("expected"),
        );
        let ours = pair(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_legal(&name, &input, &ours);
        let same = as_set(&ours) == as_set(&expected);
        if differs.contains(&name) {
            if same {
                wrong.push(format!("{name} now agrees: take it off differs.txt"));
            }
        } else if same {
            agree += 1;
        } else {
            wrong.push(format!("{name}: ours {ours:?}\nreferee {expected:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!(
        "{agree}/{} recorded cases agree with the referee",
        files.len()
    );
}

#[test]
fn the_reader_turns_a_forfeit_into_no_game() {
    let line = format!(
        "001    1      Test0001 Player0001               2633                             1.0    3     8 w +{}",
        ""
    );
    let p = read_player(&line);
    assert_eq!(p.colours, vec![None]);
    assert_eq!(p.round_points, vec![2]);
    assert_eq!(p.unplayed_points, vec![true]);
}

/// For tools/swiss_referee.py: pairs every `*.trf` in `$SWISS_DIR` and writes
/// `*.ours` next to it in bbpPairings' output format, plus the total time taken.
#[test]
#[ignore = "run by tools/swiss_referee.py"]
fn referee_dump() {
    let Ok(dir) = std::env::var("SWISS_DIR") else {
        return;
    };
    let dir = PathBuf::from(dir);
    let mut total = std::time::Duration::ZERO;
    for trf in cases(&dir) {
        let input = read_trf(&std::fs::read_to_string(&trf).expect("trf"));
        let start = std::time::Instant::now();
        let result = pair(&input);
        total += start.elapsed();
        let text = match result {
            Ok(p) => {
                let mut out = format!("{}\n", p.pairs.len() + usize::from(p.bye.is_some()));
                for (w, b) in &p.pairs {
                    out += &format!("{w} {b}\n");
                }
                if let Some(bye) = p.bye {
                    out += &format!("{bye} 0\n");
                }
                out
            }
            Err(e) => format!("ERROR {e}\n"),
        };
        std::fs::write(trf.with_extension("ours"), text).expect("write");
    }
    std::fs::write(
        dir.join("ours_time.txt"),
        format!("{}\n", total.as_secs_f64()),
    )
    .expect("time");
}
