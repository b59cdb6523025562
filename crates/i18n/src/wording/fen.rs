//! The wording of a FEN error (message key [`FenError::code`]), including the
//! position errors it wraps.

use guoxiang_core::{FenError, ImpossibleCheck, PositionError};

use super::{castling_side_name, color_name, Localize};
use crate::{message, Lang};

impl Localize for FenError {
    /// The error as a sentence for a learner in `lang` (message key
    /// [`FenError::code`]).
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// use guoxiang_i18n::{Lang, Localize};
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K6 w - - 0 1").unwrap_err();
    /// assert_eq!(
    ///     err.message(Lang::ZhCn),
    ///     "第1横线只描述了7个格子，需要8个（第17个字符处）。"
    /// );
    /// ```
    fn message(&self, lang: Lang) -> String {
        let n = |v: &dyn ToString| v.to_string();
        let args: Vec<(&str, String)> = match self {
            FenError::Empty => vec![],
            FenError::TooLong { len, max } => vec![("len", n(len)), ("max", n(max))],
            FenError::FieldCount { found } | FenError::RankCount { found } => {
                vec![("found", n(found))]
            }
            FenError::RankTooLong { rank, column } => {
                vec![("rank", n(rank)), ("column", n(column))]
            }
            FenError::RankTooShort {
                rank,
                files,
                column,
            } => vec![
                ("rank", n(rank)),
                ("files", n(files)),
                ("column", n(column)),
            ],
            FenError::BadPiece { ch, column } => vec![("ch", n(ch)), ("column", n(column))],
            FenError::ConsecutiveDigits { column } => vec![("column", n(column))],
            FenError::BadTurn { found, column }
            | FenError::BadCastling { found, column }
            | FenError::BadEnPassant { found, column }
            | FenError::BadHalfmoveClock { found, column }
            | FenError::BadFullmoveNumber { found, column } => {
                vec![("found", found.clone()), ("column", n(column))]
            }
            FenError::Position(e) => position_error_args(e, lang),
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        message(lang, self.code(), &args)
    }
}

fn position_error_args(e: &PositionError, lang: Lang) -> Vec<(&'static str, String)> {
    match e {
        PositionError::MissingKing { color } => vec![("color", color_name(lang, *color))],
        PositionError::TooManyKings { color, count }
        | PositionError::TooManyPieces { color, count }
        | PositionError::TooManyPawns { color, count } => vec![
            ("color", color_name(lang, *color)),
            ("count", count.to_string()),
        ],
        PositionError::PawnOnBackRank { square } => vec![("square", square.to_string())],
        PositionError::OppositeCheck { color, square } => vec![
            ("color", color_name(lang, *color)),
            ("square", square.to_string()),
        ],
        PositionError::TooManyCheckers { count } => vec![("count", count.to_string())],
        PositionError::ImpossibleCheck {
            king,
            checkers,
            reason,
        } => {
            let mut args = vec![
                ("king", king.to_string()),
                ("checkers", checkers.to_string()),
            ];
            if let ImpossibleCheck::EnPassant { from } = reason {
                args.push(("from", from.to_string()));
            }
            args
        }
        PositionError::InvalidCastlingRights {
            color,
            side,
            king,
            rook,
        } => vec![
            ("color", color_name(lang, *color)),
            ("side", castling_side_name(lang, *side)),
            ("king", king.to_string()),
            ("rook", rook.to_string()),
        ],
        PositionError::InvalidEnPassant { square, .. } => vec![("square", square.to_string())],
        PositionError::ZeroFullmoveNumber => vec![],
    }
}
