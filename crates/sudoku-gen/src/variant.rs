//! Unique puzzles of every size (4x4 to 25x25) and variant (Sudoku X, windoku, jigsaw).
//!
//! The same plan as the 9x9 generator, on the general types of sudoku-core ([`Puzzle`],
//! [`Rules`]) and the general engine of sudoku-mrv ([`MrvVariantSolver`]): a random solved
//! grid, then clues removed in random order while the solution stays unique. Jigsaw layouts
//! are made at random too, and kept only when some grid fits them.

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{
    Budget, CountSolutions, Exhausted, Meter, Puzzle, Rules, Shape, Solver, Verdict,
    orthogonal_neighbours,
};
use sudoku_mrv::MrvVariantSolver;

use crate::{Attempt, ConfigError, ConfigErrorKind, NotMade, TargetNotReached};

/// What puzzles of other sizes and variants to make.
///
/// ```
/// use sudoku_gen::{Shape, VariantConfig, VariantGenerator};
///
/// let config = VariantConfig { shape: Shape::for_size(6).unwrap(), diagonals: true, ..VariantConfig::default() };
/// let mut generator = VariantGenerator::new(config)?;
/// let made = generator.generate_indexed(1, 0)?;
/// assert!(made.solution.solves(&made.puzzle));
/// assert!(made.minimal);
/// println!("{}", made.puzzle.to_json()); // {"size":6,"givens":"...","diagonals":true}
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantConfig {
    /// The shape of the board. Default: [`Shape::CLASSIC`] (9x9).
    pub shape: Shape,
    /// The two long diagonals are units too (Sudoku X). Default: `false`.
    pub diagonals: bool,
    /// The four windoku windows are units too (9x9 only). Default: `false`.
    pub windoku: bool,
    /// Random irregular regions instead of boxes. Default: `false`.
    pub jigsaw: bool,
    /// Stop removing at this many clues: the puzzle is unique but not always minimal, and a
    /// puzzle whose removal got stuck above it is thrown away and another made, up to
    /// `max_attempts`. Default: `None` (remove until minimal).
    pub target_clues: Option<usize>,
    /// How many puzzles to try for a clue count before giving up (at least 1). Default: 100.
    pub max_attempts: usize,
    /// The most search states one uniqueness check may take; a check that needs more keeps
    /// its clue (the puzzle stays unique, but may not be minimal). This shapes the puzzles
    /// made (the same seed gives the same puzzle whatever the budget of the call); the
    /// [`Budget`] of [`generate_indexed_within`](VariantGenerator::generate_indexed_within)
    /// bounds the whole call. Default: `None`, which is 20,000 up to 16x16 and 500 on larger
    /// boards, where most checks near the end run out of any budget (a 25x25 board half empty
    /// is where search is hardest), so a larger one only costs time: 25x25 puzzles end with
    /// about 45% of their cells given.
    pub check_nodes: Option<u64>,
}

impl Default for VariantConfig {
    fn default() -> VariantConfig {
        VariantConfig {
            shape: Shape::CLASSIC,
            diagonals: false,
            windoku: false,
            jigsaw: false,
            target_clues: None,
            max_attempts: 100,
            check_nodes: None,
        }
    }
}

/// A generated puzzle of any size or variant, with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedVariant {
    /// The puzzle: exactly one solution.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Puzzle,
    /// Whether every clue was proven necessary: removing any one of them gives a second
    /// solution. `false` when a clue count was asked for, or when a uniqueness check ran out
    /// of its budget and the clue was kept.
    pub minimal: bool,
    /// How many puzzles were made to find this one (1 unless a clue count was asked for).
    pub attempts: usize,
}

/// Makes puzzles of other sizes and variants; keeps a solver so that its buffers are reused.
#[derive(Debug)]
pub struct VariantGenerator {
    config: VariantConfig,
    /// The rules without a jigsaw layout.
    base: Rules,
    /// The rules when they are fixed (no jigsaw: every puzzle shares them).
    rules: Option<Arc<Rules>>,
    solver: MrvVariantSolver,
}

/// States a solved grid of random givens may take before it is dropped for another draw.
const GRID_NODES: u64 = 50_000;

