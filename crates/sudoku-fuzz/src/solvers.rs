//! Target `solvers`: a differential test. MRV and DLX (and the core's reference counter,
//! within a node budget) answer arbitrary grids, classic and of other sizes and variants
//! (diagonals, windoku windows): the same verdict, solutions that solve the puzzle, equal
//! counts up to a small limit.

use sudoku_core::{
    Budget, Clash, CountSolutions, Grid, Problem, Puzzle, Rules, Shape, Solver, Verdict,
};
use sudoku_dlx::DlxSolver;
use sudoku_mrv::MrvSolver;
use sudoku_testing::{reference_count_any_within, reference_count_within};

use crate::SeedData;
use crate::bytes::{Bytes, grid_bytes};

/// Solutions are counted up to this limit.
pub const LIMIT: usize = 3;

/// Nodes the reference backtracking may visit; past that its count is not compared (plain
/// backtracking can take exponential time on a grid with no solution).
pub const REFERENCE_NODES: u64 = 20_000;

/// Nodes the general MRV engine may visit on a puzzle of another size or variant (for its
/// count, then for its solution); past that only DLX (and the reference) answer it: sparse
/// windoku puzzles can take MRV millions of nodes. Under the fuzzer's instrumentation
/// 57,000 nodes twice took 13 s of its 20 s limit.
pub const MRV_NODES: u64 = 20_000;

/// The sides of the boards of other sizes the target builds (searches stay quick on them).
const SIZES: [usize; 4] = [4, 6, 8, 9];

/// Reads a puzzle from the input and checks that every solver gives the same answers: a
/// first byte below 224 means a classic grid from the next 81 bytes (each modulo 10, 0 a
/// blank), else a board of side 4, 6, 8 or 9 with diagonals or windows as the next byte
/// says, from the bytes after it.
pub fn check(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    if bytes.byte() < 224 {
        check_grid(&bytes.grid());
    } else {
        check_puzzle(&read_puzzle(&mut bytes));
    }
}

/// MRV, DLX and the reference counter agree on a classic grid.
pub fn check_grid(grid: &Grid) {
    let reference = reference_count_within(grid, LIMIT, REFERENCE_NODES);
    differential(
        grid.clash(),
        reference,
        |s: &Grid| s.solves(grid),
        grid,
        &mut MrvSolver::default(),
        &mut DlxSolver::default(),
    );
}

/// DLX's variant solver, the general MRV engine and the reference counter agree on a
/// puzzle of any size and variant. DLX's answers are always checked (they agree with each
/// other, and its solutions solve the puzzle); its count must be the reference's when the
/// reference settles within [`REFERENCE_NODES`], and MRV's when MRV settles within
/// [`MRV_NODES`], with MRV's solution solving the puzzle and being DLX's when there is only
/// one. MRV runs within a budget because sparse windoku puzzles can take it minutes, even
/// with a solution (docs/reliability.md, finding 5).
pub fn check_puzzle(puzzle: &Puzzle) {
    let clash = puzzle.clash();
    let solves = |s: &Puzzle| s.solves(puzzle);
    let mut dlx = sudoku_dlx::DlxVariantSolver::default();
    let (first, count) = answers(clash, &solves, puzzle, &mut dlx);
    if let Some(reference) = reference_count_any_within(puzzle, LIMIT, REFERENCE_NODES) {
        assert_eq!(count, reference, "DLX against the reference: {puzzle:?}");
    }
    let mut mrv = sudoku_mrv::MrvVariantSolver::default();
    let Ok(settled) = mrv.count_solutions_within(puzzle, LIMIT, Budget::nodes(MRV_NODES)) else {
        return;
    };
    assert_eq!(settled, count, "MRV against DLX: {puzzle:?}");
    match mrv.solve_within(puzzle, Budget::nodes(MRV_NODES)) {
        Verdict::GaveUp { best: None, .. } => {}
        Verdict::Clash(found) => assert_eq!(Some(found), clash, "MRV: {puzzle:?}"),
        Verdict::NoSolution => assert_eq!(count, 0, "MRV: {puzzle:?}"),
        Verdict::Solved(solution) => {
            assert!(
                solves(&solution),
                "MRV: {solution:?} does not solve {puzzle:?}"
            );
            assert!(count > 0, "MRV solved what DLX counts 0: {puzzle:?}");
            if count == 1 {
                assert_eq!(Some(solution), first, "the one solution of {puzzle:?}");
            }
        }
        other => panic!("MRV: {other:?} for {puzzle:?}"),
    }
}

