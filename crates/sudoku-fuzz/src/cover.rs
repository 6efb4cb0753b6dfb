//! Target `cover`: [`ExactCover`] built from arbitrary rows. Bad rows are errors, as the
//! documentation states them; every solution is an exact cover; counts agree with a
//! brute-force count over every subset of rows, and every search option (plain, conflict
//! weights, domination at any size, restarts every few nodes) finds the same solutions.

use sudoku_dlx::{CoverErrorKind, ExactCover, SearchOptions};

use crate::SeedData;
use crate::bytes::Bytes;

/// The most rows an instance has: brute force tries all `2^MAX_ROWS` subsets.
pub const MAX_ROWS: usize = 14;

/// An instance as the input describes it: columns, then rows, then required rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Primary columns (each solution covers each exactly once).
    pub primary: usize,
    /// Secondary columns (covered at most once).
    pub secondary: usize,
    /// Rows as given, perhaps bad (empty, unknown or repeated columns).
    pub rows: Vec<Vec<usize>>,
    /// Rows a second search requires, perhaps unknown or conflicting.
    pub required: Vec<usize>,
}

impl Instance {
    /// Reads an instance: a byte for the column counts (0 to 9 primary, 0 to 3 secondary),
    /// then rows (a length byte, 0 to 5, then that many column bytes, each modulo the column
    /// count plus two so that some name no column), then up to 3 required row numbers.
    pub fn read(data: &[u8]) -> Instance {
        let mut bytes = Bytes::new(data);
        let head = bytes.byte();
        let (primary, secondary) = (usize::from(head % 10), usize::from(head / 10 % 4));
        let all = primary + secondary;
        let mut rows = Vec::new();
        while !bytes.is_empty() && rows.len() < MAX_ROWS {
            let len = bytes.below(6);
            rows.push((0..len).map(|_| bytes.below(all + 2)).collect());
        }
        let required = bytes
            .rest()
            .iter()
            .take(3)
            .map(|&b| usize::from(b) % (rows.len() + 2))
            .collect();
        Instance {
            primary,
            secondary,
            rows,
            required,
        }
    }

    /// The bytes [`read`](Instance::read) reads back as this instance (rows of at most 5
    /// columns, columns below the count plus two, at most [`MAX_ROWS`] rows); `None` when it
    /// has no such bytes.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        let all = self.primary + self.secondary;
        if self.primary > 9 || self.secondary > 3 || self.rows.len() > MAX_ROWS {
            return None;
        }
        let mut out = vec![(self.primary + 10 * self.secondary) as u8];
        for row in &self.rows {
            if row.len() > 5 || row.iter().any(|&c| c >= all + 2) {
                return None;
            }
            out.push(row.len() as u8);
            out.extend(row.iter().map(|&c| c as u8));
        }
        if self.rows.len() < MAX_ROWS && !self.required.is_empty() {
            // Bytes after the last row would be read as more rows.
            return None;
        }
        out.extend(self.required.iter().map(|&r| r as u8));
        Some(out)
    }
}

/// The error the documentation promises for `row` in a problem of `all` columns: the first
/// column that does not exist or repeats, else an empty row; `None` for a good row.
fn expected_error(row: &[usize], all: usize) -> Option<CoverErrorKind> {
    for (i, &column) in row.iter().enumerate() {
        if column >= all {
            return Some(CoverErrorKind::NoSuchColumn {
                column,
                columns: all,
            });
        }
        if row[..i].contains(&column) {
            return Some(CoverErrorKind::RepeatedColumn { column });
        }
    }
    row.is_empty().then_some(CoverErrorKind::EmptyRow)
}

/// Builds the instance the input describes and checks every answer of the engine.
pub fn check(data: &[u8]) {
    check_instance(&Instance::read(data));
}

