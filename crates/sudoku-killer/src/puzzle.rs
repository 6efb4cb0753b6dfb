//! [`KillerPuzzle`] and [`Cage`]: construction, validation, the text form and the JSON form.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{BOX_OF, COL_OF, Grid, ROW_OF};

use crate::combos;
use crate::error::{CageName, KillerError, KillerErrorKind};

/// One cage: a set of cells whose different digits add up to `sum`.
///
/// This is the input form, checked by [`KillerPuzzle::new`]; cells are numbered 0 to 80,
/// row-major (`row * 9 + col`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The sum of the cage's digits.
    pub sum: u32,
    /// The cells (0 to 80). A valid puzzle's cages have 1 to 9 connected cells.
    pub cells: Vec<usize>,
}

impl Cage {
    /// A cage of `cells` adding up to `sum`.
    pub fn new(sum: u32, cells: impl IntoIterator<Item = usize>) -> Cage {
        Cage {
            sum,
            cells: cells.into_iter().collect(),
        }
    }
}

/// A valid killer sudoku: cages that cover the board, and optional givens.
///
/// Every `KillerPuzzle` has passed validation: each cell is in exactly one cage, each cage is
/// orthogonally connected, has 1 to 9 cells and a sum that different digits can reach, the
/// sums add up to 405, and the givens neither clash nor break a cage. So solvers never see an
/// invalid puzzle; "no solution" remains possible.
///
/// Cages are kept in a normal order (cells increasing, cages by first cell), so two puzzles
/// with the same cages compare equal whatever order they were written in.
///
/// Three ways in: [`new`](KillerPuzzle::new) from [`Cage`]s, [`from_cage_map`](KillerPuzzle::from_cage_map)
/// (81 cage letters plus sums, as in the public krazydad JSONL), and text or JSON
/// ([`FromStr`], [`from_json`](KillerPuzzle::from_json)). `Display` writes the text form and
/// [`to_json`](KillerPuzzle::to_json) the JSON form; both read back to an equal puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KillerPuzzle {
    cages: Vec<Cage>,
    cage_of: [u8; 81],
    givens: Option<Grid>,
}

impl sudoku_core::Problem for KillerPuzzle {
    /// A killer puzzle's solution is a classic grid.
    type Solution = Grid;
}

/// The letters `Display` gives to cages, in order (81, enough for 81 one-cell cages). `#` is
/// left out because text lines starting with it are comments, `=` and `,` because they
/// separate sums.
pub(crate) const LABELS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/:;<>?@^_~|()[]{}";

impl KillerPuzzle {
    /// Checks `cages` and `givens` and builds the puzzle. Errors name cages by their 1-based
    /// position in `cages`.
    ///
    /// ```
    /// use sudoku_killer::{Cage, KillerPuzzle};
    ///
    /// // Nine row cages, each adding up to 45: valid, with many solutions.
    /// let cages = (0..9).map(|r| Cage::new(45, (0..9).map(move |c| r * 9 + c))).collect();
    /// let puzzle = KillerPuzzle::new(cages, None)?;
    /// assert_eq!(puzzle.cages().len(), 9);
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    pub fn new(cages: Vec<Cage>, givens: Option<Grid>) -> Result<KillerPuzzle, KillerError> {
        KillerPuzzle::build(cages, givens, None)
    }

