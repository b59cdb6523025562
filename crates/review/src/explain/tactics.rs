//! Tactics in a line: the puzzle tagger says which theme the line shows (fork,
//! skewer, pin, discovered attack), and this module finds it on the board — the
//! move that makes it, the piece that strikes and the pieces it hits — so that the
//! explanation can name them and draw them. Allowed: the reply line, the
//! opponent's tactic. Missed: the engine's line from before the move, the mover's.

use guoxiang_core::attacks::between;
use guoxiang_core::{Move, Position, Role};
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{Goal, Theme};

use super::board::{attacks_from, landing, piece_at, rays_from, sliders, value, Line};
use super::kind::{ExplanationKind, PieceAt, Tactic};
use super::{Explanation, MoveContext};

/// How many moves of a line are read for a tactic (the striking side's first three).
const TACTIC_HORIZON: usize = 5;

/// The tactics explained, in the order they are preferred.
const THEMES: [Theme; 6] = [
    Theme::Fork,
    Theme::Skewer,
    Theme::Pin,
    Theme::RelativePin,
    Theme::DiscoveredCheck,
    Theme::DiscoveredAttack,
];

/// The first tactic of `line` that the tagger sees and the board shows, with the
/// index of the move that makes it.
fn find(line: &Line, before: &Position, mistake: Move) -> Option<(Tactic, usize)> {
    let themes = tag(&TagInput {
        before,
        mistake,
        start: &line.pos[0],
        line: &line.moves,
        goal: Goal::Win,
    });
    THEMES
        .into_iter()
        .filter(|t| themes.contains(t))
        .find_map(|t| locate(line, t))
}

/// Where `theme` happens in `line`: the first of the striking side's moves that makes it.
fn locate(line: &Line, theme: Theme) -> Option<(Tactic, usize)> {
    (0..line.moves.len()).step_by(2).find_map(|i| {
        let t = match theme {
            Theme::Fork => fork(line, i),
            Theme::Skewer | Theme::Pin | Theme::RelativePin => line_tactic(line, i, theme),
            _ => discovered(line, i, theme),
        }?;
        Some((t, i))
    })
}

/// Sort key of a target: the king first, then the most valuable.
fn target_rank(p: &PieceAt) -> i32 {
    -value(p.piece.role)
}

fn fork(line: &Line, i: usize) -> Option<Tactic> {
    let after = &line.pos[i + 1];
    let at = landing(line.moves[i]);
    let by = piece_at(after, at)?;
    let board = after.board();
    let them = !by.piece.color;
    let mut targets: Vec<PieceAt> = (attacks_from(after, at) & board.by_color(them))
        .into_iter()
        .filter_map(|t| piece_at(after, t))
        .filter(|t| match t.piece.role {
            Role::King => true,
            Role::Pawn => false,
            r => {
                value(r) > value(by.piece.role)
                    || board
                        .attackers_of(t.square, them, board.occupied())
                        .is_empty()
            }
        })
        .collect();
    targets.sort_by_key(target_rank);
    match targets.as_slice() {
        [a, b, ..] => Some(Tactic::Fork {
            by,
            targets: [*a, *b],
        }),
        _ => None,
    }
}

fn line_tactic(line: &Line, i: usize, theme: Theme) -> Option<Tactic> {
    let after = &line.pos[i + 1];
    let moved = landing(line.moves[i]);
    let solver = line.solver();
    sliders(after, solver)
        .into_iter()
        .flat_map(|s| rays_from(after, s))
        .find_map(|ray| {
            let made_here = ray.slider == moved;
            let attacked_here = attacks_from(after, moved).contains(ray.front);
            let by = piece_at(after, ray.slider)?;
            let front = piece_at(after, ray.front)?;
            let back = piece_at(after, ray.back)?;
            let (f, b) = (front.piece.role, back.piece.role);
            let pin_made = made_here || attacked_here;
            match theme {
                Theme::Pin if pin_made && b == Role::King && f != Role::King => Some(Tactic::Pin {
                    by,
                    pinned: front,
                    behind: back,
                }),
                Theme::RelativePin
                    if pin_made && f != Role::King && b != Role::King && value(b) > value(f) =>
                {
                    Some(Tactic::Pin {
                        by,
                        pinned: front,
                        behind: back,
                    })
                }
                Theme::Skewer
                    if made_here && b != Role::King && (f == Role::King || value(f) > value(b)) =>
                {
                    Some(Tactic::Skewer {
                        by,
                        front,
                        behind: back,
                    })
                }
                _ => None,
            }
        })
}

