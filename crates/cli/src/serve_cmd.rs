//! `guoxiang serve [--addr 127.0.0.1:8080] [--db URL] [--data DIR] [--create-per-minute N]`: the game
//! server (also what `guoxiang` with no arguments runs).

use crate::args::{Args, UsageError};
use std::process::ExitCode;

pub fn run(raw: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(
        raw,
        &["--addr", "--db", "--data", "--create-per-minute"],
        &[],
    )?;
    if let Some(p) = args.positional.first() {
        return Err(UsageError(format!("serve takes no argument {p:?}")));
    }
    let mut config = guoxiang_server::Config::default();
    if let Some(a) = args.option("--addr") {
        config.addr = a.parse().map_err(|_| {
            UsageError(format!(
                "--addr {a:?} is not an address such as 127.0.0.1:8080"
            ))
        })?;
    }
    config.db = args.option("--db").map(str::to_string);
    if let Some(d) = args.option("--data") {
        config.data_dir = d.into();
    }
    if let Some(n) = args.option("--create-per-minute") {
        let n: u32 = n
            .parse()
            .map_err(|_| UsageError(format!("--create-per-minute {n:?} is not a number")))?;
        config.create_per_minute = n;
        config.create_burst = config.create_burst.max(n);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("guoxiang: cannot start the async runtime: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    match runtime.block_on(guoxiang_server::run(config)) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("guoxiang: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
