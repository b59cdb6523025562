//! `guoxiang-engine`: the UCI engine on stdin/stdout. `guoxiang-engine bench [depth]`
//! runs the bench and exits (for scripts). Arguments that are not UTF-8 are refused
//! with exit status 2 (they cannot be UCI commands).

use guoxiang_engine::uci::{Output, Uci};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

fn main() -> ExitCode {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(raw) => {
                eprintln!(
                    "guoxiang-engine: the argument {:?} is not valid UTF-8; give a UCI command such as `bench`",
                    raw.to_string_lossy()
                );
                return ExitCode::from(2);
            }
        }
    }
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    let mut uci = Uci::new(out);
    if !args.is_empty() {
        uci.command(&args.join(" "));
        uci.command("quit");
        return ExitCode::SUCCESS;
    }
    let stdin = std::io::stdin();
    uci.run(stdin.lock());
    ExitCode::SUCCESS
}
