//! Solving as a person does: a ladder of techniques, easiest first, each step explained.
//!
//! [`LogicSolver`] keeps a pencil-mark board (the candidates of every cell) and repeatedly
//! applies the easiest technique that makes progress. The hardest technique a puzzle needs is
//! its human difficulty; the first step found is a hint.

use std::fmt;

use sudoku_core::{
    BOX_OF, COL_OF, Candidates, DigitSet, Grid, PEERS, ROW_OF, UNITS, Unit, cell_name,
};

/// The techniques of the ladder, in increasing difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// Locked candidates, pointing: in a box, a digit only in one row (or column), so it
    /// leaves the rest of that row.
    Pointing,
    /// Locked candidates, claiming: in a row (or column), a digit only in one box, so it
    /// leaves the rest of that box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits.
    NakedTriple,
    /// Three digits whose places in a unit are three cells.
    HiddenTriple,
    /// A digit in two rows (columns) limited to the same two columns (rows).
    XWing,
    /// The same with three rows and three columns.
    Swordfish,
    /// A pivot with candidates xy sees pincers xz and yz: z leaves every cell seeing both.
    XyWing,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 11] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
    ];

    /// The technique's name as players say it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing (locked candidates)",
            Technique::Claiming => "claiming (locked candidates)",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::XyWing => "XY-Wing",
        }
    }

    /// The difficulty band a puzzle needing this technique (and none harder) is in.
    pub fn band(self) -> Band {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Band::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair => Band::Medium,
            _ => Band::Hard,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Difficulty bands, defined by the hardest technique needed, in the manner of QQWing and
/// HoDoKu: singles only; locked candidates and pairs; triples and fish and wings; and puzzles
/// the ladder cannot finish, which need search (trial and error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// Naked and hidden singles suffice.
    Easy,
    /// Also locked candidates (pointing, claiming) and naked or hidden pairs.
    Medium,
    /// Also naked or hidden triples, X-Wing, Swordfish and XY-Wing.
    Hard,
    /// The ladder gets stuck: the puzzle needs search.
    Expert,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 4] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert];

    /// Lower-case name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: a technique, the cells and digits that make it work, and what it
/// concludes (digits placed, candidates removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells of the pattern (0 to 80).
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: DigitSet,
    /// The unit the pattern lives in, where there is one.
    pub unit: Option<Unit>,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
}

impl fmt::Display for Step {
    /// E.g. `hidden single: 7 in r3c5 (only place in box 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = |list: &[usize]| {
            list.iter()
                .map(|&c| cell_name(c).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{}", self.technique)?;
        if let Some(unit) = self.unit {
            write!(f, " in {unit}")?;
        }
        write!(f, " on {} with {}", cells(&self.cells), self.digits)?;
        if !self.placements.is_empty() {
            let placed: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{}={d}", cell_name(c)))
                .collect();
            write!(f, ": place {}", placed.join(", "))?;
        }
        if !self.eliminations.is_empty() {
            let removed: Vec<String> = self
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell_name(c)))
                .collect();
            write!(f, ": remove {}", removed.join(", "))?;
        }
        Ok(())
    }
}

impl Step {
    /// A step that removes candidates, or `None` when it removes none (no progress, so no
    /// step).
    fn eliminating(
        technique: Technique,
        cells: Vec<usize>,
        digits: DigitSet,
        unit: Option<Unit>,
        eliminations: Vec<(usize, u8)>,
    ) -> Option<Step> {
        (!eliminations.is_empty()).then_some(Step {
            technique,
            cells,
            digits,
            unit,
            placements: Vec::new(),
            eliminations,
        })
    }
}

/// The outcome of solving by logic alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicReport {
    /// The grid reached (the solution when `solved`).
    pub grid: Grid,
    /// Whether the ladder filled every cell.
    pub solved: bool,
    /// The hardest technique used, `None` when no step was needed.
    pub hardest: Option<Technique>,
    /// How many steps each technique took, indexed like [`Technique::ALL`].
    pub uses: [u32; 11],
}

