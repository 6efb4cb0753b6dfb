//! Sums of different digits over cells with candidate masks: the digits each cell can keep
//! and the digits every fitting combination holds, in closed form for two and three cells
//! and by sets of digit sets for more.

use super::ALL;
use crate::combos::combinations;

/// Each 9-bit digit set reversed: digit `d` becomes digit `10 - d`.
const REVERSED: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut d = 0;
        while d < 9 {
            if m & (1 << d) != 0 {
                table[m] |= 1 << (8 - d);
            }
            d += 1;
        }
        m += 1;
    }
    table
};

/// The digits `sum - e` for the digits `e` of `m`, those from 1 to 9.
#[inline]
fn mirror(m: u16, sum: u32) -> u16 {
    // Reversed, digit e is 10 - e; shifting by sum - 10 makes it sum - e.
    let reversed = u32::from(REVERSED[m as usize]);
    let shifted = if sum >= 10 {
        reversed << (sum - 10).min(16)
    } else {
        reversed >> (10 - sum)
    };
    shifted as u16 & ALL
}

/// Two cells with candidates `a` and `b` holding different digits that add up to `sum`: the
/// digits each can keep.
#[inline]
pub(super) fn pair(a: u16, b: u16, sum: u32) -> (u16, u16) {
    if !(3..=17).contains(&sum) {
        return (0, 0);
    }
    // A digit cannot pair with itself.
    let half = if sum % 2 == 0 { 1 << (sum / 2 - 1) } else { 0 };
    let keep_a = a & mirror(b, sum) & !half;
    (keep_a, mirror(keep_a, sum))
}

/// Three cells with candidates `cand` holding different digits that add up to `sum`: the
/// digits each can keep, and the digits every fitting combination holds. Each digit `d` of
/// the first cell stays when the other two can take different digits other than `d` adding up
/// to `sum - d` (see [`pair`]).
#[inline]
pub(super) fn triple(cand: [u16; 3], sum: u32) -> ([u16; 3], u16) {
    let mut keep = [0u16; 3];
    let mut must = ALL;
    let mut digits = cand[0];
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let d = bit.trailing_zeros() + 1;
        if d >= sum {
            break;
        }
        let rest = sum - d;
        let (with_b, with_c) = pair(cand[1] & !bit, cand[2] & !bit, rest);
        if with_b == 0 {
            continue;
        }
        keep[0] |= bit;
        keep[1] |= with_b;
        keep[2] |= with_c;
        let mut m = with_b;
        while m != 0 && must != 0 {
            let e = m & m.wrapping_neg();
            m &= m - 1;
            must &= bit | e | mirror(e, rest);
        }
    }
    (keep, must)
}

/// Positions `p` within a 64-bit word whose bit `d` is clear, for `d` below 6
/// (`0x5555...`, `0x3333...`, `0x0F0F...` and so on).
const LOW: [u64; 6] = low_masks();
const _: () = assert!(LOW[0] == 0x5555_5555_5555_5555 && LOW[5] == 0x0000_0000_FFFF_FFFF);

const fn low_masks() -> [u64; 6] {
    let mut masks = [0u64; 6];
    let mut d = 0;
    while d < 6 {
        let mut p = 0;
        while p < 64 {
            if p >> d & 1 == 0 {
                masks[d] |= 1 << p;
            }
            p += 1;
        }
        d += 1;
    }
    masks
}

/// Over sets of digit sets (bit `m` = digit set `m`, in `W` words): adds to `dst` every
/// `S + {d}` for `S` in `src` without digit bit `d`.
#[inline]
fn add_digit<const W: usize>(src: &[u64; W], d: usize, dst: &mut [u64; W]) {
    if d < 6 {
        for w in 0..W {
            dst[w] |= (src[w] & LOW[d]) << (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                dst[w + off] |= src[w];
            }
        }
    }
}

/// Adds to `dst` every `T` without digit bit `d` such that `T + {d}` is in `src`.
#[inline]
fn remove_digit<const W: usize>(src: &[u64; W], d: usize, dst: &mut [u64; W]) {
    if d < 6 {
        for w in 0..W {
            dst[w] |= (src[w] & !LOW[d]) >> (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                dst[w] |= src[w + off];
            }
        }
    }
}

/// Whether some `S + {d}` for `S` in `src` without digit bit `d` is in `goal`.
#[inline]
fn meets<const W: usize>(src: &[u64; W], d: usize, goal: &[u64; W]) -> bool {
    let mut hit = 0;
    if d < 6 {
        for w in 0..W {
            hit |= src[w] & LOW[d] & goal[w] >> (1 << d);
        }
    } else {
        let off = 1 << (d - 6);
        for w in 0..W {
            if w & off == 0 {
                hit |= src[w] & goal[w + off];
            }
        }
    }
    hit != 0
}

/// Cells with candidates `cand` holding different digits that add up to `sum`: the digits
/// each cell can keep and the digits every fitting digit set holds (see [`exact_sum`]).
pub(super) fn distinct_sum(cand: &[u16], sum: u32) -> ([u16; 9], u16) {
    // Work over the digits some cell can still take, renumbered 0..n, so the sets of digit
    // sets usually fit one 64-bit word (n <= 6) instead of eight.
    let union = cand.iter().fold(0, |u, &m| u | m);
    let mut index = [0u8; 9];
    let mut rest = union;
    let mut k = 0;
    while rest != 0 {
        index[rest.trailing_zeros() as usize] = k;
        rest &= rest - 1;
        k += 1;
    }
    let sum = sum as usize;
    match union.count_ones() {
        0..=6 => exact_sum::<1>(cand, &index, union, sum),
        7 => exact_sum::<2>(cand, &index, union, sum),
        8 => exact_sum::<4>(cand, &index, union, sum),
        _ => exact_sum::<8>(cand, &index, union, sum),
    }
}

