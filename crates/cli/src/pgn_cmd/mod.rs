//! `guoxiang pgn check FILE…`: replays every game of PGN files with full legality
//! checks and reports, one line per game, the final position, the result, the
//! outcome the rules decide, and the draws that could be claimed. Files of any
//! size are streamed in chunks checked on every core ([`pipeline`]); a bad game is
//! reported and the next one is read. Most games take the fast path ([`fast`]);
//! the others get the reference check ([`reference`]); both report alike
//! ([`report`]).

mod chunk;
mod fast;
mod pipeline;
mod reference;
mod report;
mod shadow;
#[cfg(test)]
mod tests;

use crate::cli::PgnCheckArgs;
use report::{FileProblem, Lines};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// Files at least this big get a progress bar (on a terminal).
const PROGRESS_FROM: u64 = 8 << 20;

pub fn run(args: &PgnCheckArgs) -> ExitCode {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut failed = false;
    let mut next_game = 1u64;
    for path in &args.files {
        let name = path.to_string_lossy();
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                let mut lines = Lines::default();
                let error = format!("cannot open {name}: {e}");
                lines.file(&name, &FileProblem::Io { error }, args.json);
                failed = true;
                if let Err(e) = lines.write_to(&mut out, next_game) {
                    return write_failed(&e);
                }
                continue;
            }
        };
        let size = file.metadata().map_or(0, |m| m.len());
        // On a terminal, unless the report itself scrolls by on it.
        let bar = (!args.no_progress
            && size >= PROGRESS_FROM
            && std::io::stderr().is_terminal()
            && !std::io::stdout().is_terminal())
        .then(|| progress_bar(size, &name));
        let progress = |done: u64| {
            if let Some(bar) = &bar {
                bar.set_position(done);
            }
        };
        let options = pipeline::Options {
            json: args.json,
            threads,
            chunk: pipeline::CHUNK,
        };
        let done = pipeline::check_stream(file, &name, options, next_game, &mut out, &progress);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        match done {
            Ok(done) => {
                next_game = done.next_game;
                failed |= done.failed;
            }
            Err(e) => return write_failed(&e),
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn progress_bar(size: u64, name: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(size),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let style = indicatif::ProgressStyle::with_template(
        "{msg} [{bar:40}] {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
    )
    .map(|s| s.progress_chars("=> "));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar.set_message(name.to_owned());
    bar
}

/// The report could not be written (a closed pipe, a full disk).
fn write_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        eprintln!("guoxiang: cannot write the report: {e}");
    }
    ExitCode::from(1)
}