impl LogicReport {
    /// The band: by the hardest technique when solved, [`Band::Expert`] when stuck.
    pub fn band(&self) -> Band {
        match (self.solved, self.hardest) {
            (false, _) => Band::Expert,
            (true, None) => Band::Easy,
            (true, Some(t)) => t.band(),
        }
    }
}

/// A pencil-mark board and the ladder of techniques.
#[derive(Clone, Debug)]
pub struct LogicSolver {
    values: [u8; 81],
    candidates: [DigitSet; 81],
}

impl LogicSolver {
    /// The board of `puzzle`, with the candidates its givens leave. Clashing givens leave a
    /// board on which logic finds no progress or a dead cell; check the grid first.
    pub fn new(puzzle: &Grid) -> LogicSolver {
        let mut candidates = [DigitSet::EMPTY; 81];
        for cell in 0..81 {
            if puzzle[cell] == 0 {
                candidates[cell] = puzzle.candidates(cell);
            }
        }
        LogicSolver {
            values: *puzzle.cells(),
            candidates,
        }
    }

    /// The board of a pencil-mark position. A cell with one candidate counts as placed when
    /// no peer still has that digit as a candidate (a digit written in), and as a naked single
    /// still to find otherwise; every other cell keeps the candidates given, so eliminations
    /// made earlier are kept.
    pub fn from_candidates(marks: &Candidates) -> LogicSolver {
        let mut values = [0u8; 81];
        let mut candidates = *marks.sets();
        for cell in 0..81 {
            let Some(digit) = marks.get(cell).single() else {
                continue;
            };
            let settled = PEERS[cell]
                .iter()
                .all(|&peer| !marks.get(peer as usize).contains(digit));
            if settled {
                values[cell] = digit;
                candidates[cell] = DigitSet::EMPTY;
            }
        }
        LogicSolver { values, candidates }
    }

    /// The position as pencil marks: a placed digit is its cell's only candidate, and each
    /// other cell keeps its candidates. [`from_candidates`](LogicSolver::from_candidates)
    /// reads it back to the same board.
    pub fn position(&self) -> Candidates {
        let mut sets = self.candidates;
        for cell in 0..81 {
            if self.values[cell] != 0 {
                sets[cell] = DigitSet::only(self.values[cell]);
            }
        }
        Candidates::from_sets(sets)
    }

    /// Whether the candidates are exactly those the placed digits leave, so that the grid
    /// alone describes the position (no elimination made beyond them).
    pub fn is_plain(&self) -> bool {
        let grid = self.grid();
        (0..81).all(|cell| self.values[cell] != 0 || self.candidates[cell] == grid.candidates(cell))
    }

