//! Puzzles with constraints through the front door: read among other lines in every
//! constraint format, solved, counted, checked, their true candidates and solutions listed,
//! and written back; every answer checked against the puzzle's stated solution or a
//! reference enumeration that shares nothing with the engine.

use std::collections::BTreeSet;

use sudoku_api::{
    Board, Budget, ConstraintPuzzle, FailureKind, Front, Grid, Output, PuzzleForm, Solution,
    Worker, read_puzzles,
};

/// Published puzzles with their known unique solutions (f-puzzles JSON, one a line).
const PUBLISHED: &str = include_str!("../../../sudoku-constraints/tests/published.jsonl");

/// The longest line core's reader takes.
fn sudoku_core_cap() -> usize {
    64 * 1024
}

fn published() -> Vec<ConstraintPuzzle> {
    PUBLISHED
        .lines()
        .map(|line| ConstraintPuzzle::from_fpuzzles(line).expect("published puzzles read"))
        .collect()
}

/// A small puzzle with several solutions and constraints: the reference enumerates it.
fn open_variant(seed: u64) -> ConstraintPuzzle {
    sudoku_testing::random_variant(seed, 4, 3, 2, true).0
}

#[test]
fn every_form_is_read_among_other_lines_in_order() {
    let puzzles = published();
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut text = String::new();
    let mut expected: Vec<(usize, Option<&ConstraintPuzzle>)> = Vec::new();
    let mut line = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let form = match i % 3 {
            0 => PUBLISHED.lines().nth(i).unwrap().to_string(),
            1 => puzzle.to_fpuzzles_link().unwrap(),
            _ => puzzle.to_sudokupad_link().unwrap(),
        };
        // Line ends of every kind, a comment and a classic line between them.
        text.push_str(&form);
        text.push_str(["\n", "\r\n", "\r"][i % 3]);
        line += 1;
        expected.push((line, Some(puzzle)));
        text.push_str("# a comment\n");
        text.push_str(classic);
        text.push('\n');
        line += 2;
        expected.push((line, None));
    }
    let records: Vec<_> = read_puzzles(text.as_bytes()).collect();
    assert_eq!(records.len(), expected.len());
    for (record, (line, puzzle)) in records.into_iter().zip(expected) {
        let record = record.unwrap_or_else(|err| panic!("line {line}: {err}"));
        assert_eq!(record.line, line);
        match puzzle {
            // Puzzles of core's rules (here X-sudoku) come as core's boards, for every engine.
            Some(puzzle) => assert_eq!(record.board, Board::from_constraint(puzzle.clone())),
            None => assert_eq!(record.board.line(), classic),
        }
    }
}

