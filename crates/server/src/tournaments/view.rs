//! What the pages and exports show of a tournament: the summary of the list, the
//! page's view (players, pairings, standings with tie-breaks, crosstable, the
//! viewer's part), the FIDE TRF (the crate's writer) and the PGN of all games.

use super::model::{Board, Data, Kind, Phase};
use crate::protocol::tournament::{
    TournamentBoard, TournamentCross, TournamentMe, TournamentPlayer, TournamentRound,
    TournamentStanding, TournamentSummary, TournamentView,
};
use guoxiang_tournament::model::{Colour, RoundEntry};
use guoxiang_tournament::standings::standings;

/// The list's line.
pub fn summary(id: &str, phase: Phase, d: &Data) -> TournamentSummary {
    let s = &d.settings;
    TournamentSummary {
        id: id.to_owned(),
        name: s.name.clone(),
        kind: s.kind,
        status: phase,
        starts_at: s.starts_at,
        ends_at: (s.kind == Kind::Arena)
            .then(|| s.starts_at.saturating_add(i64::from(s.minutes) * 60_000)),
        players: d.entrants.iter().filter(|e| !e.withdrawn).count() as u32,
        rounds: if s.kind == Kind::Arena {
            0
        } else {
            d.total_rounds()
        },
        round: d.rounds.len() as u32,
        control: s.control.clone(),
        rated: s.rated,
        forfeit_after_s: s.forfeit_after_s,
        berserk: s.kind == Kind::Arena && s.berserk,
        created_by: s.creator_name.clone(),
    }
}

fn board_view(i: usize, b: &Board) -> TournamentBoard {
    TournamentBoard {
        board: i as u32 + 1,
        white: b.white,
        black: b.black,
        game: b.game.clone(),
        result: b.result.map(|r| r.text().to_owned()),
        berserk: crate::protocol::Berserked {
            white: b.berserk[0],
            black: b.berserk[1],
        },
    }
}

/// The page's view; `viewer` is the signed-in user's id and admin flag.
pub fn view(id: &str, phase: Phase, d: &Data, viewer: Option<(&str, bool)>) -> TournamentView {
    let t = d.to_crate();
    let arena = d.settings.kind == Kind::Arena;
    let arena_points = d.arena_points();
    let score = |rank: u32| -> f64 {
        if arena {
            f64::from(arena_points.get(rank as usize - 1).copied().unwrap_or(0))
        } else {
            t.player(rank)
                .map_or(0.0, |p| f64::from(p.score().halves()) / 2.0)
        }
    };
    let players = d
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| TournamentPlayer {
            rank: i as u32 + 1,
            name: e.name.clone(),
            rating: e.rating,
            score: score(i as u32 + 1),
            withdrawn: e.withdrawn,
            paused: e.paused,
        })
        .collect();
    let pairings = d
        .rounds
        .iter()
        .map(|r| TournamentRound {
            round: r.number,
            boards: r
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| board_view(i, b))
                .collect(),
            bye: r.bye,
        })
        .collect();
    let arena_boards = d
        .arena
        .iter()
        .enumerate()
        .rev()
        .map(|(i, b)| board_view(i, b))
        .collect();
    let order = d.settings.kind.tiebreaks();
    let name = |rank: u32| d.entrant(rank).map_or(String::new(), |e| e.name.clone());
    let table = if arena {
        arena_standings(d, &arena_points)
    } else {
        standings(&t, order)
            .into_iter()
            .map(|r| TournamentStanding {
                place: r.place,
                rank: r.id,
                name: name(r.id),
                score: f64::from(r.score.halves()) / 2.0,
                tiebreaks: r.values.iter().map(|v| v.as_f64()).collect(),
            })
            .collect()
    };
    let crosstable = match d.settings.kind {
        Kind::Arena => Vec::new(),
        Kind::Swiss => swiss_cross(d, &t),
        Kind::RoundRobin | Kind::DoubleRoundRobin => round_robin_cross(d, &t),
    };
    let me = viewer.map(|(user, admin)| {
        let rank = d.rank_of(user);
        TournamentMe {
            can_manage: admin || d.settings.created_by == user,
            joined: rank.is_some_and(|r| d.entrant(r).is_some_and(|e| !e.withdrawn)),
            game: rank
                .and_then(|r| d.current_board(r))
                .and_then(|b| b.game.clone()),
        }
    });
    TournamentView {
        info: summary(id, phase, d),
        players,
        pairings,
        arena: arena_boards,
        tiebreaks: order.iter().map(|t| t.code().to_owned()).collect(),
        standings: table,
        crosstable,
        me,
    }
}

/// Arena standings: points, then rating; equal points share the place.
fn arena_standings(d: &Data, points: &[u32]) -> Vec<TournamentStanding> {
    let mut ranks: Vec<u32> = (1..=d.entrants.len() as u32).collect();
    let rating = |r: u32| d.entrant(r).map_or(0, |e| e.rating);
    let pts = |r: u32| points.get(r as usize - 1).copied().unwrap_or(0);
    ranks.sort_by(|&a, &b| {
        pts(b)
            .cmp(&pts(a))
            .then(rating(b).cmp(&rating(a)))
            .then(a.cmp(&b))
    });
    let mut out: Vec<TournamentStanding> = Vec::new();
    for (i, r) in ranks.into_iter().enumerate() {
        let place = match out.last() {
            Some(prev) if prev.score == f64::from(pts(r)) => prev.place,
            _ => i as u32 + 1,
        };
        out.push(TournamentStanding {
            place,
            rank: r,
            name: d.entrant(r).map_or(String::new(), |e| e.name.clone()),
            score: f64::from(pts(r)),
            tiebreaks: Vec::new(),
        });
    }
    out
}

