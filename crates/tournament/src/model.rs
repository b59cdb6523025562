//! The tournament as data: players by starting rank, and for each player one entry per
//! round — a game played over the board (1-0, ½-½, 0-1), a forfeit (+/−), one of the
//! four kinds of bye (full point, half point, zero point, pairing-allocated) or an
//! absence. Scores are counted in half points ([`Score`]) so that nothing is rounded.

pub use crate::swiss::Colour;

/// A score in half points: a win is 2, a draw 1 (1/½/0 scoring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub u32);

impl Score {
    /// The score of `n` whole points.
    pub fn points(n: u32) -> Score {
        Score(n.saturating_mul(2))
    }

    /// The score in half points.
    pub fn halves(self) -> u32 {
        self.0
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        Score(self.0.saturating_add(other.0))
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score(0), |a, b| a + b)
    }
}

impl std::fmt::Display for Score {
    /// `4.5`, `3.0`: the way TRF and crosstables print points.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = format!("{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 });
        f.pad(&text)
    }
}

/// The result of a game for one of its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Won (1).
    Win,
    /// Drawn (½).
    Draw,
    /// Lost (0).
    Loss,
}

impl Outcome {
    /// The opponent's outcome of the same game.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// The points: 1, ½ or 0.
    pub fn score(self) -> Score {
        match self {
            Outcome::Win => Score(2),
            Outcome::Draw => Score(1),
            Outcome::Loss => Score(0),
        }
    }
}

/// The kinds of bye (FIDE C.07 names them so; TRF codes `F`, `H`, `Z`, `U`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bye {
    /// A full-point bye (`F`), granted by the organiser.
    Full,
    /// A half-point bye (`H`), requested by the player.
    Half,
    /// A zero-point bye (`Z`): an announced absence.
    Zero,
    /// The pairing-allocated bye (`U`): the odd player out of the pairing; scores a win.
    PairingAllocated,
}

impl Bye {
    /// The points the bye gives.
    pub fn score(self) -> Score {
        match self {
            Bye::Full | Bye::PairingAllocated => Score(2),
            Bye::Half => Score(1),
            Bye::Zero => Score(0),
        }
    }
}

/// What one player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundEntry {
    /// A game played over the board.
    Played {
        /// The opponent's starting rank.
        opponent: u32,
        /// The colour this player had.
        colour: Colour,
        /// The result for this player.
        outcome: Outcome,
        /// The game does not count for rating (TRF `W`/`D`/`L`: less than one move played).
        unrated: bool,
    },
    /// A game paired but not played: won (`+`) or lost (`-`) by forfeit.
    Forfeit {
        /// The opponent, when there was one (`0000` in TRF: none).
        opponent: Option<u32>,
        /// The colour the player was given, if any.
        colour: Option<Colour>,
        /// Whether this player won the forfeit.
        won: bool,
    },
    /// A bye of one of the four kinds.
    Bye(Bye),
    /// Not paired and no bye recorded (a blank round in TRF): no points.
    Absent,
}

impl RoundEntry {
    /// The points this entry gives.
    pub fn score(&self) -> Score {
        match self {
            RoundEntry::Played { outcome, .. } => outcome.score(),
            RoundEntry::Forfeit { won: true, .. } => Score(2),
            RoundEntry::Forfeit { won: false, .. } | RoundEntry::Absent => Score(0),
            RoundEntry::Bye(b) => b.score(),
        }
    }

