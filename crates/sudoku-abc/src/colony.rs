//! One bee colony: employed, onlooker and scout phases over food sources, for any encoding
//! that gives each box (or region) a permutation of its missing digits: the 9x9 board of
//! [`board`](crate::board) and the boards of every size and variant of
//! [`general`](crate::general).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::below;
use crate::config::{AbcConfig, MoveChoice, Neighbourhood, Scout};
use rand::Rng as _;
use sudoku_core::Meter;
use sudoku_core::SeededRng as Rng;

/// What every food source of one puzzle shares: the free cells of each box (a jigsaw region
/// on irregular boards), the digits each free cell may take, and which boxes have a swap.
pub(crate) trait Encoding: Sync {
    /// A cell index as the layout stores it (`u8` on the 9x9 board, `u16` beyond).
    type Cell: Copy + Into<usize>;
    /// One food source of this encoding.
    type Source: FoodSource<Self>;

    /// The free cells of box `b`.
    fn box_cells(&self, b: usize) -> &[Self::Cell];
    /// The box of `cell`.
    fn box_of(&self, cell: usize) -> usize;
    /// Boxes with at least two free cells (where a swap exists).
    fn movable_boxes(&self) -> &[u8];
    /// The free cells of those boxes.
    fn movable_cells(&self) -> &[Self::Cell];
    /// The boxes a cross-box move may pair with box `b` (those sharing a row or a column).
    fn aligned_boxes(&self, b: usize) -> &[u8];
    /// Whether `a` may take digit `y` and `b` digit `x` (so that a swap keeps candidates).
    fn swappable(&self, a: usize, x: u8, b: usize, y: u8) -> bool;
}

/// One food source: a complete grid whose boxes hold permutations of their missing digits,
/// with its conflicts kept up to date move by move.
pub(crate) trait FoodSource<E: Encoding + ?Sized>: Clone + Send {
    /// A random source: each box a random permutation (respecting allowed digits).
    fn random(layout: &E, rng: &mut Rng) -> Self;
    /// Its conflicts (0 = solved).
    fn fitness(&self) -> u32;
    /// The digit of `cell`.
    fn digit(&self, cell: usize) -> u8;
    /// Whether the digit of `cell` repeats in one of the units the fitness counts.
    fn in_conflict(&self, layout: &E, cell: usize) -> bool;
    /// A random movable cell in conflict, `None` when there is none.
    fn conflicting_cell(&self, layout: &E, rng: &mut Rng) -> Option<usize>;
    /// The change of fitness if cells `a` and `b` (distinct, same box) swapped digits.
    fn swap_delta(&self, layout: &E, a: usize, b: usize) -> i32;
    /// Swaps the digits of `a` and `b`, whose `swap_delta` is `delta`.
    fn swap(&mut self, layout: &E, a: usize, b: usize, delta: i32);
    /// Records an applied move of cells `a` and `b` in the tabu memory.
    fn remember(&mut self, a: usize, b: usize, tenure: u32);
    /// Whether `cell` is tabu as a swap partner.
    fn is_tabu(&self, cell: usize) -> bool;
}

/// What one colony counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub(crate) cycles: u64,
    pub(crate) evaluations: u64,
    pub(crate) restarts: u64,
}

/// The end of one colony's run.
#[derive(Clone, Debug)]
pub(crate) struct Outcome<S> {
    /// The best source the colony reached (solved when `conflicts` is 0).
    pub(crate) best: S,
    pub(crate) conflicts: u32,
    pub(crate) counters: Counters,
}

