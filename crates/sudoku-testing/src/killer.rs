//! An independent count of a killer puzzle's solutions, to check the killer solver's counts
//! and "no solution" answers against.
//!
//! It shares nothing with `sudoku-killer`'s search (and does not depend on it: a puzzle is its
//! cages, as sums and cells, and its givens): a plain backtracking over cells with the fewest
//! candidates, where a digit is a candidate when its row, column, box and cage lack it and the
//! cage's remaining sum can still be made of different unused digits in its remaining cells.
//! Slower than the solver, but simple enough to trust.

use std::sync::OnceLock;

use sudoku_core::{Grid, UnitDigits};

/// `SUMS[avail][k]`: bit `s` set when `k` different digits of the set `avail` (bit `d - 1` for
/// digit `d`) can add up to `s`.
fn sums() -> &'static [[u64; 10]; 512] {
    static SUMS: OnceLock<Box<[[u64; 10]; 512]>> = OnceLock::new();
    SUMS.get_or_init(|| {
        let mut table = Box::new([[0u64; 10]; 512]);
        for (avail, row) in table.iter_mut().enumerate() {
            // Every subset of `avail`, the empty one included.
            let mut sub = avail;
            loop {
                let sum: u32 = (0..9).filter(|d| sub >> d & 1 == 1).map(|d| d + 1).sum();
                row[sub.count_ones() as usize] |= 1 << sum;
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & avail;
            }
        }
        table
    })
}

struct Search<'a> {
    cells: [u8; 81],
    /// The digits of each row, column and box.
    digits: UnitDigits,
    cage_of: [usize; 81],
    /// The cells of each cage.
    cages: Vec<Vec<usize>>,
    /// Per cage: digits used, sum still missing, empty cells left.
    used: Vec<u16>,
    missing: Vec<u32>,
    empty: Vec<u32>,
    sums: &'a [[u64; 10]; 512],
    found: usize,
    limit: usize,
}

impl Search<'_> {
    fn place(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.cells[cell] = digit;
        self.digits.insert(cell, digit);
        let cage = self.cage_of[cell];
        self.used[cage] |= bit;
        self.missing[cage] -= u32::from(digit);
        self.empty[cage] -= 1;
    }

    fn unplace(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.cells[cell] = 0;
        self.digits.remove(cell, digit);
        let cage = self.cage_of[cell];
        self.used[cage] &= !bit;
        self.missing[cage] += u32::from(digit);
        self.empty[cage] += 1;
    }

    /// The digits that no peer and no cage-mate holds in the empty `cell`.
    fn free(&self, cell: usize) -> u16 {
        self.digits.free(cell).expect("a cell of the grid").bits() & !self.used[self.cage_of[cell]]
    }

    /// The digits that may go in the empty `cell` now: free ones after which the cage's missing
    /// sum can still be made of different digits free in its other empty cells.
    fn candidates(&self, cell: usize) -> u16 {
        let cage = self.cage_of[cell];
        let free = self.free(cell);
        let others = self.cages[cage]
            .iter()
            .filter(|&&c| c != cell && self.cells[c] == 0)
            .fold(0, |acc, &c| acc | self.free(c));
        let rest = self.empty[cage] as usize - 1;
        let mut keep = 0;
        for d in 1..=9u32 {
            let bit = 1u16 << (d - 1);
            if free & bit == 0 || d > self.missing[cage] {
                continue;
            }
            let avail = others & !bit;
            if self.sums[avail as usize][rest] >> (self.missing[cage] - d) & 1 == 1 {
                keep |= bit;
            }
        }
        keep
    }

    fn run(&mut self) {
        let mut best = None;
        let mut fewest = 10;
        for cell in 0..81 {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            let n = candidates.count_ones();
            if n < fewest {
                fewest = n;
                best = Some((cell, candidates));
                if n <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut candidates)) = best else {
            self.found += 1;
            return;
        };
        while candidates != 0 && self.found < self.limit {
            let digit = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            self.place(cell, digit);
            self.run();
            self.unplace(cell, digit);
        }
    }
}