    /// Builds a puzzle from a cage map, 81 characters (whitespace ignored) in which cells
    /// with the same character form a cage, and the cage sums in order of each character's
    /// first appearance (row-major). This is the layout of the krazydad JSONL set
    /// (`cage_map`, `cage_sums`). Errors name cages by their character.
    ///
    /// ```
    /// use sudoku_killer::KillerPuzzle;
    ///
    /// let map = "AAAAAAAAABBBBBBBBBCCCCCCCCCDDDDDDDDDEEEEEEEEEFFFFFFFFFGGGGGGGGGHHHHHHHHHIIIIIIIII";
    /// let puzzle = KillerPuzzle::from_cage_map(map, &[45; 9])?;
    /// assert_eq!(puzzle.cage_map(), map);
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    pub fn from_cage_map(map: &str, sums: &[u32]) -> Result<KillerPuzzle, KillerError> {
        let mut letters = Vec::with_capacity(81);
        for (index, ch) in map.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if index == 81 {
                return Err(KillerError::syntax(0, 0, "cage map has more than 81 cells"));
            }
            letters.push(ch);
        }
        if letters.len() < 81 {
            return Err(KillerError::syntax(
                0,
                0,
                format!("cage map has {} cells, expected 81", letters.len()),
            ));
        }
        let (labels, cages) = cages_of_map(&letters);
        if sums.len() != labels.len() {
            return Err(KillerError::syntax(
                0,
                0,
                format!(
                    "cage map has {} cages but {} sums were given",
                    labels.len(),
                    sums.len()
                ),
            ));
        }
        let cages = cages
            .into_iter()
            .zip(sums)
            .map(|(cells, &sum)| Cage { sum, cells })
            .collect();
        KillerPuzzle::build(cages, None, Some(&labels))
    }

    /// The same cages with `givens` (or none), checked again.
    pub fn with_givens(&self, givens: Option<Grid>) -> Result<KillerPuzzle, KillerError> {
        KillerPuzzle::build(self.cages.clone(), givens, None)
    }

    fn build(
        cages: Vec<Cage>,
        givens: Option<Grid>,
        labels: Option<&[char]>,
    ) -> Result<KillerPuzzle, KillerError> {
        let name = |index: usize| CageName {
            index,
            label: labels.and_then(|l| l.get(index).copied()),
            first_cell: cages[index].cells.iter().copied().filter(|&c| c < 81).min(),
        };
        let fail =
            |index: usize, kind: KillerErrorKind| KillerError::new(kind).with_cage(name(index));

        const NONE: u8 = u8::MAX;
        let mut cage_of = [NONE; 81];
        if cages.len() > 81 {
            // Some cage must be empty or share a cell; report that one.
            let empty = cages.iter().position(|c| c.cells.is_empty()).unwrap_or(81);
            if empty < cages.len() {
                return Err(fail(
                    empty,
                    KillerErrorKind::CageSize {
                        cage: empty,
                        size: 0,
                    },
                ));
            }
        }
        for (index, cage) in cages.iter().enumerate() {
            let size = cage.cells.len();
            if size == 0 || size > 9 {
                return Err(fail(index, KillerErrorKind::CageSize { cage: index, size }));
            }
            for &cell in &cage.cells {
                if cell >= 81 {
                    return Err(fail(
                        index,
                        KillerErrorKind::CellOutOfRange {
                            cage: index,
                            row: (cell / 9) as i64,
                            col: (cell % 9) as i64,
                        },
                    ));
                }
                if cage_of[cell] != NONE {
                    let first = cage_of[cell] as usize;
                    return Err(fail(
                        first,
                        KillerErrorKind::CellInTwoCages {
                            cell,
                            first,
                            second: index,
                        },
                    ));
                }
                // At most 81 cages reach here, since each one claims a new cell.
                cage_of[cell] = index as u8;
            }
        }
        if let Some(cell) = cage_of.iter().position(|&c| c == NONE) {
            return Err(KillerError::new(KillerErrorKind::CellInNoCage { cell }));
        }
        for (index, cage) in cages.iter().enumerate() {
            if let Some(cell) = unreachable_cell(&cage.cells, &cage_of, index as u8) {
                return Err(fail(
                    index,
                    KillerErrorKind::CageNotConnected { cage: index, cell },
                ));
            }
        }
        for (index, cage) in cages.iter().enumerate() {
            let size = cage.cells.len();
            if !combos::reachable(size, cage.sum as usize) {
                return Err(fail(
                    index,
                    KillerErrorKind::UnreachableSum {
                        cage: index,
                        size,
                        sum: cage.sum,
                    },
                ));
            }
        }
        let total: u64 = cages.iter().map(|c| u64::from(c.sum)).sum();
        if total != 405 {
            return Err(KillerError::new(KillerErrorKind::TotalSum { total }));
        }
        if let Some(grid) = &givens {
            if let Some(clash) = grid.clash() {
                return Err(KillerError::new(KillerErrorKind::GivensClash(clash)));
            }
            for (index, cage) in cages.iter().enumerate() {
                if let Some(cell) = given_breaking(cage, grid) {
                    return Err(fail(
                        index,
                        KillerErrorKind::GivenBreaksCage { cage: index, cell },
                    ));
                }
            }
        }
        let givens = givens.filter(|g| g.filled() > 0);

        // Normal order: cells increasing, cages by first cell.
        let mut cages = cages;
        for cage in &mut cages {
            cage.cells.sort_unstable();
        }
        cages.sort_unstable_by_key(|c| c.cells[0]);
        for (index, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = index as u8;
            }
        }
        Ok(KillerPuzzle {
            cages,
            cage_of,
            givens,
        })
    }

    /// The cages, each with its cells increasing, ordered by first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index in [`cages`](KillerPuzzle::cages) of the cage holding `cell` (0 to 80);
    /// `None` for a cell off the grid.
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cage_of.get(cell).map(|&cage| usize::from(cage))
    }

    /// [`cage_of`](KillerPuzzle::cage_of) a cell known to be on the grid.
    pub(crate) fn cage(&self, cell: usize) -> usize {
        usize::from(self.cage_of[cell])
    }

    /// The givens, if any digit is given (a pure killer has none).
    pub fn givens(&self) -> Option<&Grid> {
        self.givens.as_ref()
    }

    /// The cage map: 81 characters, one per cell, the letter of its cage (`A` to `Z`, then
    /// `a` to `z`, `0` to `9` and a few symbols, in order of first appearance).
    pub fn cage_map(&self) -> String {
        let labels: Vec<char> = LABELS.chars().collect();
        self.cage_of.iter().map(|&c| labels[c as usize]).collect()
    }

    /// The cage sums in the order of [`cages`](KillerPuzzle::cages) (and of the letters of
    /// [`cage_map`](KillerPuzzle::cage_map)).
    pub fn cage_sums(&self) -> Vec<u32> {
        self.cages.iter().map(|c| c.sum).collect()
    }

    /// Whether `grid` solves this puzzle: a complete valid Sudoku that agrees with the givens
    /// and in which every cage holds different digits adding up to its sum.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        if !grid.is_solved() {
            return false;
        }
        if let Some(givens) = &self.givens
            && !grid.solves(givens)
        {
            return false;
        }
        self.cages.iter().all(|cage| {
            let mut seen = 0u16;
            let mut sum = 0u32;
            for &cell in &cage.cells {
                let digit = grid[cell];
                seen |= 1 << digit;
                sum += u32::from(digit);
            }
            seen.count_ones() as usize == cage.cells.len() && sum == cage.sum
        })
    }

    /// The JSON form: `{"cages": [{"sum": 10, "cells": [[0,0],[0,1]]}, ...], "givens": null}`,
    /// one cage per line, cells as 0-based `[row, col]`, givens `null` or an 81-character line.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n  \"cages\": [\n");
        for (index, cage) in self.cages.iter().enumerate() {
            out.push_str(&format!("    {{ \"sum\": {}, \"cells\": [", cage.sum));
            for (k, &cell) in cage.cells.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str(&format!("[{},{}]", cell / 9, cell % 9));
            }
            out.push_str("] }");
            out.push_str(if index + 1 < self.cages.len() {
                ",\n"
            } else {
                "\n"
            });
        }
        out.push_str("  ],\n  \"givens\": ");
        match &self.givens {
            Some(grid) => out.push_str(&format!("\"{grid}\"")),
            None => out.push_str("null"),
        }
        out.push_str("\n}\n");
        out
    }

    /// Reads a puzzle of the workspace's JSON family: the form [`to_json`](KillerPuzzle::to_json)
    /// writes (`{"cages": [...], "givens": ...}`), or the cage-map form (`{"cage_map": "<81
    /// letters>", "cage_sums": [...]}`, the krazydad layout), each with optional `"givens"`
    /// and `"solution"` (read by [`KillerEntry::from_json`]) and an optional `"id"` (not
    /// kept); any other key, at the top or in a cage, is an error that names it and the
    /// nearest known key. Malformed JSON is reported with its line and column; cages are
    /// named by their 1-based position in the list.
    ///
    /// ```
    /// use sudoku_killer::KillerPuzzle;
    ///
    /// let rows: Vec<String> = (0..9)
    ///     .map(|r| {
    ///         let cells: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
    ///         format!(r#"{{ "sum": 45, "cells": [{}] }}"#, cells.join(","))
    ///     })
    ///     .collect();
    /// let json = format!(r#"{{ "cages": [{}], "givens": null }}"#, rows.join(","));
    /// let puzzle = KillerPuzzle::from_json(&json)?;
    /// assert_eq!(KillerPuzzle::from_json(&puzzle.to_json())?, puzzle);
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<KillerPuzzle, KillerError> {
        crate::json::from_json(text).map(|(puzzle, _)| puzzle)
    }

    /// The JSON form on one line, as JSON Lines files hold it: the form of
    /// [`to_json`](KillerPuzzle::to_json) without line breaks.
    pub fn to_json_line(&self) -> String {
        KillerEntry::new(self.clone(), None).to_json()
    }
}

