//! `guoxiang puzzles gen|export|retag`: generates puzzles from our engine's self-play
//! or from PGN games (progress on stderr), exports a set as JSON lines with filters,
//! and recomputes the themes and seeded ratings of a set (after the tagger changes).
//! docs/PUZZLES.md, "Command line", is the reference.

use clap::{Args, Subcommand};
use guoxiang_puzzles::gen::{self, rating::seed_rating, Config, Input, Progress};
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{Puzzle, PuzzleSet, Theme};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use crate::cli::EXIT_STATUS;

/// `guoxiang puzzles …`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Generates puzzles: self-play games by our engine's levels (default), or the
    /// games of a PGN file; writes JSON lines sorted by id (progress on stderr).
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Gen(GenArgs),
    /// Prints puzzles of a set (default: the built-in one), filtered by themes (all of
    /// them) and rating.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Export(ExportArgs),
    /// Recomputes the themes and the seeded rating of every puzzle of a set.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Retag(RetagArgs),
}

/// `guoxiang puzzles gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Mines the games of this PGN file instead of playing games.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Mines the finished games of a server database instead (an SQLite file, or a
    /// postgres:// URL).
    #[arg(long, value_name = "PATH", conflicts_with = "pgn")]
    pub db: Option<String>,
    /// Self-play games to play [default: 100]; with --pgn or --db, the most games read.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,
    /// The seed of the self-play games (game k is played from (S, k)).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The output file [default: stdout]; rewritten as games finish, so an
    /// interrupted run keeps what it found.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Worker threads (the set does not depend on it).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// N1: the nodes of the only-move search (MultiPV 2), confirmed at 4·N1.
    #[arg(long, value_name = "NODES", default_value_t = Config::default().n1,
          value_parser = clap::value_parser!(u64).range(1000..))]
    pub n1: u64,
    /// The nodes of the scan of every game position.
    #[arg(long, value_name = "NODES", default_value_t = Config::default().scan_nodes,
          value_parser = clap::value_parser!(u64).range(100..))]
    pub scan: u64,
    /// The other moves a level weighed, tried as mistakes per move.
    #[arg(long, value_name = "K", default_value_t = Config::default().alternatives)]
    pub alternatives: usize,
    /// The nodes with which positions where the mover is winning are searched for
    /// moves that let the other side draw (draw puzzle candidates); 0: never.
    #[arg(long, value_name = "NODES", default_value_t = Config::default().draw_probe)]
    pub draw_probe: u64,
    /// Endgame tables (positions of four pieces or fewer are solved from them).
    #[arg(long, value_name = "DIR")]
    pub tb: Option<PathBuf>,
}

/// `guoxiang puzzles export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Only puzzles with this theme (repeat for several: all of them).
    #[arg(long = "theme", value_name = "T", value_parser = parse_theme)]
    pub themes: Vec<Theme>,
    /// Only puzzles rated at least R.
    #[arg(long, value_name = "R")]
    pub min_rating: Option<f64>,
    /// Only puzzles rated at most R.
    #[arg(long, value_name = "R")]
    pub max_rating: Option<f64>,
    /// The set to read [default: the built-in set].
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// One JSON object per line: {"id","fen","moves","themes","rating"}.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang puzzles retag`.
#[derive(Debug, Args)]
pub struct RetagArgs {
    /// The set to read.
    #[arg(long = "in", value_name = "FILE")]
    pub input: PathBuf,
    /// The file to write (may be the same).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

fn parse_theme(s: &str) -> Result<Theme, String> {
    Theme::from_code(s).ok_or_else(|| {
        let codes: Vec<&str> = Theme::ALL.iter().map(|t| t.code()).collect();
        format!("unknown theme {s:?}; themes: {}", codes.join(", "))
    })
}

/// Runs a `puzzles` command.
pub fn run(cmd: &PuzzlesCommand) -> ExitCode {
    match cmd {
        PuzzlesCommand::Gen(a) => gen_cmd(a),
        PuzzlesCommand::Export(a) => export(a),
        PuzzlesCommand::Retag(a) => retag(a),
    }
}

/// An input error: the message on stderr, exit status 2.
fn input_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Reads a set from a file.
fn read_set(path: &Path) -> Result<PuzzleSet, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    PuzzleSet::from_jsonl(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a set to a file through a temporary file and a rename (never half-written).
fn write_set(path: &Path, set: &PuzzleSet) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, set.to_jsonl())?;
    std::fs::rename(&tmp, path)
}

