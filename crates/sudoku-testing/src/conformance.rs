//! The conformance tables ([`CASES`] for the classic grid, [`VARIANT_CASES`] for other sizes
//! and variants) and the checks that run them against a solver in one line.

use sudoku_core::{CountSolutions, Grid, Puzzle, Rules, Solver, Verdict};

/// What a conformance case must produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Exactly one solution, this one.
    Unique(&'static str),
    /// Exactly this many solutions (2 or more).
    Solutions(usize),
    /// More than 1,000 solutions.
    Many,
    /// No solution, although the givens do not clash.
    NoSolution,
    /// Two givens clash.
    Clash,
}

/// One puzzle of the conformance table.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// A short name, used in failure messages.
    pub name: &'static str,
    /// The puzzle as an 81-character line.
    pub puzzle: &'static str,
    /// The right answer.
    pub expect: Expect,
}

impl Case {
    /// The puzzle as a grid.
    ///
    /// # Panics
    ///
    /// Never for the cases of [`CASES`], which are checked by tests.
    pub fn puzzle(&self) -> Grid {
        self.puzzle.parse().expect("conformance puzzles parse")
    }
}

/// The conformance table every solver runs: solved puzzles with known solutions (easy ones,
/// famous hard ones, an empty and an already full grid), puzzles with an exact number of
/// solutions, puzzles without solution and puzzles whose givens clash.
pub const CASES: &[Case] = &[
    Case {
        name: "classic easy (singles only)",
        puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        expect: Expect::Unique(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ),
    },
    Case {
        name: "AI Escargot",
        puzzle: "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        expect: Expect::Unique(
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354",
        ),
    },
    Case {
        name: "Arto Inkala 2012",
        puzzle: "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        expect: Expect::Unique(
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
        ),
    },
    Case {
        name: "Norvig hardest 1",
        puzzle: "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        expect: Expect::Unique(
            "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
        ),
    },
    Case {
        name: "magictour top1465 #1",
        puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        expect: Expect::Unique(
            "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
        ),
    },
    Case {
        name: "17 clues #1",
        puzzle: ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        expect: Expect::Unique(
            "953168742862734951417952836746893125281645397395271468138529674574386219629417583",
        ),
    },
    Case {
        name: "forum hardest #1",
        puzzle: "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        expect: Expect::Unique(
            "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
        ),
    },
    Case {
        name: "full valid grid",
        puzzle: "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        expect: Expect::Unique(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ),
    },
    Case {
        name: "one blank",
        puzzle: "534678912672195348198342567859761423426853791713924856961537284287419635345286.79",
        expect: Expect::Unique(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ),
    },
    Case {
        name: "empty grid",
        puzzle: ".................................................................................",
        expect: Expect::Many,
    },
    Case {
        name: "deadly rectangle (2 solutions)",
        puzzle: "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179",
        expect: Expect::Solutions(2),
    },
    Case {
        name: "several solutions",
        puzzle: "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        expect: Expect::Solutions(872),
    },
    Case {
        name: "cell without candidates",
        puzzle: ".123456789.......................................................................",
        expect: Expect::NoSolution,
    },
    Case {
        name: "AI Escargot with a wrong given",
        puzzle: "12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        expect: Expect::NoSolution,
    },
    Case {
        name: "clashing givens in a row",
        puzzle: "5...5............................................................................",
        expect: Expect::Clash,
    },
    Case {
        name: "clashing givens in a column",
        puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75",
        expect: Expect::Clash,
    },
    Case {
        name: "clashing givens in a box",
        puzzle: "5.........5......................................................................",
        expect: Expect::Clash,
    },
    Case {
        name: "full grid with a swap",
        puzzle: "354678912672195348198342567859761423426853791713924856961537284287419635345286179",
        expect: Expect::Clash,
    },
];

fn failures_to_panic(solver: &str, failures: Vec<String>) {
    if !failures.is_empty() {
        panic!(
            "{solver} failed {} conformance check(s):\n  {}",
            failures.len(),
            failures.join("\n  ")
        );
    }
}

