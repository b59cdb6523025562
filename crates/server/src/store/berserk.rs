//! Berserk in arena games (migration 11): whether a game may be berserked
//! (`berserk_allowed`, 0 or 1, set when an arena tournament starts the game) and
//! who did (`berserk`: `white`, `black`, `both` or nothing, like the draw bar). A
//! berserk is one write ([`Change::Berserk`]): the flags and both clocks (the
//! berserker's halved), so that a restarted server restores them. Read with the
//! game's other columns (`rows.rs`); the same SQL serves SQLite and PostgreSQL.

use super::rows::{barred_code, ms};
use crate::game::Change;
use postgres::GenericClient;

/// The migration that adds the columns.
pub const VERSION: i64 = 11;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "ALTER TABLE games ADD COLUMN berserk_allowed BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN berserk TEXT;";

/// $1 id, $2 who berserked, $3 White's time, $4 Black's.
const UPDATE: &str = "UPDATE games SET berserk = $2, white_ms = $3, black_ms = $4 WHERE id = $1";

/// The columns of a berserk: who, and both clocks.
fn values(change: &Change) -> Option<(Option<&'static str>, i64, i64)> {
    match change {
        Change::Berserk { sides, clocks, .. } => {
            Some((barred_code(*sides), ms(clocks[0]), ms(clocks[1])))
        }
        _ => None,
    }
}

/// Stores a [`Change::Berserk`] of game `id` (other changes: nothing).
pub(super) fn apply_sqlite(
    c: &rusqlite::Connection,
    id: &str,
    change: &Change,
) -> Result<(), rusqlite::Error> {
    if let Some((who, white, black)) = values(change) {
        c.prepare_cached(&super::explorer::sqlite(UPDATE))?
            .execute(rusqlite::params![id, who, white, black])?;
    }
    Ok(())
}

/// Stores a [`Change::Berserk`] of game `id` (other changes: nothing).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    id: &String,
    change: &Change,
) -> Result<(), postgres::Error> {
    if let Some((who, white, black)) = values(change) {
        c.execute(UPDATE, &[id, &who, &white, &black])?;
    }
    Ok(())
}
