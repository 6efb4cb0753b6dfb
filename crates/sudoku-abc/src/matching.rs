//! Random perfect matchings of a box's free cells to the digits it misses: how every
//! encoding builds a random food source that respects candidates.

use rand::seq::SliceRandom;
use sudoku_core::SeededRng as Rng;

/// A random assignment of the digits `digits[..len]` to `len` cells (`len <= N`), where
/// `allowed[i]` holds the digits cell `i` may take (bit `d - 1` for digit `d`): Kuhn's
/// augmenting paths, cells and digits taken in shuffled orders. Writes into `owner[j]` the
/// cell that takes `digits[j]`; false when no assignment exists (Hall's condition fails).
pub(crate) fn random_matching<const N: usize>(
    len: usize,
    allowed: &[u32; N],
    digits: &[u8; N],
    rng: &mut Rng,
    owner: &mut [usize; N],
) -> bool {
    debug_assert!(len <= N);
    let fits = |i: usize, j: usize| allowed[i] & (1 << (digits[j] - 1)) != 0;
    let mut cell_order = [0usize; N];
    let mut digit_order = [0usize; N];
    for k in 0..len {
        cell_order[k] = k;
        digit_order[k] = k;
    }
    cell_order[..len].shuffle(rng);
    digit_order[..len].shuffle(rng);
    owner.fill(usize::MAX);
    for &i in &cell_order[..len] {
        let mut seen = [false; N];
        if !augment(i, &digit_order[..len], &fits, owner, &mut seen) {
            return false;
        }
    }
    true
}

/// Kuhn's augmenting path from cell `i`.
fn augment<const N: usize>(
    i: usize,
    digit_order: &[usize],
    fits: &impl Fn(usize, usize) -> bool,
    owner: &mut [usize; N],
    seen: &mut [bool; N],
) -> bool {
    for &j in digit_order {
        if fits(i, j) && !seen[j] {
            seen[j] = true;
            if owner[j] == usize::MAX || augment(owner[j], digit_order, fits, owner, seen) {
                owner[j] = i;
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell gets a digit it fits and every digit one cell; where Hall's condition
    /// fails, no assignment.
    #[test]
    fn matchings_respect_fits_and_fail_when_none_exists() {
        // Cell i may take digits i + 1 and i + 2 (cyclically): always a matching.
        let len = 25;
        let digits: [u8; 25] = std::array::from_fn(|j| j as u8 + 1);
        let allowed: [u32; 25] = std::array::from_fn(|i| 1 << i | 1 << ((i + 1) % len));
        let fits = |i: usize, j: usize| j == i || j == (i + 1) % len;
        let mut rng = sudoku_core::seeded_rng(1);
        let mut seen_shapes = std::collections::HashSet::new();
        for _ in 0..20 {
            let mut owner = [0usize; 25];
            assert!(random_matching(
                len, &allowed, &digits, &mut rng, &mut owner
            ));
            let mut cells: Vec<usize> = owner.to_vec();
            for (j, &i) in owner.iter().enumerate() {
                assert!(fits(i, j));
            }
            seen_shapes.insert(owner);
            cells.sort_unstable();
            assert_eq!(cells, (0..len).collect::<Vec<_>>());
        }
        // Both perfect matchings of the cycle turn up.
        assert_eq!(seen_shapes.len(), 2);
        // Cells 0 and 1 may only take digit 1.
        let digits: [u8; 9] = std::array::from_fn(|j| j as u8 + 1);
        let tight: [u32; 9] = std::array::from_fn(|i| if i < 2 { 1 } else { 0x1FF });
        let mut owner = [0usize; 9];
        assert!(!random_matching(5, &tight, &digits, &mut rng, &mut owner));
    }
}
