//! Integration tests of the front door: every task on every kind of board, pencil marks
//! honoured, the messages each front end gets, and generation's refusals.

use sudoku_api::{
    Algo, Band, Board, Budget, Candidates, FailureKind, Front, GenerateRequest, Grid, Output,
    Variant, Worker, parse_se,
};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn board(text: &str) -> Board {
    text.parse().expect("test puzzles parse")
}

/// A puzzle of benchdata/multi.txt with a few hundred solutions at most, its solutions
/// (reference backtracking), and marks that cross out one solution's digit in one cell.
fn position_with_marks() -> (Grid, Vec<Grid>, Candidates) {
    let text = include_str!("../../../benchdata/multi.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let puzzle: Grid = line.parse().unwrap();
        let solutions = sudoku_testing::reference_solutions(&puzzle, 300);
        if (3..300).contains(&solutions.len()) {
            let first = solutions[0];
            let cell = (0..81)
                .find(|&c| puzzle[c] == 0 && solutions.iter().any(|s| s[c] != first[c]))
                .unwrap();
            let mut marks = Candidates::from_grid(&puzzle);
            marks.remove(cell, first[cell]);
            return (puzzle, solutions, marks);
        }
    }
    unreachable!("multi.txt has puzzles with a few solutions")
}

mod positions {
    use super::*;

    #[test]
    fn every_task_honours_the_marks() {
        let (puzzle, solutions, marks) = position_with_marks();
        let fitting = solutions.iter().filter(|s| marks.allows(s)).count();
        assert!(fitting < solutions.len() && fitting > 1);
        let position = Board::Classic {
            grid: puzzle,
            marks: Some(marks),
        };
        let mut worker = Worker::new(Front::Python);
        let counted = worker
            .count(&position, Algo::Mrv, 1000, Budget::UNLIMITED)
            .unwrap();
        assert_eq!(counted.count, fitting);
        // Whatever algorithm is named, the marks hold.
        for algo in Algo::ALL {
            let solved = worker.solve(&position, algo, true, Budget::UNLIMITED);
            let Some(sudoku_api::Solution::Grid(found)) = solved.solution() else {
                panic!("{algo:?}: {:?}", solved.failure())
            };
            assert!(marks.allows(found) && found.solves(&puzzle), "{algo:?}");
            assert_eq!(solved.count(), Some(2));
            assert_eq!(solved.status(), "several solutions");
        }
        assert_eq!(
            worker
                .check(&position, Budget::UNLIMITED)
                .unwrap_err()
                .kind(),
            FailureKind::Several
        );
    }

    #[test]
    fn marks_that_leave_one_solution_make_it_unique() {
        let (puzzle, solutions, _) = position_with_marks();
        // Cross out, cell by cell, every digit but the first solution's.
        let target = solutions[0];
        let mut marks = Candidates::from_grid(&puzzle);
        for cell in 0..81 {
            if solutions.iter().any(|s| s[cell] != target[cell]) {
                for s in &solutions {
                    if s[cell] != target[cell] {
                        marks.remove(cell, s[cell]);
                    }
                }
            }
        }
        let position = Board::Classic {
            grid: puzzle,
            marks: Some(marks),
        };
        let mut worker = Worker::new(Front::Cli);
        assert!(worker.check(&position, Budget::UNLIMITED).is_ok());
        let solved = worker.solve(&position, Algo::Mrv, true, Budget::UNLIMITED);
        assert_eq!(solved.require_unique().unwrap().line(), target.to_string());
        // With one solution, the position has a rating and a path.
        let rated = worker.rate(&position, Budget::UNLIMITED).unwrap();
        assert!(
            rated.rating.solved_by_logic,
            "{:?} {}",
            rated.rating,
            position.line()
        );
        let explained = worker.explain(&position, Budget::UNLIMITED).unwrap();
        assert_eq!(explained.open_cells(), 0);
        assert_eq!(explained.report.grid, target);
    }

