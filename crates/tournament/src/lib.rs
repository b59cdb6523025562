//! # guoxiang-tournament
//!
//! Tournaments as a club arbiter runs them: round robin by the Berger tables, the Swiss
//! system by the FIDE Dutch rules ([`swiss`]), scoring 1/½/0 with byes and forfeits,
//! tie-breaks, and the FIDE TRF format that pairing programs read and write. Pure
//! functions of the tournament's data: the server and the command line share them.

pub mod swiss;
