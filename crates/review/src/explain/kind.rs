//! What an explanation says, as typed values: the pieces and squares it names, the
//! moves (kept as SAN values with their side, so each language writes them with its
//! own piece letters), the tactic, the mate's distance and pattern. Nothing here is
//! text; [`super::text`] words it.

use guoxiang_core::san::{SanStyle, Suffix};
use guoxiang_core::{CastlingSide, Color, Move, Piece, Position, Role, San, Square};
use guoxiang_i18n::Lang;
use guoxiang_puzzles::Theme;
use guoxiang_tablebase::Wdl;

/// A move as the learner reads it: its SAN (with the check mark), who plays it, and
/// the move itself for the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SanMove {
    pub mv: Move,
    pub san: San,
    pub color: Color,
    pub suffix: Option<Suffix>,
    /// The move's number (1 for the first move of each side).
    pub number: u32,
}

impl SanMove {
    /// The move `mv`, which must be legal in `pos`.
    pub fn new(pos: &Position, mv: Move) -> SanMove {
        SanMove {
            mv,
            san: San::from_move(pos, mv),
            color: pos.turn(),
            suffix: pos.suffix(mv),
            number: pos.fullmove_number(),
        }
    }

    /// The SAN with the piece letters of `lang` (马c3 in zh-CN) and its check mark.
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// use guoxiang_i18n::Lang;
    /// use guoxiang_review::explain::SanMove;
    /// let pos = Position::new();
    /// let m = SanMove::new(&pos, pos.parse_uci("g1f3").unwrap());
    /// assert_eq!(m.text(Lang::En), "Nf3");
    /// assert_eq!(m.text(Lang::ZhTw), "馬f3");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        let style = match lang {
            Lang::En => SanStyle::English,
            Lang::ZhCn => SanStyle::ZhCn,
            Lang::ZhTw => SanStyle::ZhTw,
        };
        let mut s = String::with_capacity(8);
        // Writing to a String cannot fail.
        let _ = self.san.write_styled(&mut s, style, self.color);
        match self.suffix {
            Some(Suffix::Check) => s.push('+'),
            Some(Suffix::Checkmate) => s.push('#'),
            None => {}
        }
        s
    }
}

/// A piece and the square it stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceAt {
    pub piece: Piece,
    pub square: Square,
}

/// A tactic found on the board, with the pieces that make it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tactic {
    /// `by` attacks both targets at once.
    Fork { by: PieceAt, targets: [PieceAt; 2] },
    /// `by` pins `pinned` to `behind`: to the king (absolute) or to a piece worth more.
    Pin {
        by: PieceAt,
        pinned: PieceAt,
        behind: PieceAt,
    },
    /// `by` attacks `front` (the king or a piece worth more), and `behind` falls when it moves.
    Skewer {
        by: PieceAt,
        front: PieceAt,
        behind: PieceAt,
    },
    /// `moved` leaves its square (`moved.square` is where it stood) and opens the line
    /// of `by` to `target` (a check when the target is the king).
    Discovered {
        moved: PieceAt,
        by: PieceAt,
        target: PieceAt,
    },
}

impl Tactic {
    /// The puzzle theme this tactic is.
    pub fn theme(&self) -> Theme {
        match self {
            Tactic::Fork { .. } => Theme::Fork,
            Tactic::Pin { behind, .. } if behind.piece.role == Role::King => Theme::Pin,
            Tactic::Pin { .. } => Theme::RelativePin,
            Tactic::Skewer { .. } => Theme::Skewer,
            Tactic::Discovered { target, .. } if target.piece.role == Role::King => {
                Theme::DiscoveredCheck
            }
            Tactic::Discovered { .. } => Theme::DiscoveredAttack,
        }
    }
}

/// How the mover stood before the move, from their side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Winning: a mate, or three pawns or more.
    Winning,
    /// Better by a pawn or more.
    Better,
    /// About level.
    Level,
    /// Worse by a pawn or more.
    Worse,
}

