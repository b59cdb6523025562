//! PostgreSQL's LISTEN/NOTIFY, the one way the processes hear of each other's
//! writes (the lobby's changes, new jobs, finished jobs): a connection that
//! listens on one channel, opened again each second until it works, and a wait
//! for the next notification or a quiet interval that then takes every
//! notification already waiting, so that a burst of them is one wake. The
//! callers read the database after each wake, so a notification lost with a
//! dropped connection only delays them to the next quiet interval.

use postgres::fallible_iterator::FallibleIterator;
use std::time::Duration;

/// A connection listening on one channel.
pub struct Listener {
    client: postgres::Client,
}

impl Listener {
    /// Connects to `url` and listens on `channel`, trying again each second
    /// while `keep()` holds; `None` once it does not.
    pub fn open(url: &str, channel: &'static str, keep: impl Fn() -> bool) -> Option<Listener> {
        while keep() {
            let opened = postgres::Client::connect(url, postgres::NoTls).and_then(|mut client| {
                client.batch_execute(&format!("LISTEN {channel}"))?;
                Ok(client)
            });
            match opened {
                Ok(client) => return Some(Listener { client }),
                Err(e) => {
                    tracing::warn!(channel, error = %e, "a listening connection failed");
                    std::thread::sleep(Duration::from_secs(1));
                }
            }
        }
        None
    }

    /// Waits up to `quiet` for a notification, then takes every one already
    /// waiting; whether any came. An error is the connection's: open another.
    pub fn wait(&mut self, quiet: Duration) -> Result<bool, postgres::Error> {
        let mut notes = self.client.notifications();
        if notes.timeout_iter(quiet).next()?.is_none() {
            return Ok(false);
        }
        let mut waiting = notes.iter();
        while waiting.next()?.is_some() {}
        Ok(true)
    }

    /// The connection, for the reads and writes a wake leads to.
    pub fn client(&mut self) -> &mut postgres::Client {
        &mut self.client
    }

    /// Whether the connection is gone (then open another).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }
}
