//! Draws by agreement and by claim. The offer rules are the core's (`Game`:
//! only right after one's own move, one standing offer, no new offer after a
//! refusal until the opponent has offered); here: how a claim is named and the
//! state that is stored with the moves so that a restart restores it exactly.

use super::refusal::Refusal;
use crate::protocol::ClaimReason;
use guoxiang_core::game::DrawOffers;
use guoxiang_core::{ClaimableDraw, Color};

/// What stands between two moves and must survive a restart: the draw offers
/// (the standing offer and the bar after a refusal) and a takeback request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    pub draws: DrawOffers,
    pub takeback: Option<Color>,
}

/// Reads the reason of a `claim_draw`.
pub fn claim_reason(code: &str) -> Result<ClaimReason, Refusal> {
    match code {
        "threefold_repetition" => Ok(ClaimReason::ThreefoldRepetition),
        "fifty_moves" => Ok(ClaimReason::FiftyMoves),
        "opponent_left" => Ok(ClaimReason::OpponentLeft),
        _ => Err(Refusal::BadClaim),
    }
}

/// The wire name of a draw the core says is claimable.
pub fn claimable(d: ClaimableDraw) -> ClaimReason {
    match d {
        ClaimableDraw::ThreefoldRepetition => ClaimReason::ThreefoldRepetition,
        ClaimableDraw::FiftyMoves => ClaimReason::FiftyMoves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_names_one_of_three_reasons() {
        assert_eq!(claim_reason("fifty_moves"), Ok(ClaimReason::FiftyMoves));
        assert_eq!(claim_reason("opponent_left"), Ok(ClaimReason::OpponentLeft));
        assert_eq!(claim_reason("stalemate"), Err(Refusal::BadClaim));
    }
}