/// Cells with candidates `cand` holding different digits that add up to `sum`, exactly: the
/// digits each cell can keep (a digit stays when some assignment of different candidates to
/// all the cells reaches the sum), and the digits every fitting digit set holds.
///
/// The digits some cell can take (`union`) are renumbered by `index` to 0..n, and sets of
/// those digit sets are bit sets of `W` 64-bit words (bit `m` = digit set `m`): `forward[i]`
/// holds the digit sets the first `i` cells can take, and going backward `goal` holds those
/// the first `i` cells must take for the rest to complete a fitting digit set. A digit is kept
/// in cell `i` when one step forward from `forward[i]` meets `goal`.
fn exact_sum<const W: usize>(
    cand: &[u16],
    index: &[u8; 9],
    union: u16,
    sum: usize,
) -> ([u16; 9], u16) {
    let len = cand.len();
    let mut forward = [[0u64; W]; 10];
    forward[0][0] = 1;
    for i in 0..len {
        let mut next = [0u64; W];
        let mut m = cand[i];
        while m != 0 {
            let d = index[m.trailing_zeros() as usize] as usize;
            m &= m - 1;
            add_digit(&forward[i], d, &mut next);
        }
        forward[i + 1] = next;
    }
    let mut goal = [0u64; W];
    let mut valid = 0u16;
    let mut must = ALL;
    for &combo in combinations(len, sum) {
        if combo & !union != 0 {
            continue;
        }
        let mut packed = 0usize;
        let mut m = combo;
        while m != 0 {
            packed |= 1 << index[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let (w, b) = (packed / 64, packed % 64);
        if forward[len][w] >> b & 1 != 0 {
            goal[w] |= 1 << b;
            valid |= combo;
            must &= combo;
        }
    }
    let mut keep = [0u16; 9];
    if valid == 0 {
        return (keep, must);
    }
    for i in (0..len).rev() {
        let mut before = [0u64; W];
        let mut m = cand[i] & valid;
        while m != 0 {
            let bit = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = index[bit] as usize;
            if meets(&forward[i], d, &goal) {
                keep[i] |= 1 << bit;
                remove_digit(&goal, d, &mut before);
            }
        }
        goal = before;
    }
    (keep, must)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every assignment of different candidates adding up to `sum`: the
    /// digits each cell can keep, and the digits every fitting assignment uses.
    fn brute(cand: &[u16], sum: u32) -> (Vec<u16>, u16) {
        let mut keep = vec![0u16; cand.len()];
        let mut must = ALL;
        let mut digits = vec![0u32; cand.len()];
        fn go(
            i: usize,
            cand: &[u16],
            sum: u32,
            digits: &mut Vec<u32>,
            keep: &mut [u16],
            must: &mut u16,
        ) {
            if i == cand.len() {
                if digits.iter().sum::<u32>() == sum {
                    let mut used = 0;
                    for (k, &d) in keep.iter_mut().zip(digits.iter()) {
                        *k |= 1 << (d - 1);
                        used |= 1 << (d - 1);
                    }
                    *must &= used;
                }
                return;
            }
            for d in 1..=9u32 {
                if cand[i] >> (d - 1) & 1 != 0 && !digits[..i].contains(&d) {
                    digits[i] = d;
                    go(i + 1, cand, sum, digits, keep, must);
                }
            }
        }
        go(0, cand, sum, &mut digits, &mut keep, &mut must);
        (keep, must)
    }

    /// The general rule keeps exactly what brute force keeps, for 2 to 6 cells, on seeded
    /// random candidates (often all nine digits, so that the sets of digit sets take one to
    /// eight words) and sums around each size's middle.
    #[test]
    fn distinct_sums_agree_with_brute_force() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(405);
        for _ in 0..400 {
            let len = rng.random_range(2..=6usize);
            let cand: Vec<u16> = (0..len)
                .map(|_| {
                    if rng.random_bool(0.3) {
                        ALL
                    } else {
                        rng.random_range(1..512u16)
                    }
                })
                .collect();
            let middle = 5 * len as u32;
            for sum in middle.saturating_sub(8)..=middle + 8 {
                let (keep, must) = brute(&cand, sum);
                let (got, got_must) = distinct_sum(&cand, sum);
                assert_eq!(got[..len], keep[..], "{cand:?} sum {sum}");
                assert!(got[len..].iter().all(|&k| k == 0));
                if keep[0] != 0 {
                    assert_eq!(got_must, must, "{cand:?} sum {sum}");
                }
            }
        }
    }

    /// The closed forms for two and three cells keep exactly what brute force keeps, on
    /// seeded random candidates and every sum.
    #[test]
    fn pairs_and_triples_agree_with_brute_force() {
        use rand::RngExt;
        let mut rng = sudoku_core::seeded_rng(45);
        for _ in 0..3000 {
            let cand: [u16; 3] = std::array::from_fn(|_| rng.random_range(1..512u16));
            for sum in 0..=30 {
                let (keep, _) = brute(&cand[..2], sum);
                let (a, b) = pair(cand[0], cand[1], sum);
                assert_eq!([a, b], keep[..], "{cand:?} sum {sum}");
                let (keep, must) = brute(&cand, sum);
                let (got, got_must) = triple(cand, sum);
                assert_eq!(got, keep[..], "{cand:?} sum {sum}");
                if keep[0] != 0 {
                    assert_eq!(got_must, must, "{cand:?} sum {sum}");
                }
            }
        }
    }
}