    /// The opponent of a game played over the board, else `None`.
    pub fn played_opponent(&self) -> Option<u32> {
        match self {
            RoundEntry::Played { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }

    /// The opponent the player was paired with (played or forfeited).
    pub fn paired_opponent(&self) -> Option<u32> {
        match self {
            RoundEntry::Played { opponent, .. } => Some(*opponent),
            RoundEntry::Forfeit { opponent, .. } => *opponent,
            _ => None,
        }
    }

    /// A round the player did not play over the board (C.07's "unplayed round").
    pub fn is_unplayed(&self) -> bool {
        !matches!(self, RoundEntry::Played { .. })
    }

    /// A voluntarily unplayed round (C.07): a half- or zero-point bye, a forfeit lost or an
    /// absence. For the Buchholz of the player's opponents it counts as a draw.
    pub fn is_voluntarily_unplayed(&self) -> bool {
        matches!(
            self,
            RoundEntry::Bye(Bye::Half | Bye::Zero)
                | RoundEntry::Forfeit { won: false, .. }
                | RoundEntry::Absent
        )
    }
}

/// A player of the tournament, with the TRF player line's data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// Starting rank (pairing number), 1-based.
    pub id: u32,
    /// The name as written (`Surname, Given`).
    pub name: String,
    /// `m`, `w` or empty.
    pub sex: String,
    /// `GM`, `IM`, `WGM`, … or empty.
    pub title: String,
    /// The rating (0: unrated).
    pub rating: u32,
    /// Federation, three letters or empty.
    pub federation: String,
    /// FIDE id, or empty.
    pub fide_id: String,
    /// Birth date as written (`YYYY/MM/DD`) or empty.
    pub birth: String,
    /// The points the file states, when it states them (TRF columns 81–84).
    pub declared_points: Option<Score>,
    /// The rank the file states, when it states it (TRF columns 86–89).
    pub declared_rank: Option<u32>,
    /// One entry per round, round 1 first.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// A player with a starting rank, a name and a rating and no rounds yet.
    pub fn new(id: u32, name: &str, rating: u32) -> Player {
        Player {
            id,
            name: name.to_owned(),
            rating,
            ..Player::default()
        }
    }

    /// The score over the first `rounds` rounds.
    pub fn score_after(&self, rounds: usize) -> Score {
        self.rounds.iter().take(rounds).map(RoundEntry::score).sum()
    }

    /// The score over all recorded rounds.
    pub fn score(&self) -> Score {
        self.score_after(self.rounds.len())
    }
}

/// A tournament: its header lines, its players and their rounds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    /// Header lines kept as written, in order: `(code, text)` (e.g. `("012", "Club Open")`).
    pub header: Vec<(String, String)>,
    /// The planned number of rounds (TRF(x) `XXR`).
    pub total_rounds: Option<u32>,
    /// The colour of the top player in round 1 (TRF(x) `XXC white1`/`black1`).
    pub first_colour: Option<Colour>,
    /// The players, in the order of the file.
    pub players: Vec<Player>,
}

impl Tournament {
    /// A tournament of these players with no rounds played yet.
    pub fn new(players: Vec<Player>) -> Tournament {
        Tournament {
            players,
            ..Tournament::default()
        }
    }

    /// The player with this starting rank.
    pub fn player(&self, id: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The number of rounds recorded (the longest player's).
    pub fn rounds(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// Records a game of round `round` (1-based) between two players: the result
    /// for `white`. Entries of earlier rounds that are missing are filled with
    /// [`RoundEntry::Absent`].
    pub fn record_game(&mut self, round: usize, white: u32, black: u32, white_outcome: Outcome) {
        self.set(
            round,
            white,
            RoundEntry::Played {
                opponent: black,
                colour: Colour::White,
                outcome: white_outcome,
                unrated: false,
            },
        );
        self.set(
            round,
            black,
            RoundEntry::Played {
                opponent: white,
                colour: Colour::Black,
                outcome: white_outcome.reversed(),
                unrated: false,
            },
        );
    }

    /// Sets one player's entry of round `round` (1-based).
    pub fn set(&mut self, round: usize, player: u32, entry: RoundEntry) {
        if round == 0 {
            return;
        }
        if let Some(p) = self.players.iter_mut().find(|p| p.id == player) {
            if p.rounds.len() < round {
                p.rounds.resize(round, RoundEntry::Absent);
            }
            p.rounds[round - 1] = entry;
        }
    }
}
