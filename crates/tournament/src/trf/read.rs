//! Reads TRF-16 text into a [`Tournament`], line by line and then across lines (each
//! game as both players' lines record it, the points against the results).

use super::{Reason, TrfError};
use crate::model::{Bye, Colour, Outcome, Player, RoundEntry, Score, Tournament};

/// Reads a TRF file's text.
///
/// ```
/// use guoxiang_tournament::trf;
/// // Columns 1-91 hold the player's data (starting rank in 5-8, name from 15); the
/// // first round's block starts at column 92: opponent, colour, result.
/// let one = format!("{:<91}{:>4} w 1", "001    1      Wang, Li", 2);
/// let two = format!("{:<91}{:>4} b 0", "001    2      Zhao, Min", 1);
/// let t = trf::read(&format!("012 Club\nXXR 5\n{one}\n{two}\n")).unwrap();
/// assert_eq!(t.total_rounds, Some(5));
/// assert_eq!(t.players[0].name, "Wang, Li");
/// assert_eq!(t.players[0].score().halves(), 2);
/// let e = trf::read("001    1 x\n001    1 y\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 2: starting rank 1 is used by an earlier line too");
/// ```
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let mut lines_of = Vec::new(); // the line number of each player
    let mut points_rule = true; // XXS changes the point system: the points are not checked
                                // Lines end with LF, CR LF or a lone CR (as bbpPairings writes them).
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    for (i, line) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let err = |reason| TrfError {
            line: line_no,
            reason,
        };
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let code: String = chars.iter().take(3).collect();
        let rest: String = chars.iter().skip(3).collect();
        let rest = rest.strip_prefix(' ').unwrap_or(&rest).to_owned();
        match code.as_str() {
            "001" => {
                let p = player(&chars).map_err(err)?;
                if t.players.iter().any(|q| q.id == p.id) {
                    return Err(err(Reason::DuplicatePlayer(p.id)));
                }
                t.players.push(p);
                lines_of.push(line_no);
            }
            "XXR" => {
                let n = rest.trim();
                t.total_rounds = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| err(Reason::BadRounds(n.to_owned())))?,
                );
            }
            "XXC" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                t.first_colour = if words.contains(&"white1") {
                    Some(Colour::White)
                } else if words.contains(&"black1") {
                    Some(Colour::Black)
                } else {
                    return Err(err(Reason::BadFirstColour(rest.trim().to_owned())));
                };
            }
            _ => {
                if code == "XXS" {
                    points_rule = false;
                }
                t.header.push((code, rest));
            }
        }
    }
    check(&t, &lines_of, points_rule)?;
    Ok(t)
}

/// The text of columns `a..=b` (1-based), trimmed; empty past the line's end.
fn field(chars: &[char], a: usize, b: usize) -> String {
    chars
        .iter()
        .skip(a - 1)
        .take(b + 1 - a)
        .collect::<String>()
        .trim()
        .to_owned()
}

fn number(
    chars: &[char],
    a: usize,
    b: usize,
    name: &'static str,
    cols: &'static str,
) -> Result<Option<u32>, Reason> {
    let text = field(chars, a, b);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>()
        .map(Some)
        .map_err(|_| Reason::NotANumber {
            field: name,
            columns: cols,
            text,
        })
}

fn player(chars: &[char]) -> Result<Player, Reason> {
    let id = number(chars, 5, 8, "starting rank", "5-8")?.ok_or(Reason::NoStartingRank)?;
    if id == 0 {
        return Err(Reason::ZeroStartingRank);
    }
    let points_text = field(chars, 81, 84);
    let declared_points = if points_text.is_empty() {
        None
    } else {
        Some(points(&points_text).ok_or(Reason::BadPoints(points_text))?)
    };
    let mut p = Player {
        id,
        sex: field(chars, 10, 10),
        title: field(chars, 11, 13),
        name: field(chars, 15, 47),
        rating: number(chars, 49, 52, "rating", "49-52")?.unwrap_or(0),
        federation: field(chars, 54, 56),
        fide_id: field(chars, 58, 68),
        birth: field(chars, 70, 79),
        declared_points,
        declared_rank: number(chars, 86, 89, "rank", "86-89")?,
        rounds: Vec::new(),
    };
    let mut start = 92;
    while start <= chars.len() {
        let round = p.rounds.len() + 1;
        p.rounds.push(entry(chars, start, round)?);
        start += 10;
    }
    while p.rounds.last() == Some(&RoundEntry::Absent) {
        p.rounds.pop();
    }
    Ok(p)
}

/// `4.5`, `4`, `4.0` → half points.
fn points(text: &str) -> Option<Score> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = whole.parse().ok()?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(Score(whole.checked_mul(2)?.checked_add(half)?))
}