fn check_verdict(case: &Case, verdict: Verdict, incomplete: bool) -> Option<String> {
    let puzzle = case.puzzle();
    let wrong = |what: String| Some(format!("{}: {what}, got {verdict:?}", case.name));
    match (case.expect, verdict) {
        (Expect::Unique(solution), Verdict::Solved(grid)) => (grid.to_string() != solution)
            .then(|| format!("{}: expected {solution}, got {grid}", case.name)),
        (Expect::Solutions(_) | Expect::Many, Verdict::Solved(grid)) => (!grid.solves(&puzzle))
            .then(|| format!("{}: {grid} does not solve the puzzle", case.name)),
        (Expect::NoSolution, Verdict::NoSolution) => None,
        (Expect::NoSolution, Verdict::GaveUp { .. }) if incomplete => None,
        (Expect::Clash, Verdict::Clash(clash)) => {
            let [a, b] = clash.cells();
            let real = a != b
                && puzzle[a] == clash.digit()
                && puzzle[b] == clash.digit()
                && clash
                    .unit()
                    .cells()
                    .is_some_and(|cells| cells.contains(&(a as u8)) && cells.contains(&(b as u8)));
            (!real).then(|| format!("{}: reported clash {clash} is not in the puzzle", case.name))
        }
        (Expect::Clash, _) => wrong("expected clashing givens".into()),
        (Expect::NoSolution, _) => wrong("expected no solution".into()),
        _ => wrong("expected a solution".into()),
    }
}

/// Runs [`CASES`] through a complete solver and panics listing every wrong answer.
///
/// A complete solver must give each solution, `NoSolution` for puzzles without one, and
/// `Clash` (naming a real clash) for clashing givens. Each puzzle is solved twice, so a
/// solver that leaves stale state behind between calls fails too.
pub fn check_solver<S: Solver<Puzzle = Grid>>(solver: &mut S) {
    check(solver, false);
}

/// Like [`check_solver`] for an incomplete solver (such as a bee colony): it must still solve
/// every solvable case and report clashes, but may give up where there is no solution. A
/// wrong grid is always a failure.
pub fn check_incomplete_solver<S: Solver<Puzzle = Grid>>(solver: &mut S) {
    check(solver, true);
}

fn check<S: Solver<Puzzle = Grid>>(solver: &mut S, incomplete: bool) {
    let mut failures = Vec::new();
    for round in 0..2 {
        for case in CASES {
            let verdict = solver.solve(&case.puzzle());
            if let Some(failure) = check_verdict(case, verdict, incomplete) {
                failures.push(format!("round {}: {failure}", round + 1));
            }
        }
    }
    failures_to_panic(std::any::type_name::<S>(), failures);
}

impl Expect {
    /// The exact number of solutions, or `None` for [`Expect::Many`].
    fn count(self) -> Option<usize> {
        match self {
            Expect::Unique(_) => Some(1),
            Expect::Solutions(n) => Some(n),
            Expect::NoSolution | Expect::Clash => Some(0),
            Expect::Many => None,
        }
    }
}

/// Counts `puzzle` at limits 1, 2 and 1,000 (100 when it has more than 1,000 solutions) and
/// notes every count that differs from `exact` capped at the limit.
fn check_counts<S: CountSolutions>(
    solver: &mut S,
    name: &str,
    puzzle: &S::Puzzle,
    exact: Option<usize>,
    failures: &mut Vec<String>,
) {
    let limits: &[usize] = if exact.is_some() {
        &[1, 2, 1000]
    } else {
        &[1, 2, 100]
    };
    for &limit in limits {
        let want = exact.map_or(limit, |n| n.min(limit));
        let got = solver.count_solutions(puzzle, limit);
        if got != want {
            failures.push(format!(
                "{name}: count with limit {limit}: expected {want}, got {got}"
            ));
        }
    }
}

/// Runs [`CASES`] through a counting solver and panics listing every wrong count, at
/// several limits (1, 2 and 1,000, and 100 for the empty grid) so that stopping at the limit
/// is checked too.
pub fn check_counter<S: CountSolutions<Puzzle = Grid>>(solver: &mut S) {
    let mut failures = Vec::new();
    for case in CASES {
        let puzzle = case.puzzle();
        let exact = case.expect.count();
        check_counts(solver, case.name, &puzzle, exact, &mut failures);
        let unique = exact == Some(1);
        if solver.is_unique(&puzzle) != unique {
            failures.push(format!("{}: is_unique should be {unique}", case.name));
        }
        for limit in [1, 2] {
            let want = exact.map_or(limit, |n| n.min(limit));
            let (verdict, count) = solver.solve_and_count(&puzzle, limit);
            let solved_right = match verdict {
                Verdict::Solved(grid) => want > 0 && grid.solves(&puzzle),
                Verdict::Clash(_) => case.expect == Expect::Clash,
                _ => want == 0,
            };
            if count != want || !solved_right {
                failures.push(format!(
                    "{}: solve_and_count with limit {limit}: expected {want} solution(s), got {count} and {verdict:?}",
                    case.name
                ));
            }
        }
    }
    failures_to_panic(std::any::type_name::<S>(), failures);
}

