//! A tournament as the server keeps it: its settings, its entrants (in starting-rank
//! order once it has started), its rounds of boards (round robin, Swiss) or its
//! stream of boards (arena), each board with its game and result. Stored as one
//! JSON document per tournament (store/tournaments.rs) so that every transition is
//! one conditional write of the whole state. [`Data::to_crate`] turns it into the
//! guoxiang-tournament crate's [`Tournament`] for pairing, tie-breaks and TRF.

use crate::clock::TimeControl;
use guoxiang_tournament::berger::Cycles;
use guoxiang_tournament::model::{Bye, Colour, Outcome, Player, RoundEntry, Tournament};
use guoxiang_tournament::tiebreak::TieBreak;
use serde::{Deserialize, Serialize};

/// The moves of their own a berserker must have made in a won game for the extra
/// arena point (lichess's rule: no point for a quick win after berserking).
pub const BERSERK_MIN_MOVES: u32 = 7;

/// The kind of tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "TournamentKind")]
pub enum Kind {
    /// Each player meets each other once (Berger tables).
    RoundRobin,
    /// Each pair meets twice, once with each colour.
    DoubleRoundRobin,
    /// The FIDE Dutch system, a set number of rounds.
    Swiss,
    /// lichess-style arena: free players are paired as they finish, for the duration.
    Arena,
}

impl Kind {
    /// The tie-breaks in the order the standings apply them.
    pub fn tiebreaks(self) -> &'static [TieBreak] {
        match self {
            Kind::RoundRobin | Kind::DoubleRoundRobin => &[
                TieBreak::DirectEncounter,
                TieBreak::SonnebornBerger,
                TieBreak::Wins,
                TieBreak::Koya,
            ],
            Kind::Swiss => &[
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
                TieBreak::DirectEncounter,
                TieBreak::Wins,
            ],
            Kind::Arena => &[],
        }
    }

    /// The cycles of a round robin.
    pub fn cycles(self) -> Option<Cycles> {
        match self {
            Kind::RoundRobin => Some(Cycles::Single),
            Kind::DoubleRoundRobin => Some(Cycles::Double),
            _ => None,
        }
    }
}

/// Where a tournament is in its life (the `status` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "TournamentPhase")]
pub enum Phase {
    /// Waiting for its start time; players join and withdraw.
    Scheduled,
    /// Rounds are being paired and played.
    Running,
    /// Every game is over.
    Finished,
    /// Not started: fewer than two players at the start time.
    Cancelled,
}

impl Phase {
    /// The stored code.
    pub fn code(self) -> &'static str {
        match self {
            Phase::Scheduled => "scheduled",
            Phase::Running => "running",
            Phase::Finished => "finished",
            Phase::Cancelled => "cancelled",
        }
    }

    /// The phase of a stored code.
    pub fn from_code(s: &str) -> Option<Phase> {
        [
            Phase::Scheduled,
            Phase::Running,
            Phase::Finished,
            Phase::Cancelled,
        ]
        .into_iter()
        .find(|p| p.code() == s)
    }
}

/// What the creator chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub name: String,
    pub kind: Kind,
    /// Wall-clock ms.
    pub starts_at: i64,
    /// Swiss: the number of rounds (round robins: from the Berger table; arena: 0).
    pub rounds: u32,
    /// Arena: its duration in minutes.
    pub minutes: u32,
    pub control: TimeControl,
    pub rated: bool,
    /// A player who has not moved this long after their game started loses by forfeit.
    pub forfeit_after_s: u32,
    /// Arena: its players may berserk (a stored tournament without it: no).
    #[serde(default)]
    pub berserk: bool,
    /// The creator's user id and name.
    pub created_by: String,
    pub creator_name: String,
}

/// One entrant; its index + 1 is the starting rank once the tournament started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub user: String,
    pub name: String,
    pub rating: u32,
    /// Left the tournament after it started (not paired any more).
    #[serde(default)]
    pub withdrawn: bool,
    /// Arena: paused after a forfeit until the player joins again.
    #[serde(default)]
    pub paused: bool,
}

/// How a board ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    WhiteWins,
    Draw,
    BlackWins,
    /// White lost by forfeit (did not move, or had withdrawn): `-`/`+`.
    WhiteForfeits,
    /// Black lost by forfeit: `+`/`-`.
    BlackForfeits,
    /// Neither played (both withdrawn): `-`/`-`.
    BothForfeit,
}