/// Checks `add_row`'s answers on the instance's rows, then every search against brute
/// force: solutions exact, none repeated, as many as there are, the first one among them,
/// and the same with the required rows (or the error the documentation names for them).
pub fn check_instance(instance: &Instance) {
    let all = instance.primary + instance.secondary;
    let mut problem = ExactCover::new(instance.primary, instance.secondary)
        .expect("a few columns make a problem");
    let mut good: Vec<Vec<usize>> = Vec::new();
    for row in &instance.rows {
        let want = expected_error(row, all);
        match problem.add_row(row.iter().copied()) {
            Ok(number) => {
                assert_eq!(want, None, "row {row:?} accepted");
                assert_eq!(number, good.len());
                good.push(row.clone());
            }
            Err(err) => {
                assert_eq!(Some(err.kind().clone()), want, "row {row:?}: {err}");
                assert_eq!(err.row(), good.len());
                assert!(!err.to_string().is_empty());
            }
        }
        assert_eq!(problem.rows(), good.len());
    }
    for (number, row) in good.iter().enumerate() {
        let stored: Vec<usize> = problem.row(number).expect("a row").collect();
        assert_eq!(&stored, row);
    }
    let exact = |rows: &[usize]| covers_exactly(&good, instance.primary, rows);
    let expected = brute_force(&good, instance.primary, &[]);
    assert_eq!(problem.count_solutions(usize::MAX), expected.len());
    assert_eq!(problem.count_solutions(1), expected.len().min(1));
    let first = problem.first_solution();
    assert_eq!(first.is_some(), !expected.is_empty());
    let mut found: Vec<Vec<usize>> = Vec::new();
    for solution in problem.solutions() {
        assert!(
            exact(&solution),
            "{solution:?} is not an exact cover of {good:?}"
        );
        let mut sorted = solution.clone();
        sorted.sort_unstable();
        assert!(!found.contains(&sorted), "{solution:?} found twice");
        found.push(sorted);
    }
    found.sort();
    assert_eq!(found, expected, "solutions of {good:?}");
    if let Some(mut first) = first {
        first.sort_unstable();
        assert!(expected.contains(&first));
    }
    // The other search options walk other trees to the same solutions.
    let mut wide = SearchOptions::FEW_SOLUTIONS;
    wide.domination_rows = usize::MAX;
    let mut eager = SearchOptions::FEW_SOLUTIONS;
    eager.restart_nodes = 2;
    for options in [
        SearchOptions::PLAIN,
        SearchOptions::FEW_SOLUTIONS,
        wide,
        eager,
    ] {
        problem.set_options(options);
        let mut found: Vec<Vec<usize>> = problem
            .solutions()
            .map(|mut solution| {
                assert!(exact(&solution), "{solution:?} with {options:?}");
                solution.sort_unstable();
                solution
            })
            .collect();
        found.sort();
        assert_eq!(found, expected, "solutions of {good:?} with {options:?}");
    }
    problem.set_options(SearchOptions::default());
    check_required(&mut problem, &good, instance);
}

/// A search with the instance's required rows: the documented error, or exactly the
/// solutions that hold them, required rows first in the order given.
fn check_required(problem: &mut ExactCover, good: &[Vec<usize>], instance: &Instance) {
    let required = &instance.required;
    let want_error = required_error(good, required);
    match problem.search(required) {
        Ok(search) => {
            assert_eq!(want_error, None, "required {required:?} accepted");
            let mut found: Vec<Vec<usize>> = Vec::new();
            for solution in search {
                assert_eq!(&solution[..required.len()], &required[..]);
                assert!(covers_exactly(good, instance.primary, &solution));
                let mut sorted = solution;
                sorted.sort_unstable();
                found.push(sorted);
            }
            found.sort();
            assert_eq!(found, brute_force(good, instance.primary, required));
        }
        Err(err) => {
            assert_eq!(
                Some(err.kind().clone()),
                want_error,
                "required {required:?}: {err}"
            );
        }
    }
}

/// The error the documentation names for `required`: the first row that does not exist or
/// shares a column with an earlier one.
fn required_error(good: &[Vec<usize>], required: &[usize]) -> Option<CoverErrorKind> {
    for (i, &row) in required.iter().enumerate() {
        if row >= good.len() {
            return Some(CoverErrorKind::NoSuchRow { rows: good.len() });
        }
        for &column in &good[row] {
            if let Some(&other) = required[..i].iter().find(|&&r| good[r].contains(&column)) {
                return Some(CoverErrorKind::ConflictingRows { other, column });
            }
        }
    }
    None
}

