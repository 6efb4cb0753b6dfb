//! The pre-solver: naked and hidden singles propagated to a fixed point, on candidate
//! bitmasks (bit `d - 1` for digit `d`).

use sudoku_core::{Grid, PEERS, UNITS};

/// A puzzle after propagation: the cells it fixed and the candidates of the cells left.
#[derive(Clone, Debug)]
pub(crate) struct Reduced {
    /// Givens and the cells propagation filled; 0 for the cells left to the colony.
    pub(crate) fixed: [u8; 81],
    /// Candidates of each cell: the digits no fixed peer holds (for a fixed cell, its digit).
    pub(crate) candidates: [u16; 81],
}

/// Propagation found that the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

const ALL: u16 = 0x1FF;

impl Reduced {
    /// Only the givens, with each blank's candidates the digits its peers' givens leave.
    /// Does no propagation, so it finds no contradiction but an empty candidate set.
    pub(crate) fn givens(puzzle: &Grid) -> Reduced {
        let mut candidates = [0u16; 81];
        for cell in 0..81 {
            candidates[cell] = match puzzle[cell] {
                0 => puzzle.candidates(cell).bits(),
                digit => 1 << (digit - 1),
            };
        }
        Reduced {
            fixed: *puzzle.cells(),
            candidates,
        }
    }

    /// The givens, then naked singles (a cell with one candidate) and hidden singles (a
    /// digit with one place in a unit) to a fixed point. The puzzle's givens must not clash.
    pub(crate) fn propagate(puzzle: &Grid) -> Result<Reduced, Contradiction> {
        let mut state = Reduced {
            fixed: [0; 81],
            candidates: [ALL; 81],
        };
        let mut singles = Vec::with_capacity(81);
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                state.place(cell, puzzle[cell], &mut singles)?;
            }
        }
        loop {
            while let Some(cell) = singles.pop() {
                if state.fixed[cell] == 0 {
                    let bits = state.candidates[cell];
                    state.place(cell, bits.trailing_zeros() as u8 + 1, &mut singles)?;
                }
            }
            if !state.hidden_singles(&mut singles)? {
                return Ok(state);
            }
        }
    }

    /// Writes `digit` in `cell` and removes it from the peers' candidates, queueing peers
    /// left with one candidate.
    fn place(
        &mut self,
        cell: usize,
        digit: u8,
        singles: &mut Vec<usize>,
    ) -> Result<(), Contradiction> {
        let bit = 1u16 << (digit - 1);
        if self.candidates[cell] & bit == 0 {
            return Err(Contradiction);
        }
        self.fixed[cell] = digit;
        self.candidates[cell] = bit;
        for &peer in &PEERS[cell] {
            let peer = peer as usize;
            if self.fixed[peer] == 0 && self.candidates[peer] & bit != 0 {
                self.candidates[peer] &= !bit;
                match self.candidates[peer].count_ones() {
                    0 => return Err(Contradiction),
                    1 => singles.push(peer),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// One pass of hidden singles over the 27 units; whether it placed anything.
    fn hidden_singles(&mut self, singles: &mut Vec<usize>) -> Result<bool, Contradiction> {
        let mut placed = false;
        for unit in &UNITS {
            // Digits seen once and twice or more among the unit's candidates, and placed ones.
            let (mut once, mut twice, mut done) = (0u16, 0u16, 0u16);
            for &cell in unit {
                let cell = cell as usize;
                let bits = self.candidates[cell];
                if self.fixed[cell] != 0 {
                    done |= bits;
                } else {
                    twice |= once & bits;
                    once |= bits;
                }
            }
            if (once | done) != ALL {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !done;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                if let Some(&cell) = unit.iter().find(|&&cell| {
                    self.fixed[cell as usize] == 0 && self.candidates[cell as usize] & bit != 0
                }) {
                    self.place(cell as usize, bit.trailing_zeros() as u8 + 1, singles)?;
                    placed = true;
                }
            }
            if placed {
                // Let naked singles run before the next unit sees stale candidates.
                return Ok(true);
            }
        }
        Ok(placed)
    }

    /// How many cells are left to the colony.
    #[cfg(test)]
    pub(crate) fn free(&self) -> usize {
        self.fixed.iter().filter(|&&d| d == 0).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        line.parse().unwrap()
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let puzzle = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let reduced = Reduced::propagate(&puzzle).unwrap();
        assert_eq!(reduced.free(), 0);
        let solved = Grid::from_cells(reduced.fixed).unwrap();
        assert!(solved.solves(&puzzle));
    }

    #[test]
    fn singles_leave_a_hard_puzzle_partly_open_and_keep_givens() {
        let puzzle = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let reduced = Reduced::propagate(&puzzle).unwrap();
        assert!(reduced.free() > 0);
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                assert_eq!(reduced.fixed[cell], puzzle[cell]);
            }
            if reduced.fixed[cell] == 0 {
                assert!(reduced.candidates[cell].count_ones() >= 2);
            }
        }
    }

    #[test]
    fn contradictions_are_found() {
        // r1c1 sees every digit.
        let no_candidates = grid(&format!(".123456789{}", ".".repeat(71)));
        assert_eq!(
            Reduced::propagate(&no_candidates).unwrap_err(),
            Contradiction
        );
        // Digit 1 has no place in row 1: r1c4..r1c9 are filled and box 1 holds a 1.
        let nowhere = grid(&format!("...2345671{}", ".".repeat(71)));
        assert_eq!(nowhere.clash(), None);
        assert_eq!(Reduced::propagate(&nowhere).unwrap_err(), Contradiction);
    }
}
