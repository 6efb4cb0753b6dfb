//! The encoding of boards of every size and variant, and its O(1) moves.
//!
//! As on the 9x9 board, each region (a box, or a jigsaw region) holds a permutation of the
//! digits its fixed cells leave missing, so regions are always right; the fitness counts the
//! repeats in every other unit: rows and columns, and the extra units of the variant (the
//! two diagonals of Sudoku X, the four windows of windoku). A [`Source`] keeps per-unit
//! digit counts, so a swap's change of fitness is read from a few counters.

use sudoku_core::SeededRng as Rng;

use super::Topology;
use crate::board::{below, nth_bit};
use crate::colony::{Encoding, FoodSource};
use crate::matching::random_matching;
use crate::presolve::Reduced;

/// The largest side of a board (digits 1 to 25).
const MAX_SIDE: usize = 25;

/// Digit counts of one unit are `STRIDE` bytes apart (digits 1 to 25 fit).
const STRIDE: usize = 32;

/// The most units of the fitness one cell lies in: its row, its column, both diagonals (the
/// centre of an odd board) and a window, with room to spare.
const MAX_CELL_UNITS: usize = 6;

/// The units of the fitness that one cell lies in, as a list and as a bit mask.
#[derive(Clone, Copy, Debug, Default)]
struct CellUnits {
    units: [u8; MAX_CELL_UNITS],
    len: u8,
    /// Bit `u` for each unit `u` of the list.
    mask: u64,
}

impl CellUnits {
    #[inline]
    fn list(&self) -> &[u8] {
        &self.units[..usize::from(self.len)]
    }

    #[inline]
    fn contains(&self, unit: u8) -> bool {
        self.mask & (1 << unit) != 0
    }
}

/// The free cells of one region and the digits it misses (as many of each).
#[derive(Clone, Debug, Default)]
struct Region {
    cells: Vec<u16>,
    digits: Vec<u8>,
}

/// What every food source of one puzzle shares.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The side of the board.
    n: usize,
    /// Digits of the fixed cells (givens and what the pre-solver filled); 0 = free.
    pub(crate) fixed: Vec<u8>,
    /// The digits each free cell may take (bit `d - 1` for digit `d`).
    allowed: Vec<u32>,
    /// The region of each cell.
    region_of: Vec<u8>,
    /// Free cells and missing digits of each region.
    regions: Vec<Region>,
    /// Regions with at least two free cells (where a swap exists).
    movable_regions: Vec<u8>,
    /// Free cells of those regions.
    movable_cells: Vec<u16>,
    /// The movable cells of each unit of the fitness:
    /// `unit_movable[unit_movable_start[u]..unit_movable_start[u + 1]]`.
    unit_movable: Vec<u16>,
    unit_movable_start: Vec<u32>,
    /// The cells of each unit of the fitness, `n` per unit.
    unit_cells: Vec<u16>,
    /// How many units the fitness counts (at most 64).
    units: usize,
    /// The units of the fitness each cell lies in.
    cell_units: Vec<CellUnits>,
    /// For each region, the regions that share a row or a column with it.
    aligned: Vec<Vec<u8>>,
}