/// Draws of a jigsaw layout (or of givens for a grid) before the generator gives up.
const MAX_DRAWS: usize = 1_000;

impl VariantGenerator {
    /// A generator with `config`.
    ///
    /// # Errors
    ///
    /// When the rules cannot be (windoku off 9x9), no attempt is allowed, or the clue count
    /// cannot make a unique puzzle (more clues than cells, or fewer than `n - 1` in cells and
    /// values alike: a board with two digits that appear nowhere has a second solution
    /// swapping them).
    pub fn new(config: VariantConfig) -> Result<VariantGenerator, ConfigError> {
        let rules = Rules::new(config.shape)
            .with_diagonals(config.diagonals)
            .with_windoku(config.windoku)
            .map_err(|err| {
                ConfigError::new(ConfigErrorKind::Conflict, "windoku", err.to_string())
            })?;
        let cells = config.shape.cells();
        let n = config.shape.size();
        crate::check_attempts(config.max_attempts)?;
        if let Some(clues) = config.target_clues {
            if clues > cells {
                return Err(ConfigError::new(
                    ConfigErrorKind::OutOfRange,
                    "target_clues",
                    format!("a {n}x{n} board has {cells} cells, so {clues} clues cannot be"),
                ));
            }
            if clues + 1 < n {
                return Err(ConfigError::new(
                    ConfigErrorKind::Unreachable,
                    "target_clues",
                    format!(
                        "{clues} clues leave two of the {n} digits unused, and swapping them gives a second solution: a unique {n}x{n} puzzle has at least {} clues",
                        n - 1
                    ),
                ));
            }
        }
        Ok(VariantGenerator {
            config,
            rules: (!config.jigsaw).then(|| Arc::new(rules.clone())),
            base: rules,
            solver: MrvVariantSolver::default(),
        })
    }

    /// Puzzle number `index` of the sequence of `seed`, as
    /// [`Generator::generate_indexed`](crate::Generator::generate_indexed) makes classic ones.
    ///
    /// # Errors
    ///
    /// When a clue count was asked for and none of `max_attempts` puzzles reached it, or when
    /// no grid of the rules could be drawn.
    pub fn generate_indexed(
        &mut self,
        seed: u64,
        index: u64,
    ) -> Result<GeneratedVariant, TargetNotReached> {
        self.generate_indexed_within(seed, index, Budget::UNLIMITED, |_| {})
    }

    /// As [`generate_indexed`](VariantGenerator::generate_indexed), within `budget`, which
    /// bounds the whole call: its nodes are one for each clue tried, and those of every
    /// search (drawing the solved grid, each uniqueness check), its time and cancel flag are
    /// read before each clue and every [`Meter::STRIDE`] nodes of the searches. `observe` is
    /// called as each attempt ends. The puzzle made is the same as without a budget, if one
    /// is made ([`VariantConfig::check_nodes`], each check's own limit, shapes the puzzle; the
    /// budget only decides whether it is finished).
    ///
    /// ```
    /// use sudoku_gen::{Budget, Exhausted, NotMade, Shape, VariantConfig, VariantGenerator};
    ///
    /// let config = VariantConfig { shape: Shape::for_size(16).unwrap(), ..VariantConfig::default() };
    /// let mut generator = VariantGenerator::new(config)?;
    /// let err = generator.generate_indexed_within(1, 0, Budget::nodes(100), |_| {}).unwrap_err();
    /// assert_eq!(err.why, NotMade::GaveUp(Exhausted::Nodes(100)));
    /// # Ok::<(), sudoku_gen::ConfigError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`generate_indexed`](VariantGenerator::generate_indexed), and when the budget runs
    /// out.
    pub fn generate_indexed_within(
        &mut self,
        seed: u64,
        index: u64,
        budget: Budget,
        mut observe: impl FnMut(&Attempt),
    ) -> Result<GeneratedVariant, TargetNotReached> {
        let mut meter = budget.meter();
        let mut rng = sudoku_core::seeded_rng_for(seed, index);
        let target = self.config.target_clues;
        let attempts = if target.is_some() {
            self.config.max_attempts
        } else {
            1
        };
        let not_made = |attempts, why| TargetNotReached {
            band: None,
            er: None,
            clues: target,
            attempts,
            why,
        };
        for attempt in 1..=attempts {
            let (puzzle, solution, minimal) = match self.make(&mut rng, &mut meter) {
                Ok(made) => made,
                Err(NotMade::GaveUp(exhausted)) => {
                    return Err(not_made(attempt, NotMade::GaveUp(budget.as_set(exhausted))));
                }
                Err(why) => return Err(not_made(attempt, why)),
            };
            if !Attempt::ended(&mut observe, attempt, attempts, puzzle.filled(), target) {
                continue;
            }
            return Ok(GeneratedVariant {
                puzzle,
                solution,
                minimal: minimal && target.is_none(),
                attempts: attempt,
            });
        }
        Err(not_made(attempts, NotMade::Attempts))
    }

