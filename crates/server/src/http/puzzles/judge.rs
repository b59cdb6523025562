//! Judging one solver move, statelessly: the puzzle's line is replayed to the asked
//! ply, the move is read and checked for legality by the core, and compared with
//! the solution. A move that mates is always solved (so any mate at the last move
//! of a mate puzzle counts); in a draw puzzle a move that ends the game drawn at
//! once is solved too. Any other move than the solution's is wrong, and a short
//! search ([`REFUTATION_NODES`] nodes) finds the opponent's best answer and the
//! line after it, up to [`REFUTATION_PLIES`] plies.

use guoxiang_core::{FromTo, IllegalReason, Move, Outcome, Position};
use guoxiang_engine::{Engine, Think};
use guoxiang_puzzles::{Goal, Puzzle};

/// The nodes the refutation search spends (a few tens of milliseconds).
pub const REFUTATION_NODES: u64 = 40_000;
/// The longest refutation shown, in plies.
pub const REFUTATION_PLIES: usize = 4;

/// What the move was.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The solution's move; the opponent answers `reply`.
    Right { reply: Move },
    /// The puzzle is done.
    Solved,
    /// A legal move that is not the solution; the opponent's best line against it.
    Wrong { refutation: Vec<Move> },
    /// Not a legal move, and why.
    Illegal(IllegalReason),
}

/// A judged move.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    pub verdict: Verdict,
    /// The position the move was played in (the line replayed to the ply).
    pub at: Position,
    /// The move read (`None` when illegal).
    pub played: Option<Move>,
    /// Where the solver moves next (after the reply; unchanged after a wrong or
    /// illegal move; after the move once solved).
    pub next: Position,
}

/// A request that cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("ply {ply} is not a move of the solver: use an even index below {len}")]
    BadPly { ply: u32, len: usize },
    #[error("{0:?} is not a move in UCI notation (such as e2e4 or e7e8q)")]
    BadMove(String),
    #[error("the puzzle's line does not replay at ply {0}")]
    BadLine(usize),
}

/// The positions of the puzzle from `before` through its line up to `ply` (its
/// first is `before`, its last the position at `ply`).
fn replay(p: &Puzzle, ply: usize) -> Result<Vec<Position>, JudgeError> {
    let mut out = vec![p.before.clone(), p.start.clone()];
    let mut pos = p.start.clone();
    for (i, m) in p.line.iter().take(ply).enumerate() {
        if !pos.legal_moves().iter().any(|l| l == m) {
            return Err(JudgeError::BadLine(i));
        }
        pos.play_unchecked(*m);
        out.push(pos.clone());
    }
    Ok(out)
}

/// Judges `uci` played at index `ply` of `p`'s line.
pub fn judge(p: &Puzzle, ply: u32, uci: &str) -> Result<Judged, JudgeError> {
    let n = ply as usize;
    if n % 2 == 1 || n >= p.line.len() {
        return Err(JudgeError::BadPly {
            ply,
            len: p.line.len(),
        });
    }
    let text: String = uci.trim().chars().take(16).collect();
    let FromTo {
        from,
        to,
        promotion,
    } = FromTo::parse(&text).map_err(|_| JudgeError::BadMove(text.clone()))?;
    let positions = replay(p, n)?;
    let at = positions.last().cloned().unwrap_or_else(|| p.start.clone());
    let m = match at.explain(from, to, promotion) {
        Ok(m) => m,
        Err(why) => {
            return Ok(Judged {
                verdict: Verdict::Illegal(why),
                next: at.clone(),
                at,
                played: None,
            })
        }
    };
    let after = at.after(m);
    let solved = |next: Position| Judged {
        verdict: Verdict::Solved,
        at: at.clone(),
        played: Some(m),
        next,
    };
    if after.is_checkmate() {
        return Ok(solved(after));
    }
    if m == p.line[n] {
        return Ok(match p.line.get(n + 1) {
            None => solved(after),
            Some(&reply) => Judged {
                verdict: Verdict::Right { reply },
                next: after.after(reply),
                at,
                played: Some(m),
            },
        });
    }
    if p.goal == Goal::Draw && matches!(after.outcome(), Some(Outcome::Draw { .. })) {
        return Ok(solved(after));
    }
    let history = positions.iter().map(Position::zobrist).collect();
    Ok(Judged {
        verdict: Verdict::Wrong {
            refutation: refutation(&after, history),
        },
        next: at.clone(),
        at,
        played: Some(m),
    })
}

