//! The wording of an illegal move: [`IllegalReason`] as a teacher would say it
//! (message key `illegal.<code>`, filled with the squares and pieces involved).

use guoxiang_core::{CastlingSide, IllegalReason, Piece, Square};

use super::{castling_side_name, color_name, role_name, Localize};
use crate::{message, Lang};

impl Localize for IllegalReason {
    /// The reason as a sentence in `lang`, from the message `illegal.<code>`.
    ///
    /// ```
    /// use guoxiang_core::{Position, Square};
    /// use guoxiang_i18n::{Lang, Localize};
    /// // 1.e4 e5 2.Nf3 Nc6 3.Bb5 d6 4.O-O: the knight on c6 is pinned.
    /// let pos = Position::from_fen(
    ///     "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4",
    /// ).unwrap();
    /// let why = pos.explain(Square::C6, Square::E7, None).unwrap_err();
    /// assert_eq!(why.code(), "pinned");
    /// assert_eq!(
    ///     why.message(Lang::En),
    ///     "Your king would be in check: the bishop on b5 pins your knight on c6 to the king."
    /// );
    /// assert_eq!(
    ///     why.message(Lang::ZhCn),
    ///     "你在c6上的马被b5上的象牵制住了：它一离开这条线，王就会被将军。"
    /// );
    /// ```
    fn message(&self, lang: Lang) -> String {
        let key = format!("illegal.{}", self.code());
        let sq = |s: &Square| s.to_string();
        let pc = |p: &Piece| role_name(lang, p.role);
        let side = |s: &CastlingSide| castling_side_name(lang, *s);
        let args: Vec<(&str, String)> = match self {
            IllegalReason::GameOver { outcome } => vec![("outcome", outcome.message(lang))],
            IllegalReason::EmptySquare { square } => vec![("square", sq(square))],
            IllegalReason::NotYourPiece { square, piece } => vec![
                ("square", sq(square)),
                ("piece", pc(piece)),
                ("owner", color_name(lang, piece.color)),
                ("turn", color_name(lang, !piece.color)),
            ],
            IllegalReason::SameSquare { square, piece } => {
                vec![("square", sq(square)), ("piece", pc(piece))]
            }
            IllegalReason::PromotionNotAllowed {
                piece,
                from,
                to,
                promotion,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("promotion", role_name(lang, *promotion)),
            ],
            IllegalReason::BadPromotionRole {
                from,
                to,
                promotion,
            } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("promotion", role_name(lang, *promotion)),
            ],
            IllegalReason::OwnPieceOnTarget {
                piece,
                from,
                to,
                target,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("target", pc(target)),
            ],
            IllegalReason::KingCannotBeCaptured { piece, from, to } => {
                vec![("piece", pc(piece)), ("from", sq(from)), ("to", sq(to))]
            }
            IllegalReason::BadPieceMove { piece, from, to } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                (
                    "rule",
                    message(lang, &format!("rule.{}", piece.role.name()), &[]),
                ),
            ],
            IllegalReason::PawnBackwards { from, to }
            | IllegalReason::PawnSideways { from, to }
            | IllegalReason::PawnDiagonalToEmpty { from, to }
            | IllegalReason::PawnDoubleStepNotFromStart { from, to }
            | IllegalReason::KingTwoSquares { from, to }
            | IllegalReason::MustPromote { from, to } => {
                vec![("from", sq(from)), ("to", sq(to))]
            }
            IllegalReason::PawnCapturesStraight { from, to, target } => {
                vec![("from", sq(from)), ("to", sq(to)), ("target", pc(target))]
            }
            IllegalReason::EnPassantNotPossible { from, to, pawn } => {
                vec![("from", sq(from)), ("to", sq(to)), ("pawn", sq(pawn))]
            }
            IllegalReason::Blocked {
                piece,
                from,
                to,
                blocker,
                square,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("blocker", pc(blocker)),
                ("square", sq(square)),
            ],
            IllegalReason::CastlingKingMoved { side: s, king } => {
                vec![("side", side(s)), ("king", sq(king))]
            }
            IllegalReason::CastlingRookMoved { side: s, rook } => {
                vec![("side", side(s)), ("rook", sq(rook))]
            }
            IllegalReason::CastlingInCheck { side: s, checker } => vec![
                ("side", side(s)),
                ("attacker", pc(&checker.piece)),
                ("attacker_square", sq(&checker.square)),
            ],
            IllegalReason::CastlingBlocked {
                side: s,
                square,
                piece,
            } => vec![
                ("side", side(s)),
                ("square", sq(square)),
                ("piece", pc(piece)),
            ],
            IllegalReason::CastlingThroughCheck {
                side: s,
                square,
                attacker,
            }
            | IllegalReason::CastlingIntoCheck {
                side: s,
                square,
                attacker,
            } => vec![
                ("side", side(s)),
                ("square", sq(square)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::MustAnswerCheck { checkers } => {
                let mut args = Vec::new();
                if let Some(a) = checkers.first() {
                    args.push(("attacker", pc(&a.piece)));
                    args.push(("attacker_square", sq(&a.square)));
                }
                if let Some(a) = checkers.get(1) {
                    args.push(("attacker2", pc(&a.piece)));
                    args.push(("attacker2_square", sq(&a.square)));
                }
                args
            }
            IllegalReason::Pinned {
                piece,
                from,
                to,
                attacker,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::EnPassantExposesKing {
                from,
                to,
                captured,
                attacker,
            } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("captured", sq(captured)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::KingIntoCheck { from, to, attacker } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        message(lang, &key, &args)
    }
}
