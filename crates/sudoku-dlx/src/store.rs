//! The two storage widths of the dancing-links engine: node indices and column sizes.
//!
//! A matrix of at most 65,536 node slots runs on `u16` links, with `u8` column sizes when no
//! column holds more than 127 rows (Sudoku up to 25 x 25, n queens, Langford pairs, ...) and
//! `u16` sizes otherwise (pentominoes); anything larger on `u32` links and `u32` sizes. The
//! search code is the same for all.

use std::fmt::Debug;
use std::ops::DerefMut;

/// A node index: `u16` or `u32`.
pub(crate) trait Index: Copy + Eq + Debug + Default + 'static {
    /// An array with a slot for every value of the index type that a matrix may use.
    ///
    /// For `u16` it has all 65,536 slots, so indexing by a `u16` needs no bounds check; for
    /// `u32` it has exactly as many slots as the matrix needs.
    type Array<T: Copy + 'static>: ?Sized;

    /// An owned [`Array`](Index::Array).
    type Slots<T: Copy + 'static>: Clone + DerefMut<Target = Self::Array<T>>;

    /// An array of `len` slots (at least), each `fill`.
    fn slots<T: Copy + 'static>(len: usize, fill: T) -> Self::Slots<T>;

    /// The slots as a slice.
    fn all<T: Copy + 'static>(slots: &Self::Array<T>) -> &[T];

    /// The slots as a mutable slice.
    fn all_mut<T: Copy + 'static>(slots: &mut Self::Array<T>) -> &mut [T];

    /// `n` as an index (`n` fits: the layout checked it).
    fn from_usize(n: usize) -> Self;

    /// The value in slot `i`, for `i` below the slot count. For `u16` the index is taken
    /// modulo 65,536, which the compiler sees as in bounds (and drops the masking when it
    /// can tell that `i` fits anyway).
    fn at<T: Copy + 'static>(slots: &Self::Array<T>, i: usize) -> T;

    /// Writes `value` into slot `i`, as [`at`](Index::at) reads it.
    fn put<T: Copy + 'static>(slots: &mut Self::Array<T>, i: usize, value: T);

    /// The index as a `usize`.
    fn to_usize(self) -> usize;
}

impl Index for u16 {
    type Array<T: Copy + 'static> = [T; 1 << 16];
    type Slots<T: Copy + 'static> = Box<[T; 1 << 16]>;

    fn slots<T: Copy + 'static>(len: usize, fill: T) -> Box<[T; 1 << 16]> {
        debug_assert!(len <= 1 << 16);
        vec![fill; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("a vector of 65,536 slots"))
    }

    #[inline(always)]
    fn all<T: Copy + 'static>(slots: &[T; 1 << 16]) -> &[T] {
        slots
    }

    #[inline(always)]
    fn all_mut<T: Copy + 'static>(slots: &mut [T; 1 << 16]) -> &mut [T] {
        slots
    }

    #[inline(always)]
    fn from_usize(n: usize) -> u16 {
        n as u16
    }

    #[inline(always)]
    fn at<T: Copy + 'static>(slots: &[T; 1 << 16], i: usize) -> T {
        slots[i & 0xFFFF]
    }

    #[inline(always)]
    fn put<T: Copy + 'static>(slots: &mut [T; 1 << 16], i: usize, value: T) {
        slots[i & 0xFFFF] = value;
    }

    #[inline(always)]
    fn to_usize(self) -> usize {
        self as usize
    }
}

impl Index for u32 {
    type Array<T: Copy + 'static> = [T];
    type Slots<T: Copy + 'static> = Box<[T]>;

    fn slots<T: Copy + 'static>(len: usize, fill: T) -> Box<[T]> {
        vec![fill; len].into_boxed_slice()
    }

    #[inline(always)]
    fn all<T: Copy + 'static>(slots: &[T]) -> &[T] {
        slots
    }

    #[inline(always)]
    fn all_mut<T: Copy + 'static>(slots: &mut [T]) -> &mut [T] {
        slots
    }

    #[inline(always)]
    fn from_usize(n: usize) -> u32 {
        n as u32
    }

    #[inline(always)]
    fn at<T: Copy + 'static>(slots: &[T], i: usize) -> T {
        slots[i]
    }

    #[inline(always)]
    fn put<T: Copy + 'static>(slots: &mut [T], i: usize, value: T) {
        slots[i] = value;
    }

    #[inline(always)]
    fn to_usize(self) -> usize {
        self as usize
    }
}

