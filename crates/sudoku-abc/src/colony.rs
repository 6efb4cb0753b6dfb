//! One bee colony: employed, onlooker and scout phases over food sources.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::board::{Layout, Source, below, box_of};
use crate::config::{AbcConfig, MoveChoice, Neighbourhood, Scout};
use rand::Rng as _;
use sudoku_core::SeededRng as Rng;

/// What one colony counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub(crate) cycles: u64,
    pub(crate) evaluations: u64,
    pub(crate) restarts: u64,
}

/// The end of one colony's run.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    /// The best grid the colony reached (solved when `conflicts` is 0).
    pub(crate) best: [u8; 81],
    pub(crate) conflicts: u32,
    pub(crate) counters: Counters,
}

/// Boxes that share a band or a stack with each box (4 of them).
const ALIGNED_BOXES: [[u8; 4]; 9] = {
    let mut t = [[0u8; 4]; 9];
    let mut b = 0;
    while b < 9 {
        let mut k = 0;
        let mut o = 0;
        while o < 9 {
            if o != b && (o / 3 == b / 3 || o % 3 == b % 3) {
                t[b][k] = o as u8;
                k += 1;
            }
            o += 1;
        }
        b += 1;
    }
    t
};

struct Colony<'a> {
    layout: &'a Layout,
    config: &'a AbcConfig,
    rng: Rng,
    sources: Vec<Source>,
    best: Source,
    counters: Counters,
    cumulative: Vec<u64>,
}