#[test]
fn bad_lines_are_one_error_each_naming_what_and_where() {
    let thermo = {
        let mut p = ConstraintPuzzle::new(6).unwrap();
        p.add(sudoku_api::Constraint::Thermometer(vec![0, 1, 2]))
            .unwrap();
        p.to_fpuzzles().unwrap()
    };
    let unknown = thermo.replacen('{', r#"{"skyscraper":[{"cell":"R0C1","value":"3"}],"#, 1);
    let text = format!(
        "{thermo}\n{unknown}\nhttps://f-puzzles.com/?load=%%%%\n\
         https://sudokupad.app/scl-abc\n{{\"givens\": \"1.3..4.1..1.3..2\"}}\n{thermo}\n"
    );
    let records: Vec<_> = read_puzzles(text.as_bytes()).collect();
    assert_eq!(records.len(), 6);
    assert!(matches!(&records[0], Ok(r) if matches!(r.board, Board::Constraint(_))));
    let err = records[1].as_ref().unwrap_err();
    assert_eq!(err.line(), 2);
    assert!(err.message().contains("skyscraper"), "{err}");
    let err = records[2].as_ref().unwrap_err();
    assert_eq!(err.line(), 3);
    assert!(err.message().contains("escape"), "{err}");
    let err = records[3].as_ref().unwrap_err();
    assert!(err.message().contains("SudokuPad's own format"), "{err}");
    // Core's own JSON lines stay core's.
    assert_eq!(records[4].as_ref().unwrap().board.describe(), "4x4");
    assert_eq!(records[5].as_ref().unwrap().line, 6);
    // A line beyond the reader's cap is skipped with core's error, even when it starts as a
    // valid link.
    let link = ConstraintPuzzle::new(6)
        .unwrap()
        .to_sudokupad_link()
        .unwrap();
    let long = format!("{link}#{}\n{link}\n", "x".repeat(sudoku_core_cap() + 1));
    let records: Vec<_> = read_puzzles(long.as_bytes()).collect();
    assert_eq!(records.len(), 2);
    assert!(
        records[0]
            .as_ref()
            .unwrap_err()
            .message()
            .contains("longer than")
    );
    assert_eq!(records[1].as_ref().unwrap().line, 2);
    // One puzzle given as a string is read the same way.
    let err = Board::parse(&unknown, Front::Python).unwrap_err();
    assert_eq!(err.kind(), FailureKind::Malformed);
    assert!(err.message().contains("skyscraper"));
}

/// A file that is one JSON object spanning lines (f-puzzles' export, an ipuz file, a
/// pretty-printing editor) is one record starting on the line of its `{`; JSON lines and
/// every other form stay one record a line.
#[test]
fn one_json_object_spanning_lines_is_one_record() {
    let pretty = |text: &str| {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        serde_json::to_string_pretty(&value).unwrap()
    };
    let read = |text: &str| read_puzzles(text.as_bytes()).collect::<Vec<_>>();
    let lines: Vec<&str> = PUBLISHED.lines().collect();
    let puzzles = published();
    // Comments and blank lines before it, CRLF line ends, braces, quotes and runs of spaces
    // in its strings (kept as they are).
    let mut titled = puzzles[0].clone();
    titled.set_title(Some("A {brace}, a \"quote\" and  two spaces [1]".into()));
    let text = format!(
        "# a comment\r\n\r\n{}\r\n\r\n",
        pretty(&titled.to_fpuzzles().unwrap()).replace('\n', "\r\n")
    );
    let records = read(&text);
    assert_eq!(records.len(), 1);
    let record = records[0].as_ref().unwrap();
    assert_eq!(record.line, 3);
    assert_eq!(record.board, Board::from_constraint(titled));
    // Every published puzzle (16x16 and its regions too), and an ipuz file.
    for (line, puzzle) in lines.iter().zip(&puzzles) {
        let records = read(&pretty(line));
        assert_eq!(records.len(), 1, "{line}");
        let board = &records[0].as_ref().unwrap().board;
        assert_eq!(board, &Board::from_constraint(puzzle.clone()), "{line}");
    }
    let ipuz = pretty(&ConstraintPuzzle::new(6).unwrap().to_ipuz().unwrap());
    let records = read(&ipuz);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].as_ref().unwrap().board.describe(), "6x6");
    // A fault is one error, named at the line the object starts on.
    let bad = pretty(lines[1]).replacen("\"size\": 9", "\"size\": \"nine\"", 1);
    let records = read(&format!("\n\n{bad}"));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].as_ref().unwrap_err().line(), 3);
    // JSON lines stay one a line, a broken one included: records in, records out.
    let text = format!("{}\n{}\n{}\n", &lines[0][..40], lines[1], lines[2]);
    let records = read(&text);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0].as_ref().unwrap_err().line(), 1);
    assert_eq!(records[2].as_ref().unwrap().line, 3);
    // Anything after the object: read line by line as before, not as one record.
    let text = format!("{}\n{}\n", pretty(lines[0]), lines[1]);
    let records = read(&text);
    assert_eq!(records.len(), pretty(lines[0]).lines().count() + 1);
    assert_eq!(
        records.last().unwrap().as_ref().unwrap().board,
        Board::from_constraint(puzzles[1].clone())
    );
}