/// One puzzle of the conformance table of other sizes and variants.
#[derive(Clone, Copy, Debug)]
pub struct VariantCase {
    /// A short name, used in failure messages.
    pub name: &'static str,
    /// The givens as a line of symbols (`1`-`9`, `A`-`P`, `.` blank); its length tells the size.
    pub givens: &'static str,
    /// Jigsaw regions, one symbol per cell, or `None` for boxes.
    pub regions: Option<&'static str>,
    /// Whether the long diagonals are units.
    pub diagonals: bool,
    /// Whether the windoku windows are units.
    pub windoku: bool,
    /// The right answer (a solution as a line of symbols for `Unique`).
    pub expect: Expect,
}

impl VariantCase {
    /// The puzzle with its rules.
    ///
    /// # Panics
    ///
    /// Never for the cases of [`VARIANT_CASES`], which are checked by tests.
    pub fn puzzle(&self) -> Puzzle {
        let plain: Puzzle = self.givens.parse().expect("variant cases parse");
        let mut rules = Rules::new(plain.rules().shape())
            .with_diagonals(self.diagonals)
            .with_windoku(self.windoku)
            .expect("windoku cases are 9x9");
        if let Some(map) = self.regions {
            let map: Vec<char> = map.chars().collect();
            rules = rules.with_jigsaw(&map).expect("valid jigsaw");
        }
        Puzzle::new(rules, plain.cells().to_vec()).expect("cells fit")
    }
}

/// The conformance table of other sizes and variants: unique puzzles of sides 4 to 16, Sudoku
/// X, windoku and jigsaw (each checked unique by the reference search), puzzles with several
/// solutions, without solution (a classic puzzle whose one classic solution breaks the
/// diagonals) and with clashing givens (on a diagonal, in a jigsaw region).
pub const VARIANT_CASES: &[VariantCase] = &[
    VariantCase {
        name: "4x4",
        givens: "..41....1.3.3..4",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Unique("2341412314323214"),
    },
    VariantCase {
        name: "6x6",
        givens: "..2.......4..2.5.......6.5.4.1..6..2",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Unique("342615165243621534534126253461416352"),
    },
    VariantCase {
        name: "8x8",
        givens: ".....5.....3..1......8.7....4..387.......6.431...54.....2....38.",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Unique("7412853668537412436518271287465387316245562431783548276121765384"),
    },
    VariantCase {
        name: "12x12",
        givens: "..B.....92.....41..3..877.....52.......A63..5......9.C....A4.24...9....C687....5.C......8.4C..311.A..93....5A.........7..5...7B1.3C...2..6.8B...",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Unique(
            "83B1C47A925629541B63CA877AC698521B43C71A6384592BB6895C2731A43245A19B876C6873B2154C9A5B928A4C763114AC793628B5A13B25C96478956847B1A3C24C2736A8B519",
        ),
    },
    VariantCase {
        name: "16x16",
        givens: "..A87C...B.FE..5C.F4B9A61.5...7....7...1.3G2.BA..9.........A...2..49...F..7.....F1.2..7...94.6.A7.CDG.B.....F5..B.GACD648....3.7..1..247DF8G.9.C..7E...G592B4.D6..5F...B..6C.G1E2.9...5...1..7..D425971CF8....B..7...GE..5B.3C...F..6..5..C9..8.9B........E..25D",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Unique(
            "3GA87C2D9B4FE165C2F4B9A61E58GD735ED7F48163G2CBA919B635GE7CDA8F42E6492A3FCD7518GBF1325E78BG94D6CA78CDG1B9E6A3F524B5GACD6482F193E76A1BE247DF8G593C837E1FCG592B4AD64D5FA89B376C2G1E2C9GD653A41EB7F8D425971CF836AEBGA7618GE245BD3C9FGFE36BD52AC974819B8C43FAG1E7625D",
        ),
    },
    VariantCase {
        name: "Sudoku X",
        givens: ".62...1..4......7........42...5.67...5...7..9..8...3.4..1..9....2...8............",
        regions: None,
        diagonals: true,
        windoku: false,
        expect: Expect::Unique(
            "862794135435281976719653842294536781153847269678912354541379628927468513386125497",
        ),
    },
    VariantCase {
        name: "6x6 X",
        givens: "......2...56....1..4...............1",
        regions: None,
        diagonals: true,
        windoku: false,
        expect: Expect::Unique("516432234156652314341625165243423561"),
    },
    VariantCase {
        name: "windoku",
        givens: ".8.6...........1....6.2....5.....4....196........8.........23....9.......4.....79",
        regions: None,
        diagonals: false,
        windoku: true,
        expect: Expect::Unique(
            "185649237924537168736128954598713426271964583463285791617892345359476812842351679",
        ),
    },
    VariantCase {
        name: "jigsaw",
        givens: ".......5.....1....4......6....3....1.8..43..7.......3....9...7..6.58......4......",
        regions: Some(
            "AAABBBCCCAAAABBBCCAABBBCCCDEEEEFFDCDEEFFFFDDDEEFFGFDHDIEIIGGHHDIIIGGGHHHIIIGGGHHH",
        ),
        diagonals: false,
        windoku: false,
        expect: Expect::Unique(
            "671492358835216749493857162946375821582143697719628435128964573367589214254731986",
        ),
    },
    VariantCase {
        name: "empty 4x4 (288 grids)",
        givens: "................",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Solutions(288),
    },
    VariantCase {
        name: "empty 6x6",
        givens: "....................................",
        regions: None,
        diagonals: false,
        windoku: false,
        expect: Expect::Many,
    },
    VariantCase {
        name: "classic puzzle under the X rule",
        givens: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        regions: None,
        diagonals: true,
        windoku: false,
        expect: Expect::NoSolution,
    },
    VariantCase {
        name: "clash on a diagonal",
        givens: "1..............1",
        regions: None,
        diagonals: true,
        windoku: false,
        expect: Expect::Clash,
    },
    VariantCase {
        name: "clash in a jigsaw region",
        givens: "5.........5......................................................................",
        regions: Some(
            "AAABBBCCCAAAABBBCCAABBBCCCDEEEEFFDCDEEFFFFDDDEEFFGFDHDIEIIGGHHDIIIGGGHHHIIIGGGHHH",
        ),
        diagonals: false,
        windoku: false,
        expect: Expect::Clash,
    },
];

