//! `guoxiang`: the command line of the guoxiang chess system. Each command prints
//! text for people, or one JSON object per line with `--json`.

mod args;
mod fen_cmd;
mod move_cmd;
mod perft_cmd;

use std::process::ExitCode;

const USAGE: &str = "guoxiang — chess rules, notation and tools

Usage:
  guoxiang perft DEPTH [--fen FEN] [--divide] [--json]
  guoxiang fen FEN [--json]
  guoxiang move --fen FEN MOVE [--lang zh-CN|zh-TW|en] [--json]
  guoxiang pgn check FILE... [--json]
  guoxiang help

MOVE may be SAN (Nf3, O-O, e8=Q), UCI (g1f3, e7e8q) or from-to (e1g1).
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = argv.split_first() else {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    };
    let result = match cmd.as_str() {
        "perft" => perft_cmd::run(rest),
        "fen" => fen_cmd::run(rest),
        "move" => move_cmd::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(args::UsageError(format!("unknown command {other:?}"))),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("guoxiang: {}\n\n{USAGE}", e.0);
            ExitCode::from(2)
        }
    }
}
