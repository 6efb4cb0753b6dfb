//! The rule of 45: innies and outies of rows, columns, boxes and runs of them, added to the
//! model as sum constraints.

use sudoku_core::{BOX_OF, COL_OF, ROW_OF};

use super::{Cage, KillerPuzzle, Model};
use crate::puzzle::share_unit;

impl Model {
    /// Adds the innies and outies of rows, columns, boxes, runs of consecutive rows or
    /// columns, and pairs of neighbouring boxes, when they have at most `max` cells.
    ///
    /// A region of `n` whole rows, columns or boxes adds up to `45 * n`; the cages inside it
    /// add up to a known amount, so the cells of the cages that cross its border have a known
    /// sum inside it (the innies) and outside it (the outies).
    pub(super) fn add_45_rule(&mut self, puzzle: &KillerPuzzle, cage_mask: &[u128], max: usize) {
        let cages = puzzle.cages();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let mut add = |region: Crossing| {
            let Some(innie_sum) = (45 * region.units).checked_sub(region.inside_sum) else {
                return;
            };
            let outie_sum = region.crossing_sum.checked_sub(innie_sum);
            for (set, sum) in [(region.innies, Some(innie_sum)), (region.outies, outie_sum)] {
                let size = set.count_ones() as usize;
                if let Some(sum) = sum
                    && size > 0
                    && size <= max.min(9)
                    && sum <= 81
                {
                    found.push((set, sum));
                }
            }
        };
        for axis in 0..2 {
            runs_45(cages, cage_mask, axis, &mut add);
        }
        boxes_45(cages, cage_mask, &mut add);
        // The same set can come from several regions (with the same sum when the puzzle has
        // a solution): keep the first, found with an open-addressing table, which always has
        // room (at most two sets per region: 218).
        let mut seen = [0u128; 256];
        for &(set, sum) in &found {
            let mut slot = ((set as u64 ^ (set >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                >> 56) as usize;
            while seen[slot] != 0 && seen[slot] != set {
                slot = (slot + 1) % seen.len();
            }
            if seen[slot] == set {
                continue;
            }
            seen[slot] = set;
            // A set that is a whole cage adds nothing.
            let first = set.trailing_zeros() as usize;
            if cage_mask[puzzle.cage(first)] == set {
                continue;
            }
            let mut cells = [0u8; 9];
            let mut n = 0;
            let mut rest = set;
            while rest != 0 {
                cells[n] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                n += 1;
            }
            let cells = &cells[..n];
            let distinct = cells.iter().enumerate().all(|(i, &a)| {
                cells[i + 1..].iter().all(|&b| {
                    share_unit(a as usize, b as usize)
                        || puzzle.cage(a as usize) == puzzle.cage(b as usize)
                })
            });
            self.push(cells, sum as u8, distinct);
        }
        self.found = found;
    }
}

/// What the 45 rule needs of a region: its number of whole units, the sums of the cages
/// inside it and of those crossing its border, and the cells of the crossing cages inside it
/// (innies) and outside it (outies).
struct Crossing {
    units: u32,
    inside_sum: u32,
    crossing_sum: u32,
    innies: u128,
    outies: u128,
}

/// The cells of each row (`LINES[0]`) and column (`LINES[1]`).
const LINES: [[u128; 9]; 2] = {
    let mut lines = [[0u128; 9]; 2];
    let mut cell = 0;
    while cell < 81 {
        lines[0][cell / 9] |= 1 << cell;
        lines[1][cell % 9] |= 1 << cell;
        cell += 1;
    }
    lines
};

/// The box regions of the 45 rule, each a 9-bit set of boxes with its cells: every box, and
/// every pair of side-by-side or stacked boxes.
const BOX_REGIONS: [(u16, u128); 21] = {
    let mut box_cells = [0u128; 9];
    let mut cell = 0;
    while cell < 81 {
        box_cells[cell / 27 * 3 + cell % 9 / 3] |= 1 << cell;
        cell += 1;
    }
    let mut regions = [(0u16, 0u128); 21];
    let mut n = 0;
    let mut b = 0;
    while b < 9 {
        regions[n] = (1 << b, box_cells[b]);
        n += 1;
        if b % 3 < 2 {
            regions[n] = (3 << b, box_cells[b] | box_cells[b + 1]);
            n += 1;
        }
        if b < 6 {
            regions[n] = (9 << b, box_cells[b] | box_cells[b + 3]);
            n += 1;
        }
        b += 1;
    }
    regions
};

/// The 45 rule over every run of 1 to 8 consecutive rows (`axis` 0) or columns (`axis` 1).
/// A connected cage covers a run of lines too, from its first to its last, so sums and cells
/// by first and by last line, accumulated once, give every run's figures without a pass over
/// the cages per run.
fn runs_45(cages: &[Cage], cage_mask: &[u128], axis: usize, add: &mut impl FnMut(Crossing)) {
    let line_of = |cell: usize| {
        usize::from(if axis == 0 {
            ROW_OF[cell]
        } else {
            COL_OF[cell]
        })
    };
    let lines = &LINES[axis];
    // Sums of the cages by (first line, last line), by first line and by last line; cells by
    // first and by last line.
    let mut span_sum = [[0u32; 9]; 9];
    let mut first_sum = [0u32; 9];
    let mut last_sum = [0u32; 9];
    let mut by_first = [0u128; 9];
    let mut by_last = [0u128; 9];
    for (cage, &mask) in cages.iter().zip(cage_mask) {
        let (lo, hi) = cage.cells.iter().fold((8, 0), |(lo, hi), &c| {
            (line_of(c).min(lo), line_of(c).max(hi))
        });
        span_sum[lo][hi] += cage.sum;
        first_sum[lo] += cage.sum;
        last_sum[hi] += cage.sum;
        by_first[lo] |= mask;
        by_last[hi] |= mask;
    }
    // Index `x`: the lines before line `x`, or from line `x` on; the cells of the cages that
    // start before it or end from it on; the sums of the cages that end before it or start
    // from it on.
    let mut lines_before = [0u128; 10];
    let mut lines_from = [0u128; 10];
    let mut starts_before = [0u128; 10];
    let mut ends_from = [0u128; 10];
    let mut ends_before_sum = [0u32; 10];
    let mut starts_from_sum = [0u32; 10];
    for x in 0..9 {
        lines_before[x + 1] = lines_before[x] | lines[x];
        starts_before[x + 1] = starts_before[x] | by_first[x];
        ends_before_sum[x + 1] = ends_before_sum[x] + last_sum[x];
    }
    for x in (0..9).rev() {
        lines_from[x] = lines_from[x + 1] | lines[x];
        ends_from[x] = ends_from[x + 1] | by_last[x];
        starts_from_sum[x] = starts_from_sum[x + 1] + first_sum[x];
    }
    let total = starts_from_sum[0];
    for a in 0..9 {
        let mut inside_sum = 0;
        for b in a..9 {
            // The cages of lines a..=b that end at line b.
            inside_sum += (a..=b).map(|lo| span_sum[lo][b]).sum::<u32>();
            if b - a == 8 {
                continue;
            }
            add(Crossing {
                units: (b - a + 1) as u32,
                inside_sum,
                // All cages but those inside, before or after the run.
                crossing_sum: total - inside_sum - ends_before_sum[a] - starts_from_sum[b + 1],
                // Cells of the run whose cage starts before it or ends after it.
                innies: lines_from[a] & lines_before[b + 1] & (starts_before[a] | ends_from[b + 1]),
                // Cells before the run whose cage reaches it, and after it likewise.
                outies: (lines_before[a] & ends_from[a])
                    | (lines_from[b + 1] & starts_before[b + 1]),
            });
        }
    }
}

/// The 45 rule over every box and every pair of neighbouring boxes.
fn boxes_45(cages: &[Cage], cage_mask: &[u128], add: &mut impl FnMut(Crossing)) {
    let mut spans = [0u16; 81];
    for (span, cage) in spans.iter_mut().zip(cages) {
        *span = cage.cells.iter().fold(0, |m, &c| m | 1 << BOX_OF[c]);
    }
    let spans = &spans[..cages.len()];
    for &(boxes, cells) in &BOX_REGIONS {
        let mut inside_sum = 0;
        let mut crossing_sum = 0;
        let mut inside = 0u128;
        let mut crossing = 0u128;
        for ((&span, cage), &mask) in spans.iter().zip(cages).zip(cage_mask) {
            if span & boxes == 0 {
                continue;
            }
            if span & !boxes == 0 {
                inside_sum += cage.sum;
                inside |= mask;
            } else {
                crossing_sum += cage.sum;
                crossing |= mask;
            }
        }
        add(Crossing {
            units: boxes.count_ones(),
            inside_sum,
            crossing_sum,
            innies: cells & !inside,
            outies: crossing & !cells,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KillerConfig;

    /// The 45-rule sets as a plain pass over the cages per region would find them: every
    /// run of 1 to 8 rows or columns, every box and pair of neighbouring boxes; the sets of
    /// 1 to `max` cells that are not a whole cage, with their sums, sorted.
    fn sets_45_plainly(puzzle: &KillerPuzzle, max: usize) -> Vec<(u128, u32)> {
        let mask = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |m, c| m | 1 << c);
        let mut regions = Vec::new();
        for first in 0..9 {
            for last in first..9 {
                if last - first < 8 {
                    let n = (last - first + 1) as u32;
                    regions.push((
                        mask(&mut (0..81).filter(|c| (first..=last).contains(&(c / 9)))),
                        n,
                    ));
                    regions.push((
                        mask(&mut (0..81).filter(|c| (first..=last).contains(&(c % 9)))),
                        n,
                    ));
                }
            }
        }
        let box_of = |c: usize| c / 27 * 3 + c % 9 / 3;
        for b in 0..9 {
            regions.push((mask(&mut (0..81).filter(|&c| box_of(c) == b)), 1));
            for other in [b + 1, b + 3] {
                if (other == b + 1 && b % 3 < 2) || (other == b + 3 && b < 6) {
                    let both = mask(&mut (0..81).filter(|&c| box_of(c) == b || box_of(c) == other));
                    regions.push((both, 2));
                }
            }
        }
        let cages: Vec<(u128, u32)> = puzzle
            .cages()
            .iter()
            .map(|cage| (mask(&mut cage.cells.iter().copied()), cage.sum))
            .collect();
        let mut sets = Vec::new();
        for (region, units) in regions {
            let (mut inside, mut crossing, mut innies, mut outies) = (0, 0, 0, 0);
            for &(cage, sum) in &cages {
                if cage & region == 0 {
                    continue;
                }
                if cage & !region == 0 {
                    inside += sum;
                } else {
                    crossing += sum;
                    innies |= cage & region;
                    outies |= cage & !region;
                }
            }
            let Some(innie_sum) = (45 * units).checked_sub(inside) else {
                continue;
            };
            for (set, sum) in [
                (innies, Some(innie_sum)),
                (outies, crossing.checked_sub(innie_sum)),
            ] {
                let size = set.count_ones() as usize;
                if let Some(sum) = sum
                    && (1..=max).contains(&size)
                    && sum <= 81
                    && !cages.iter().any(|&(cage, _)| cage == set)
                {
                    sets.push((set, sum));
                }
            }
        }
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    /// The 45 rule derives the same sets as a plain pass per region would, and each holds in
    /// the solution (its sum, and different digits where the solver assumes them), on
    /// generated puzzles of small and large cages, with the default limit and with every size.
    #[test]
    fn sets_of_the_45_rule_are_those_a_plain_pass_finds_and_hold() {
        let small = crate::GeneratorConfig {
            cage_sizes: [1, 6, 4, 1, 0, 0, 0, 0, 0],
            ..Default::default()
        };
        let large = crate::GeneratorConfig {
            cage_sizes: [0, 0, 1, 2, 3, 3, 2, 1, 1],
            check_nodes: 200,
            ..Default::default()
        };
        let mut checked = 0;
        for config in [crate::GeneratorConfig::default(), small, large] {
            for seed in 0..15 {
                let made = crate::KillerGenerator::new(config).generate(seed);
                for max in [5, 9] {
                    let mut model = Model::default();
                    let settings = KillerConfig {
                        max_45_cells: max,
                        ..KillerConfig::default()
                    };
                    model.build(&made.puzzle, &settings);
                    let cages = made.puzzle.cages().len();
                    let mut sets: Vec<(u128, u32)> = Vec::new();
                    for con in &model.cons {
                        let cells = &model.con_cells[con.start as usize..][..con.len as usize];
                        let digits: Vec<u32> = cells
                            .iter()
                            .map(|&c| u32::from(made.solution[c as usize]))
                            .collect();
                        assert_eq!(
                            digits.iter().sum::<u32>(),
                            u32::from(con.sum),
                            "seed {seed}"
                        );
                        if con.distinct {
                            let used = digits.iter().fold(0u16, |m, &d| m | 1 << d);
                            assert_eq!(used.count_ones() as usize, digits.len(), "seed {seed}");
                        }
                        // The cages' cells come first (81 of them), then the sets'.
                        if con.start >= 81 {
                            sets.push((
                                cells.iter().fold(0, |m, &c| m | 1 << c),
                                u32::from(con.sum),
                            ));
                        }
                    }
                    assert_eq!(model.cons.len() - sets.len(), cages);
                    sets.sort_unstable();
                    assert_eq!(
                        sets,
                        sets_45_plainly(&made.puzzle, max),
                        "seed {seed} max {max}"
                    );
                    checked += sets.len();
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
