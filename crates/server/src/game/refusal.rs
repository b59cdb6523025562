//! Why the rules of play refuse an action, as data: each refusal has a stable
//! code (docs/API.md), a kind that the HTTP layer turns into a status, and an
//! English message. A refused action changes nothing.

use guoxiang_core::GameError;

/// What kind of refusal, for the status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The request itself is malformed (400).
    BadRequest,
    /// Not your side (403).
    Forbidden,
    /// A rule forbids it now (409).
    Conflict,
}

/// A refused action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("spectators cannot play: send the secret of a side")]
    Spectator,
    #[error("that side is played by the computer")]
    ComputerSide,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game is over ({0})")]
    GameOver(String),
    #[error("the opponent has not joined yet")]
    NotStarted,
    #[error("{0}")]
    BadMove(String),
    #[error("{0}")]
    IllegalMove(String),
    #[error("the flag fell before the move: the game is over on time")]
    FlagFell,
    #[error("it is your turn: send a move, not a premove")]
    PremoveOnTurn,
    #[error("a premove must move one of your own pieces")]
    PremoveNotOwn,
    #[error(transparent)]
    Rules(#[from] GameError),
    #[error("reason must be threefold_repetition, fifty_moves or opponent_left")]
    BadClaim,
    #[error("a draw is claimed by the player to move")]
    ClaimNotOnTurn,
    #[error("the opponent left less than the grace period ago")]
    TooEarly,
    #[error("the opponent is connected")]
    OpponentPresent,
    #[error("a game can be aborted only before both sides have moved")]
    TooLateToAbort,
    #[error("a takeback request is already waiting for an answer")]
    TakebackPending,
    #[error("you have no move to take back")]
    NothingToUndo,
    #[error("there is no takeback request from the opponent")]
    NoTakeback,
    #[error("only friend games can be joined")]
    NotJoinable,
    #[error("joining needs the key of the join link (the watch link only watches)")]
    WrongJoinKey,
    #[error("both players are already here")]
    AlreadyJoined,
    #[error("a rematch is for a finished game")]
    GameNotOver,
    #[error("your rematch offer already stands")]
    RematchAlreadyOffered,
    #[error("this game has been rematched already")]
    AlreadyRematched,
    #[error("there is no rematch offer from the opponent")]
    NoRematchOffer,
    #[error("only the games of an arena tournament that allows it can be berserked")]
    BerserkNotAllowed,
    #[error("an untimed game has no clock to halve: no berserk")]
    BerserkUntimed,
    #[error("berserk is only before your first move")]
    BerserkTooLate,
    #[error("you have berserked already")]
    AlreadyBerserk,
}

impl Refusal {
    /// The stable code clients see.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Spectator | Refusal::ComputerSide | Refusal::WrongJoinKey => "forbidden",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::GameOver(_) => "game_over",
            Refusal::NotStarted => "not_started",
            Refusal::BadMove(_) | Refusal::PremoveNotOwn => "bad_move",
            Refusal::IllegalMove(_) => "illegal_move",
            Refusal::FlagFell => "flag_fell",
            Refusal::PremoveOnTurn => "premove_on_turn",
            Refusal::Rules(e) => match e {
                GameError::GameOver(_) => "game_over",
                GameError::San(_) | GameError::Uci(_) => "bad_move",
                GameError::IllegalMove(_) => "illegal_move",
                GameError::NothingToUndo => "nothing_to_undo",
                GameError::OfferNotAfterOwnMove => "offer_not_after_own_move",
                GameError::OfferAlreadyStanding(_) => "offer_already_standing",
                GameError::OfferBlocked(_) => "offer_blocked",
                GameError::NoOfferToAnswer => "no_offer",
                GameError::NothingToClaim(_) => "nothing_to_claim",
            },
            Refusal::BadClaim => "bad_claim",
            Refusal::ClaimNotOnTurn => "nothing_to_claim",
            Refusal::TooEarly => "too_early",
            Refusal::OpponentPresent => "opponent_present",
            Refusal::TooLateToAbort => "too_late_to_abort",
            Refusal::TakebackPending => "takeback_pending",
            Refusal::NothingToUndo => "nothing_to_undo",
            Refusal::NoTakeback => "no_takeback",
            Refusal::NotJoinable => "not_joinable",
            Refusal::AlreadyJoined => "already_joined",
            Refusal::GameNotOver => "game_not_over",
            Refusal::RematchAlreadyOffered => "rematch_already_offered",
            Refusal::AlreadyRematched => "already_rematched",
            Refusal::NoRematchOffer => "no_offer",
            Refusal::BerserkNotAllowed => "berserk_not_allowed",
            Refusal::BerserkUntimed => "berserk_untimed",
            Refusal::BerserkTooLate => "berserk_too_late",
            Refusal::AlreadyBerserk => "already_berserk",
        }
    }

    /// Malformed, forbidden, or against a rule now.
    pub fn kind(&self) -> Kind {
        match self {
            Refusal::Spectator | Refusal::ComputerSide | Refusal::WrongJoinKey => Kind::Forbidden,
            Refusal::BadMove(_) | Refusal::PremoveNotOwn | Refusal::BadClaim => Kind::BadRequest,
            _ => Kind::Conflict,
        }
    }
}
