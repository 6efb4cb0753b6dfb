//! A small seeded pseudo-random generator, so that a run repeats exactly from its seed
//! without a dependency.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter passed through a mixing
/// function. Fast, statistically sound for a search heuristic, and trivially seedable.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`0 < n < 2^32`), by Lemire's multiply-shift (bias below 2^-32 * n).
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The SplitMix64 finaliser, also used to derive independent seeds (one per colony).
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_from_its_seed_and_stays_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let x = a.below(5);
            assert_eq!(x, b.below(5));
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let mut items = [1, 2, 3, 4, 5, 6];
        a.shuffle(&mut items);
        items.sort_unstable();
        assert_eq!(items, [1, 2, 3, 4, 5, 6]);
    }
}
