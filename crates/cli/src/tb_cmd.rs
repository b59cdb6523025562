//! `guoxiang tb gen|probe|info`: generates the endgame tables, probes a position (its value
//! and every legal move's), and lists the tables present.

use crate::cli::{TbGenArgs, TbInfoArgs, TbProbeArgs};
use guoxiang_core::Position;
use guoxiang_tablebase::{generate, Class, GenEvent, Probe, ProbeError, Tablebase};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The default table directory (relative to the working directory).
const DEFAULT_DIR: &str = "data/tablebase";

fn dir_of(dir: &Option<PathBuf>) -> PathBuf {
    dir.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_DIR))
}

/// `tb gen`: progress on stderr, a summary on stdout.
pub fn gen(args: &TbGenArgs) -> ExitCode {
    let dir = dir_of(&args.dir);
    let classes = if args.classes.is_empty() {
        Class::all()
    } else {
        args.classes.clone()
    };
    let threads = args
        .threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let start = Instant::now();
    let mut progress = |e: GenEvent| match e {
        GenEvent::Started {
            class,
            index,
            total,
        } => eprintln!("[{}/{total}] {class}: generating", index + 1),
        GenEvent::Skipped {
            class,
            index,
            total,
        } => eprintln!("[{}/{total}] {class}: present, kept", index + 1),
        GenEvent::Finished { info, index, total } => eprintln!(
            "[{}/{total}] {}: {} positions, longest mate {} plies, {} bytes, {} ms",
            index + 1,
            info.class,
            info.positions,
            info.max_dtm,
            info.file_bytes,
            info.generated_ms
        ),
    };
    match generate(&dir, &classes, threads, &mut progress) {
        Ok(infos) => {
            let bytes: u64 = infos.iter().map(|i| i.file_bytes).sum();
            println!(
                "{} tables in {} ({bytes} bytes), {:.1} s",
                infos.len(),
                dir.display(),
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn probe_json(p: Probe) -> (Value, Value) {
    (json!(p.wdl.as_str()), json!(p.dtm))
}

/// Prints an error (as JSON on stdout with `--json`, always as text on stderr).
fn fail(json: bool, code: &str, message: &str, status: u8) -> ExitCode {
    if json {
        println!("{}", json!({"error": code, "message": message}));
    }
    eprintln!("error: {message}");
    ExitCode::from(status)
}

/// `tb probe FEN`.
pub fn probe(args: &TbProbeArgs) -> ExitCode {
    let json = args.json;
    let fen = args.fen.join(" ");
    let pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => return fail(json, "bad_fen", &format!("invalid FEN: {e}"), 2),
    };
    let tb = Tablebase::open(dir_of(&args.dir));
    let result = tb
        .probe(&pos)
        .and_then(|p| tb.probe_moves(&pos).map(|m| (p, m)));
    let (value, moves) = match result {
        Ok(r) => r,
        Err(e) => {
            let (code, status) = match &e {
                ProbeError::TooManyPieces { .. } => ("too_many_pieces", 2),
                ProbeError::CastlingRights => ("castling_rights", 2),
                ProbeError::MissingTable { .. } => ("missing_table", 1),
                ProbeError::Corrupt { .. } => ("corrupt_table", 1),
                ProbeError::Io { .. } => ("io", 1),
            };
            return fail(json, code, &e.to_string(), status);
        }
    };
    if json {
        let (wdl, dtm) = probe_json(value);
        let moves: Vec<Value> = moves
            .iter()
            .map(|m| {
                let (wdl, dtm) = probe_json(m.after);
                json!({"uci": m.mv.to_uci(), "san": pos.san(m.mv), "wdl": wdl, "dtm": dtm})
            })
            .collect();
        println!(
            "{}",
            json!({"fen": pos.fen(), "wdl": wdl, "dtm": dtm, "moves": moves})
        );
    } else {
        println!("{}", pos.fen());
        println!("{}", describe(value));
        for m in &moves {
            println!("  {:<8} {}", pos.san(m.mv), describe(m.after));
        }
    }
    ExitCode::SUCCESS
}

fn describe(p: Probe) -> String {
    match p.dtm {
        None => "draw".into(),
        Some(0) => "checkmated".into(),
        Some(d) if d % 2 == 1 => format!("win: mate in {} ({d} plies)", d.div_ceil(2)),
        Some(d) => format!("loss: mated in {} ({d} plies)", d / 2),
    }
}

/// `tb info`: one line per table present.
pub fn info(args: &TbInfoArgs) -> ExitCode {
    let tb = Tablebase::open(dir_of(&args.dir));
    let mut status = ExitCode::SUCCESS;
    for class in Class::all() {
        match tb.info(class) {
            Ok(i) => {
                if args.json {
                    // A plain struct of numbers and a string always serialises.
                    println!("{}", serde_json::to_string(&i).unwrap_or_default());
                } else {
                    println!(
                        "{:<5} {:>10} positions  max dtm {:>3}  {:>9} bytes  {:>6} ms",
                        i.class, i.positions, i.max_dtm, i.file_bytes, i.generated_ms
                    );
                }
            }
            Err(ProbeError::MissingTable { .. }) => {}
            Err(e) => {
                eprintln!("error: {e}");
                status = ExitCode::from(1);
            }
        }
    }
    status
}
