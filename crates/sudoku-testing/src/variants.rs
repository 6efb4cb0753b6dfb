//! Seeded random variant puzzles ([`ConstraintPuzzle`]) and an independent reference
//! counter for them: plain backtracking over rows, columns and regions, each complete board
//! judged by core's direct checker ([`ConstraintPuzzle::violation`]), which shares nothing with
//! any solver's propagation.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{
    Budget, Constraint, ConstraintPuzzle, DiagonalClue, Direction, Edge, Side, Unsettled,
    default_box, seeded_rng,
};

/// A random solved board of side `n` (3 to 25) for the default boxes of
/// [`default_box`] (a Latin square whose rows are its regions, for a prime side): a pattern
/// grid with its digits, rows within bands, columns within stacks, bands and stacks shuffled.
pub fn random_solved_board<R: Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<u8> {
    let (br, bc) = default_box(n);
    let base = |r: usize, c: usize| (bc * (r % br) + r / br + c) % n;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let shuffled = |rng: &mut R, groups: usize, size: usize| -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        order.shuffle(rng);
        let mut out = Vec::with_capacity(groups * size);
        for g in order {
            let mut inner: Vec<usize> = (0..size).collect();
            inner.shuffle(rng);
            out.extend(inner.into_iter().map(|i| g * size + i));
        }
        out
    };
    let rows = if br == 1 {
        let mut rows: Vec<usize> = (0..n).collect();
        rows.shuffle(rng);
        rows
    } else {
        shuffled(rng, n / br, br)
    };
    let cols = shuffled(rng, n / bc, bc);
    let mut cells = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            cells.push(digits[base(r, c)]);
        }
    }
    cells
}

/// A random walk of `len` cells from `start` through king-neighbours, without repeats.
fn walk<R: Rng + ?Sized>(rng: &mut R, n: usize, start: usize, len: usize) -> Option<Vec<usize>> {
    let mut cells = vec![start];
    while cells.len() < len {
        let last = *cells.last()?;
        let (r, c) = ((last / n) as isize, (last % n) as isize);
        let mut next: Vec<usize> = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (nr, nc) = (r + dr, c + dc);
                if (0..n as isize).contains(&nr) && (0..n as isize).contains(&nc) {
                    let cell = nr as usize * n + nc as usize;
                    if !cells.contains(&cell) {
                        next.push(cell);
                    }
                }
            }
        }
        cells.push(*next.get(rng.random_range(..next.len().max(1)))?);
    }
    Some(cells)
}

