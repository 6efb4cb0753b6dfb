//! [`Shard`]: one part of a job split for a batch scheduler (SLURM array jobs, GNU parallel,
//! xargs): the parts' outputs, concatenated in order, are the whole job's output.

use std::fmt;
use std::ops::Range;

use crate::failure::UsageError;

/// Part `index` (1 to `count`) of a job split into `count` contiguous parts, as
/// `split -n l/K/N` numbers them: part 1 is the first.
///
/// ```
/// use sudoku_api::Shard;
///
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!(shard.range(10), 3..6);
/// // The parts of any total cover it once, in order.
/// let parts: Vec<_> = (1..=3).map(|i| Shard::new(i, 3).unwrap().range(10)).collect();
/// assert_eq!(parts, [0..3, 3..6, 6..10]);
/// # Ok::<(), sudoku_api::UsageError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Shard {
    /// Part `index` of `count`.
    ///
    /// # Errors
    ///
    /// When `count` is 0 or `index` is not 1 to `count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, UsageError> {
        if count == 0 || !(1..=count).contains(&index) {
            return Err(UsageError::new(format!(
                "a shard is I/N with I from 1 to N (the first part is 1/N), got {index}/{count}"
            )));
        }
        Ok(Shard { index, count })
    }

    /// Which part, from 1.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// How many parts.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The items of this part out of `total`, numbered from 0: part `i` of `n` takes from
    /// `total * (i - 1) / n` up to `total * i / n`, so parts differ in size by one at most.
    pub fn range(&self, total: u64) -> Range<u64> {
        let at = |part: u64| (u128::from(total) * u128::from(part) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl std::str::FromStr for Shard {
    type Err = UsageError;

    fn from_str(text: &str) -> Result<Shard, UsageError> {
        let parsed = text
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((index, count)) => Shard::new(index, count),
            None => Err(UsageError::new(format!(
                "a shard is written I/N, such as 2/8 (the second of eight parts), got `{text}`"
            ))),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_of_any_total_cover_it_once_in_order() {
        for total in [0u64, 1, 2, 7, 100, 101, u64::MAX] {
            for count in [1u64, 2, 3, 7, 64] {
                let mut next = 0;
                for index in 1..=count {
                    let range = Shard::new(index, count).unwrap().range(total);
                    assert_eq!(range.start, next, "{total} {index}/{count}");
                    assert!(range.end - range.start <= (total / count).saturating_add(1));
                    next = range.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn bad_shards_are_named() {
        for text in ["0/4", "5/4", "1/0", "x/4", "3", ""] {
            assert!(text.parse::<Shard>().is_err(), "{text}");
        }
    }
}