impl Layout {
    /// The layout of a reduced puzzle. With `respect_candidates`, free cells may only take
    /// their candidates; `None` when some region then has no complete assignment (Hall's
    /// condition fails), which proves the puzzle has no solution.
    pub(crate) fn new(
        reduced: &Reduced,
        topology: &Topology,
        respect_candidates: bool,
    ) -> Option<Layout> {
        let n = topology.n;
        let cells = topology.cells;
        let mut allowed = vec![0u32; cells];
        let mut regions = vec![Region::default(); n];
        for (r, region) in regions.iter_mut().enumerate() {
            let members = &topology.units[topology.region_units[r]];
            let missing = members
                .iter()
                .map(|&c| reduced.fixed[usize::from(c)])
                .filter(|&d| d != 0)
                .fold(topology.all, |m, d| m & !(1 << (d - 1)));
            for &cell in members {
                if reduced.fixed[usize::from(cell)] == 0 {
                    region.cells.push(cell);
                    allowed[usize::from(cell)] = if respect_candidates {
                        reduced.candidates[usize::from(cell)] & missing
                    } else {
                        missing
                    };
                }
            }
            region.digits = (1..=n as u8)
                .filter(|&d| missing & (1 << (d - 1)) != 0)
                .collect();
            debug_assert_eq!(region.digits.len(), region.cells.len());
        }
        let movable_regions: Vec<u8> = (0..n as u8)
            .filter(|&r| regions[usize::from(r)].cells.len() >= 2)
            .collect();
        let movable_cells: Vec<u16> = movable_regions
            .iter()
            .flat_map(|&r| regions[usize::from(r)].cells.iter().copied())
            .collect();
        let mut movable = vec![false; cells];
        for &cell in &movable_cells {
            movable[usize::from(cell)] = true;
        }
        let fitness_units: Vec<usize> = (0..topology.units.len())
            .filter(|&u| !topology.region_units.contains(&u))
            .collect();
        assert!(
            fitness_units.len() <= 64,
            "at most 64 units besides regions"
        );
        let mut unit_cells = Vec::with_capacity(fitness_units.len() * n);
        let mut cell_units = vec![CellUnits::default(); cells];
        let mut unit_movable = Vec::new();
        let mut unit_movable_start = vec![0u32];
        for (k, &u) in fitness_units.iter().enumerate() {
            for &cell in &topology.units[u] {
                unit_cells.push(cell);
                if movable[usize::from(cell)] {
                    unit_movable.push(cell);
                }
                let entry = &mut cell_units[usize::from(cell)];
                assert!(
                    usize::from(entry.len) < MAX_CELL_UNITS,
                    "too many units per cell"
                );
                entry.units[usize::from(entry.len)] = k as u8;
                entry.len += 1;
                entry.mask |= 1 << k;
            }
            unit_movable_start.push(unit_movable.len() as u32);
        }
        let region_of = topology.region_of.clone();
        let aligned = (0..n)
            .map(|r| {
                let lines = |region: usize| {
                    topology.units[topology.region_units[region]]
                        .iter()
                        .fold(0u64, |m, &c| {
                            let c = usize::from(c);
                            m | 1 << (c / n) | 1 << (MAX_SIDE + c % n)
                        })
                };
                let mine = lines(r);
                (0..n)
                    .filter(|&o| o != r && lines(o) & mine != 0)
                    .map(|o| o as u8)
                    .collect()
            })
            .collect();
        let layout = Layout {
            n,
            fixed: reduced.fixed.clone(),
            allowed,
            region_of,
            regions,
            movable_regions,
            movable_cells,
            unit_movable,
            unit_movable_start,
            unit_cells,
            units: fitness_units.len(),
            cell_units,
            aligned,
        };
        let mut rng = sudoku_core::seeded_rng(0);
        let mut scratch = vec![0u8; cells];
        (0..n)
            .all(|r| layout.assign_region(r, &mut rng, &mut scratch))
            .then_some(layout)
    }

    /// The cells of unit `u` of the fitness.
    #[inline]
    fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// Writes into `cells` a random assignment of region `r`'s missing digits to its free
    /// cells, each cell getting an allowed digit. False when none exists.
    fn assign_region(&self, r: usize, rng: &mut Rng, cells: &mut [u8]) -> bool {
        let region = &self.regions[r];
        let len = region.cells.len();
        let mut allowed = [0u32; MAX_SIDE];
        let mut digits = [0u8; MAX_SIDE];
        for i in 0..len {
            allowed[i] = self.allowed[usize::from(region.cells[i])];
            digits[i] = region.digits[i];
        }
        let mut owner = [usize::MAX; MAX_SIDE];
        if !random_matching(len, &allowed, &digits, rng, &mut owner) {
            return false;
        }
        for j in 0..len {
            cells[usize::from(region.cells[owner[j]])] = digits[j];
        }
        true
    }
}

impl Encoding for Layout {
    type Cell = u16;
    type Source = Source;

    #[inline]
    fn box_cells(&self, b: usize) -> &[u16] {
        &self.regions[b].cells
    }

    #[inline]
    fn box_of(&self, cell: usize) -> usize {
        usize::from(self.region_of[cell])
    }

    #[inline]
    fn movable_boxes(&self) -> &[u8] {
        &self.movable_regions
    }

    #[inline]
    fn movable_cells(&self) -> &[u16] {
        &self.movable_cells
    }

    #[inline]
    fn aligned_boxes(&self, b: usize) -> &[u8] {
        &self.aligned[b]
    }

    #[inline]
    fn swappable(&self, a: usize, x: u8, b: usize, y: u8) -> bool {
        self.allowed[a] & (1 << (y - 1)) != 0 && self.allowed[b] & (1 << (x - 1)) != 0
    }
}

