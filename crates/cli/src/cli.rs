//! The command line as data: every command, option and argument of `guoxiang`,
//! declared with clap's derive API (help, `--version`, completions and usage errors
//! with exit status 2 come from clap). Values are checked here, where they enter.

use clap::{Args, Parser, Subcommand};
use guoxiang_i18n::Lang;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Deeper than this takes years; refuse rather than hang.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The exit statuses, shown at the end of `--help` (and in README.md).
pub const EXIT_STATUS: &str = "\
Exit status:
  0  success
  1  a finding: an illegal move, an invalid FEN, a PGN game that does not replay,
     a PGN file that cannot be read
  2  a usage or input error: an unknown command or option, a missing or malformed
     argument, an argument that is not UTF-8 where text is needed";

/// The exit statuses of `guoxiang opening`, which differ from the others': a line
/// that cannot be read is an input error (2); a line with no name is the finding (1).
pub const OPENING_EXIT_STATUS: &str = "\
Exit status:
  0  the opening is named
  1  no position of the line has a name (`no named opening` on stderr)
  2  a usage or input error: a move that cannot be read or played (named on stderr,
     with its move number), an unknown option";

/// guoxiang: chess rules, notation and tools, and the game server.
///
/// With no command, `guoxiang` runs the game server as `guoxiang serve` does.
/// MOVE may be SAN (Nf3, O-O, e8=Q), UCI (g1f3, e7e8q) or from-to (e1g1, e2-e4).
#[derive(Debug, Parser)]
#[command(name = "guoxiang", version, after_help = EXIT_STATUS, args_override_self = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The game server: HTTP and WebSocket API; SQLite in DIR or PostgreSQL with --db.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Serve(ServeArgs),
    /// Counts the leaf nodes of the legal move tree to DEPTH, with timing.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Perft(PerftArgs),
    /// Checks a FEN and prints its canonical form and status.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Fen(FenArgs),
    /// Plays one move, or explains in the learner's language why it is not legal.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Move(MoveArgs),
    /// Names the opening a line of moves reaches (ECO code, English and Chinese names).
    #[command(after_help = OPENING_EXIT_STATUS, args_override_self = true)]
    Opening(OpeningArgs),
    /// PGN tools.
    #[command(subcommand, after_help = EXIT_STATUS)]
    Pgn(PgnCommand),
    /// Endgame tablebases: exact distance to mate for every position of up to four pieces.
    #[command(subcommand, after_help = EXIT_STATUS)]
    Tb(TbCommand),
    /// Tactics puzzles: generate them from games, export a set, retag a set.
    #[command(subcommand, after_help = EXIT_STATUS)]
    Puzzles(crate::puzzles_cmd::PuzzlesCommand),
    /// Reviews the games of a PGN file: each move's evaluation, class and explanation, each player's accuracy.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Review(crate::review_cmd::ReviewArgs),
    /// Tournaments for arbiters: pair a Swiss round from TRF, Berger tables, standings.
    #[command(subcommand, after_help = EXIT_STATUS)]
    Tournament(crate::tournament_cmd::TournamentCommand),
    /// A worker: computer moves and game reviews, pulled as jobs from the database of
    /// servers started with `serve --workers`.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Worker(crate::worker_cmd::WorkerArgs),
    /// Accounts for the server's operator: `admin create NAME` makes an admin.
    #[command(subcommand, after_help = EXIT_STATUS)]
    Admin(crate::admin_cmd::AdminCommand),
    /// The UCI engine on stdin/stdout, as guoxiang-engine.
    #[command(after_help = EXIT_STATUS)]
    Uci,
    /// Prints a completion script for a shell (e.g. `guoxiang completions bash`).
    #[command(after_help = EXIT_STATUS)]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// `guoxiang serve`.
#[derive(Debug, Default, Args)]
pub struct ServeArgs {
    /// The address to listen on [default: 127.0.0.1:8080].
    #[arg(long, value_name = "ADDR", value_parser = parse_addr)]
    pub addr: Option<SocketAddr>,
    /// A PostgreSQL URL (postgres://…); without it, SQLite in --data.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// The SQLite data directory [default: ./data].
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Games one client may create per minute.
    #[arg(long, value_name = "N")]
    pub create_per_minute: Option<u32>,
    /// With several processes on one PostgreSQL: the address the other processes
    /// reach this one at, http://HOST:PORT [default: http:// and --addr].
    #[arg(long, value_name = "URL", value_parser = parse_advertise)]
    pub advertise: Option<String>,
    /// A proxy in front whose X-Forwarded-For names the client, as 10.0.0.0/8 or
    /// 127.0.0.1 (repeatable; with several processes, their addresses too): the
    /// per-client rate limits then count the client, not the proxy.
    #[arg(long, value_name = "CIDR")]
    pub trust_proxy: Vec<guoxiang_server::http::client_ip::Cidr>,
    /// Logs (on stderr) as one JSON object per line instead of text; the level is
    /// set by RUST_LOG (docs/OPERATIONS.md).
    #[arg(long)]
    pub log_json: bool,
    /// The endgame tablebases' directory [default: <--data>/tablebase].
    #[arg(long, value_name = "DIR")]
    pub tb_dir: Option<PathBuf>,
    /// Does not generate missing tablebases in the background at start (the
    /// endgame trainer then answers tb_not_ready for classes without a table).
    #[arg(long)]
    pub no_tb_gen: bool,
    /// Threads that review games (their own pool) [default: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub review_threads: Option<u16>,
    /// The engine's work per position of a game review, in nodes [default: 150000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub review_nodes: Option<u64>,
    /// Searches no computer move and reviews no game here: stores them as jobs for
    /// `guoxiang worker` processes (needs --db postgres://…).
    #[arg(long)]
    pub workers: bool,
}

