//! `guoxiang admin create NAME [--db URL] [--data DIR]`: makes NAME an admin of
//! the server's database (the one `guoxiang serve` with the same `--db`/`--data`
//! uses): a new account with the password read from the first line of stdin (when
//! stdin is a terminal: a prompt on stderr and the password typed without echo,
//! twice, as `passwd` asks), or an existing account made admin (its
//! password unchanged, none read). Exit 0 done, 1 refused (bad name or password,
//! closed account, database error), 2 usage.

use clap::{Args, Subcommand};
use guoxiang_server::accounts::admin::{self, AdminMade};
use guoxiang_server::store::Store;
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::EXIT_STATUS;

/// `guoxiang admin …`.
#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Makes NAME an admin: a new account (password from stdin) or an existing one.
    #[command(after_help = EXIT_STATUS, args_override_self = true)]
    Create(CreateArgs),
}

/// `guoxiang admin create`.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// The user name (3 to 20 of A-Z a-z 0-9 _ -).
    pub name: String,
    /// A PostgreSQL URL (postgres://…); without it, SQLite in --data.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// The SQLite data directory [default: ./data].
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

pub fn run(cmd: &AdminCommand) -> ExitCode {
    match cmd {
        AdminCommand::Create(args) => match create(args) {
            Ok(line) => {
                println!("{line}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("guoxiang admin create: {e}");
                ExitCode::from(1)
            }
        },
    }
}

fn create(args: &CreateArgs) -> Result<String, String> {
    let data = args.data.clone().unwrap_or_else(|| PathBuf::from("data"));
    let store = Store::open(args.db.as_deref(), &data).map_err(|e| e.to_string())?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(async {
        let known = admin::existing(&store, &args.name)
            .await
            .map_err(|e| e.to_string())?;
        let password = match known {
            Some(_) => None,
            None => Some(read_password()?),
        };
        match admin::create(&store, &args.name, password.as_deref()).await {
            Ok(AdminMade::Created(n)) => Ok(format!("created admin account {n}")),
            Ok(AdminMade::Promoted(n)) => Ok(format!("{n} is now an admin")),
            Err(e) => Err(e.to_string()),
        }
    })
}

/// The password: typed at the terminal without echo (and again, to confirm), or
/// the first line of stdin, without its line end, when stdin is not a terminal.
fn read_password() -> Result<String, String> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let first = rpassword::prompt_password("Password for the new admin account: ")
            .map_err(|e| format!("cannot read the password: {e}"))?;
        let again = rpassword::prompt_password("The same password again: ")
            .map_err(|e| format!("cannot read the password: {e}"))?;
        if first != again {
            return Err("the two passwords differ; nothing was changed".into());
        }
        return Ok(first);
    }
    let mut line = String::new();
    stdin
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the password: {e}"))?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}
