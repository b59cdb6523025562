//! # guoxiang-tournament
//!
//! Tournaments as a club arbiter runs them: round robin by the Berger tables
//! ([`berger`]), the Swiss system by the FIDE Dutch rules ([`swiss`]), scoring 1/½/0
//! with byes and forfeits ([`model`]), tie-breaks by FIDE C.07 ([`tiebreak`]) and
//! standings ([`standings`]), and the FIDE TRF format that pairing programs read and
//! write ([`trf`]). Pure functions of the tournament's data: the server and the command
//! line share them.

pub mod berger;
pub mod model;
pub mod standings;
pub mod swiss;
pub mod swiss_input;
pub mod tiebreak;
pub mod trf;

pub use model::{Bye, Colour, Outcome, Player, RoundEntry, Score, Tournament};
