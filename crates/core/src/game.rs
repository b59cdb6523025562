//! A game without a clock: start position, moves, repetition tracking, undo, the
//! outcome (automatic endings), claimable draws (separately), resignation, and the
//! draw-offer rule of our competition documents.

use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::san::SanError;
use crate::uci::UciError;
use crate::{Color, FenError, Move, Position};

/// A draw a player may claim (it does not end the game by itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimableDraw {
    /// The current position has stood three times (same side to move, same
    /// castling rights, en passant counted only when a capture is legal).
    ThreefoldRepetition,
    /// 50 moves by each side without a capture or pawn move.
    FiftyMoves,
}

impl ClaimableDraw {
    pub const fn code(self) -> &'static str {
        match self {
            ClaimableDraw::ThreefoldRepetition => "threefold_repetition",
            ClaimableDraw::FiftyMoves => "fifty_moves",
        }
    }

    const fn reason(self) -> DrawReason {
        match self {
            ClaimableDraw::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
            ClaimableDraw::FiftyMoves => DrawReason::FiftyMoves,
        }
    }
}

/// What a game refused to do, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    #[error(transparent)]
    San(#[from] SanError),
    #[error(transparent)]
    Uci(#[from] UciError),
    #[error("illegal move {0:?}")]
    IllegalMove(Move),
    #[error("no move to take back")]
    NothingToUndo,
    #[error("a draw can only be offered right after making a move")]
    OfferNotAfterOwnMove,
    #[error("{0} already has a draw offer standing")]
    OfferAlreadyStanding(Color),
    #[error("{0}'s last offer was declined; {0} may offer again only after the opponent has offered once")]
    OfferBlocked(Color),
    #[error("there is no draw offer from the opponent to answer")]
    NoOfferToAnswer,
    #[error("no draw can be claimed here: {0}")]
    NothingToClaim(&'static str),
}

/// A chess game without a clock.
///
/// ```
/// use guoxiang_core::{game::Game, outcome::{Outcome, DrawReason}, Color};
/// let mut game = Game::new();
/// game.play_san("e4").unwrap();
/// game.offer_draw(Color::White).unwrap();
/// game.accept_draw(Color::Black).unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }));
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    /// positions[0] is the start; positions[i] is the position after moves[i - 1].
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// An ending that no position shows: resignation, agreement, claim, timeout.
    declared: Option<Outcome>,
    /// The side whose draw offer is standing.
    offer: Option<Color>,
    /// Whether each side is barred from offering (after a declined offer).
    offer_barred: [bool; 2],
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the starting position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from any legal position.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
            offer: None,
            offer_barred: [false; 2],
        }
    }

    /// A game from a FEN (strict).
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen)?))
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        // Invariant: `positions` always holds at least the start.
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How the game ended, if it did: a declared ending (resignation, agreement,
    /// claimed draw, timeout), else checkmate, stalemate, a dead position,
    /// fivefold repetition or the 75-move rule (checkmate takes precedence).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::Draw {
                reason: DrawReason::FivefoldRepetition,
            });
        }
        if pos.halfmove_clock() >= 150 {
            return Some(Outcome::Draw {
                reason: DrawReason::SeventyFiveMoves,
            });
        }
        None
    }

    /// How many times the current position has stood in this game (counting now).
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let key = pos.repetition_key();
        let n = self.positions.len();
        // Only positions since the last capture or pawn move can repeat, and only
        // those with the same side to move.
        let window = (pos.halfmove_clock() as usize).min(n - 1);
        let mut count = 1;
        let mut i = 2;
        while i <= window {
            let other = &self.positions[n - 1 - i];
            if other.repetition_key() == key && same_position(other, pos) {
                count += 1;
            }
            i += 2;
        }
        count
    }

    /// The draws the side to move could claim now (none once the game is over).
    pub fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        let mut out = Vec::new();
        if self.outcome().is_some() {
            return out;
        }
        if self.repetitions() >= 3 {
            out.push(ClaimableDraw::ThreefoldRepetition);
        }
        if self.position().halfmove_clock() >= 100 {
            out.push(ClaimableDraw::FiftyMoves);
        }
        out
    }

    /// Claims a draw available now; the game ends drawn.
    pub fn claim_draw(&mut self, claim: ClaimableDraw) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        if !self.claimable_draws().contains(&claim) {
            return Err(GameError::NothingToClaim(match claim {
                ClaimableDraw::ThreefoldRepetition => "this position has not stood three times",
                ClaimableDraw::FiftyMoves => {
                    "fewer than 50 moves by each side since the last capture or pawn move"
                }
            }));
        }
        let o = Outcome::Draw {
            reason: claim.reason(),
        };
        self.declared = Some(o);
        Ok(o)
    }

    /// Claims a draw by announcing a move that will produce it (FIDE 9.2.1.1 /
    /// 9.3.1): the move is played, and if it makes the claim valid the game ends
    /// drawn; if not, the move stands and the game goes on.
    pub fn claim_draw_with_move(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        self.play(m)?;
        if self.outcome().is_some() {
            return Ok(self.outcome());
        }
        for claim in [
            ClaimableDraw::ThreefoldRepetition,
            ClaimableDraw::FiftyMoves,
        ] {
            if self.claimable_draws().contains(&claim) {
                return self.claim_draw(claim).map(Some);
            }
        }
        Ok(None)
    }

    fn ensure_ongoing(&self) -> Result<(), GameError> {
        match self.outcome() {
            Some(o) => Err(GameError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Plays a legal move. A standing draw offer from the opponent lapses: a move
    /// answers it.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(GameError::IllegalMove(m));
        }
        let next = pos.after(m);
        if let Some(offerer) = self.offer {
            if offerer != pos.turn() {
                // The opponent of the offerer answered with a move.
                self.offer = None;
            }
        }
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Plays a move given in SAN (real-world forms accepted).
    pub fn play_san(&mut self, san: &str) -> Result<Move, GameError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_san(san)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move given in UCI notation.
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, GameError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_uci(uci)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move. A declared ending (resignation, agreement,
    /// claim, timeout) is final and cannot be undone; checkmate and other
    /// automatic endings can (the position simply goes back).
    pub fn undo(&mut self) -> Result<Move, GameError> {
        if let Some(o) = self.declared {
            return Err(GameError::GameOver(o));
        }
        let m = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.positions.pop();
        self.offer = None;
        Ok(m)
    }

    /// `color` resigns; the opponent wins.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        let o = Outcome::Decisive {
            winner: !color,
            reason: WinReason::Resignation,
        };
        self.declared = Some(o);
        Ok(o)
    }

    /// `color`'s flag fell: the opponent wins, unless the opponent could not mate
    /// by any series of legal moves (then a draw).
    pub fn flag(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        let o = self.position().timeout_outcome(color);
        self.declared = Some(o);
        Ok(o)
    }

    /// `color` offers a draw. Allowed only right after `color` made a move (so
    /// the opponent is to move), when no offer of `color` stands, and not after a
    /// declined offer until the opponent has offered once.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        if self.turn() == color || self.moves.is_empty() {
            return Err(GameError::OfferNotAfterOwnMove);
        }
        if self.offer == Some(color) {
            return Err(GameError::OfferAlreadyStanding(color));
        }
        if self.offer_barred[color.index()] {
            return Err(GameError::OfferBlocked(color));
        }
        self.offer = Some(color);
        // An offer by this side lifts the bar on the opponent.
        self.offer_barred[(!color).index()] = false;
        Ok(())
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// Whether `color` may offer a draw now.
    pub fn may_offer_draw(&self, color: Color) -> bool {
        self.outcome().is_none()
            && self.turn() != color
            && !self.moves.is_empty()
            && self.offer != Some(color)
            && !self.offer_barred[color.index()]
    }

    /// `color` accepts the opponent's standing offer: the game is drawn.
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, GameError> {
        self.ensure_ongoing()?;
        if self.offer != Some(!color) {
            return Err(GameError::NoOfferToAnswer);
        }
        let o = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        self.offer = None;
        self.declared = Some(o);
        Ok(o)
    }

    /// `color` declines the opponent's standing offer; the offerer may not offer
    /// again until `color` has offered once.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        self.ensure_ongoing()?;
        if self.offer != Some(!color) {
            return Err(GameError::NoOfferToAnswer);
        }
        self.offer = None;
        self.offer_barred[(!color).index()] = true;
        Ok(())
    }

    /// The legal move a learner meant by `from`-`to` (and a promotion piece), or
    /// why it is not legal, including that the game is over for any reason.
    pub fn explain(
        &self,
        from: crate::Square,
        to: crate::Square,
        promotion: Option<crate::Role>,
    ) -> Result<Move, crate::IllegalReason> {
        if let Some(o) = self.outcome() {
            return Err(crate::IllegalReason::GameOver { outcome: o });
        }
        self.position().explain(from, to, promotion)
    }

    /// The moves in SAN, one string per move.
    pub fn san_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| p.san(m))
            .collect()
    }
}