    /// One puzzle from `rng`: the puzzle, its solution, and whether every refused removal
    /// was proven; or why none was made (no grid could be drawn, or `meter` ran out).
    fn make<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        meter: &mut Meter,
    ) -> Result<(Puzzle, Puzzle, bool), NotMade> {
        let stopped =
            |meter: &Meter| NotMade::GaveUp(meter.exhausted().expect("a stopped meter says why"));
        let solution = match &self.rules {
            Some(rules) => draw_solution(rules, rng, &mut self.solver, meter),
            None => jigsaw_with_grid(&self.base, rng, &mut self.solver, meter)
                .map(|drawn| drawn.map(|(_, grid)| grid)),
        }
        .map_err(|()| stopped(meter))?
        .ok_or(NotMade::NoGrid)?;
        let mut puzzle = solution.clone();
        let mut order: Vec<usize> = (0..puzzle.cells().len()).collect();
        order.shuffle(rng);
        let mut proven = true;
        let check_nodes = self
            .config
            .check_nodes
            .unwrap_or(if self.config.shape.size() <= 16 {
                20_000
            } else {
                500
            });
        for cell in order {
            if crate::down_to(self.config.target_clues, puzzle.filled()) {
                break;
            }
            // Each clue tried is a node, and the clock is read before it.
            if !meter.spend() || meter.should_stop() {
                return Err(stopped(meter));
            }
            let digit = puzzle.cells()[cell];
            puzzle.set(cell, 0);
            let counted = meter
                .step(check_nodes, |budget| {
                    let count = self.solver.count_solutions_within(&puzzle, 2, budget);
                    let exhausted = count.err().map(|u| u.exhausted);
                    (count, self.solver.stats().nodes, exhausted)
                })
                .map_err(NotMade::GaveUp)?;
            match counted {
                Some(Ok(1)) => {}
                Some(_) => {
                    puzzle.set(cell, digit);
                }
                None => {
                    proven = false;
                    puzzle.set(cell, digit);
                }
            }
        }
        Ok((puzzle, solution, proven))
    }
}

/// `count` puzzles of the sequence of `seed`, made in parallel with rayon. Puzzle `i` depends
/// only on `seed` and `i`, so the result is the same whatever the number of threads.
///
/// # Errors
///
/// The rules cannot be (see [`VariantGenerator::new`]), or the first puzzle (in order) whose
/// clue count could not be reached.
pub fn generate_variants(
    config: VariantConfig,
    seed: u64,
    count: usize,
) -> Result<Vec<GeneratedVariant>, Box<dyn std::error::Error + Send + Sync>> {
    generate_variants_within(config, seed, count, Budget::UNLIMITED)
}

/// As [`generate_variants`], each puzzle within `budget` (see
/// [`VariantGenerator::generate_indexed_within`]; a cancel flag stops the whole batch), a
/// chunk of a thousand puzzles at a time as [`generate_n_within`](crate::generate_n_within)
/// makes them.
///
/// # Errors
///
/// As [`generate_variants`], and the first puzzle (in order) whose budget ran out.
pub fn generate_variants_within(
    config: VariantConfig,
    seed: u64,
    count: usize,
    budget: Budget,
) -> Result<Vec<GeneratedVariant>, Box<dyn std::error::Error + Send + Sync>> {
    VariantGenerator::new(config)?;
    let made = crate::batch(
        count,
        || VariantGenerator::new(config).expect("checked above"),
        |generator, i| generator.generate_indexed_within(seed, i, budget, |_| {}),
    )?;
    Ok(made)
}