/// A column size with a flag bit for "covered": `u8` (sizes up to 127), `u16` (up to
/// 32,767) or `u32`.
///
/// A covered column keeps its size below the flag, so uncovering clears the flag and finds
/// the size it had. Slots that are not columns (padding in the scanned range) hold
/// [`FILL`](Size::FILL), which reads as covered.
pub(crate) trait Size: Copy + Eq + Ord + Debug + Default + 'static {
    /// The flag bit of a covered column.
    const COVERED: Self;
    /// Larger than any column's size, covered or not.
    const FILL: Self;
    /// The largest size a column may have.
    const MAX: usize;

    /// `n` as a size (`n <= MAX`).
    fn of(n: usize) -> Self;

    /// The size as a `usize`, flag included.
    fn count(self) -> usize;

    /// One more (wrapping: padding slots count without meaning).
    fn inc(self) -> Self;

    /// One fewer (wrapping).
    fn dec(self) -> Self;

    /// With the covered flag set.
    fn covered(self) -> Self;

    /// With the covered flag cleared.
    fn uncovered(self) -> Self;

    /// The smallest value of `sizes` (whose length is a multiple of [`CHUNK`]) and the
    /// first slot that holds it; `(0, FILL)` for no slots.
    fn fewest(sizes: &[Self]) -> (usize, Self);

    /// Whether the search tracks columns left without rows, so that
    /// [`fewest_unless_empty`](Size::fewest_unless_empty) can take its shortcut.
    const TRACKS_EMPTY: bool = false;

    /// As [`fewest`](Size::fewest), where `maybe_empty` is `false` only when no slot holds
    /// 0: then the first slot holding 1, if any, is the answer, found without the minimum.
    fn fewest_unless_empty(sizes: &[Self], maybe_empty: bool) -> (usize, Self) {
        let _ = maybe_empty;
        Self::fewest(sizes)
    }

    /// The first slot of `sizes` (uncovered columns of at least one row, covered ones, and
    /// padding) with the smallest score `size * inverse / 128` (rounded down), where
    /// `inverse` is `65535 / weight` (rounded down): the fewest rows per weight, in fixed
    /// point. Covered slots score above any column. `scores` is scratch of the same length.
    ///
    /// Every storage gives the same answer for the same sizes, so that they walk the same
    /// tree.
    fn least_ratio(sizes: &[Self], inverse: &[u16], _scores: &mut [u16]) -> usize {
        let mut best = (0, u64::MAX);
        for (c, (&s, &inv)) in sizes.iter().zip(inverse).enumerate() {
            if s < Self::COVERED {
                let score = (s.count() as u64 * u64::from(inv)) >> 7;
                if score < best.1 {
                    best = (c, score);
                }
            }
        }
        best.0
    }

    /// The slots of `sizes` (eight of them) that hold 2 to `tops` rows (uncovered columns
    /// only, as a top is below [`COVERED`](Size::COVERED)): slot `k` flagged by the high
    /// bit of byte `k` of the result.
    #[inline(always)]
    fn within(sizes: &[Self; 8], tops: &[Self; 8]) -> u64 {
        (0..8).fold(0, |mask, k| {
            let within = (sizes[k] >= Self::of(2)) & (sizes[k] <= tops[k]);
            mask | u64::from(within) << (8 * k + 7)
        })
    }

    /// The slots of `sizes` (eight of them) that hold `size` (an uncovered column's): slot
    /// `k` flagged by the high bit of byte `k` of the result.
    #[inline(always)]
    fn equal(sizes: &[Self; 8], size: Self) -> u64 {
        (0..8).fold(0, |mask, k| {
            mask | u64::from(sizes[k] == size) << (8 * k + 7)
        })
    }
}

/// The scanned sizes are padded to a multiple of this many slots.
pub(crate) const CHUNK: usize = 32;