/// The opponent's best line in `pos` (the position after the wrong move), from a
/// short full-strength search; empty when the opponent has no move.
pub fn refutation(pos: &Position, history: Vec<u64>) -> Vec<Move> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    let mut think = Think::new(pos.clone());
    think.history = history;
    think.limits.nodes = Some(REFUTATION_NODES);
    let d = Engine::new(4).think(&think, &mut |_| {});
    let mut line: Vec<Move> = d.pv.into_iter().take(REFUTATION_PLIES).collect();
    if line.is_empty() {
        line.extend(d.best);
    }
    // Only what replays (the principal variation is legal, but keep the API honest).
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        if !p.legal_moves().iter().any(|l| *l == m) {
            break;
        }
        p.play_unchecked(m);
        out.push(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_puzzles::glicko::Rating;
    use guoxiang_puzzles::{PuzzleId, Source, Theme};

    fn puzzle(before: &str, mistake: &str, line: &[&str], goal: Goal) -> Puzzle {
        let before = Position::from_fen(before).expect("FEN");
        let mistake = before.parse_uci(mistake).expect("mistake");
        let start = before.after(mistake);
        let mut pos = start.clone();
        let line = line
            .iter()
            .map(|u| {
                let m = pos.parse_uci(u).expect("line");
                pos.play_unchecked(m);
                m
            })
            .collect();
        Puzzle {
            id: PuzzleId("t".into()),
            before,
            mistake,
            start,
            line,
            goal,
            themes: vec![Theme::Fork],
            rating: Rating {
                rating: 1500.0,
                rd: 100.0,
                vol: 0.06,
            },
            source: Source::Server {
                game: "t".into(),
                ply: 1,
            },
            proof: Default::default(),
        }
    }

    /// 1…Bd3+? and White takes either piece: king and one minor piece cannot mate.
    fn draw() -> Puzzle {
        let before = "6k1/8/8/8/8/5n2/4K3/1b6 b - - 0 1";
        puzzle(before, "b1d3", &["e2d3"], Goal::Draw)
    }

    #[test]
    fn in_a_draw_puzzle_a_move_that_ends_the_game_drawn_at_once_is_solved() {
        let p = draw();
        for uci in ["e2d3", "e2f3"] {
            let j = judge(&p, 0, uci).expect("judged");
            assert_eq!(j.verdict, Verdict::Solved, "{uci}");
            assert!(j.next.is_insufficient_material());
        }
        let j = judge(&p, 0, "e2e3").expect("judged");
        assert!(
            matches!(j.verdict, Verdict::Wrong { .. }),
            "{:?}",
            j.verdict
        );
        assert_eq!(j.next, p.start, "a wrong move changes nothing");
    }

    #[test]
    fn a_wrong_move_is_refuted_by_a_legal_line_from_the_position_after_it() {
        let p = puzzle(
            "6k1/R4ppp/8/3Q4/8/8/4rPPP/6K1 b - - 0 1",
            "e2e8",
            &["d5f7", "g8h8", "f7e8"],
            Goal::Mate(2),
        );
        let j = judge(&p, 0, "d5d8").expect("judged");
        let Verdict::Wrong { refutation } = &j.verdict else {
            panic!("{:?}", j.verdict)
        };
        assert_eq!(refutation.first().map(|m| m.to_uci()), Some("e8d8".into()));
        assert!(refutation.len() <= REFUTATION_PLIES);
        let mut pos = j.at.after(j.played.expect("played"));
        for m in refutation {
            assert!(pos.legal_moves().iter().any(|l| l == m));
            pos.play_unchecked(*m);
        }
    }

    #[test]
    fn odd_plies_plies_past_the_line_and_unreadable_moves_are_refused() {
        let p = draw();
        assert_eq!(
            judge(&p, 1, "e2d3"),
            Err(JudgeError::BadPly { ply: 1, len: 1 })
        );
        assert_eq!(
            judge(&p, 2, "e2d3"),
            Err(JudgeError::BadPly { ply: 2, len: 1 })
        );
        assert_eq!(
            judge(&p, 0, "king takes"),
            Err(JudgeError::BadMove("king takes".into()))
        );
        let j = judge(&p, 0, "e2e4").expect("judged");
        assert!(matches!(j.verdict, Verdict::Illegal(_)), "{:?}", j.verdict);
        assert_eq!(j.played, None);
    }
}
