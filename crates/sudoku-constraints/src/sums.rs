//! Tables and sets behind the sum propagators: the digit sets of each size and sum, and the
//! reachable-sum bit sets of linear sums.

use std::sync::OnceLock;

/// For a board of side `n`: every set of digits (bit `d - 1` for digit `d`) sorted by size
/// and sum, with the start of each (size, sum) slice.
pub(crate) struct Combos {
    n: usize,
    max_sum: usize,
    start: Vec<u32>,
    sorted: Vec<u32>,
}

impl Combos {
    fn new(n: usize) -> Combos {
        let max_sum = n * (n + 1) / 2;
        let key = |mask: u32| {
            let sum: usize = (0..n).filter(|&d| mask >> d & 1 != 0).map(|d| d + 1).sum();
            mask.count_ones() as usize * (max_sum + 1) + sum
        };
        let mut start = vec![0u32; (n + 1) * (max_sum + 1) + 1];
        let masks = 1u32 << n;
        for mask in 0..masks {
            start[key(mask) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut sorted = vec![0u32; masks as usize];
        for mask in 0..masks {
            let k = key(mask);
            sorted[next[k] as usize] = mask;
            next[k] += 1;
        }
        Combos {
            n,
            max_sum,
            start,
            sorted,
        }
    }

    /// The tables of side `n` (1 to 16), built once.
    pub(crate) fn of(n: usize) -> &'static Combos {
        static TABLES: [OnceLock<Combos>; 17] = [const { OnceLock::new() }; 17];
        TABLES[n].get_or_init(|| Combos::new(n))
    }

    /// The sets of `size` different digits adding up to `sum`.
    pub(crate) fn get(&self, size: usize, sum: usize) -> &[u32] {
        if size > self.n || sum > self.max_sum {
            return &[];
        }
        let k = size * (self.max_sum + 1) + sum;
        &self.sorted[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// A bit set of sums, `words` 64-bit words per set, kept in a scratch buffer.
pub(crate) struct SumSets<'a> {
    words: usize,
    buf: &'a mut Vec<u64>,
}

impl<'a> SumSets<'a> {
    pub(crate) fn new(buf: &'a mut Vec<u64>, sets: usize, width: usize) -> SumSets<'a> {
        let words = width.div_ceil(64).max(1);
        buf.clear();
        buf.resize(sets * words, 0);
        SumSets { words, buf }
    }

    pub(crate) fn set(&mut self, index: usize, bit: usize) {
        self.buf[index * self.words + bit / 64] |= 1 << (bit % 64);
    }

    pub(crate) fn get(&self, index: usize, bit: usize) -> bool {
        bit / 64 < self.words && self.buf[index * self.words + bit / 64] >> (bit % 64) & 1 != 0
    }

    /// Word `w` of set `index` shifted by `shift` bits (towards higher bits when positive).
    fn shifted_word(&self, index: usize, shift: isize, w: usize) -> u64 {
        let base = &self.buf[index * self.words..(index + 1) * self.words];
        let bit = w as isize * 64 - shift;
        let (q, r) = (bit.div_euclid(64), bit.rem_euclid(64) as u32);
        let at = |i: isize| {
            if i >= 0 && (i as usize) < base.len() {
                base[i as usize]
            } else {
                0
            }
        };
        if r == 0 {
            at(q)
        } else {
            (at(q) >> r) | (at(q + 1) << (64 - r))
        }
    }

    /// Set `dst` |= set `src` shifted by `shift`.
    pub(crate) fn or_shifted(&mut self, dst: usize, src: usize, shift: isize) {
        for w in 0..self.words {
            let v = self.shifted_word(src, shift, w);
            self.buf[dst * self.words + w] |= v;
        }
    }

    /// Whether set `a` shifted by `shift` meets set `b`.
    pub(crate) fn meets_shifted(&self, a: usize, shift: isize, b: usize) -> bool {
        (0..self.words).any(|w| self.shifted_word(a, shift, w) & self.buf[b * self.words + w] != 0)
    }

    pub(crate) fn clear(&mut self, index: usize) {
        self.buf[index * self.words..(index + 1) * self.words].fill(0);
    }

    pub(crate) fn copy(&mut self, dst: usize, src: usize) {
        let w = self.words;
        self.buf.copy_within(src * w..(src + 1) * w, dst * w);
    }
}

/// The digits each cell keeps so that `sum(coefs[i] * digit[i]) == target` has a solution with
/// every digit among its cell's `masks` (digits may repeat): exact support, by reachable
/// partial sums forward and the sums still needed backward. `None` when there is no solution.
pub(crate) fn linear_support(
    masks: &[u32],
    coefs: &[i32],
    target: i32,
    keep: &mut [u32],
    buf: &mut Vec<u64>,
) -> Option<()> {
    let k = masks.len();
    let term = |i: usize, m: u32| -> (i32, i32) {
        let (lo_d, hi_d) = (m.trailing_zeros() as i32 + 1, 32 - m.leading_zeros() as i32);
        let (a, b) = (coefs[i] * lo_d, coefs[i] * hi_d);
        (a.min(b), a.max(b))
    };
    let (mut lo, mut hi, mut min_total, mut max_total) = (0i32, 0i32, 0i32, 0i32);
    for i in 0..k {
        if masks[i] == 0 {
            return None;
        }
        let (a, b) = term(i, masks[i]);
        lo += a.min(0);
        hi += b.max(0);
        min_total += a;
        max_total += b;
    }
    if target < min_total || target > max_total {
        return None;
    }
    if hi < 64 && coefs.iter().all(|&c| c == 1) {
        return plain_sum_support(masks, target as u32, keep);
    }
    let width = (hi - lo + 1) as usize;
    // Sets 0..=k: prefix sums; set k + 1 and k + 2: what is needed, now and next.
    let mut sets = SumSets::new(buf, k + 3, width);
    sets.set(0, (-lo) as usize);
    for i in 0..k {
        let mut m = masks[i];
        while m != 0 {
            let d = m.trailing_zeros() as i32 + 1;
            m &= m - 1;
            sets.or_shifted(i + 1, i, (coefs[i] * d) as isize);
        }
    }
    if !sets.get(k, (target - lo) as usize) {
        return None;
    }
    let (need, next) = (k + 1, k + 2);
    sets.set(need, (target - lo) as usize);
    for i in (0..k).rev() {
        sets.clear(next);
        let mut out = 0;
        let mut m = masks[i];
        while m != 0 {
            let d = m.trailing_zeros() as i32 + 1;
            m &= m - 1;
            let shift = (coefs[i] * d) as isize;
            if sets.meets_shifted(i, shift, need) {
                out |= 1 << (d - 1);
                sets.or_shifted(next, need, -shift);
            }
        }
        keep[i] = out;
        sets.copy(need, next);
    }
    Some(())
}

/// [`linear_support`] of a plain sum (every coefficient 1) whose largest total is below 64:
/// the reachable sums of each prefix fit in one word.
fn plain_sum_support(masks: &[u32], target: u32, keep: &mut [u32]) -> Option<()> {
    // Each cell adds at least 1, so there are at most 63 cells.
    let mut reach = [0u64; 64];
    reach[0] = 1;
    for (i, &m) in masks.iter().enumerate() {
        let mut rest = m;
        while rest != 0 {
            let d = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            reach[i + 1] |= reach[i] << d;
        }
    }
    let mut need = 1u64 << target;
    if reach[masks.len()] & need == 0 {
        return None;
    }
    for (i, &m) in masks.iter().enumerate().rev() {
        let (mut out, mut next) = (0, 0);
        let mut rest = m;
        while rest != 0 {
            let d = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            if (reach[i] << d) & need != 0 {
                out |= 1 << (d - 1);
                next |= need >> d;
            }
        }
        keep[i] = out;
        need = next & reach[i];
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_of_nine() {
        let combos = Combos::of(9);
        assert_eq!(combos.get(3, 7), &[0b1011]);
        assert_eq!(combos.get(2, 10).len(), 4);
        assert_eq!(combos.get(9, 45), &[0x1FF]);
        assert!(combos.get(10, 45).is_empty());
        assert_eq!(Combos::of(4).get(2, 7), &[0b1100]);
    }

    #[test]
    fn linear_support_is_exact() {
        let mut buf = Vec::new();
        let mut keep = [0u32; 3];
        // a + b - c == 0 with a in {1,2}, b in {1,5}, c in {3,9}: 1+?; 2+1=3, 2+? ; c=3: (2,1); c=9: none.
        linear_support(
            &[0b11, 0b10001, 0b100000100],
            &[1, 1, -1],
            0,
            &mut keep,
            &mut buf,
        )
        .unwrap();
        assert_eq!(keep, [0b10, 0b1, 0b100]);
        assert!(linear_support(&[0b1, 0b1], &[1, 1], 5, &mut keep, &mut buf).is_none());
        // A pill: 10 * a + b == c + d + e.
        let mut keep = [0u32; 5];
        let nine = 0x1FF;
        linear_support(
            &[nine, nine, nine, nine, nine],
            &[-10, -1, 1, 1, 1],
            0,
            &mut keep,
            &mut buf,
        )
        .unwrap();
        assert_eq!(keep[0], 0b11); // 10 + b <= 27: a is 1 or 2
    }

    /// Plain sums in one word agree with the sets of sums (reached here through the same sum
    /// negated): random candidates, every target.
    #[test]
    fn plain_sums_agree_with_sets_of_sums() {
        let mut buf = Vec::new();
        let mut next = crate::xorshift(0x853C_49E6_748F_EA9Bu64);
        let mut checked = 0;
        for k in 1..=6 {
            for round in 0..300 {
                let masks: Vec<u32> = (0..k)
                    .map(|_| {
                        let bits = next() & if round % 2 == 0 { u64::MAX } else { next() };
                        (bits as u32) & 0x1FF | 1 << (next() % 9)
                    })
                    .collect();
                for target in 0..=60 {
                    let (mut plain, mut sets) = (vec![0; k], vec![0; k]);
                    let a = plain_sum_support(&masks, target, &mut plain);
                    let b =
                        linear_support(&masks, &vec![-1; k], -(target as i32), &mut sets, &mut buf);
                    assert_eq!(a, b, "masks {masks:?}, target {target}");
                    if a.is_some() {
                        assert_eq!(plain, sets, "masks {masks:?}, target {target}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}

/// The largest side whose digit sets the exact cage rule tracks (2^12 sets of digits, 64
/// words); larger boards use the weaker rule of fitting digit sets.
pub(crate) const EXACT_SIDE: usize = 12;

/// Bit sets over the sets of digits of a board of side `n` (bit `s` for the digit set whose
/// mask is `s`), in a scratch buffer: `count` sets of `2^n` bits.
struct SubsetSets<'a> {
    words: usize,
    buf: &'a mut Vec<u64>,
}

/// For `j < 6`, the bits of a word whose index has bit `j` clear.
const CLEAR: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

impl SubsetSets<'_> {
    fn row(&self, i: usize) -> std::ops::Range<usize> {
        i * self.words..(i + 1) * self.words
    }

    /// Set `dst` |= { s | bit j : s in set `src`, s without bit j }.
    fn or_added(&mut self, dst: usize, src: usize, j: usize) {
        let (s, d) = (src * self.words, dst * self.words);
        if j < 6 {
            for w in 0..self.words {
                let v = (self.buf[s + w] & CLEAR[j]) << (1 << j);
                self.buf[d + w] |= v;
            }
        }
        if j >= 6 {
            let step = 1 << (j - 6);
            for w in 0..self.words {
                if w & step == 0 {
                    let v = self.buf[s + w];
                    self.buf[d + (w | step)] |= v;
                }
            }
        }
    }

    /// Whether some s in set `a` without bit j has s | bit j in set `b`.
    fn meets_added(&self, a: usize, j: usize, b: usize) -> bool {
        let (a, b) = (a * self.words, b * self.words);
        if j < 6 {
            (0..self.words).any(|w| (self.buf[a + w] & CLEAR[j]) << (1 << j) & self.buf[b + w] != 0)
        } else {
            let step = 1 << (j - 6);
            (0..self.words)
                .any(|w| w & step == 0 && self.buf[a + w] & self.buf[b + (w | step)] != 0)
        }
    }

    /// Set `dst` |= { s : s without bit j, s | bit j in set `src` }.
    fn or_removed(&mut self, dst: usize, src: usize, j: usize) {
        let (s, d) = (src * self.words, dst * self.words);
        if j < 6 {
            for w in 0..self.words {
                let v = (self.buf[s + w] >> (1 << j)) & CLEAR[j];
                self.buf[d + w] |= v;
            }
        } else {
            let step = 1 << (j - 6);
            for w in 0..self.words {
                if w & step == 0 {
                    let v = self.buf[s + (w | step)];
                    self.buf[d + w] |= v;
                }
            }
        }
    }
}

/// Exact support of a cage: different digits, one per cell among its `masks`, adding up to
/// `sum`, on a board of side `n` (at most [`EXACT_SIDE`]). Fills `keep` with the digits each
/// cell keeps and returns the digits every solution uses; `None` when there is none. Cells
/// with one digit left take it from the others and from the sum; of the rest, up to three
/// cells in closed form, more by subset sets: forward, the digit sets the first cells can use;
/// backward, those from which the rest can complete a digit set of the right size and sum.
pub(crate) fn cage_support(
    n: usize,
    masks: &[u32],
    sum: u32,
    keep: &mut [u32],
    buf: &mut Vec<u64>,
) -> Option<u32> {
    let (mut fixed, mut fixed_sum) = (0u32, 0u32);
    for &m in masks {
        if m & m.wrapping_sub(1) == 0 {
            if m == 0 || fixed & m != 0 {
                return None;
            }
            fixed |= m;
            fixed_sum += m.trailing_zeros() + 1;
        }
    }
    let open = masks.len() - fixed.count_ones() as usize;
    const MOST: usize = 32;
    if fixed == 0 || open > MOST {
        return open_support(n, masks, sum, keep, buf);
    }
    let rest_sum = sum.checked_sub(fixed_sum)?;
    let (mut rest, mut rest_keep) = ([0u32; MOST], [0u32; MOST]);
    let mut j = 0;
    for &m in masks {
        if m & (m - 1) != 0 {
            rest[j] = m & !fixed;
            j += 1;
        }
    }
    let must = open_support(n, &rest[..open], rest_sum, &mut rest_keep[..open], buf)?;
    let mut j = 0;
    for (k, &m) in keep.iter_mut().zip(masks) {
        if m & (m - 1) == 0 {
            *k = m;
        } else {
            *k = rest_keep[j];
            j += 1;
        }
    }
    Some(must | fixed)
}

/// [`cage_support`] without setting fixed cells apart.
fn open_support(
    n: usize,
    masks: &[u32],
    sum: u32,
    keep: &mut [u32],
    buf: &mut Vec<u64>,
) -> Option<u32> {
    match *masks {
        [] => (sum == 0).then_some(0),
        [a] => single_support(n, a, sum, keep),
        [a, b] => pair_support(n, a, b, sum, keep),
        [a, b, c] => triple_support(n, [a, b, c], sum, keep),
        _ => subset_cage_support(n, masks, sum, keep, buf),
    }
}

/// [`cage_support`] by subset sets, for cages of any size, in `scratch`.
fn subset_cage_support(
    n: usize,
    masks: &[u32],
    sum: u32,
    keep: &mut [u32],
    scratch: &mut Vec<u64>,
) -> Option<u32> {
    let k = masks.len();
    // Digit sets are over the digits some cell can take, numbered from 0 by `index`: with
    // few of them (6 or fewer), a set of digit sets is one word.
    let union = masks.iter().fold(0u32, |u, &m| u | m);
    let mut index = [0u8; 32];
    let mut rest = union;
    for i in 0..union.count_ones() as u8 {
        index[rest.trailing_zeros() as usize] = i;
        rest &= rest - 1;
    }
    let packed = |set: u32| {
        let mut bits = 0usize;
        let mut rest = set;
        while rest != 0 {
            bits |= 1 << index[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        bits
    };
    let words = ((1usize << union.count_ones()) / 64).max(1);
    scratch.clear();
    scratch.resize((2 * k + 2) * words, 0);
    let mut sets = SubsetSets {
        words,
        buf: scratch,
    };
    // Sets 0..=k forward, k+1..=2k+1 backward (index k + 1 + i for position i).
    sets.buf[0] |= 1;
    for i in 0..k {
        let mut m = masks[i];
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            sets.or_added(i + 1, i, usize::from(index[j]));
        }
    }
    // The complete sets: the right sum (size k holds by construction).
    let last = k + 1 + k;
    let mut any = false;
    let mut must = u32::MAX;
    for &combo in Combos::of(n).get(k, sum as usize) {
        if combo & !union != 0 {
            continue;
        }
        let set = packed(combo);
        let (w, b) = (set / 64, set % 64);
        if sets.buf[k * words + w] >> b & 1 != 0 {
            sets.buf[last * words + w] |= 1 << b;
            any = true;
            must &= combo;
        }
    }
    if !any {
        return None;
    }
    for i in (0..k).rev() {
        let mut out = 0;
        let mut m = masks[i];
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = usize::from(index[j]);
            if sets.meets_added(i, d, k + 2 + i) {
                out |= 1 << j;
                sets.or_removed(k + 1 + i, k + 2 + i, d);
            }
        }
        keep[i] = out;
        // Only the sets the forward pass reaches matter.
        let (fwd, back) = (sets.row(i), sets.row(k + 1 + i));
        for (f, b) in fwd.zip(back) {
            sets.buf[b] &= sets.buf[f];
        }
    }
    Some(must)
}

/// The digits `sum - e` for the digits `e` of `m`, those from 1 to `n`, for `sum` from 3 to
/// `2n - 1` (the sums of two different digits).
#[inline]
fn mirror(n: usize, m: u32, sum: u32) -> u32 {
    // Reversed, digit e is n + 1 - e; shifting by sum - (n + 1) makes it sum - e.
    let reversed = m.reverse_bits() >> (32 - n);
    let turn = sum as i32 - (n as i32 + 1);
    let shifted = if turn >= 0 {
        reversed << turn
    } else {
        reversed >> -turn
    };
    shifted & (u32::MAX >> (32 - n))
}

/// Two cells with candidates `a` and `b` holding different digits that add up to `sum`: the
/// digits each keeps.
#[inline]
fn pair(n: usize, a: u32, b: u32, sum: u32) -> (u32, u32) {
    if sum < 3 || sum as usize > 2 * n - 1 {
        return (0, 0);
    }
    // A digit does not pair with itself.
    let half = if sum % 2 == 0 { 1 << (sum / 2 - 1) } else { 0 };
    let keep_a = a & mirror(n, b, sum) & !half;
    (keep_a, mirror(n, keep_a, sum))
}

/// [`cage_support`] for one cell: it holds the sum.
fn single_support(n: usize, a: u32, sum: u32, keep: &mut [u32]) -> Option<u32> {
    keep[0] = if (1..=n as u32).contains(&sum) {
        a & 1 << (sum - 1)
    } else {
        0
    };
    (keep[0] != 0).then_some(keep[0])
}

/// [`cage_support`] for two cells: each keeps the digits whose complement the other holds.
fn pair_support(n: usize, a: u32, b: u32, sum: u32, keep: &mut [u32]) -> Option<u32> {
    (keep[0], keep[1]) = pair(n, a, b, sum);
    // One digit set, or several with no digit in common.
    let both = keep[0] | keep[1];
    (both != 0).then_some(if both.count_ones() == 2 { both } else { 0 })
}

/// [`cage_support`] for three cells: each digit of the first cell with what the other two
/// keep as a pair adding up to the rest.
fn triple_support(n: usize, cand: [u32; 3], sum: u32, keep: &mut [u32]) -> Option<u32> {
    keep[..3].fill(0);
    let mut must = u32::MAX;
    let mut rest = cand[0];
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let d = bit.trailing_zeros() + 1;
        if d >= sum {
            break;
        }
        let (keep_b, keep_c) = pair(n, cand[1] & !bit, cand[2] & !bit, sum - d);
        if keep_b == 0 {
            continue;
        }
        keep[0] |= bit;
        keep[1] |= keep_b;
        keep[2] |= keep_c;
        // The digit sets: this digit and each pair.
        let mut digits = keep_b;
        while digits != 0 && must != 0 {
            let e = digits & digits.wrapping_neg();
            digits &= digits - 1;
            must &= bit | e | mirror(n, e, sum - d);
        }
    }
    (keep[0] != 0).then_some(must)
}

#[cfg(test)]
mod cage_tests {
    use super::*;

    #[test]
    fn cage_support_is_exact() {
        let mut buf = Vec::new();
        let mut keep = [0u32; 3];
        let nine = 0x1FF;
        // Three cells adding up to 7: {1, 2, 4} only.
        let must = cage_support(9, &[nine, nine, nine], 7, &mut keep, &mut buf).unwrap();
        assert_eq!((keep, must), ([0b1011; 3], 0b1011));
        // With the first cell 4 and the second without 1: the second is 2, the third 1.
        cage_support(9, &[0b1000, 0b1_1111_1110, nine], 7, &mut keep, &mut buf).unwrap();
        assert_eq!(keep, [0b1000, 0b10, 0b1]);
        assert!(cage_support(9, &[0b1, 0b1], 2, &mut keep[..2], &mut buf).is_none());
        // 12x12: two cells adding up to 23 are 11 and 12.
        let twelve = 0xFFF;
        let mut keep = [0u32; 2];
        cage_support(12, &[twelve, twelve], 23, &mut keep, &mut buf).unwrap();
        assert_eq!(keep, [0xC00, 0xC00]);
        // 4x4: every digit set of four cells.
        let mut keep = [0u32; 4];
        cage_support(4, &[0xF; 4], 10, &mut keep, &mut buf).unwrap();
        assert_eq!(keep, [0xF; 4]);
    }

    /// The support of a cage found by trying every way of giving each digit set of the
    /// right size and sum to the cells: the digits each cell keeps, and those every fitting
    /// set holds.
    fn by_every_order(n: usize, masks: &[u32], sum: u32) -> Option<(Vec<u32>, u32)> {
        fn assign(
            masks: &[u32],
            i: usize,
            left: u32,
            chosen: &mut Vec<u32>,
            keep: &mut [u32],
        ) -> bool {
            if i == masks.len() {
                for (kept, &digit) in keep.iter_mut().zip(chosen.iter()) {
                    *kept |= digit;
                }
                return true;
            }
            let mut any = false;
            for d in 0..32 {
                let digit = 1u32 << d;
                if masks[i] & left & digit != 0 {
                    chosen.push(digit);
                    any |= assign(masks, i + 1, left & !digit, chosen, keep);
                    chosen.pop();
                }
            }
            any
        }
        let mut keep = vec![0; masks.len()];
        let mut must = u32::MAX;
        let mut any = false;
        for &combo in Combos::of(n).get(masks.len(), sum as usize) {
            if assign(masks, 0, combo, &mut Vec::new(), &mut keep) {
                any = true;
                must &= combo;
            }
        }
        any.then_some((keep, must))
    }

    /// The closed forms of small cages, the shortcut of fixed cells and the subset sets (over
    /// the digits the cells can take) agree with trying every order of every digit set: random
    /// candidates, every sum.
    #[test]
    fn cages_agree_with_every_order() {
        let mut buf = Vec::new();
        let mut next = crate::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut checked = 0;
        for n in [3, 4, 6, 9, 12] {
            for k in 1..=5.min(n) {
                for round in 0..100 {
                    // Dense candidates, and sparse ones (where digit sets are often forced).
                    let mut random = || {
                        let bits = next() & if round % 2 == 0 { u64::MAX } else { next() };
                        (bits as u32) & ((1 << n) - 1) | 1 << (next() % n as u64)
                    };
                    let masks: Vec<u32> = (0..k).map(|_| random()).collect();
                    for sum in 1..=(n * (n + 1) / 2) as u32 {
                        let expected = by_every_order(n, &masks, sum);
                        let (mut cage, mut subsets) = (vec![0; k], vec![0; k]);
                        let a = cage_support(n, &masks, sum, &mut cage, &mut buf);
                        let b = subset_cage_support(n, &masks, sum, &mut subsets, &mut buf);
                        let at = format!("n {n}, masks {masks:?}, sum {sum}");
                        assert_eq!(a, expected.as_ref().map(|e| e.1), "{at}");
                        assert_eq!(b, a, "{at}");
                        if let Some((keep, _)) = expected {
                            assert_eq!((&cage, &subsets), (&keep, &keep), "{at}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} cages with a solution");
    }
}
