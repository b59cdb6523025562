//! `guoxiang puzzles gen --db PATH`: the finished games stored in a server's SQLite
//! database (or a PostgreSQL URL), read as games to mine; each puzzle's source is
//! `server:GAMEID:PLY`.

use guoxiang_core::Position;
use guoxiang_puzzles::gen::selfplay::PlayedGame;
use guoxiang_puzzles::Source;
use guoxiang_server::store::Store;
use std::path::Path;

/// Finished games read per query.
const PAGE: i64 = 500;

/// The finished games of the database at `url` (at most `limit`), oldest pages last.
pub fn read_db(url: &str, limit: Option<usize>) -> Result<Vec<(PlayedGame, Source)>, String> {
    let is_pg = url.starts_with("postgres://") || url.starts_with("postgresql://");
    if !is_pg && !Path::new(url.strip_prefix("sqlite:").unwrap_or(url)).exists() {
        return Err(format!("cannot read {url}: no such database"));
    }
    let store =
        Store::open(Some(url), Path::new(".")).map_err(|e| format!("cannot open {url}: {e}"))?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(async {
        let mut out = Vec::new();
        let mut offset = 0;
        loop {
            let (page, _total) = store
                .finished(offset, PAGE)
                .await
                .map_err(|e| format!("{url}: {e}"))?;
            if page.is_empty() {
                break;
            }
            offset += page.len() as i64;
            for (record, _) in page {
                if limit.is_some_and(|l| out.len() >= l) {
                    return Ok(out);
                }
                let Some((record, moves)) = store
                    .game(&record.id)
                    .await
                    .map_err(|e| format!("{url}: {e}"))?
                else {
                    continue;
                };
                let start = record.start.clone().unwrap_or_else(Position::new);
                let mut pos = start.clone();
                let mut played = Vec::with_capacity(moves.len());
                for m in &moves {
                    let Ok(mv) = pos.parse_uci(&m.uci) else { break };
                    pos.play_unchecked(mv);
                    played.push(mv);
                }
                out.push((
                    PlayedGame {
                        start,
                        considered: vec![Vec::new(); played.len()],
                        moves: played,
                        levels: (0, 0),
                    },
                    Source::Server {
                        game: record.id.clone(),
                        ply: 0,
                    },
                ));
            }
        }
        Ok(out)
    })
}