/// A random constraint of kind `kind` (0 to 30, one per [`Constraint`] variant) on a board of
/// side `n`, its numbers read from `board` (a solved board) so that the board usually meets
/// it.
fn random_constraint<R: Rng + ?Sized>(
    rng: &mut R,
    kind: usize,
    n: usize,
    board: &[u8],
) -> Option<Constraint> {
    let cell = rng.random_range(..n * n);
    let sum = |cells: &[usize]| cells.iter().map(|&c| u32::from(board[c])).sum::<u32>();
    let len = 2 + rng.random_range(..3usize);
    let pair = || {
        let (r, c) = (cell / n, cell % n);
        if c + 1 < n && (r + 1 == n || cell % 2 == 0) {
            Some([cell, cell + 1])
        } else if r + 1 < n {
            Some([cell, cell + n])
        } else {
            None
        }
    };
    let edge = |rng: &mut R| Edge {
        side: [Side::Top, Side::Bottom, Side::Left, Side::Right][rng.random_range(..4usize)],
        index: rng.random_range(..n),
    };
    Some(match kind {
        0 => {
            let mut cells: Vec<usize> = (0..n * n).collect();
            cells.shuffle(rng);
            let mut chosen: Vec<usize> = Vec::new();
            for c in cells {
                if chosen.len() < 3 && chosen.iter().all(|&o| board[o] != board[c]) {
                    chosen.push(c);
                }
            }
            Constraint::ExtraRegion(chosen)
        }
        1 => Constraint::PositiveDiagonal,
        2 => Constraint::NegativeDiagonal,
        3 => Constraint::AntiKnight,
        4 => Constraint::AntiKing,
        5 => Constraint::NonConsecutive,
        6 => Constraint::DisjointGroups,
        7 if board[cell] % 2 == 1 => Constraint::Odd(cell),
        7 | 8 if board[cell] % 2 == 0 => Constraint::Even(cell),
        8 => Constraint::Odd(cell),
        9 => Constraint::Minimum(cell),
        10 => Constraint::Maximum(cell),
        11 => {
            let cells = {
                let k = 1 + rng.random_range(..3usize);
                walk(rng, n, cell, k)
            }?;
            let total = sum(&cells);
            Constraint::Killer {
                cells,
                sum: rng.random_bool(0.8).then_some(total),
            }
        }
        12 => {
            let direction = [
                Direction::DownRight,
                Direction::DownLeft,
                Direction::UpRight,
                Direction::UpLeft,
            ][rng.random_range(..4usize)];
            let (row, col) = if rng.random_bool(0.5) {
                (
                    if direction.step().0 > 0 {
                        0
                    } else {
                        n as isize + 1
                    },
                    rng.random_range(1..=n as i64) as isize,
                )
            } else {
                (
                    rng.random_range(1..=n as i64) as isize,
                    if direction.step().1 > 0 {
                        0
                    } else {
                        n as isize + 1
                    },
                )
            };
            let clue = DiagonalClue::from_position(row, col, direction, n)?;
            Constraint::LittleKiller {
                clue,
                sum: sum(&clue.cells(n)),
            }
        }
        13 => {
            let clue = edge(rng);
            let line = clue.cells(n);
            let at = |v: u8| line.iter().position(|&c| board[c] == v).unwrap_or(0);
            let (i, j) = (at(1).min(at(n as u8)), at(1).max(at(n as u8)));
            Constraint::Sandwich {
                clue,
                sum: sum(&line[i + 1..j]),
            }
        }
        14 => {
            let clue = edge(rng);
            let line = clue.cells(n);
            Constraint::XSum {
                clue,
                sum: sum(&line[..usize::from(board[line[0]])]),
            }
        }
        15 => {
            let mut line = walk(rng, n, cell, len)?;
            line.sort_by_key(|&c| board[c]);
            Constraint::Thermometer(line)
        }
        16 => {
            let mut line = walk(rng, n, cell, len)?;
            line.sort_by_key(|&c| board[c]);
            Constraint::SlowThermometer(line)
        }
        17 => {
            let shaft = {
                let k = 1 + rng.random_range(..3usize);
                walk(rng, n, cell, k)
            }?;
            let rest = shaft[1..].to_vec();
            Constraint::Arrow {
                bulb: vec![shaft[0]],
                shaft: if rest.is_empty() {
                    walk(rng, n, cell, 2)?[1..].to_vec()
                } else {
                    rest
                },
            }
        }
        18 => {
            let cells = pair()?;
            Constraint::Difference {
                cells,
                difference: u32::from(board[cells[0]].abs_diff(board[cells[1]])).max(1),
            }
        }
        19 => {
            let cells = pair()?;
            let (a, b) = (u32::from(board[cells[0]]), u32::from(board[cells[1]]));
            Constraint::Ratio {
                cells,
                ratio: (a.max(b) / a.min(b)).max(2),
            }
        }
        20 => {
            let cells = pair()?;
            Constraint::Xv {
                cells,
                sum: if sum(&cells) == 5 { 5 } else { 10 },
            }
        }
        21 => Constraint::NegativeDifference,
        22 => Constraint::NegativeRatio,
        23 => Constraint::NegativeXv,
        24 => Constraint::Palindrome(walk(rng, n, cell, len)?),
        25 => {
            let cells = walk(rng, n, cell, len)?;
            let gap = cells
                .windows(2)
                .map(|w| u32::from(board[w[0]].abs_diff(board[w[1]])))
                .min()?;
            Constraint::Whispers {
                cells,
                gap: gap.max(1),
            }
        }
        26 => Constraint::Renban(walk(rng, n, cell, len)?),
        27 => {
            let mut line = {
                let k = 3 + rng.random_range(..2usize);
                walk(rng, n, cell, k)
            }?;
            let k = line.len();
            if board[line[0]] > board[line[k - 1]] {
                line.reverse();
            }
            Constraint::Between(line)
        }
        28 => Constraint::RegionSum(walk(rng, n, cell, len)?),
        29 => {
            let (r, c) = (cell / n, cell % n);
            if r + 1 >= n || c + 1 >= n {
                return None;
            }
            let cells = vec![cell, cell + 1, cell + n, cell + n + 1];
            let mut digits: Vec<u8> = cells.iter().map(|&c| board[c]).collect();
            digits.shuffle(rng);
            digits.truncate(1 + rng.random_range(..4usize));
            Constraint::Quadruple { cells, digits }
        }
        _ => {
            let a = {
                let k = 1 + rng.random_range(..2usize);
                walk(rng, n, cell, k)
            }?;
            let shift = 1 + rng.random_range(..n * n - 1);
            let copy: Vec<usize> = a.iter().map(|&c| (c + shift) % (n * n)).collect();
            Constraint::Clone { cells: a, copy }
        }
    })
}