/// A killer puzzle with the expected solution a file may give with it: one value of the
/// workspace's JSON family, as `sudoku killer generate` writes it and the benchmarks read it.
///
/// ```
/// use sudoku_killer::{KillerEntry, KillerGenerator};
///
/// let made = KillerGenerator::default().generate(3);
/// let line = KillerEntry::new(made.puzzle.clone(), Some(made.solution)).to_json();
/// assert!(!line.contains('\n'));
/// let back = KillerEntry::from_json(&line)?;
/// assert_eq!(back.puzzle, made.puzzle);
/// assert_eq!(back.solution, Some(made.solution));
/// # Ok::<(), sudoku_killer::KillerError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct KillerEntry {
    /// The puzzle.
    pub puzzle: KillerPuzzle,
    /// Its expected solution, when given (read as written: check it with
    /// [`KillerPuzzle::is_solution`] before trusting it).
    pub solution: Option<Grid>,
}

impl KillerEntry {
    /// A puzzle with an optional expected solution.
    pub fn new(puzzle: KillerPuzzle, solution: Option<Grid>) -> KillerEntry {
        KillerEntry { puzzle, solution }
    }

    /// Reads one value of the JSON family (see [`KillerPuzzle::from_json`]), keeping its
    /// `"solution"`.
    ///
    /// # Errors
    ///
    /// As [`KillerPuzzle::from_json`]; also a `"solution"` that is not a grid line.
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<KillerEntry, KillerError> {
        crate::json::from_json(text).map(|(puzzle, solution)| KillerEntry { puzzle, solution })
    }

