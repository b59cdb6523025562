//! Book moves: the positions of guoxiang-openings' named lines (`openings.tsv`) and of
//! the repertoire lines the trainer teaches, each with the ply at which its line
//! reaches it. A game's move is a book move when the game began at the standard
//! start, every move before it was a book move, and the position it reaches is on
//! some line at exactly that ply (so a transposition within the book counts; a
//! return to the book after leaving it does not).

use std::collections::HashSet;
use std::sync::OnceLock;

use guoxiang_core::{Move, Position};

/// (repetition key of a position, plies from the standard start to it).
type Book = HashSet<(u64, usize)>;

/// Every position on a book line with its ply, built once.
fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut set = Book::new();
        for opening in guoxiang_openings::all() {
            add_line(&mut set, opening.sans(), |pos, s| pos.parse_san(s).ok());
        }
        for rep in guoxiang_openings::repertoire::builtin() {
            for line in &rep.lines {
                add_line(&mut set, line.uci.iter(), |pos, s| pos.parse_uci(s).ok());
            }
        }
        set
    })
}

/// Adds the positions of one line; a move that does not read stops the line (the
/// openings crate's own tests refuse such lines).
fn add_line<T>(
    set: &mut Book,
    moves: impl Iterator<Item = T>,
    read: impl Fn(&Position, T) -> Option<Move>,
) {
    let mut pos = Position::new();
    for (i, text) in moves.enumerate() {
        let Some(m) = read(&pos, text) else { return };
        pos.play_unchecked(m);
        set.insert((pos.repetition_key(), i + 1));
    }
}

/// Whether `after`, reached `ply` half-moves from the standard start, is on a book line.
pub(crate) fn on_book_line(after: &Position, ply: usize) -> bool {
    book().contains(&(after.repetition_key(), ply))
}

/// Which moves of the game `moves` from `start` are book moves (see the module's rule).
pub(crate) fn book_moves(start: &Position, moves: &[Move]) -> Vec<bool> {
    let mut out = vec![false; moves.len()];
    if start.fen() != Position::new().fen() {
        return out;
    }
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        pos.play_unchecked(m);
        if !on_book_line(&pos, i + 1) {
            break;
        }
        out[i] = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sans: &[&str]) -> Vec<Move> {
        let mut pos = Position::new();
        sans.iter()
            .map(|s| {
                let m = pos.parse_san(s).expect("legal");
                pos.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn the_italian_game_is_book_until_the_game_leaves_it() {
        let game = moves(&["e4", "e5", "Nf3", "Nc6", "Bc4", "h6", "Nc3", "a6"]);
        let book = book_moves(&Position::new(), &game);
        assert_eq!(&book[..5], &[true; 5]);
        assert!(!book[6] && !book[7], "{book:?}");
    }

    #[test]
    fn a_game_from_another_position_has_no_book_moves() {
        let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").expect("legal");
        let e4 = start.parse_san("e4").expect("legal");
        assert_eq!(book_moves(&start, &[e4]), [false]);
    }
}