fn gen_cmd(a: &GenArgs) -> ExitCode {
    let cfg = Config {
        n1: a.n1,
        scan_nodes: a.scan,
        alternatives: a.alternatives,
        draw_probe: a.draw_probe,
        threads: a.threads as usize,
        tb: a.tb.as_ref().map(guoxiang_engine::Tablebase::open),
        ..Config::default()
    };
    let limit = a.games.map(|g| g as usize);
    let input = match (&a.pgn, &a.db) {
        (Some(path), _) => match gen::read_pgn(path, limit) {
            Ok(games) => Input::Games(games),
            Err(e) => return input_error(&e.to_string()),
        },
        (None, Some(url)) => match crate::puzzles_cmd_db::read_db(url, limit) {
            Ok(games) => Input::Games(games),
            Err(e) => return input_error(&e),
        },
        (None, None) => Input::SelfPlay {
            seed: a.seed,
            games: a.games.unwrap_or(100),
        },
    };
    let total = match &input {
        Input::SelfPlay { games, .. } => u64::from(*games),
        Input::Games(g) => g.len() as u64,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::stderr(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("games {pos}/{len} [{bar:40}] {msg} eta {eta}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    });
    let start = Instant::now();
    let so_far: Mutex<Vec<Puzzle>> = Mutex::new(Vec::new());
    let progress = |p: Progress, news: &[Puzzle]| {
        let mut all = so_far.lock().unwrap_or_else(|e| e.into_inner());
        all.extend(news.iter().cloned());
        match &bar {
            Some(bar) => {
                bar.set_position(p.games_done as u64);
                bar.set_message(format!("{} puzzles", p.puzzles));
            }
            None if p.games_done % 10 == 0 || p.games_done == p.games_total => eprintln!(
                "games {}/{}: {} puzzles, {:.0} s",
                p.games_done,
                p.games_total,
                p.puzzles,
                start.elapsed().as_secs_f64()
            ),
            None => {}
        }
        // Keep what was found on disk, so that an interrupted run is not lost.
        if let (Some(out), true) = (&a.out, p.games_done % 10 == 0) {
            let set = gen::finish(all.clone());
            let _ = write_set(out, &set);
        }
    };
    let set = gen::generate(&cfg, &input, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    let core_hours = secs * cfg.threads as f64 / 3600.0;
    eprintln!(
        "{} puzzles from {total} games in {secs:.0} s on {} threads ({:.0} puzzles per core-hour)",
        set.len(),
        cfg.threads,
        set.len() as f64 / core_hours.max(1e-9)
    );
    match &a.out {
        Some(out) => match write_set(out, &set) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", out.display());
                ExitCode::from(1)
            }
        },
        None => print_lines(set.to_jsonl().lines().map(str::to_owned)),
    }
}

/// Prints lines on stdout; a closed pipe ends quietly.
fn print_lines(lines: impl Iterator<Item = String>) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in lines {
        if let Err(e) = writeln!(out, "{line}") {
            return write_failed(&e);
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(&e),
    }
}

fn write_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("error: cannot write: {e}");
    ExitCode::from(1)
}

/// One exported line: exactly {"id","fen","moves","themes","rating"}, in that order.
#[derive(serde::Serialize)]
struct Exported<'a> {
    id: &'a str,
    fen: String,
    moves: Vec<String>,
    themes: Vec<&'static str>,
    rating: i64,
}

fn export_json(p: &Puzzle) -> String {
    let line = Exported {
        id: &p.id.0,
        fen: p.start.fen(),
        moves: p.uci_line(),
        themes: p.themes.iter().map(|t| t.code()).collect(),
        rating: p.rating.rating.round() as i64,
    };
    // Strings and numbers always serialize.
    serde_json::to_string(&line).unwrap_or_default()
}

fn export(a: &ExportArgs) -> ExitCode {
    let owned;
    let set = match &a.file {
        Some(path) => match read_set(path) {
            Ok(s) => {
                owned = s;
                &owned
            }
            Err(e) => return input_error(&e),
        },
        None => PuzzleSet::builtin(),
    };
    if let (Some(lo), Some(hi)) = (a.min_rating, a.max_rating) {
        if lo > hi {
            return input_error(&format!("--min-rating {lo} is above --max-rating {hi}"));
        }
    }
    let chosen = set.filter(&a.themes, a.min_rating, a.max_rating);
    print_lines(chosen.into_iter().map(|p| {
        if a.json {
            export_json(p)
        } else {
            let themes: Vec<&str> = p.themes.iter().map(|t| t.code()).collect();
            format!(
                "{} {} {} | {} | {}",
                p.id,
                p.rating.rating.round(),
                p.goal.code(),
                p.start.fen(),
                p.uci_line().join(" ")
            ) + &if themes.is_empty() {
                String::new()
            } else {
                format!(" | {}", themes.join(","))
            }
        }
    }))
}

fn retag(a: &RetagArgs) -> ExitCode {
    let mut set = match read_set(&a.input) {
        Ok(s) => s,
        Err(e) => return input_error(&e),
    };
    for p in &mut set.puzzles {
        p.themes = tag(&TagInput {
            before: &p.before,
            mistake: p.mistake,
            start: &p.start,
            line: &p.line,
            goal: p.goal,
        });
        let solver_moves = p.line.len().div_ceil(2) as u32;
        p.rating.rating = seed_rating(p.goal, solver_moves, p.proof.margin, p.proof.found);
    }
    set.sort_dedup();
    match write_set(&a.out, &set) {
        Ok(()) => {
            eprintln!("{} puzzles retagged into {}", set.len(), a.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", a.out.display());
            ExitCode::from(1)
        }
    }
}