/// What the detectors found. The variants are listed in the order the detectors
/// run (a pawn left hanging, [`ExplanationKind::Hangs`], is tried again after the
/// missed gains): the first that applies is the explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplanationKind {
    /// The move stalemates the opponent (`line` empty), or lets them reach stalemate
    /// by `line`, while the mover was winning. `king` is the stalemated king.
    Stalemate {
        king: PieceAt,
        line: Vec<SanMove>,
        best: Option<SanMove>,
    },
    /// The move repeats the position a third time while the mover was winning.
    Repetition { best: Option<SanMove> },
    /// The move completes fifty moves without a capture or pawn move while the mover
    /// was winning.
    FiftyMoves { best: Option<SanMove> },
    /// The endgame tables say the mover's result went from `was` to `now`.
    EndingSlips {
        was: Wdl,
        now: Wdl,
        best: Option<SanMove>,
    },
    /// The mover was winning, and the reply line is a perpetual check by the
    /// opponent: every move of theirs checks until a position repeats.
    Perpetual {
        line: Vec<SanMove>,
        best: Option<SanMove>,
    },
    /// The opponent mates in `mate_in` moves with `line`; `king` is the king that is
    /// mated (where it stands at the end of the line, when the line reaches mate).
    AllowsMate {
        mate_in: u32,
        line: Vec<SanMove>,
        king: Option<PieceAt>,
        pattern: Option<Theme>,
    },
    /// The mover had mate in `mate_in` with `line`; `king` is the king that would
    /// have been mated (where it stands at the end of the line, when the line reaches mate).
    MissedMate {
        mate_in: u32,
        line: Vec<SanMove>,
        king: Option<PieceAt>,
        pattern: Option<Theme>,
    },
    /// The move leaves `piece` en prise; the reply `capture` by `taker` takes it and
    /// wins material. `defended`: the piece had a defender (the exchange still loses).
    Hangs {
        piece: PieceAt,
        taker: PieceAt,
        capture: SanMove,
        defended: bool,
    },
    /// The opponent's reply line starts a tactic.
    AllowsTactic { tactic: Tactic, line: Vec<SanMove> },
    /// The opponent's line wins `piece` by other means.
    LosesMaterial { piece: PieceAt, line: Vec<SanMove> },
    /// The opponent's pawn on `pawn.square` promotes in the reply line (the last move of `line`).
    AllowsPromotion { pawn: PieceAt, line: Vec<SanMove> },
    /// The engine's line would have won material with a tactic.
    MissedTactic { tactic: Tactic, line: Vec<SanMove> },
    /// The engine's line would have won `piece`.
    MissedMaterial { piece: PieceAt, line: Vec<SanMove> },
    /// The engine's line would have promoted the mover's pawn on `pawn.square`
    /// (the last move of `line`).
    MissedPromotion { pawn: PieceAt, line: Vec<SanMove> },
    /// Moving `piece` from its square gave up castling on `sides`, where the best
    /// move kept the right.
    CastlingLost {
        piece: PieceAt,
        sides: Vec<CastlingSide>,
        best: Option<SanMove>,
    },
    /// Nothing more specific: the better move and its line.
    Better {
        best: SanMove,
        line: Vec<SanMove>,
        standing: Standing,
    },
}

impl ExplanationKind {
    /// A stable lower-case code for the kind (for logs, tallies and the front end).
    ///
    /// ```
    /// use guoxiang_review::explain::ExplanationKind;
    /// let k = ExplanationKind::Repetition { best: None };
    /// assert_eq!(k.code(), "repetition");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ExplanationKind::Stalemate { .. } => "stalemate",
            ExplanationKind::Repetition { .. } => "repetition",
            ExplanationKind::FiftyMoves { .. } => "fifty_moves",
            ExplanationKind::EndingSlips { .. } => "ending_slips",
            ExplanationKind::Perpetual { .. } => "perpetual",
            ExplanationKind::AllowsMate { .. } => "allows_mate",
            ExplanationKind::MissedMate { .. } => "missed_mate",
            ExplanationKind::Hangs { .. } => "hangs",
            ExplanationKind::AllowsTactic { .. } => "allows_tactic",
            ExplanationKind::LosesMaterial { .. } => "loses_material",
            ExplanationKind::AllowsPromotion { .. } => "allows_promotion",
            ExplanationKind::MissedTactic { .. } => "missed_tactic",
            ExplanationKind::MissedMaterial { .. } => "missed_material",
            ExplanationKind::MissedPromotion { .. } => "missed_promotion",
            ExplanationKind::CastlingLost { .. } => "castling_lost",
            ExplanationKind::Better { .. } => "better",
        }
    }
}