/// The first slot of `sizes` (whose length is a multiple of [`CHUNK`]) that holds `size`:
/// the first 32-byte chunk that holds it (a vector compare per chunk), then the first byte
/// within it (eight at a time: a zero-byte test on the sizes xor `size`).
#[inline(always)]
fn first_of(sizes: &[u8], size: u8) -> Option<usize> {
    let pattern = u64::from_ne_bytes([size; 8]);
    for (i, chunk) in sizes.chunks_exact(32).enumerate() {
        if !chunk.iter().fold(false, |any, &s| any | (s == size)) {
            continue;
        }
        // Which word holds the first is hard to predict: the four words' zero-byte flags
        // (exact up to the first zero byte, which is all that is needed), two words to a
        // `u128`, and the first flag of the lower pair that has one, without a branch.
        let zero: [u64; 4] = std::array::from_fn(|j| {
            let word = u64::from_le_bytes(chunk[8 * j..8 * j + 8].try_into().expect("8 bytes"));
            let word = word ^ pattern;
            word.wrapping_sub(0x0101_0101_0101_0101) & !word & 0x8080_8080_8080_8080
        });
        let low = u128::from(zero[1]) << 64 | u128::from(zero[0]);
        let high = u128::from(zero[3]) << 64 | u128::from(zero[2]);
        // `trailing_zeros` of 0 is 128: the lower pair's count when it has a flag, else
        // 128 plus the upper pair's, selected by a mask.
        let (low, high) = (low.trailing_zeros(), 128 + high.trailing_zeros());
        let keep_low = u32::from(low < 128).wrapping_neg();
        let bit = high ^ ((low ^ high) & keep_low);
        return Some(i * 32 + bit as usize / 8);
    }
    None
}

impl Size for u8 {
    const COVERED: u8 = 0x80;
    const FILL: u8 = u8::MAX;
    const MAX: usize = 0x7F;

    #[inline(always)]
    fn of(n: usize) -> u8 {
        n as u8
    }

    #[inline(always)]
    fn count(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn inc(self) -> u8 {
        self.wrapping_add(1)
    }

    #[inline(always)]
    fn dec(self) -> u8 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn covered(self) -> u8 {
        self | 0x80
    }

    #[inline(always)]
    fn uncovered(self) -> u8 {
        self & 0x7F
    }

    /// A branch-free minimum (it vectorises), then the first 32-byte chunk that holds it (a
    /// vector compare per chunk) and the first byte within it (eight at a time: a zero-byte
    /// test on the sizes xor the minimum).
    #[inline(always)]
    fn fewest(sizes: &[u8]) -> (usize, u8) {
        let fewest = sizes.iter().fold(u8::MAX, |m, &s| m.min(s));
        (first_of(sizes, fewest).unwrap_or(0), fewest)
    }

    const TRACKS_EMPTY: bool = true;

    /// Without an empty column, one row is the fewest possible: the first chunk holding a
    /// 1 ends the scan, without the pass for the minimum (most branches of a Sudoku search
    /// are forced, and take this way).
    #[inline(always)]
    fn fewest_unless_empty(sizes: &[u8], maybe_empty: bool) -> (usize, u8) {
        if !maybe_empty && let Some(first) = first_of(sizes, 1) {
            return (first, 1);
        }
        Self::fewest(sizes)
    }

    /// The scores in 16 bits (a size below 128 scores below 65,024), computed for all
    /// slots at once into `scores` (the multiplication is a vector high-half product), then
    /// a vectorised minimum, then the first 16-slot chunk holding it.
    #[inline(always)]
    fn least_ratio(sizes: &[u8], inverse: &[u16], scores: &mut [u16]) -> usize {
        let n = sizes.len();
        let (inverse, scores) = (&inverse[..n], &mut scores[..n]);
        for ((score, &size), &inv) in scores.iter_mut().zip(sizes).zip(inverse) {
            let size = u16::from(size);
            let scaled = ((u32::from(size << 9) * u32::from(inv)) >> 16) as u16;
            // Covered (the high bit): all ones.
            *score = scaled | (size >> 7).wrapping_neg();
        }
        let least = scores.iter().fold(u16::MAX, |m, &s| m.min(s));
        for (i, chunk) in scores.chunks_exact(16).enumerate() {
            if chunk.iter().fold(false, |any, &s| any | (s == least)) {
                return i * 16 + chunk.iter().position(|&s| s == least).unwrap_or(0);
            }
        }
        0
    }

    /// Eight sizes and tops at once in `u64`s, each byte's low seven bits apart from its
    /// high bit, so that no carry or borrow crosses bytes: uncovered (high bit clear), at
    /// least 2 (`size + 126` reaches the high bit), at most the top (`top + 128 - size`
    /// keeps the high bit).
    #[inline(always)]
    fn within(sizes: &[u8; 8], tops: &[u8; 8]) -> u64 {
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let (s, t) = (u64::from_le_bytes(*sizes), u64::from_le_bytes(*tops));
        let low = s & !HIGH;
        let two = low + 0x7E7E_7E7E_7E7E_7E7E;
        let under = (t | HIGH) - low;
        !s & two & under & HIGH
    }

    /// Eight sizes at once in a `u64`: the bytes equal to `size` are the zero bytes of the
    /// word xor `size` in every byte, found exactly (no carry crosses bytes: each byte's low
    /// seven bits are tested apart from its high bit).
    #[inline(always)]
    fn equal(sizes: &[u8; 8], size: u8) -> u64 {
        const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let x = u64::from_le_bytes(*sizes) ^ (0x0101_0101_0101_0101 * u64::from(size));
        !(((x & LOW) + LOW) | x) & !LOW
    }
}

impl Size for u16 {
    const COVERED: u16 = 0x8000;
    const FILL: u16 = u16::MAX;
    const MAX: usize = 0x7FFF;