/// A random variant puzzle of side `n` (3 to 16) from `seed`, with its solved `board`:
/// about `count` constraints of every kind and `givens` givens, all taken from the board and
/// each kept only when the board meets it (so the puzzle has a solution) when `consistent` is
/// set; without it, constraints are kept whether the board meets them or not (for the round
/// trip of formats, which must carry any valid puzzle). Regions are boxes, or with some
/// seeds rows or columns (irregular maps that the board also fills correctly).
pub fn random_variant(
    seed: u64,
    n: usize,
    count: usize,
    givens: usize,
    consistent: bool,
) -> (ConstraintPuzzle, Vec<u8>) {
    draw(seed, n, count, givens, consistent, true, &|_| true)
}

/// [`random_variant`] with boxes for regions and killer cages that do not overlap, keeping
/// only the constraints `keep` accepts
/// (constraints of one family, for benchmark sets of one kind). It may then hold fewer than
/// `count`.
pub fn random_variant_with(
    seed: u64,
    n: usize,
    count: usize,
    givens: usize,
    consistent: bool,
    keep: &dyn Fn(&Constraint) -> bool,
) -> (ConstraintPuzzle, Vec<u8>) {
    draw(seed, n, count, givens, consistent, false, keep)
}

fn draw(
    seed: u64,
    n: usize,
    count: usize,
    givens: usize,
    consistent: bool,
    irregular: bool,
    keep: &dyn Fn(&Constraint) -> bool,
) -> (ConstraintPuzzle, Vec<u8>) {
    let mut rng = seeded_rng(seed);
    let board = random_solved_board(&mut rng, n);
    let mut puzzle = ConstraintPuzzle::new(n).expect("sides 3 to 25");
    match if irregular {
        rng.random_range(..6u32)
    } else {
        6
    } {
        0 => puzzle
            .set_regions(&(0..n * n).map(|c| c / n).collect::<Vec<_>>())
            .expect("rows"),
        1 => puzzle
            .set_regions(&(0..n * n).map(|c| c % n).collect::<Vec<_>>())
            .expect("columns"),
        _ => {}
    }
    let mut tries = 0;
    while puzzle.constraints().len() < count && tries < 40 * count + 40 {
        tries += 1;
        // Rules of the whole board rarely hold on a random board: drawn less often.
        let kind = rng.random_range(..31usize);
        if matches!(kind, 1..=6 | 21..=23) && rng.random_bool(0.7) {
            continue;
        }
        let Some(constraint) = random_constraint(&mut rng, kind, n, &board) else {
            continue;
        };
        if !keep(&constraint) {
            continue;
        }
        // Benchmark sets keep to killer cages that do not overlap, as published killers do.
        if !irregular
            && let Constraint::Killer { cells, .. } = &constraint
            && puzzle.constraints().iter().any(|c| {
                matches!(c, Constraint::Killer { cells: other, .. } if other.iter().any(|x| cells.contains(x)))
            })
        {
            continue;
        }
        let mut next = puzzle.clone();
        if next.add(constraint).is_ok() && (!consistent || next.is_solution(&board)) {
            puzzle = next;
        }
    }
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(&mut rng);
    for &cell in cells.iter().take(givens) {
        puzzle
            .set_given(cell, board[cell])
            .expect("a digit of the board");
    }
    (puzzle, board)
}

