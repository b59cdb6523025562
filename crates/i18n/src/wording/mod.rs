//! The wording of what the rules report as data: the [`Localize`] trait and its
//! implementations for outcomes, SAN errors, FEN errors ([`fen`]) and illegal moves
//! ([`illegal`]), with the names of pieces, colours and castling sides they use.

mod fen;
mod illegal;

use guoxiang_core::{CastlingSide, Color, Outcome, Role, SanError};

use crate::{message, Lang};

/// Something the rules report that a person can be told in their language.
///
/// ```
/// use guoxiang_core::{Color, Outcome, WinReason};
/// use guoxiang_i18n::{Lang, Localize};
/// let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
/// assert_eq!(mate.message(Lang::En), "Checkmate: Black wins.");
/// ```
pub trait Localize {
    /// The sentence for `self` in `lang`.
    fn message(&self, lang: Lang) -> String;
}

/// The name of a role in `lang` (message `piece.<role>`: "knight", "马", "馬").
pub fn role_name(lang: Lang, role: Role) -> String {
    message(lang, &format!("piece.{}", role.name()), &[])
}

/// The name of a side in `lang` (message `color.white` or `color.black`).
pub fn color_name(lang: Lang, color: Color) -> String {
    message(lang, &format!("color.{}", color.name()), &[])
}

/// The name of a castling side in `lang` (message `castling_side.king_side`, …).
pub fn castling_side_name(lang: Lang, side: CastlingSide) -> String {
    let key = match side {
        CastlingSide::KingSide => "castling_side.king_side",
        CastlingSide::QueenSide => "castling_side.queen_side",
    };
    message(lang, key, &[])
}

impl Localize for Outcome {
    /// The ending told to a person (message `outcome.<reason code>`, naming the
    /// winner and the loser when there is one).
    fn message(&self, lang: Lang) -> String {
        let key = format!("outcome.{}", self.reason_code());
        match self.winner() {
            Some(w) => {
                let winner = color_name(lang, w);
                let loser = color_name(lang, !w);
                message(lang, &key, &[("winner", &winner), ("loser", &loser)])
            }
            None => message(lang, &key, &[]),
        }
    }
}

impl Localize for SanError {
    /// The error told to a person (message [`SanError::code`]).
    fn message(&self, lang: Lang) -> String {
        let args: Vec<(&str, &str)> = match self {
            SanError::Empty => vec![],
            SanError::TooLong { text } | SanError::Syntax { text, .. } => vec![("text", text)],
            SanError::Illegal { san, .. } | SanError::MissingPromotion { san } => {
                vec![("san", san)]
            }
            SanError::Ambiguous { san, candidates } => {
                vec![("san", san), ("candidates", candidates)]
            }
        };
        message(lang, self.code(), &args)
    }
}