    #[test]
    fn a_position_without_candidates_has_no_solution() {
        let empty = board(&"0".repeat(729));
        let mut worker = Worker::new(Front::Cli);
        assert_eq!(
            worker
                .count(&empty, Algo::Mrv, 2, Budget::UNLIMITED)
                .unwrap()
                .count,
            0
        );
        let checked = worker.check(&empty, Budget::UNLIMITED).unwrap_err();
        assert_eq!(checked.kind(), FailureKind::Contradiction, "{checked}");
        let solved = worker.solve(&empty, Algo::Mrv, true, Budget::UNLIMITED);
        assert_eq!(solved.status(), "contradiction");
    }

    #[test]
    fn marks_that_exclude_the_only_solution_name_the_cell() {
        let puzzle: Grid = WIKIPEDIA.parse().unwrap();
        let solution = sudoku_testing::reference_solution(&puzzle).unwrap();
        let mut marks = Candidates::from_grid(&puzzle);
        marks.remove(2, solution[2]);
        let position = Board::Classic {
            grid: puzzle,
            marks: Some(marks),
        };
        let mut worker = Worker::new(Front::Cli);
        let solved = worker.solve(&position, Algo::Mrv, true, Budget::UNLIMITED);
        let failure = solved.require_unique().unwrap_err();
        assert_eq!(failure.kind(), FailureKind::WrongElimination);
        assert_eq!(
            failure.message(),
            format!(
                "the pencil marks exclude the solution: r1c3 lost candidate {}",
                solution[2]
            )
        );
        assert_eq!(
            worker
                .rate(&position, Budget::UNLIMITED)
                .unwrap_err()
                .kind(),
            FailureKind::NoSolution
        );
    }
}

mod messages {
    use super::*;

    #[test]
    fn each_front_end_is_told_its_own_option_names() {
        let open = board(&".".repeat(81));
        for (front, unique, nodes) in [
            (Front::Cli, "(--unique)", "(--node-limit)"),
            (Front::Python, "(unique=True)", "(max_nodes)"),
        ] {
            let mut worker = Worker::new(front);
            let several = worker
                .solve(&open, Algo::Mrv, true, Budget::UNLIMITED)
                .require_unique()
                .unwrap_err();
            assert!(several.message().contains(unique), "{several}");
            let gave_up = worker
                .count(&open, Algo::Mrv, 1_000_000, Budget::nodes(50))
                .unwrap_err();
            assert_eq!(gave_up.kind(), FailureKind::GaveUp);
            assert!(
                gave_up
                    .message()
                    .starts_with(&format!("gave up after 50 nodes {nodes} with ")),
                "{gave_up}"
            );
            assert_eq!(gave_up.found().map(|n| n > 0), Some(true));
        }
    }

    #[test]
    fn explain_says_no_solution_for_a_puzzle_and_names_the_digits_for_a_position() {
        let text = include_str!("../../../benchdata/nosol.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        let dead = board(line);
        let mut worker = Worker::new(Front::Cli);
        let failure = worker.explain(&dead, Budget::UNLIMITED).unwrap_err();
        assert_eq!(failure.message(), "no solution");
        // Hints are given on positions people fill in.
        let hint = worker.hint(&dead, Budget::UNLIMITED).unwrap_err();
        assert_eq!(
            hint.message(),
            "the position has no solution: a digit written in is wrong"
        );
    }

    #[test]
    fn the_classic_only_tasks_refuse_other_boards() {
        let small = board("1.3..4.1..1.3..2");
        let mut worker = Worker::new(Front::Python);
        for failure in [
            worker.rate(&small, Budget::UNLIMITED).unwrap_err(),
            worker.hint(&small, Budget::UNLIMITED).unwrap_err(),
            worker.canonical(&small).unwrap_err(),
        ] {
            assert_eq!(failure.kind(), FailureKind::NotClassic);
            assert!(
                failure.message().ends_with("this is a 4x4 puzzle"),
                "{failure}"
            );
        }
    }

    #[test]
    fn a_node_limit_of_zero_is_refused_everywhere() {
        for front in [Front::Cli, Front::Python] {
            assert!(sudoku_api::budget(None, Some(0), front).is_err());
            assert!(sudoku_api::budget(Some(0.0), None, front).is_err());
            assert!(sudoku_api::budget(Some(f64::NAN), None, front).is_err());
        }
    }
}

mod generation {
    use super::*;

