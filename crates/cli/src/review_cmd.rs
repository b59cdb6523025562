//! `guoxiang review FILE.pgn [--json] [--nodes N | --depth D] [--lang L] [--tb DIR]`:
//! reviews every game of a PGN file with guoxiang-review — each move's evaluation
//! before and after it (White's side), the engine's best move, the move's class and,
//! for an inaccuracy, a mistake or a blunder, the explanation — and each player's
//! accuracy. With `--json` one object per game per line (JSON Lines); without, a table
//! in `--lang`. Every game is read and replayed before any is reviewed, so a bad game
//! (named with its number, the move and where) stops the command at once, exit 1.
//! docs/REVIEW.md, "Command line", is the reference.

use clap::Args;
use guoxiang_core::pgn::Reader;
use guoxiang_core::{Move, Position, SanStyle};
use guoxiang_i18n::{color_name, message, Lang};
use guoxiang_review::{review_game, Effort, Eval, GameReview, MoveClass, ReviewOptions};
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `guoxiang review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The PGN file (one game or many).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// One JSON object per game per line: {"game", "accuracy", "moves"}.
    #[arg(long)]
    pub json: bool,
    /// Nodes searched in each position [default: 150000].
    #[arg(long, value_name = "N", conflicts_with = "depth",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search each position to this depth instead of a node count.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(i32).range(1..=64))]
    pub depth: Option<i32>,
    /// The language of the table: zh-CN, zh-TW or en.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// Endgame tables (positions of four pieces or fewer are scored exactly).
    #[arg(long, value_name = "DIR")]
    pub tb: Option<PathBuf>,
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_tag(s).ok_or_else(|| format!("unknown language {s:?}; use zh-CN, zh-TW or en"))
}

/// One game of the file, replayed.
struct Game {
    start: Position,
    moves: Vec<Move>,
    white: Option<String>,
    black: Option<String>,
}

/// Why the file cannot be reviewed.
#[derive(Debug, thiserror::Error)]
enum ReadError {
    #[error("cannot read {path}: {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{path}: game {game}: {message}")]
    Game {
        path: String,
        game: usize,
        message: String,
    },
    #[error("{path}: no game in the file")]
    Empty { path: String },
}

/// Reads and replays every game of the file.
fn read_games(path: &Path) -> Result<Vec<Game>, ReadError> {
    let shown = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|error| ReadError::Io {
        path: shown.clone(),
        error,
    })?;
    let mut reader = Reader::new(std::io::BufReader::new(file));
    let mut games = Vec::new();
    for record in reader.games() {
        let number = games.len() + 1;
        let bad = |message: String| ReadError::Game {
            path: shown.clone(),
            game: number,
            message,
        };
        let record = record.map_err(|e| bad(e.to_string()))?;
        let start = record.start_position().map_err(|e| bad(e.to_string()))?;
        let moves = record.replay(false).map_err(|e| bad(e.to_string()))?;
        if let Some(ply) = moves.iter().position(|m| m.is_null()) {
            return Err(bad(format!(
                "move {} is a null move (--), which cannot be reviewed",
                ply + 1
            )));
        }
        games.push(Game {
            start,
            moves,
            white: record.tag("White").map(str::to_owned),
            black: record.tag("Black").map(str::to_owned),
        });
    }
    if games.is_empty() {
        return Err(ReadError::Empty { path: shown });
    }
    Ok(games)
}

/// Runs `guoxiang review`.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let games = match read_games(&args.file) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let effort = match (args.nodes, args.depth) {
        (_, Some(d)) => Effort::Depth(d),
        (Some(n), None) => Effort::Nodes(n),
        (None, None) => Effort::DEFAULT,
    };
    let opts = ReviewOptions {
        effort,
        tables: args.tb.as_ref().map(guoxiang_engine::Tablebase::open),
        ..ReviewOptions::default()
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut out = std::io::stdout().lock();
    for (i, game) in games.iter().enumerate() {
        let number = i + 1;
        let mut progress = |done: usize, total: usize| {
            if show_progress {
                eprint!("\rgame {number}: position {done}/{total} ");
            }
        };
        let review = review_game(&game.start, &game.moves, &opts, &mut progress);
        if show_progress {
            eprint!("\r\x1b[K");
        }
        let written = if args.json {
            writeln!(out, "{}", game_json(number, &review))
        } else {
            write!(out, "{}", game_table(number, game, &review, args.lang))
        };
        if written.and_then(|()| out.flush()).is_err() {
            // The reader went away (a closed pipe): nothing more to say.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}

/// An evaluation as JSON: `{"cp": n}` or `{"mate": n}`, White's side.
fn eval_json(e: Eval) -> Value {
    match e {
        Eval::Cp(cp) => json!({ "cp": cp }),
        Eval::Mate(n) => json!({ "mate": n }),
    }
}

/// One game as the JSON Lines contract has it.
fn game_json(number: usize, review: &GameReview) -> Value {
    let moves: Vec<Value> = review
        .moves
        .iter()
        .map(|m| {
            let explanation = m.explanation.as_ref().map(|x| {
                json!({
                    "en": x.text(Lang::En),
                    "zh-CN": x.text(Lang::ZhCn),
                    "zh-TW": x.text(Lang::ZhTw),
                })
            });
            json!({
                "ply": m.ply,
                "san": m.san,
                "uci": m.mv.to_uci(),
                "eval_before": eval_json(m.eval_before),
                "eval_after": eval_json(m.eval_after),
                "best": m.best.map(|b| b.to_uci()),
                "class": m.class.code(),
                "explanation": explanation,
            })
        })
        .collect();
    json!({
        "game": number,
        "accuracy": { "white": review.accuracy.white, "black": review.accuracy.black },
        "moves": moves,
    })
}

/// An evaluation for people: pawns with a sign, `#3` / `#-3` for mates, `#` for a
/// checkmate on the board.
fn eval_text(e: Eval) -> String {
    match e {
        Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Eval::Mate(0) => "#".to_owned(),
        Eval::Mate(n) => format!("#{n}"),
    }
}

