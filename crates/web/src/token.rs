//! Seat tokens: 128 random bits from the operating system, written as hex; only their
//! SHA-256 hashes are stored.

use sha2::{Digest, Sha256};

/// Number of random bytes in a token (128 bits).
pub const TOKEN_BYTES: usize = 16;

/// A new unguessable token, as 32 lowercase hex digits.
///
/// # Errors
/// When the operating system's random source fails.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// A random 64-bit number from the operating system (game ids; seeds of new games come from
/// [`tabuleiro_core::fresh_seed`]).
///
/// # Errors
/// When the operating system's random source fails.
pub fn random_u64() -> Result<u64, getrandom::Error> {
    getrandom::u64()
}

/// A new game id: 64 random bits as hex (ids are public; tokens guard the seats).
///
/// # Errors
/// When the operating system's random source fails.
pub fn new_game_id() -> Result<String, getrandom::Error> {
    Ok(format!("{:016x}", random_u64()?))
}

/// The stored form of a token: its SHA-256 hash in hex.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(text, "{b:02x}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token().expect("OS random source");
        let b = new_token().expect("OS random source");
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), hash_token(&b));
        assert_eq!(hash_token(&a).len(), 64);
    }
}
