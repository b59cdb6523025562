//! # guoxiang-engine
//!
//! A UCI chess engine on top of `guoxiang-core`: alpha-beta search with the usual
//! modern refinements, a tapered evaluation, human levels 1–8, and the UCI
//! protocol. Every caller — the UCI protocol ([`uci`]), the server, tools — thinks
//! through one facade, [`Engine::think`]: a position, the game before it, limits
//! and a level's [`Style`](levels::Style) in, a [`Decision`] out. The binary
//! `guoxiang-engine` speaks UCI on stdin/stdout.
//!
//! ```
//! use guoxiang_core::Position;
//! use guoxiang_engine::{levels, Engine, Think};
//! let engine = Engine::new(16);
//! let mut think = Think::new(Position::new());
//! think.style = Some(levels::style_for_level(2));
//! let decision = engine.think(&think, &mut |_| {});
//! assert!(decision.best.is_some() && decision.think_time.is_some());
//! ```

pub mod bench;
pub mod clock;
mod engine;
pub mod eval;
mod eval_weights;
pub mod features;
pub mod levels;
pub mod search;
mod tables;
pub mod uci;

pub use engine::{Decision, Engine, StopHandle, Think};
pub use guoxiang_tablebase::Tablebase;
