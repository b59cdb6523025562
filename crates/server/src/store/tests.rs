//! The store on SQLite: writes read back, duplicates are refused, migrations
//! run once, the files are private.

use super::*;
use crate::clock::TimeControl;
use crate::game::{Ending, Seats, SecretHash, Standing};
use crate::protocol::{Mode, Status};
use guoxiang_core::game::DrawOffers;
use guoxiang_core::{Color, Outcome, WinReason};

fn record(id: &str) -> Record {
    Record {
        id: id.into(),
        created_at: 1,
        mode: Mode::Friend,
        level: None,
        computer: None,
        control: TimeControl::untimed(),
        seats: Seats([Some(SecretHash::of("w")), None]),
        join_key: None,
        start: None,
        status: Status::Active,
        ending: None,
        clocks: [0, 0],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: Default::default(),
    }
}

fn mv(ply: u64, uci: &str) -> Change {
    Change::Moved(MoveRecord {
        ply,
        uci: uci.into(),
        san: uci.into(),
        clocks: [5, 6],
        at: 7,
    })
}

fn change(c: Change) -> Write {
    Write::Change {
        id: "g1".into(),
        change: c,
    }
}

#[tokio::test]
async fn writes_read_back_and_duplicates_are_refused() {
    let dir = std::env::temp_dir().join(format!("gx-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let s = Store::open(None, &dir).expect("open");
    s.write(Write::Create(Box::new(record("g1"))))
        .await
        .expect("create");
    s.write(change(mv(1, "e2e4"))).await.expect("m1");
    s.write(change(mv(2, "e7e5"))).await.expect("m2");
    assert!(s.write(change(mv(2, "d7d5"))).await.is_err());
    let standing = Standing {
        draws: DrawOffers {
            standing: Some(Color::Black),
            barred: [true, false],
        },
        takeback: Some(Color::White),
    };
    s.write(change(Change::Standing(standing)))
        .await
        .expect("offers");
    let (g, moves) = s.game("g1").await.expect("read").expect("exists");
    assert_eq!(g.standing, standing);
    assert_eq!(g.turn_since, Some(7));
    assert_eq!(moves.len(), 2);
    s.write(change(Change::TakenBack {
        keep: 1,
        clocks: [5, 6],
        at: 9,
    }))
    .await
    .expect("undo");
    let (g, moves) = s.game("g1").await.expect("read").expect("exists");
    assert_eq!((g.clocks, g.turn_since), ([5, 6], Some(9)));
    assert_eq!(
        moves.iter().map(|m| m.uci.as_str()).collect::<Vec<_>>(),
        ["e2e4"]
    );
    assert_eq!(s.unfinished().await.expect("unfinished").len(), 1);
    let ending = Ending::Outcome(Outcome::Decisive {
        winner: Color::White,
        reason: WinReason::Resignation,
    });
    s.write(change(Change::Finished {
        ending,
        clocks: [1, 2],
        at: 3,
    }))
    .await
    .expect("finish");
    assert!(s.unfinished().await.expect("unfinished").is_empty());
    let (rows, total) = s.finished(0, 10).await.expect("list");
    assert_eq!((rows.len(), total, rows[0].1), (1, 1, 1));
    assert_eq!(rows[0].0.ending, Some(ending));
    assert_eq!(rows[0].0.standing, Standing::default());
    // The last record wins (even if the wall clock was set back).
    s.write(Write::Alive { at: 50 }).await.expect("alive");
    s.write(Write::Alive { at: 40 }).await.expect("alive again");
    assert_eq!(s.alive_at().await.expect("alive"), Some(40));
    // Reopening runs no migration twice.
    drop(s);
    let s = Store::open(None, &dir).expect("reopen");
    assert!(s.game("g1").await.expect("read").is_some());
    assert!(Store::open(Some("postgres://nobody@127.0.0.1:1/none"), &dir).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_directory_and_database_are_private_and_hold_no_secret_in_clear() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("gx-store-perm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let s = Store::open(None, &dir).expect("open");
    let mut r = record("g2");
    r.seats = Seats([Some(SecretHash::of("topsecretwhite")), None]);
    r.join_key = Some(SecretHash::of("topsecretkey"));
    s.write(Write::Create(Box::new(r))).await.expect("create");
    let mode =
        |p: &std::path::Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    for entry in std::fs::read_dir(&dir).expect("list") {
        let p = entry.expect("entry").path();
        assert_eq!(mode(&p), 0o600, "{}", p.display());
        let bytes = std::fs::read(&p).expect("read");
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains("topsecret"),
            "{} holds a secret",
            p.display()
        );
    }
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_database_of_version_1_is_migrated_and_its_plain_secrets_hashed() {
    let dir = std::env::temp_dir().join(format!("gx-store-v1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("guoxiang.sqlite3");
    {
        let c = rusqlite::Connection::open(&path).expect("open");
        c.execute_batch(
            "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
             INSERT INTO schema_migrations VALUES (1, 0);",
        )
        .expect("schema table");
        c.execute_batch(MIGRATIONS[0].1).expect("version 1");
        c.execute(
            "INSERT INTO games (id, created_at, mode, time_control, white_secret, black_secret, \
             status, white_ms, black_ms, join_key) VALUES ('old', 1, 'friend', '{}', 'plainw', \
             NULL, 'waiting', 0, 0, 'plainkey')",
            [],
        )
        .expect("an old game");
    }
    let s = Store::open(None, &dir).expect("migrates");
    let (g, _) = s.game("old").await.expect("read").expect("exists");
    assert_eq!(
        g.seats.seat(Some("plainw")),
        crate::game::Seat::Player(Color::White)
    );
    assert!(g.join_key.is_some_and(|k| k.matches("plainkey")));
    assert_eq!(g.standing, Standing::default());
    drop(s);
    let c = rusqlite::Connection::open(&path).expect("open");
    let (w, k): (String, String) = c
        .query_row("SELECT white_secret, join_key FROM games", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .expect("row");
    assert!(
        w.starts_with("sha256:") && k.starts_with("sha256:"),
        "{w} {k}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn games_are_found_by_their_secrets_and_their_rematch_and_notice_read_back() {
    let dir = std::env::temp_dir().join(format!("gx-store-mine-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let s = Store::open(None, &dir).expect("open");
    for (id, at, w, b) in [
        ("a", 1, "s1", "s2"),
        ("b", 2, "s3", "s1"),
        ("c", 3, "s4", "s4"),
    ] {
        let mut r = record(id);
        r.created_at = at;
        r.seats = Seats([Some(SecretHash::of(w)), Some(SecretHash::of(b))]);
        s.write(Write::Create(Box::new(r))).await.expect("create");
    }
    s.write(Write::Change {
        id: "a".into(),
        change: mv(1, "e2e4"),
    })
    .await
    .expect("move");
    let ids = |v: Vec<(Record, u64)>| v.into_iter().map(|(r, n)| (r.id, n)).collect::<Vec<_>>();
    let found = s
        .mine(&["s1".into(), "nope".into()], 10)
        .await
        .expect("mine");
    assert_eq!(ids(found), [("b".to_string(), 0), ("a".to_string(), 1)]);
    let found = s.mine(&["s1".into(), "s4".into()], 2).await.expect("mine");
    assert_eq!(ids(found).len(), 2, "at most the limit");
    assert!(s.mine(&[], 10).await.expect("mine").is_empty());
    let firsts = s
        .first_moves(vec!["a".into(), "b".into()], 40)
        .await
        .expect("first moves");
    assert_eq!(firsts.get("a"), Some(&vec!["e2e4".to_string()]));
    assert_eq!(firsts.get("b"), None);
    let after = crate::game::After {
        rematch: crate::game::Rematch {
            offer: Some(Color::White),
            next: Some("z".into()),
        },
        notice: Some(crate::game::Notice {
            kind: crate::protocol::NoticeKind::DrawDeclined,
            by: Color::Black,
        }),
    };
    s.write(Write::Change {
        id: "c".into(),
        change: Change::After(after.clone()),
    })
    .await
    .expect("after");
    let (g, _) = s.game("c").await.expect("read").expect("exists");
    assert_eq!(g.after, after);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_berserk_survives_a_restart_with_its_halved_clock_and_flags() {
    use crate::game::{Berserk, GameState, Limits, Seat};
    use crate::time::Now;
    let dir = std::env::temp_dir().join(format!("gx-store-bsk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let s = Store::open(None, &dir).expect("open");
    let mut r = record("g1");
    r.control = TimeControl::fischer(180_000, 2_000);
    r.clocks = [180_000, 180_000];
    r.seats = Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]);
    r.berserk = Berserk::allowed();
    s.write(Write::Create(Box::new(r))).await.expect("create");
    s.write(change(Change::Berserk {
        color: Color::Black,
        sides: [false, true],
        clocks: [180_000, 90_000],
    }))
    .await
    .expect("berserk");
    drop(s);
    let s = Store::open(None, &dir).expect("reopen");
    let (g, moves) = s.game("g1").await.expect("read").expect("exists");
    assert_eq!(g.clocks, [180_000, 90_000]);
    assert_eq!(
        g.berserk,
        Berserk {
            allowed: true,
            sides: [false, true]
        }
    );
    let limits = Limits {
        grace_ms: 1,
        join_timeout_ms: 1,
    };
    let now = Now { mono: 0, wall: 0 };
    let st = GameState::from_record(&g, &moves, limits, now, None).expect("restored");
    assert_eq!(st.clock.stored(), [180_000, 90_000]);
    assert_eq!(st.clock.berserked(), [false, true]);
    assert!(st.may_berserk(Seat::Player(Color::White)));
    assert!(!st.may_berserk(Seat::Player(Color::Black)));
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