impl BoardResult {
    /// The text of the pairings table: `1-0`, `½-½`, `0-1`, `-/+`, `+/-`, `-/-`.
    pub fn text(self) -> &'static str {
        match self {
            BoardResult::WhiteWins => "1-0",
            BoardResult::Draw => "½-½",
            BoardResult::BlackWins => "0-1",
            BoardResult::WhiteForfeits => "-/+",
            BoardResult::BlackForfeits => "+/-",
            BoardResult::BothForfeit => "-/-",
        }
    }

    /// The round entries of white and black.
    fn entries(self, white: u32, black: u32) -> (RoundEntry, RoundEntry) {
        let played = |opponent, colour, outcome| RoundEntry::Played {
            opponent,
            colour,
            outcome,
            unrated: false,
        };
        let forfeit = |opponent, colour, won| RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour: Some(colour),
            won,
        };
        let (w, b) = (Colour::White, Colour::Black);
        match self {
            BoardResult::WhiteWins => (
                played(black, w, Outcome::Win),
                played(white, b, Outcome::Loss),
            ),
            BoardResult::Draw => (
                played(black, w, Outcome::Draw),
                played(white, b, Outcome::Draw),
            ),
            BoardResult::BlackWins => (
                played(black, w, Outcome::Loss),
                played(white, b, Outcome::Win),
            ),
            BoardResult::WhiteForfeits => (forfeit(black, w, false), forfeit(white, b, true)),
            BoardResult::BlackForfeits => (forfeit(black, w, true), forfeit(white, b, false)),
            BoardResult::BothForfeit => (forfeit(black, w, false), forfeit(white, b, false)),
        }
    }

    /// White's and black's points in half points (1/½/0).
    pub fn halves(self) -> (u32, u32) {
        match self {
            BoardResult::WhiteWins | BoardResult::BlackForfeits => (2, 0),
            BoardResult::Draw => (1, 1),
            BoardResult::BlackWins | BoardResult::WhiteForfeits => (0, 2),
            BoardResult::BothForfeit => (0, 0),
        }
    }
}

/// One game of a round (or of the arena).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Starting ranks.
    pub white: u32,
    pub black: u32,
    /// The server game, once started.
    #[serde(default)]
    pub game: Option<String>,
    /// When a process claimed the start of this board's game (wall ms): the
    /// conditional write that sets it is what lets that process start the game.
    #[serde(default)]
    pub claimed_at: Option<i64>,
    /// When the game was started (wall ms): the forfeit delay counts from here.
    #[serde(default)]
    pub started_at: Option<i64>,
    #[serde(default)]
    pub result: Option<BoardResult>,
    /// Who berserked (White, Black), read from the game with its result.
    #[serde(default)]
    pub berserk: [bool; 2],
    /// Half-moves the game lasted, read with its result.
    #[serde(default)]
    pub plies: u32,
}

impl Board {
    pub fn new(white: u32, black: u32) -> Board {
        Board {
            white,
            black,
            game: None,
            claimed_at: None,
            started_at: None,
            result: None,
            berserk: [false, false],
            plies: 0,
        }
    }
}

/// One round of a round robin or a Swiss.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 1-based.
    pub number: u32,
    pub paired_at: i64,
    pub boards: Vec<Board>,
    /// The player without an opponent this round (Berger bye: no points; Swiss:
    /// the pairing-allocated bye, a win).
    #[serde(default)]
    pub bye: Option<u32>,
}

/// The whole stored state of a tournament (the `data` column).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Data {
    pub settings: Settings,
    pub entrants: Vec<Entrant>,
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Arena: every board, in the order paired.
    #[serde(default)]
    pub arena: Vec<Board>,
    #[serde(default)]
    pub finished_at: Option<i64>,
}

impl Data {
    /// A new tournament with no entrants.
    pub fn new(settings: Settings) -> Data {
        Data {
            settings,
            entrants: Vec::new(),
            rounds: Vec::new(),
            arena: Vec::new(),
            finished_at: None,
        }
    }

    /// The starting rank (1-based) of user `user`.
    pub fn rank_of(&self, user: &str) -> Option<u32> {
        self.entrants
            .iter()
            .position(|e| e.user == user)
            .map(|i| i as u32 + 1)
    }

    /// The entrant with starting rank `rank`.
    pub fn entrant(&self, rank: u32) -> Option<&Entrant> {
        self.entrants.get((rank as usize).checked_sub(1)?)
    }