/// Runs [`VARIANT_CASES`] through a complete solver of every size and variant, twice, and
/// panics listing every wrong answer: the solution of unique cases, a solution that solves
/// the puzzle under every unit otherwise, `NoSolution`, and a real clash.
pub fn check_variant_solver<S: Solver<Puzzle = Puzzle>>(solver: &mut S) {
    check_variants(solver, false);
}

/// Like [`check_variant_solver`] for an incomplete solver, which may give up where there is no
/// solution (and on the empty boards, which are not puzzles).
pub fn check_incomplete_variant_solver<S: Solver<Puzzle = Puzzle>>(solver: &mut S) {
    check_variants(solver, true);
}

fn check_variants<S: Solver<Puzzle = Puzzle>>(solver: &mut S, incomplete: bool) {
    let mut failures = Vec::new();
    for round in 0..2 {
        for case in VARIANT_CASES {
            let puzzle = case.puzzle();
            let verdict = solver.solve(&puzzle);
            let wrong = match (case.expect, &verdict) {
                (Expect::Unique(solution), Verdict::Solved(found)) => {
                    (found.to_string() != solution).then(|| format!("expected {solution}"))
                }
                (Expect::Solutions(_) | Expect::Many, Verdict::Solved(found)) => {
                    (!found.solves(&puzzle)).then(|| "does not solve the puzzle".to_string())
                }
                (Expect::NoSolution, Verdict::NoSolution) => None,
                (
                    Expect::NoSolution | Expect::Many | Expect::Solutions(_),
                    Verdict::GaveUp { .. },
                ) if incomplete => None,
                (Expect::Clash, Verdict::Clash(clash)) => {
                    let [a, b] = clash.cells();
                    (a == b
                        || puzzle.get(a) != Some(clash.digit())
                        || puzzle.get(b) != Some(clash.digit()))
                    .then(|| format!("reported clash {clash} is not in the puzzle"))
                }
                (expect, _) => Some(format!("expected {expect:?}")),
            };
            if let Some(why) = wrong {
                failures.push(format!(
                    "round {}: {}: {why}, got {verdict:?}",
                    round + 1,
                    case.name
                ));
            }
        }
    }
    failures_to_panic(std::any::type_name::<S>(), failures);
}

