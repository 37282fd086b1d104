//! Where each game's random seed comes from.
//!
//! A game's seed predicts every hidden card of that game, and stored games publish their
//! seeds once they are over, so no seed may say anything about another game's. Each
//! game's seed is therefore a keyed pseudo-random function of the game's number: the
//! ChaCha20 block of the server's secret key with the number as its stream. Without the
//! key, published seeds give nothing about the next one (there is no way back from a
//! block to its key).
//!
//! With `--seed N` the key is derived from N, so the same sequence of commands gives the
//! same deals and CPU choices on every run (tests and benchmarks rely on it); on a public
//! server N is then the secret, and should be as unguessable as a password. Without it
//! the key comes from the operating system at start.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Hands out one seed per game. Cheap to clone; clones share the sequence.
#[derive(Clone)]
pub struct SeedSource {
    key: [u8; 32],
    counter: Arc<AtomicU64>,
}

impl std::fmt::Debug for SeedSource {
    /// Never shows the key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeedSource").finish_non_exhaustive()
    }
}

impl SeedSource {
    /// A source keyed by `secret` if given (repeatable runs), or by a key drawn from the
    /// OS otherwise.
    pub fn new(secret: Option<u64>) -> SeedSource {
        let mut key = [0u8; 32];
        match secret {
            Some(secret) => ChaCha20Rng::seed_from_u64(secret).fill_bytes(&mut key),
            None => rand::rngs::OsRng.fill_bytes(&mut key),
        }
        SeedSource {
            key,
            counter: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The next game's seed.
    pub fn next_seed(&self) -> u64 {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut block = ChaCha20Rng::from_seed(self.key);
        block.set_stream(n);
        block.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_secret_repeats_and_differs_per_game() {
        let a = SeedSource::new(Some(7));
        let b = SeedSource::new(Some(7));
        let first = a.next_seed();
        assert_eq!(first, b.next_seed());
        assert_ne!(first, a.next_seed());
        assert_ne!(first, SeedSource::new(Some(8)).next_seed());
    }

    #[test]
    fn without_a_secret_two_servers_differ() {
        assert_ne!(
            SeedSource::new(None).next_seed(),
            SeedSource::new(None).next_seed()
        );
    }

    /// The construction parlor used before: `splitmix64(base ^ splitmix64(n))`.
    fn splitmix64(x: u64) -> u64 {
        let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// SplitMix64's finaliser undone: each step is a bijection.
    fn unsplitmix64(y: u64) -> u64 {
        let unshift = |y: u64, s: u32| (0..64 / s + 1).fold(y, |x, _| y ^ (x >> s));
        let inverse = |m: u64| {
            (0..6).fold(m, |i, _| {
                i.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(i)))
            })
        };
        let mut z = unshift(y, 31);
        z = unshift(z.wrapping_mul(inverse(0x94D0_49BB_1331_11EB)), 27);
        z = unshift(z.wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9)), 30);
        z.wrapping_sub(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn a_published_seed_does_not_predict_the_next_game() {
        // Under the old construction one published seed gave the base, and with it
        // every later game: the attack works on it...
        let old = |base: u64, n: u64| splitmix64(base ^ splitmix64(n));
        let base = 0xDEAD_BEEF;
        assert_eq!(unsplitmix64(splitmix64(12345)), 12345);
        let found = unsplitmix64(old(base, 0)) ^ splitmix64(0);
        assert_eq!(old(found, 1), old(base, 1));
        // ...and gives nothing with keyed seeds.
        let source = SeedSource::new(Some(base));
        let (first, second) = (source.next_seed(), source.next_seed());
        let guessed = unsplitmix64(first) ^ splitmix64(0);
        assert_ne!(old(guessed, 1), second);
    }

    #[test]
    fn the_debug_form_hides_the_key() {
        let shown = format!("{:?}", SeedSource::new(Some(7)));
        assert_eq!(shown, "SeedSource { .. }");
    }
}