#[test]
fn published_puzzles_solve_to_their_solutions_and_check_unique() {
    let mut worker = Worker::new(Front::Cli);
    for puzzle in published() {
        let link = puzzle.to_sudokupad_link().unwrap();
        let board = Board::parse(&link, Front::Cli).unwrap();
        let solved = worker.solve(&board, sudoku_api::Algo::Mrv, true, Budget::UNLIMITED);
        let solution = solved.require_unique().unwrap();
        assert_eq!(
            Some(solution.cells()),
            puzzle.solution(),
            "{:?}",
            puzzle.title()
        );
        assert!(worker.check(&board, Budget::UNLIMITED).is_ok());
        let counted = worker
            .count(&board, sudoku_api::Algo::Mrv, 5, Budget::UNLIMITED)
            .unwrap();
        assert_eq!(counted.count, 1);
        let record = Output::solved(&solved, true).with_rules(&board);
        let json = record.to_json(None, Some(&board.line()), false);
        assert_eq!(json["status"], "solved");
        assert_eq!(json["size"], puzzle.size());
    }
}

#[test]
fn counts_checks_candidates_and_listings_match_the_reference() {
    let mut worker = Worker::new(Front::Python);
    let mut several = 0;
    for seed in 0..40 {
        let puzzle = open_variant(seed);
        let reference =
            sudoku_testing::reference_constraint_solutions(&puzzle, 1000, Budget::UNLIMITED)
                .unwrap();
        let board = Board::Constraint(puzzle.clone());
        let counted = worker
            .count(&board, sudoku_api::Algo::Mrv, 1000, Budget::UNLIMITED)
            .unwrap();
        assert_eq!(counted.count, reference.len(), "seed {seed}");
        let listed = worker.solutions(&board, 1000, Budget::UNLIMITED).unwrap();
        let found: BTreeSet<Vec<u8>> = listed
            .solutions
            .iter()
            .map(|s| s.cells().to_vec())
            .collect();
        assert_eq!(found, reference.iter().cloned().collect(), "seed {seed}");
        assert!(listed.is_complete());
        let possible = worker.true_candidates(&board, 1000, Budget::UNLIMITED);
        let checked = worker.check(&board, Budget::UNLIMITED);
        match reference.len() {
            0 => {
                assert_eq!(
                    possible.as_ref().unwrap_err().kind(),
                    FailureKind::NoSolution
                );
                assert_eq!(checked.unwrap_err().kind(), FailureKind::NoSolution);
            }
            1 => assert!(checked.is_ok()),
            _ => {
                several += 1;
                let err = checked.unwrap_err();
                assert_eq!(err.kind(), FailureKind::Several);
                // The cells named are where the first two solutions differ.
                let n = puzzle.size();
                let first = listed.solutions[0].cells();
                let second = listed.solutions[1].cells();
                let cell = (0..n * n).find(|&c| first[c] != second[c]).unwrap();
                assert!(
                    err.message()
                        .contains(&format!("r{}c{}", cell / n + 1, cell % n + 1)),
                    "{err}"
                );
            }
        }
        if !reference.is_empty() {
            let possible = possible.unwrap();
            assert!(possible.complete);
            for cell in 0..puzzle.size() * puzzle.size() {
                let digits: BTreeSet<u8> = reference.iter().map(|s| s[cell]).collect();
                assert_eq!(
                    possible.cells[cell],
                    digits.into_iter().collect::<Vec<_>>(),
                    "seed {seed}, cell {cell}"
                );
            }
        }
        // A limit below the count stops the listing there.
        if reference.len() > 2 {
            let listed = worker.solutions(&board, 2, Budget::UNLIMITED).unwrap();
            assert_eq!(listed.solutions.len(), 2);
            assert!(!listed.is_complete());
            let record = Output::listed(Ok(listed));
            assert!(record.warning.unwrap().contains("limit of 2"));
        }
    }
    assert!(several > 5, "the seeds give puzzles with several solutions");
}