/// A random solved grid of `rules`: the first region filled with a random permutation (any
/// grid can be relabelled to agree with it), a few more random givens, and the rest found by
/// the general MRV engine; draws that have no solution, or need too long a search, are
/// dropped for new ones. `None` when none of many draws gave a grid (rules that admit no
/// grid, or almost none).
///
/// ```
/// use std::sync::Arc;
/// use sudoku_gen::{Rules, Shape, random_solution};
/// use sudoku_mrv::MrvVariantSolver;
///
/// let rules = Arc::new(Rules::new(Shape::for_size(16).unwrap()));
/// let mut rng = sudoku_core::seeded_rng(7);
/// let grid = random_solution(&rules, &mut rng, &mut MrvVariantSolver::default()).unwrap();
/// assert!(grid.is_solved());
/// ```
pub fn random_solution<R: Rng + ?Sized>(
    rules: &Arc<Rules>,
    rng: &mut R,
    solver: &mut MrvVariantSolver,
) -> Option<Puzzle> {
    random_solution_within(rules, rng, solver, Budget::UNLIMITED).unwrap_or(None)
}

/// As [`random_solution`], within `budget` (the searches of every draw spend its nodes).
///
/// # Errors
///
/// What ran out, when the budget did.
pub fn random_solution_within<R: Rng + ?Sized>(
    rules: &Arc<Rules>,
    rng: &mut R,
    solver: &mut MrvVariantSolver,
    budget: Budget,
) -> Result<Option<Puzzle>, Exhausted> {
    let mut meter = budget.meter();
    draw_solution(rules, rng, solver, &mut meter)
        .map_err(|()| budget.as_set(meter.exhausted().expect("a stopped meter says why")))
}

/// [`random_solution`] spending the nodes of `meter`: `Err` when it runs out.
fn draw_solution<R: Rng + ?Sized>(
    rules: &Arc<Rules>,
    rng: &mut R,
    solver: &mut MrvVariantSolver,
    meter: &mut Meter,
) -> Result<Option<Puzzle>, ()> {
    let n = rules.size();
    let first: Vec<u16> = rules
        .units()
        .iter()
        .find(|(unit, _)| {
            matches!(
                unit,
                sudoku_core::Unit::Box(_) | sudoku_core::Unit::Region(_)
            )
        })
        .map(|(_, cells)| cells.clone())
        .expect("every board has regions");
    for _ in 0..MAX_DRAWS {
        let mut puzzle = Puzzle::empty(Arc::clone(rules));
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        for (&cell, &digit) in first.iter().zip(&digits) {
            puzzle.set(usize::from(cell), digit);
        }
        // Fewer extra givens than a row holds: the draw rarely dead-ends, and the grids
        // differ well beyond the relabellings of one.
        for _ in 0..n / 2 {
            let cell = rng.random_range(0..n * n);
            let candidates = puzzle.candidates(cell).expect("a cell of the board");
            if puzzle.cells()[cell] != 0 || candidates == 0 {
                continue;
            }
            let choices: Vec<u8> = (0..n as u8)
                .filter(|d| candidates & 1 << d != 0)
                .map(|d| d + 1)
                .collect();
            puzzle.set(cell, choices[rng.random_range(0..choices.len())]);
        }
        let solved = meter
            .step(GRID_NODES, |budget| {
                let verdict = solver.solve_within(&puzzle, budget);
                let exhausted = match &verdict {
                    Verdict::GaveUp { exhausted, .. } => Some(*exhausted),
                    _ => None,
                };
                (verdict, solver.stats().nodes, exhausted)
            })
            .map_err(|_| ())?;
        if let Some(Verdict::Solved(grid)) = solved {
            return Ok(Some(grid));
        }
    }
    Ok(None)
}

