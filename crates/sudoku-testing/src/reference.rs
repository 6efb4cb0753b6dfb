//! Reference counters: plain backtracking, slow but simple, shared by no solver, to check
//! the solvers' answers against.

use sudoku_core::{Grid, Puzzle, Rules, UnitDigits};

/// Counts the solutions of `puzzle` up to `limit` by plain backtracking (fewest candidates
/// first, candidates recomputed from the grid at every node). Slow but simple: an
/// independent oracle for tests, not a solver. Clashing givens have 0 solutions.
pub fn reference_count(puzzle: &Grid, limit: usize) -> usize {
    reference_count_within(puzzle, limit, u64::MAX).expect("no node budget")
}

/// [`reference_count`] with a budget: `None` when its backtracking would visit more than
/// `max_nodes` nodes before it finds `limit` solutions or proves there are no more. For
/// checks on arbitrary grids (fuzzing, properties), where plain backtracking can take
/// exponential time.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_testing::reference_count_within;
///
/// assert_eq!(reference_count_within(&Grid::EMPTY, 5, 1_000), Some(5));
/// assert_eq!(reference_count_within(&Grid::EMPTY, 5, 10), None);
/// ```
pub fn reference_count_within(puzzle: &Grid, limit: usize, max_nodes: u64) -> Option<usize> {
    let mut found = 0;
    let mut nodes = 0;
    if puzzle.clash().is_none() && limit > 0 {
        let mut grid = *puzzle;
        let mut search = Search {
            limit,
            max_nodes,
            found: &mut found,
            nodes: &mut nodes,
        };
        search.run(&mut grid, &mut |_| {});
    }
    (nodes <= max_nodes).then_some(found)
}

/// How many nodes [`reference_count`]'s backtracking visits counting `puzzle`'s solutions up
/// to 2: a measure of search effort that does not change when a fast solver's heuristics do.
pub fn reference_effort(puzzle: &Grid) -> u64 {
    let mut nodes = 0u64;
    if puzzle.clash().is_none() {
        let mut grid = *puzzle;
        Search {
            limit: 2,
            max_nodes: u64::MAX,
            found: &mut 0,
            nodes: &mut nodes,
        }
        .run(&mut grid, &mut |_| {});
    }
    nodes
}

/// The first solution [`reference_count`]'s backtracking finds (candidates in increasing
/// order), or `None` when there is none or the givens clash.
pub fn reference_solution(puzzle: &Grid) -> Option<Grid> {
    let mut answer = None;
    if puzzle.clash().is_none() {
        let mut grid = *puzzle;
        Search {
            limit: 1,
            max_nodes: u64::MAX,
            found: &mut 0,
            nodes: &mut 0,
        }
        .run(&mut grid, &mut |g| answer = Some(*g));
    }
    answer
}

/// Every solution of `puzzle` up to `limit`, in the order [`reference_count`]'s
/// backtracking finds them: for checks that need the solutions themselves (filtering them
/// by pencil marks, say).
pub fn reference_solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let mut solutions = Vec::new();
    if puzzle.clash().is_none() && limit > 0 {
        let mut grid = *puzzle;
        Search {
            limit,
            max_nodes: u64::MAX,
            found: &mut 0,
            nodes: &mut 0,
        }
        .run(&mut grid, &mut |g| solutions.push(*g));
    }
    solutions
}

/// The backtracking of [`reference_count`]: calls `visit` on each solution (up to `limit`),
/// candidates tried in increasing order, and counts the nodes visited; stops once more than
/// `max_nodes` were.
struct Search<'a> {
    limit: usize,
    max_nodes: u64,
    found: &'a mut usize,
    nodes: &'a mut u64,
}

impl Search<'_> {
    fn run(&mut self, grid: &mut Grid, visit: &mut dyn FnMut(&Grid)) {
        // The digits each row, column and box holds, kept as cells are set: the same
        // candidates as `Grid::candidates` at a fraction of the cost.
        let mut used = UnitDigits::of(grid);
        self.descend(grid, &mut used, visit);
    }

    fn descend(&mut self, grid: &mut Grid, used: &mut UnitDigits, visit: &mut dyn FnMut(&Grid)) {
        *self.nodes += 1;
        if *self.nodes > self.max_nodes {
            return;
        }
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if grid[cell] == 0 {
                let candidates = used.free(cell).expect("a cell of the grid").bits();
                if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                    best = Some((cell, candidates));
                    if candidates.count_ones() <= 1 {
                        break;
                    }
                }
            }
        }
        let Some((cell, mut candidates)) = best else {
            *self.found += 1;
            visit(grid);
            return;
        };
        while candidates != 0 {
            let digit = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            grid.set(cell, digit);
            used.insert(cell, digit);
            self.descend(grid, used, visit);
            used.remove(cell, digit);
            if *self.found >= self.limit || *self.nodes > self.max_nodes {
                break;
            }
        }
        grid.set(cell, 0);
    }
}

/// The peers of every cell under `rules`: the other cells of its units.
fn peers_of(rules: &Rules) -> Vec<Vec<u16>> {
    let cells = rules.shape().cells();
    let mut peers: Vec<Vec<u16>> = vec![Vec::new(); cells];
    for (_, unit) in rules.units() {
        for &a in unit {
            for &b in unit {
                if a != b && !peers[usize::from(a)].contains(&b) {
                    peers[usize::from(a)].push(b);
                }
            }
        }
    }
    peers
}

/// Counts the solutions of a puzzle of any size and variant up to `limit`, by plain
/// backtracking (fewest candidates first, candidates in increasing order): the independent
/// oracle for the solvers of other sizes and variants. Clashing givens have 0 solutions.
pub fn reference_count_any(puzzle: &Puzzle, limit: usize) -> usize {
    reference_count_any_within(puzzle, limit, u64::MAX).expect("no node budget")
}

