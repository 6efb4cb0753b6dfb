//! The pre-solver of boards of every size and variant: naked and hidden singles over every
//! unit (rows, columns, regions and extra units) to a fixed point, optionally with locked
//! candidates and naked and hidden subsets, on candidate masks of up to 25 digits (bit
//! `d - 1` for digit `d`).

use sudoku_core::Puzzle;

use super::Topology;

/// A puzzle after propagation: the cells it fixed and the candidates of the cells left.
#[derive(Clone, Debug)]
pub(crate) struct Reduced {
    /// Givens and the cells propagation filled; 0 for the cells left to the colony.
    pub(crate) fixed: Vec<u8>,
    /// Candidates of each cell: the digits no fixed peer holds (for a fixed cell, its digit).
    pub(crate) candidates: Vec<u32>,
}

/// Propagation found that the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// The largest naked or hidden subset looked for.
const MAX_SUBSET: usize = 4;

impl Reduced {
    /// Only the givens, with each blank's candidates the digits its peers' givens leave.
    /// Does no propagation.
    pub(crate) fn givens(puzzle: &Puzzle, topology: &Topology) -> Reduced {
        let fixed = puzzle.cells().to_vec();
        let candidates = (0..fixed.len())
            .map(|cell| match fixed[cell] {
                0 => {
                    let used = topology.peers[cell]
                        .iter()
                        .map(|&p| fixed[usize::from(p)])
                        .filter(|&d| d != 0)
                        .fold(0u32, |used, d| used | 1 << (d - 1));
                    topology.all & !used
                }
                digit => 1 << (digit - 1),
            })
            .collect();
        Reduced { fixed, candidates }
    }

    /// The givens, then naked singles (a cell with one candidate) and hidden singles (a
    /// digit with one place in a unit) to a fixed point; with `subsets`, also locked
    /// candidates (a digit confined to the cells two units share leaves the rest of both)
    /// and naked and hidden subsets of 2 to 4 cells. The puzzle's givens must not clash.
    pub(crate) fn propagate(
        puzzle: &Puzzle,
        topology: &Topology,
        subsets: bool,
    ) -> Result<Reduced, Contradiction> {
        let cells = topology.cells;
        let mut state = State {
            topology,
            reduced: Reduced {
                fixed: vec![0; cells],
                candidates: vec![topology.all; cells],
            },
            singles: Vec::with_capacity(cells),
        };
        for cell in 0..cells {
            let digit = puzzle.get(cell);
            if digit != 0 {
                state.place(cell, digit)?;
            }
        }
        loop {
            while let Some(cell) = state.singles.pop() {
                if state.reduced.fixed[cell] == 0 {
                    let bits = state.reduced.candidates[cell];
                    state.place(cell, bits.trailing_zeros() as u8 + 1)?;
                }
            }
            if state.hidden_singles()? {
                continue;
            }
            if subsets && (state.locked_candidates()? || state.subsets()?) {
                continue;
            }
            return Ok(state.reduced);
        }
    }
}

/// Propagation under way.
struct State<'a> {
    topology: &'a Topology,
    reduced: Reduced,
    /// Cells left with one candidate, to place.
    singles: Vec<usize>,
}

