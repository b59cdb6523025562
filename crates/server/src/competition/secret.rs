//! The seat secrets of account games. Both seats of a game between accounts are
//! held from the start; the secret of a seat is HMAC-SHA256(server key, game id
//! ‖ 0x00 ‖ colour code), in hex, so that every server process sharing the
//! database derives the same secret from the key kept there (`server_keys`),
//! and the database itself holds only the secrets' SHA-256 (as for every game).
//! The HMAC is RFC 2104's construction over [`sha2::Sha256`].

use guoxiang_core::Color;
use sha2::{Digest, Sha256};

/// SHA-256's block size in bytes.
const BLOCK: usize = 64;

/// HMAC-SHA256 of `message` under `key` (RFC 2104).
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut k = [0u8; BLOCK];
    if key.len() > BLOCK {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| k.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// The secret of `color`'s seat in account game `game_id`.
pub fn seat_secret(key: &[u8], game_id: &str, color: Color) -> String {
    let code = if color == Color::White {
        "white"
    } else {
        "black"
    };
    let mut msg = Vec::with_capacity(game_id.len() + 1 + code.len());
    msg.extend_from_slice(game_id.as_bytes());
    msg.push(0);
    msg.extend_from_slice(code.as_bytes());
    hex(&hmac_sha256(key, &msg))
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads lower- or upper-case hex; `None` if it is not.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| s.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231_test_cases_1_and_6() {
        // Case 1: key 0x0b × 20, "Hi There".
        assert_eq!(
            hex(&hmac_sha256(&[0x0b; 20], b"Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        // Case 6: a key longer than the block (0xaa × 131) is hashed first.
        assert_eq!(
            hex(&hmac_sha256(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            )),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn the_two_seats_and_two_games_have_different_secrets() {
        let k = [7u8; 32];
        let w = seat_secret(&k, "abc", Color::White);
        assert_eq!(w.len(), 64);
        assert_ne!(w, seat_secret(&k, "abc", Color::Black));
        assert_ne!(w, seat_secret(&k, "abd", Color::White));
        assert_eq!(w, seat_secret(&k, "abc", Color::White));
        assert_ne!(w, seat_secret(&[8u8; 32], "abc", Color::White));
    }

    #[test]
    fn hex_round_trips_and_refuses_junk() {
        assert_eq!(unhex(&hex(&[0, 255, 16])), Some(vec![0, 255, 16]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
    }
}