    /// The grid of placed digits.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("values stay digits")
    }

    /// The candidates of `cell` (empty once it is filled).
    pub fn candidates(&self, cell: usize) -> DigitSet {
        self.candidates[cell]
    }

    /// Whether a blank cell has no candidate left (the puzzle has no solution).
    pub fn is_dead(&self) -> bool {
        (0..81).any(|c| self.values[c] == 0 && self.candidates[c].is_empty())
    }

    /// The easiest step that makes progress, or `None` when the ladder is stuck or the grid
    /// is full.
    pub fn next_step(&self) -> Option<Step> {
        self.find_naked_single()
            .or_else(|| self.find_hidden_single())
            .or_else(|| self.find_pointing())
            .or_else(|| self.find_claiming())
            .or_else(|| self.find_naked_subset(2))
            .or_else(|| self.find_hidden_subset(2))
            .or_else(|| self.find_naked_subset(3))
            .or_else(|| self.find_hidden_subset(3))
            .or_else(|| self.find_fish(2))
            .or_else(|| self.find_fish(3))
            .or_else(|| self.find_xy_wing())
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            self.candidates[cell].remove(digit);
        }
    }

    fn place(&mut self, cell: usize, digit: u8) {
        if self.values[cell] != 0 {
            return;
        }
        self.values[cell] = digit;
        self.candidates[cell] = DigitSet::EMPTY;
        for &peer in &PEERS[cell] {
            self.candidates[peer as usize].remove(digit);
        }
    }

    /// Applies steps until the grid is full, the ladder is stuck, or a cell dies.
    pub fn solve(&mut self) -> LogicReport {
        let mut uses = [0u32; 11];
        let mut hardest = None;
        while !self.is_dead() {
            let Some(step) = self.next_step() else { break };
            uses[Technique::ALL
                .iter()
                .position(|&t| t == step.technique)
                .expect("listed")] += 1;
            hardest = hardest.max(Some(step.technique));
            self.apply(&step);
        }
        let grid = self.grid();
        LogicReport {
            solved: grid.is_solved(),
            grid,
            hardest,
            uses,
        }
    }

    /// The cells of `unit` where `digit` is a candidate, as a 9-bit mask of positions.
    fn places(&self, unit: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (k, &cell) in UNITS[unit].iter().enumerate() {
            if self.candidates[cell as usize].contains(digit) {
                mask |= 1 << k;
            }
        }
        mask
    }

    fn placed_in(&self, unit: usize, digit: u8) -> bool {
        UNITS[unit]
            .iter()
            .any(|&c| self.values[c as usize] == digit)
    }

    fn find_naked_single(&self) -> Option<Step> {
        (0..81).find_map(|cell| {
            let digit = (self.values[cell] == 0)
                .then(|| self.candidates[cell].single())
                .flatten()?;
            Some(Step {
                technique: Technique::NakedSingle,
                cells: vec![cell],
                digits: DigitSet::only(digit),
                unit: None,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
            })
        })
    }

    fn find_hidden_single(&self) -> Option<Step> {
        // Boxes first: people scan boxes first, and the order only changes which hint comes.
        for unit in (18..27).chain(0..18) {
            for digit in 1..=9 {
                let places = self.places(unit, digit);
                if places.count_ones() == 1 && !self.placed_in(unit, digit) {
                    let cell = UNITS[unit][places.trailing_zeros() as usize] as usize;
                    return Some(Step {
                        technique: Technique::HiddenSingle,
                        cells: vec![cell],
                        digits: DigitSet::only(digit),
                        unit: Some(Unit::from_index(unit)),
                        placements: vec![(cell, digit)],
                        eliminations: Vec::new(),
                    });
                }
            }
        }
        None
    }

    /// Eliminations of `digit` from the cells of `unit` outside `keep`.
    fn eliminate_outside(
        &self,
        unit: usize,
        digit: u8,
        keep: impl Fn(usize) -> bool,
    ) -> Vec<(usize, u8)> {
        UNITS[unit]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !keep(c) && self.candidates[c].contains(digit))
            .map(|c| (c, digit))
            .collect()
    }

    fn locked(&self, technique: Technique, base: std::ops::Range<usize>) -> Option<Step> {
        for unit in base {
            for digit in 1..=9 {
                let cells: Vec<usize> = UNITS[unit]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.candidates[c].contains(digit))
                    .collect();
                if cells.len() < 2 {
                    continue;
                }
                // The units (other than `unit`) that hold every one of these cells.
                let shared: Vec<usize> = match technique {
                    Technique::Pointing => {
                        let mut out = Vec::new();
                        if cells.iter().all(|&c| ROW_OF[c] == ROW_OF[cells[0]]) {
                            out.push(ROW_OF[cells[0]] as usize);
                        }
                        if cells.iter().all(|&c| COL_OF[c] == COL_OF[cells[0]]) {
                            out.push(9 + COL_OF[cells[0]] as usize);
                        }
                        out
                    }
                    _ => {
                        if cells.iter().all(|&c| BOX_OF[c] == BOX_OF[cells[0]]) {
                            vec![18 + BOX_OF[cells[0]] as usize]
                        } else {
                            Vec::new()
                        }
                    }
                };
                // The first unit (other than `unit`) whose other cells lose the digit.
                let eliminations = shared
                    .into_iter()
                    .map(|other| self.eliminate_outside(other, digit, |c| cells.contains(&c)))
                    .find(|eliminations| !eliminations.is_empty());
                if let Some(eliminations) = eliminations {
                    return Step::eliminating(
                        technique,
                        cells,
                        DigitSet::only(digit),
                        Some(Unit::from_index(unit)),
                        eliminations,
                    );
                }
            }
        }
        None
    }

    fn find_pointing(&self) -> Option<Step> {
        self.locked(Technique::Pointing, 18..27)
    }

    fn find_claiming(&self) -> Option<Step> {
        self.locked(Technique::Claiming, 0..18)
    }

    fn find_naked_subset(&self, size: usize) -> Option<Step> {
        let technique = if size == 2 {
            Technique::NakedPair
        } else {
            Technique::NakedTriple
        };
        for unit in 0..27 {
            let open: Vec<usize> = UNITS[unit]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| {
                    self.values[c] == 0 && (2..=size as u32).contains(&self.candidates[c].len())
                })
                .collect();
            for combo in combinations(open.len(), size) {
                let cells: Vec<usize> = combo.iter().map(|&i| open[i]).collect();
                let digits = cells
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, &c| acc | self.candidates[c]);
                if digits.len() as usize != size {
                    continue;
                }
                let eliminations: Vec<(usize, u8)> = UNITS[unit]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|c| !cells.contains(c))
                    .flat_map(|c| (self.candidates[c] & digits).iter().map(move |d| (c, d)))
                    .collect();
                if let Some(step) = Step::eliminating(
                    technique,
                    cells,
                    digits,
                    Some(Unit::from_index(unit)),
                    eliminations,
                ) {
                    return Some(step);
                }
            }
        }
        None
    }

    fn find_hidden_subset(&self, size: usize) -> Option<Step> {
        let technique = if size == 2 {
            Technique::HiddenPair
        } else {
            Technique::HiddenTriple
        };
        for unit in 0..27 {
            let open: Vec<(u8, u16)> = (1..=9)
                .map(|d| (d, self.places(unit, d)))
                .filter(|&(d, p)| {
                    (2..=size as u32).contains(&p.count_ones()) && !self.placed_in(unit, d)
                })
                .collect();
            for combo in combinations(open.len(), size) {
                let places = combo.iter().fold(0u16, |acc, &i| acc | open[i].1);
                if places.count_ones() as usize != size {
                    continue;
                }
                let digits: DigitSet = combo.iter().map(|&i| open[i].0).collect();
                let cells: Vec<usize> = (0..9)
                    .filter(|k| places & (1 << k) != 0)
                    .map(|k| UNITS[unit][k] as usize)
                    .collect();
                let eliminations: Vec<(usize, u8)> = cells
                    .iter()
                    .flat_map(|&c| (self.candidates[c] - digits).iter().map(move |d| (c, d)))
                    .collect();
                if let Some(step) = Step::eliminating(
                    technique,
                    cells,
                    digits,
                    Some(Unit::from_index(unit)),
                    eliminations,
                ) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// X-Wing (size 2) and Swordfish (size 3), with rows or columns as the base.
    fn find_fish(&self, size: usize) -> Option<Step> {
        let technique = if size == 2 {
            Technique::XWing
        } else {
            Technique::Swordfish
        };
        for digit in 1..=9 {
            for (base, cover) in [(0usize, 9usize), (9, 0)] {
                let lines: Vec<(usize, u16)> = (base..base + 9)
                    .map(|u| (u, self.places(u, digit)))
                    .filter(|&(_, p)| (2..=size as u32).contains(&p.count_ones()))
                    .collect();
                for combo in combinations(lines.len(), size) {
                    let covered = combo.iter().fold(0u16, |acc, &i| acc | lines[i].1);
                    if covered.count_ones() as usize != size {
                        continue;
                    }
                    let base_units: Vec<usize> = combo.iter().map(|&i| lines[i].0).collect();
                    let mut cells = Vec::new();
                    for &u in &base_units {
                        for k in 0..9 {
                            if lines.iter().any(|&(l, p)| l == u && p & (1 << k) != 0) {
                                cells.push(UNITS[u][k] as usize);
                            }
                        }
                    }
                    let mut eliminations = Vec::new();
                    for k in (0..9).filter(|k| covered & (1 << k) != 0) {
                        let in_base =
                            |c: usize| base_units.iter().any(|&u| UNITS[u].contains(&(c as u8)));
                        eliminations.extend(self.eliminate_outside(cover + k, digit, in_base));
                    }
                    cells.sort_unstable();
                    let step = Step::eliminating(
                        technique,
                        cells,
                        DigitSet::only(digit),
                        None,
                        eliminations,
                    );
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
        None
    }

    fn find_xy_wing(&self) -> Option<Step> {
        let bivalue = |c: usize| self.values[c] == 0 && self.candidates[c].len() == 2;
        for pivot in (0..81).filter(|&c| bivalue(c)) {
            let xy = self.candidates[pivot];
            let wings: Vec<usize> = PEERS[pivot]
                .iter()
                .map(|&p| p as usize)
                .filter(|&p| bivalue(p) && (self.candidates[p] & xy).len() == 1)
                .collect();
            for (i, &a) in wings.iter().enumerate() {
                for &b in &wings[i + 1..] {
                    let (ca, cb) = (self.candidates[a], self.candidates[b]);
                    // a = xz, b = yz: they share z outside the pivot, and take x and y apart.
                    let z = ca & cb;
                    if z.len() != 1 || !(z & xy).is_empty() || (ca | cb) & xy != xy {
                        continue;
                    }
                    let digit = z.single().expect("one digit");
                    let eliminations: Vec<(usize, u8)> = PEERS[a]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != b && c != pivot && PEERS[b].contains(&(c as u8)))
                        .filter(|&c| self.candidates[c].contains(digit))
                        .map(|c| (c, digit))
                        .collect();
                    let cells = vec![pivot, a, b];
                    let step =
                        Step::eliminating(Technique::XyWing, cells, xy | z, None, eliminations);
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
        None
    }
}

/// Every `k`-subset of `0..n`, as index lists in increasing order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    go(0, n, k, &mut current, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty board where every cell may hold every digit, then `edit` narrows it.
    fn board(edit: impl Fn(&mut [DigitSet; 81])) -> LogicSolver {
        let mut candidates = [DigitSet::ALL; 81];
        edit(&mut candidates);
        LogicSolver {
            values: [0; 81],
            candidates,
        }
    }

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().copied().collect()
    }

    fn cell(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let report = LogicSolver::new(&puzzle).solve();
        assert!(report.solved);
        assert!(report.grid.solves(&puzzle));
        assert_eq!(report.band(), Band::Easy);
        assert!(report.hardest <= Some(Technique::HiddenSingle));
    }

    #[test]
    fn hard_puzzles_get_stuck_and_are_expert() {
        let escargot: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let report = LogicSolver::new(&escargot).solve();
        assert!(!report.solved);
        assert_eq!(report.band(), Band::Expert);
        // Whatever logic placed agrees with the solution.
        let solution: Grid =
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
                .parse()
                .unwrap();
        assert!((0..81).all(|c| report.grid[c] == 0 || report.grid[c] == solution[c]));
    }

    #[test]
    fn naked_single_applies_and_not() {
        let b = board(|c| c[cell(2, 3)] = set(&[4]));
        let step = b.find_naked_single().unwrap();
        assert_eq!(step.placements, vec![(cell(2, 3), 4)]);
        assert!(board(|_| {}).find_naked_single().is_none());
    }

    #[test]
    fn hidden_single_applies_and_not() {
        let b = board(|c| {
            for col in 1..=9 {
                if col != 6 {
                    c[cell(4, col)].remove(7);
                }
            }
        });
        let step = b.find_hidden_single().unwrap();
        assert_eq!(step.placements, vec![(cell(4, 6), 7)]);
        assert_eq!(step.unit, Some(Unit::Row(3)));
        assert!(board(|_| {}).find_hidden_single().is_none());
    }

    #[test]
    fn pointing_applies_and_not() {
        // In box 1, 4 only in row 1: it leaves r1c4..r1c9.
        let b = board(|c| {
            for r in 2..=3 {
                for col in 1..=3 {
                    c[cell(r, col)].remove(4);
                }
            }
        });
        let step = b.find_pointing().unwrap();
        assert_eq!(step.digits, DigitSet::only(4));
        assert_eq!(step.eliminations.len(), 6);
        assert!(
            step.eliminations
                .iter()
                .all(|&(c, d)| d == 4 && c / 9 == 0 && c % 9 >= 3)
        );
        assert!(board(|_| {}).find_pointing().is_none());
    }

    #[test]
    fn claiming_applies_and_not() {
        // In row 5, 8 only in box 5 (columns 4-6): it leaves the rest of box 5.
        let b = board(|c| {
            for col in [1, 2, 3, 7, 8, 9] {
                c[cell(5, col)].remove(8);
            }
        });
        let step = b.find_claiming().unwrap();
        assert_eq!(step.eliminations.len(), 6);
        assert!(
            step.eliminations
                .iter()
                .all(|&(c, d)| d == 8 && BOX_OF[c] == 4 && ROW_OF[c] != 4)
        );
        assert!(board(|_| {}).find_claiming().is_none());
    }

    #[test]
    fn naked_pair_and_triple_apply_and_not() {
        let b = board(|c| {
            c[cell(1, 1)] = set(&[1, 2]);
            c[cell(1, 5)] = set(&[1, 2]);
        });
        let step = b.find_naked_subset(2).unwrap();
        assert_eq!(step.cells, vec![cell(1, 1), cell(1, 5)]);
        assert_eq!(
            step.eliminations.len(),
            14,
            "1 and 2 leave the 7 other cells of row 1"
        );
        let no_pair = board(|c| {
            c[cell(1, 1)] = set(&[1, 2]);
            c[cell(1, 5)] = set(&[1, 3]);
        });
        assert!(no_pair.find_naked_subset(2).is_none());
        let triple = board(|c| {
            c[cell(3, 1)] = set(&[1, 2]);
            c[cell(3, 4)] = set(&[2, 3]);
            c[cell(3, 9)] = set(&[1, 3]);
        });
        let step = triple.find_naked_subset(3).unwrap();
        assert_eq!(step.digits, set(&[1, 2, 3]));
        assert!(no_pair.find_naked_subset(3).is_none());
    }

    #[test]
    fn hidden_pair_and_triple_apply_and_not() {
        let b = board(|c| {
            for col in 3..=9 {
                c[cell(6, col)] -= set(&[5, 6]);
            }
        });
        let step = b.find_hidden_subset(2).unwrap();
        assert_eq!(step.cells, vec![cell(6, 1), cell(6, 2)]);
        assert_eq!(
            step.eliminations.len(),
            14,
            "the other 7 digits leave both cells"
        );
        assert!(board(|_| {}).find_hidden_subset(2).is_none());
        let triple = board(|c| {
            for col in 4..=9 {
                c[cell(7, col)] -= set(&[1, 2, 3]);
            }
        });
        let step = triple.find_hidden_subset(3).unwrap();
        assert_eq!(step.digits, set(&[1, 2, 3]));
        assert_eq!(step.eliminations.len(), 18);
    }

    #[test]
    fn x_wing_applies_and_not() {
        // 5 in rows 1 and 5 only in columns 2 and 7.
        let fish = |second: usize| {
            board(move |c| {
                for col in 1..=9 {
                    if col != 2 && col != 7 {
                        c[cell(1, col)].remove(5);
                    }
                    if col != 2 && col != second {
                        c[cell(5, col)].remove(5);
                    }
                }
            })
        };
        let step = fish(7).find_fish(2).unwrap();
        assert_eq!(step.technique, Technique::XWing);
        assert_eq!(
            step.eliminations.len(),
            14,
            "5 leaves columns 2 and 7 in the other 7 rows"
        );
        assert!(
            step.eliminations
                .iter()
                .all(|&(c, _)| COL_OF[c] == 1 || COL_OF[c] == 6)
        );
        assert!(fish(8).find_fish(2).is_none());
    }

    #[test]
    fn swordfish_applies_and_not() {
        let fish = |third: [usize; 2]| {
            board(move |c| {
                for (row, keep) in [(1, [1, 4]), (4, [4, 7]), (7, third)] {
                    for col in 1..=9 {
                        if !keep.contains(&col) {
                            c[cell(row, col)].remove(5);
                        }
                    }
                }
            })
        };
        let step = fish([1, 7]).find_fish(3).unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(
            step.eliminations.len(),
            18,
            "5 leaves columns 1, 4, 7 in the other 6 rows"
        );
        assert!(fish([1, 8]).find_fish(3).is_none());
    }

    #[test]
    fn xy_wing_applies_and_not() {
        let wing = |z: u8| {
            board(move |c| {
                c[cell(1, 1)] = set(&[1, 2]);
                c[cell(1, 5)] = set(&[1, 3]);
                c[cell(5, 1)] = set(&[2, z]);
            })
        };
        let step = wing(3).find_xy_wing().unwrap();
        assert_eq!(step.eliminations, vec![(cell(5, 5), 3)]);
        assert_eq!(step.cells, vec![cell(1, 1), cell(1, 5), cell(5, 1)]);
        assert!(wing(4).find_xy_wing().is_none());
    }

    #[test]
    fn positions_round_trip_through_pencil_marks() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let mut board = LogicSolver::new(&puzzle);
        assert!(board.is_plain());
        let marks = board.position();
        assert_eq!(marks, Candidates::from_grid(&puzzle));
        // Naked singles of the position stay to be found; givens count as placed.
        let again = LogicSolver::from_candidates(&marks);
        assert_eq!(again.grid(), puzzle);
        assert_eq!(again.next_step(), board.next_step());
        // An elimination survives the round trip and makes the position not plain.
        let step = Step {
            technique: Technique::Pointing,
            cells: vec![2],
            digits: DigitSet::only(4),
            unit: None,
            placements: Vec::new(),
            eliminations: vec![(2, 4)],
        };
        board.apply(&step);
        assert!(!board.is_plain());
        let back = LogicSolver::from_candidates(&board.position());
        assert!(!back.candidates(2).contains(4));
        assert_eq!(back.position(), board.position());
    }

    #[test]
    fn steps_explain_themselves() {
        let b = board(|c| c[cell(2, 3)] = set(&[4]));
        assert_eq!(
            b.next_step().unwrap().to_string(),
            "naked single on r2c3 with {4}: place r2c3=4"
        );
    }

    #[test]
    fn combinations_are_all_k_subsets() {
        assert_eq!(combinations(4, 2).len(), 6);
        assert_eq!(combinations(5, 3).len(), 10);
        assert_eq!(combinations(2, 3).len(), 0);
    }
}
