//! UCI options: the values in force, the `option` lines `uci` lists, and
//! `setoption`, which checks each value and says in an `info string` why it refused
//! one.

use super::Uci;
use crate::features::Features;
use crate::levels::{self, Style};
use guoxiang_tablebase::Tablebase;
use std::sync::Arc;
use std::time::Duration;

/// The default hash size in MB.
pub(super) const DEFAULT_HASH_MB: usize = 16;

/// Where the endgame tables are when `TablebaseDir` is empty (the server's data
/// folder layout, relative to the working directory).
pub const DEFAULT_TABLEBASE_DIR: &str = "data/tablebase";

/// The tables in `dir` as the option gives it: empty (or the GUI's `<empty>`) is
/// [`DEFAULT_TABLEBASE_DIR`].
pub(super) fn tablebase_for(dir: &str) -> Tablebase {
    match dir.trim() {
        "" | "<empty>" => Tablebase::open(DEFAULT_TABLEBASE_DIR),
        d => Tablebase::open(d),
    }
}

/// The options as `setoption` left them.
#[derive(Debug, Clone)]
pub(super) struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
    pub ponder: bool,
    pub show_wdl: bool,
    pub limit_strength: bool,
    pub elo: u32,
    pub level: u8,
    /// Search features in use (developer option `Disable`).
    pub features: Features,
    /// The endgame tables' folder as given (empty: [`DEFAULT_TABLEBASE_DIR`]).
    pub tablebase_dir: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            ponder: false,
            show_wdl: false,
            limit_strength: false,
            elo: 1450,
            level: 8,
            features: Features::ALL,
            tablebase_dir: String::new(),
        }
    }
}

impl Options {
    /// The human style in force, if any (Level < 8 or UCI_LimitStrength).
    pub fn style(&self) -> Option<Style> {
        if self.limit_strength {
            Some(levels::style_for_elo(self.elo))
        } else if self.level < 8 {
            Some(levels::style_for_level(self.level))
        } else {
            None
        }
    }
}

/// What `uci` answers: the engine's name and its options.
pub(super) const UCI_LINES: &[&str] = &[
    concat!("id name guoxiang ", env!("CARGO_PKG_VERSION")),
    "id author the guoxiang developers",
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Move Overhead type spin default 30 min 0 max 5000",
    "option name Ponder type check default false",
    "option name UCI_ShowWDL type check default false",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1450 min 600 max 2800",
    "option name Level type spin default 8 min 1 max 8",
    "option name Clear Hash type button",
    "option name Disable type string default <empty>",
    "option name TablebaseDir type string default <empty>",
    "uciok",
];

impl Uci {
    /// `setoption name <id...> [value <x...>]`.
    pub(super) fn set_option(&mut self, rest: &[&str]) {
        if rest.first() != Some(&"name") {
            self.info("setoption needs 'name'");
            return;
        }
        let value_at = rest.iter().position(|w| *w == "value");
        let name = rest[1..value_at.unwrap_or(rest.len())].join(" ");
        let value = value_at
            .map(|i| rest[i + 1..].join(" "))
            .unwrap_or_default();
        if let Err(e) = self.apply_option(&name, &value) {
            self.info(&e);
        }
    }

    fn apply_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let spin = |lo: i64, hi: i64| -> Result<i64, String> {
            value
                .parse::<i64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| {
                    format!("option '{name}' needs a whole number from {lo} to {hi}, not '{value}'")
                })
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "option '{name}' needs true or false, not '{value}'"
                )),
            }
        };
        let busy = self.searching();
        let o = &mut self.options;
        match name.to_ascii_lowercase().as_str() {
            "hash" if busy => Err("cannot resize the hash during a search".into()),
            "hash" => spin(1, 65536).and_then(|v| {
                // Refuse a table that would not fit: allocating it would kill the process.
                if let Some(avail) = available_memory_mb() {
                    if v as u64 > avail / 2 {
                        return Err(format!("Hash {v} MB is more than half of the {avail} MB of memory available; keeping {} MB", o.hash_mb));
                    }
                }
                o.hash_mb = v as usize;
                self.engine = Arc::new(self.engine.resized(o.hash_mb));
                Ok(())
            }),
            "threads" => spin(1, 256).map(|v| o.threads = v as usize),
            "multipv" => spin(1, 256).map(|v| o.multipv = v as usize),
            "move overhead" => {
                spin(0, 5000).map(|v| o.move_overhead = Duration::from_millis(v as u64))
            }
            "ponder" => check().map(|v| o.ponder = v),
            "uci_showwdl" => check().map(|v| o.show_wdl = v),
            "uci_limitstrength" => check().map(|v| o.limit_strength = v),
            "uci_elo" => spin(levels::MIN_ELO as i64, levels::MAX_ELO as i64)
                .map(|v| o.elo = v as u32),
            "level" => spin(1, 8).map(|v| o.level = v as u8),
            "disable" => match Features::disabling(value) {
                Ok(f) => {
                    o.features = f;
                    Ok(())
                }
                Err(e) => {
                    let kept = match o.features.to_string() {
                        off if off.is_empty() => "none".to_owned(),
                        off => off,
                    };
                    Err(format!(
                        "option 'Disable' not changed (still disabled: {kept}): {e}"
                    ))
                }
            },
            "tablebasedir" if busy => Err("cannot change the tables during a search".into()),
            "tablebasedir" => {
                o.tablebase_dir = value.to_owned();
                self.engine.set_tablebase(Some(tablebase_for(value)));
                Ok(())
            }
            "clear hash" if busy => Err("cannot clear the hash during a search".into()),
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            _ => Err(format!(
                "unknown option '{}'",
                name.chars().take(40).collect::<String>()
            )),
        }
    }
}

/// Memory available to new allocations, in MB (Linux `MemAvailable`), if known.
fn available_memory_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
