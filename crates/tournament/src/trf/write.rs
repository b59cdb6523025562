//! Writes a [`Tournament`] as TRF-16 text: the header lines as kept, `XXR` and `XXC`,
//! then one `001` line per player with the points the results give.

use crate::model::{Bye, Colour, Outcome, Player, RoundEntry, Tournament};

/// The TRF text of a tournament (lines end with `\n`).
///
/// ```
/// use guoxiang_tournament::{trf, Outcome, Player, Tournament};
/// let mut t = Tournament::default();
/// t.players = vec![Player::new(1, "Wang, Li", 2100), Player::new(2, "Zhao, Min", 2050)];
/// t.record_game(1, 1, 2, Outcome::Draw);
/// let text = trf::write(&t);
/// assert_eq!(trf::read(&text).unwrap(), {
///     let mut back = t.clone();
///     for p in &mut back.players { p.declared_points = Some(p.score()); }
///     back
/// });
/// ```
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    for (code, text) in &t.header {
        out.push_str(code);
        if !text.is_empty() {
            out.push(' ');
            out.push_str(text);
        }
        out.push('\n');
    }
    if let Some(n) = t.total_rounds {
        out.push_str(&format!("XXR {n}\n"));
    }
    if let Some(c) = t.first_colour {
        out.push_str(match c {
            Colour::White => "XXC white1\n",
            Colour::Black => "XXC black1\n",
        });
    }
    for p in &t.players {
        out.push_str(&player_line(p));
        out.push('\n');
    }
    out
}

fn clip(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

fn player_line(p: &Player) -> String {
    let rating = if p.rating == 0 {
        String::new()
    } else {
        p.rating.to_string()
    };
    let points = p.declared_points.unwrap_or_else(|| p.score());
    let rank = p.declared_rank.map(|r| r.to_string()).unwrap_or_default();
    let mut line = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4} ",
        p.id % 10000,
        clip(&p.sex, 1),
        clip(&p.title, 3),
        clip(&p.name, 33),
        clip(&rating, 4),
        clip(&p.federation, 3),
        clip(&p.fide_id, 11),
        clip(&p.birth, 10),
        points,
        clip(&rank, 4),
    );
    for entry in &p.rounds {
        line.push_str(&format!(" {} ", block(entry)));
    }
    line.trim_end().to_owned()
}

/// The eight columns of one round: `oooo c r`.
fn block(e: &RoundEntry) -> String {
    let colour = |c: Option<Colour>| match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    match *e {
        RoundEntry::Played {
            opponent,
            colour: c,
            outcome,
            unrated,
        } => {
            let r = match (outcome, unrated) {
                (Outcome::Win, false) => '1',
                (Outcome::Draw, false) => '=',
                (Outcome::Loss, false) => '0',
                (Outcome::Win, true) => 'W',
                (Outcome::Draw, true) => 'D',
                (Outcome::Loss, true) => 'L',
            };
            format!("{:>4} {} {}", opponent % 10000, colour(Some(c)), r)
        }
        RoundEntry::Forfeit {
            opponent,
            colour: c,
            won,
        } => format!(
            "{} {} {}",
            opponent.map_or("0000".to_owned(), |o| format!("{:>4}", o % 10000)),
            colour(c),
            if won { '+' } else { '-' }
        ),
        RoundEntry::Bye(b) => format!(
            "0000 - {}",
            match b {
                Bye::Full => 'F',
                Bye::Half => 'H',
                Bye::Zero => 'Z',
                Bye::PairingAllocated => 'U',
            }
        ),
        RoundEntry::Absent => " ".repeat(8),
    }
}
