//! `guoxiang-engine`: the UCI engine on stdin/stdout. `guoxiang-engine bench [depth]`
//! runs the bench and exits (for scripts).

use guoxiang_engine::uci::{Output, Uci};
use std::sync::{Arc, Mutex};

fn main() {
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    let mut uci = Uci::new(out);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        uci.command(&args.join(" "));
        uci.command("quit");
        return;
    }
    let stdin = std::io::stdin();
    uci.run(stdin.lock());
}
