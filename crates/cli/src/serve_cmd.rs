//! `guoxiang serve [--addr 127.0.0.1:8080] [--db URL] [--data DIR] [--create-per-minute N]
//! [--log-json] [--tb-dir DIR] [--no-tb-gen]`: the game server (also what
//! `guoxiang` with no arguments runs). Missing endgame tablebases are generated
//! in the background at start, into `<data>/tablebase` unless `--tb-dir` says.

use crate::cli::ServeArgs;
use std::process::ExitCode;

pub fn run(args: &ServeArgs) -> ExitCode {
    let mut config = guoxiang_server::Config::default();
    if let Some(a) = args.addr {
        config.addr = a;
    }
    config.db.clone_from(&args.db);
    if let Some(d) = &args.data {
        config.data_dir.clone_from(d);
    }
    if let Some(n) = args.create_per_minute {
        config.create_per_minute = n;
        config.create_burst = config.create_burst.max(n);
    }
    config.tb_dir = match &args.tb_dir {
        Some(d) => d.clone(),
        None => config.data_dir.join("tablebase"),
    };
    config.tb_generate = !args.no_tb_gen;
    if args.log_json {
        config.log_format = guoxiang_server::obs::LogFormat::Json;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("guoxiang: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(guoxiang_server::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("guoxiang: {e}");
            ExitCode::from(1)
        }
    }
}
