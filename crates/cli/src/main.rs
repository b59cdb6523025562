//! `guoxiang`: the command line of the guoxiang chess system. Each command prints
//! text for people, or one JSON object per line with `--json`.

mod args;
mod fen_cmd;
mod move_cmd;
mod perft_cmd;
mod pgn_cmd;
mod serve_cmd;

use std::process::ExitCode;

const USAGE: &str = "guoxiang — chess rules, notation and tools

Usage:
  guoxiang                      (the same as guoxiang serve)
  guoxiang serve [--addr 127.0.0.1:8080] [--db URL] [--data DIR] [--create-per-minute N]
                                (the game server: HTTP and WebSocket API; SQLite in DIR or
                                 PostgreSQL with --db postgres://…; default DIR ./data)
  guoxiang perft DEPTH [--fen FEN] [--divide] [--json]
  guoxiang fen FEN [--json]
  guoxiang move --fen FEN MOVE [--lang zh-CN|zh-TW|en] [--json]
  guoxiang pgn check FILE... [--json]
  guoxiang uci                  (the UCI engine on stdin/stdout, as guoxiang-engine)
  guoxiang help

MOVE may be SAN (Nf3, O-O, e8=Q), UCI (g1f3, e7e8q) or from-to (e1g1).
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = argv.split_first() else {
        return match serve_cmd::run(&[]) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("guoxiang: {}", e.0);
                ExitCode::from(2)
            }
        };
    };
    let result = match cmd.as_str() {
        "serve" => serve_cmd::run(rest),
        "perft" => perft_cmd::run(rest),
        "fen" => fen_cmd::run(rest),
        "move" => move_cmd::run(rest),
        "pgn" => pgn_cmd::run(rest),
        "uci" => {
            let out: guoxiang_engine::uci::Output =
                std::sync::Arc::new(std::sync::Mutex::new(Box::new(std::io::stdout())));
            let mut engine = guoxiang_engine::uci::Uci::new(out);
            engine.run(std::io::stdin().lock());
            Ok(ExitCode::SUCCESS)
        }
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