    #[inline(always)]
    fn of(n: usize) -> u16 {
        n as u16
    }

    #[inline(always)]
    fn count(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn inc(self) -> u16 {
        self.wrapping_add(1)
    }

    #[inline(always)]
    fn dec(self) -> u16 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn covered(self) -> u16 {
        self | Self::COVERED
    }

    #[inline(always)]
    fn uncovered(self) -> u16 {
        self & !Self::COVERED
    }

    /// As for `u8`: a vectorised minimum, then the first 16-slot chunk that holds it.
    #[inline(always)]
    fn fewest(sizes: &[u16]) -> (usize, u16) {
        let fewest = sizes.iter().fold(u16::MAX, |m, &s| m.min(s));
        for (i, chunk) in sizes.chunks_exact(16).enumerate() {
            if chunk.iter().fold(false, |any, &s| any | (s == fewest)) {
                let j = chunk.iter().position(|&s| s == fewest).unwrap_or(0);
                return (i * 16 + j, fewest);
            }
        }
        (0, fewest)
    }
}

impl Size for u32 {
    const COVERED: u32 = 1 << 31;
    const FILL: u32 = u32::MAX;
    const MAX: usize = (1 << 31) - 1;

    #[inline(always)]
    fn of(n: usize) -> u32 {
        n as u32
    }

