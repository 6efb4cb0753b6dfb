//! Target `variant`: variant puzzles as people share them (f-puzzles JSON, f-puzzles and
//! SudokuPad links, ipuz), read, written back, drawn, and solved within a budget with every
//! answer checked.

use sudoku_constraints::{
    Budget, ConstraintPuzzle, ConstraintSolver, CountSolutions, Solver, Verdict,
};
use sudoku_render::Board;
use sudoku_testing::{random_variant, reference_constraint_solutions};

use crate::SeedData;

/// The search nodes each solve may take. Arbitrary constraints can make a puzzle whose
/// search is long; a budget keeps each input quick while every answer is still checked.
pub const MAX_NODES: u64 = 2_000;

/// How many solutions the searches look for: past two, a third tells the listing, the count
/// and the true candidates apart when they stop.
const LIMIT: usize = 3;

/// The largest side on which the engine's solutions are also compared with the reference's,
/// which enumerates every board the units allow.
pub const REFERENCE_SIDE: usize = 5;

/// Reads the input with each reader ([`ConstraintPuzzle::read`], which tells the forms
/// apart, and the f-puzzles and ipuz readers directly); a refusal must say why, and every
/// puzzle read must round-trip and solve right (see [`check_puzzle`]).
pub fn check(data: &[u8]) {
    let text = crate::text(data);
    let mut read: Vec<ConstraintPuzzle> = Vec::new();
    for result in [
        ConstraintPuzzle::read(&text),
        ConstraintPuzzle::from_fpuzzles(&text),
        ConstraintPuzzle::from_ipuz(&text),
    ] {
        match result {
            Ok(puzzle) if !read.contains(&puzzle) => read.push(puzzle),
            Ok(_) => {}
            Err(err) => assert!(!err.to_string().is_empty()),
        }
    }
    for puzzle in &read {
        check_puzzle(puzzle);
    }
}