/// One food source: a full grid whose regions hold permutations of their missing digits.
#[derive(Debug)]
pub(crate) struct Source {
    pub(crate) cells: Vec<u8>,
    /// `counts[u * STRIDE + d]`: how many times digit `d` appears in unit `u` of the fitness.
    counts: Vec<u8>,
    /// `dups[u]`: the digits that repeat in unit `u` (bit `d - 1` for digit `d`).
    dups: Vec<u32>,
    /// The units with a repeat (bit `u`).
    dup_units: u64,
    /// For each unit of the fitness, the sum over digits of count - 1.
    pub(crate) fitness: u32,
    /// Moves applied to this source (the clock of the tabu memory).
    moves: u32,
    /// `tabu_until[cell]`: the move count until which `cell` may not be a swap partner
    /// unless the swap improves the source.
    tabu_until: Vec<u32>,
}

impl Clone for Source {
    fn clone(&self) -> Source {
        Source {
            cells: self.cells.clone(),
            counts: self.counts.clone(),
            dups: self.dups.clone(),
            dup_units: self.dup_units,
            fitness: self.fitness,
            moves: self.moves,
            tabu_until: self.tabu_until.clone(),
        }
    }

    /// Copies into the buffers already there: the colony copies its best source often.
    fn clone_from(&mut self, other: &Source) {
        self.cells.clone_from(&other.cells);
        self.counts.clone_from(&other.counts);
        self.dups.clone_from(&other.dups);
        self.dup_units = other.dup_units;
        self.fitness = other.fitness;
        self.moves = other.moves;
        self.tabu_until.clone_from(&other.tabu_until);
    }
}

impl Source {
    /// Recomputes the counts, the repeats and the fitness from the cells.
    pub(crate) fn recount(&mut self, layout: &Layout) {
        self.counts.fill(0);
        self.dup_units = 0;
        self.fitness = 0;
        for u in 0..layout.units {
            let counts = &mut self.counts[u * STRIDE..(u + 1) * STRIDE];
            for &cell in layout.unit(u) {
                counts[usize::from(self.cells[usize::from(cell)])] += 1;
            }
            self.dups[u] = 0;
            for d in 1..=layout.n {
                if counts[d] >= 2 {
                    self.dups[u] |= 1 << (d - 1);
                    self.fitness += u32::from(counts[d]) - 1;
                }
            }
            if self.dups[u] != 0 {
                self.dup_units |= 1 << u;
            }
        }
    }

    /// Moves one `digit` of unit `u` out (`-1`) or in (`+1`), keeping the repeats current.
    #[inline]
    fn count(&mut self, u: usize, digit: usize, step: i8) {
        let count = &mut self.counts[u * STRIDE + digit];
        *count = count.wrapping_add_signed(step);
        let bit = 1u32 << (digit - 1);
        if *count >= 2 {
            self.dups[u] |= bit;
        } else {
            self.dups[u] &= !bit;
        }
    }

    #[inline]
    fn refresh_dup_unit(&mut self, u: usize) {
        if self.dups[u] != 0 {
            self.dup_units |= 1 << u;
        } else {
            self.dup_units &= !(1 << u);
        }
    }
}

impl FoodSource<Layout> for Source {
    fn random(layout: &Layout, rng: &mut Rng) -> Source {
        let mut cells = layout.fixed.clone();
        for r in 0..layout.n {
            let ok = layout.assign_region(r, rng, &mut cells);
            debug_assert!(ok, "layouts are checked to admit assignments");
        }
        let mut source = Source {
            tabu_until: vec![0; cells.len()],
            cells,
            counts: vec![0; layout.units * STRIDE],
            dups: vec![0; layout.units],
            dup_units: 0,
            fitness: 0,
            moves: 0,
        };
        source.recount(layout);
        source
    }

    #[inline]
    fn fitness(&self) -> u32 {
        self.fitness
    }