/// A class's name in `lang`: the review page's words (catalogue `ui.rv.class.<code>`),
/// so the page and the command name the classes alike; the code itself if a key is missing.
fn class_name(lang: Lang, class: MoveClass) -> String {
    let key = format!("ui.rv.class.{}", class.code());
    let name = message(lang, &key, &[]);
    if name == key {
        class.code().to_owned()
    } else {
        name
    }
}

/// The annotation symbol of a class (`?!`, `?`, `??`).
fn symbol(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Inaccuracy => "?!",
        MoveClass::Mistake => "?",
        MoveClass::Blunder => "??",
        _ => "",
    }
}

/// One game as a table for people, in `lang`: the players' accuracy, then a row per
/// move (number, SAN with its symbol, class, evaluation after, the engine's move when
/// another was played) and the explanation under each move that has one.
fn game_table(number: usize, game: &Game, review: &GameReview, lang: Lang) -> String {
    let style = match lang {
        Lang::En => SanStyle::English,
        Lang::ZhCn => SanStyle::ZhCn,
        Lang::ZhTw => SanStyle::ZhTw,
    };
    let (w, b) = (
        color_name(lang, guoxiang_core::Color::White),
        color_name(lang, guoxiang_core::Color::Black),
    );
    let mut s = format!("# {number}");
    if let (Some(white), Some(black)) = (&game.white, &game.black) {
        s.push_str(&format!("  {white} – {black}"));
    }
    s.push_str(&format!(
        "\n{w} {:.1}  {b} {:.1}\n",
        review.accuracy.white, review.accuracy.black
    ));
    let mut pos = game.start.clone();
    for m in &review.moves {
        let number = pos.fullmove_number();
        let dots = if pos.turn() == guoxiang_core::Color::White {
            "."
        } else {
            "..."
        };
        let san = format!("{}{}", pos.san_styled(m.mv, style), symbol(m.class));
        let best = match m.best {
            Some(best) if best != m.mv => format!("→ {}", pos.san_styled(best, style)),
            _ => String::new(),
        };
        s.push_str(&format!(
            "{number:>4}{dots:<3} {} {} {:>7}  {best}\n",
            pad(&san, 10),
            pad(&class_name(lang, m.class), 12),
            eval_text(m.eval_after),
        ));
        if let Some(x) = &m.explanation {
            let text = x.text(lang);
            if !text.is_empty() {
                s.push_str(&format!("        {text}\n"));
            }
        }
        pos.play_unchecked(m.mv);
    }
    s.push('\n');
    s
}

/// `text` padded with spaces to `width` columns of a terminal (a Chinese character
/// takes two).
fn pad(text: &str, width: usize) -> String {
    let cols: usize = text
        .chars()
        .map(|c| if c >= '\u{2E80}' { 2 } else { 1 })
        .sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(cols)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_as_pawns_or_mates() {
        assert_eq!(eval_text(Eval::Cp(31)), "+0.31");
        assert_eq!(eval_text(Eval::Cp(-250)), "-2.50");
        assert_eq!(eval_text(Eval::Mate(-3)), "#-3");
        assert_eq!(eval_text(Eval::Mate(0)), "#");
        assert_eq!(eval_json(Eval::Mate(2)), json!({"mate": 2}));
    }

    #[test]
    fn chinese_characters_take_two_columns() {
        assert_eq!(pad("马f3", 6), "马f3  ");
        assert_eq!(pad("Nf3", 6), "Nf3   ");
    }
}
