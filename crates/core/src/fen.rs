//! FEN: reading strictly (every error says what is wrong and where), reading
//! leniently (clocks may be missing), and writing canonical FEN.

use crate::setup::{ImpossibleCheck, PositionError, Setup};
use crate::{Board, CastlingRights, CastlingSide, Color, File, Piece, Position, Rank, Square};

/// The starting position's FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The longest FEN we read; real ones are under 100 bytes.
pub const MAX_FEN_LEN: usize = 256;

/// How strictly to read a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenMode {
    /// All six fields must be there.
    Strict,
    /// The two clock fields may be left out (they default to `0 1`).
    Lenient,
}

/// What is wrong with a FEN, and where (`column` counts characters from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("the FEN is {len} bytes long; at most {max} are accepted")]
    TooLong { len: usize, max: usize },
    #[error("a FEN has 6 fields separated by spaces (placement, side, castling, en passant, half-moves, move number); found {found}")]
    FieldCount { found: usize },
    #[error("the placement has {found} ranks separated by '/'; it needs 8")]
    RankCount { found: usize },
    #[error("rank {rank} describes more than 8 files (column {column})")]
    RankTooLong { rank: u8, column: usize },
    #[error("rank {rank} describes only {files} files; it needs 8 (column {column})")]
    RankTooShort { rank: u8, files: u8, column: usize },
    #[error("{ch:?} is not a piece letter (use KQRBNP for White, kqrbnp for Black, 1-8 for empty squares) at column {column}")]
    BadPiece { ch: char, column: usize },
    #[error("two digits in a row at column {column}: write empty squares as one digit")]
    ConsecutiveDigits { column: usize },
    #[error("the side to move must be 'w' or 'b', found {found:?} (column {column})")]
    BadTurn { found: String, column: usize },
    #[error("bad castling field {found:?} at column {column}: use '-' or letters from KQkq, each once, in that order")]
    BadCastling { found: String, column: usize },
    #[error("bad en-passant field {found:?} at column {column}: use '-' or a square such as e3")]
    BadEnPassant { found: String, column: usize },
    #[error("bad half-move clock {found:?} at column {column}: it must be a whole number from 0")]
    BadHalfmoveClock { found: String, column: usize },
    #[error("bad move number {found:?} at column {column}: it must be a whole number from 1")]
    BadFullmoveNumber { found: String, column: usize },
    #[error("the FEN reads, but is not a legal position: {0}")]
    Position(#[from] PositionError),
}

impl FenError {
    /// A stable machine-readable code for the error (`"fen.rank_count"`, …).
    pub fn code(&self) -> &'static str {
        match self {
            FenError::Empty => "fen.empty",
            FenError::TooLong { .. } => "fen.too_long",
            FenError::FieldCount { .. } => "fen.field_count",
            FenError::RankCount { .. } => "fen.rank_count",
            FenError::RankTooLong { .. } => "fen.rank_too_long",
            FenError::RankTooShort { .. } => "fen.rank_too_short",
            FenError::BadPiece { .. } => "fen.bad_piece",
            FenError::ConsecutiveDigits { .. } => "fen.consecutive_digits",
            FenError::BadTurn { .. } => "fen.bad_turn",
            FenError::BadCastling { .. } => "fen.bad_castling",
            FenError::BadEnPassant { .. } => "fen.bad_en_passant",
            FenError::BadHalfmoveClock { .. } => "fen.bad_halfmove_clock",
            FenError::BadFullmoveNumber { .. } => "fen.bad_fullmove_number",
            FenError::Position(e) => match e {
                PositionError::MissingKing { .. } => "position.missing_king",
                PositionError::TooManyKings { .. } => "position.too_many_kings",
                PositionError::PawnOnBackRank { .. } => "position.pawn_on_back_rank",
                PositionError::TooManyPieces { .. } => "position.too_many_pieces",
                PositionError::TooManyPawns { .. } => "position.too_many_pawns",
                PositionError::OppositeCheck { .. } => "position.opposite_check",
                PositionError::TooManyCheckers { .. } => "position.too_many_checkers",
                PositionError::ImpossibleCheck { reason, .. } => match reason {
                    ImpossibleCheck::Aligned => "position.impossible_check.aligned",
                    ImpossibleCheck::TwoSteppers => "position.impossible_check.two_steppers",
                    ImpossibleCheck::EnPassant { .. } => "position.impossible_check.en_passant",
                },
                PositionError::InvalidCastlingRights { .. } => "position.invalid_castling_rights",
                PositionError::InvalidEnPassant { .. } => "position.invalid_en_passant",
                PositionError::ZeroFullmoveNumber => "position.zero_fullmove_number",
            },
        }
    }
}

/// Splits on single spaces and remembers each field's column (1-based).
fn fields(fen: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::with_capacity(6);
    let mut col = 1;
    for part in fen.split(' ') {
        if !part.is_empty() {
            out.push((col, part));
        }
        col += part.chars().count() + 1;
    }
    out
}