    /// One line of JSON: `{"cages": [...], "givens": ..., "solution": "..."}` (the solution
    /// only when known).
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"cages\":[");
        for (index, cage) in self.puzzle.cages().iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            out.push_str(&format!("{{\"sum\":{},\"cells\":[", cage.sum));
            for (k, &cell) in cage.cells.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str(&format!("[{},{}]", cell / 9, cell % 9));
            }
            out.push_str("]}");
        }
        out.push_str("],\"givens\":");
        match self.puzzle.givens() {
            Some(grid) => out.push_str(&format!("\"{grid}\"")),
            None => out.push_str("null"),
        }
        if let Some(solution) = &self.solution {
            out.push_str(&format!(",\"solution\":\"{solution}\""));
        }
        out.push('}');
        out
    }
}

/// Groups the 81 letters of a cage map into cages, in order of first appearance.
fn cages_of_map(letters: &[char]) -> (Vec<char>, Vec<Vec<usize>>) {
    let mut labels: Vec<char> = Vec::new();
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for (cell, &letter) in letters.iter().enumerate() {
        match labels.iter().position(|&l| l == letter) {
            Some(index) => cages[index].push(cell),
            None => {
                labels.push(letter);
                cages.push(vec![cell]);
            }
        }
    }
    (labels, cages)
}

/// A cell of the cage that its first cell cannot reach through orthogonal steps inside the
/// cage, or `None` when the cage is connected.
fn unreachable_cell(cells: &[usize], cage_of: &[u8; 81], index: u8) -> Option<usize> {
    let mut reached = [false; 81];
    let mut stack = vec![cells[0]];
    reached[cells[0]] = true;
    while let Some(cell) = stack.pop() {
        let (r, c) = (cell / 9, cell % 9);
        let mut visit = |next: usize| {
            if cage_of[next] == index && !reached[next] {
                reached[next] = true;
                stack.push(next);
            }
        };
        if r > 0 {
            visit(cell - 9);
        }
        if r < 8 {
            visit(cell + 9);
        }
        if c > 0 {
            visit(cell - 1);
        }
        if c < 8 {
            visit(cell + 1);
        }
    }
    cells.iter().copied().find(|&c| !reached[c])
}