/// The rules `base` (its shape and extra units) with a random jigsaw layout that admits a
/// grid: every region connected and of `n` cells. `None` when no grid of `base` could be
/// drawn (the extra units may leave no room).
///
/// The layout is made together with a grid that fits it, so it needs no search to be known
/// to admit one (random layouts of 25x25 often take a search longer than any budget to
/// tell): a random solved grid of `base`, then many random trades of border cells between
/// neighbouring regions, each between two cells of the same digit (so that both regions
/// still hold every digit once) and kept only when both regions stay connected. Some grids
/// allow few trades (their digits seldom match across box borders); a layout that leaves
/// fewer than `n` cells outside their box is drawn again from a new grid, up to
/// 8 times, so that the regions are irregular.
///
/// ```
/// use sudoku_gen::{Rules, Shape, random_jigsaw};
///
/// let rules = random_jigsaw(&Rules::classic(), &mut sudoku_core::seeded_rng(3)).unwrap();
/// let layout = rules.jigsaw().unwrap(); // the region of each cell
/// assert_eq!(layout.len(), 81);
/// assert!(layout.iter().enumerate().any(|(cell, &r)| usize::from(r) != Shape::CLASSIC.box_of(cell)));
/// ```
pub fn random_jigsaw<R: Rng + ?Sized>(base: &Rules, rng: &mut R) -> Option<Rules> {
    random_jigsaw_within(base, rng, Budget::UNLIMITED).unwrap_or(None)
}

/// As [`random_jigsaw`], within `budget` (the searches that draw grids spend its nodes).
///
/// # Errors
///
/// What ran out, when the budget did.
pub fn random_jigsaw_within<R: Rng + ?Sized>(
    base: &Rules,
    rng: &mut R,
    budget: Budget,
) -> Result<Option<Rules>, Exhausted> {
    let mut meter = budget.meter();
    match jigsaw_with_grid(base, rng, &mut MrvVariantSolver::default(), &mut meter) {
        Ok(drawn) => Ok(drawn.map(|(rules, _)| (*rules).clone())),
        Err(()) => Err(budget.as_set(meter.exhausted().expect("a stopped meter says why"))),
    }
}

/// A random jigsaw layout of `base` with a grid that fits it (see [`random_jigsaw`]),
/// spending the nodes of `meter`: `Err` when it runs out.
fn jigsaw_with_grid<R: Rng + ?Sized>(
    base: &Rules,
    rng: &mut R,
    solver: &mut MrvVariantSolver,
    meter: &mut Meter,
) -> Result<Option<(Arc<Rules>, Puzzle)>, ()> {
    let shape = base.shape();
    let n = shape.size();
    let mut draw = 0;
    let base_rules = Arc::new(base.clone());
    let (grid, rules) = loop {
        draw += 1;
        let Some(grid) = draw_solution(&base_rules, rng, solver, meter)? else {
            return Ok(None);
        };
        let rules = base
            .clone()
            .with_jigsaw(&trade_borders(&grid, shape, rng))
            .expect("trades keep n connected regions of n cells");
        // Counted on the layout as the rules number it (regions in order of first cell), so
        // that a region that drifted onto another box counts as a box.
        let layout = rules.jigsaw().expect("a jigsaw layout");
        let moved = (0..n * n)
            .filter(|&cell| usize::from(layout[cell]) != shape.box_of(cell))
            .count();
        if moved >= n || draw == LAYOUT_DRAWS {
            break (grid, Arc::new(rules));
        }
    };
    let digits = grid.cells();
    let solution =
        Puzzle::with_rules(Arc::clone(&rules), digits.to_vec()).expect("digits of the board");
    debug_assert!(
        solution.is_solved(),
        "trades keep every region a permutation"
    );
    Ok(Some((rules, solution)))
}