fn discovered(line: &Line, i: usize, theme: Theme) -> Option<Tactic> {
    let (before, after) = (&line.pos[i], &line.pos[i + 1]);
    let m = line.moves[i];
    let from = m.from();
    let moved = PieceAt {
        piece: before.board().piece_at(from)?,
        square: from,
    };
    let solver = line.solver();
    let board = after.board();
    let mut found: Vec<(PieceAt, PieceAt)> = Vec::new();
    for s in sliders(after, solver) {
        if before.board().piece_at(s) != board.piece_at(s) {
            continue; // the moved piece itself
        }
        let newly = attacks_from(after, s) & !attacks_from(before, s) & board.by_color(!solver);
        for t in newly {
            if between(s, t).contains(from) {
                if let (Some(by), Some(target)) = (piece_at(after, s), piece_at(after, t)) {
                    found.push((by, target));
                }
            }
        }
    }
    let check = |t: &PieceAt| t.piece.role == Role::King;
    let (by, target) = match theme {
        Theme::DiscoveredCheck => found.into_iter().find(|(_, t)| check(t))?,
        _ => found
            .into_iter()
            .filter(|(_, t)| !check(t) && t.piece.role != Role::Pawn)
            .max_by_key(|(_, t)| value(t.piece.role))?,
    };
    Some(Tactic::Discovered { moved, by, target })
}

/// The arrows of a tactic: the move that makes it, then the strikes.
fn arrows(t: &Tactic, m: Move) -> Vec<(guoxiang_core::Square, guoxiang_core::Square)> {
    let mut out = vec![(m.from(), landing(m))];
    match *t {
        Tactic::Fork { by, targets } => {
            out.extend(targets.iter().map(|t| (by.square, t.square)));
        }
        Tactic::Pin { by, behind, .. } | Tactic::Skewer { by, behind, .. } => {
            out.push((by.square, behind.square));
        }
        Tactic::Discovered { by, target, .. } => out.push((by.square, target.square)),
    }
    out
}

/// The squares of a tactic's victims.
fn squares(t: &Tactic) -> Vec<guoxiang_core::Square> {
    match *t {
        Tactic::Fork { targets, .. } => targets.iter().map(|t| t.square).collect(),
        Tactic::Pin { pinned, behind, .. } => vec![pinned.square, behind.square],
        Tactic::Skewer { front, behind, .. } => vec![front.square, behind.square],
        Tactic::Discovered { target, .. } => vec![target.square],
    }
}

pub(super) fn allows_tactic(ctx: &MoveContext) -> Option<Explanation> {
    let line = Line::new(ctx.after, ctx.reply_line, TACTIC_HORIZON);
    let (tactic, i) = find(&line, ctx.before, ctx.played)?;
    Some(Explanation {
        arrows: arrows(&tactic, line.moves[i]),
        squares: squares(&tactic),
        kind: ExplanationKind::AllowsTactic {
            tactic,
            line: line.san(i + 1),
        },
    })
}

pub(super) fn missed_tactic(ctx: &MoveContext) -> Option<Explanation> {
    if ctx.best_line.first() == Some(&ctx.played) {
        return None;
    }
    let line = Line::new(ctx.before, ctx.best_line, TACTIC_HORIZON);
    let (tactic, i) = find(&line, ctx.before, Move::NULL)?;
    Some(Explanation {
        arrows: arrows(&tactic, line.moves[i]),
        squares: squares(&tactic),
        kind: ExplanationKind::MissedTactic {
            tactic,
            line: line.san(i + 1),
        },
    })
}