#[test]
fn classic_boards_list_their_solutions_and_candidates_too() {
    let mut worker = Worker::new(Front::Cli);
    let text = include_str!("../../../../benchdata/multi.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let grid: Grid = line.parse().unwrap();
    let reference = sudoku_testing::reference_solutions(&grid, 20);
    let board = Board::classic(grid);
    let listed = worker.solutions(&board, 20, Budget::UNLIMITED).unwrap();
    assert_eq!(listed.solutions.len(), reference.len());
    for solution in &listed.solutions {
        let Solution::Grid(found) = solution else {
            panic!("a classic board lists grids")
        };
        assert!(reference.contains(found));
    }
    // Other sizes list puzzles of their rules.
    let small: Board = "1...........4..3".parse().unwrap();
    let Board::Sized(puzzle) = &small else {
        panic!("a 4x4 board")
    };
    let reference = sudoku_testing::reference_count_any(puzzle, 100);
    let listed = worker.solutions(&small, 100, Budget::UNLIMITED).unwrap();
    assert_eq!(listed.solutions.len(), reference);
    assert!(reference > 1);
    for solution in &listed.solutions {
        let Solution::Sized(found) = solution else {
            panic!("another size lists puzzles of its rules")
        };
        assert!(found.solves(puzzle));
    }
    let possible = worker
        .true_candidates(&small, 100, Budget::UNLIMITED)
        .unwrap();
    assert_eq!(possible.line().split(' ').count(), 16);
    for (cell, digits) in possible.cells.iter().enumerate() {
        let seen: BTreeSet<u8> = listed.solutions.iter().map(|s| s.cells()[cell]).collect();
        assert_eq!(*digits, seen.into_iter().collect::<Vec<_>>());
    }
    // A budget ends the call.
    let open: Board = ".".repeat(81).parse().unwrap();
    let err = worker
        .solutions(&open, 1_000_000, Budget::nodes(50))
        .unwrap_err();
    assert_eq!(err.kind(), FailureKind::GaveUp);
    assert!(err.message().contains("max_nodes") || err.message().contains("--node-limit"));
    let err = worker
        .true_candidates(&open, 1_000_000, Budget::nodes(50))
        .unwrap_err();
    assert_eq!(err.kind(), FailureKind::GaveUp);
    // Tasks of the classic ladder say what they take.
    let thermo = Board::Constraint(open_variant(3));
    assert_eq!(
        worker.rate(&thermo, Budget::UNLIMITED).unwrap_err().kind(),
        FailureKind::NotClassic
    );
}

#[test]
fn every_board_is_written_in_every_form_and_read_back() {
    let boards = [
        Board::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            Front::Cli,
        )
        .unwrap(),
        Board::parse("1.3..4.1..1.3..2", Front::Cli).unwrap(),
        Board::parse(
            r#"{"givens": "1.3..4.1..1.3..2", "regions": "AABBAABBCCDDCCDD", "diagonals": true}"#,
            Front::Cli,
        )
        .unwrap(),
        Board::Constraint(open_variant(7)),
    ];
    for board in &boards {
        for &form in PuzzleForm::ALL {
            match board.write(form) {
                Ok(text) => {
                    assert!(!text.contains('\n'));
                    let read = Board::parse(&text, Front::Cli).unwrap();
                    assert_eq!(read.to_constraint(), board.to_constraint(), "{form:?}");
                }
                // ipuz holds givens and regions only.
                Err(err) => {
                    assert_eq!(form, PuzzleForm::Ipuz, "{err}");
                    assert!(!board.to_constraint().unwrap().constraints().is_empty());
                }
            }
        }
    }
    let killers = include_str!("../../../../benchdata/killer.jsonl");
    let line = killers.lines().find(|l| l.contains("cages")).unwrap();
    let killer = sudoku_api::parse_killer(line).unwrap();
    let link = PuzzleForm::Link.write_killer(&killer).unwrap();
    let Board::Constraint(read) = Board::parse(&link, Front::Cli).unwrap() else {
        panic!("a killer puzzle has constraints")
    };
    assert_eq!(read, ConstraintPuzzle::from(&killer));
}

mod property {
    use super::*;
    use proptest::prelude::*;

