//! PGN export of a server game: the seven-tag roster, the time control, the
//! `Termination` tag (the standard words) and our reason code in
//! `GuoxiangReason` (and, for a finished game that reached a named opening, `ECO`
//! and `Opening` after the roster), then the moves in SAN, written by the core's PGN writer.
//! The result and the termination come from the typed [`Ending`](crate::game::Ending).

use crate::game::{GameState, DEFAULT_LEVEL};
use crate::protocol::Mode;
use guoxiang_core::pgn::{GameRecord, GameResult};
use guoxiang_core::Color;

/// The PGN `TimeControl` value: `-` untimed, `300+3`, or periods joined by `:`.
fn time_control(g: &GameState) -> String {
    let c = &g.clock.control;
    if c.is_untimed() {
        return "-".into();
    }
    c.periods
        .iter()
        .map(|p| {
            let secs = p.time_ms / 1000;
            let bonus = p.bonus_ms / 1000;
            let mut s = match p.moves {
                Some(n) => format!("{n}/{secs}"),
                None => format!("{secs}"),
            };
            if bonus > 0 {
                s.push_str(&format!("+{bonus}"));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// A player as the page shows them: "Computer (level 3)", or "Anonymous"
/// (until accounts give names).
fn player(g: &GameState, c: Color) -> String {
    match (g.mode, g.computer) {
        (Mode::Computer, Some(cpu)) if cpu == c => {
            format!("Computer (level {})", g.level.unwrap_or(DEFAULT_LEVEL))
        }
        _ => "Anonymous".to_string(),
    }
}

pub fn write(g: &GameState) -> String {
    let result = g.ending.map_or(GameResult::Unknown, |e| e.result());
    let termination = g.ending.map_or("unterminated", |e| e.termination());
    let days = g.created_at.div_euclid(86_400_000);
    let (y, m, d) = civil(days);
    let mut rec = GameRecord::from_sans(g.sans().iter().cloned());
    rec.result = result;
    rec.set_tag("Event", format!("guoxiang {} game", g.mode.code()));
    rec.set_tag("Site", "guoxiang");
    rec.set_tag("Date", format!("{y:04}.{m:02}.{d:02}"));
    rec.set_tag("Round", "-");
    rec.set_tag("White", player(g, Color::White));
    rec.set_tag("Black", player(g, Color::Black));
    rec.set_tag("Result", result.as_str());
    // A finished game reached a named opening: its ECO code and English name.
    if let Some(opening) = g.ending.and_then(|_| g.opening()) {
        rec.set_tag("ECO", opening.eco);
        rec.set_tag("Opening", opening.name);
    }
    if g.game.start() != &guoxiang_core::Position::new() {
        rec.set_tag("FEN", g.game.start().fen());
    }
    rec.set_tag("TimeControl", time_control(g));
    rec.set_tag("Termination", termination);
    if let Some(e) = &g.ending {
        rec.set_tag("GuoxiangReason", e.reason_code());
    }
    rec.to_pgn()
}

/// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil(0), (1970, 1, 1));
        assert_eq!(super::civil(20_000), (2024, 10, 4));
    }
}
