//! Every tunable number of the search, named in one place. The values are the ones
//! the bench signature and the measured matches of docs/ENGINE.md were made with;
//! changing one changes the search and must be measured (SPRT) like any feature.

// Iterative deepening and aspiration windows.

/// Aspiration windows from this depth on; full windows below.
pub const ASP_MIN_DEPTH: i32 = 5;
/// The first aspiration half-width around the previous score, in centipawns.
pub const ASP_DELTA: i32 = 18;
/// After a fail the half-width grows by half of itself plus this.
pub const ASP_GROWTH: i32 = 5;
/// Fail-high and fail-low lines are reported only after this many seconds.
pub const REPORT_BOUNDS_AFTER_S: u64 = 2;
/// How the soft time limit scales with the best move's stability (iterations in a
/// row it stayed best: 0, 1, 2–3, 4 and more).
pub const STABILITY_SCALE: [f64; 4] = [1.6, 1.2, 0.9, 0.6];
/// With a single legal move and a clock, stop after this depth.
pub const SINGLE_MOVE_DEPTH: i32 = 4;
/// Helper thread `id` skips the depths where `(depth + id) % SMP_SKIP_CYCLE == 0`.
pub const SMP_SKIP_CYCLE: i32 = 3;

// Pruning before the moves.

/// Reverse futility pruning: at most this depth, with this margin per ply.
pub const RFP_MAX_DEPTH: i32 = 8;
pub const RFP_MARGIN: i32 = 75;
/// Null-move pruning from this depth; the reduction is `NMP_BASE + depth /
/// NMP_DEPTH_DIV + min((eval - beta) / NMP_EVAL_DIV, NMP_EVAL_MAX)`.
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DEPTH_DIV: i32 = 4;
pub const NMP_EVAL_DIV: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 3;
/// Internal iterative reduction (no hash move) from this depth.
pub const IIR_MIN_DEPTH: i32 = 4;

// Pruning of moves.

/// Late move pruning: at most this depth, after `(LMP_BASE + depth²)` quiet moves
/// (twice that when the position is improving).
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;
/// Futility pruning of quiet moves: at most this depth, margin `FP_BASE +
/// FP_PER_DEPTH × depth`.
pub const FP_MAX_DEPTH: i32 = 6;
pub const FP_BASE: i32 = 100;
pub const FP_PER_DEPTH: i32 = 90;
/// SEE pruning: at most this depth; a quiet move must not lose more than
/// `SEE_QUIET_PER_DEPTH × depth`, a capture not more than `SEE_CAPTURE_PER_DEPTH ×
/// depth`.
pub const SEE_MAX_DEPTH: i32 = 6;
pub const SEE_QUIET_PER_DEPTH: i32 = 50;
pub const SEE_CAPTURE_PER_DEPTH: i32 = 90;

// Late move reductions.

/// Reductions from this depth; the table is `LMR_BASE + ln(depth) ln(move) / LMR_DIV`.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIV: f64 = 2.25;
/// One ply less reduction per this much quiet history.
pub const LMR_HISTORY_DIV: i32 = 6000;

// Move ordering and history.

/// A history bonus is `depth² × HISTORY_BONUS_PER_DEPTH2`, at most `HISTORY_BONUS_MAX`.
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 16;
pub const HISTORY_BONUS_MAX: i32 = 1600;
/// Histories saturate towards ± this value.
pub const HISTORY_MAX: i32 = 16_384;
/// Capture history counts `1 / CAPHIST_DIV` in a capture's order.
pub const CAPHIST_DIV: i32 = 16;

// Quiescence search.

/// Delta pruning: a capture that cannot raise the score to alpha with this margin.
pub const DELTA_MARGIN: i32 = 200;