    /// One line of an input, and what reading it must give.
    #[derive(Clone, Debug)]
    enum Piece {
        /// A puzzle in a constraint format, with the board it must read as.
        Good(String, Box<Board>),
        /// A line of a constraint format that is not valid: an error at its line.
        Bad(String),
        /// Anything else (classic lines, comments, blanks, junk): whatever core says.
        Other(Vec<u8>),
    }

    fn piece() -> impl Strategy<Value = Piece> {
        prop_oneof![
            (0u64..200, 0usize..4).prop_map(|(seed, form)| {
                let puzzle = sudoku_testing::random_variant(seed, 4 + (seed % 3) as usize, 4, 3, false).0;
                let text = match form {
                    0 => puzzle.to_fpuzzles().unwrap(),
                    1 => puzzle.to_fpuzzles_link().unwrap(),
                    2 => puzzle.to_sudokupad_link().unwrap(),
                    _ => puzzle
                        .to_ipuz()
                        .unwrap_or_else(|_| puzzle.to_fpuzzles().unwrap())
                        .replace('\n', ""),
                };
                Piece::Good(text, Box::new(Board::from_constraint(puzzle)))
            }),
            (0u64..200, 1usize..40).prop_map(|(seed, cut)| {
                let puzzle = sudoku_testing::random_variant(seed, 6, 3, 2, false).0;
                let link = puzzle.to_sudokupad_link().unwrap();
                // A character no base64 has, somewhere in the data (lz-string reads a
                // link cut short as some puzzle, so that is no error).
                let text = format!("{}!{}", &link[..link.len() - cut], &link[link.len() - cut..]);
                Piece::Bad(text)
            }),
            prop_oneof![
                Just(b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_vec()),
                Just(b"1.3..4.1..1.3..2".to_vec()),
                Just(b"# a comment".to_vec()),
                Just(Vec::new()),
                Just(br#"{"givens": ".4..3.2......21."}"#.to_vec()),
                Just(b"4".to_vec()),
                proptest::collection::vec(any::<u8>().prop_filter("one line", |b| *b != b'\n' && *b != b'\r'), 0..60),
            ]
            .prop_map(Piece::Other),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every line of a constraint format gives exactly one record at its line, the
        /// puzzle it holds or an error, whatever the lines around it and their endings; the
        /// records come in line order, at most one a line.
        #[test]
        fn constraint_lines_are_one_record_each_among_any_lines(
            pieces in proptest::collection::vec(piece(), 1..12),
            endings in proptest::collection::vec(0usize..3, 12),
        ) {
            let text = |piece: &Piece| -> Vec<u8> {
                match piece {
                    Piece::Good(text, _) | Piece::Bad(text) => text.as_bytes().to_vec(),
                    Piece::Other(bytes) => bytes.clone(),
                }
            };
            let mut input = Vec::new();
            for (i, piece) in pieces.iter().enumerate() {
                input.extend(text(piece));
                // A CR before an empty line and its LF would be one CRLF: one line less.
                let next_empty = pieces.get(i + 1).is_some_and(|next| text(next).is_empty());
                let ending = if endings[i] == 2 && next_empty { 0 } else { endings[i] };
                input.extend_from_slice([&b"\n"[..], b"\r\n", b"\r"][ending]);
            }
            let items: Vec<_> = read_puzzles(&input[..]).collect();
            let mut last = 0;
            for item in &items {
                let line = match item {
                    Ok(record) => record.line,
                    Err(err) => err.line(),
                };
                prop_assert!(line > last, "line {} after {}", line, last);
                last = line;
            }
            for (i, piece) in pieces.iter().enumerate() {
                let line = i + 1;
                let at: Vec<_> = items
                    .iter()
                    .filter(|item| match item {
                        Ok(record) => record.line == line,
                        Err(err) => err.line() == line,
                    })
                    .collect();
                match piece {
                    Piece::Good(_, board) => {
                        prop_assert_eq!(at.len(), 1);
                        prop_assert_eq!(&at[0].as_ref().unwrap().board, &**board);
                    }
                    Piece::Bad(_) => {
                        prop_assert_eq!(at.len(), 1);
                        prop_assert!(at[0].is_err());
                    }
                    Piece::Other(_) => {}
                }
            }
        }
    }
}
