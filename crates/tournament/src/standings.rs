//! Standings: players ordered by score, then by an ordered list of tie-breaks (the
//! tournament's regulations choose it), then sharing a place when everything is equal
//! (listed by starting rank). Direct encounter is computed inside each group still
//! tied when its turn comes, as C.07 applies it.

use crate::model::{Score, Tournament};
use crate::tiebreak::{self, TieBreak, TieValue};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The place, 1-based; tied players share it.
    pub place: u32,
    /// The player's starting rank.
    pub id: u32,
    /// The score.
    pub score: Score,
    /// The tie-break values, in the order asked for.
    pub values: Vec<TieValue>,
}

/// The standings under the tie-breaks `order`.
///
/// ```
/// use guoxiang_tournament::{standings::standings, tiebreak::TieBreak, Outcome, Player, Tournament};
/// let mut t = Tournament::default();
/// t.players = vec![Player::new(1, "A", 0), Player::new(2, "B", 0)];
/// t.record_game(1, 1, 2, Outcome::Loss);
/// let rows = standings(&t, &[TieBreak::Buchholz]);
/// assert_eq!((rows[0].id, rows[0].place), (2, 1));
/// ```
pub fn standings(t: &Tournament, order: &[TieBreak]) -> Vec<Row> {
    let mut rows: Vec<Row> = t
        .players
        .iter()
        .map(|p| Row {
            place: 0,
            id: p.id,
            score: tiebreak::score(t, p.id),
            values: order
                .iter()
                .map(|&tb| tiebreak::value(t, p.id, tb))
                .collect(),
        })
        .collect();
    rows.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    // Groups of rows tied so far: refined by each tie-break in turn.
    let mut groups: Vec<Vec<Row>> = split(rows, |r| r.score.halves() as u64);
    for (k, tb) in order.iter().enumerate() {
        let mut next = Vec::new();
        for mut group in groups {
            if *tb == TieBreak::DirectEncounter && group.len() > 1 {
                let ids: Vec<u32> = group.iter().map(|r| r.id).collect();
                if let Some(de) = tiebreak::direct_encounter(t, &ids) {
                    for (row, v) in group.iter_mut().zip(de) {
                        row.values[k] = v;
                    }
                }
            }
            group.sort_by(|a, b| b.values[k].cmp(&a.values[k]).then(a.id.cmp(&b.id)));
            next.extend(split(group, |r| r.values[k].0));
        }
        groups = next;
    }
    let mut place = 1;
    let mut out = Vec::new();
    for group in groups {
        let size = group.len() as u32;
        out.extend(group.into_iter().map(|r| Row { place, ..r }));
        place += size;
    }
    out
}

/// Splits sorted rows into runs of equal key.
fn split(rows: Vec<Row>, key: impl Fn(&Row) -> u64) -> Vec<Vec<Row>> {
    let mut groups: Vec<Vec<Row>> = Vec::new();
    for row in rows {
        match groups.last_mut() {
            Some(g) if g.last().map(&key) == Some(key(&row)) => g.push(row),
            _ => groups.push(vec![row]),
        }
    }
    groups
}