/// Every solution of `puzzle` up to `limit`, found without any of a solver's reasoning: a
/// plain fill of the cells in order that keeps rows, columns, regions and the other units
/// free of repeats and the givens in place, each complete board then judged by
/// [`ConstraintPuzzle::violation`]. Slow (it enumerates every board the units allow), for
/// small boards and puzzles with givens; `Err` when `budget`'s nodes run out first.
pub fn reference_constraint_solutions(
    puzzle: &ConstraintPuzzle,
    limit: usize,
    budget: Budget,
) -> Result<Vec<Vec<u8>>, Unsettled> {
    let n = puzzle.size();
    let units = puzzle.units();
    let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (u, unit) in units.iter().enumerate() {
        for &c in unit {
            units_of[c].push(u);
        }
    }
    let mut fill = Fill {
        puzzle,
        units_of,
        used: vec![0u32; units.len()],
        board: vec![0u8; n * n],
        found: Vec::new(),
        limit,
        meter: budget.meter(),
    };
    fill.cell(0);
    Unsettled::count(fill.found.len(), fill.meter.exhausted()).map(|_| fill.found)
}

/// The state of [`reference_constraint_solutions`]' fill.
struct Fill<'a> {
    puzzle: &'a ConstraintPuzzle,
    units_of: Vec<Vec<usize>>,
    used: Vec<u32>,
    board: Vec<u8>,
    found: Vec<Vec<u8>>,
    limit: usize,
    meter: sudoku_core::Meter,
}

impl Fill<'_> {
    /// Fills `cell` and the cells after it; `false` once the search is to stop.
    fn cell(&mut self, cell: usize) -> bool {
        if self.found.len() >= self.limit || !self.meter.spend() {
            return false;
        }
        let n = self.puzzle.size();
        if cell == n * n {
            if self.puzzle.is_solution(&self.board) {
                self.found.push(self.board.clone());
            }
            return self.found.len() < self.limit;
        }
        let given = self.puzzle.givens()[cell];
        for d in 1..=n as u8 {
            let bit = 1u32 << d;
            if (given != 0 && d != given)
                || self.units_of[cell].iter().any(|&u| self.used[u] & bit != 0)
            {
                continue;
            }
            for &u in &self.units_of[cell] {
                self.used[u] |= bit;
            }
            self.board[cell] = d;
            let go_on = self.cell(cell + 1);
            for &u in &self.units_of[cell] {
                self.used[u] &= !bit;
            }
            self.board[cell] = 0;
            if !go_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_boards_are_solved_for_every_side() {
        for n in 3..=16 {
            let mut rng = seeded_rng(n as u64);
            let board = random_solved_board(&mut rng, n);
            let puzzle = ConstraintPuzzle::new(n).unwrap();
            assert!(
                puzzle.is_solution(&board),
                "{n}: {:?}",
                puzzle.violation(&board)
            );
        }
    }

    #[test]
    fn the_reference_counts_every_4x4_grid() {
        let empty = ConstraintPuzzle::new(4).unwrap();
        let all = reference_constraint_solutions(&empty, usize::MAX, Budget::UNLIMITED).unwrap();
        assert_eq!(all.len(), 288);
    }

    #[test]
    fn consistent_random_variants_keep_their_board() {
        for seed in 0..20 {
            let (puzzle, board) = random_variant(seed, 6, 8, 6, true);
            assert!(puzzle.is_solution(&board));
            assert!(
                puzzle.constraints().len() >= 4,
                "{seed}: {:?}",
                puzzle.constraints()
            );
        }
    }
}
