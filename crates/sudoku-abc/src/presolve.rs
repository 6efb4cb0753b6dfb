//! The pre-solver: naked and hidden singles propagated to a fixed point, on candidate
//! bitmasks (bit `d - 1` for digit `d`).

use sudoku_core::{BOX_OF, COL_OF, Grid, PEERS, ROW_OF, UNITS};

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
    /// digit with one place in a unit) to a fixed point; with `subsets`, also locked
    /// candidates and naked and hidden subsets of 2 to 4 cells. The puzzle's givens must not
    /// clash.
    pub(crate) fn propagate(puzzle: &Grid, subsets: bool) -> Result<Reduced, Contradiction> {
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
            if state.hidden_singles(&mut singles)? {
                continue;
            }
            if subsets && (state.locked_candidates(&mut singles)? || state.subsets(&mut singles)?) {
                continue;
            }
            return Ok(state);
        }
    }

    /// Removes `bits` from the candidates of free `cell`; whether any was there.
    fn eliminate(
        &mut self,
        cell: usize,
        bits: u16,
        singles: &mut Vec<usize>,
    ) -> Result<bool, Contradiction> {
        if self.fixed[cell] != 0 || self.candidates[cell] & bits == 0 {
            return Ok(false);
        }
        self.candidates[cell] &= !bits;
        match self.candidates[cell].count_ones() {
            0 => Err(Contradiction),
            1 => {
                singles.push(cell);
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    /// Locked candidates: a digit confined to one line within a box leaves the rest of the
    /// line (pointing), and one confined to one box within a line leaves the rest of the
    /// box (claiming). Whether anything changed.
    fn locked_candidates(&mut self, singles: &mut Vec<usize>) -> Result<bool, Contradiction> {
        let mut changed = false;
        for b in 0..9 {
            for d in 0..9 {
                let bit = 1u16 << d;
                let (mut rows, mut cols) = (0u16, 0u16);
                for &cell in &UNITS[18 + b] {
                    let cell = cell as usize;
                    if self.fixed[cell] == 0 && self.candidates[cell] & bit != 0 {
                        rows |= 1 << ROW_OF[cell];
                        cols |= 1 << COL_OF[cell];
                    }
                }
                for (lines, offset) in [(rows, 0), (cols, 9)] {
                    if lines.count_ones() == 1 {
                        for &cell in &UNITS[offset + lines.trailing_zeros() as usize] {
                            if BOX_OF[cell as usize] as usize != b {
                                changed |= self.eliminate(cell as usize, bit, singles)?;
                            }
                        }
                    }
                }
            }
        }
        for line in 0..18 {
            for d in 0..9 {
                let bit = 1u16 << d;
                let mut boxes = 0u16;
                for &cell in &UNITS[line] {
                    let cell = cell as usize;
                    if self.fixed[cell] == 0 && self.candidates[cell] & bit != 0 {
                        boxes |= 1 << BOX_OF[cell];
                    }
                }
                if boxes.count_ones() == 1 {
                    for &cell in &UNITS[18 + boxes.trailing_zeros() as usize] {
                        if !UNITS[line].contains(&cell) {
                            changed |= self.eliminate(cell as usize, bit, singles)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Naked subsets (k cells of a unit whose candidates together are k digits: the rest
    /// of the unit loses those digits) and hidden subsets (k digits of a unit that fit
    /// only k cells: those cells lose every other digit), for k = 2 to 4. Whether anything
    /// changed.
    fn subsets(&mut self, singles: &mut Vec<usize>) -> Result<bool, Contradiction> {
        let mut changed = false;
        for unit in &UNITS {
            let free: Vec<usize> = unit
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.fixed[c] == 0)
                .collect();
            let n = free.len();
            if n < 3 {
                continue;
            }
            // Naked: subsets of cells.
            for mask in 1u32..(1 << n) {
                let k = mask.count_ones();
                if !(2..=4).contains(&k) || k as usize >= n {
                    continue;
                }
                let union = (0..n)
                    .filter(|&i| mask & (1 << i) != 0)
                    .fold(0u16, |u, i| u | self.candidates[free[i]]);
                match union.count_ones().cmp(&k) {
                    std::cmp::Ordering::Less => return Err(Contradiction),
                    std::cmp::Ordering::Equal => {
                        for i in (0..n).filter(|&i| mask & (1 << i) == 0) {
                            changed |= self.eliminate(free[i], union, singles)?;
                        }
                    }
                    std::cmp::Ordering::Greater => {}
                }
            }
            // Hidden: subsets of the unit's open digits, by where each can go.
            let mut places = [0u16; 9];
            let mut open = 0u16;
            for (i, &cell) in free.iter().enumerate() {
                let bits = self.candidates[cell];
                open |= bits;
                for (d, place) in places.iter_mut().enumerate() {
                    if bits & (1 << d) != 0 {
                        *place |= 1 << i;
                    }
                }
            }
            for digits in 1u16..(1 << 9) {
                let k = digits.count_ones();
                if digits & !open != 0 || !(2..=4).contains(&k) || k as usize >= n {
                    continue;
                }
                let cells = (0..9)
                    .filter(|&d| digits & (1 << d) != 0)
                    .fold(0u16, |u, d| u | places[d]);
                match cells.count_ones().cmp(&k) {
                    std::cmp::Ordering::Less => return Err(Contradiction),
                    std::cmp::Ordering::Equal => {
                        for i in (0..n).filter(|&i| cells & (1 << i) != 0) {
                            changed |= self.eliminate(free[i], !digits & ALL, singles)?;
                        }
                    }
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
        Ok(changed)
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
        let reduced = Reduced::propagate(&puzzle, false).unwrap();
        assert_eq!(reduced.free(), 0);
        let solved = Grid::from_cells(reduced.fixed).unwrap();
        assert!(solved.solves(&puzzle));
    }

    #[test]
    fn singles_leave_a_hard_puzzle_partly_open_and_keep_givens() {
        let puzzle = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let reduced = Reduced::propagate(&puzzle, false).unwrap();
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

    /// Propagation only removes what no solution uses: on puzzles with a known unique
    /// solution, every fixed cell and every solution digit survives.
    #[test]
    fn propagation_is_sound_and_subsets_remove_more() {
        let cases = [
            (
                "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                "162857493534129678789643521475312986913586742628794135356478219241935867897261354",
            ),
            (
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
            ),
            (
                "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
                "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
            ),
        ];
        for (line, solution) in cases {
            let (puzzle, solution) = (grid(line), grid(solution));
            let singles = Reduced::propagate(&puzzle, false).unwrap();
            let subsets = Reduced::propagate(&puzzle, true).unwrap();
            let count = |r: &Reduced| r.candidates.iter().map(|c| c.count_ones()).sum::<u32>();
            assert!(count(&subsets) <= count(&singles));
            for reduced in [&singles, &subsets] {
                for cell in 0..81 {
                    assert!(reduced.candidates[cell] & (1 << (solution[cell] - 1)) != 0);
                    assert!(reduced.fixed[cell] == 0 || reduced.fixed[cell] == solution[cell]);
                }
            }
        }
        // Somewhere subsets must do better than singles.
        let hard = grid(cases[1].0);
        let singles = Reduced::propagate(&hard, false).unwrap();
        let subsets = Reduced::propagate(&hard, true).unwrap();
        assert_ne!(singles.candidates, subsets.candidates);
    }

    #[test]
    fn contradictions_are_found() {
        // r1c1 sees every digit.
        let no_candidates = grid(&format!(".123456789{}", ".".repeat(71)));
        assert_eq!(
            Reduced::propagate(&no_candidates, false).unwrap_err(),
            Contradiction
        );
        // Digit 1 has no place in row 1: r1c4..r1c9 are filled and box 1 holds a 1.
        let nowhere = grid(&format!("...2345671{}", ".".repeat(71)));
        assert_eq!(nowhere.clash(), None);
        assert_eq!(
            Reduced::propagate(&nowhere, false).unwrap_err(),
            Contradiction
        );
    }
}