/// A puzzle's f-puzzles JSON and both links read back to it (every side up to 16, which
/// f-puzzles draws), and so does its ipuz when it has no constraint beyond givens and
/// regions; its picture is well-formed SVG; then [`check_solving`].
pub fn check_puzzle(puzzle: &ConstraintPuzzle) {
    let n = puzzle.size();
    assert_eq!(puzzle.givens().len(), n * n);
    assert_eq!(puzzle.regions().len(), n * n);
    assert!(puzzle.givens().iter().all(|&d| usize::from(d) <= n));
    if n <= 16 {
        let json = puzzle.to_fpuzzles().unwrap_or_else(|e| panic!("{e}"));
        let back = ConstraintPuzzle::from_fpuzzles(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(&back, puzzle, "{json}");
        for link in [puzzle.to_fpuzzles_link(), puzzle.to_sudokupad_link()] {
            let link = link.unwrap_or_else(|e| panic!("{e}"));
            let back = ConstraintPuzzle::read(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
            assert_eq!(&back, puzzle, "{link}");
        }
    }
    if puzzle.constraints().is_empty()
        && let Ok(ipuz) = puzzle.to_ipuz()
    {
        let back = ConstraintPuzzle::read(&ipuz).unwrap_or_else(|e| panic!("{ipuz}: {e}"));
        assert_eq!(back.givens(), puzzle.givens(), "{ipuz}");
        assert_eq!(back.regions(), puzzle.regions(), "{ipuz}");
        assert_eq!(back.solution(), puzzle.solution(), "{ipuz}");
    }
    check_picture(puzzle);
    check_solving(puzzle);
}

/// The picture of the puzzle (`sudoku-render`'s [`Board::from_constraints`], every
/// constraint drawn) is one well-formed `<svg>` document.
pub fn check_picture(puzzle: &ConstraintPuzzle) {
    let svg = Board::from_constraints(puzzle).to_svg();
    let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
}

/// Within [`MAX_NODES`], the solver's answers agree with each other and with the rules: each
/// solution listed meets every rule and appears once; the count, the first solution and the
/// true candidates say the same as the listing whenever both searches finished; a clash is
/// reported exactly when the givens clash; on sides up to [`REFERENCE_SIDE`] the solutions
/// are those of a plain enumeration.
pub fn check_solving(puzzle: &ConstraintPuzzle) {
    let budget = || Budget::nodes(MAX_NODES);
    let mut solver = ConstraintSolver::default();
    let listed = solver.solutions_within(puzzle, LIMIT, budget());
    let mut found: Vec<Vec<u8>> = listed.found.iter().map(|s| s.cells().to_vec()).collect();
    for cells in &found {
        assert_eq!(puzzle.violation(cells), None, "{cells:?}");
    }
    assert!(found.len() <= LIMIT);
    let settled = listed.exhausted.is_none();

    let count = solver.count_solutions_within(puzzle, LIMIT, budget());
    if settled {
        assert_eq!(count.as_ref().ok(), Some(&found.len()), "{count:?}");
    }
    let verdict = solver.solve_within(puzzle, budget());
    let clash = puzzle.clash();
    match &verdict {
        Verdict::Solved(solution) => {
            assert!(puzzle.is_solution(solution.cells()));
            assert!(clash.is_none());
        }
        Verdict::Clash(reported) => assert_eq!(Some(reported), clash.as_ref()),
        Verdict::NoSolution => assert!(found.is_empty() && clash.is_none()),
        _ => assert!(
            !settled,
            "{verdict:?}: the listing finished within the same budget"
        ),
    }
    if clash.is_some() {
        assert!(found.is_empty());
        assert!(matches!(verdict, Verdict::Clash(_)), "{verdict:?}");
    }
    if settled && !found.is_empty() {
        assert!(matches!(verdict, Verdict::Solved(_)), "{verdict:?}");
    }

    let candidates = solver.true_candidates_within(puzzle, LIMIT, budget());
    for cells in &found {
        for (cell, &digit) in cells.iter().enumerate() {
            if candidates.complete {
                assert!(
                    candidates.masks[cell] & 1 << (digit - 1) != 0,
                    "cell {cell}"
                );
            }
        }
    }
    if candidates.complete && settled && found.len() < LIMIT {
        for cell in 0..puzzle.size() * puzzle.size() {
            let union = found.iter().fold(0u32, |m, s| m | 1 << (s[cell] - 1));
            assert_eq!(candidates.masks[cell], union, "cell {cell}");
        }
    }

    if settled
        && puzzle.size() <= REFERENCE_SIDE
        && let Ok(mut expected) =
            reference_constraint_solutions(puzzle, LIMIT, Budget::nodes(20 * MAX_NODES))
    {
        if expected.len() < LIMIT {
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{:?}", puzzle.constraints());
        } else {
            assert_eq!(found.len(), LIMIT);
        }
    }
}

/// The published puzzles of `sudoku-constraints`' tests as f-puzzles JSON, and random
/// puzzles with constraints of every kind on every side f-puzzles draws, as f-puzzles JSON,
/// both links and (without their constraints) ipuz.
pub fn seeds(_data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds: Vec<String> = Vec::new();
    let published = crate::workspace_dir().join("crates/sudoku-constraints/tests/published.jsonl");
    if let Ok(text) = std::fs::read_to_string(&published) {
        seeds.extend(text.lines().map(str::to_string));
    }
    for seed in 1..=40u64 {
        let n = 3 + (seed as usize * 7) % 14;
        let (mut puzzle, board) = random_variant(seed, n, 1 + seed as usize % 12, n, seed % 2 == 0);
        if seed % 5 == 0 {
            puzzle
                .set_solution(Some(board))
                .expect("a board of the side");
            puzzle.set_title(Some(format!("seed {seed}")));
        }
        let written = [
            puzzle.to_fpuzzles(),
            puzzle.to_fpuzzles_link(),
            puzzle.to_sudokupad_link(),
        ];
        seeds.extend(written.into_iter().map(|w| w.expect("sides up to 16")));
        let mut plain = ConstraintPuzzle::new(n).expect("a side of 3 to 16");
        plain
            .set_regions(puzzle.regions())
            .expect("the regions of the side");
        plain
            .set_givens(puzzle.givens())
            .expect("digits of the side");
        seeds.extend(plain.to_ipuz());
    }
    seeds.into_iter().map(String::into_bytes).collect()
}