/// A given of `cage` that breaks it: a repeated digit, or givens whose remainder the other
/// cells cannot make with unused different digits.
fn given_breaking(cage: &Cage, grid: &Grid) -> Option<usize> {
    let mut used = 0u16;
    let mut sum = 0usize;
    let mut last = None;
    for &cell in &cage.cells {
        let digit = grid[cell];
        if digit == 0 {
            continue;
        }
        let bit = 1 << (digit - 1);
        if used & bit != 0 {
            return Some(cell);
        }
        used |= bit;
        sum += usize::from(digit);
        last = Some(cell);
    }
    let cell = last?;
    if sum > cage.sum as usize {
        return Some(cell);
    }
    let free = cage.cells.len() - used.count_ones() as usize;
    let remainder = cage.sum as usize - sum;
    let fits = combos::combinations(free, remainder)
        .iter()
        .any(|&mask| mask & used == 0);
    if fits { None } else { Some(cell) }
}

/// Whether the cells are pairwise in one row, column or box (so their digits differ).
pub(crate) fn share_unit(a: usize, b: usize) -> bool {
    ROW_OF[a] == ROW_OF[b] || COL_OF[a] == COL_OF[b] || BOX_OF[a] == BOX_OF[b]
}

impl fmt::Display for KillerPuzzle {
    /// The text form: 9 lines of the cage map, the sums as `A=10 B=17 ...` (nine per line),
    /// and `givens: <81-character line>` when there are givens.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let map = self.cage_map();
        let map: Vec<char> = map.chars().collect();
        for row in map.chunks(9) {
            let line: String = row.iter().collect();
            writeln!(f, "{line}")?;
        }
        let sums: Vec<String> = self
            .cages
            .iter()
            .zip(LABELS.chars())
            .map(|(cage, label)| format!("{label}={}", cage.sum))
            .collect();
        for line in sums.chunks(9) {
            writeln!(f, "{}", line.join(" "))?;
        }
        if let Some(givens) = &self.givens {
            writeln!(f, "givens: {givens}")?;
        }
        Ok(())
    }
}

impl FromStr for KillerPuzzle {
    type Err = KillerError;

    /// Reads the text form: the cage map (81 cage letters over one or more lines, usually 9
    /// lines of 9; spaces ignored), then the sums as `letter=sum` separated by spaces, commas
    /// or line breaks, then optionally a line `givens: <81-character grid line>`. Blank lines
    /// and lines starting with `#` are skipped. Errors give the line and column.
    fn from_str(text: &str) -> Result<KillerPuzzle, KillerError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut letters: Vec<char> = Vec::with_capacity(81);
        let mut lines = text.lines().enumerate().peekable();
        // The cage map.
        while letters.len() < 81 {
            let Some((number, line)) = lines.next() else {
                return Err(KillerError::syntax(
                    0,
                    0,
                    format!("cage map has {} cells, expected 81", letters.len()),
                ));
            };
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            for (column, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                if ch == '=' || ch == ',' {
                    return Err(KillerError::syntax(
                        number + 1,
                        column + 1,
                        format!(
                            "cage map has {} cells, expected 81 (found {ch:?})",
                            letters.len()
                        ),
                    ));
                }
                if letters.len() == 81 {
                    return Err(KillerError::syntax(
                        number + 1,
                        column + 1,
                        "cage map has more than 81 cells",
                    ));
                }
                letters.push(ch);
            }
        }
        let (labels, cells) = cages_of_map(&letters);
        let mut sums: Vec<Option<u32>> = vec![None; labels.len()];
        let mut givens = None;
        for (number, line) in lines {
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix("givens") {
                let rest = rest.trim_start();
                let rest = rest
                    .strip_prefix(':')
                    .or_else(|| rest.strip_prefix('='))
                    .unwrap_or(rest);
                if givens.is_some() {
                    return Err(KillerError::syntax(number + 1, 1, "givens are given twice"));
                }
                let grid: Grid = rest
                    .trim()
                    .parse()
                    .map_err(|err| KillerError::syntax(number + 1, 1, format!("givens: {err}")))?;
                givens = Some(grid);
                continue;
            }
            let chars: Vec<char> = line.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_whitespace() || chars[i] == ',' {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && chars[i] != ',' {
                    i += 1;
                }
                let token: String = chars[start..i].iter().collect();
                let bad = || {
                    KillerError::syntax(
                        number + 1,
                        start + 1,
                        format!("expected <cage letter>=<sum>, found {token:?}"),
                    )
                };
                let mut parts = token.chars();
                let label = parts.next().ok_or_else(bad)?;
                let rest = parts.as_str();
                let digits = rest.strip_prefix('=').ok_or_else(bad)?;
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let sum: u32 = digits.parse().map_err(|_| bad())?;
                let Some(index) = labels.iter().position(|&l| l == label) else {
                    return Err(KillerError::syntax(
                        number + 1,
                        start + 1,
                        format!("a sum for cage {label}, which is not in the cage map"),
                    ));
                };
                if sums[index].is_some() {
                    return Err(KillerError::syntax(
                        number + 1,
                        start + 1,
                        format!("cage {label} has two sums"),
                    ));
                }
                sums[index] = Some(sum);
            }
        }
        let mut cages = Vec::with_capacity(labels.len());
        for ((cells, sum), &label) in cells.into_iter().zip(sums).zip(&labels) {
            let sum = sum.ok_or(KillerError::new(KillerErrorKind::MissingSum { label }))?;
            cages.push(Cage { sum, cells });
        }
        KillerPuzzle::build(cages, givens, Some(&labels))
    }
}