/// The number of solutions, counting at most to `limit`, of the killer puzzle whose cages are
/// `cages` (each a sum and its cells, 0 to 80; together they cover every cell once) and whose
/// givens are `givens`. A given that its row, column, box or cage already rules out leaves no
/// solution.
///
/// ```
/// use sudoku_testing::reference_count_killer;
///
/// // Nine row cages of 45 say nothing beyond Sudoku: a classic puzzle with one solution.
/// let rows: Vec<(u32, Vec<usize>)> = (0..9).map(|r| (45, (r * 9..r * 9 + 9).collect())).collect();
/// let puzzle: sudoku_core::Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let cages = rows.iter().map(|(sum, cells)| (*sum, cells.as_slice()));
/// assert_eq!(reference_count_killer(cages, Some(&puzzle), 2), 1);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
///
/// # Panics
///
/// When a cell is in no cage.
pub fn reference_count_killer<'a>(
    cages: impl IntoIterator<Item = (u32, &'a [usize])>,
    givens: Option<&Grid>,
    limit: usize,
) -> usize {
    let cages: Vec<(u32, &[usize])> = cages.into_iter().collect();
    let mut cage_of = [usize::MAX; 81];
    for (k, (_, cells)) in cages.iter().enumerate() {
        for &cell in *cells {
            cage_of[cell] = k;
        }
    }
    assert!(
        cage_of.iter().all(|&k| k != usize::MAX),
        "the cages cover every cell"
    );
    let mut search = Search {
        cells: [0; 81],
        digits: UnitDigits::EMPTY,
        cage_of,
        cages: cages.iter().map(|(_, cells)| cells.to_vec()).collect(),
        used: vec![0; cages.len()],
        missing: cages.iter().map(|&(sum, _)| sum).collect(),
        empty: cages.iter().map(|(_, cells)| cells.len() as u32).collect(),
        sums: sums(),
        found: 0,
        limit,
    };
    if let Some(givens) = givens {
        for cell in 0..81 {
            let digit = givens[cell];
            if digit == 0 {
                continue;
            }
            // A given its peers or its cage already rule out leaves no solution.
            if search.candidates(cell) & 1 << (digit - 1) == 0 {
                return 0;
            }
            search.place(cell, digit);
        }
    }
    search.run();
    search.found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_sums() {
        let table = sums();
        assert_eq!(table[0x1ff][0], 1);
        assert_eq!(table[0x1ff][9], 1 << 45);
        // Two of {1, 2, 4}: 3, 5 or 6.
        assert_eq!(table[0b1011][2], 1 << 3 | 1 << 5 | 1 << 6);
        assert_eq!(table[0b1011][3], 1 << 7);
        assert_eq!(table[0b1011][4], 0);
    }

    /// Row cages of 45 make a killer puzzle a classic one: the counts are the classic
    /// reference's on the conformance table (without clashes, which a killer puzzle cannot
    /// hold), and a cage sum off by one leaves no solution.
    #[test]
    fn row_cages_count_as_the_classic_reference() {
        let rows: Vec<(u32, Vec<usize>)> =
            (0..9).map(|r| (45, (r * 9..r * 9 + 9).collect())).collect();
        for case in crate::CASES {
            let puzzle = case.puzzle();
            if puzzle.clash().is_some() || puzzle.filled() < 17 {
                continue;
            }
            let cages = rows.iter().map(|(sum, cells)| (*sum, cells.as_slice()));
            assert_eq!(
                reference_count_killer(cages, Some(&puzzle), 10),
                crate::reference_count(&puzzle, 10),
                "{}",
                case.name
            );
        }
        let mut wrong = rows.clone();
        wrong[0].0 = 44;
        wrong[1].0 = 46;
        let cages = wrong.iter().map(|(sum, cells)| (*sum, cells.as_slice()));
        assert_eq!(reference_count_killer(cages, None, 1), 0);
    }
}
