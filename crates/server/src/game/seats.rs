//! Who holds which side. A secret (128 random bits, in hex) is given to a
//! player once; the server keeps only its SHA-256 ([`SecretHash`]) and compares
//! hashes in constant time, so neither a database dump nor timing reveals one.
//! The same holds for a friend game's join key.

use guoxiang_core::Color;
use sha2::{Digest, Sha256};

/// Who is acting, as established by the secret they hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Player(Color),
    /// Hot-seat: one secret plays both sides.
    Both,
    Spectator,
}

/// The SHA-256 of a secret.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SecretHash([u8; 32]);

impl std::fmt::Debug for SecretHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretHash(…)")
    }
}

/// How a hash is written in the database: `sha256:` and 64 hex digits.
const PREFIX: &str = "sha256:";

impl SecretHash {
    pub fn of(secret: &str) -> SecretHash {
        SecretHash(Sha256::digest(secret.as_bytes()).into())
    }

    /// Whether `secret` hashes to this, in time independent of where they differ.
    pub fn matches(&self, secret: &str) -> bool {
        let other = SecretHash::of(secret);
        let diff = self
            .0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        // `black_box` keeps the compiler from turning the fold into an early exit.
        std::hint::black_box(diff) == 0
    }

    /// The stored text.
    pub fn to_stored(self) -> String {
        let mut s = String::with_capacity(PREFIX.len() + 64);
        s.push_str(PREFIX);
        for b in self.0 {
            s.push_str(&format!("{b:02x}"));
        }
        s
    }

    /// Reads the stored text; a value without the prefix is a secret stored in
    /// plain text by an older version, hashed now.
    pub fn from_stored(s: &str) -> SecretHash {
        let Some(hex) = s.strip_prefix(PREFIX) else {
            return SecretHash::of(s);
        };
        let mut out = [0u8; 32];
        let ok = hex.len() == 64
            && out.iter_mut().enumerate().all(|(i, b)| {
                u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
                    .map(|v| *b = v)
                    .is_ok()
            });
        if ok {
            SecretHash(out)
        } else {
            SecretHash::of(s)
        }
    }
}

/// The secrets of both sides (a hot-seat game has the same for both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seats(pub [Option<SecretHash>; 2]);

impl Seats {
    /// The seat a secret gives.
    pub fn seat(&self, secret: Option<&str>) -> Seat {
        let Some(s) = secret.filter(|s| !s.is_empty()) else {
            return Seat::Spectator;
        };
        let is = |i: usize| self.0[i].is_some_and(|h| h.matches(s));
        match (is(0), is(1)) {
            (true, true) => Seat::Both,
            (true, false) => Seat::Player(Color::White),
            (false, true) => Seat::Player(Color::Black),
            _ => Seat::Spectator,
        }
    }

    /// The first free side.
    pub fn free(&self) -> Option<Color> {
        self.0.iter().position(Option::is_none).map(|i| {
            if i == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
    }

    pub fn all_taken(&self) -> bool {
        self.0.iter().all(Option::is_some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_hash_is_kept_and_it_reads_back() {
        let h = SecretHash::of("00ff");
        let stored = h.to_stored();
        assert!(!stored.contains("00ff") || stored.starts_with("sha256:"));
        assert_eq!(stored.len(), 7 + 64);
        assert_eq!(SecretHash::from_stored(&stored), h);
        // A plain-text secret of an older database still works.
        assert!(SecretHash::from_stored("oldsecret").matches("oldsecret"));
    }

    #[test]
    fn a_secret_gives_its_seat_and_nothing_else() {
        let seats = Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]);
        assert_eq!(seats.seat(Some("w")), Seat::Player(Color::White));
        assert_eq!(seats.seat(Some("b")), Seat::Player(Color::Black));
        assert_eq!(seats.seat(Some("x")), Seat::Spectator);
        assert_eq!(seats.seat(Some("")), Seat::Spectator);
        assert_eq!(seats.seat(None), Seat::Spectator);
        let hotseat = Seats([Some(SecretHash::of("s")), Some(SecretHash::of("s"))]);
        assert_eq!(hotseat.seat(Some("s")), Seat::Both);
        assert_eq!(
            Seats([Some(SecretHash::of("w")), None]).free(),
            Some(Color::Black)
        );
    }
}