/// The boxes of `shape` after random trades of border cells of the same digit of `grid`
/// between neighbouring regions, each kept when both regions stay connected (see
/// [`random_jigsaw`]).
fn trade_borders<R: Rng + ?Sized>(grid: &Puzzle, shape: Shape, rng: &mut R) -> Vec<u8> {
    let n = shape.size();
    let digits = grid.cells();
    let mut layout: Vec<u8> = (0..n * n).map(|cell| shape.box_of(cell) as u8).collect();
    for _ in 0..TRADES_PER_CELL * n * n {
        // A cell `a` of region A next to region B trades places with the cell `b` of B that
        // holds the same digit, when `b` is next to A: both regions keep n cells and every
        // digit, and the trade stands if both stay connected.
        let a = rng.random_range(0..n * n);
        let beside_a: Vec<usize> = orthogonal_neighbours(a, n).collect();
        let x = beside_a[rng.random_range(0..beside_a.len())];
        let (ra, rb) = (layout[a], layout[x]);
        if ra == rb {
            continue;
        }
        let Some(b) = (0..n * n).find(|&b| layout[b] == rb && digits[b] == digits[a]) else {
            continue;
        };
        if !orthogonal_neighbours(b, n).any(|y| y != a && layout[y] == ra) {
            continue;
        }
        layout[a] = rb;
        layout[b] = ra;
        if !connected(&layout, n, ra) || !connected(&layout, n, rb) {
            layout[a] = ra;
            layout[b] = rb;
        }
    }
    layout
}

/// Grids drawn at most for one jigsaw layout (see [`random_jigsaw`]).
const LAYOUT_DRAWS: usize = 8;

/// Trades tried per cell when a jigsaw layout is made. Measured over four seeds: 30%, 35%
/// and 39% of the cells end outside their box on 9x9, 16x16 and 25x25 boards, as with the
/// trades of any two cells that layouts were made with before (44%, 34%, 41%); more trades
/// change little.
const TRADES_PER_CELL: usize = 40;

