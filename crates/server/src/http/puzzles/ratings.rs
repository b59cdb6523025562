//! The puzzles' current ratings on this server: the rows of `puzzle_ratings` (read
//! through the store once, on first use) over the ratings shipped with the set, and
//! an attempt's Glicko-2 update of both the puzzle and the solver. Attempts are
//! applied one at a time, each committed to the database before the cache and the
//! answer change, so a failed write changes nothing.

use super::limit::Limiter;
use crate::store::{PuzzleRatingRow, Store, StoreError, Write};
use guoxiang_puzzles::glicko::{self, Rating};
use guoxiang_puzzles::Puzzle;
use std::collections::HashMap;
use tokio::sync::{Mutex, MutexGuard};

/// What the puzzle routes keep between requests.
#[derive(Debug, Default)]
pub struct PuzzleState {
    /// The stored rows by puzzle id (`None` until first read).
    rows: Mutex<Option<HashMap<String, PuzzleRatingRow>>>,
    /// Judged moves per address.
    pub moves: Limiter,
    /// Attempts per address.
    pub attempts: Limiter,
}

/// A puzzle's rating now and how often it was played here.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Current {
    pub rating: Rating,
    pub plays: u64,
    pub wins: u64,
}

/// The ratings, read once from the store and then kept.
pub struct Ratings<'a>(MutexGuard<'a, Option<HashMap<String, PuzzleRatingRow>>>);

impl Ratings<'_> {
    /// `p`'s current rating: the stored row's, else the shipped one.
    pub fn of(&self, p: &Puzzle) -> Current {
        match self.0.as_ref().and_then(|m| m.get(&p.id.0)) {
            Some(r) => Current {
                rating: Rating {
                    rating: r.rating,
                    rd: r.rd,
                    vol: r.vol,
                },
                plays: r.plays.max(0) as u64,
                wins: r.wins.max(0) as u64,
            },
            None => Current {
                rating: p.rating,
                plays: 0,
                wins: 0,
            },
        }
    }
}

/// What an attempt changed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    pub player: Rating,
    pub puzzle: Current,
}

impl PuzzleState {
    /// The current ratings (held until dropped; attempts wait meanwhile).
    pub async fn ratings(&self, store: &Store) -> Result<Ratings<'_>, StoreError> {
        let mut rows = self.rows.lock().await;
        if rows.is_none() {
            let read = store.puzzle_ratings().await?;
            *rows = Some(read.into_iter().map(|r| (r.id.clone(), r)).collect());
        }
        Ok(Ratings(rows))
    }

    /// Rates one attempt of `player` at `p`: both ratings after the duel (the
    /// solver scores 1 when solved), the puzzle's stored before it is answered.
    pub async fn attempt(
        &self,
        store: &Store,
        p: &Puzzle,
        player: Rating,
        solved: bool,
    ) -> Result<Outcome, StoreError> {
        let mut ratings = self.ratings(store).await?;
        let before = ratings.of(p);
        let (player, puzzle) = glicko::duel(player, before.rating, if solved { 1.0 } else { 0.0 });
        let row = PuzzleRatingRow {
            id: p.id.0.clone(),
            rating: puzzle.rating,
            rd: puzzle.rd,
            vol: puzzle.vol,
            plays: (before.plays + 1).min(i64::MAX as u64) as i64,
            wins: (before.wins + u64::from(solved)).min(i64::MAX as u64) as i64,
        };
        store.write(Write::PuzzleRating(row.clone())).await?;
        if let Some(m) = ratings.0.as_mut() {
            m.insert(row.id.clone(), row);
        }
        Ok(Outcome {
            player,
            puzzle: ratings.of(p),
        })
    }
}