impl From<&KillerPuzzle> for sudoku_core::ConstraintPuzzle {
    /// The killer puzzle as a variant puzzle: 9x9 with boxes, one
    /// [`Constraint::Killer`](sudoku_core::Constraint::Killer) with its sum per cage, and the
    /// givens; the form the f-puzzles writer, the renderer and the constraint engine take.
    ///
    /// ```
    /// use sudoku_core::{Constraint, ConstraintPuzzle};
    /// use sudoku_killer::KillerPuzzle;
    ///
    /// let map = "AAAAAAAAABBBBBBBBBCCCCCCCCCDDDDDDDDDEEEEEEEEEFFFFFFFFFGGGGGGGGGHHHHHHHHHIIIIIIIII";
    /// let killer = KillerPuzzle::from_cage_map(map, &[45; 9])?;
    /// let puzzle = ConstraintPuzzle::from(&killer);
    /// assert_eq!(puzzle.constraints().len(), 9);
    /// assert_eq!(
    ///     puzzle.constraints()[0],
    ///     Constraint::Killer { cells: (0..9).collect(), sum: Some(45) }
    /// );
    /// # Ok::<(), sudoku_killer::KillerError>(())
    /// ```
    fn from(killer: &KillerPuzzle) -> sudoku_core::ConstraintPuzzle {
        let mut puzzle = sudoku_core::ConstraintPuzzle::new(9).expect("9 is a supported side");
        for cage in killer.cages() {
            puzzle
                .add(sudoku_core::Constraint::Killer {
                    cells: cage.cells.clone(),
                    sum: Some(cage.sum),
                })
                .expect("a valid killer's cages are valid constraints");
        }
        if let Some(givens) = killer.givens() {
            puzzle
                .set_givens(givens.cells())
                .expect("a valid killer's givens are digits");
        }
        puzzle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_distinct_and_enough() {
        let labels: Vec<char> = LABELS.chars().collect();
        assert!(labels.len() >= 81);
        for (i, a) in labels.iter().enumerate() {
            assert!(!labels[i + 1..].contains(a), "{a} twice");
            assert!(!matches!(a, '#' | '=' | ',') && !a.is_whitespace());
        }
    }

    #[test]
    fn unreachable_cell_finds_a_split_cage() {
        let mut cage_of = [1u8; 81];
        cage_of[0] = 0;
        cage_of[2] = 0;
        assert_eq!(unreachable_cell(&[0, 2], &cage_of, 0), Some(2));
        cage_of[1] = 0;
        assert_eq!(unreachable_cell(&[0, 1, 2], &cage_of, 0), None);
    }
}