/// Whether the cells of `region` are connected (orthogonally) in `layout`.
fn connected(layout: &[u8], n: usize, region: u8) -> bool {
    let Some(start) = layout.iter().position(|&r| r == region) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for next in orthogonal_neighbours(cell, n) {
            if layout[next] == region && !seen[next] {
                seen[next] = true;
                reached += 1;
                stack.push(next);
            }
        }
    }
    reached == layout.iter().filter(|&&r| r == region).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::CountSolutions;

    /// Whether the puzzle has one solution and loses it when any clue is removed, by the
    /// general engine (for tests of generators).
    fn unique_and_minimal(puzzle: &Puzzle) -> bool {
        let mut solver = MrvVariantSolver::default();
        if solver.count_solutions(puzzle, 2) != 1 {
            return false;
        }
        (0..puzzle.cells().len())
            .filter(|&c| puzzle[c] != 0)
            .all(|c| {
                let mut less = puzzle.clone();
                less.set(c, 0);
                solver.count_solutions(&less, 2) == 2
            })
    }

    fn config(n: usize) -> VariantConfig {
        VariantConfig {
            shape: Shape::for_size(n).unwrap(),
            ..VariantConfig::default()
        }
    }

    #[test]
    fn every_size_gives_unique_minimal_puzzles() {
        for n in [4, 6, 8, 9, 10, 12] {
            let mut generator = VariantGenerator::new(config(n)).unwrap();
            for i in 0..3 {
                let made = generator.generate_indexed(5, i).unwrap();
                assert_eq!(made.puzzle.size(), n);
                assert!(made.solution.solves(&made.puzzle), "{n}: {}", made.puzzle);
                assert!(made.minimal, "{n}: {}", made.puzzle);
                assert!(unique_and_minimal(&made.puzzle), "{n}: {}", made.puzzle);
            }
        }
    }

    #[test]
    fn variants_give_unique_minimal_puzzles_under_their_rules() {
        let nine = VariantConfig::default();
        for config in [
            VariantConfig {
                diagonals: true,
                ..nine
            },
            VariantConfig {
                windoku: true,
                ..nine
            },
            VariantConfig {
                jigsaw: true,
                ..nine
            },
            VariantConfig {
                jigsaw: true,
                diagonals: true,
                ..config(6)
            },
        ] {
            let mut generator = VariantGenerator::new(config).unwrap();
            for i in 0..3 {
                let made = generator.generate_indexed(11, i).unwrap();
                let rules = made.puzzle.rules();
                assert_eq!(rules.diagonals(), config.diagonals);
                assert_eq!(rules.windoku(), config.windoku);
                assert_eq!(rules.jigsaw().is_some(), config.jigsaw);
                assert!(made.solution.solves(&made.puzzle));
                assert!(
                    made.minimal && unique_and_minimal(&made.puzzle),
                    "{config:?}"
                );
            }
        }
    }

    #[test]
    fn puzzle_i_depends_only_on_seed_and_index() {
        let config = VariantConfig {
            jigsaw: true,
            ..config(6)
        };
        let all = generate_variants(config, 9, 6).unwrap();
        let mut generator = VariantGenerator::new(config).unwrap();
        assert_eq!(generator.generate_indexed(9, 4).unwrap(), all[4]);
        assert_ne!(all[0].puzzle, all[1].puzzle);
        let layouts: std::collections::HashSet<_> = all
            .iter()
            .map(|m| m.puzzle.rules().jigsaw().unwrap().to_vec())
            .collect();
        assert_eq!(layouts.len(), 6, "each puzzle draws its own layout");
    }

    #[test]
    fn clue_targets_are_met_or_refused() {
        let target = VariantConfig {
            target_clues: Some(150),
            ..config(16)
        };
        let made = VariantGenerator::new(target)
            .unwrap()
            .generate_indexed(2, 0)
            .unwrap();
        assert_eq!(made.puzzle.filled(), 150);
        assert!(!made.minimal);
        assert_eq!(
            MrvVariantSolver::default().count_solutions(&made.puzzle, 2),
            1,
            "unique at the target"
        );
        let err = VariantGenerator::new(VariantConfig {
            target_clues: Some(2),
            ..config(4)
        })
        .unwrap_err();
        assert!(err.to_string().contains("at least 3 clues"), "{err}");
        let err = VariantGenerator::new(VariantConfig {
            target_clues: Some(17),
            ..config(4)
        })
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "a 4x4 board has 16 cells, so 17 clues cannot be"
        );
        assert!(
            VariantGenerator::new(VariantConfig {
                windoku: true,
                ..config(16)
            })
            .is_err()
        );
    }

    #[test]
    fn random_grids_of_every_size_are_solved_and_differ() {
        let mut solver = MrvVariantSolver::default();
        for n in [4, 6, 8, 9, 12, 16, 20, 25] {
            let rules = Arc::new(Rules::new(Shape::for_size(n).unwrap()));
            let mut rng = sudoku_core::seeded_rng(n as u64);
            let a = random_solution(&rules, &mut rng, &mut solver).unwrap();
            let b = random_solution(&rules, &mut rng, &mut solver).unwrap();
            assert!(a.is_solved() && b.is_solved(), "{n}");
            assert_ne!(a, b, "{n}");
        }
    }

    #[test]
    fn jigsaw_layouts_are_connected_and_irregular() {
        for n in [4, 6, 9, 12, 16] {
            let shape = Shape::for_size(n).unwrap();
            let mut rng = sudoku_core::seeded_rng(1);
            let rules = random_jigsaw(&Rules::new(shape), &mut rng).unwrap();
            let layout = rules.jigsaw().unwrap();
            // The layout passes the core's checks: n connected regions of n cells.
            assert!(Rules::new(shape).with_jigsaw(layout).is_ok(), "{n}");
            let moved = (0..n * n)
                .filter(|&c| usize::from(layout[c]) != shape.box_of(c))
                .count();
            assert!(moved >= n, "{n}: the layout moved away from the boxes");
            let grid =
                MrvVariantSolver::default().count_solutions(&Puzzle::empty(Arc::new(rules)), 1);
            assert_eq!(grid, 1, "{n}: a grid fits the layout");
        }
        // Sudoku X on a jigsaw: the layout admits a grid under the diagonals too.
        let x = Rules::classic().with_diagonals(true);
        let rules = random_jigsaw(&x, &mut sudoku_core::seeded_rng(2)).unwrap();
        assert!(rules.diagonals());
        assert_eq!(
            MrvVariantSolver::default().count_solutions(&Puzzle::empty(Arc::new(rules)), 1),
            1
        );
    }
}
