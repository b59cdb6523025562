//! One turn of a trainer game: read the learner's position and move, judge
//! the move ([`super::coach`]), answer with the defence's best move from the
//! tables (longest resistance when it loses, keeping the draw when it can,
//! the fastest mate when the learner blundered into a loss), and say whether
//! the game ended ([`super::over`]). Hints come from the same tables.

use super::coach::{best_of, defence_choice, judge, Verdict};
use super::error::TrainerError;
use super::exercise::{Exercise, NotThisExercise};
use super::over::{ending, learner_result};
use super::phase::phase_of;
use super::start::{start_position, Difficulty};
use crate::protocol::endgame::{Hint, MoveNames, Over, Played, Reply, Started, VerdictView};
use guoxiang_core::{CastlingRights, FromTo, Move, Position};
use guoxiang_i18n::{Lang, Localize};
use guoxiang_tablebase::{Tablebase, Wdl};

/// The learner's position from `fen`: legal, of this exercise, the learner to
/// move, and the game not over.
pub fn read_position(exercise: Exercise, fen: &str) -> Result<Position, TrainerError> {
    let pos = Position::from_fen(fen).map_err(|e| TrainerError::BadFen(e.message(Lang::En)))?;
    if pos.castling_rights() != CastlingRights::NONE {
        return Err(TrainerError::BadFen(
            "the trainer's positions have no castling rights (use - in the FEN)".into(),
        ));
    }
    exercise.allows(&pos)?;
    if let Some(end) = ending(&pos) {
        return Err(TrainerError::GameOver(end));
    }
    Ok(pos)
}

/// The legal move `uci` names in `pos`, or why there is none.
pub fn read_move(pos: &Position, uci: &str) -> Result<Move, TrainerError> {
    let bad = |reason: String| TrainerError::IllegalMove {
        uci: uci.chars().take(16).collect(),
        reason,
    };
    let FromTo {
        from,
        to,
        promotion,
    } = FromTo::parse(uci).map_err(|e| bad(e.to_string()))?;
    pos.explain(from, to, promotion)
        .map_err(|why| bad(format!("not legal here: {}", why.message(Lang::En))))
}

/// Plays the learner's `uci` from `fen` and the defence's answer.
pub fn play(
    tb: &Tablebase,
    exercise: Exercise,
    fen: &str,
    uci: &str,
) -> Result<Played, TrainerError> {
    let pos = read_position(exercise, fen)?;
    let mv = read_move(&pos, uci)?;
    let moves = tb.probe_moves(&pos)?;
    let after = pos.after(mv);
    let ended = ending(&after);
    let reply = match ended {
        Some(_) => None,
        None => defence_choice(&after, &tb.probe_moves(&after)?),
    };
    let verdict = judge(tb, exercise, &pos, mv, &moves, reply)?;
    let mut played = Played {
        san: pos.san(mv),
        fen: after.fen(),
        verdict: verdict_view(&verdict),
        best: verdict.best.map(|b| names(&pos, b)),
        reply: None,
        dtm: None,
        phase: None,
        over: ended.map(|e| Over {
            result: e,
            learner: learner_result(exercise, &after, e),
        }),
    };
    let Some(r) = reply else {
        return Ok(played);
    };
    let next = after.after(r);
    played.reply = Some(Reply {
        uci: r.to_uci(),
        san: after.san(r),
        fen: next.fen(),
    });
    if let Some(e) = ending(&next) {
        played.over = Some(Over {
            result: e,
            learner: learner_result(exercise, &next, e),
        });
        return Ok(played);
    }
    let probe = tb.probe(&next)?;
    played.dtm = probe.dtm.filter(|_| probe.wdl != Wdl::Draw);
    played.phase = Some(phase_of(exercise, &next));
    Ok(played)
}

/// A hint for the learner in `fen`: 1 the square of the piece to move,
/// 2 the move, 3 the phase of the method.
pub fn hint(
    tb: &Tablebase,
    exercise: Exercise,
    fen: &str,
    level: &str,
) -> Result<Hint, TrainerError> {
    let level = match level {
        "1" => 1,
        "2" => 2,
        "3" => 3,
        other => return Err(TrainerError::BadLevel(other.chars().take(16).collect())),
    };
    let pos = read_position(exercise, fen)?;
    let mut hint = Hint {
        level,
        square: None,
        uci: None,
        san: None,
        phase: None,
    };
    if level == 3 {
        hint.phase = Some(phase_of(exercise, &pos));
        return Ok(hint);
    }
    let moves = tb.probe_moves(&pos)?;
    // Invariant: read_position refused positions without a legal move.
    let best = best_of(&moves).ok_or(TrainerError::NotThisExercise(NotThisExercise::Turn {
        learner: exercise.learner(),
    }))?;
    if level == 1 {
        hint.square = Some(best.mv.from().to_string());
    } else {
        hint.uci = Some(best.mv.to_uci());
        hint.san = Some(pos.san(best.mv));
    }
    Ok(hint)
}

fn verdict_view(v: &Verdict) -> VerdictView {
    VerdictView {
        kind: v.kind,
        by: v.by,
        why: v.why,
        square: v.square.map(|s| s.to_string()),
    }
}

fn names(pos: &Position, m: Move) -> MoveNames {
    MoveNames {
        uci: m.to_uci(),
        san: pos.san(m),
    }
}

/// A new game of `exercise`: a start position at `difficulty` (`medium` when
/// not given) for `seed` (a random one when not given).
pub fn begin(
    tb: &Tablebase,
    exercise: Exercise,
    difficulty: Option<&str>,
    seed: Option<u64>,
) -> Result<Started, TrainerError> {
    let difficulty = match difficulty {
        None => Difficulty::Medium,
        Some(d) => Difficulty::from_code(d)
            .ok_or_else(|| TrainerError::BadDifficulty(d.chars().take(16).collect()))?,
    };
    let seed = seed.unwrap_or_else(random_seed);
    let pos = start_position(tb, exercise, difficulty, seed)?;
    let probe = tb.probe(&pos)?;
    let dtm = probe.dtm.filter(|_| probe.wdl != Wdl::Draw);
    Ok(Started {
        fen: pos.fen(),
        dtm,
        optimal_moves: dtm.filter(|_| probe.wdl == Wdl::Win).map(|d| d.div_ceil(2)),
        phase: phase_of(exercise, &pos),
    })
}

/// A seed from the operating system's generator (a fixed one if it has none).
fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    match getrandom::fill(&mut b) {
        Ok(()) => u64::from_le_bytes(b),
        Err(_) => 0x2545_f491_4f6c_dd1d,
    }
}