/// Whether `chosen` covers every primary column exactly once and no column twice.
fn covers_exactly(rows: &[Vec<usize>], primary: usize, chosen: &[usize]) -> bool {
    let mut seen: Vec<usize> = Vec::new();
    for &row in chosen {
        for &column in &rows[row] {
            if seen.contains(&column) {
                return false;
            }
            seen.push(column);
        }
    }
    (0..primary).all(|c| seen.contains(&c))
}

/// Every solution (rows sorted, solutions sorted) by trying every subset of rows: the
/// subsets that hold `required` and cover exactly, in which every row not required has a
/// primary column (the search branches on primary columns only, as Knuth's does).
fn brute_force(rows: &[Vec<usize>], primary: usize, required: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for subset in 0u32..1 << rows.len() {
        let chosen: Vec<usize> = (0..rows.len()).filter(|&r| subset >> r & 1 == 1).collect();
        let fits = required.iter().all(|r| chosen.contains(r))
            && chosen
                .iter()
                .all(|r| required.contains(r) || rows[*r].iter().any(|&c| c < primary))
            && covers_exactly(rows, primary, &chosen);
        if fits {
            out.push(chosen);
        }
    }
    out.sort();
    out
}

/// The rows of Knuth's example: 7 columns, one solution (rows 0, 3 and 4).
const KNUTH: &[&[usize]] = &[
    &[2, 4, 5],
    &[0, 3, 6],
    &[1, 2, 5],
    &[0, 3],
    &[1, 6],
    &[3, 4, 6],
];

/// Knuth's example, small covers with secondary columns, and bad rows of every kind.
pub fn seeds(_: &SeedData) -> Vec<Vec<u8>> {
    let instance = |primary, secondary, rows: &[&[usize]], required: &[usize]| Instance {
        primary,
        secondary,
        rows: rows.iter().map(|r| r.to_vec()).collect(),
        required: required.to_vec(),
    };
    let mut full = KNUTH.to_vec();
    full.extend_from_slice(&[
        &[0, 1],
        &[2],
        &[4, 5],
        &[1, 2, 4, 5],
        &[0, 3, 6],
        &[5],
        &[2, 4],
        &[6],
    ]);
    [
        instance(7, 0, KNUTH, &[]),
        instance(7, 0, &full, &[3, 4]),
        instance(7, 0, &full, &[0, 1, 2]),
        instance(
            4,
            2,
            &[&[0, 4], &[1, 5], &[2, 3], &[0, 1], &[2, 3, 4], &[5]],
            &[],
        ),
        instance(3, 1, &[&[], &[0, 0], &[7], &[0, 1, 2], &[3], &[0, 3]], &[]),
        instance(0, 2, &[&[0], &[1], &[0, 1]], &[]),
        instance(
            9,
            3,
            &[&[0, 1, 2], &[3, 4, 5], &[6, 7, 8], &[9, 10, 11], &[0, 3, 6]],
            &[],
        ),
    ]
    .iter()
    .filter_map(Instance::bytes)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_back_as_their_instances() {
        let seeds = seeds(&SeedData::default());
        assert!(seeds.len() >= 5, "{}", seeds.len());
        for seed in &seeds {
            let instance = Instance::read(seed);
            assert_eq!(instance.bytes().as_ref(), Some(seed));
        }
    }

    #[test]
    fn brute_force_knows_knuths_example() {
        let rows: Vec<Vec<usize>> = KNUTH.iter().map(|r| r.to_vec()).collect();
        assert_eq!(brute_force(&rows, 7, &[]), vec![vec![0, 3, 4]]);
        assert_eq!(brute_force(&rows, 7, &[1]), Vec::<Vec<usize>>::new());
        // Without primary columns the empty set is the one solution.
        assert_eq!(brute_force(&rows[..0], 0, &[]), vec![Vec::<usize>::new()]);
    }
}
