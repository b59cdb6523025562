//! # guoxiang-i18n
//!
//! The words of guoxiang, kept apart from its rules: the message catalogue in English,
//! Simplified Chinese and Traditional Chinese (shared with the web front end, whose
//! keys are under `ui.`), and the wording of what `guoxiang-core` reports as data —
//! why a move is illegal ([`IllegalReason`](guoxiang_core::IllegalReason)), how a game
//! ended ([`Outcome`](guoxiang_core::Outcome)), what is wrong with a FEN or a SAN move.
//!
//! ```
//! use guoxiang_core::{Position, Square};
//! use guoxiang_i18n::{Lang, Localize};
//! let why = Position::new().explain(Square::A1, Square::A3, None).unwrap_err();
//! assert_eq!(
//!     why.message(Lang::En),
//!     "The rook on a1 cannot jump over other pieces: the pawn on a2 is in the way to a3."
//! );
//! assert_eq!(guoxiang_i18n::message(Lang::ZhCn, "piece.knight", &[]), "马");
//! ```

mod catalogue;
mod lang;
mod wording;

pub use catalogue::{catalogue, message, placeholders};
pub use lang::Lang;
pub use wording::{castling_side_name, color_name, role_name, Localize};
