//! Seeded randomness.
//!
//! Every random choice in tabuleiro — a deal, a generated board, a random first player, a
//! computer player's tie-break — comes from a [`GameRng`] built from a `u64` seed, and the seed
//! goes into the game record. The algorithm is **Xoshiro256++** (from `rand_xoshiro`), whose
//! output for a given seed is fixed by its specification, so records replay identically
//! across versions and machines.
//!
//! A game started without a seed gets one from the operating system's random source
//! ([`fresh_seed`]), never from the clock: in a game of hidden information the seed decides
//! every hidden thing (the whole deal of Q!nto), so it must not be guessable — and front ends
//! do not show it while such a game is in progress ([`crate::GameInfo::shows_seed`]).

pub use rand::{Rng, RngExt, SeedableRng};

/// The one random number generator of the project: Xoshiro256++.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator for `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The operating system's random source failed, so no fresh seed could be made.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random source failed: {0}")]
pub struct SeedError(getrandom::Error);

/// A new unguessable seed from the operating system's random source, for a game started
/// without one (the plain and terminal front ends, the menus, the web server).
///
/// # Errors
/// When the operating system's random source fails.
pub fn fresh_seed() -> Result<u64, SeedError> {
    getrandom::u64().map_err(SeedError)
}

/// Derives an independent seed from a base seed and a stream number (for example one stream
/// per game of a match, or one per computer player), with the SplitMix64 finaliser.
pub fn derive_seed(base: u64, stream: u64) -> u64 {
    let mut z = base ^ stream.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniformly random index below `len` (which must be non-zero).
pub fn random_index(rng: &mut GameRng, len: usize) -> usize {
    debug_assert!(len > 0, "random_index needs a non-empty range");
    rng.random_range(0..len)
}

/// A uniformly random number below `n` (which must be non-zero), by Lemire's multiply-and-
/// shift with rejection: exactly uniform, and usually one 32-bit draw.
pub fn below(rng: &mut GameRng, n: u32) -> u32 {
    debug_assert!(n > 0, "below needs a non-empty range");
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = rng_from_seed(42);
        let mut b = rng_from_seed(42);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        let mut c = rng_from_seed(43);
        assert_ne!(xs[0], c.next_u64());
    }

    #[test]
    fn fresh_seeds_differ() {
        let a = fresh_seed().expect("the OS random source");
        let b = fresh_seed().expect("the OS random source");
        // Two 64-bit draws are equal with probability 2^-64.
        assert_ne!(a, b);
    }

    #[test]
    fn derived_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| derive_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
    }

    #[test]
    fn below_is_uniform_enough() {
        let mut rng = rng_from_seed(3);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        // Each count is Binomial(70000, 1/7): mean 10000, sd about 93.
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn random_index_in_range() {
        let mut rng = rng_from_seed(1);
        for len in 1..50 {
            assert!(random_index(&mut rng, len) < len);
        }
    }
}
