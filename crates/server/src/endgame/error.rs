//! Why a trainer request was refused, with what was wrong and where; the
//! HTTP layer turns each case into its status and code (docs/API.md).

use super::exercise::NotThisExercise;
use super::over::Ending;
use super::start::StartError;
use guoxiang_tablebase::ProbeError;

#[derive(Debug, thiserror::Error)]
pub enum TrainerError {
    #[error("fen: {0}")]
    BadFen(String),
    #[error("uci {uci:?}: {reason}")]
    IllegalMove { uci: String, reason: String },
    #[error("fen: {0}")]
    NotThisExercise(#[from] NotThisExercise),
    #[error("fen: the game is already over ({})", ending_code(*.0))]
    GameOver(Ending),
    #[error("difficulty {0:?}: expected easy, medium or hard")]
    BadDifficulty(String),
    #[error("level {0:?}: expected 1, 2 or 3")]
    BadLevel(String),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error("tables: {0}")]
    Tables(#[from] ProbeError),
}

fn ending_code(e: Ending) -> &'static str {
    match e {
        Ending::Mate => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::Fifty => "the 50-move rule",
        Ending::Insufficient => "insufficient material",
    }
}