/// The round block starting at column `start` (1-based).
fn entry(chars: &[char], start: usize, round: usize) -> Result<RoundEntry, Reason> {
    let opp_text = field(chars, start, start + 3);
    let at = |col: usize| chars.get(col - 1).copied().unwrap_or(' ');
    let colour_char = at(start + 5);
    let result = at(start + 7);
    if opp_text.is_empty() && colour_char == ' ' && result == ' ' {
        return Ok(RoundEntry::Absent);
    }
    let opponent = if opp_text.is_empty() {
        0
    } else {
        opp_text.parse::<u32>().map_err(|_| Reason::NotANumber {
            field: "opponent",
            columns: "of a round",
            text: opp_text.clone(),
        })?
    };
    let colour = match colour_char {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        found => {
            return Err(Reason::BadColour {
                round,
                column: start + 5,
                found,
            })
        }
    };
    let bye = |b: Bye| {
        if opponent == 0 {
            Ok(RoundEntry::Bye(b))
        } else {
            Err(Reason::ByeWithOpponent(round, opponent))
        }
    };
    let game = |outcome: Outcome, unrated: bool| {
        if opponent == 0 {
            return Err(Reason::GameWithoutOpponent(round));
        }
        let colour = colour.ok_or(Reason::GameWithoutColour(round))?;
        Ok(RoundEntry::Played {
            opponent,
            colour,
            outcome,
            unrated,
        })
    };
    match result {
        '1' => game(Outcome::Win, false),
        '=' => game(Outcome::Draw, false),
        '0' => game(Outcome::Loss, false),
        'W' => game(Outcome::Win, true),
        'D' => game(Outcome::Draw, true),
        'L' => game(Outcome::Loss, true),
        '+' | '-' => Ok(RoundEntry::Forfeit {
            opponent: (opponent != 0).then_some(opponent),
            colour,
            won: result == '+',
        }),
        'H' => bye(Bye::Half),
        'F' => bye(Bye::Full),
        'U' => bye(Bye::PairingAllocated),
        'Z' => bye(Bye::Zero),
        ' ' if opponent == 0 => Ok(RoundEntry::Absent),
        found => Err(Reason::BadResult {
            round,
            column: start + 7,
            found,
        }),
    }
}

/// Describes an entry for an error message.
fn describe(e: Option<&RoundEntry>) -> String {
    match e {
        None | Some(RoundEntry::Absent) => "no game".to_owned(),
        Some(RoundEntry::Played {
            opponent,
            colour,
            outcome,
            ..
        }) => format!("a {outcome:?} with {colour:?} against {opponent}").to_lowercase(),
        Some(RoundEntry::Forfeit { opponent, won, .. }) => format!(
            "a forfeit {} against {}",
            if *won { "won" } else { "lost" },
            opponent.map_or("nobody".to_owned(), |o| o.to_string())
        ),
        Some(RoundEntry::Bye(b)) => format!("a {b:?} bye").to_lowercase(),
    }
}

/// Cross-line checks: opponents exist and record the same game; points match.
fn check(t: &Tournament, lines_of: &[usize], points_rule: bool) -> Result<(), TrfError> {
    let last_paired = t
        .players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| {
                    e.paired_opponent().is_some() || *e == RoundEntry::Bye(Bye::PairingAllocated)
                })
                .map(|i| i + 1)
        })
        .max()
        .unwrap_or(0);
    for (p, &line) in t.players.iter().zip(lines_of) {
        let err = |reason| TrfError { line, reason };
        for (i, e) in p.rounds.iter().enumerate() {
            let round = i + 1;
            let Some(opp) = e.paired_opponent() else {
                continue;
            };
            if opp == p.id {
                return Err(err(Reason::OwnOpponent(round)));
            }
            let Some(q) = t.player(opp) else {
                return Err(err(Reason::UnknownOpponent {
                    round,
                    opponent: opp,
                }));
            };
            let theirs = q.rounds.get(i);
            let agrees = match (e, theirs) {
                (
                    RoundEntry::Played {
                        colour, outcome, ..
                    },
                    Some(RoundEntry::Played {
                        opponent: back,
                        colour: c2,
                        outcome: o2,
                        ..
                    }),
                ) => *back == p.id && *c2 == colour.opposite() && *o2 == outcome.reversed(),
                (
                    RoundEntry::Forfeit { won, .. },
                    Some(RoundEntry::Forfeit {
                        opponent: back,
                        won: w2,
                        ..
                    }),
                ) => *back == Some(p.id) && !(*won && *w2),
                _ => false,
            };
            if !agrees {
                return Err(err(Reason::Mismatch {
                    round,
                    player: p.id,
                    opponent: opp,
                    theirs: describe(theirs),
                }));
            }
        }
        if let (Some(declared), true) = (p.declared_points, points_rule) {
            let computed = p.score();
            if declared != computed && declared != p.score_after(last_paired) {
                return Err(err(Reason::PointsMismatch { declared, computed }));
            }
        }
    }
    Ok(())
}
