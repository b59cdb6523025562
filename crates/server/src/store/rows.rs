//! The rows as the database holds them (text and integers), and the code that
//! writes a typed [`Record`] into them and reads it back. Every column's
//! encoding is here, once, for both backends.

use super::StoreError;
use crate::clock::TimeControl;
use crate::game::{
    After, Berserk, Ending, MoveRecord, Notice, Record, Rematch, Seats, SecretHash, Standing,
};
use crate::protocol::{Mode, NoticeKind, Status};
use guoxiang_core::game::DrawOffers;
use guoxiang_core::{Color, Position};

/// A game's row, column by column (in the order of [`GAME_COLUMNS`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub created_at: i64,
    pub mode: String,
    pub level: Option<i32>,
    pub computer_color: Option<String>,
    pub time_control: String,
    pub white_secret: Option<String>,
    pub black_secret: Option<String>,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub white_ms: i64,
    pub black_ms: i64,
    pub finished_at: Option<i64>,
    pub start_fen: Option<String>,
    pub join_key: Option<String>,
    pub draw_offer: Option<String>,
    pub draw_barred: Option<String>,
    pub takeback_request: Option<String>,
    pub turn_since: Option<i64>,
    pub rematch_offer: Option<String>,
    pub rematch_next: Option<String>,
    pub notice: Option<String>,
    /// 1: an arena game that may be berserked (migration 11).
    pub berserk_allowed: i64,
    /// Who berserked: `white`, `black`, `both` or nothing.
    pub berserk: Option<String>,
}

/// The columns of `games` a new game is inserted with, in the order of
/// [`GameRow`]'s fields (a new game has no rematch or notice yet), then the
/// berserk columns.
pub const GAME_COLUMNS: &str = "id, created_at, mode, level, computer_color, time_control, \
    white_secret, black_secret, status, result, reason, white_ms, black_ms, finished_at, \
    start_fen, join_key, draw_offer, draw_barred, takeback_request, turn_since, \
    berserk_allowed, berserk";

/// How many columns [`GAME_COLUMNS`] names.
pub const GAME_COLUMN_COUNT: usize = 22;

/// Every column of `games` that is read, in the order of [`GameRow`]'s fields.
pub const READ_COLUMNS: &str = "id, created_at, mode, level, computer_color, time_control, \
    white_secret, black_secret, status, result, reason, white_ms, black_ms, finished_at, \
    start_fen, join_key, draw_offer, draw_barred, takeback_request, turn_since, \
    rematch_offer, rematch_next, notice, berserk_allowed, berserk";

/// How many columns [`READ_COLUMNS`] names.
pub const READ_COLUMN_COUNT: usize = 25;

/// A notice as stored: `kind:side`, such as `draw_declined:black`.
pub fn notice_code(n: Option<Notice>) -> Option<String> {
    n.map(|n| {
        let kind = match n.kind {
            NoticeKind::DrawDeclined => "draw_declined",
            NoticeKind::TakebackDeclined => "takeback_declined",
            NoticeKind::RematchDeclined => "rematch_declined",
        };
        format!("{kind}:{}", color_code(n.by))
    })
}

fn notice_of(s: &str) -> Option<Notice> {
    let (kind, by) = s.split_once(':')?;
    let kind = match kind {
        "draw_declined" => NoticeKind::DrawDeclined,
        "takeback_declined" => NoticeKind::TakebackDeclined,
        "rematch_declined" => NoticeKind::RematchDeclined,
        _ => return None,
    };
    Some(Notice {
        kind,
        by: color_of(by)?,
    })
}

/// A move's row.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    pub ply: i64,
    pub uci: String,
    pub san: String,
    pub white_ms: i64,
    pub black_ms: i64,
    pub played_at: i64,
}

pub fn color_code(c: Color) -> &'static str {
    c.name()
}

fn color_of(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The barred sides as stored: `white`, `black`, `both` or nothing.
pub fn barred_code(barred: [bool; 2]) -> Option<&'static str> {
    match barred {
        [false, false] => None,
        [true, false] => Some("white"),
        [false, true] => Some("black"),
        [true, true] => Some("both"),
    }
}

fn barred_of(s: Option<&str>) -> Option<[bool; 2]> {
    Some(match s {
        None => [false, false],
        Some("white") => [true, false],
        Some("black") => [false, true],
        Some("both") => [true, true],
        Some(_) => return None,
    })
}

/// A stored secret or join key as it must be stored: a hash (a plain-text
/// value written by an older version is hashed).
pub fn hashed(stored: Option<String>) -> Option<String> {
    stored.map(|s| SecretHash::from_stored(&s).to_stored())
}

/// Selects the games that still hold a secret or join key in plain text.
pub const PLAIN_SECRETS: &str = "SELECT id, white_secret, black_secret, join_key FROM games \
    WHERE white_secret NOT LIKE 'sha256:%' OR black_secret NOT LIKE 'sha256:%' \
    OR join_key NOT LIKE 'sha256:%'";

/// A stored time (never negative).
pub fn ms(v: u64) -> i64 {
    v.min(i64::MAX as u64) as i64
}

fn unms(v: i64) -> u64 {
    v.max(0) as u64
}

