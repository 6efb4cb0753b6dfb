//! [`DigitSet`]: a set of the digits 1 to 9 held in nine bits.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

/// A set of Sudoku digits (1 to 9), stored as a 9-bit mask: digit `d` is bit `d - 1`.
///
/// Every operation is a handful of integer instructions, which is why solvers keep one of
/// these per cell, row, column or box. Bits above the ninth are never set.
///
/// ```
/// use sudoku_core::DigitSet;
///
/// let mut set = DigitSet::EMPTY;
/// set.insert(3);
/// set.insert(7);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(7));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 7]);
/// assert_eq!((!set).len(), 7);
/// set.remove(3);
/// assert_eq!(set.single(), Some(7));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1FF);

    /// The set whose bit `d - 1` is set for each digit `d`; bits above the ninth are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1FF)
    }

    /// The raw 9-bit mask (digit `d` is bit `d - 1`).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit`; empty for a value outside 1..=9, which no set holds.
    #[inline]
    pub const fn only(digit: u8) -> DigitSet {
        if digit >= 1 && digit <= 9 {
            DigitSet(1 << (digit - 1))
        } else {
            DigitSet::EMPTY
        }
    }

    /// Adds `digit`; returns whether it was added: `false` when it was there already, or is
    /// outside 1..=9 (no set holds such a value; the set is unchanged).
    #[inline]
    pub fn insert(&mut self, digit: u8) -> bool {
        let bit = DigitSet::only(digit).0;
        let absent = self.0 & bit == 0 && bit != 0;
        self.0 |= bit;
        absent
    }

    /// Removes `digit`; returns whether it was present. Digits outside 1..=9 are never present.
    #[inline]
    pub fn remove(&mut self, digit: u8) -> bool {
        if !(1..=9).contains(&digit) {
            return false;
        }
        let bit = 1 << (digit - 1);
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    /// Whether `digit` is in the set. Digits outside 1..=9 never are.
    #[inline]
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= 9 && self.0 & (1 << (digit - 1)) != 0
    }

    /// How many digits the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit when the set holds exactly one, else `None`.
    #[inline]
    pub const fn single(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The smallest digit of the set, or `None` when it is empty.
    #[inline]
    pub const fn min(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The largest digit of the set, or `None` when it is empty.
    #[inline]
    pub const fn max(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(16 - self.0.leading_zeros() as u8)
        }
    }

    /// The digits in increasing order, found by lowest-bit enumeration.
    #[inline]
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct Digits(u16);

impl Iterator for Digits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Digits {}

impl IntoIterator for DigitSet {
    type Item = u8;
    type IntoIter = Digits;

    fn into_iter(self) -> Digits {
        self.iter()
    }
}

impl FromIterator<u8> for DigitSet {
    /// Collects digits into a set (values outside 1..=9 are not digits, and are left out).
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for DigitSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for DigitSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl BitXor for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitxor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 ^ rhs.0)
    }
}

impl Sub for DigitSet {
    type Output = DigitSet;
    /// Set difference: the digits of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl SubAssign for DigitSet {
    #[inline]
    fn sub_assign(&mut self, rhs: DigitSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// The complement within 1..=9.
    #[inline]
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & 0x1FF)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}

impl fmt::Display for DigitSet {
    /// Writes the digits in braces, e.g. `{1,5,9}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, digit) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_contains_len() {
        let mut set = DigitSet::EMPTY;
        assert!(set.is_empty());
        for d in 1..=9 {
            assert!(set.insert(d));
            assert!(!set.insert(d), "second insert of {d} reports absent");
            assert!(set.contains(d));
            assert_eq!(set.len(), u32::from(d));
        }
        assert_eq!(set, DigitSet::ALL);
        for d in 1..=9 {
            assert!(set.remove(d));
            assert!(!set.remove(d));
            assert!(!set.contains(d));
        }
        assert!(set.is_empty());
        assert!(!set.contains(0) && !set.contains(10));
        assert!(!set.remove(0) && !set.remove(200));
    }

    #[test]
    fn single_min_max() {
        assert_eq!(DigitSet::EMPTY.single(), None);
        assert_eq!(DigitSet::EMPTY.min(), None);
        assert_eq!(DigitSet::EMPTY.max(), None);
        for d in 1..=9 {
            let set = DigitSet::only(d);
            assert_eq!(set.single(), Some(d));
            assert_eq!(set.min(), Some(d));
            assert_eq!(set.max(), Some(d));
        }
        let set: DigitSet = [2, 5, 8].into_iter().collect();
        assert_eq!(set.single(), None);
        assert_eq!(set.min(), Some(2));
        assert_eq!(set.max(), Some(8));
    }

    #[test]
    fn iteration_is_increasing_and_exact() {
        for bits in 0..512u16 {
            let set = DigitSet::from_bits(bits);
            let digits: Vec<u8> = set.iter().collect();
            assert_eq!(digits.len(), set.len() as usize);
            assert_eq!(set.iter().len(), digits.len());
            assert!(digits.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(digits.into_iter().collect::<DigitSet>(), set);
        }
    }

    #[test]
    fn operators_stay_within_nine_bits() {
        let a = DigitSet::from_bits(0xFFFF);
        assert_eq!(a, DigitSet::ALL);
        let odd: DigitSet = [1, 3, 5, 7, 9].into_iter().collect();
        let even = !odd;
        assert_eq!(even.iter().collect::<Vec<_>>(), vec![2, 4, 6, 8]);
        assert_eq!(odd | even, DigitSet::ALL);
        assert_eq!(odd & even, DigitSet::EMPTY);
        assert_eq!(DigitSet::ALL - odd, even);
        assert_eq!(odd ^ DigitSet::ALL, even);
        assert_eq!((!DigitSet::ALL).bits(), 0);
    }

    #[test]
    fn display_lists_digits() {
        let set: DigitSet = [9, 1, 5].into_iter().collect();
        assert_eq!(set.to_string(), "{1,5,9}");
        assert_eq!(format!("{set:?}"), "DigitSet({1,5,9})");
        assert_eq!(DigitSet::EMPTY.to_string(), "{}");
    }

    #[test]
    fn values_outside_one_to_nine_are_never_members() {
        assert_eq!(
            (DigitSet::only(0), DigitSet::only(10)),
            (DigitSet::EMPTY, DigitSet::EMPTY)
        );
        let mut set = DigitSet::EMPTY;
        assert!(!set.insert(0) && !set.insert(255) && set.is_empty());
        assert!(set.insert(9) && !set.insert(9));
        let collected: DigitSet = [0, 3, 10, 200].into_iter().collect();
        assert_eq!(collected, DigitSet::only(3));
    }
}