/// A board of another size or variant: a byte for the side (of [`SIZES`]), the diagonals
/// and (on 9x9) the windoku windows, then one byte per cell.
fn read_puzzle(bytes: &mut Bytes<'_>) -> Puzzle {
    let head = bytes.byte();
    let n = SIZES[usize::from(head) % SIZES.len()];
    let shape = Shape::for_size(n).expect("a size of the list");
    let mut rules = Rules::new(shape).with_diagonals(head & 4 != 0);
    if n == 9 && head & 8 != 0 {
        rules = rules.with_windoku(true).expect("9x9");
    }
    let cells = bytes.cells(n * n, n);
    Puzzle::new(rules, cells).expect("values of the board")
}

/// The bytes [`check`] reads back as a classic `grid`.
pub fn grid_seed(grid: &Grid) -> Vec<u8> {
    let mut out = vec![0];
    out.extend(grid_bytes(grid));
    out
}

/// Every way the two solvers (and the reference count, when it finished) must agree on
/// `puzzle`, whose givens clash as `clash` says and whose solutions `solves` recognises.
fn differential<P, A, B>(
    clash: Option<Clash>,
    reference: Option<usize>,
    solves: impl Fn(&P::Solution) -> bool,
    puzzle: &P,
    a: &mut A,
    b: &mut B,
) where
    P: Problem + std::fmt::Debug,
    A: CountSolutions<Puzzle = P>,
    B: CountSolutions<Puzzle = P>,
{
    let (first_a, count_a) = answers(clash, &solves, puzzle, a);
    let (first_b, count_b) = answers(clash, &solves, puzzle, b);
    let names = (std::any::type_name::<A>(), std::any::type_name::<B>());
    assert_eq!(count_a, count_b, "{names:?} count {puzzle:?}");
    if let Some(reference) = reference {
        assert_eq!(
            count_a, reference,
            "{} against the reference: {puzzle:?}",
            names.0
        );
    }
    if count_a == 1 {
        assert_eq!(
            first_a, first_b,
            "{names:?}: the one solution of {puzzle:?}"
        );
    }
}

/// One solver's answers, checked on their own: `solve`, `count_solutions` and
/// `solve_and_count` agree with each other and with the clash; a solution solves the
/// puzzle. Returns the first solution and the count.
fn answers<P, S>(
    clash: Option<Clash>,
    solves: &impl Fn(&P::Solution) -> bool,
    puzzle: &P,
    solver: &mut S,
) -> (Option<P::Solution>, usize)
where
    P: Problem + std::fmt::Debug,
    S: CountSolutions<Puzzle = P>,
{
    let name = std::any::type_name::<S>();
    let verdict = solver.solve(puzzle);
    let count = solver.count_solutions(puzzle, LIMIT);
    let (verdict_too, count_too) = solver.solve_and_count(puzzle, LIMIT);
    assert!(count <= LIMIT, "{name}: {count} > {LIMIT}");
    assert_eq!(
        count_too, count,
        "{name}: solve_and_count against count: {puzzle:?}"
    );
    if let Some(clash) = clash {
        assert_eq!(verdict, Verdict::Clash(clash), "{name}: {puzzle:?}");
        assert_eq!(verdict_too, Verdict::Clash(clash), "{name}: {puzzle:?}");
        assert_eq!(count, 0);
        return (None, 0);
    }
    for verdict in [&verdict, &verdict_too] {
        match verdict {
            Verdict::Solved(solution) => {
                assert!(
                    solves(solution),
                    "{name}: {solution:?} does not solve {puzzle:?}"
                );
                assert!(count > 0, "{name}: solved but counted 0: {puzzle:?}");
            }
            Verdict::NoSolution => assert_eq!(count, 0, "{name}: {puzzle:?}"),
            other => panic!("{name}: {other:?} for {puzzle:?}"),
        }
    }
    (verdict.solution(), count)
}

/// Every puzzle and solution of the data, with a few givens removed or changed, and
/// boards of each other size.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (k, grid) in data.grids.iter().enumerate() {
        let mut changed = *grid;
        changed.set(k % 81, (k % 10) as u8);
        seeds.push(grid_seed(grid));
        seeds.push(grid_seed(&changed));
    }
    for head in 0u8..16 {
        let n = SIZES[usize::from(head) % SIZES.len()];
        let mut seed = vec![255, head];
        seed.extend((0..n * n).map(|i| {
            if i % (n + 1) == 0 {
                (i / n % n + 1) as u8
            } else {
                0
            }
        }));
        seeds.push(seed);
    }
    seeds
}
