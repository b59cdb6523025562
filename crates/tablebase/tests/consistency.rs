//! Every class, random legal positions: a position's value must follow from its children's
//! (probed through the tables, mates and stalemates from the core).

mod common;
use common::{from_children, tables};
use guoxiang_core::{Board, CastlingRights, Piece, Role, Setup, Square};
use guoxiang_tablebase::{Class, Color, Position};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn random_position(class: Class, rng: &mut Rng) -> Position {
    let name = class.to_string();
    loop {
        let mut board = Board::empty();
        let mut color = Color::Black;
        let mut ok = true;
        for ch in name.chars() {
            let role = Role::from_char(ch).unwrap();
            if role == Role::King {
                color = !color;
            }
            let sq = Square::new((rng.next() % 64) as u8).unwrap();
            if board.occupied().contains(sq) {
                ok = false;
            }
            board.set(sq, Piece::new(color, role));
        }
        let turn = if rng.next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let setup = Setup {
            board,
            turn,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        };
        if ok {
            if let Ok(pos) = Position::from_setup(&setup) {
                return pos;
            }
        }
    }
}

#[test]
fn every_class_values_follow_from_their_children() {
    let all: Vec<String> = Class::all().iter().map(|c| c.to_string()).collect();
    let names: Vec<&str> = all.iter().map(String::as_str).collect();
    let tb = tables(&names);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for class in Class::all() {
        for _ in 0..400 {
            let pos = random_position(class, &mut rng);
            assert_eq!(Class::of(&pos), Some(class));
            assert_eq!(
                tb.probe(&pos).unwrap(),
                from_children(&tb, &pos),
                "{class}: {}",
                pos.fen()
            );
        }
    }
}
