//! Reading SAN: [`San::from_ascii`], strict about what a move is but forgiving the
//! common real-world forms. The plain shapes (`Nbd7`, `exd5`, `e8=Q+`, `O-O`) take a quick
//! path; everything else the general reader, which gives the same result for them
//! (checked by a property test).

use super::{San, SanError, MAX_SAN_LEN};
use crate::{CastlingSide, File, Rank, Role, Square};

fn syntax(bytes: &[u8], reason: &'static str) -> SanError {
    SanError::Syntax {
        text: String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_SAN_LEN)]).into_owned(),
        reason,
    }
}

fn piece_role(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn promotion_role(b: u8) -> Option<Role> {
    match b.to_ascii_uppercase() {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}

fn file_of(b: u8) -> Option<File> {
    if (b'a'..=b'h').contains(&b) {
        File::new(b - b'a')
    } else {
        None
    }
}

fn rank_of(b: u8) -> Option<Rank> {
    if (b'1'..=b'8').contains(&b) {
        Rank::new(b - b'1')
    } else {
        None
    }
}

/// Strips check/mate marks, annotation glyphs and `e.p.` from the end.
fn strip_suffixes(mut s: &[u8]) -> &[u8] {
    loop {
        let before = s.len();
        while let [rest @ .., b'+' | b'#' | b'!' | b'?' | b' '] = s {
            s = rest;
        }
        for tail in [&b"e.p."[..], b"ep", b"(ep)"] {
            if s.len() > tail.len() + 1 && s.ends_with(tail) {
                s = &s[..s.len() - tail.len()];
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// The common SAN shapes, or `None` to leave the input to [`San::from_ascii`].
#[inline]
fn quick(bytes: &[u8]) -> Option<San> {
    let s = match bytes {
        [rest @ .., b'+' | b'#'] => rest,
        _ => bytes,
    };
    let (role, rest) = match *s.first()? {
        b'N' => (Role::Knight, &s[1..]),
        b'B' => (Role::Bishop, &s[1..]),
        b'R' => (Role::Rook, &s[1..]),
        b'Q' => (Role::Queen, &s[1..]),
        b'K' => (Role::King, &s[1..]),
        b'a'..=b'h' => (Role::Pawn, s),
        b'O' => {
            return match s {
                b"O-O" => Some(San::Castle(CastlingSide::KingSide)),
                b"O-O-O" => Some(San::Castle(CastlingSide::QueenSide)),
                _ => None,
            }
        }
        _ => return None,
    };
    let (rest, promotion) = match rest {
        [head @ .., b'=', p] if role == Role::Pawn => {
            let r = match p {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                _ => return None,
            };
            (head, Some(r))
        }
        _ => (rest, None),
    };
    let [body @ .., f, r] = rest else {
        return None;
    };
    let to = Square::from_coords(file_of(*f)?, rank_of(*r)?);
    let (body, capture) = match body {
        [head @ .., b'x'] => (head, true),
        _ => (body, false),
    };
    let (file, rank) = match (role, body) {
        (_, []) => (None, None),
        (Role::Pawn, [c]) if capture => (Some(file_of(*c)?), None),
        (Role::Pawn, _) => return None,
        (_, [c]) => match (file_of(*c), rank_of(*c)) {
            (Some(f), _) => (Some(f), None),
            (None, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        (_, [f, r]) => (Some(file_of(*f)?), Some(rank_of(*r)?)),
        _ => return None,
    };
    Some(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

impl San {
    /// Reads SAN, accepting the common real-world forms: `0-0`, missing or extra
    /// `+`/`#`, glyphs like `!?`, `e8Q`/`e8(Q)`/`e8/Q`, `e.p.`, `:` for captures,
    /// an explicit `P` for pawns, and long algebraic (`Ng1-f3`, `e2e4`).
    ///
    /// ```
    /// use guoxiang_core::san::San;
    /// use guoxiang_core::{Role, Square};
    /// let san = San::from_ascii(b"exd8=Q+!?").unwrap();
    /// assert!(matches!(san, San::Normal { role: Role::Pawn, capture: true, to: Square::D8, promotion: Some(Role::Queen), .. }));
    /// assert!(San::from_ascii(b"Zz9").is_err());
    /// ```
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<San, SanError> {
        match quick(bytes) {
            Some(san) => Ok(san),
            None => general(bytes),
        }
    }
}

/// Every form [`San::from_ascii`] accepts (the quick path's shapes included).
fn general(bytes: &[u8]) -> Result<San, SanError> {
    if bytes.is_empty() {
        return Err(SanError::Empty);
    }
    if bytes.len() > MAX_SAN_LEN {
        return Err(SanError::TooLong {
            text: String::from_utf8_lossy(&bytes[..MAX_SAN_LEN]).into_owned() + "…",
        });
    }
    let s = strip_suffixes(bytes);
    match s {
        b"O-O" | b"0-0" | b"o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" | b"o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
        b"--" | b"Z0" | b"0000" => return Ok(San::Null),
        _ => {}
    }
    if s.is_empty() {
        return Err(syntax(bytes, "nothing but marks"));
    }
    let (role, mut rest) = match piece_role(s[0]) {
        Some(r) => (r, &s[1..]),
        None => (Role::Pawn, s),
    };
    // Promotion at the end: `=Q`, `Q`, `(Q)`, `/Q`.
    let mut promotion = None;
    if let [head @ .., b'(', p, b')'] = rest {
        promotion =
            Some(promotion_role(*p).ok_or_else(|| syntax(bytes, "unknown promotion piece"))?);
        rest = head;
    } else if let [head @ .., b'=' | b'/', p] = rest {
        promotion =
            Some(promotion_role(*p).ok_or_else(|| syntax(bytes, "unknown promotion piece"))?);
        rest = head;
    } else if let [head @ .., r, p] = rest {
        if matches!(r, b'1' | b'8')
            && matches!(p, b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'n' | b'b')
            && role == Role::Pawn
        {
            promotion = promotion_role(*p);
            rest = &rest[..head.len() + 1];
        }
    }
    // The destination square is the last two characters.
    let (body, to) = match rest {
        [body @ .., f, r] => match (file_of(*f), rank_of(*r)) {
            (Some(f), Some(r)) => (body, Square::from_coords(f, r)),
            _ => return Err(syntax(bytes, "it does not end with a square such as e4")),
        },
        _ => return Err(syntax(bytes, "it does not end with a square such as e4")),
    };
    let mut capture = false;
    let mut body = body;
    if let [head @ .., b'x' | b':' | b'-'] = body {
        capture = body.last() != Some(&b'-');
        body = head;
    }
    let (file, rank) = match body {
        [] => (None, None),
        [c] => match (file_of(*c), rank_of(*c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return Err(syntax(bytes, "unexpected character before the square")),
        },
        [f, r] => match (file_of(*f), rank_of(*r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(syntax(bytes, "unexpected characters before the square")),
        },
        _ => return Err(syntax(bytes, "too many characters before the square")),
    };
    if promotion.is_some() && role != Role::Pawn {
        return Err(syntax(bytes, "only pawns promote"));
    }
    Ok(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

        /// Whatever the quick path reads, the general reader reads the same.
        #[test]
        fn the_quick_path_agrees_with_the_general_reader(s in prop_oneof![
            "[NBRQKP]?[a-i]?[0-9]?[x:-]?[a-i][0-9](=?[NBRQKnbrq])?[+#!?]{0,2}",
            "[O0o]-[O0o](-[O0o])?[+#]?",
            "[NBRQKOPabcdefghx0-9=+#:/() -]{0,8}",
        ]) {
            if let Some(q) = quick(s.as_bytes()) {
                prop_assert_eq!(Ok(q), general(s.as_bytes()), "{}", s);
            }
        }
    }

    #[test]
    fn the_quick_path_reads_the_usual_shapes() {
        for s in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1+", "e8=Q#", "fxg1=N", "O-O", "O-O-O+",
            "Kxf2",
        ] {
            assert_eq!(
                quick(s.as_bytes()).map(Ok),
                Some(general(s.as_bytes())),
                "{s}"
            );
        }
    }
}
