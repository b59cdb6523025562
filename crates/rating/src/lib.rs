//! # guoxiang-rating
//!
//! Ratings for players: [`glicko2`] (Glickman's Glicko-2, also used by the puzzles
//! through `guoxiang_puzzles::glicko`), [`game`] (a rated game updates both players
//! when it ends, provisional while RD > 110), [`speed`] (bullet, blitz, rapid,
//! classical from the clock; untimed games are not rated), the online ladder of our
//! texts 10级 … 1级, 1段 … 7段 ([`rank`] and [`ladder`], promotion on a threshold,
//! relegation with a 50-point margin), and FIDE's title norms as information
//! ([`norm`]: performance rating by FIDE's dp table and a check of every norm
//! requirement). docs/LADDER.md explains the choices in Chinese and English.

pub mod game;
pub mod glicko2;
pub mod ladder;
pub mod norm;
pub mod rank;
pub mod speed;
