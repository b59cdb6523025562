//! Checks one lesson after serde has read it: names, texts, the fields each goal
//! takes, positions, and every solution replayed through the judge. It collects
//! every problem it finds, so that an author sees them all at once.

use crate::judge::{judge, Verdict};
use crate::{Goal, Lesson, LoadError, Problem, Stage, Step, Texts};
use guoxiang_core::uci::UciMove;
use guoxiang_core::{Position, Square};
use guoxiang_i18n::{Lang, Localize};

/// The order and id a file name `NN-id.toml` gives.
pub(crate) fn name_parts(file: &str) -> Option<(u32, &str)> {
    let stem = file.strip_suffix(".toml")?;
    let (nn, id) = stem.split_once('-')?;
    let order = (nn.len() == 2 && nn.bytes().all(|b| b.is_ascii_digit()))
        .then(|| nn.parse::<u32>().ok())
        .flatten()?;
    valid_id(id).then_some((order, id))
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Every problem of `lesson` (read from `file`), filling in the defaults
/// (`par`, `mate_in`, `checks`) as it goes.
pub(crate) fn lesson(file: &str, lesson: &mut Lesson, stages: &[Stage]) -> Vec<LoadError> {
    let mut errors = Vec::new();
    let mut at = |step: Option<usize>, problem: Problem| {
        errors.push(LoadError {
            file: file.to_owned(),
            step,
            problem,
        })
    };
    match name_parts(file) {
        None => at(None, Problem::FileName),
        Some((order, id)) => {
            if id != lesson.id {
                at(
                    None,
                    Problem::IdMismatch {
                        in_name: id.to_owned(),
                        in_file: lesson.id.clone(),
                    },
                );
            }
            if order != lesson.order {
                at(
                    None,
                    Problem::OrderMismatch {
                        in_name: order,
                        in_file: lesson.order,
                    },
                );
            }
        }
    }
    if !stages.iter().any(|s| s.key == lesson.stage) {
        at(
            None,
            Problem::UnknownStage {
                stage: lesson.stage.clone(),
                known: stages
                    .iter()
                    .map(|s| s.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            },
        );
    }
    for (field, t) in [("title", &lesson.title), ("summary", &lesson.summary)] {
        if let Some(p) = texts(field, t) {
            at(None, p);
        }
    }
    for link in &lesson.links {
        if !link.starts_with('/') {
            at(None, Problem::BadLink(link.clone()));
        }
    }
    if lesson.steps.is_empty() {
        at(None, Problem::NoSteps);
    }
    for (i, step) in lesson.steps.iter_mut().enumerate() {
        for p in self::step(step) {
            at(Some(i + 1), p);
        }
    }
    errors
}

/// A problem with a Texts field, if any.
pub(crate) fn texts(field: &str, t: &Texts) -> Option<Problem> {
    t.missing().map(|lang| Problem::MissingText {
        field: field.to_owned(),
        lang: lang.tag(),
    })
}

/// Every problem of one step.
fn step(step: &mut Step) -> Vec<Problem> {
    let mut out = Vec::new();
    let goal = step.goal;
    let mut text_fields: Vec<(String, &Texts)> = vec![("text".into(), &step.text)];
    if let Some(t) = &step.success {
        text_fields.push(("success".into(), t));
    }
    if let Some(t) = &step.hint {
        text_fields.push(("hint".into(), t));
    }
    for (i, c) in step.choices.iter().enumerate() {
        text_fields.push((format!("choices[{}].text", i + 1), &c.text));
        text_fields.push((format!("choices[{}].why", i + 1), &c.why));
    }
    for (i, w) in step.wrong.iter().enumerate() {
        text_fields.push((format!("wrong[{}].text", i + 1), &w.text));
    }
    out.extend(text_fields.iter().filter_map(|(f, t)| texts(f, t)));

    let task = goal.is_task();
    let fields: [(&'static str, bool, bool); 12] = [
        ("targets", !step.targets.is_empty(), goal == Goal::Reach),
        ("par", step.par.is_some(), goal.opponent_passes()),
        ("mate_in", step.mate_in.is_some(), goal == Goal::Mate),
        ("checks", step.checks.is_some(), goal == Goal::Perpetual),
        ("way", step.way.is_some(), goal == Goal::Escape),
        ("side", step.side.is_some(), goal == Goal::Castle),
        ("piece", step.piece.is_some(), goal == Goal::Promote),
        ("solutions", !step.solutions.is_empty(), task),
        ("choices", !step.choices.is_empty(), goal == Goal::Quiz),
        ("wrong", !step.wrong.is_empty(), task),
        ("success", step.success.is_some(), task),
        ("hint", step.hint.is_some(), task),
    ];
    for (field, given, allowed) in fields {
        if given && !allowed {
            out.push(Problem::not_for(field, goal));
        }
    }
    for a in &step.arrows {
        let ok = a.len() == 4
            && a.is_ascii()
            && a[..2].parse::<Square>().is_ok()
            && a[2..].parse::<Square>().is_ok();
        if !ok {
            out.push(Problem::BadArrow(a.clone()));
        }
    }
    for (field, list) in [("highlights", &step.highlights), ("targets", &step.targets)] {
        for s in list.iter().filter(|s| s.parse::<Square>().is_err()) {
            out.push(Problem::BadSquare {
                field,
                text: s.clone(),
            });
        }
    }
    let position = match &step.fen {
        Some(fen) => match Position::from_fen(fen) {
            Ok(p) => Some(p),
            Err(e) => {
                out.push(Problem::BadFen {
                    fen: fen.clone(),
                    error: e.to_string(),
                });
                None
            }
        },
        None if task => {
            out.push(Problem::MissingFen { goal: goal.code() });
            None
        }
        None => None,
    };
    if goal == Goal::Quiz {
        let correct = step.choices.iter().filter(|c| c.correct).count();
        if !(2..=5).contains(&step.choices.len()) || correct != 1 {
            out.push(Problem::Choices {
                count: step.choices.len(),
                correct,
            });
        }
    }
    if !task {
        return out;
    }
    if let Some(p) = &position {
        out.extend(task_problems(step, p));
    }
    if !out.is_empty() {
        return out;
    }
    fill_defaults(step);
    out.extend(replay_solutions(step));
    out
}

/// Problems of a task's parameters in its position `pos`.
fn task_problems(step: &Step, pos: &Position) -> Vec<Problem> {
    let mut out = Vec::new();
    let goal = step.goal;
    if !pos.has_legal_moves() {
        out.push(Problem::GameOver);
    }
    if goal == Goal::Escape && !pos.is_check() {
        out.push(Problem::NotInCheck);
    }
    if goal == Goal::Reach {
        if step.targets.is_empty() {
            out.push(Problem::NoTargets);
        }
        for t in &step.targets {
            if let Ok(sq) = t.parse::<Square>() {
                if pos.board().color_at(sq) == Some(pos.turn()) {
                    out.push(Problem::TargetOccupied(t.clone()));
                }
            }
        }
    }
    let ranges: [(&'static str, Option<u32>, u32, u32, &'static str); 3] = [
        ("mate_in", step.mate_in, 1, 3, "1 to 3"),
        ("checks", step.checks, 1, 10, "1 to 10"),
        ("par", step.par, 1, 64, "1 to 64"),
    ];
    for (field, value, lo, hi, range) in ranges {
        if let Some(v) = value.filter(|v| !(lo..=hi).contains(v)) {
            out.push(Problem::OutOfRange {
                field,
                value: v,
                range,
            });
        }
    }
    if step.solutions.is_empty() {
        out.push(Problem::NoSolutions { goal: goal.code() });
    }
    for (i, s) in step.solutions.iter().enumerate() {
        if s.is_empty() {
            out.push(Problem::EmptySolution { solution: i + 1 });
        } else if goal.is_one_move() && s.len() != 1 {
            out.push(Problem::NotOneMove { solution: i + 1 });
        }
    }
    out
}

/// `par` (shortest solution), `mate_in` (1) and `checks` (3) when not given.
fn fill_defaults(step: &mut Step) {
    match step.goal {
        Goal::Reach | Goal::CaptureAll if step.par.is_none() => {
            step.par = step.solutions.iter().map(|s| s.len() as u32).min();
        }
        Goal::Mate if step.mate_in.is_none() => step.mate_in = Some(1),
        Goal::Perpetual if step.checks.is_none() => step.checks = Some(3),
        _ => {}
    }
}

/// Replays every solution and every `wrong` entry through the judge.
fn replay_solutions(step: &Step) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, line) in step.solutions.iter().enumerate() {
        if let Err(p) = replay_one(step, i + 1, line) {
            out.push(p);
        }
    }
    for w in &step.wrong {
        match judge(step, &[] as &[&str], &w.uci) {
            Err(e) => out.push(Problem::BadWrong {
                uci: w.uci.clone(),
                reason: e.to_string(),
            }),
            Ok(j) if j.verdict == Verdict::Illegal => out.push(Problem::BadWrong {
                uci: w.uci.clone(),
                reason: illegal_text(&j),
            }),
            Ok(j) if j.verdict != Verdict::Wrong => {
                out.push(Problem::WrongIsRight { uci: w.uci.clone() })
            }
            Ok(_) => {}
        }
    }
    out
}

fn illegal_text(j: &crate::Judged) -> String {
    j.why
        .as_ref()
        .and_then(|w| w.illegal.as_ref())
        .map_or_else(|| "illegal".into(), |r| r.message(Lang::En))
}

/// Plays one solution line through the judge: the learner's moves must be
/// accepted, the judge's replies must be the line's, and the goal must be
/// reached exactly at its end.
fn replay_one(step: &Step, solution: usize, line: &[String]) -> Result<(), Problem> {
    let alternating = step.goal.alternates();
    let mut accepted: Vec<String> = Vec::new();
    let mut k = 0;
    while k < line.len() {
        let uci = &line[k];
        let ply = k + 1;
        if UciMove::from_ascii(uci.as_bytes()).is_err() {
            return Err(Problem::IllegalSolutionMove {
                solution,
                ply,
                uci: uci.clone(),
                reason: "not a UCI move such as e2e4 or e7e8q".into(),
            });
        }
        let j = judge(step, &accepted, uci).map_err(|e| Problem::WrongSolutionMove {
            solution,
            ply,
            uci: uci.clone(),
            why: e.to_string(),
        })?;
        match j.verdict {
            Verdict::Illegal => {
                return Err(Problem::IllegalSolutionMove {
                    solution,
                    ply,
                    uci: uci.clone(),
                    reason: illegal_text(&j),
                })
            }
            Verdict::Wrong => {
                let why = j.why.as_ref().map_or_else(String::new, describe);
                return Err(Problem::WrongSolutionMove {
                    solution,
                    ply,
                    uci: uci.clone(),
                    why,
                });
            }
            Verdict::Continue | Verdict::Done => {}
        }
        accepted = j.accepted.clone();
        k += 1;
        if alternating {
            if let Some(reply) = &j.reply {
                match line.get(k) {
                    Some(expected) => {
                        let after = j.after.as_ref();
                        let same = after.is_some_and(|p| p.parse_uci(expected) == Ok(reply.mv));
                        if !same {
                            return Err(Problem::OtherReply {
                                solution,
                                ply: k + 1,
                                expected: expected.clone(),
                                got: reply.uci.clone(),
                            });
                        }
                        k += 1;
                    }
                    None if j.verdict == Verdict::Continue => {
                        return Err(Problem::GoalNotReached { solution })
                    }
                    None => {}
                }
            }
        }
        if j.verdict == Verdict::Done {
            return if k < line.len() {
                Err(Problem::TooLong { solution, ply: k })
            } else {
                Ok(())
            };
        }
    }
    Err(Problem::GoalNotReached { solution })
}

/// A judge's reason in words for an author (English, with its details).
fn describe(why: &crate::Why) -> String {
    let mut s = why.code.code().to_owned();
    if let Some(sq) = why.square {
        s.push_str(&format!(" on {sq}"));
    }
    if let Some(m) = &why.mv {
        s.push_str(&format!(", {}", m.san));
    }
    if let Some(w) = why.way {
        s.push_str(&format!(", by {}", w.code()));
    }
    s
}
