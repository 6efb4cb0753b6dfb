//! Sum-combination tables: for every cage size `n` (0 to 9) and sum `s` (0 to 45), the sets of
//! `n` different digits adding up to `s`, as 9-bit masks (digit `d` is bit `d - 1`).
//!
//! The 512 subsets of 1..=9 are sorted by (size, sum) once, at compile time, so the
//! combinations of one (size, sum) are a contiguous slice of one constant array.

/// Number of digits in each subset mask.
const fn size_of(mask: u16) -> usize {
    mask.count_ones() as usize
}

/// Sum of the digits of a subset mask.
pub(crate) const fn sum_of(mask: u16) -> usize {
    let mut sum = 0;
    let mut d = 0;
    while d < 9 {
        if mask & (1 << d) != 0 {
            sum += d + 1;
        }
        d += 1;
    }
    sum
}

/// Key of a (size, sum) pair in the sorted order.
const fn key(size: usize, sum: usize) -> usize {
    size * 46 + sum
}

/// `START[key]..START[key + 1]` is the slice of [`SORTED`] for one (size, sum).
const START: [u16; 10 * 46 + 1] = {
    let mut start = [0u16; 10 * 46 + 1];
    let mut mask = 0;
    while mask < 512 {
        start[key(size_of(mask), sum_of(mask)) + 1] += 1;
        mask += 1;
    }
    let mut k = 1;
    while k <= 10 * 46 {
        start[k] += start[k - 1];
        k += 1;
    }
    start
};

/// All 512 masks sorted by (size, sum), then by value (a counting sort).
const SORTED: [u16; 512] = {
    let mut out = [0u16; 512];
    let mut next = START;
    let mut mask = 0;
    while mask < 512 {
        let k = key(size_of(mask), sum_of(mask));
        out[next[k] as usize] = mask;
        next[k] += 1;
        mask += 1;
    }
    out
};

/// The sets of `size` different digits that add up to `sum`, as masks. Empty when there is
/// none (including any size above 9 or sum above 45).
#[inline]
pub(crate) fn combinations(size: usize, sum: usize) -> &'static [u16] {
    if size > 9 || sum > 45 {
        return &[];
    }
    let k = key(size, sum);
    &SORTED[START[k] as usize..START[k + 1] as usize]
}

/// Whether some set of `size` different digits adds up to `sum`.
pub(crate) fn reachable(size: usize, sum: usize) -> bool {
    !combinations(size, sum).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mask_is_listed_once_under_its_size_and_sum() {
        let mut seen = [false; 512];
        for size in 0..=9 {
            for sum in 0..=45 {
                for &mask in combinations(size, sum) {
                    assert_eq!(mask.count_ones() as usize, size);
                    assert_eq!(sum_of(mask), sum);
                    assert!(!seen[mask as usize]);
                    seen[mask as usize] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn known_combinations() {
        // 3 cells summing to 7: only {1,2,4}.
        assert_eq!(combinations(3, 7), &[0b1011]);
        // 2 cells summing to 10: {1,9} {2,8} {3,7} {4,6}.
        assert_eq!(combinations(2, 10).len(), 4);
        assert!(!reachable(2, 2) && !reachable(2, 18));
        assert!(reachable(2, 3) && reachable(2, 17));
        assert_eq!(combinations(9, 45), &[0x1FF]);
        assert!(combinations(10, 45).is_empty() && combinations(2, 46).is_empty());
    }
}