/// A game's draw-offer state — the standing offer and the sides barred from
/// offering — so that a stored game can be restored exactly.
///
/// ```
/// use guoxiang_core::{game::Game, Color};
/// let mut game = Game::new();
/// game.play_san("e4").unwrap();
/// game.offer_draw(Color::White).unwrap();
/// let mut copy = Game::new();
/// copy.play_san("e4").unwrap();
/// copy.restore_draw_offers(game.draw_offers());
/// assert_eq!(copy.draw_offer(), Some(Color::White));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DrawOffers {
    /// The side whose offer stands.
    pub standing: Option<Color>,
    /// Whether White and Black are barred from offering (their offer was declined).
    pub barred: [bool; 2],
}

impl Game {
    /// The draw-offer state, for storing.
    pub fn draw_offers(&self) -> DrawOffers {
        DrawOffers {
            standing: self.offer,
            barred: self.offer_barred,
        }
    }

    /// Restores a stored draw-offer state (after the moves have been replayed).
    pub fn restore_draw_offers(&mut self, state: DrawOffers) {
        self.offer = state.standing;
        self.offer_barred = state.barred;
    }
}

fn same_position(a: &Position, b: &Position) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.castling_rights() == b.castling_rights()
        && a.legal_en_passant() == b.legal_en_passant()
}
