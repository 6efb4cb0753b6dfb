//! Reductions over the nine digits of a band, four digits to a vector register.
//!
//! The board keeps one word per digit, so "which digits have a candidate in these cells",
//! "which cells have one candidate" and "where must three digits sit" are reductions across
//! nine words. On x86-64 they are written with SSE2 intrinsics, part of the x86-64 baseline
//! and so always there: left to itself the compiler turned the first into shuffles and an OR
//! across lanes, and the others into one word at a time. Counting to 2 (`mrv_pass` under
//! callgrind), the instructions a puzzle went from 63,545 to 57,047 on magictour_top1465 and
//! from 16,177 to 14,802 on 17_clue; docs/mrv.md has the times. The intrinsics are `unsafe`
//! to call from a function that does not enable SSE2 with `#[target_feature]` (though every
//! x86-64 target enables it), which is why this module allows `unsafe`; each block only reads
//! and writes registers. Other processors run the plain loops of
//! [`portable`], and the tests hold both to the same answers.

/// The digits (bit `d`) whose word in `band` meets `cells`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn had_cells(band: &[u32; 9], cells: u32) -> u32 {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_set1_epi32,
        _mm_setzero_si128,
    };
    let [lo, hi] = quads(band);
    // SAFETY: these intrinsics need SSE and SSE2, which every x86-64 processor has and the
    // x86-64 targets enable; they read and write registers only.
    let empty = unsafe {
        let c = _mm_set1_epi32(cells as i32);
        let zero = _mm_setzero_si128();
        let lo = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
            _mm_and_si128(lo, c),
            zero,
        )));
        let hi = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
            _mm_and_si128(hi, c),
            zero,
        )));
        (lo | hi << 4) as u32
    };
    (!empty & 0xFF) | u32::from(band[8] & cells != 0) << 8
}

/// The cells of `band` where at least one digit's word has a bit, and where at least two.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn one_and_two(band: &[u32; 9]) -> (u32, u32) {
    use std::arch::x86_64::{_mm_and_si128, _mm_cvtsi128_si32, _mm_or_si128, _mm_shuffle_epi32};
    let [lo, hi] = quads(band);
    // SAFETY: as in `had_cells`: SSE2 only, registers only.
    let (one, two) = unsafe {
        // Digit d and d + 4 in each lane, then lanes 2 and 3 onto 0 and 1, then lane 1 onto 0.
        let mut one = _mm_or_si128(lo, hi);
        let mut two = _mm_and_si128(lo, hi);
        let s = _mm_shuffle_epi32::<0b01_00_11_10>(one);
        let t = _mm_shuffle_epi32::<0b01_00_11_10>(two);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, s));
        one = _mm_or_si128(one, s);
        let s = _mm_shuffle_epi32::<0b10_11_00_01>(one);
        let t = _mm_shuffle_epi32::<0b10_11_00_01>(two);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, s));
        one = _mm_or_si128(one, s);
        (_mm_cvtsi128_si32(one) as u32, _mm_cvtsi128_si32(two) as u32)
    };
    let last = band[8];
    (one | last, two | (one & last))
}

/// Where at least three of the nine digits' confinement words have a bit, and where at least
/// four: the word of digit `d` is [`portable::confinement`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn three_and_four(rows: &[u32; 27], columns: &[u32; 9]) -> (u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set1_epi32, _mm_shuffle_epi32,
        _mm_slli_epi32, _mm_unpackhi_epi32, _mm_unpacklo_epi32,
    };
    let quad = |words: &[u32]| quads(words.try_into().expect("nine words"));
    let [b0_lo, b0_hi] = quad(&rows[0..9]);
    let [b1_lo, b1_hi] = quad(&rows[9..18]);
    let [b2_lo, b2_hi] = quad(&rows[18..27]);
    let [c_lo, c_hi] = quads(columns);
    // SAFETY: as in `had_cells`: SSE2 only, registers only.
    let (two, three, four) = unsafe {
        let nine = _mm_set1_epi32(0x1FF);
        let row_word = |b0: __m128i, b1: __m128i, b2: __m128i| {
            _mm_or_si128(
                _mm_or_si128(
                    _mm_and_si128(b0, nine),
                    _mm_slli_epi32::<9>(_mm_and_si128(b1, nine)),
                ),
                _mm_slli_epi32::<18>(_mm_and_si128(b2, nine)),
            )
        };
        let r_lo = row_word(b0_lo, b1_lo, b2_lo);
        let r_hi = row_word(b0_hi, b1_hi, b2_hi);
        // Digits d and d + 4 in each lane: counts up to two.
        let (r1, r2) = (_mm_or_si128(r_lo, r_hi), _mm_and_si128(r_lo, r_hi));
        let (c1, c2) = (_mm_or_si128(c_lo, c_hi), _mm_and_si128(c_lo, c_hi));
        // Each digit's row word beside its column word, as the 64-bit words of the scalar
        // count: lanes 0/4 and 1/5 in `a`, 2/6 and 3/7 in `b`.
        let (a1, a2) = (_mm_unpacklo_epi32(r1, c1), _mm_unpacklo_epi32(r2, c2));
        let (b1, b2) = (_mm_unpackhi_epi32(r1, c1), _mm_unpackhi_epi32(r2, c2));
        // a + b: counts up to four.
        let x1 = _mm_or_si128(a1, b1);
        let x2 = _mm_or_si128(_mm_or_si128(a2, b2), _mm_and_si128(a1, b1));
        let x3 = _mm_or_si128(_mm_and_si128(a2, b1), _mm_and_si128(a1, b2));
        let x4 = _mm_and_si128(a2, b2);
        // The upper 64-bit half onto the lower: eight digits, counts saturating at four.
        let y1 = _mm_shuffle_epi32::<0b01_00_11_10>(x1);
        let y2 = _mm_shuffle_epi32::<0b01_00_11_10>(x2);
        let y3 = _mm_shuffle_epi32::<0b01_00_11_10>(x3);
        let y4 = _mm_shuffle_epi32::<0b01_00_11_10>(x4);
        let two = _mm_or_si128(_mm_or_si128(x2, y2), _mm_and_si128(x1, y1));
        let three = _mm_or_si128(
            _mm_or_si128(x3, y3),
            _mm_or_si128(_mm_and_si128(x2, y1), _mm_and_si128(x1, y2)),
        );
        let four = _mm_or_si128(
            _mm_or_si128(x4, y4),
            _mm_or_si128(
                _mm_or_si128(_mm_and_si128(x3, y1), _mm_and_si128(x2, y2)),
                _mm_and_si128(x1, y3),
            ),
        );
        let word = |v: __m128i| _mm_cvtsi128_si64(v) as u64;
        (word(two), word(three), word(four))
    };
    let last = portable::confinement(rows, columns, 8);
    (three | (two & last), four | (three & last))
}

