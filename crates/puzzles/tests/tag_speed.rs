//! The tagger is pure and fast: the same input gives the same themes, sorted and
//! without duplicates; a line that turns illegal is read up to its last legal move;
//! and tagging a puzzle takes well under 5 ms (measured on busy middlegame
//! positions with eight-move lines, where the mate-threat search costs most).
//! Run `cargo test --release -p guoxiang-puzzles --test tag_speed -- --nocapture`
//! to see the times.

use std::time::{Duration, Instant};

use guoxiang_core::{Move, Position};
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::Goal;

const BUSY: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 12",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 b - - 0 15",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R b KQ - 1 8",
    "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
];

/// A deterministic pseudo-random line of `n` legal moves from `pos`.
fn line_from(pos: &Position, n: usize, seed: &mut u64) -> Vec<Move> {
    let mut p = pos.clone();
    let mut line = Vec::new();
    for _ in 0..n {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(*seed >> 33) as usize % moves.len()];
        p = p.after(m);
        line.push(m);
    }
    line
}

struct Case {
    before: Position,
    mistake: Move,
    start: Position,
    line: Vec<Move>,
}

fn cases() -> Vec<Case> {
    let mut seed = 17;
    let mut out = Vec::new();
    for fen in BUSY {
        let before = Position::from_fen(fen).expect("FEN");
        for k in 0..25 {
            let moves = before.legal_moves();
            let mistake = moves[k % moves.len()];
            let start = before.after(mistake);
            let line = line_from(&start, 8, &mut seed);
            out.push(Case {
                before: before.clone(),
                mistake,
                start,
                line,
            });
        }
    }
    out
}

fn run(c: &Case, goal: Goal) -> Vec<guoxiang_puzzles::Theme> {
    tag(&TagInput {
        before: &c.before,
        mistake: c.mistake,
        start: &c.start,
        line: &c.line,
        goal,
    })
}

#[test]
fn the_same_puzzle_always_gets_the_same_sorted_themes() {
    for c in cases() {
        let a = run(&c, Goal::Win);
        assert_eq!(a, run(&c, Goal::Win));
        assert!(a.windows(2).all(|w| w[0] < w[1]), "{a:?}");
    }
}

#[test]
fn a_line_that_turns_illegal_is_read_up_to_its_last_legal_move() {
    let c = &cases()[0];
    let mut bad = c.line.clone();
    bad.insert(1, bad[0]); // the same move twice in a row cannot be legal
    let cut = Case {
        before: c.before.clone(),
        mistake: c.mistake,
        start: c.start.clone(),
        line: bad,
    };
    let short = Case {
        before: c.before.clone(),
        mistake: c.mistake,
        start: c.start.clone(),
        line: c.line[..1].to_vec(),
    };
    assert_eq!(run(&cut, Goal::Win), run(&short, Goal::Win));
}

#[test]
fn tagging_a_puzzle_takes_well_under_five_milliseconds() {
    let cases = cases();
    let rounds = 5;
    let goals = [Goal::Win, Goal::Draw, Goal::Mate(4)];
    // Each puzzle's time is its fastest of `rounds` runs, so that a busy machine
    // pausing the test does not count against the tagger.
    let mut best = vec![Duration::MAX; cases.len() * goals.len()];
    for _ in 0..rounds {
        for (i, c) in cases.iter().enumerate() {
            for (j, &goal) in goals.iter().enumerate() {
                let t = Instant::now();
                std::hint::black_box(run(c, goal));
                let k = i * goals.len() + j;
                best[k] = best[k].min(t.elapsed());
            }
        }
    }
    let worst = best.iter().copied().max().unwrap_or_default();
    let mean = best.iter().sum::<Duration>() / best.len() as u32;
    println!(
        "tagger: {} puzzles, mean {mean:?}, worst {worst:?}",
        best.len()
    );
    // Unoptimised test builds are 10-20 times slower; the 5 ms budget is for release.
    let limit = if cfg!(debug_assertions) {
        Duration::from_millis(100)
    } else {
        Duration::from_millis(5)
    };
    assert!(mean < limit / 5, "mean {mean:?}");
    assert!(worst < limit, "worst {worst:?}");
}
