//! # guoxiang-rating
//!
//! Ratings for players: Glicko-2 per speed class, the online ladder of our texts
//! (10级 … 1级, 1段 … 7段) with its promotion and relegation rules, and FIDE's title
//! norms (performance rating and norm requirements) as information.

pub mod game;
pub mod glicko2;
pub mod ladder;
pub mod norm;
pub mod rank;
pub mod speed;