    #[test]
    fn contradictory_targets_are_refused_up_front() {
        let request = GenerateRequest {
            band: Some(Band::Easy),
            se: Some(parse_se("8.0..9.0", Front::Python).unwrap()),
            ..GenerateRequest::default()
        };
        let err = request.plan(Front::Python).unwrap_err();
        assert_eq!(
            err.to_string(),
            "difficulty easy is ER 0.0..2.0, which se 8.0..9.0 leaves out: no puzzle is both"
        );
        // Overlapping targets are fine.
        let request = GenerateRequest {
            band: Some(Band::Expert),
            se: Some(parse_se("6.0..7.0", Front::Python).unwrap()),
            ..GenerateRequest::default()
        };
        assert!(request.plan(Front::Python).is_ok());
    }

    #[test]
    fn impossible_targets_are_refused_with_the_option_named() {
        let cases = [
            (
                GenerateRequest {
                    attempts: Some(0),
                    ..GenerateRequest::default()
                },
                "--attempts must be at least 1",
            ),
            (
                GenerateRequest {
                    clues: Some(16),
                    ..GenerateRequest::default()
                },
                "--clues 16: no Sudoku with 16 clues",
            ),
            (
                GenerateRequest {
                    size: 16,
                    band: Some(Band::Hard),
                    ..GenerateRequest::default()
                },
                "--difficulty rates with the ladder of 9x9 techniques",
            ),
            (
                GenerateRequest {
                    size: 7,
                    ..GenerateRequest::default()
                },
                "no board of side 7",
            ),
            (
                GenerateRequest {
                    size: 16,
                    variants: vec![Variant::Windoku],
                    ..GenerateRequest::default()
                },
                "windoku",
            ),
        ];
        for (request, message) in cases {
            let err = request.plan(Front::Cli).unwrap_err().to_string();
            assert!(err.starts_with(message) || err.contains(message), "{err}");
        }
    }

    #[test]
    fn a_plan_makes_the_same_puzzles_as_its_generator() {
        let plan = GenerateRequest::default().plan(Front::Cli).unwrap();
        let mut maker = plan.maker();
        let made = maker.make(7, 3, true, Front::Cli, |_| {}).unwrap();
        let mut generator = sudoku_gen::Generator::new(sudoku_gen::GenConfig::default()).unwrap();
        let direct = generator.generate_indexed(7, 3).unwrap();
        assert_eq!(made.line(), direct.puzzle.to_string());
        let output = Output::made(&made);
        assert_eq!(output.fields["puzzle"], direct.puzzle.to_string());
        assert!(output.fields["er"].as_f64().unwrap() >= 1.0);
    }
}

mod lines {
    use sudoku_api::{Board, Front, Puzzle, Rules, Shape};

    /// Every board's line reads back as the same board, whatever its box shape and rules;
    /// an array row, which says nothing of the boxes, takes only the usual ones. (A 6x6 with
    /// boxes of 3 rows by 2 columns was written as its 36 symbols, which read back with boxes
    /// of 2 by 3: another puzzle, and its solution a clash.)
    #[test]
    fn every_board_line_reads_back_as_the_same_board() {
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (4, 2),
            (3, 3),
            (9, 1),
            (1, 9),
            (3, 4),
        ];
        for (rows, cols) in shapes {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            for rules in [Rules::new(shape), Rules::new(shape).with_diagonals(true)] {
                let mut cells = vec![0u8; n * n];
                cells[0] = 1;
                cells[n + 2] = 2;
                let board = Board::Sized(Puzzle::new(rules.clone(), cells.clone()).unwrap());
                let plain = rules == Rules::new(shape) && shape.is_usual();
                // A plain 9x9 reads back as a classic grid, as every plain row of cells does.
                let expected = if plain {
                    Board::from_cells(&cells).unwrap()
                } else {
                    board.clone()
                };
                let line = board.line();
                for front in [Front::Cli, Front::Python] {
                    let back = Board::parse(&line, front);
                    assert_eq!(back.as_ref(), Ok(&expected), "{rows}x{cols}: {line}");
                }
                assert_eq!(board.cells().is_ok(), plain, "{rows}x{cols}: {line}");
            }
        }
    }
}

#[path = "suite/variants.rs"]
mod variants;
