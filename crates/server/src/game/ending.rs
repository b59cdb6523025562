//! How a finished game ended, as one typed value from the rule that ended it to
//! the database, the views and the PGN: the core's [`Outcome`] (checkmate,
//! resignation, timeout, agreement, claims and automatic draws) or one of the
//! server's own endings (aborted, abandoned). The result (`1-0` …) and the
//! stable reason code are derived from it; [`Ending::from_stored`] reads the two
//! stored columns back.

use guoxiang_core::pgn::GameResult;
use guoxiang_core::{Color, DrawReason, Outcome, WinReason};

/// The end of a server game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// An ending the rules of chess decide (the core's outcome).
    Outcome(Outcome),
    /// Called off before both sides had moved, or a friend game nobody joined
    /// in time: no result.
    Aborted,
    /// `winner` claimed the win after the opponent had been gone for the grace period.
    Abandonment { winner: Color },
    /// A draw claimed after the opponent had been gone for the grace period.
    AbandonmentDraw,
}

/// Every reason the core knows, so that a stored code can be read back.
const WIN_REASONS: [WinReason; 3] = [
    WinReason::Checkmate,
    WinReason::Resignation,
    WinReason::Timeout,
];
const DRAW_REASONS: [DrawReason; 8] = [
    DrawReason::Stalemate,
    DrawReason::InsufficientMaterial,
    DrawReason::FivefoldRepetition,
    DrawReason::SeventyFiveMoves,
    DrawReason::ThreefoldRepetition,
    DrawReason::FiftyMoves,
    DrawReason::Agreement,
    DrawReason::TimeoutVsInsufficientMaterial,
];

impl Ending {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::Outcome(o) => o.winner(),
            Ending::Abandonment { winner } => Some(winner),
            Ending::Aborted | Ending::AbandonmentDraw => None,
        }
    }

    /// The PGN result (`*` for an aborted game).
    pub fn result(self) -> GameResult {
        match self {
            Ending::Aborted => GameResult::Unknown,
            Ending::AbandonmentDraw => GameResult::Draw,
            _ => match self.winner() {
                Some(Color::White) => GameResult::WhiteWins,
                Some(Color::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            },
        }
    }

    /// The stable reason code: the core's codes plus `aborted`, `abandonment`
    /// and `abandonment_draw`.
    pub fn reason_code(self) -> &'static str {
        match self {
            Ending::Outcome(o) => o.reason_code(),
            Ending::Aborted => "aborted",
            Ending::Abandonment { .. } => "abandonment",
            Ending::AbandonmentDraw => "abandonment_draw",
        }
    }

    /// The PGN `Termination` tag's standard word.
    pub fn termination(self) -> &'static str {
        match self {
            Ending::Outcome(Outcome::Decisive {
                reason: WinReason::Timeout,
                ..
            })
            | Ending::Outcome(Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial,
            }) => "time forfeit",
            Ending::Outcome(_) => "normal",
            Ending::Aborted | Ending::Abandonment { .. } | Ending::AbandonmentDraw => "abandoned",
        }
    }

    /// Reads an ending back from its stored result and reason code; `None` when
    /// the two do not describe an ending (corrupt data).
    pub fn from_stored(result: &str, reason: &str) -> Option<Ending> {
        let winner = match GameResult::from_str_opt(result)? {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unknown => None,
        };
        let ending = match reason {
            "aborted" => Ending::Aborted,
            "abandonment" => Ending::Abandonment { winner: winner? },
            "abandonment_draw" => Ending::AbandonmentDraw,
            code => match winner {
                Some(winner) => Ending::Outcome(Outcome::Decisive {
                    winner,
                    reason: WIN_REASONS.into_iter().find(|r| r.code() == code)?,
                }),
                None => Ending::Outcome(Outcome::Draw {
                    reason: DRAW_REASONS.into_iter().find(|r| r.code() == code)?,
                }),
            },
        };
        // The result must be the one the reason gives (no "1-0 stalemate").
        (ending.result() == GameResult::from_str_opt(result)?).then_some(ending)
    }
}

/// `GameResult` from its PGN text.
trait FromPgnResult: Sized {
    fn from_str_opt(s: &str) -> Option<Self>;
}

impl FromPgnResult for GameResult {
    fn from_str_opt(s: &str) -> Option<GameResult> {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_ending() -> Vec<Ending> {
        let mut all = vec![Ending::Aborted, Ending::AbandonmentDraw];
        for winner in [Color::White, Color::Black] {
            all.push(Ending::Abandonment { winner });
            for reason in WIN_REASONS {
                all.push(Ending::Outcome(Outcome::Decisive { winner, reason }));
            }
        }
        for reason in DRAW_REASONS {
            all.push(Ending::Outcome(Outcome::Draw { reason }));
        }
        all
    }

    #[test]
    fn every_ending_reads_back_from_what_is_stored() {
        for e in every_ending() {
            let back = Ending::from_stored(e.result().as_str(), e.reason_code());
            assert_eq!(back, Some(e), "{e:?}");
        }
    }

    #[test]
    fn a_result_that_contradicts_its_reason_is_corrupt() {
        assert_eq!(Ending::from_stored("1-0", "stalemate"), None);
        assert_eq!(Ending::from_stored("1/2-1/2", "checkmate"), None);
        assert_eq!(Ending::from_stored("*", "abandonment"), None);
        assert_eq!(Ending::from_stored("2-0", "checkmate"), None);
        assert_eq!(Ending::from_stored("1-0", "no_such_reason"), None);
    }

    #[test]
    fn an_aborted_game_has_no_result_and_an_abandoned_one_is_abandoned() {
        assert_eq!(Ending::Aborted.result(), GameResult::Unknown);
        assert_eq!(Ending::Aborted.termination(), "abandoned");
        let w = Ending::Abandonment {
            winner: Color::Black,
        };
        assert_eq!(
            (w.result().as_str(), w.winner()),
            ("0-1", Some(Color::Black))
        );
        let t = Ending::Outcome(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout,
        });
        assert_eq!(t.termination(), "time forfeit");
    }
}