/// Runs the configured number of colonies and merges their outcomes: a solved one if any,
/// else the one with the fewest conflicts; counters are summed.
pub(crate) fn run_colonies<E: Encoding>(
    layout: &E,
    config: &AbcConfig,
    meter: &Meter,
) -> Outcome<E::Source> {
    let stop = AtomicBool::new(false);
    let count = match config.colonies {
        0 => default_colonies(),
        n => n,
    };
    let rng_of = |i: usize| sudoku_core::seeded_rng_for(config.seed, i as u64);
    // Each colony keeps its own account of cycles, with the call's clock and cancel flag.
    let run = |i: usize| run(layout, config, rng_of(i), &stop, meter.clone());
    let outcomes: Vec<Outcome<E::Source>> = if count == 1 {
        vec![run(0)]
    } else {
        run_all(count, &run)
    };
    let mut merged = outcomes
        .iter()
        .min_by_key(|o| o.conflicts)
        .expect("at least one colony")
        .clone();
    merged.counters = Counters::default();
    for outcome in &outcomes {
        merged.counters.cycles += outcome.counters.cycles;
        merged.counters.evaluations += outcome.counters.evaluations;
        merged.counters.restarts += outcome.counters.restarts;
    }
    merged
}

#[cfg(feature = "parallel")]
fn default_colonies() -> usize {
    rayon::current_num_threads()
}

#[cfg(not(feature = "parallel"))]
fn default_colonies() -> usize {
    1
}

#[cfg(feature = "parallel")]
fn run_all<S: Send>(count: usize, run: &(dyn Fn(usize) -> Outcome<S> + Sync)) -> Vec<Outcome<S>> {
    use rayon::prelude::*;
    (0..count).into_par_iter().map(run).collect()
}

#[cfg(not(feature = "parallel"))]
fn run_all<S>(count: usize, run: &dyn Fn(usize) -> Outcome<S>) -> Vec<Outcome<S>> {
    let mut outcomes = Vec::with_capacity(count);
    for i in 0..count {
        let outcome = run(i);
        let solved = outcome.conflicts == 0;
        outcomes.push(outcome);
        if solved {
            break;
        }
    }
    outcomes
}

struct Colony<'a, E: Encoding> {
    layout: &'a E,
    config: &'a AbcConfig,
    rng: Rng,
    sources: Vec<E::Source>,
    /// For each source, the trials since it last improved.
    trials: Vec<u32>,
    best: E::Source,
    counters: Counters,
    cumulative: Vec<u64>,
}

/// Runs one colony until a source reaches 0 conflicts, `meter` runs out (a node per cycle),
/// or `stop` is set (by another colony that solved the puzzle). Sets `stop` when it solves.
fn run<E: Encoding>(
    layout: &E,
    config: &AbcConfig,
    mut rng: Rng,
    stop: &AtomicBool,
    mut meter: Meter,
) -> Outcome<E::Source> {
    let count = (config.colony_size / 2).max(2);
    let sources: Vec<E::Source> = (0..count)
        .map(|_| E::Source::random(layout, &mut rng))
        .collect();
    let best = sources
        .iter()
        .min_by_key(|s| s.fitness())
        .expect("at least two sources")
        .clone();
    let mut colony = Colony {
        layout,
        config,
        rng,
        sources,
        trials: vec![0; count],
        best,
        counters: Counters {
            evaluations: count as u64,
            ..Counters::default()
        },
        cumulative: Vec::with_capacity(count),
    };
    colony.search(stop, &mut meter);
    if colony.best.fitness() == 0 {
        stop.store(true, Ordering::Relaxed);
    }
    Outcome {
        conflicts: colony.best.fitness(),
        best: colony.best,
        counters: colony.counters,
    }
}

