//! `guoxiang tournament pair|berger|standings`: the arbiter's command line, the same
//! code as the server's tournaments. `pair FILE.trf` pairs the next round of a Swiss
//! (Dutch) tournament from a FIDE TRF file and prints it as JaVaFo and bbpPairings do
//! (the number of pairs, then `white black` by starting rank, `0` for the bye), or with
//! `--json` as `{"round", "pairs", "bye"}`; `berger N` prints the round-robin tables;
//! `standings FILE.trf` ranks the players with tie-breaks. A file that cannot be read
//! or does not add up is refused with its line and the reason (exit 1).
//! docs/TOURNAMENTS.md, "Command line", is the reference.

use clap::{Args, Subcommand};
use guoxiang_tournament::berger::{berger, Cycles};
use guoxiang_tournament::standings::standings;
use guoxiang_tournament::swiss::pair;
use guoxiang_tournament::swiss_input::swiss_input;
use guoxiang_tournament::tiebreak::TieBreak;
use guoxiang_tournament::trf::{self, Reason, TrfError};
use guoxiang_tournament::Tournament;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::EXIT_STATUS;

/// `guoxiang tournament …`.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Pairs the next round of a Swiss (Dutch) tournament from a FIDE TRF file.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Pair(PairArgs),
    /// Prints the Berger tables of a round robin for N players.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Berger(BergerArgs),
    /// Ranks the players of a TRF file by score and tie-breaks.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Standings(StandingsArgs),
}

/// `guoxiang tournament pair`.
#[derive(Debug, Args)]
pub struct PairArgs {
    /// The tournament (TRF-16 with XXR, the number of rounds; XXC white1/black1).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// One JSON object: {"round": N, "pairs": [[white, black], ...], "bye": id or null}.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang tournament berger`.
#[derive(Debug, Args)]
pub struct BergerArgs {
    /// The number of players (an odd number gets a bye each round).
    #[arg(value_name = "N", value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub players: u32,
    /// A double round robin (each pair meets twice, colours reversed).
    #[arg(long)]
    pub double: bool,
    /// One JSON object: {"players", "cycles", "rounds": [{"round", "pairs", "bye"}]}.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang tournament standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The tournament (TRF-16).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The tie-breaks in order, by their FIDE C.07 acronyms: BH, BH-C1, SB, DE, WIN,
    /// WON, KS.
    #[arg(long, value_name = "LIST", value_delimiter = ',',
          default_value = "BH-C1,BH,SB,DE,WIN", value_parser = parse_tiebreak)]
    pub tiebreaks: Vec<TieBreak>,
    /// One JSON object: {"tiebreaks", "standings": [{"place", "id", "name", "score", "values"}]}.
    #[arg(long)]
    pub json: bool,
}

fn parse_tiebreak(s: &str) -> Result<TieBreak, String> {
    TieBreak::from_code(s).ok_or_else(|| {
        let codes: Vec<&str> = TieBreak::ALL.iter().map(|t| t.code()).collect();
        format!("unknown tie-break {s:?}; tie-breaks: {}", codes.join(", "))
    })
}

/// Runs a `tournament` command.
pub fn run(cmd: &TournamentCommand) -> ExitCode {
    match cmd {
        TournamentCommand::Pair(a) => pair_cmd(a),
        TournamentCommand::Berger(a) => berger_cmd(a),
        TournamentCommand::Standings(a) => standings_cmd(a),
    }
}

/// A finding about the file: the message on stderr, exit status 1.
fn refuse(path: &Path, message: &str) -> ExitCode {
    eprintln!("error: {}: {message}", path.display());
    ExitCode::from(1)
}

/// Reads and checks a TRF file; the error names the line.
fn read_trf(path: &Path) -> Result<Tournament, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        TrfError {
            line,
            reason: Reason::NotText,
        }
        .to_string()
    })?;
    trf::read(text).map_err(|e| e.to_string())
}