/// Runs [`VARIANT_CASES`] through a counting solver of every size and variant, at limits 1, 2
/// and 1,000 (100 for the empty 6x6 board), and panics listing every wrong count.
pub fn check_variant_counter<S: CountSolutions<Puzzle = Puzzle>>(solver: &mut S) {
    let mut failures = Vec::new();
    for case in VARIANT_CASES {
        check_counts(
            solver,
            case.name,
            &case.puzzle(),
            case.expect.count(),
            &mut failures,
        );
    }
    failures_to_panic(std::any::type_name::<S>(), failures);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{reference_count, reference_count_any, reference_solution_any};

    #[test]
    fn every_case_parses_and_its_answer_is_right() {
        for case in CASES {
            let puzzle = case.puzzle();
            assert_eq!(
                puzzle.to_string(),
                case.puzzle.replace('0', "."),
                "{}",
                case.name
            );
            let count = reference_count(&puzzle, 1001);
            match case.expect {
                Expect::Unique(solution) => {
                    let solution: Grid = solution.parse().unwrap();
                    assert!(solution.solves(&puzzle), "{}", case.name);
                    assert_eq!(count, 1, "{}", case.name);
                }
                Expect::Solutions(n) => assert_eq!(count, n, "{}", case.name),
                Expect::Many => assert_eq!(count, 1001, "{}", case.name),
                Expect::NoSolution => {
                    assert_eq!(puzzle.clash(), None, "{}", case.name);
                    assert_eq!(count, 0, "{}", case.name);
                }
                Expect::Clash => assert!(puzzle.clash().is_some(), "{}", case.name),
            }
        }
    }

    #[test]
    fn the_table_covers_every_kind_of_answer() {
        let has = |f: fn(&Expect) -> bool| CASES.iter().any(|c| f(&c.expect));
        assert!(has(|e| matches!(e, Expect::Unique(_))));
        assert!(has(|e| matches!(e, Expect::Solutions(_))));
        assert!(has(|e| matches!(e, Expect::Many)));
        assert!(has(|e| matches!(e, Expect::NoSolution)));
        assert!(has(|e| matches!(e, Expect::Clash)));
        assert!(CASES.iter().any(|c| c.name == "AI Escargot"));
    }

    /// A deliberately wrong solver, to show that the checks catch it.
    struct Liar;
    impl Solver for Liar {
        type Puzzle = Grid;
        type Stats = sudoku_core::SearchStats;
        fn solve_within(&mut self, puzzle: &Grid, _: sudoku_core::Budget) -> Verdict {
            Verdict::Solved(*puzzle)
        }
        fn stats(&self) -> sudoku_core::SearchStats {
            sudoku_core::SearchStats::default()
        }
    }
    impl CountSolutions for Liar {
        fn count_solutions_within(
            &mut self,
            _: &Grid,
            _: usize,
            _: sudoku_core::Budget,
        ) -> Result<usize, sudoku_core::Unsettled> {
            Ok(1)
        }
    }

    #[test]
    #[should_panic(expected = "failed")]
    fn check_solver_catches_a_wrong_solver() {
        check_solver(&mut Liar);
    }

    #[test]
    #[should_panic(expected = "failed")]
    fn check_counter_catches_a_wrong_counter() {
        check_counter(&mut Liar);
    }

    /// The oracle as a solver must pass its own table.
    #[test]
    fn the_reference_passes_its_own_table() {
        use crate::reference::oracles::Oracle;
        check_solver(&mut Oracle);
        check_incomplete_solver(&mut Oracle);
        check_counter(&mut Oracle);
    }

    #[test]
    fn every_variant_case_is_right_by_the_reference() {
        for case in VARIANT_CASES {
            let puzzle = case.puzzle();
            let count = reference_count_any(&puzzle, 1001);
            match case.expect {
                Expect::Unique(solution) => {
                    assert_eq!(count, 1, "{}", case.name);
                    let found = reference_solution_any(&puzzle).unwrap();
                    assert_eq!(found.to_string(), solution, "{}", case.name);
                    assert!(found.solves(&puzzle), "{}", case.name);
                }
                Expect::Solutions(n) => assert_eq!(count, n, "{}", case.name),
                Expect::Many => assert_eq!(count, 1001, "{}", case.name),
                Expect::NoSolution => {
                    assert!(puzzle.clash().is_none(), "{}", case.name);
                    assert_eq!(count, 0, "{}", case.name);
                }
                Expect::Clash => assert!(puzzle.clash().is_some(), "{}", case.name),
            }
        }
    }
}
