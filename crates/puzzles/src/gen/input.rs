//! Games to mine from a PGN file: every game's mainline, replayed with full
//! legality checks (a game that does not replay, or starts from a bad FEN, is skipped).

use std::path::Path;

use guoxiang_core::pgn::Reader;

use super::selfplay::PlayedGame;
use crate::Source;

/// Why games could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read {path}: {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{path}: game {game}: {message}")]
    Pgn {
        path: String,
        game: u32,
        message: String,
    },
}

/// The games of a PGN file (at most `limit`), each with its source
/// `pgn:NAME:GAME:0` (NAME: the file's name without its folders; the ply is set per puzzle).
pub fn read_pgn(
    path: &Path,
    limit: Option<usize>,
) -> Result<Vec<(PlayedGame, Source)>, InputError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|error| InputError::Io {
        path: shown.clone(),
        error,
    })?;
    let name = path
        .file_name()
        .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
    let mut reader = Reader::new(std::io::BufReader::new(file));
    let mut out = Vec::new();
    for (i, record) in reader.games().enumerate() {
        if limit.is_some_and(|l| out.len() >= l) {
            break;
        }
        let game = i as u32 + 1;
        let record = record.map_err(|e| InputError::Pgn {
            path: shown.clone(),
            game,
            message: e.to_string(),
        })?;
        let Ok(start) = record.start_position() else {
            continue;
        };
        // A game that stops replaying is mined as far as it is legal.
        let moves = match record.replay(false) {
            Ok(m) => m,
            Err(_) => continue,
        };
        let moves: Vec<_> = moves.into_iter().take_while(|m| !m.is_null()).collect();
        out.push((
            PlayedGame {
                start,
                considered: vec![Vec::new(); moves.len()],
                moves,
                levels: (0, 0),
            },
            Source::Pgn {
                file: name.clone(),
                game,
                ply: 0,
            },
        ));
    }
    Ok(out)
}