fn parse_board(field: &str, col0: usize) -> Result<Board, FenError> {
    let ranks = field.split('/').count();
    if ranks != 8 {
        return Err(FenError::RankCount { found: ranks });
    }
    let mut board = Board::empty();
    let mut col = col0;
    for (i, rank_text) in field.split('/').enumerate() {
        let rank_no = 8 - i as u8;
        let rank = Rank::new(rank_no - 1).unwrap_or(Rank::FIRST);
        let mut file = 0u8;
        let mut prev_digit = false;
        for ch in rank_text.chars() {
            if file >= 8 {
                return Err(FenError::RankTooLong {
                    rank: rank_no,
                    column: col,
                });
            }
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if prev_digit {
                    return Err(FenError::ConsecutiveDigits { column: col });
                }
                prev_digit = true;
                file += d as u8;
                if file > 8 {
                    return Err(FenError::RankTooLong {
                        rank: rank_no,
                        column: col,
                    });
                }
            } else if let Some(piece) = Piece::from_char(ch) {
                prev_digit = false;
                let f = File::new(file).unwrap_or(File::A);
                board.set(Square::from_coords(f, rank), piece);
                file += 1;
            } else {
                return Err(FenError::BadPiece { ch, column: col });
            }
            col += 1;
        }
        if file < 8 {
            return Err(FenError::RankTooShort {
                rank: rank_no,
                files: file,
                column: col,
            });
        }
        col += 1; // the '/'
    }
    Ok(board)
}

fn parse_castling(s: &str, column: usize) -> Result<CastlingRights, FenError> {
    let bad = || FenError::BadCastling {
        found: s.to_owned(),
        column,
    };
    if s == "-" {
        return Ok(CastlingRights::NONE);
    }
    let order = ['K', 'Q', 'k', 'q'];
    let mut rights = CastlingRights::NONE;
    let mut next = 0;
    for ch in s.chars() {
        let i = order.iter().position(|&c| c == ch).ok_or_else(bad)?;
        if i < next {
            return Err(bad());
        }
        next = i + 1;
        let color = if i < 2 { Color::White } else { Color::Black };
        let side = if i % 2 == 0 {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        rights = rights.with(color, side);
    }
    Ok(rights)
}

/// Reads a FEN into a [`Setup`], checking its syntax but not its legality.
pub fn parse_setup(fen: &str, mode: FenMode) -> Result<Setup, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong {
            len: fen.len(),
            max: MAX_FEN_LEN,
        });
    }
    let fen = fen.trim();
    if fen.is_empty() {
        return Err(FenError::Empty);
    }
    let f = fields(fen);
    let ok_count = match mode {
        FenMode::Strict => f.len() == 6,
        FenMode::Lenient => (4..=6).contains(&f.len()),
    };
    if !ok_count {
        return Err(FenError::FieldCount { found: f.len() });
    }
    let board = parse_board(f[0].1, f[0].0)?;
    let turn = match f[1].1 {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::BadTurn {
                found: other.to_owned(),
                column: f[1].0,
            })
        }
    };
    let castling = parse_castling(f[2].1, f[2].0)?;
    let en_passant = match f[3].1 {
        "-" => None,
        s => Some(s.parse::<Square>().map_err(|_| FenError::BadEnPassant {
            found: s.to_owned(),
            column: f[3].0,
        })?),
    };
    let number = |i: usize| -> Option<Result<u32, ()>> {
        f.get(i).map(|(_, s)| {
            if s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse::<u32>().map_err(|_| ())
            } else {
                Err(())
            }
        })
    };
    let halfmove_clock = match number(4) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(())) => {
            return Err(FenError::BadHalfmoveClock {
                found: f[4].1.to_owned(),
                column: f[4].0,
            })
        }
    };
    let fullmove_number = match number(5) {
        None => 1,
        Some(Ok(n)) if n >= 1 => n,
        Some(_) => {
            return Err(FenError::BadFullmoveNumber {
                found: f[5].1.to_owned(),
                column: f[5].0,
            })
        }
    };
    Ok(Setup {
        board,
        turn,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
    })
}

impl Position {
    /// Reads a FEN strictly: six fields, a legal position.
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 3);
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K6 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "rank 1 describes only 7 files; it needs 8 (column 17)");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenMode::Strict)
    }

    /// Reads a FEN, in the given mode.
    pub fn from_fen_with(fen: &str, mode: FenMode) -> Result<Position, FenError> {
        let setup = parse_setup(fen, mode)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Writes canonical FEN (the en-passant square only when a legal en-passant
    /// capture exists).
    pub fn fen(&self) -> String {
        to_fen(self)
    }
}

/// Writes the placement field of a FEN.
pub fn board_fen(board: &Board) -> String {
    let mut s = String::with_capacity(72);
    for r in (0..8u8).rev() {
        let mut empty = 0;
        for f in 0..8u8 {
            let sq = Square::new(r * 8 + f).unwrap_or(Square::A1);
            match board.piece_at(sq) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

/// Writes a setup as FEN, as it is (no canonicalisation).
pub fn setup_to_fen(setup: &Setup) -> String {
    format!(
        "{} {} {} {} {} {}",
        board_fen(&setup.board),
        setup.turn.char(),
        setup.castling.to_fen(),
        setup
            .en_passant
            .map_or_else(|| "-".to_owned(), |sq| sq.to_string()),
        setup.halfmove_clock,
        setup.fullmove_number
    )
}

/// Writes canonical FEN for a position.
pub fn to_fen(pos: &Position) -> String {
    setup_to_fen(&pos.to_setup())
}