fn result_mark(e: &RoundEntry) -> &'static str {
    match e {
        RoundEntry::Played { outcome, .. } => match outcome.score().halves() {
            2 => "1",
            1 => "½",
            _ => "0",
        },
        RoundEntry::Forfeit { won: true, .. } => "+",
        RoundEntry::Forfeit { won: false, .. } => "-",
        _ => "",
    }
}

/// One cell per opponent (by starting rank); a double round robin's two games
/// side by side.
fn round_robin_cross(d: &Data, t: &guoxiang_tournament::Tournament) -> Vec<TournamentCross> {
    let n = d.entrants.len() as u32;
    (1..=n)
        .map(|rank| {
            let p = t.player(rank);
            let cells = (1..=n)
                .map(|opp| {
                    if opp == rank {
                        return "×".to_owned();
                    }
                    p.map_or(String::new(), |p| {
                        p.rounds
                            .iter()
                            .filter(|e| e.paired_opponent() == Some(opp))
                            .map(result_mark)
                            .collect()
                    })
                })
                .collect();
            TournamentCross {
                rank,
                name: d.entrant(rank).map_or(String::new(), |e| e.name.clone()),
                cells,
                score: p.map_or(0.0, |p| f64::from(p.score().halves()) / 2.0),
            }
        })
        .collect()
}

/// One cell per round: opponent, colour, result (`5w1`), `bye`, or empty.
fn swiss_cross(d: &Data, t: &guoxiang_tournament::Tournament) -> Vec<TournamentCross> {
    let rounds = d.rounds.len();
    t.players
        .iter()
        .map(|p| {
            let cells = (0..rounds)
                .map(|i| match p.rounds.get(i) {
                    Some(
                        e @ RoundEntry::Played {
                            opponent, colour, ..
                        },
                    ) => {
                        format!("{opponent}{}{}", colour_mark(*colour), result_mark(e))
                    }
                    Some(
                        e @ RoundEntry::Forfeit {
                            opponent: Some(o),
                            colour,
                            ..
                        },
                    ) => format!("{o}{}{}", colour.map_or("", colour_mark), result_mark(e)),
                    Some(RoundEntry::Bye(_)) => "bye".to_owned(),
                    _ => String::new(),
                })
                .collect();
            TournamentCross {
                rank: p.id,
                name: p.name.clone(),
                cells,
                score: f64::from(p.score().halves()) / 2.0,
            }
        })
        .collect()
}

fn colour_mark(c: Colour) -> &'static str {
    match c {
        Colour::White => "w",
        Colour::Black => "b",
    }
}

/// The FIDE TRF of a round robin or Swiss (with the start date and the rounds'
/// dates); `None` for an arena, which has no rounds.
pub fn trf(d: &Data) -> Option<String> {
    if d.settings.kind == Kind::Arena {
        return None;
    }
    let mut t = d.to_crate();
    let date = |ms: i64| {
        let (y, m, day) = civil(ms.div_euclid(86_400_000));
        format!("{:04}/{m:02}/{day:02}", y)
    };
    t.header.push(("042".into(), date(d.settings.starts_at)));
    t.header
        .push(("102".into(), d.settings.creator_name.clone()));
    Some(guoxiang_tournament::trf::write(&t))
}

/// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// A game's PGN with the tournament's Event, Round, White and Black tags.
pub fn retag(pgn: &str, event: &str, round: &str, white: &str, black: &str) -> String {
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    pgn.lines()
        .map(|line| {
            for (tag, value) in [
                ("Event", event),
                ("Round", round),
                ("White", white),
                ("Black", black),
            ] {
                if line.starts_with(&format!("[{tag} \"")) {
                    return format!("[{tag} \"{}\"]", quote(value));
                }
            }
            line.to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every board with a game: `(game id, round text, white name, black name)`.
pub fn games(d: &Data) -> Vec<(String, String, String, String)> {
    let name = |rank: u32| d.entrant(rank).map_or(String::new(), |e| e.name.clone());
    let mut out = Vec::new();
    for r in &d.rounds {
        for (i, b) in r.boards.iter().enumerate() {
            if let Some(g) = &b.game {
                out.push((
                    g.clone(),
                    format!("{}.{}", r.number, i + 1),
                    name(b.white),
                    name(b.black),
                ));
            }
        }
    }
    for b in &d.arena {
        if let Some(g) = &b.game {
            out.push((g.clone(), "-".to_owned(), name(b.white), name(b.black)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retag_replaces_the_roster_tags_and_escapes_quotes() {
        let pgn =
            "[Event \"x\"]\n[Round \"-\"]\n[White \"Anonymous\"]\n[Black \"Anonymous\"]\n\n1. e4 *";
        let out = retag(pgn, "Club \"A\"", "2.1", "li", "wang");
        assert!(out.contains("[Event \"Club \\\"A\\\"\"]"));
        assert!(out.contains("[Round \"2.1\"]"));
        assert!(out.contains("[White \"li\"]") && out.contains("[Black \"wang\"]"));
        assert!(out.ends_with("1. e4 *"));
    }

    #[test]
    fn civil_dates_are_gregorian() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_454), (2026, 1, 1));
    }
}
