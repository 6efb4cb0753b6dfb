//! An independent count of a killer puzzle's solutions, for checking the killer solver's
//! counts and "no solution" answers on files that state no expectation.
//!
//! It shares nothing with `sudoku-killer`'s search: a plain backtracking over cells with the
//! fewest candidates, where a digit is a candidate when its row, column, box and cage lack it
//! and the cage's remaining sum can still be made of different unused digits in its remaining
//! cells. Slower than the solver, but simple enough to trust.

use std::sync::OnceLock;

use sudoku_core::{BOX_OF, COL_OF, ROW_OF};
use sudoku_killer::KillerPuzzle;

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
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
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
        self.rows[ROW_OF[cell] as usize] |= bit;
        self.cols[COL_OF[cell] as usize] |= bit;
        self.boxes[BOX_OF[cell] as usize] |= bit;
        let cage = self.cage_of[cell];
        self.used[cage] |= bit;
        self.missing[cage] -= u32::from(digit);
        self.empty[cage] -= 1;
    }

    fn unplace(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.cells[cell] = 0;
        self.rows[ROW_OF[cell] as usize] &= !bit;
        self.cols[COL_OF[cell] as usize] &= !bit;
        self.boxes[BOX_OF[cell] as usize] &= !bit;
        let cage = self.cage_of[cell];
        self.used[cage] &= !bit;
        self.missing[cage] += u32::from(digit);
        self.empty[cage] += 1;
    }

    /// The digits that no peer and no cage-mate holds in the empty `cell`.
    fn free(&self, cell: usize) -> u16 {
        !(self.rows[ROW_OF[cell] as usize]
            | self.cols[COL_OF[cell] as usize]
            | self.boxes[BOX_OF[cell] as usize]
            | self.used[self.cage_of[cell]])
            & 0x1ff
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

/// The number of solutions of `puzzle`, counting at most to `limit`.
pub(crate) fn killer_reference_count(puzzle: &KillerPuzzle, limit: usize) -> usize {
    let cages = puzzle.cages();
    let mut search = Search {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        cage_of: std::array::from_fn(|cell| puzzle.cage_of(cell)),
        cages: cages.iter().map(|cage| cage.cells.clone()).collect(),
        used: vec![0; cages.len()],
        missing: cages.iter().map(|cage| cage.sum).collect(),
        empty: cages.iter().map(|cage| cage.cells.len() as u32).collect(),
        sums: sums(),
        found: 0,
        limit,
    };
    if let Some(givens) = puzzle.givens() {
        for cell in 0..81 {
            let digit = givens.get(cell);
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
    use sudoku_core::Grid;
    use sudoku_killer::{Cage, KillerConfig, KillerReader, KillerSolver};

    use super::*;

    const SOLUTION: &str =
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

    /// Cages of two horizontally adjacent cells (a lone cell at each row's end) summed from
    /// `grid`.
    fn pairs(grid: &Grid) -> KillerPuzzle {
        let mut cages = Vec::new();
        for row in 0..9 {
            for start in (0..8).step_by(2) {
                let cells = [row * 9 + start, row * 9 + start + 1];
                let sum = cells.iter().map(|&c| u32::from(grid.get(c))).sum();
                cages.push(Cage::new(sum, cells));
            }
            let cell = row * 9 + 8;
            cages.push(Cage::new(u32::from(grid.get(cell)), [cell]));
        }
        KillerPuzzle::new(cages, None).unwrap()
    }

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

    #[test]
    fn counts_agree_with_the_killer_solver() {
        let grid: Grid = SOLUTION.parse().unwrap();
        let puzzle = pairs(&grid);
        let count = killer_reference_count(&puzzle, 2);
        assert!(count >= 1);
        assert_eq!(
            count,
            KillerSolver::new(KillerConfig::default())
                .solutions(&puzzle, 2)
                .len()
        );
        // With every cell given, one.
        let with_all = puzzle.with_givens(Some(grid)).unwrap();
        assert_eq!(killer_reference_count(&with_all, 2), 1);
        // A wrong given in the first cell: the count agrees with the solver's.
        let mut wrong = Grid::EMPTY;
        wrong.set(0, grid.get(0) % 9 + 1);
        if let Ok(bad) = puzzle.with_givens(Some(wrong)) {
            let want = KillerSolver::new(KillerConfig::default())
                .solutions(&bad, 2)
                .len();
            assert_eq!(killer_reference_count(&bad, 2), want);
        }
    }

    /// The bundled puzzles with part of their solution given (the search on a bare hard
    /// puzzle takes seconds), and with one of those givens wrong.
    #[test]
    fn bundled_killer_puzzles_with_givens() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../benchdata/killer.jsonl"),
        )
        .unwrap();
        let mut solver = KillerSolver::new(KillerConfig::default());
        let mut seen = 0;
        for record in KillerReader::new(text.as_bytes()).take(10) {
            let record = record.unwrap();
            let solution = record.solution.expect("the bundled set gives solutions");
            let mut givens = Grid::EMPTY;
            for cell in (0..81).step_by(3) {
                givens.set(cell, solution.get(cell));
            }
            let puzzle = record.puzzle.with_givens(Some(givens)).unwrap();
            assert_eq!(killer_reference_count(&puzzle, 2), 1);
            // Swap two givens of one row: no clash, and no longer the solution.
            let (a, b) = (givens.get(0), givens.get(3));
            givens.set(0, b);
            givens.set(3, a);
            if let Ok(puzzle) = record.puzzle.with_givens(Some(givens)) {
                assert_eq!(
                    killer_reference_count(&puzzle, 2),
                    solver.solutions(&puzzle, 2).len()
                );
            }
            seen += 1;
        }
        assert_eq!(seen, 10);
    }

    /// The public krazydad puzzles (skipped when the public data is absent) are unique.
    #[test]
    fn public_killer_puzzles_are_unique() {
        let Some(dir) = sudoku_testing::public_data_dir() else {
            return;
        };
        let text = std::fs::read_to_string(dir.join("killer_krazydad_intermediate.jsonl")).unwrap();
        for record in KillerReader::new(text.as_bytes()).take(50) {
            let record = record.unwrap();
            assert_eq!(
                killer_reference_count(&record.puzzle, 2),
                1,
                "line {}",
                record.line
            );
        }
    }
}