fn pair_cmd(a: &PairArgs) -> ExitCode {
    let t = match read_trf(&a.file) {
        Ok(t) => t,
        Err(e) => return refuse(&a.file, &e),
    };
    let input = match swiss_input(&t) {
        Ok(i) => i,
        Err(e) => return refuse(&a.file, &e.to_string()),
    };
    let pairing = match pair(&input) {
        Ok(p) => p,
        Err(e) => {
            return refuse(
                &a.file,
                &format!("round {} cannot be paired: {e}", input.round),
            )
        }
    };
    if a.json {
        // Keys in the contract's order: round, pairs, bye.
        let bye = pairing.bye.map_or("null".to_owned(), |b| b.to_string());
        println!(
            "{{\"round\":{},\"pairs\":{},\"bye\":{bye}}}",
            input.round,
            pairs_json(&pairing.pairs)
        );
    } else {
        println!(
            "{}",
            pairing.pairs.len() + usize::from(pairing.bye.is_some())
        );
        for (w, b) in &pairing.pairs {
            println!("{w} {b}");
        }
        if let Some(bye) = pairing.bye {
            println!("{bye} 0");
        }
    }
    ExitCode::SUCCESS
}

/// `[[1,4],[2,3]]`.
fn pairs_json(pairs: &[(u32, u32)]) -> String {
    let pairs: Vec<String> = pairs.iter().map(|(w, b)| format!("[{w},{b}]")).collect();
    format!("[{}]", pairs.join(","))
}

fn berger_cmd(a: &BergerArgs) -> ExitCode {
    let cycles = if a.double {
        Cycles::Double
    } else {
        Cycles::Single
    };
    let rounds = match berger(a.players, cycles) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if a.json {
        // Keys in a fixed order: players, cycles, rounds; each round: round, pairs, bye.
        let rounds: Vec<String> = rounds
            .iter()
            .map(|r| {
                let bye = r.bye.map_or("null".to_owned(), |b| b.to_string());
                format!(
                    "{{\"round\":{},\"pairs\":{},\"bye\":{bye}}}",
                    r.round,
                    pairs_json(&r.pairs)
                )
            })
            .collect();
        println!(
            "{{\"players\":{},\"cycles\":{},\"rounds\":[{}]}}",
            a.players,
            if a.double { 2 } else { 1 },
            rounds.join(",")
        );
    } else {
        for r in &rounds {
            let boards: Vec<String> = r.pairs.iter().map(|(w, b)| format!("{w}-{b}")).collect();
            let bye = r.bye.map(|b| format!("  (bye: {b})")).unwrap_or_default();
            println!("Round {:>2}: {}{bye}", r.round, boards.join(", "));
        }
    }
    ExitCode::SUCCESS
}

fn standings_cmd(a: &StandingsArgs) -> ExitCode {
    let t = match read_trf(&a.file) {
        Ok(t) => t,
        Err(e) => return refuse(&a.file, &e),
    };
    let rows = standings(&t, &a.tiebreaks);
    let name = |id: u32| t.player(id).map(|p| p.name.clone()).unwrap_or_default();
    let codes: Vec<&str> = a.tiebreaks.iter().map(|tb| tb.code()).collect();
    if a.json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| {
                let values: Vec<f64> = r.values.iter().map(|v| v.as_f64()).collect();
                json!({"place": r.place, "id": r.id, "name": name(r.id),
                       "score": f64::from(r.score.halves()) / 2.0, "values": values})
            })
            .collect();
        println!("{}", json!({"tiebreaks": codes, "standings": rows}));
    } else {
        let head: String = codes.iter().map(|c| format!(" {c:>6}")).collect();
        println!(
            "{:>5} {:>4}  {:<33} {:>5}{head}",
            "Place", "No.", "Name", "Pts"
        );
        for r in &rows {
            let values: String = r.values.iter().map(|v| format!(" {v:>6}")).collect();
            println!(
                "{:>5} {:>4}  {:<33} {:>5}{values}",
                r.place,
                r.id,
                name(r.id),
                r.score.to_string()
            );
        }
    }
    ExitCode::SUCCESS
}
