//! PGN export of a server game: the seven-tag roster, the time control, the
//! `Termination` tag (the standard words) and our reason code in
//! `GuoxiangReason`, then the moves in SAN. (To be replaced by the core's PGN
//! writer once that lands on main.)

use crate::state::{GameState, Mode};
use guoxiang_core::Color;

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

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

fn player(g: &GameState, c: Color) -> String {
    match (g.mode, g.computer) {
        (Mode::Computer, Some(cpu)) if cpu == c => {
            format!("guoxiang level {}", g.level.unwrap_or(4))
        }
        _ => c.name().to_string(),
    }
}

pub fn write(g: &GameState) -> String {
    let result = g.ending.as_ref().map_or("*", |e| e.result.as_str());
    let termination = match g.ending.as_ref().map(|e| e.reason.as_str()) {
        None => "unterminated",
        Some("timeout" | "timeout_vs_insufficient_material") => "time forfeit",
        Some("abandonment" | "abandonment_draw" | "aborted") => "abandoned",
        Some(_) => "normal",
    };
    let date = {
        // Civil date from the creation time (days since 1970-01-01).
        let days = g.created_at.div_euclid(86_400_000);
        let (y, m, d) = civil(days);
        format!("{y:04}.{m:02}.{d:02}")
    };
    let mut out = String::new();
    let tags = [
        ("Event", format!("guoxiang {} game", g.mode.code())),
        ("Site", "guoxiang".to_string()),
        ("Date", date),
        ("Round", "-".to_string()),
        ("White", player(g, Color::White)),
        ("Black", player(g, Color::Black)),
        ("Result", result.to_string()),
        ("TimeControl", time_control(g)),
        ("Termination", termination.to_string()),
    ];
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", quote(&v)));
    }
    if g.game.start() != &guoxiang_core::Position::new() {
        out.push_str(&format!(
            "[SetUp \"1\"]\n[FEN \"{}\"]\n",
            g.game.start().fen()
        ));
    }
    if let Some(e) = &g.ending {
        out.push_str(&format!("[GuoxiangReason \"{}\"]\n", quote(&e.reason)));
    }
    out.push('\n');
    let mut line = String::new();
    let start = g.game.start();
    let black_first = start.turn() == Color::Black;
    let first_no = start.fullmove_number();
    for (i, san) in g.sans().iter().enumerate() {
        let k = i + usize::from(black_first);
        let no = first_no as usize + k / 2;
        let tok = if k % 2 == 0 {
            format!("{no}. {san}")
        } else if i == 0 {
            format!("{no}... {san}")
        } else {
            san.clone()
        };
        if !line.is_empty() && line.len() + tok.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&tok);
    }
    if !line.is_empty() && line.len() + result.len() + 1 > 79 {
        out.push_str(&line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
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
