//! `guoxiang worker --db postgres://… [--threads N] [--review-nodes N] [--tb-dir DIR]
//! [--log-json]`: a worker process (issue 20) that pulls computer moves and game
//! reviews as jobs from the database of servers started with `serve --workers`
//! (`guoxiang_server::worker`). Ctrl-C or SIGTERM: it takes no new job, gives the
//! jobs it holds back to the others and exits 0.

use clap::Args;
use guoxiang_server::worker::{self, Stats, WorkerConfig};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `guoxiang worker`.
#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// The servers' PostgreSQL database (postgres://…).
    #[arg(long, value_name = "URL")]
    pub db: String,
    /// Jobs done at once, one thread each [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// The engine's work per position of a game review, in nodes [default: 150000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub review_nodes: Option<u64>,
    /// The endgame tablebases' directory (read only; none by default).
    #[arg(long, value_name = "DIR")]
    pub tb_dir: Option<PathBuf>,
    /// Logs (on stderr) as one JSON object per line instead of text.
    #[arg(long)]
    pub log_json: bool,
}

/// The worker's settings from the command line.
fn config_of(args: &WorkerArgs) -> WorkerConfig {
    let mut config = WorkerConfig::new(args.db.clone());
    config.threads = match args.threads {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if let Some(n) = args.review_nodes {
        config.effort = guoxiang_server::review::Effort::Nodes(n);
    }
    config.tables = args.tb_dir.as_ref().map(|d| {
        guoxiang_server::endgame::Tables::open(d.clone())
            .tablebase()
            .clone()
    });
    config
}

pub fn run(args: &WorkerArgs) -> ExitCode {
    let format = if args.log_json {
        guoxiang_server::obs::LogFormat::Json
    } else {
        guoxiang_server::obs::LogFormat::Text
    };
    let _ = guoxiang_server::obs::logging::init(format);
    let config = config_of(args);
    let stop = Arc::new(AtomicBool::new(false));
    if let Err(e) = on_signal(stop.clone()) {
        eprintln!("guoxiang: cannot watch for Ctrl-C and SIGTERM: {e}");
        return ExitCode::from(1);
    }
    println!(
        "guoxiang worker: {} thread(s) taking jobs (stop with Ctrl-C)",
        config.threads
    );
    match worker::run(config, stop, Arc::new(Stats::default())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("guoxiang: {e}");
            ExitCode::from(1)
        }
    }
}

/// Sets `stop` on Ctrl-C or SIGTERM (the handlers are installed before this returns).
fn on_signal(stop: Arc<AtomicBool>) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    #[cfg(unix)]
    let mut term = {
        let _in = rt.enter();
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?
    };
    let ctrl_c = {
        let _in = rt.enter();
        tokio::spawn(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    };
    std::thread::Builder::new()
        .name("worker-signals".into())
        .spawn(move || {
            rt.block_on(async move {
                #[cfg(unix)]
                tokio::select! {
                    _ = ctrl_c => {}
                    _ = term.recv() => {}
                }
                #[cfg(not(unix))]
                let _ = ctrl_c.await;
            });
            stop.store(true, Ordering::Relaxed);
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_takes_the_cores_unless_threads_says() {
        let args = WorkerArgs {
            db: "postgres://x@h/db".into(),
            threads: None,
            review_nodes: Some(5_000),
            tb_dir: None,
            log_json: false,
        };
        let c = config_of(&args);
        assert!(c.threads >= 1);
        assert_eq!(c.effort, guoxiang_server::review::Effort::Nodes(5_000));
        assert!(c.tables.is_none());
        let c = config_of(&WorkerArgs {
            threads: Some(3),
            ..args
        });
        assert_eq!(c.threads, 3);
    }
}