/// Runs one colony until a source reaches 0 conflicts, the budget runs out, or `stop` is
/// set (by another colony that solved the puzzle). Sets `stop` when it solves.
pub(crate) fn run(
    layout: &Layout,
    config: &AbcConfig,
    mut rng: Rng,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Outcome {
    let count = (config.colony_size / 2).max(2);
    let sources: Vec<Source> = (0..count)
        .map(|_| Source::random(layout, &mut rng))
        .collect();
    let best = sources
        .iter()
        .min_by_key(|s| s.fitness)
        .expect("at least two sources")
        .clone();
    let mut colony = Colony {
        layout,
        config,
        rng,
        sources,
        best,
        counters: Counters {
            evaluations: count as u64,
            ..Counters::default()
        },
        cumulative: Vec::with_capacity(count),
    };
    colony.search(stop, deadline);
    if colony.best.fitness == 0 {
        stop.store(true, Ordering::Relaxed);
    }
    Outcome {
        best: colony.best.cells,
        conflicts: colony.best.fitness,
        counters: colony.counters,
    }
}

impl Colony<'_> {
    fn search(&mut self, stop: &AtomicBool, deadline: Option<Instant>) {
        let count = self.sources.len();
        while self.best.fitness > 0 && self.counters.cycles < self.config.max_cycles {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            if let Some(deadline) = deadline {
                if self.counters.cycles % 16 == 0 && Instant::now() >= deadline {
                    return;
                }
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
            let worst = self.sources.iter().map(|s| s.fitness).max().unwrap_or(0);
            self.cumulative.clear();
            let mut total = 0u64;
            for source in &self.sources {
                total += u64::from(worst - source.fitness) + 1;
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
                    15 + 5 * source.fitness
                } else {
                    self.config.limit
                };
                if source.trials >= limit {
                    self.scout(i);
                    if self.sources[i].fitness < self.best.fitness {
                        self.best = self.sources[i].clone();
                        if self.best.fitness == 0 {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// One bee's trial at source `i`; true when it reached 0 conflicts.
    fn trial(&mut self, i: usize) -> bool {
        let before = self.sources[i].fitness;
        let noise = self.config.noise;
        if noise > 0 && below(&mut self.rng, 1000) < noise as usize {
            self.random_walk(i);
        } else {
            self.move_trial(i);
        }
        let source = &mut self.sources[i];
        if source.fitness < before {
            source.trials = 0;
            if source.fitness < self.best.fitness {
                self.best = source.clone();
                return self.best.fitness == 0;
            }
        } else {
            source.trials += 1;
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
        let cells = layout.boxes[box_of(a)].cells();
        let b = cells[below(&mut self.rng, cells.len())] as usize;
        if b != a && layout.swappable(a, source.cells[a], b, source.cells[b]) {
            self.counters.evaluations += 1;
            let delta = source.swap_delta(a, b);
            self.sources[i].swap(a, b, delta);
        }
    }

    /// A trial with the configured neighbourhood and move choice.
    fn move_trial(&mut self, i: usize) {
        match self.config.neighbourhood {
            Neighbourhood::InBox => {
                if let Some((a, b, delta)) = self.pick_swap(i, None) {
                    if self.accepts(delta) {
                        self.sources[i].swap(a, b, delta);
                        if self.config.tabu_tenure > 0 {
                            self.sources[i].remember(a, b, self.config.tabu_tenure);
                        }
                    }
                }
            }
            Neighbourhood::CrossBox => self.cross_box_trial(i),
        }
    }

    /// A swap in one box, then one in another box of the same band or stack, kept or undone
    /// together.
    fn cross_box_trial(&mut self, i: usize) {
        let Some((a, b, first)) = self.pick_swap(i, None) else {
            return;
        };
        self.sources[i].swap(a, b, first);
        let aligned = ALIGNED_BOXES[box_of(a)];
        let other = aligned[below(&mut self.rng, 4)] as usize;
        let second = if self.layout.boxes[other].len >= 2 {
            self.pick_swap(i, Some(other))
        } else {
            None
        };
        match second {
            Some((c, d, delta)) if self.accepts(first + delta) => {
                self.sources[i].swap(c, d, delta);
            }
            _ => self.sources[i].swap(a, b, -first),
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
                    layout.movable_boxes[below(&mut self.rng, layout.movable_boxes.len())] as usize
                });
                let cells = layout.boxes[b].cells();
                for _ in 0..8 {
                    let x = below(&mut self.rng, cells.len());
                    let y = (x + 1 + below(&mut self.rng, cells.len() - 1)) % cells.len();
                    let (a, b) = (cells[x] as usize, cells[y] as usize);
                    if layout.swappable(a, source.cells[a], b, source.cells[b]) {
                        self.counters.evaluations += 1;
                        return Some((a, b, source.swap_delta(a, b)));
                    }
                }
                None
            }
            MoveChoice::MinConflicts => {
                let a = match within {
                    Some(b) => {
                        let pool = layout.boxes[b].cells();
                        let mut a = pool[below(&mut self.rng, pool.len())] as usize;
                        for _ in 0..pool.len() {
                            if source.in_conflict(a) {
                                break;
                            }
                            a = pool[below(&mut self.rng, pool.len())] as usize;
                        }
                        a
                    }
                    None => match source.conflicting_cell(layout, &mut self.rng) {
                        Some(a) => a,
                        None => {
                            let pool = &layout.movable_cells;
                            pool[below(&mut self.rng, pool.len())] as usize
                        }
                    },
                };
                let (mut best, mut best_delta, mut ties) = (usize::MAX, i32::MAX, 0u32);
                for &b in layout.boxes[box_of(a)].cells() {
                    let b = b as usize;
                    if b == a || !layout.swappable(a, source.cells[a], b, source.cells[b]) {
                        continue;
                    }
                    self.counters.evaluations += 1;
                    let delta = source.swap_delta(a, b);
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
            Scout::Random => Source::random(layout, &mut self.rng),
            Scout::Perturb(swaps) => {
                let leader = (0..self.sources.len())
                    .min_by_key(|&k| self.sources[k].fitness)
                    .unwrap_or(i);
                if leader == i {
                    Source::random(layout, &mut self.rng)
                } else {
                    let mut source = self.sources[leader].clone();
                    for _ in 0..swaps {
                        let b = layout.movable_boxes
                            [below(&mut self.rng, layout.movable_boxes.len())]
                            as usize;
                        let cells = layout.boxes[b].cells();
                        let x = below(&mut self.rng, cells.len());
                        let y = (x + 1 + below(&mut self.rng, cells.len() - 1)) % cells.len();
                        let (a, c) = (cells[x] as usize, cells[y] as usize);
                        if layout.swappable(a, source.cells[a], c, source.cells[c]) {
                            let delta = source.swap_delta(a, c);
                            source.swap(a, c, delta);
                        }
                    }
                    source.trials = 0;
                    source
                }
            }
        };
        self.sources[i] = fresh;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::full_conflicts;
    use crate::presolve::Reduced;
    use sudoku_core::Grid;

    /// Runs the colony's real move code (every neighbourhood, tabu, both scouts) for a
    /// while on a hard puzzle, then checks that each source's incremental fitness equals a
    /// full recount, and that the givens and the box permutations held.
    #[test]
    fn colony_moves_keep_fitness_exact_and_givens_fixed() {
        let puzzle: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let configs = [
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
        ];
        for config in configs {
            let reduced = Reduced::givens(&puzzle);
            let layout = Layout::new(&reduced, config.respect_candidates).unwrap();
            let stop = AtomicBool::new(false);
            let mut colony = Colony {
                layout: &layout,
                config: &AbcConfig {
                    max_cycles: 300,
                    ..config
                },
                rng: sudoku_core::seeded_rng(5),
                sources: (0..10)
                    .map(|k| Source::random(&layout, &mut sudoku_core::seeded_rng(k)))
                    .collect(),
                best: Source::random(&layout, &mut sudoku_core::seeded_rng(99)),
                counters: Counters::default(),
                cumulative: Vec::new(),
            };
            colony.search(&stop, None);
            assert!(colony.counters.cycles > 0);
            for source in colony.sources.iter().chain([&colony.best]) {
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
}
