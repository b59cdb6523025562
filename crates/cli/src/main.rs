//! `guoxiang`: the command line of the guoxiang chess system. Each command prints
//! text for people, or one JSON object per line with `--json`. The commands are
//! declared in [`cli`]; each lives in its own module.

mod admin_cmd;
mod cli;
mod fen_cmd;
mod move_cmd;
mod opening_cmd;
mod perft_cmd;
mod pgn_cmd;
mod puzzles_cmd;
mod puzzles_cmd_db;
mod review_cmd;
mod serve_cmd;
mod tb_cmd;
mod tournament_cmd;
mod worker_cmd;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command, PgnCommand, TbCommand};
use std::process::ExitCode;

/// The allocator: the server's many small, short-lived allocations on several
/// threads (one WebSocket message, one JSON state) spent about a sixth of its CPU
/// in glibc's malloc and its arena locks under load (perf, docs/BENCHMARKS.md).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // clap prints help and version (exit 0) and usage errors (exit 2) itself.
    let cli = Cli::parse();
    match cli.command {
        None => serve_cmd::run(&cli::ServeArgs::default()),
        Some(Command::Serve(args)) => serve_cmd::run(&args),
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Fen(args)) => fen_cmd::run(&args),
        Some(Command::Move(args)) => move_cmd::run(&args),
        Some(Command::Opening(args)) => opening_cmd::run(&args),
        Some(Command::Pgn(PgnCommand::Check(args))) => pgn_cmd::run(&args),
        Some(Command::Tb(TbCommand::Gen(args))) => tb_cmd::gen(&args),
        Some(Command::Tb(TbCommand::Probe(args))) => tb_cmd::probe(&args),
        Some(Command::Tb(TbCommand::Info(args))) => tb_cmd::info(&args),
        Some(Command::Puzzles(cmd)) => puzzles_cmd::run(&cmd),
        Some(Command::Review(args)) => review_cmd::run(&args),
        Some(Command::Tournament(cmd)) => tournament_cmd::run(&cmd),
        Some(Command::Admin(cmd)) => admin_cmd::run(&cmd),
        Some(Command::Worker(args)) => worker_cmd::run(&args),
        Some(Command::Uci) => {
            let out: guoxiang_engine::uci::Output =
                std::sync::Arc::new(std::sync::Mutex::new(Box::new(std::io::stdout())));
            let mut engine = guoxiang_engine::uci::Uci::new(out);
            engine.run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
        Some(Command::Completions { shell }) => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "guoxiang",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
    }
}