impl State<'_> {
    /// Writes `digit` in `cell` and removes it from the peers' candidates, queueing peers
    /// left with one candidate.
    fn place(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let bit = 1u32 << (digit - 1);
        let Reduced { fixed, candidates } = &mut self.reduced;
        if candidates[cell] & bit == 0 {
            return Err(Contradiction);
        }
        fixed[cell] = digit;
        candidates[cell] = bit;
        for &peer in &self.topology.peers[cell] {
            let peer = usize::from(peer);
            if fixed[peer] == 0 && candidates[peer] & bit != 0 {
                candidates[peer] &= !bit;
                match candidates[peer].count_ones() {
                    0 => return Err(Contradiction),
                    1 => self.singles.push(peer),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Removes `bits` from the candidates of free `cell`; whether any was there.
    fn eliminate(&mut self, cell: usize, bits: u32) -> Result<bool, Contradiction> {
        let Reduced { fixed, candidates } = &mut self.reduced;
        if fixed[cell] != 0 || candidates[cell] & bits == 0 {
            return Ok(false);
        }
        candidates[cell] &= !bits;
        match candidates[cell].count_ones() {
            0 => Err(Contradiction),
            1 => {
                self.singles.push(cell);
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    /// One pass of hidden singles over the units, stopping after the first unit that placed
    /// something (so that naked singles run before the next unit sees stale candidates);
    /// whether it placed anything.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let topology = self.topology;
        for unit in &topology.units {
            // Digits seen once and twice or more among the unit's candidates, and placed ones.
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            for &cell in unit {
                let cell = usize::from(cell);
                let bits = self.reduced.candidates[cell];
                if self.reduced.fixed[cell] != 0 {
                    done |= bits;
                } else {
                    twice |= once & bits;
                    once |= bits;
                }
            }
            if (once | done) != topology.all {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice & !done;
            if hidden == 0 {
                continue;
            }
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let found = unit
                    .iter()
                    .map(|&c| usize::from(c))
                    .find(|&c| self.reduced.fixed[c] == 0 && self.reduced.candidates[c] & bit != 0);
                if let Some(cell) = found {
                    self.place(cell, bit.trailing_zeros() as u8 + 1)?;
                }
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// Locked candidates, for any two units: when a digit's places in one unit all lie in
    /// another unit too, the rest of that other unit loses the digit. On boxed boards this is
    /// pointing and claiming; it also covers jigsaw regions and the extra units. Whether
    /// anything changed.
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let topology = self.topology;
        let mut changed = false;
        for (u, unit) in topology.units.iter().enumerate() {
            for d in 0..topology.n {
                let bit = 1u32 << d;
                let mut places = unit.iter().map(|&c| usize::from(c)).filter(|&c| {
                    self.reduced.fixed[c] == 0 && self.reduced.candidates[c] & bit != 0
                });
                let Some(first) = places.next() else {
                    continue;
                };
                // The other units holding the first place, kept while they hold every place.
                let mut shared: Vec<u8> = topology.cell_units[first]
                    .iter()
                    .copied()
                    .filter(|&v| usize::from(v) != u)
                    .collect();
                for cell in places {
                    shared.retain(|v| topology.cell_units[cell].contains(v));
                    if shared.is_empty() {
                        break;
                    }
                }
                for v in shared {
                    for &cell in &topology.units[usize::from(v)] {
                        let cell = usize::from(cell);
                        if !topology.cell_units[cell].contains(&(u as u8)) {
                            changed |= self.eliminate(cell, bit)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Naked subsets (k cells of a unit whose candidates together are k digits: the rest of
    /// the unit loses those digits) and hidden subsets (k digits of a unit that fit only k
    /// cells: those cells lose every other digit), for k = 2 to 4, found by depth-first
    /// search that drops a partial choice as soon as it covers more than k. Whether
    /// anything changed.
    fn subsets(&mut self) -> Result<bool, Contradiction> {
        let topology = self.topology;
        let mut changed = false;
        for unit in &topology.units {
            let free: Vec<usize> = unit
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| self.reduced.fixed[c] == 0)
                .collect();
            if free.len() < 3 {
                continue;
            }
            let masks: Vec<u32> = free.iter().map(|&c| self.reduced.candidates[c]).collect();
            let mut found = Vec::new();
            for k in 2..=MAX_SUBSET.min(free.len() - 1) {
                covers(&masks, k, 0, 0, 0, &mut found);
            }
            for &(chosen, union) in &found {
                if union.count_ones() < chosen.count_ones() {
                    return Err(Contradiction);
                }
                for (i, &cell) in free.iter().enumerate() {
                    if chosen & (1 << i) == 0 {
                        changed |= self.eliminate(cell, union)?;
                    }
                }
            }
            // Hidden: the same search over the unit's open digits, each given by the
            // positions (in `free`) where it may go.
            let open = masks.iter().fold(0u32, |u, &m| u | m);
            let digits: Vec<usize> = (0..topology.n).filter(|&d| open & (1 << d) != 0).collect();
            let places: Vec<u32> = digits
                .iter()
                .map(|&d| {
                    (0..free.len())
                        .filter(|&i| masks[i] & (1 << d) != 0)
                        .fold(0u32, |p, i| p | 1 << i)
                })
                .collect();
            found.clear();
            for k in 2..=MAX_SUBSET.min(digits.len().saturating_sub(1)) {
                covers(&places, k, 0, 0, 0, &mut found);
            }
            for &(chosen, positions) in &found {
                if positions.count_ones() < chosen.count_ones() {
                    return Err(Contradiction);
                }
                let keep = (0..digits.len())
                    .filter(|&j| chosen & (1 << j) != 0)
                    .fold(0u32, |k, j| k | 1 << digits[j]);
                for (i, &cell) in free.iter().enumerate() {
                    if positions & (1 << i) != 0 {
                        changed |= self.eliminate(cell, !keep & topology.all)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// Collects into `found` every choice of `k` of `sets` (from index `start` on, `chosen`
/// and `union` so far) whose union has at most `k` elements, as (chosen indices, union).
fn covers(
    sets: &[u32],
    k: usize,
    start: usize,
    chosen: u32,
    union: u32,
    found: &mut Vec<(u32, u32)>,
) {
    if chosen.count_ones() as usize == k {
        found.push((chosen, union));
        return;
    }
    for i in start..sets.len() {
        let wider = union | sets[i];
        if wider.count_ones() as usize <= k {
            covers(sets, k, i + 1, chosen | 1 << i, wider, found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::testing::{Expect, VARIANT_CASES};

    /// Propagation only removes what no solution uses: on every unique case of the variant
    /// table, each fixed cell and each candidate set agrees with the solution, and subsets
    /// leave no more candidates than singles.
    #[test]
    fn propagation_is_sound_on_every_size_and_variant() {
        let mut stronger = 0;
        for case in VARIANT_CASES {
            let Expect::Unique(solution) = case.expect else {
                continue;
            };
            let puzzle = case.puzzle();
            let solution: Puzzle = solution.parse().unwrap();
            let topology = Topology::new(puzzle.rules());
            let singles = Reduced::propagate(&puzzle, &topology, false).unwrap();
            let subsets = Reduced::propagate(&puzzle, &topology, true).unwrap();
            let count = |r: &Reduced| r.candidates.iter().map(|c| c.count_ones()).sum::<u32>();
            assert!(count(&subsets) <= count(&singles), "{}", case.name);
            stronger += usize::from(count(&subsets) < count(&singles));
            for reduced in [&singles, &subsets] {
                for cell in 0..puzzle.cells().len() {
                    let digit = solution.get(cell);
                    assert!(
                        reduced.candidates[cell] & (1 << (digit - 1)) != 0,
                        "{}: cell {cell} lost its digit",
                        case.name
                    );
                    assert!(reduced.fixed[cell] == 0 || reduced.fixed[cell] == digit);
                    assert!(puzzle.get(cell) == 0 || reduced.fixed[cell] == digit);
                }
            }
        }
        assert!(stronger > 0, "subsets never removed more than singles");
    }

    #[test]
    fn givens_alone_leave_the_candidates_of_every_unit() {
        let case = VARIANT_CASES.iter().find(|c| c.name == "Sudoku X").unwrap();
        let puzzle = case.puzzle();
        let topology = Topology::new(puzzle.rules());
        let reduced = Reduced::givens(&puzzle, &topology);
        for cell in 0..81 {
            let expected = match puzzle.get(cell) {
                0 => puzzle.candidates(cell),
                digit => 1 << (digit - 1),
            };
            assert_eq!(reduced.candidates[cell], expected, "cell {cell}");
        }
    }

    #[test]
    fn contradictions_are_found_on_other_sizes() {
        // 4x4: r1c1 sees 2 and 3 in its row and 4 in its column, and 1 on the diagonal.
        let plain: Puzzle = ".23.4..........1".parse().unwrap();
        let x = Puzzle::new(
            sudoku_core::Rules::new(plain.rules().shape()).with_diagonals(true),
            plain.cells().to_vec(),
        )
        .unwrap();
        assert_eq!(x.clash(), None);
        let topology = Topology::new(x.rules());
        assert_eq!(
            Reduced::propagate(&x, &topology, false).unwrap_err(),
            Contradiction
        );
        // Without the diagonal the same givens are fine for singles.
        let topology = Topology::new(plain.rules());
        assert!(Reduced::propagate(&plain, &topology, true).is_ok());
    }
}