/// The first eight words of `band` as two vectors of four.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn quads(band: &[u32; 9]) -> [std::arch::x86_64::__m128i; 2] {
    use std::arch::x86_64::_mm_set_epi32;
    let w = |d: usize| band[d] as i32;
    // SAFETY: as in `had_cells`: SSE2 only, registers only (the compiler loads the words).
    unsafe {
        [
            _mm_set_epi32(w(3), w(2), w(1), w(0)),
            _mm_set_epi32(w(7), w(6), w(5), w(4)),
        ]
    }
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use portable::{had_cells, one_and_two, three_and_four};

/// The same reductions a word at a time: what other processors run, and what the tests
/// hold the vector code to.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) mod portable {
    /// The digits (bit `d`) whose word in `band` meets `cells`.
    #[inline(always)]
    pub(crate) fn had_cells(band: &[u32; 9], cells: u32) -> u32 {
        let mut had = 0;
        for (d, &x) in band.iter().enumerate() {
            had |= u32::from(x & cells != 0) << d;
        }
        had
    }

    /// The cells where at least one word has a bit, and where at least two.
    #[inline(always)]
    pub(crate) fn one_and_two(band: &[u32; 9]) -> (u32, u32) {
        let (mut one, mut two) = (0, 0);
        for &x in band {
            two |= one & x;
            one |= x;
        }
        (one, two)
    }

    /// What digit `d` must use: its confined mini-rows (bit `9 * band + 3 * row + box`, the
    /// low nine bits of `rows[9 * band + d]`) and, from bit 32, its confined mini-columns.
    #[inline(always)]
    pub(crate) fn confinement(rows: &[u32; 27], columns: &[u32; 9], d: usize) -> u64 {
        let r = u64::from(rows[d] & 0x1FF)
            | u64::from(rows[9 + d] & 0x1FF) << 9
            | u64::from(rows[18 + d] & 0x1FF) << 18;
        r | u64::from(columns[d]) << 32
    }

    /// Where at least three of the nine digits' [`confinement`]s have a bit, and where at
    /// least four.
    #[inline(always)]
    pub(crate) fn three_and_four(rows: &[u32; 27], columns: &[u32; 9]) -> (u64, u64) {
        let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
        for d in 0..9 {
            let x = confinement(rows, columns, d);
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        (three, four)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator: words with few bits as well as many, so that every count from
    /// none to nine occurs.
    struct Words(u64);

    impl Words {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 16) as u32
        }

        fn sparse(&mut self, bits: u32) -> u32 {
            let mut x = self.next() & (u32::MAX >> (32 - bits));
            for _ in 0..self.next() % 3 {
                x &= self.next();
            }
            x
        }

        fn array<const N: usize>(&mut self, bits: u32) -> [u32; N] {
            std::array::from_fn(|_| self.sparse(bits))
        }
    }

    #[test]
    fn the_vector_reductions_agree_with_the_loops() {
        let mut words = Words(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let band: [u32; 9] = words.array(27);
            let cells = words.sparse(27);
            assert_eq!(had_cells(&band, cells), portable::had_cells(&band, cells));
            assert_eq!(one_and_two(&band), portable::one_and_two(&band));
            let rows: [u32; 27] = words.array(32);
            let columns: [u32; 9] = words.array(27);
            assert_eq!(
                three_and_four(&rows, &columns),
                portable::three_and_four(&rows, &columns)
            );
        }
    }

    /// The loops themselves, on words built to have known counts.
    #[test]
    fn the_loops_count_what_they_say() {
        let mut band = [0u32; 9];
        for (d, x) in band.iter_mut().enumerate() {
            // Bit k is set in the first k words: bit 0 nowhere, bit 9 in all nine.
            *x = (0..10).filter(|&k| d < k).fold(0, |acc, k| acc | 1 << k);
        }
        assert_eq!(portable::one_and_two(&band), (0x3FE, 0x3FC));
        assert_eq!(portable::had_cells(&band, 1 << 3), 0b111);
        assert_eq!(portable::had_cells(&band, 1), 0);
        let mut rows = [0u32; 27];
        let mut columns = [0u32; 9];
        for d in 0..9 {
            rows[d] = (band[d] & 0x1FF) | 0xFE00; // bits above 9 are not confinement
            columns[d] = band[d];
        }
        let (three, four) = portable::three_and_four(&rows, &columns);
        assert_eq!(three, 0x1F8 | (0x3F8u64 << 32));
        assert_eq!(four, 0x1F0 | (0x3F0u64 << 32));
    }
}
