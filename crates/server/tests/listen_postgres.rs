//! The processes' LISTEN/NOTIFY connection (store/listen), on real PostgreSQL: a
//! notification wakes the listener, a burst of them is one wake, a quiet
//! interval is no wake, and a connection the server cut is seen and opened
//! again. Needs `GUOXIANG_TEST_POSTGRES=postgres://…` (skipped, saying so,
//! without it).

mod common;

use common::url;
use guoxiang_server::store::listen::Listener;
use std::time::{Duration, Instant};

const QUIET: Duration = Duration::from_millis(300);

/// Sends `n` notifications on `channel` (distinct payloads, so none is folded
/// into another) in one transaction from a connection of its own, and gives
/// them a moment to reach the listener's socket.
fn notify(url: &str, channel: &str, n: usize) {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("connect");
    let notes: String = (0..n)
        .map(|i| format!("NOTIFY {channel}, '{i}';"))
        .collect();
    c.batch_execute(&format!("BEGIN; {notes} COMMIT;"))
        .expect("notify");
    std::thread::sleep(Duration::from_millis(100));
}

#[test]
fn a_notification_wakes_the_listener_and_a_burst_is_one_wake() {
    let Some(url) = url() else { return };
    let mut l = Listener::open(&url, "gx_test_listen", || true).expect("open");
    assert!(
        !l.wait(QUIET).expect("quiet"),
        "nothing sent: a quiet interval"
    );
    notify(&url, "gx_test_listen", 5);
    let started = Instant::now();
    assert!(l.wait(Duration::from_secs(5)).expect("woken"));
    assert!(started.elapsed() < Duration::from_secs(2), "woken at once");
    assert!(
        !l.wait(QUIET).expect("quiet"),
        "the burst was taken in one wake"
    );
    notify(&url, "gx_other_channel", 1);
    assert!(
        !l.wait(QUIET).expect("quiet"),
        "another channel is not heard"
    );
}

#[test]
fn a_cut_connection_is_seen_and_opened_again() {
    let Some(url) = url() else { return };
    let mut l = Listener::open(&url, "gx_test_cut", || true).expect("open");
    let pid: i32 = l
        .client()
        .query_one("SELECT pg_backend_pid()", &[])
        .expect("pid")
        .get(0);
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    admin
        .execute("SELECT pg_terminate_backend($1)", &[&pid])
        .expect("terminate");
    // The cut shows as an error or a closed connection within a few waits.
    let mut seen = false;
    for _ in 0..10 {
        if l.wait(QUIET).is_err() || l.is_closed() {
            seen = true;
            break;
        }
    }
    assert!(seen, "the cut connection is noticed");
    let mut again = Listener::open(&url, "gx_test_cut", || true).expect("open again");
    notify(&url, "gx_test_cut", 1);
    assert!(again.wait(Duration::from_secs(5)).expect("woken"));
}

#[test]
fn an_unreachable_database_is_tried_while_wanted_and_then_given_up() {
    let tries = std::cell::Cell::new(0);
    let keep = || {
        tries.set(tries.get() + 1);
        tries.get() <= 2
    };
    // A port nothing listens on: every try fails, a second apart.
    let started = Instant::now();
    let l = Listener::open("postgres://nobody@127.0.0.1:1/none", "gx_test", keep);
    assert!(l.is_none());
    assert_eq!(tries.get(), 3);
    assert!(started.elapsed() >= Duration::from_secs(2));
}