    /// Every board, round by round, then the arena's.
    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.rounds
            .iter()
            .flat_map(|r| r.boards.iter())
            .chain(self.arena.iter())
    }

    /// Every board, mutable.
    pub fn boards_mut(&mut self) -> impl Iterator<Item = &mut Board> {
        self.rounds
            .iter_mut()
            .flat_map(|r| r.boards.iter_mut())
            .chain(self.arena.iter_mut())
    }

    /// The unfinished board of `rank`, if any (its current game).
    pub fn current_board(&self, rank: u32) -> Option<&Board> {
        self.boards()
            .find(|b| b.result.is_none() && (b.white == rank || b.black == rank))
    }

    /// The number of rounds planned (arena: the rounds are not counted).
    pub fn total_rounds(&self) -> u32 {
        match self.settings.kind.cycles() {
            Some(c) => {
                let n = self.entrants.len() as u32;
                let even = n + n % 2;
                let single = even.saturating_sub(1);
                match c {
                    Cycles::Single => single,
                    Cycles::Double => 2 * single,
                }
            }
            None => self.settings.rounds,
        }
    }

    /// The crate's tournament: the entrants by starting rank, each round's entries
    /// (only finished boards count; a round being played shows nothing yet).
    pub fn to_crate(&self) -> Tournament {
        let mut t = Tournament::new(
            self.entrants
                .iter()
                .enumerate()
                .map(|(i, e)| Player::new(i as u32 + 1, &e.name, e.rating))
                .collect(),
        );
        t.header = vec![("012".into(), self.settings.name.clone())];
        if self.settings.kind != Kind::Arena {
            t.total_rounds = Some(self.total_rounds());
            t.first_colour = Some(Colour::White);
        }
        for round in &self.rounds {
            let r = round.number as usize;
            for b in &round.boards {
                if let Some(res) = b.result {
                    let (w, bl) = res.entries(b.white, b.black);
                    t.set(r, b.white, w);
                    t.set(r, b.black, bl);
                }
            }
            if let Some(bye) = round.bye {
                let entry = if self.settings.kind == Kind::Swiss {
                    RoundEntry::Bye(Bye::PairingAllocated)
                } else {
                    RoundEntry::Bye(Bye::Zero)
                };
                t.set(r, bye, entry);
            }
        }
        // Every player has an entry for each round recorded.
        let n = t.rounds();
        for p in &mut t.players {
            p.rounds.resize(n, RoundEntry::Absent);
        }
        t
    }

    /// Arena points of each entrant (index = rank − 1): win 2, draw 1, loss 0, and
    /// doubled while on a streak (after two wins in a row, until a game not won);
    /// a player who berserked and won a game played over the board with at least
    /// [`BERSERK_MIN_MOVES`] moves of their own gets one point more (not doubled).
    pub fn arena_points(&self) -> Vec<u32> {
        let n = self.entrants.len();
        let mut points = vec![0u32; n];
        let mut wins_in_row = vec![0u32; n];
        for b in self.arena.iter() {
            let Some(res) = b.result else { continue };
            let (hw, hb) = res.halves();
            let played = matches!(res, BoardResult::WhiteWins | BoardResult::BlackWins);
            // Tournament games start from the standard position: White moves first.
            let own_moves = [b.plies.div_ceil(2), b.plies / 2];
            for (side, rank, halves) in [(0, b.white, hw), (1, b.black, hb)] {
                let Some(i) = (rank as usize).checked_sub(1).filter(|&i| i < n) else {
                    continue;
                };
                let fire = wins_in_row[i] >= 2;
                points[i] += if fire { halves * 2 } else { halves };
                let won = halves == 2;
                if won && played && b.berserk[side] && own_moves[side] >= BERSERK_MIN_MOVES {
                    points[i] += 1;
                }
                wins_in_row[i] = if won { wins_in_row[i] + 1 } else { 0 };
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn settings(kind: Kind) -> Settings {
        Settings {
            name: "Club".into(),
            kind,
            starts_at: 1_000,
            rounds: 3,
            minutes: 30,
            control: TimeControl::fischer(300_000, 3_000),
            rated: false,
            forfeit_after_s: 60,
            berserk: true,
            created_by: "u0".into(),
            creator_name: "creator".into(),
        }
    }

    #[test]
    fn a_round_robin_of_five_plays_five_rounds_and_a_double_ten() {
        let mut d = Data::new(settings(Kind::RoundRobin));
        for i in 0..5 {
            d.entrants.push(Entrant {
                user: format!("u{i}"),
                name: format!("p{i}"),
                rating: 1500,
                withdrawn: false,
                paused: false,
            });
        }
        assert_eq!(d.total_rounds(), 5);
        d.settings.kind = Kind::DoubleRoundRobin;
        assert_eq!(d.total_rounds(), 10);
    }

    #[test]
    fn forfeits_score_for_the_player_present_only() {
        assert_eq!(BoardResult::WhiteForfeits.halves(), (0, 2));
        assert_eq!(BoardResult::BothForfeit.halves(), (0, 0));
        let (w, b) = BoardResult::BlackForfeits.entries(1, 2);
        assert_eq!((w.score().halves(), b.score().halves()), (2, 0));
        assert!(w.is_unplayed());
    }

    #[test]
    fn an_arena_streak_doubles_the_points_after_two_wins() {
        let mut d = Data::new(settings(Kind::Arena));
        for i in 0..2 {
            d.entrants.push(Entrant {
                user: format!("u{i}"),
                name: format!("p{i}"),
                rating: 1500,
                withdrawn: false,
                paused: false,
            });
        }
        for res in [
            BoardResult::WhiteWins,
            BoardResult::WhiteWins,
            BoardResult::WhiteWins,
            BoardResult::Draw,
            BoardResult::Draw,
        ] {
            let mut b = Board::new(1, 2);
            b.result = Some(res);
            d.arena.push(b);
        }
        // 2 + 2 + 4 (on fire) + 2 (a draw on fire) + 1.
        assert_eq!(d.arena_points(), vec![11, 2]);
    }

    /// Two players' arena boards: `(result, berserk, plies)`, 1 White.
    fn arena(boards: &[(BoardResult, [bool; 2], u32)]) -> Data {
        let mut d = Data::new(settings(Kind::Arena));
        for i in 0..2 {
            d.entrants.push(Entrant {
                user: format!("u{i}"),
                name: format!("p{i}"),
                rating: 1500,
                withdrawn: false,
                paused: false,
            });
        }
        for &(res, berserk, plies) in boards {
            let mut b = Board::new(1, 2);
            b.result = Some(res);
            b.berserk = berserk;
            b.plies = plies;
            d.arena.push(b);
        }
        d
    }

    #[test]
    fn a_berserk_win_scores_one_point_more_and_a_berserk_loss_or_draw_nothing_more() {
        use BoardResult::{BlackWins, Draw, WhiteWins};
        // White berserked and won in 20 plies (10 moves each): 2 + 1.
        assert_eq!(
            arena(&[(WhiteWins, [true, false], 20)]).arena_points(),
            [3, 0]
        );
        // Black berserked and won: Black's 7th move is ply 14.
        assert_eq!(
            arena(&[(BlackWins, [true, true], 14)]).arena_points(),
            [0, 3]
        );
        // A berserker who loses or draws gets nothing more.
        assert_eq!(
            arena(&[(BlackWins, [true, false], 40)]).arena_points(),
            [0, 2]
        );
        assert_eq!(arena(&[(Draw, [true, true], 40)]).arena_points(), [1, 1]);
        // A win by forfeit is not a berserk win.
        let forfeit = arena(&[(BoardResult::BlackForfeits, [true, false], 20)]);
        assert_eq!(forfeit.arena_points(), [2, 0]);
    }

    #[test]
    fn a_berserk_win_needs_seven_moves_of_the_berserker() {
        use BoardResult::{BlackWins, WhiteWins};
        // White's 7th move is ply 13; ply 12 is only 6 moves.
        assert_eq!(
            arena(&[(WhiteWins, [true, false], 13)]).arena_points(),
            [3, 0]
        );
        assert_eq!(
            arena(&[(WhiteWins, [true, false], 12)]).arena_points(),
            [2, 0]
        );
        // Black after 13 plies has made 6 moves.
        assert_eq!(
            arena(&[(BlackWins, [false, true], 13)]).arena_points(),
            [0, 2]
        );
    }

    #[test]
    fn the_berserk_point_is_not_doubled_on_a_streak_and_keeps_the_streak() {
        use BoardResult::{Draw, WhiteWins};
        let d = arena(&[
            (WhiteWins, [false, false], 20),
            (WhiteWins, [true, false], 20),
            // On fire: 4, and 1 for berserk (not doubled).
            (WhiteWins, [true, false], 20),
            // Still on fire: a draw gives 2; the berserk draw nothing more.
            (Draw, [true, false], 20),
        ]);
        assert_eq!(d.arena_points(), [2 + 3 + 5 + 2, 1]);
    }
}