/// `guoxiang perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Plies to count, from 0 to 15.
    #[arg(value_parser = parse_depth)]
    pub depth: u32,
    /// The position (default: the starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Counts each legal move's subtree apart.
    #[arg(long)]
    pub divide: bool,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang fen`.
#[derive(Debug, Args)]
pub struct FenArgs {
    /// The FEN, as one argument or as several (its fields).
    #[arg(required = true, num_args = 1..)]
    pub fen: Vec<String>,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The move: SAN, UCI or from-to.
    #[arg(value_name = "MOVE")]
    pub text: String,
    /// The position (default: the starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// The language of explanations: zh-CN, zh-TW or en.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang opening`.
#[derive(Debug, Args)]
pub struct OpeningArgs {
    /// The moves from the starting position in SAN, as one argument, with or without
    /// move numbers: "1.e4 e5 2.Nf3 Nc6 3.Bc4" or "e4 e5 Nf3 Nc6 Bc4".
    #[arg(value_name = "MOVES")]
    pub moves: String,
    /// One JSON object: {"eco", "name": {"en", "zh-CN", "zh-TW"}, "plies"}.
    #[arg(long)]
    pub json: bool,
    /// The language of the second name in the text output: zh-CN, zh-TW or en.
    #[arg(long, value_name = "LANG", default_value = "zh-CN", value_parser = parse_lang)]
    pub lang: Lang,
}

/// `guoxiang pgn …`.
#[derive(Debug, Subcommand)]
pub enum PgnCommand {
    /// Replays every game of PGN files with full legality checks and reports, per
    /// game, the final position, the result, the outcome the rules decide and the
    /// draws that could be claimed. Large files are checked on every core, in
    /// constant memory; a bad game is reported and the next one is read.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Check(PgnCheckArgs),
}

/// `guoxiang pgn check`.
#[derive(Debug, Args)]
pub struct PgnCheckArgs {
    /// The PGN files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Never show the progress bar (shown for files over 8 MB when stderr is a
    /// terminal and the report goes elsewhere).
    #[arg(long)]
    pub no_progress: bool,
}

/// `guoxiang tb …`.
#[derive(Debug, Subcommand)]
pub enum TbCommand {
    /// Generates the tables (default: every class of up to four pieces) that are not yet in
    /// DIR; progress on stderr.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Gen(TbGenArgs),
    /// The value of a position (up to four pieces, no castling rights) and of every legal move.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Probe(TbProbeArgs),
    /// One line per table in DIR: positions, longest mate, file size, generation time.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Info(TbInfoArgs),
}

/// `guoxiang tb gen`.
#[derive(Debug, Args)]
pub struct TbGenArgs {
    /// The table directory [default: data/tablebase].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// The classes to make, e.g. KQK,KBNK (their dependencies come along).
    #[arg(long, value_name = "CLASSES", value_delimiter = ',', value_parser = parse_class)]
    pub classes: Vec<guoxiang_tablebase::Class>,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// `guoxiang tb probe`.
#[derive(Debug, Args)]
pub struct TbProbeArgs {
    /// The FEN, as one argument or as several (its fields).
    #[arg(required = true, num_args = 1..)]
    pub fen: Vec<String>,
    /// The table directory [default: data/tablebase].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `guoxiang tb info`.
#[derive(Debug, Args)]
pub struct TbInfoArgs {
    /// The table directory [default: data/tablebase].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

fn parse_class(s: &str) -> Result<guoxiang_tablebase::Class, String> {
    s.parse()
        .map_err(|e: guoxiang_tablebase::ParseClassError| e.to_string())
}

fn parse_addr(s: &str) -> Result<SocketAddr, String> {
    s.parse()
        .map_err(|_| format!("{s:?} is not an address such as 127.0.0.1:8080"))
}

fn parse_depth(s: &str) -> Result<u32, String> {
    s.parse()
        .ok()
        .filter(|d| *d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| format!("DEPTH must be a whole number from 0 to {MAX_PERFT_DEPTH}"))
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_tag(s).ok_or_else(|| format!("unknown language {s:?}; use zh-CN, zh-TW or en"))
}

/// `--advertise`: `http://HOST:PORT` (the other processes relay requests there).
fn parse_advertise(s: &str) -> Result<String, String> {
    let rest = s
        .strip_prefix("http://")
        .ok_or_else(|| format!("{s:?} is not http://HOST:PORT"))?;
    let rest = rest.trim_end_matches('/');
    match rest.rsplit_once(':') {
        Some((host, port))
            if !host.is_empty() && !host.contains('/') && port.parse::<u16>().is_ok() =>
        {
            Ok(format!("http://{rest}"))
        }
        _ => Err(format!("{s:?} is not http://HOST:PORT")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_repeated_option_takes_its_last_value_as_before() {
        let cli = Cli::try_parse_from(["guoxiang", "perft", "1", "--fen", "a", "--fen", "b"])
            .expect("parses");
        match cli.command {
            Some(Command::Perft(p)) => assert_eq!(p.fen.as_deref(), Some("b")),
            other => panic!("{other:?}"),
        }
    }
}