    #[inline(always)]
    fn count(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn inc(self) -> u32 {
        self.wrapping_add(1)
    }

    #[inline(always)]
    fn dec(self) -> u32 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn covered(self) -> u32 {
        self | Self::COVERED
    }

    #[inline(always)]
    fn uncovered(self) -> u32 {
        self & !Self::COVERED
    }

    #[inline(always)]
    fn fewest(sizes: &[u32]) -> (usize, u32) {
        let fewest = sizes.iter().fold(u32::MAX, |m, &s| m.min(s));
        let first = sizes.iter().position(|&s| s == fewest).unwrap_or(0);
        (first, fewest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same column sizes in a wider type: a count (low 7 bits) and the covered flag (high
    /// bit), or `FILL`.
    fn widen<S: Size>(sizes: &[u8]) -> Vec<S> {
        sizes
            .iter()
            .map(|&s| match s {
                u8::FILL => S::FILL,
                s if s & 0x80 != 0 => S::of(usize::from(s & 0x7F)).covered(),
                s => S::of(usize::from(s)),
            })
            .collect()
    }

    #[test]
    fn fewest_finds_the_first_smallest_size() {
        let mut sizes = vec![u8::FILL; 3 * CHUNK];
        assert_eq!(u8::fewest(&sizes), (0, u8::FILL));
        assert_eq!(u8::fewest(&[]), (0, u8::FILL));
        for (i, s) in [(70, 5), (90, 3), (40, 9), (91, 3), (33, 0x83)] {
            sizes[i] = s;
        }
        assert_eq!(u8::fewest(&sizes), (90, 3));
        sizes[95] = 0;
        assert_eq!(u8::fewest(&sizes), (95, 0));
        assert_eq!(u32::fewest(&widen(&sizes)), (95, 0));
        assert_eq!(u16::fewest(&widen(&sizes)), (95, 0));
        // Every position of a lone minimum is found.
        for i in 0..3 * CHUNK {
            let mut sizes = vec![7u8; 3 * CHUNK];
            sizes[i] = 6;
            assert_eq!(u8::fewest(&sizes), (i, 6));
            let mut sizes = vec![700u16; 3 * CHUNK];
            sizes[i] = 600;
            assert_eq!(u16::fewest(&sizes), (i, 600));
        }
    }

    /// Random sizes (ties, covered columns, padding, and sizes one off the minimum right
    /// after it, where the zero-byte test of a word flags bytes past the first zero):
    /// the first smallest, as a plain scan finds it, in every storage.
    #[test]
    fn fewest_agrees_with_a_plain_scan() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(11);
        for _ in 0..5000 {
            let n = CHUNK * rng.random_range(1..5);
            let low = rng.random_range(0..4u8);
            let sizes: Vec<u8> = (0..n)
                .map(|_| match rng.random_range(0..12) {
                    0 => u8::FILL,
                    1 => rng.random_range(0x80..0xFF),
                    2 | 3 => low,
                    4 | 5 => low ^ 1,
                    _ => rng.random_range(low..12),
                })
                .collect();
            let least = sizes.iter().copied().min().unwrap();
            let first = sizes.iter().position(|&s| s == least).unwrap();
            assert_eq!(u8::fewest(&sizes), (first, least), "{sizes:?}");
            let (at, size) = u16::fewest(&widen(&sizes));
            assert_eq!((at, size), (first, widen::<u16>(&[least])[0]));
            let (at, size) = u32::fewest(&widen(&sizes));
            assert_eq!((at, size), (first, widen::<u32>(&[least])[0]));
        }
    }

    /// The shortcut without empty columns (the first 1, else the minimum) and the full
    /// pass when there may be some: the first smallest, as a plain scan finds it.
    #[test]
    fn fewest_unless_empty_agrees_with_a_plain_scan() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(13);
        let (mut ones, mut more) = (0, 0);
        for _ in 0..5000 {
            let n = CHUNK * rng.random_range(1..5);
            let empty = rng.random_bool(0.3);
            let low = if empty { 0 } else { rng.random_range(1..4u8) };
            let sizes: Vec<u8> = (0..n)
                .map(|_| match rng.random_range(0..16) {
                    0 => u8::FILL,
                    1 => rng.random_range(0x80..0xFF),
                    2 => low,
                    3 => low + 1,
                    _ => rng.random_range(low.max(1)..12),
                })
                .collect();
            let least = sizes.iter().copied().min().unwrap();
            let first = sizes.iter().position(|&s| s == least).unwrap();
            assert_eq!(u8::fewest_unless_empty(&sizes, true), (first, least));
            if least != 0 {
                assert_eq!(u8::fewest_unless_empty(&sizes, false), (first, least));
                ones += usize::from(least == 1);
                more += usize::from(least > 1);
            }
        }
        assert!(ones > 1000 && more > 1000, "{ones} {more}");
    }

    #[test]
    fn equal_flags_exactly_the_uncovered_columns_of_that_size() {
        let cases: [[u8; 8]; 4] = [
            [2, 0, 1, 3, 0x82, 0xFF, 2, 0x80],
            [2; 8],
            [0x7F, 0x02, 0xFE, 0x81, 0x03, 0x01, 0x42, 0x12],
            [0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x82, 0x02],
        ];
        for sizes in cases {
            let want = (0..8).fold(0u64, |m, k| m | u64::from(sizes[k] == 2) << (8 * k + 7));
            assert_eq!(u8::equal(&sizes, 2), want, "{sizes:?}");
            let ones = (0..8).fold(0u64, |m, k| m | u64::from(sizes[k] == 1) << (8 * k + 7));
            assert_eq!(u8::equal(&sizes, 1), ones, "{sizes:?}");
            let wide = sizes.map(|s| {
                if s == u8::FILL {
                    u32::FILL
                } else {
                    u32::from(s & 0x7F) | if s & 0x80 != 0 { u32::COVERED } else { 0 }
                }
            });
            assert_eq!(u32::equal(&wide, 2), want, "{sizes:?}");
            assert_eq!(u32::equal(&wide, 1), ones, "{sizes:?}");
            let mid = wide.map(|s| s as u16 | (s >> 16) as u16);
            assert_eq!(u16::equal(&mid, 2), want);
        }
    }

    #[test]
    fn within_flags_exactly_the_uncovered_columns_of_two_rows_to_their_top() {
        // Every size (covered ones and padding too) against every top a column may have.
        let sizes: Vec<u8> = (0..=255).collect();
        for top in 0..=127u8 {
            for chunk in sizes.chunks_exact(8) {
                let sizes: [u8; 8] = chunk.try_into().unwrap();
                let tops = [top, top / 2, 2, 0, 127, top, 3, 1];
                let want = (0..8).fold(0u64, |m, k| {
                    m | u64::from(sizes[k] >= 2 && sizes[k] <= tops[k]) << (8 * k + 7)
                });
                assert_eq!(u8::within(&sizes, &tops), want, "{sizes:?} {tops:?}");
                let wide = sizes.map(|s| {
                    if s == u8::FILL {
                        u32::FILL
                    } else {
                        u32::from(s & 0x7F) | if s & 0x80 != 0 { u32::COVERED } else { 0 }
                    }
                });
                assert_eq!(u32::within(&wide, &tops.map(u32::from)), want);
            }
        }
    }

    #[test]
    fn least_ratio_takes_the_fewest_rows_per_weight() {
        let inverse = |weight: u16| u16::MAX / weight;
        let mut sizes = vec![u8::FILL; 2 * CHUNK];
        let mut inv = vec![inverse(1); 2 * CHUNK];
        let mut scores = vec![0; 2 * CHUNK];
        sizes[..5].copy_from_slice(&[4, 2, 0x82, 3, 2]);
        // Equal weights: the fewest rows, the first on ties; covered columns never.
        assert_eq!(u8::least_ratio(&sizes, &inv, &mut scores), 1);
        // Three rows of weight 2 (1.5 a weight) beat two rows of weight 1; a covered
        // column's weight does not matter.
        inv[3] = inverse(2);
        inv[2] = inverse(100);
        assert_eq!(u8::least_ratio(&sizes, &inv, &mut scores), 3);
        // Two rows of weight 2 beat that; a later column of the same ratio does not.
        inv[4] = inverse(2);
        inv[40] = inverse(2);
        sizes[40] = 2;
        assert_eq!(u8::least_ratio(&sizes, &inv, &mut scores), 4);
        inv[40] = inverse(3);
        assert_eq!(u8::least_ratio(&sizes, &inv, &mut scores), 40);
    }

    #[test]
    fn least_ratio_is_the_same_in_every_storage() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(5);
        for _ in 0..2000 {
            let n = CHUNK * rng.random_range(1..4);
            let sizes: Vec<u8> = (0..n)
                .map(|_| match rng.random_range(0..10) {
                    0 => u8::FILL,
                    1 => rng.random_range(0x80..0xFF),
                    _ => rng.random_range(2..10),
                })
                .collect();
            let heaviest = if rng.random_bool(0.5) { 4 } else { 5000 };
            let inv: Vec<u16> = (0..n)
                .map(|_| u16::MAX / rng.random_range(1..heaviest))
                .collect();
            let mut scores = vec![0; n];
            let want = u8::least_ratio(&sizes, &inv, &mut scores);
            assert_eq!(u32::least_ratio(&widen(&sizes), &inv, &mut scores), want);
            assert_eq!(u16::least_ratio(&widen(&sizes), &inv, &mut scores), want);
        }
    }

    #[test]
    fn covered_sizes_keep_their_count() {
        for n in [0, 1, 9, 127] {
            let s = u8::of(n).covered();
            assert!(s >= u8::COVERED);
            assert_eq!(s.uncovered().count(), n);
            let s = u16::of(n).covered();
            assert!(s >= u16::COVERED);
            assert_eq!(s.uncovered().count(), n);
            let s = u32::of(n).covered();
            assert!(s >= u32::COVERED);
            assert_eq!(s.uncovered().count(), n);
        }
    }
}