    #[inline]
    fn digit(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    #[inline]
    fn in_conflict(&self, layout: &Layout, cell: usize) -> bool {
        let d = usize::from(self.cells[cell]);
        layout.cell_units[cell]
            .list()
            .iter()
            .any(|&u| self.counts[usize::from(u) * STRIDE + d] > 1)
    }

    /// A random unit with a repeat, a random repeated digit of it, a random movable cell of
    /// the unit holding it.
    fn conflicting_cell(&self, layout: &Layout, rng: &mut Rng) -> Option<usize> {
        let units = self.dup_units;
        if units == 0 {
            return None;
        }
        let u = nth_bit(units, below(rng, units.count_ones() as usize));
        let dups = u64::from(self.dups[u]);
        let digit = nth_bit(dups, below(rng, dups.count_ones() as usize)) as u8 + 1;
        let mut found = [0u16; MAX_SIDE];
        let mut k = 0;
        let (start, end) = (
            layout.unit_movable_start[u] as usize,
            layout.unit_movable_start[u + 1] as usize,
        );
        for &cell in &layout.unit_movable[start..end] {
            if self.cells[usize::from(cell)] == digit {
                found[k] = cell;
                k += 1;
            }
        }
        (k > 0).then(|| usize::from(found[below(rng, k)]))
    }

    #[inline]
    fn swap_delta(&self, layout: &Layout, a: usize, b: usize) -> i32 {
        let x = usize::from(self.cells[a]);
        let y = usize::from(self.cells[b]);
        let (units_a, units_b) = (layout.cell_units[a], layout.cell_units[b]);
        let mut delta = 0;
        for &u in units_a.list() {
            if !units_b.contains(u) {
                let counts = &self.counts[usize::from(u) * STRIDE..];
                delta += i32::from(counts[y] >= 1) - i32::from(counts[x] >= 2);
            }
        }
        for &u in units_b.list() {
            if !units_a.contains(u) {
                let counts = &self.counts[usize::from(u) * STRIDE..];
                delta += i32::from(counts[x] >= 1) - i32::from(counts[y] >= 2);
            }
        }
        delta
    }

    fn swap(&mut self, layout: &Layout, a: usize, b: usize, delta: i32) {
        let x = usize::from(self.cells[a]);
        let y = usize::from(self.cells[b]);
        let (units_a, units_b) = (layout.cell_units[a], layout.cell_units[b]);
        for &u in units_a.list() {
            if !units_b.contains(u) {
                let u = usize::from(u);
                self.count(u, x, -1);
                self.count(u, y, 1);
                self.refresh_dup_unit(u);
            }
        }
        for &u in units_b.list() {
            if !units_a.contains(u) {
                let u = usize::from(u);
                self.count(u, y, -1);
                self.count(u, x, 1);
                self.refresh_dup_unit(u);
            }
        }
        self.cells.swap(a, b);
        self.fitness = self.fitness.wrapping_add_signed(delta);
    }

    #[inline]
    fn remember(&mut self, a: usize, b: usize, tenure: u32) {
        self.moves = self.moves.wrapping_add(1);
        self.tabu_until[a] = self.moves.saturating_add(tenure);
        self.tabu_until[b] = self.tabu_until[a];
    }

    #[inline]
    fn is_tabu(&self, cell: usize) -> bool {
        self.moves < self.tabu_until[cell]
    }
}

/// The conflicts of a complete grid under `topology`, recounted from scratch: for each unit
/// that is not a region, the sum over digits of count - 1.
#[cfg(test)]
pub(crate) fn full_conflicts(cells: &[u8], topology: &Topology) -> u32 {
    let mut total = 0;
    for (u, unit) in topology.units.iter().enumerate() {
        if topology.region_units.contains(&u) {
            continue;
        }
        let mut count = [0u32; MAX_SIDE + 1];
        for &cell in unit {
            count[usize::from(cells[usize::from(cell)])] += 1;
        }
        total += count[1..].iter().map(|&c| c.saturating_sub(1)).sum::<u32>();
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Puzzle;
    use sudoku_testing::VARIANT_CASES;

    /// Random sources keep the givens, fill each region with a permutation and, when asked,
    /// give each free cell one of its candidates; their fitness is the full recount.
    #[test]
    fn random_sources_keep_givens_fill_regions_and_respect_candidates() {
        for case in VARIANT_CASES
            .iter()
            .filter(|c| c.puzzle().clash().is_none())
        {
            let puzzle = case.puzzle();
            let topology = Topology::new(puzzle.rules());
            let reduced = Reduced::givens(puzzle.cells(), &topology);
            for respect in [false, true] {
                let Some(layout) = Layout::new(&reduced, &topology, respect) else {
                    assert!(respect, "{}: without candidates a layout exists", case.name);
                    continue;
                };
                let mut rng = sudoku_core::seeded_rng(3);
                for _ in 0..5 {
                    let source = Source::random(&layout, &mut rng);
                    for cell in 0..topology.cells {
                        let digit = source.cells[cell];
                        if puzzle[cell] != 0 {
                            assert_eq!(digit, puzzle[cell]);
                        } else if respect {
                            assert!(puzzle.candidates(cell).unwrap() & (1 << (digit - 1)) != 0);
                        }
                    }
                    for &u in &topology.region_units {
                        let seen = topology.units[u]
                            .iter()
                            .fold(0u32, |m, &c| m | 1 << source.cells[usize::from(c)]);
                        assert_eq!(seen, topology.all << 1, "{}", case.name);
                    }
                    assert_eq!(source.fitness, full_conflicts(&source.cells, &topology));
                }
            }
        }
    }

    /// Many random swaps inside regions (on a jigsaw with the diagonals, and on a 16x16 X
    /// board), with the counts checked against a recount along the way.
    #[test]
    fn incremental_fitness_matches_a_full_recount_after_many_moves() {
        let jigsaw = VARIANT_CASES.iter().find(|c| c.name == "jigsaw").unwrap();
        let jigsaw_x = {
            let p = jigsaw.puzzle();
            let rules = p.rules().clone().with_diagonals(true);
            Puzzle::new(rules, vec![0; 81]).unwrap()
        };
        let sixteen = {
            let p = VARIANT_CASES
                .iter()
                .find(|c| c.name == "16x16")
                .unwrap()
                .puzzle();
            let rules = p.rules().clone().with_diagonals(true);
            Puzzle::new(rules, p.cells().to_vec()).unwrap()
        };
        let windoku = VARIANT_CASES.iter().find(|c| c.name == "windoku").unwrap();
        for puzzle in [jigsaw_x, sixteen, windoku.puzzle()] {
            let topology = Topology::new(puzzle.rules());
            let layout = Layout::new(
                &Reduced::givens(puzzle.cells(), &topology),
                &topology,
                false,
            )
            .expect("a layout without candidates");
            let mut rng = sudoku_core::seeded_rng(11);
            let mut source = Source::random(&layout, &mut rng);
            for step in 0..50_000 {
                let regions = layout.movable_boxes();
                let r = usize::from(regions[below(&mut rng, regions.len())]);
                let cells = layout.box_cells(r);
                let i = below(&mut rng, cells.len());
                let j = (i + 1 + below(&mut rng, cells.len() - 1)) % cells.len();
                let (a, b) = (usize::from(cells[i]), usize::from(cells[j]));
                let delta = source.swap_delta(&layout, a, b);
                source.swap(&layout, a, b, delta);
                if step % 997 == 0 {
                    assert_eq!(source.fitness, full_conflicts(&source.cells, &topology));
                    let mut fresh = source.clone();
                    fresh.recount(&layout);
                    assert_eq!(fresh.counts, source.counts, "step {step}");
                    assert_eq!(fresh.dups, source.dups, "step {step}");
                    assert_eq!(fresh.dup_units, source.dup_units, "step {step}");
                }
            }
        }
    }

    /// The units of the fitness are the rows, the columns and the extra units, never the
    /// regions; cross-box moves pair regions that share a line.
    #[test]
    fn the_fitness_counts_every_unit_but_the_regions() {
        let x = VARIANT_CASES
            .iter()
            .find(|c| c.name == "Sudoku X")
            .unwrap()
            .puzzle();
        let topology = Topology::new(x.rules());
        let layout = Layout::new(&Reduced::givens(x.cells(), &topology), &topology, true).unwrap();
        assert_eq!(layout.units, 9 + 9 + 2);
        // The centre lies on its row, its column and both diagonals.
        assert_eq!(layout.cell_units[40].list().len(), 4);
        // Box 1 shares rows with boxes 2 and 3 and columns with boxes 4 and 7.
        assert_eq!(layout.aligned_boxes(0), [1, 2, 3, 6]);
    }

    /// A region whose free cells cannot take its missing digits proves there is no solution.
    #[test]
    fn a_region_without_assignment_is_detected() {
        // 4x4: box 1 misses 1 and 2 in r1c1 and r2c1, and both see a 1 in column 1.
        let puzzle: Puzzle = ".3...4..1.......".parse().unwrap();
        assert_eq!(puzzle.clash(), None);
        let topology = Topology::new(puzzle.rules());
        let reduced = Reduced::givens(puzzle.cells(), &topology);
        assert!(Layout::new(&reduced, &topology, true).is_none());
        assert!(Layout::new(&reduced, &topology, false).is_some());
    }
}