impl<E: Encoding> Colony<'_, E> {
    /// Cycles until a source reaches 0 conflicts, `stop` is set, or `meter` runs out: a node
    /// per cycle, its clock and cancel flag read every 16 cycles (a cycle of a large colony
    /// on a 25x25 board takes up to a millisecond).
    fn search(&mut self, stop: &AtomicBool, meter: &mut Meter) {
        let count = self.sources.len();
        while self.best.fitness() > 0 {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            if !meter.spend() || (self.counters.cycles % 16 == 0 && meter.should_stop()) {
                return;
            }
            self.counters.cycles += 1;
            // Employed bees: one trial at each food source.
            for i in 0..count {
                if self.trial(i) {
                    return;
                }
            }
            // Onlookers: as many trials, at sources drawn by roulette with weight
            // (max conflicts - conflicts) + 1.
            let worst = self.sources.iter().map(|s| s.fitness()).max().unwrap_or(0);
            self.cumulative.clear();
            let mut total = 0u64;
            for source in &self.sources {
                total += u64::from(worst - source.fitness()) + 1;
                self.cumulative.push(total);
            }
            for _ in 0..count {
                let x = self.rng.next_u64() % total;
                let i = self.cumulative.partition_point(|&c| c <= x);
                if self.trial(i) {
                    return;
                }
            }
            // Scouts: abandon the sources that have not improved within their limit.
            for i in 0..count {
                let source = &self.sources[i];
                let limit = if self.config.adaptive_limit {
                    15 + 5 * source.fitness()
                } else {
                    self.config.limit
                };
                if self.trials[i] >= limit {
                    self.scout(i);
                    if self.sources[i].fitness() < self.best.fitness() {
                        self.best.clone_from(&self.sources[i]);
                        if self.best.fitness() == 0 {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// One bee's trial at source `i`; true when it reached 0 conflicts.
    fn trial(&mut self, i: usize) -> bool {
        let before = self.sources[i].fitness();
        let noise = self.config.noise;
        if noise > 0 && below(&mut self.rng, 1000) < noise as usize {
            self.random_walk(i);
        } else {
            self.move_trial(i);
        }
        let source = &self.sources[i];
        if source.fitness() < before {
            self.trials[i] = 0;
            if source.fitness() < self.best.fitness() {
                self.best.clone_from(source);
                return self.best.fitness() == 0;
            }
        } else {
            self.trials[i] += 1;
        }
        false
    }

    /// A random-walk step: a conflicting cell swapped with a random allowed partner of its
    /// box, kept whatever it does to the conflicts.
    fn random_walk(&mut self, i: usize) {
        let layout = self.layout;
        let source = &self.sources[i];
        let Some(a) = source.conflicting_cell(layout, &mut self.rng) else {
            return;
        };
        let cells = layout.box_cells(layout.box_of(a));
        let b: usize = cells[below(&mut self.rng, cells.len())].into();
        if b != a
            && (self.config.walk_any_digit
                || layout.swappable(a, source.digit(a), b, source.digit(b)))
        {
            self.counters.evaluations += 1;
            let delta = source.swap_delta(layout, a, b);
            self.sources[i].swap(layout, a, b, delta);
        }
    }

    /// A trial with the configured neighbourhood and move choice.
    fn move_trial(&mut self, i: usize) {
        match self.config.neighbourhood {
            Neighbourhood::InBox => {
                if let Some((a, b, delta)) = self.pick_swap(i, None)
                    && self.accepts(delta)
                {
                    self.sources[i].swap(self.layout, a, b, delta);
                    if self.config.tabu_tenure > 0 {
                        self.sources[i].remember(a, b, self.config.tabu_tenure);
                    }
                }
            }
            Neighbourhood::CrossBox => self.cross_box_trial(i),
        }
    }

    /// A swap in one box, then one in another box that shares a row or a column with it,
    /// kept or undone together.
    fn cross_box_trial(&mut self, i: usize) {
        let layout = self.layout;
        let Some((a, b, first)) = self.pick_swap(i, None) else {
            return;
        };
        self.sources[i].swap(layout, a, b, first);
        let aligned = layout.aligned_boxes(layout.box_of(a));
        let second = if aligned.is_empty() {
            None
        } else {
            let other = aligned[below(&mut self.rng, aligned.len())] as usize;
            if layout.box_cells(other).len() >= 2 {
                self.pick_swap(i, Some(other))
            } else {
                None
            }
        };
        match second {
            Some((c, d, delta)) if self.accepts(first + delta) => {
                self.sources[i].swap(layout, c, d, delta);
            }
            _ => self.sources[i].swap(layout, a, b, -first),
        }
    }

    fn accepts(&self, delta: i32) -> bool {
        delta < 0 || (delta == 0 && self.config.sideways)
    }

    /// Picks a swap of two free cells of one box of source `i` (of box `within` if given)
    /// that keeps every cell within its allowed digits, with its fitness change.
    fn pick_swap(&mut self, i: usize, within: Option<usize>) -> Option<(usize, usize, i32)> {
        let layout = self.layout;
        let source = &self.sources[i];
        match self.config.move_choice {
            MoveChoice::Random => {
                let b = within.unwrap_or_else(|| {
                    let boxes = layout.movable_boxes();
                    boxes[below(&mut self.rng, boxes.len())] as usize
                });
                let cells = layout.box_cells(b);
                for _ in 0..8 {
                    let x = below(&mut self.rng, cells.len());
                    let y = (x + 1 + below(&mut self.rng, cells.len() - 1)) % cells.len();
                    let (a, b) = (cells[x].into(), cells[y].into());
                    if layout.swappable(a, source.digit(a), b, source.digit(b)) {
                        self.counters.evaluations += 1;
                        return Some((a, b, source.swap_delta(layout, a, b)));
                    }
                }
                None
            }
            MoveChoice::MinConflicts => {
                let a = match within {
                    Some(b) => {
                        let pool = layout.box_cells(b);
                        let mut a: usize = pool[below(&mut self.rng, pool.len())].into();
                        for _ in 0..pool.len() {
                            if source.in_conflict(layout, a) {
                                break;
                            }
                            a = pool[below(&mut self.rng, pool.len())].into();
                        }
                        a
                    }
                    None => match source.conflicting_cell(layout, &mut self.rng) {
                        Some(a) => a,
                        None => {
                            let pool = layout.movable_cells();
                            pool[below(&mut self.rng, pool.len())].into()
                        }
                    },
                };
                let (mut best, mut best_delta, mut ties) = (usize::MAX, i32::MAX, 0u32);
                for &b in layout.box_cells(layout.box_of(a)) {
                    let b: usize = b.into();
                    if b == a || !layout.swappable(a, source.digit(a), b, source.digit(b)) {
                        continue;
                    }
                    self.counters.evaluations += 1;
                    let delta = source.swap_delta(layout, a, b);
                    if delta >= 0 && source.is_tabu(b) {
                        continue;
                    }
                    if delta < best_delta {
                        (best, best_delta, ties) = (b, delta, 1);
                    } else if delta == best_delta {
                        ties += 1;
                        if below(&mut self.rng, ties as usize) == 0 {
                            best = b;
                        }
                    }
                }
                (best != usize::MAX).then_some((a, best, best_delta))
            }
        }
    }

    /// Replaces source `i` as the configured scout does.
    fn scout(&mut self, i: usize) {
        self.counters.restarts += 1;
        self.counters.evaluations += 1;
        let layout = self.layout;
        let fresh = match self.config.scout {
            Scout::Random => E::Source::random(layout, &mut self.rng),
            Scout::Perturb(swaps) => {
                let leader = (0..self.sources.len())
                    .min_by_key(|&k| self.sources[k].fitness())
                    .unwrap_or(i);
                if leader == i {
                    E::Source::random(layout, &mut self.rng)
                } else {
                    let mut source = self.sources[leader].clone();
                    for _ in 0..swaps {
                        let boxes = layout.movable_boxes();
                        let b = boxes[below(&mut self.rng, boxes.len())] as usize;
                        let cells = layout.box_cells(b);
                        let x = below(&mut self.rng, cells.len());
                        let y = (x + 1 + below(&mut self.rng, cells.len() - 1)) % cells.len();
                        let (a, c) = (cells[x].into(), cells[y].into());
                        if layout.swappable(a, source.digit(a), c, source.digit(c)) {
                            let delta = source.swap_delta(layout, a, c);
                            source.swap(layout, a, c, delta);
                        }
                    }
                    source
                }
            }
        };
        self.sources[i] = fresh;
        self.trials[i] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Layout, full_conflicts};
    use crate::presolve::Reduced;
    use sudoku_core::{Budget, Grid};

    /// Every neighbourhood, tabu, both scouts, random moves, moves free of candidates and a
    /// random walk free of them.
    fn configs() -> Vec<AbcConfig> {
        vec![
            AbcConfig::default(),
            AbcConfig::article(),
            AbcConfig {
                neighbourhood: Neighbourhood::CrossBox,
                tabu_tenure: 3,
                noise: 100,
                scout: Scout::Perturb(4),
                ..AbcConfig::default()
            },
            AbcConfig {
                respect_candidates: false,
                move_choice: MoveChoice::Random,
                ..AbcConfig::default()
            },
            AbcConfig {
                walk_any_digit: true,
                limit: 5,
                ..AbcConfig::default()
            },
        ]
    }

    /// Runs the colony's real move code for 300 cycles (or until solved) from ten random
    /// sources, and returns them with the best.
    fn exercise<E: Encoding>(layout: &E, config: &AbcConfig) -> Vec<E::Source> {
        let mut colony = Colony {
            layout,
            config,
            rng: sudoku_core::seeded_rng(5),
            sources: (0..10)
                .map(|k| E::Source::random(layout, &mut sudoku_core::seeded_rng(k)))
                .collect(),
            trials: vec![0; 10],
            best: E::Source::random(layout, &mut sudoku_core::seeded_rng(99)),
            counters: Counters::default(),
            cumulative: Vec::new(),
        };
        colony.search(&AtomicBool::new(false), &mut Budget::nodes(300).meter());
        assert!(colony.counters.cycles > 0);
        colony.sources.push(colony.best);
        colony.sources
    }

    /// On the 9x9 board, each source's incremental fitness equals a full recount, and the
    /// givens held.
    #[test]
    fn colony_moves_keep_fitness_exact_and_givens_fixed() {
        let puzzle: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        for config in configs() {
            let reduced = Reduced::classic(&puzzle, crate::Presolve::Off).unwrap();
            let layout = Layout::new(&reduced, config.respect_candidates).unwrap();
            for source in exercise(&layout, &config) {
                assert_eq!(source.fitness, full_conflicts(&source.cells), "{config:?}");
                let mut fresh = source.clone();
                fresh.recount();
                assert_eq!(fresh.row_dups, source.row_dups);
                assert_eq!(fresh.col_dups, source.col_dups);
                for cell in 0..81 {
                    if puzzle[cell] != 0 {
                        assert_eq!(source.cells[cell], puzzle[cell]);
                    }
                }
            }
        }
    }

    /// The same on boards of other sizes and variants (a 16x16 board, Sudoku X, windoku, a
    /// jigsaw): incremental fitness equal to a full recount under every unit but the
    /// regions, givens kept, every region a permutation.
    #[test]
    fn general_colony_moves_keep_fitness_exact_and_regions_whole() {
        use sudoku_testing::VARIANT_CASES;
        let names = ["16x16", "Sudoku X", "windoku", "jigsaw", "6x6 X"];
        for case in VARIANT_CASES.iter().filter(|c| names.contains(&c.name)) {
            let puzzle = case.puzzle();
            for config in configs() {
                let (layout, topology) =
                    crate::variant::layout_of(&puzzle, config.respect_candidates);
                for source in exercise(&layout, &config) {
                    let fitness = source.fitness();
                    assert_eq!(
                        fitness,
                        crate::variant::full_conflicts(&source.cells, &topology),
                        "{}: {config:?}",
                        case.name
                    );
                    let mut fresh = source.clone();
                    fresh.recount(&layout);
                    assert_eq!(fresh.fitness, fitness);
                    let n = puzzle.size();
                    for cell in 0..n * n {
                        if puzzle[cell] != 0 {
                            assert_eq!(source.cells[cell], puzzle[cell]);
                        }
                    }
                    for r in 0..n {
                        let mut seen = 0u32;
                        for cell in (0..n * n).filter(|&c| puzzle.rules().region_of(c) == Some(r)) {
                            seen |= 1 << source.cells[cell];
                        }
                        assert_eq!(seen, ((1u32 << n) - 1) << 1, "{}: region {r}", case.name);
                    }
                }
            }
        }
    }
}
