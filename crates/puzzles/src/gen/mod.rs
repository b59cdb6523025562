//! The generator: candidate positions from games, the only-move rule, verification.
//! (Skeleton: helper G completes it.)