impl GameRow {
    /// The row that stores `r`.
    pub fn from_record(r: &Record) -> GameRow {
        GameRow {
            id: r.id.clone(),
            created_at: r.created_at,
            mode: r.mode.code().into(),
            level: r.level.map(i32::from),
            computer_color: r.computer.map(|c| color_code(c).into()),
            // A time control always serialises; the default is "untimed".
            time_control: serde_json::to_string(&r.control).unwrap_or_default(),
            white_secret: r.seats.0[0].map(SecretHash::to_stored),
            black_secret: r.seats.0[1].map(SecretHash::to_stored),
            status: r.status.code().into(),
            result: r.ending.map(|e| e.result().as_str().into()),
            reason: r.ending.map(|e| e.reason_code().into()),
            white_ms: ms(r.clocks[0]),
            black_ms: ms(r.clocks[1]),
            finished_at: r.finished_at,
            start_fen: r.start.as_ref().map(Position::fen),
            join_key: r.join_key.map(SecretHash::to_stored),
            draw_offer: r.standing.draws.standing.map(|c| color_code(c).into()),
            draw_barred: barred_code(r.standing.draws.barred).map(Into::into),
            takeback_request: r.standing.takeback.map(|c| color_code(c).into()),
            turn_since: r.turn_since,
            rematch_offer: r.after.rematch.offer.map(|c| color_code(c).into()),
            rematch_next: r.after.rematch.next.clone(),
            notice: notice_code(r.after.notice),
            berserk_allowed: i64::from(r.berserk.allowed),
            berserk: barred_code(r.berserk.sides).map(Into::into),
        }
    }

    /// The record this row stores, or why it cannot be read.
    pub fn into_record(self) -> Result<Record, StoreError> {
        let id = self.id.clone();
        let corrupt = |what: &str| StoreError::Corrupt(format!("game {id}: {what}"));
        let color = |s: &Option<String>, what: &str| -> Result<Option<Color>, StoreError> {
            s.as_deref()
                .map(|s| color_of(s).ok_or_else(|| corrupt(what)))
                .transpose()
        };
        let ending = match (&self.result, &self.reason) {
            (Some(res), Some(why)) => {
                Some(Ending::from_stored(res, why).ok_or_else(|| corrupt("unknown ending"))?)
            }
            _ => None,
        };
        Ok(Record {
            created_at: self.created_at,
            mode: Mode::from_code(&self.mode).ok_or_else(|| corrupt("unknown mode"))?,
            level: self
                .level
                .map(|l| u8::try_from(l).map_err(|_| corrupt("bad level")))
                .transpose()?,
            computer: color(&self.computer_color, "bad computer colour")?,
            control: serde_json::from_str::<TimeControl>(&self.time_control)
                .map_err(|_| corrupt("bad time control"))?,
            seats: Seats([
                self.white_secret.as_deref().map(SecretHash::from_stored),
                self.black_secret.as_deref().map(SecretHash::from_stored),
            ]),
            join_key: self.join_key.as_deref().map(SecretHash::from_stored),
            start: self
                .start_fen
                .as_deref()
                .map(|f| Position::from_fen(f).map_err(|_| corrupt("bad start FEN")))
                .transpose()?,
            status: Status::from_code(&self.status).ok_or_else(|| corrupt("unknown status"))?,
            ending,
            clocks: [unms(self.white_ms), unms(self.black_ms)],
            finished_at: self.finished_at,
            standing: Standing {
                draws: DrawOffers {
                    standing: color(&self.draw_offer, "bad draw offer")?,
                    barred: barred_of(self.draw_barred.as_deref())
                        .ok_or_else(|| corrupt("bad draw bar"))?,
                },
                takeback: color(&self.takeback_request, "bad takeback request")?,
            },
            turn_since: self.turn_since,
            after: After {
                rematch: Rematch {
                    offer: color(&self.rematch_offer, "bad rematch offer")?,
                    next: self.rematch_next.clone(),
                },
                notice: self
                    .notice
                    .as_deref()
                    .map(|n| notice_of(n).ok_or_else(|| corrupt("bad notice")))
                    .transpose()?,
            },
            berserk: Berserk {
                allowed: self.berserk_allowed != 0,
                sides: barred_of(self.berserk.as_deref()).ok_or_else(|| corrupt("bad berserk"))?,
            },
            id: self.id,
        })
    }
}

impl MoveRow {
    pub fn from_record(m: &MoveRecord) -> MoveRow {
        MoveRow {
            ply: ms(m.ply),
            uci: m.uci.clone(),
            san: m.san.clone(),
            white_ms: ms(m.clocks[0]),
            black_ms: ms(m.clocks[1]),
            played_at: m.at,
        }
    }

    pub fn into_record(self) -> MoveRecord {
        MoveRecord {
            ply: unms(self.ply),
            uci: self.uci,
            san: self.san,
            clocks: [unms(self.white_ms), unms(self.black_ms)],
            at: self.played_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use guoxiang_core::{Outcome, WinReason};

    #[test]
    fn a_record_reads_back_exactly_from_its_row() {
        let r = Record {
            id: "g1".into(),
            created_at: 5,
            mode: Mode::Friend,
            level: None,
            computer: None,
            control: TimeControl::fischer(300_000, 2_000),
            seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
            join_key: Some(SecretHash::of("k")),
            start: None,
            status: Status::Finished,
            ending: Some(Ending::Outcome(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation,
            })),
            clocks: [1, 2],
            finished_at: Some(9),
            standing: Standing {
                draws: DrawOffers {
                    standing: None,
                    barred: [false, true],
                },
                takeback: Some(Color::White),
            },
            turn_since: Some(7),
            after: After {
                rematch: Rematch {
                    offer: Some(Color::Black),
                    next: Some("g2".into()),
                },
                notice: Some(Notice {
                    kind: NoticeKind::TakebackDeclined,
                    by: Color::White,
                }),
            },
            berserk: Berserk {
                allowed: true,
                sides: [true, false],
            },
        };
        let row = GameRow::from_record(&r);
        assert_eq!(row.result.as_deref(), Some("0-1"));
        assert!(row
            .white_secret
            .as_deref()
            .is_some_and(|s| !s.contains('w')));
        assert_eq!(row.into_record().expect("reads back"), r);
    }
}
