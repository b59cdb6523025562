//! `guoxiang admin create NAME`: a new admin account with the password from
//! stdin, in the database `guoxiang serve --data DIR` uses; an existing account
//! made admin; bad names, short passwords and closed accounts refused (exit 1); at a
//! terminal the password is typed without echo, twice.

use guoxiang_server::accounts::password;
use guoxiang_server::store::accounts::{AccountWrite, UserRow};
use guoxiang_server::store::{Store, Write};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn admin_create(data: &Path, name: &str, stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["admin", "create", name, "--data"])
        .arg(data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(mut s) = child.stdin.take() {
        let _ = s.write_all(stdin.as_bytes());
    }
    child.wait_with_output().expect("it ends")
}

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gx-admin-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

async fn user(data: &Path, key: &str) -> Option<UserRow> {
    let store = Store::open(None, data).expect("open");
    store.user_by_key(key).await.expect("read")
}

#[tokio::test]
async fn admin_create_makes_a_new_admin_account_with_the_password_from_stdin() {
    let data = temp("new");
    let out = admin_create(&data, "Root_Admin", "a good password\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "created admin account Root_Admin");
    let u = user(&data, "root_admin").await.expect("stored");
    assert!(u.admin);
    assert!(password::verify("a good password", &u.password_hash));
    assert!(u.password_hash.starts_with("$argon2id$"));
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn admin_create_makes_an_existing_account_admin_and_keeps_its_password() {
    let data = temp("promote");
    assert!(admin_create(&data, "first", "a good password\n")
        .status
        .success());
    {
        let store = Store::open(None, &data).expect("open");
        let row = UserRow {
            id: "u2".into(),
            name: "Second".into(),
            name_key: "second".into(),
            password_hash: password::hash("second's password").expect("hash"),
            admin: false,
            created_at: 1,
            closed_at: None,
        };
        store
            .write(Write::Account(AccountWrite::SignUp {
                user: row,
                session: None,
            }))
            .await
            .expect("stored");
    }
    assert!(!user(&data, "second").await.expect("stored").admin);
    let out = admin_create(&data, "SECOND", "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "Second is now an admin");
    let u = user(&data, "second").await.expect("stored");
    assert!(u.admin);
    assert!(password::verify("second's password", &u.password_hash));
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn admin_create_refuses_bad_names_short_passwords_and_closed_accounts() {
    let data = temp("bad");
    for (name, pass, why) in [
        ("no", "a good password\n", "user name"),
        ("has space", "a good password\n", "user name"),
        ("okname", "short\n", "8 to 128"),
        ("okname", "", "8 to 128"),
    ] {
        let out = admin_create(&data, name, pass);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            text(&out.stderr).contains(why),
            "{name}: {}",
            text(&out.stderr)
        );
    }
    assert!(admin_create(&data, "closed_one", "a good password\n")
        .status
        .success());
    {
        let store = Store::open(None, &data).expect("open");
        let u = store
            .user_by_key("closed_one")
            .await
            .expect("read")
            .expect("stored");
        store
            .write(Write::Account(AccountWrite::Close {
                user_id: u.id,
                at: 5,
            }))
            .await
            .expect("closed");
    }
    let out = admin_create(&data, "closed_one", "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("closed"),
        "{}",
        text(&out.stderr)
    );
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["admin", "create"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "NAME is required");
    let _ = std::fs::remove_dir_all(&data);
}

/// Runs `admin create NAME` on a terminal (util-linux `script` gives it a pty) and types
/// each of `lines` once the program's output shows the matching prompt; returns what the
/// terminal showed. None when `script` is not installed.
fn admin_create_on_a_terminal(data: &Path, name: &str, lines: &[(&str, &str)]) -> Option<String> {
    use std::io::Read as _;
    let cmd = format!(
        "{} admin create {name} --data {}",
        env!("CARGO_BIN_EXE_guoxiang"),
        data.display()
    );
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &cmd, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdout = child.stdout.take()?;
    let (tx, rx) = std::sync::mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 256];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = String::new();
    let mut stdin = child.stdin.take()?;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    for (prompt, typed) in lines {
        // Typed only after the prompt: the terminal echoes what arrives before echo is off.
        while !shown.contains(prompt) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let chunk = rx.recv_timeout(left).expect("the prompt appears");
            shown.push_str(&text(&chunk));
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        stdin
            .write_all(format!("{typed}\n").as_bytes())
            .expect("typed");
        stdin.flush().expect("typed");
    }
    let status = child.wait().expect("it ends");
    while let Ok(chunk) = rx.recv_timeout(std::time::Duration::from_secs(2)) {
        shown.push_str(&text(&chunk));
    }
    shown.push_str(&format!("\n[exit {}]", status.code().unwrap_or(-1)));
    Some(shown)
}

#[tokio::test]
async fn a_password_typed_at_a_terminal_is_not_shown_and_is_asked_twice() {
    let data = temp("tty");
    let Some(shown) = admin_create_on_a_terminal(
        &data,
        "ttyadmin",
        &[
            ("Password for the new admin account:", "terminal-secret-1"),
            ("The same password again:", "terminal-secret-1"),
        ],
    ) else {
        eprintln!("SKIPPED: no `script` (util-linux) to give the program a terminal");
        return;
    };
    assert!(
        !shown.contains("terminal-secret-1"),
        "the password was shown: {shown}"
    );
    assert!(shown.contains("created admin account ttyadmin"), "{shown}");
    let u = user(&data, "ttyadmin").await.expect("the account exists");
    assert!(u.admin);
    assert!(password::verify("terminal-secret-1", &u.password_hash));

    // Two different passwords: refused, no account.
    let Some(shown) = admin_create_on_a_terminal(
        &data,
        "ttyother",
        &[
            ("Password for the new admin account:", "terminal-secret-2"),
            ("The same password again:", "terminal-secret-3"),
        ],
    ) else {
        return;
    };
    assert!(shown.contains("the two passwords differ"), "{shown}");
    assert!(shown.contains("[exit 1]"), "{shown}");
    assert!(user(&data, "ttyother").await.is_none());
    let _ = std::fs::remove_dir_all(&data);
}