/// [`reference_count_any`] with a budget: `None` when its backtracking would visit more
/// than `max_nodes` nodes before it finds `limit` solutions or proves there are no more.
pub fn reference_count_any_within(puzzle: &Puzzle, limit: usize, max_nodes: u64) -> Option<usize> {
    let mut found = 0;
    let mut nodes = 0;
    if puzzle.clash().is_none() && limit > 0 {
        let mut cells = puzzle.cells().to_vec();
        SearchAny {
            peers: peers_of(puzzle.rules()),
            n: puzzle.size(),
            limit,
            max_nodes,
            found: &mut found,
            nodes: &mut nodes,
        }
        .descend(&mut cells, &mut |_| {});
    }
    (nodes <= max_nodes).then_some(found)
}

/// The first solution [`reference_count_any`]'s backtracking finds, or `None`.
pub fn reference_solution_any(puzzle: &Puzzle) -> Option<Puzzle> {
    let mut answer = None;
    if puzzle.clash().is_none() {
        let mut cells = puzzle.cells().to_vec();
        SearchAny {
            peers: peers_of(puzzle.rules()),
            n: puzzle.size(),
            limit: 1,
            max_nodes: u64::MAX,
            found: &mut 0,
            nodes: &mut 0,
        }
        .descend(&mut cells, &mut |found| answer = Some(found.to_vec()));
    }
    answer.map(|cells| {
        Puzzle::with_rules(std::sync::Arc::clone(puzzle.shared_rules()), cells)
            .expect("digits of the board")
    })
}

/// The backtracking of [`reference_count_any`], as [`Search`] for the classic grid.
struct SearchAny<'a> {
    peers: Vec<Vec<u16>>,
    n: usize,
    limit: usize,
    max_nodes: u64,
    found: &'a mut usize,
    nodes: &'a mut u64,
}

impl SearchAny<'_> {
    fn descend(&mut self, cells: &mut Vec<u8>, visit: &mut dyn FnMut(&[u8])) {
        *self.nodes += 1;
        if *self.nodes > self.max_nodes {
            return;
        }
        let free = |cells: &[u8], cell: usize| {
            let mut used = 0u32;
            for &p in &self.peers[cell] {
                let d = cells[usize::from(p)];
                if d != 0 {
                    used |= 1 << (d - 1);
                }
            }
            !used & ((1u32 << self.n) - 1)
        };
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..cells.len() {
            if cells[cell] == 0 {
                let candidates = free(cells, cell);
                if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                    best = Some((cell, candidates));
                    if candidates.count_ones() <= 1 {
                        break;
                    }
                }
            }
        }
        let Some((cell, mut candidates)) = best else {
            *self.found += 1;
            visit(cells);
            return;
        };
        while candidates != 0 {
            let digit = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            cells[cell] = digit;
            self.descend(cells, visit);
            if *self.found >= self.limit || *self.nodes > self.max_nodes {
                break;
            }
        }
        cells[cell] = 0;
    }
}

/// The reference searches as solvers, whatever the budget: the tests of this crate's checks
/// run them through the checks, which they must pass.
#[cfg(test)]
pub(crate) mod oracles {
    use sudoku_core::{
        Budget, CountSolutions, Grid, Puzzle, SearchStats, Solver, Unsettled, Verdict,
    };

    use super::{reference_count, reference_count_any, reference_solution, reference_solution_any};

    /// The classic reference search.
    pub(crate) struct Oracle;

    impl Solver for Oracle {
        type Puzzle = Grid;
        type Stats = SearchStats;
        fn solve_within(&mut self, puzzle: &Grid, _: Budget) -> Verdict {
            if let Some(clash) = puzzle.clash() {
                return Verdict::Clash(clash);
            }
            reference_solution(puzzle).map_or(Verdict::NoSolution, Verdict::Solved)
        }
        fn stats(&self) -> SearchStats {
            SearchStats::default()
        }
    }

    impl CountSolutions for Oracle {
        fn count_solutions_within(
            &mut self,
            puzzle: &Grid,
            limit: usize,
            _: Budget,
        ) -> Result<usize, Unsettled> {
            Ok(reference_count(puzzle, limit))
        }
    }

    /// The reference search of every size and variant.
    pub(crate) struct AnyOracle;

    impl Solver for AnyOracle {
        type Puzzle = Puzzle;
        type Stats = SearchStats;
        fn solve_within(&mut self, puzzle: &Puzzle, _: Budget) -> Verdict<Puzzle> {
            if let Some(clash) = puzzle.clash() {
                return Verdict::Clash(clash);
            }
            reference_solution_any(puzzle).map_or(Verdict::NoSolution, Verdict::Solved)
        }
        fn stats(&self) -> SearchStats {
            SearchStats::default()
        }
    }

    impl CountSolutions for AnyOracle {
        fn count_solutions_within(
            &mut self,
            puzzle: &Puzzle,
            limit: usize,
            _: Budget,
        ) -> Result<usize, Unsettled> {
            Ok(reference_count_any(puzzle, limit))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CASES, Expect};

    #[test]
    fn reference_effort_grows_with_difficulty() {
        let easy = CASES[0].puzzle();
        let escargot = CASES[1].puzzle();
        assert!(reference_effort(&easy) < reference_effort(&escargot));
        assert_eq!(reference_effort(&escargot), reference_effort(&escargot));
        assert_eq!(
            reference_effort(
                &CASES
                    .iter()
                    .find(|c| c.expect == Expect::Clash)
                    .unwrap()
                    .puzzle()
            ),
            0
        );
    }
}
