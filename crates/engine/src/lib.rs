//! # guoxiang-engine
//!
//! A UCI chess engine on top of `guoxiang-core`: alpha-beta search with the usual
//! modern refinements, a tapered evaluation, human levels 1–8, and the UCI
//! protocol. The library is used in-process by the server; the binary
//! `guoxiang-engine` speaks UCI on stdin/stdout.
//!
//! ```
//! use guoxiang_engine::search::{Limits, Shared, Worker};
//! use guoxiang_core::Position;
//! let shared = Shared::new(1);
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let limits = Limits { depth: Some(4), multipv: 1, ..Limits::default() };
//! let result = Worker::new(&shared, 0, Vec::new(), limits).search(&pos, &mut |_| {});
//! assert_eq!(result.best.map(|m| m.to_uci()), Some("a1a8".to_string()));
//! ```

pub mod bench;
pub mod eval;
mod eval_weights;
pub mod features;
pub mod levels;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;
pub mod uci;
