//! Logs through `tracing`: the subscriber the server installs (text or JSON
//! lines on stderr, the level from `RUST_LOG`, by default `info` for guoxiang's
//! crates and `warn` for the libraries), and a panic hook that reports a panic
//! in any task (a game's, a handler's) as an `error` event. Standard output stays
//! the user's: the address to open is printed there, not logged.

use std::str::FromStr;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

/// The filter used when `RUST_LOG` is not set.
pub const DEFAULT_FILTER: &str =
    "warn,guoxiang=info,guoxiang_server=info,guoxiang_engine=info,guoxiang_core=info";

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line (`guoxiang serve --log-json`).
    Json,
}

/// Why logging could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("RUST_LOG is not a valid filter ({value:?}): {reason}")]
    BadFilter { value: String, reason: String },
    #[error("a logger is already installed in this process")]
    AlreadySet,
}

/// The filter `RUST_LOG` asks for, or [`DEFAULT_FILTER`] when it is unset or empty.
pub fn filter_from_env() -> Result<EnvFilter, LogError> {
    match std::env::var("RUST_LOG") {
        Ok(v) if !v.trim().is_empty() => EnvFilter::from_str(&v).map_err(|e| LogError::BadFilter {
            value: v.clone(),
            reason: e.to_string(),
        }),
        _ => Ok(EnvFilter::new(DEFAULT_FILTER)),
    }
}

/// The subscriber the server uses, writing to `writer` (tests pass a buffer).
pub fn subscriber<W>(
    format: LogFormat,
    filter: EnvFilter,
    writer: W,
    ansi: bool,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_target(true);
    match format {
        LogFormat::Text => Box::new(builder.with_ansi(ansi).finish()),
        LogFormat::Json => Box::new(
            builder
                .json()
                .flatten_event(true)
                .with_current_span(false)
                .with_span_list(false)
                .finish(),
        ),
    }
}

/// Installs the process's logger (stderr, `RUST_LOG` or the default filter)
/// and the panic hook. A second call changes nothing and says so.
///
/// ```no_run
/// use guoxiang_server::obs::logging::{init, LogFormat};
/// init(LogFormat::Json).expect("the first logger of the process");
/// tracing::info!(answer = 42, "logged as one JSON line on stderr");
/// ```
pub fn init(format: LogFormat) -> Result<(), LogError> {
    let (filter, bad) = match filter_from_env() {
        Ok(f) => (f, None),
        Err(e) => (EnvFilter::new(DEFAULT_FILTER), Some(e)),
    };
    let ansi = format == LogFormat::Text && std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing::subscriber::set_global_default(subscriber(format, filter, std::io::stderr, ansi))
        .map_err(|_| LogError::AlreadySet)?;
    if let Some(e) = bad {
        tracing::warn!("{e}; using {DEFAULT_FILTER}");
    }
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        let location = info.location().map(ToString::to_string);
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        tracing::error!(
            thread = thread.name().unwrap_or("unnamed"),
            location = location.as_deref().unwrap_or("unknown"),
            "panic: {message}"
        );
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("not poisoned").extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Buffer {
        type Writer = Buffer;
        fn make_writer(&'a self) -> Buffer {
            self.clone()
        }
    }

    fn logged(format: LogFormat, filter: &str, emit: impl FnOnce()) -> String {
        let buf = Buffer::default();
        let sub = subscriber(format, EnvFilter::new(filter), buf.clone(), false);
        tracing::subscriber::with_default(sub, emit);
        let bytes = buf.0.lock().expect("not poisoned").clone();
        String::from_utf8(bytes).expect("UTF-8 logs")
    }

    #[test]
    fn json_logging_writes_one_json_object_per_line_with_its_fields() {
        let text = logged(LogFormat::Json, DEFAULT_FILTER, || {
            tracing::info!(game = "g1", reason = "checkmate", "game ended");
            tracing::warn!(error = "disk full\nreally", "store failed");
            tracing::debug!("below the default level: not written");
        });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        let first: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON object");
        assert_eq!(first["level"], "INFO");
        assert_eq!(first["message"], "game ended");
        assert_eq!(first["game"], "g1");
        assert_eq!(first["reason"], "checkmate");
        assert_eq!(first["target"], module_path!());
        let second: serde_json::Value = serde_json::from_str(lines[1]).expect("a JSON object");
        assert_eq!(second["error"], "disk full\nreally");
    }

    #[test]
    fn the_default_filter_keeps_our_info_and_drops_a_librarys_info() {
        let text = logged(LogFormat::Text, DEFAULT_FILTER, || {
            tracing::info!(target: "guoxiang_server::actor", "ours");
            tracing::info!(target: "hyper::proto", "theirs");
            tracing::warn!(target: "hyper::proto", "their warning");
        });
        assert!(text.contains("ours"), "{text}");
        assert!(!text.contains("theirs"), "{text}");
        assert!(text.contains("their warning"), "{text}");
    }
}
