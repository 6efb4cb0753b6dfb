//! The pre-solver of boards of every size and variant, the classic 9x9 included: naked and
//! hidden singles over every unit (rows, columns, regions and extra units) to a fixed point,
//! optionally with locked candidates and naked and hidden subsets, on candidate masks of up to
//! 25 digits (bit `d - 1` for digit `d`).
//!
//! Both solvers call it once a puzzle, before the colony starts. Each rule only removes
//! candidates no solution uses and removes more the fewer are left, so the rules reach the
//! same fixed point in whatever order they are applied: the classic puzzles get the same
//! reduction here as from the 9x9 pre-solver this one replaced.

use std::sync::OnceLock;

use sudoku_core::{Grid, Rules};

use crate::Presolve;
use crate::variant::Topology;

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
    /// The reduction `presolve` asks for of the givens `cells` (a digit, or 0 for a blank, for
    /// each cell of the board `topology` describes), whose givens must not clash.
    pub(crate) fn new(
        cells: &[u8],
        topology: &Topology,
        presolve: Presolve,
    ) -> Result<Reduced, Contradiction> {
        match presolve {
            Presolve::Off => Ok(Reduced::givens(cells, topology)),
            Presolve::Singles => Reduced::propagate(cells, topology, false),
            Presolve::Subsets => Reduced::propagate(cells, topology, true),
        }
    }

    /// [`Reduced::new`] for a classic 9x9 puzzle, with the units of the classic rules (built
    /// once for the program).
    pub(crate) fn classic(puzzle: &Grid, presolve: Presolve) -> Result<Reduced, Contradiction> {
        static CLASSIC: OnceLock<Topology> = OnceLock::new();
        let topology = CLASSIC.get_or_init(|| Topology::new(&Rules::classic()));
        Reduced::new(puzzle.cells(), topology, presolve)
    }

    /// Only the givens, with each blank's candidates the digits its peers' givens leave.
    /// Does no propagation.
    pub(crate) fn givens(cells: &[u8], topology: &Topology) -> Reduced {
        let fixed = cells.to_vec();
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
        givens: &[u8],
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
        for (cell, &digit) in givens.iter().enumerate() {
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
    use sudoku_core::Puzzle;
    use sudoku_testing::{Expect, VARIANT_CASES};

    fn grid(line: &str) -> Grid {
        line.parse().unwrap()
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let puzzle = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let reduced = Reduced::classic(&puzzle, Presolve::Singles).unwrap();
        assert!(reduced.fixed.iter().all(|&d| d != 0));
        let solved = Grid::from_cells(reduced.fixed.try_into().unwrap()).unwrap();
        assert!(solved.solves(&puzzle));
    }

    #[test]
    fn singles_leave_a_hard_puzzle_partly_open_and_keep_givens() {
        let puzzle = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let reduced = Reduced::classic(&puzzle, Presolve::Singles).unwrap();
        assert!(reduced.fixed.contains(&0));
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                assert_eq!(reduced.fixed[cell], puzzle[cell]);
            }
            if reduced.fixed[cell] == 0 {
                assert!(reduced.candidates[cell].count_ones() >= 2);
            }
        }
    }

    /// On classic puzzles with a known unique solution, every fixed cell and every solution
    /// digit survives, and subsets leave fewer candidates than singles on the hardest.
    #[test]
    fn classic_propagation_is_sound_and_subsets_remove_more() {
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
        let count = |r: &Reduced| r.candidates.iter().map(|c| c.count_ones()).sum::<u32>();
        for (line, solution) in cases {
            let (puzzle, solution) = (grid(line), grid(solution));
            let singles = Reduced::classic(&puzzle, Presolve::Singles).unwrap();
            let subsets = Reduced::classic(&puzzle, Presolve::Subsets).unwrap();
            assert!(count(&subsets) <= count(&singles));
            for reduced in [&singles, &subsets] {
                for cell in 0..81 {
                    assert!(reduced.candidates[cell] & (1 << (solution[cell] - 1)) != 0);
                    assert!(reduced.fixed[cell] == 0 || reduced.fixed[cell] == solution[cell]);
                }
            }
        }
        let hard = grid(cases[1].0);
        let singles = Reduced::classic(&hard, Presolve::Singles).unwrap();
        let subsets = Reduced::classic(&hard, Presolve::Subsets).unwrap();
        assert_ne!(singles.candidates, subsets.candidates);
    }

    #[test]
    fn classic_contradictions_are_found() {
        // r1c1 sees every digit.
        let no_candidates = grid(&format!(".123456789{}", ".".repeat(71)));
        assert_eq!(
            Reduced::classic(&no_candidates, Presolve::Singles).unwrap_err(),
            Contradiction
        );
        // Digit 1 has no place in row 1: r1c4..r1c9 are filled and box 1 holds a 1.
        let nowhere = grid(&format!("...2345671{}", ".".repeat(71)));
        assert_eq!(nowhere.clash(), None);
        assert_eq!(
            Reduced::classic(&nowhere, Presolve::Singles).unwrap_err(),
            Contradiction
        );
        // Without propagation, the givens alone.
        assert!(Reduced::classic(&nowhere, Presolve::Off).is_ok());
    }

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
            let singles = Reduced::propagate(puzzle.cells(), &topology, false).unwrap();
            let subsets = Reduced::propagate(puzzle.cells(), &topology, true).unwrap();
            let count = |r: &Reduced| r.candidates.iter().map(|c| c.count_ones()).sum::<u32>();
            assert!(count(&subsets) <= count(&singles), "{}", case.name);
            stronger += usize::from(count(&subsets) < count(&singles));
            for reduced in [&singles, &subsets] {
                for cell in 0..puzzle.cells().len() {
                    let digit = solution[cell];
                    assert!(
                        reduced.candidates[cell] & (1 << (digit - 1)) != 0,
                        "{}: cell {cell} lost its digit",
                        case.name
                    );
                    assert!(reduced.fixed[cell] == 0 || reduced.fixed[cell] == digit);
                    assert!(puzzle[cell] == 0 || reduced.fixed[cell] == digit);
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
        let reduced = Reduced::givens(puzzle.cells(), &topology);
        for cell in 0..81 {
            let expected = match puzzle[cell] {
                0 => puzzle.candidates(cell).unwrap(),
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
            Reduced::propagate(x.cells(), &topology, false).unwrap_err(),
            Contradiction
        );
        // Without the diagonal the same givens are fine for singles.
        let topology = Topology::new(plain.rules());
        assert!(Reduced::propagate(plain.cells(), &topology, true).is_ok());
    }
}
