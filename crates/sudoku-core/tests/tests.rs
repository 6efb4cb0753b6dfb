//! Integration tests of sudoku-core: the parser against every public puzzle and against
//! random and mutated input.

mod parser {
    use rand::{Rng, RngExt};
    use sudoku_core::{Grid, ParseErrorKind, PuzzleReader};
    use sudoku_testing::{CASES, public_folder};

    /// Every line of every public `*.txt` set is read as a puzzle (with whatever follows it on
    /// the line, such as Sudoku Explainer's ratings), prints back to its cells (`.` for
    /// blanks), and survives the drawing round trip.
    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn round_trip_on_every_public_puzzle() {
        let Some(dir) = public_folder() else {
            return;
        };
        let mut files = 0;
        let mut lines = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let records: Vec<_> = PuzzleReader::open(&path)
                .unwrap()
                .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
                .collect();
            let data_lines: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .collect();
            assert_eq!(records.len(), data_lines.len(), "{}", path.display());
            for (line, record) in data_lines.iter().zip(&records) {
                let grid = record.puzzle;
                let printed = grid.to_string();
                assert_eq!(printed, line[..81].replace('0', "."), "{}", path.display());
                let drawing = format!("{grid:#}");
                assert_eq!(drawing.parse::<Grid>().unwrap(), grid);
            }
            let puzzles = records;
            files += 1;
            lines += puzzles.len();
        }
        assert!(files > 0, "no .txt set in {}", dir.display());
        eprintln!("round trip checked on {lines} puzzles in {files} files");
    }

    /// Random byte strings and mutated puzzles never panic the parser: each gives a grid or an
    /// error, and a grid always prints back to something that parses to the same grid.
    #[test]
    fn random_and_mutated_input_gives_a_grid_or_an_error() {
        let mut rng = sudoku_core::seeded_rng(0x5EED);
        let alphabet: &[u8] = b"0123456789.|-+ \r\n\txX#\xef\xbb\xbf\xff\x00";
        let mut grids = 0;
        for round in 0..20_000 {
            let bytes: Vec<u8> = if round % 2 == 0 {
                let len = rng.random_range(..200usize);
                (0..len)
                    .map(|_| {
                        if rng.random_range(..4usize) == 0 {
                            rng.next_u64() as u8
                        } else {
                            alphabet[rng.random_range(..alphabet.len())]
                        }
                    })
                    .collect()
            } else {
                let case = &CASES[rng.random_range(..CASES.len())];
                let mut text = if rng.random_range(..2usize) == 0 {
                    case.puzzle.as_bytes().to_vec()
                } else {
                    format!("{:#}", case.puzzle()).into_bytes()
                };
                for _ in 0..=rng.random_range(..3usize) {
                    let at = rng.random_range(..text.len() + 1);
                    match rng.random_range(..3usize) {
                        0 if at < text.len() => {
                            text.remove(at);
                        }
                        1 => text.insert(at, alphabet[rng.random_range(..alphabet.len())]),
                        _ if at < text.len() => text[at] = rng.next_u64() as u8,
                        _ => {}
                    }
                }
                text
            };
            let text = String::from_utf8_lossy(&bytes);
            match text.parse::<Grid>() {
                Ok(grid) => {
                    grids += 1;
                    assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
                    assert!(grid.cells().iter().all(|&v| v <= 9));
                }
                Err(err) => {
                    let message = err.to_string();
                    assert!(!message.is_empty());
                    if let ParseErrorKind::InvalidChar { ch, line, column } = *err.kind() {
                        let found = text
                            .lines()
                            .nth(line - 1)
                            .and_then(|l| l.chars().nth(column - 1));
                        let found = found.or_else(|| {
                            text.split('\n')
                                .nth(line - 1)
                                .and_then(|l| l.chars().nth(column - 1))
                        });
                        assert_eq!(found, Some(ch), "position of {ch:?} in {text:?}");
                    }
                }
            }
        }
        assert!(
            grids > 100,
            "mutations should leave some puzzles valid ({grids})"
        );
    }
}

mod solvers {
    use sudoku_testing::reference_count;
    use sudoku_testing::{random_puzzle, random_solved_grid};

    #[test]
    fn random_puzzles_have_at_least_one_solution() {
        for seed in 0..50 {
            let puzzle = random_puzzle(seed, 22 + (seed as usize % 20));
            assert!(random_solved_grid(seed).solves(&puzzle));
            assert!(reference_count(&puzzle, 1) == 1);
        }
    }
}

mod reader {
    use rand::RngExt;
    use sudoku_core::{Candidates, Form, PuzzleReader};
    use sudoku_testing::{random_puzzle, random_solved_grid};

    /// One puzzle written in one of the forms the reader takes, with the form it must come
    /// back as.
    fn write(seed: u64, form: usize) -> (String, Form) {
        let puzzle = random_puzzle(seed, 24 + seed as usize % 10);
        let solution = random_solved_grid(seed);
        let line = puzzle.to_string();
        match form {
            0 => (line, Form::Line),
            1 => (
                line.replace('.', "0") + " # seed " + &seed.to_string(),
                Form::Line,
            ),
            2 => (format!("{line}\t{solution}"), Form::Line),
            3 => (format!("{line} 9.0 1.2 1.2"), Form::Line),
            4 => (format!("{puzzle:#}"), Form::Drawing),
            5 => (Candidates::from_grid(&puzzle).to_string(), Form::MarksLine),
            _ => (
                format!("{:#}", Candidates::from_grid(&puzzle)),
                Form::MarksGrid,
            ),
        }
    }

    /// A file mixing every form, with blank lines between puzzles, reads back exactly; with
    /// one puzzle damaged, every other puzzle still reads back and the damage is reported.
    #[test]
    fn mixed_files_read_back_and_damage_stays_local() {
        let mut rng = sudoku_core::seeded_rng(77);
        for round in 0..40u64 {
            let pieces: Vec<(String, Form)> = (0..12)
                .map(|i| write(round * 100 + i, rng.random_range(..7usize)))
                .collect();
            let text: String = pieces.iter().map(|(p, _)| format!("{p}\n\n")).collect();
            let records: Vec<_> = PuzzleReader::new(text.as_bytes())
                .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
                .collect();
            assert_eq!(records.len(), pieces.len());
            for (record, (_, form)) in records.iter().zip(&pieces) {
                assert_eq!(record.form, *form);
            }

            // Damage one character of one piece.
            let victim = rng.random_range(..pieces.len());
            let mut damaged = pieces.clone();
            let (piece, form) = &mut damaged[victim];
            // The puzzle's own characters, not a comment or rating after it.
            let end = match form {
                Form::Line => 81,
                Form::MarksLine => 729,
                _ => piece.len(),
            };
            let positions: Vec<usize> = piece[..end]
                .char_indices()
                .filter(|(_, ch)| ch.is_ascii_digit() || *ch == '.')
                .map(|(i, _)| i)
                .collect();
            let at = positions[rng.random_range(..positions.len())];
            piece.replace_range(at..at + 1, "x");
            let text: String = damaged.iter().map(|(p, _)| format!("{p}\n\n")).collect();
            let results: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
            let good: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
            let errors = results.iter().filter(|r| r.is_err()).count();
            assert!(
                errors >= 1,
                "damage in piece {victim} not reported:\n{text}"
            );
            assert!(
                good.len() >= pieces.len() - 1,
                "a good puzzle was lost:\n{text}"
            );
            for (i, (piece, _)) in pieces.iter().enumerate() {
                if i == victim {
                    continue;
                }
                let expected = PuzzleReader::new(piece.as_bytes()).next().unwrap().unwrap();
                assert!(
                    good.iter().any(|r| r.puzzle == expected.puzzle && r.candidates == expected.candidates),
                    "piece {i} lost after damage to piece {victim}:\n{text}"
                );
            }
        }
    }

    /// Random bytes never panic the reader, and it reads them to the end.
    #[test]
    fn random_bytes_are_read_to_the_end() {
        let mut rng = sudoku_core::seeded_rng(5);
        let alphabet: &[u8] = b"0123456789.|-+_ \r\n\t#;,:'xX\xef\xbb\xbf\xff\x00";
        for _ in 0..2000 {
            let len = rng.random_range(..3000usize);
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.random_range(..alphabet.len())])
                .collect();
            // LF, CRLF and a lone CR each end a line.
            let crs = bytes
                .windows(2)
                .filter(|w| w[0] == b'\r' && w[1] != b'\n')
                .count()
                + usize::from(bytes.last() == Some(&b'\r'));
            let lines = bytes.split(|&b| b == b'\n').count() + crs;
            let mut reader = PuzzleReader::new(&bytes[..]);
            let mut items = 0;
            for item in reader.by_ref() {
                items += 1;
                if let Err(err) = item {
                    assert!(err.line() >= 1 && err.line() <= lines, "{err}");
                }
            }
            assert!(items <= lines);
            assert!(reader.lines_read() <= lines);
        }
    }
}

mod canonical {
    use rand::RngExt;
    use sudoku_core::{Grid, Transform, seeded_rng};
    use sudoku_testing::{CASES, Expect, public_set, random_puzzle, random_solved_grid};

    /// `grid` with its digits renumbered 1, 2, 3... in order of first appearance.
    fn relabelled(grid: &Grid) -> Grid {
        let mut labels = [0u8; 10];
        let mut next = 1;
        let mut cells = *grid.cells();
        for v in &mut cells {
            if *v != 0 {
                if labels[*v as usize] == 0 {
                    labels[*v as usize] = next;
                    next += 1;
                }
                *v = labels[*v as usize];
            }
        }
        Grid::from_cells(cells).unwrap()
    }

    /// The 1,296 orders of nine lines that keep bands (or stacks) whole.
    fn line_orders() -> Vec<[u8; 9]> {
        // The six orders of three, found by filtering every triple of 0..3.
        let perms: Vec<[u8; 3]> = (0..27u8)
            .map(|n| [n / 9, n / 3 % 3, n % 3])
            .filter(|p| p[0] != p[1] && p[0] != p[2] && p[1] != p[2])
            .collect();
        assert_eq!(perms.len(), 6);
        let mut orders = Vec::new();
        for &groups in &perms {
            for &a in &perms {
                for &b in &perms {
                    for &c in &perms {
                        let within = [a, b, c];
                        let mut order = [0u8; 9];
                        for g in 0..3 {
                            for k in 0..3 {
                                order[3 * g + k] = 3 * groups[g] + within[g][k];
                            }
                        }
                        orders.push(order);
                    }
                }
            }
        }
        orders
    }

    /// The minlex form by brute force, independent of `Transform` and of the search: every
    /// one of the 2 x 1,296 x 1,296 geometric symmetries, digits relabelled by first
    /// appearance, cell by cell, an image dropped as soon as it is larger than the best.
    fn brute_force(grid: &Grid) -> Grid {
        let cells = grid.cells();
        let orders = line_orders();
        let mut best = [u8::MAX; 81];
        let mut image = [0u8; 81];
        for transpose in [false, true] {
            for rows in &orders {
                'cols: for cols in &orders {
                    let mut labels = [0u8; 10];
                    let mut next = 1;
                    let mut smaller = false;
                    for cell in 0..81 {
                        let (r, c) = (rows[cell / 9] as usize, cols[cell % 9] as usize);
                        let d = if transpose {
                            cells[c * 9 + r]
                        } else {
                            cells[r * 9 + c]
                        };
                        let v = if d == 0 {
                            0
                        } else {
                            if labels[d as usize] == 0 {
                                labels[d as usize] = next;
                                next += 1;
                            }
                            labels[d as usize]
                        };
                        if !smaller {
                            if v > best[cell] {
                                continue 'cols;
                            }
                            smaller = v < best[cell];
                        }
                        image[cell] = v;
                    }
                    if smaller {
                        best = image;
                    }
                }
            }
        }
        Grid::from_cells(best).unwrap()
    }

    /// A grid of up to `filled` random digits from 1 to `digits` in random cells: clashes
    /// allowed, and many of them when `digits` is small.
    fn scrambled(seed: u64, filled: usize, digits: u8) -> Grid {
        let mut rng = seeded_rng(seed);
        let mut grid = Grid::EMPTY;
        for _ in 0..filled {
            let cell = rng.random_range(0..81);
            grid.set(cell, rng.random_range(1..=digits));
        }
        grid
    }

    fn parse(line: &str) -> Grid {
        line.parse().unwrap()
    }

    /// Puzzles and solutions of the conformance table, random puzzles of 17 to 40 givens,
    /// random solved grids, and random grids with clashing digits, some with few distinct
    /// digits.
    fn grids() -> Vec<Grid> {
        let mut grids: Vec<Grid> = CASES.iter().map(|case| case.puzzle()).collect();
        for case in CASES {
            if let Expect::Unique(solution) = case.expect {
                grids.push(parse(solution));
            }
        }
        for seed in 0..24 {
            grids.push(random_puzzle(seed, 17 + seed as usize));
            grids.push(scrambled(seed, 5 + 3 * seed as usize, 9));
            grids.push(scrambled(seed, 10 + 3 * seed as usize, 1 + seed as u8 % 3));
        }
        grids.extend((0..8).map(random_solved_grid));
        grids
    }

    #[test]
    fn form_is_the_same_for_every_image() {
        let mut rng = seeded_rng(1);
        for grid in grids() {
            let form = grid.canonical();
            for _ in 0..20 {
                let image = Transform::random(&mut rng).apply(&grid);
                assert_eq!(image.canonical(), form, "{grid} and its image {image}");
            }
        }
    }

    #[test]
    fn form_is_a_fixed_point_labelled_by_first_appearance() {
        for grid in grids() {
            let form = grid.canonical();
            assert_eq!(form.canonical(), form, "{grid}");
            assert_eq!(relabelled(&form), form, "{grid}");
            assert_eq!(form.filled(), grid.filled(), "{grid}");
        }
    }

    #[test]
    fn transform_maps_the_grid_onto_its_form() {
        for grid in grids() {
            let t = grid.canonical_transform();
            assert_eq!(t.apply(&grid), grid.canonical(), "{grid}");
            assert_eq!(t.inverse().apply(&grid.canonical()), grid, "{grid}");
        }
    }

    #[test]
    fn form_is_no_larger_than_any_image() {
        let mut rng = seeded_rng(2);
        for grid in grids().into_iter().step_by(3) {
            let form = grid.canonical();
            for _ in 0..2000 {
                let image = relabelled(&Transform::random(&mut rng).apply(&grid));
                assert!(form <= image, "{grid}: {form} is larger than {image}");
            }
        }
    }

    #[test]
    fn form_agrees_with_brute_force() {
        for grid in [
            parse(CASES[5].puzzle),
            parse(
                "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179",
            ),
        ] {
            assert_eq!(grid.canonical(), brute_force(&grid), "{grid}");
        }
    }

    /// Every symmetry, on more grids: slow unoptimised (`cargo test --release -- --ignored`).
    #[test]
    #[ignore]
    fn form_agrees_with_brute_force_on_more_grids() {
        let grids = grids();
        for grid in &grids {
            assert_eq!(grid.canonical(), brute_force(grid), "{grid}");
        }
    }

    #[test]
    fn empty_grid_is_its_own_form_and_one_digit_everywhere_becomes_ones() {
        assert_eq!(Grid::EMPTY.canonical(), Grid::EMPTY);
        assert_eq!(
            Grid::EMPTY.canonical_transform().apply(&Grid::EMPTY),
            Grid::EMPTY
        );
        let fives = Grid::from_cells([5; 81]).unwrap();
        assert_eq!(fives.canonical(), Grid::from_cells([1; 81]).unwrap());
        let mut one = Grid::EMPTY;
        one.set(40, 7);
        let mut last = Grid::EMPTY;
        last.set(80, 1);
        assert_eq!(one.canonical(), last);
    }

    #[test]
    fn solved_grids_start_with_one_to_nine() {
        for seed in 0..20 {
            let form = random_solved_grid(seed).canonical();
            assert!(form.is_solved());
            assert!(form.to_string().starts_with("1234567894"), "{form}");
        }
    }

    /// Two puzzles of the list of all known 17-clue puzzles, which holds no two equivalent
    /// ones, and two solved grids.
    #[test]
    fn inequivalent_grids_have_different_forms() {
        let a = parse(CASES[5].puzzle);
        let b = parse(
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        );
        assert_ne!(a.canonical(), b.canonical());
        assert_eq!(a.canonical(), a, "the list is written in minlex form");
        assert_eq!(b.canonical(), b, "the list is written in minlex form");
        let solution = |case: usize| match CASES[case].expect {
            Expect::Unique(solution) => parse(solution),
            other => panic!("{other:?}"),
        };
        assert_ne!(solution(0).canonical(), solution(1).canonical());
    }

    /// The public list of 17-clue puzzles holds no two equivalent puzzles: their forms differ.
    #[test]
    #[ignore = "needs ../shared/benchdata-public; cargo xtask ci runs it in release"]
    fn forms_of_the_17_clue_list_are_distinct_and_stable() {
        let Some(puzzles) = public_set("17_clue.txt") else {
            return;
        };
        let mut rng = seeded_rng(3);
        let mut forms = std::collections::HashSet::new();
        for (i, puzzle) in puzzles.iter().enumerate() {
            let form = puzzle.canonical();
            if i % 50 == 0 {
                let image = Transform::random(&mut rng).apply(puzzle);
                assert_eq!(image.canonical(), form, "{puzzle}");
            }
            assert!(forms.insert(form), "{puzzle}: form {form} seen before");
        }
    }
}

/// Odd arguments get an error or `None`, never a panic, an overflow or a wrong answer.
mod odd_arguments {
    use sudoku_core::{Candidates, Grid, Puzzle, Shape, Transform, Unit};

    #[test]
    fn huge_shapes_are_errors_not_overflows() {
        assert!(Shape::new(usize::MAX, 2).is_err());
        assert!(Shape::new(1 << 40, 1 << 40).is_err());
        assert_eq!(Shape::for_cells(usize::MAX), None);
        assert_eq!(Shape::for_cells(usize::MAX - 1), None);
        assert_eq!(Shape::for_size(usize::MAX), None);
    }

    /// Issue 34, item 10: `Transform::image_of(81)` panicked (a documented panic); so did
    /// the candidates of a cell off the grid, and it once answered for cell 0 (65536 wrapped
    /// to 0).
    #[test]
    fn cells_and_digits_off_the_board_are_none_not_panics() {
        assert_eq!(Grid::EMPTY.candidates(81), None);
        assert_eq!(Grid::EMPTY.get(usize::MAX), None);
        let puzzle: Puzzle = ".".repeat(16).parse().unwrap();
        assert_eq!(puzzle.candidates(65536), None);
        assert_eq!(puzzle.get(16), None);
        assert_eq!(puzzle.rules().region_of(16), None);
        let t = Transform::IDENTITY;
        assert_eq!(
            (t.image_of(81), t.source_of(usize::MAX), t.relabel(10)),
            (None, None, None)
        );
        assert_eq!(t.image_of(80), Some(80));
        assert_eq!(Candidates::ALL.get(81), None);
        assert_eq!(Unit::from_index(27), None);
    }
}

mod constraint_formats {
    use proptest::prelude::*;
    use sudoku_core::{Constraint, ConstraintErrorKind, ConstraintPuzzle, Grid, Puzzle};
    use sudoku_testing::random_variant;

    /// "That's 3 in the Top Right" by Philip Newman (13 October 2023, f-puzzles id ywayluvu):
    /// arrows, difference and ratio dots, one given; as f-puzzles exports it, with its solution.
    const NEWMAN: &str = r#"{"size":9,"title":"That's 3 in the Top Right","author":"Philip Newman","ruleset":"Normal sudoku rules apply.","grid":[[{},{},{},{},{},{},{},{},{"value":3,"given":true}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"difference":[{"cells":["R7C2","R6C2"],"value":"2"},{"cells":["R3C8","R4C8"],"value":"1"},{"cells":["R8C6","R8C7"],"value":"1"},{"cells":["R2C4","R2C3"],"value":"2"},{"cells":["R7C4","R8C4"],"value":"1"}],"ratio":[{"cells":["R2C8","R3C8"],"value":"3"},{"cells":["R2C2","R2C3"],"value":"3"},{"cells":["R7C2","R8C2"],"value":"2"},{"cells":["R8C8","R8C7"],"value":"2"},{"cells":["R7C5","R7C6"],"value":"2"},{"cells":["R7C6","R6C6"],"value":"2"},{"cells":["R2C6","R3C6"],"value":"3"}],"arrow":[{"lines":[["R2C2","R2C3","R2C4","R2C5"]],"cells":["R2C2"]},{"lines":[["R2C8","R3C8","R4C8","R5C8"]],"cells":["R2C8"]},{"lines":[["R8C8","R8C7","R8C6","R8C5"]],"cells":["R8C8"]},{"lines":[["R8C2","R7C2","R6C2","R5C2"]],"cells":["R8C2"]},{"lines":[["R7C3","R6C3","R5C3"]],"cells":["R7C3"]},{"lines":[["R3C3","R3C4","R3C5"]],"cells":["R3C3"]},{"lines":[["R3C7","R4C7","R5C7"]],"cells":["R3C7"]},{"lines":[["R7C7","R7C6","R7C5"]],"cells":["R7C7"]},{"lines":[["R3C6","R4C6","R5C6"]],"cells":["R3C6"]},{"lines":[["R7C4","R6C4","R5C4"]],"cells":["R7C4"]}],"solution":[2,5,6,9,8,7,1,4,3,4,9,3,1,5,2,8,6,7,1,8,7,4,3,6,9,2,5,6,7,8,3,9,5,2,1,4,9,2,5,6,4,1,7,3,8,3,1,4,2,7,8,5,9,6,7,3,9,8,2,4,6,5,1,5,6,2,7,1,3,4,8,9,8,4,1,5,6,9,3,7,2]}"#;

    #[test]
    fn a_published_puzzle_reads_with_its_solution() {
        let puzzle = ConstraintPuzzle::from_fpuzzles(NEWMAN).unwrap();
        assert_eq!(puzzle.author(), Some("Philip Newman"));
        assert_eq!(puzzle.constraints().len(), 22);
        assert_eq!(
            puzzle.constraints()[0],
            Constraint::Arrow {
                bulb: vec![10],
                shaft: vec![11, 12, 13]
            }
        );
        let solution = puzzle.solution().unwrap();
        assert!(
            puzzle.is_solution(solution),
            "{:?}",
            puzzle.violation(solution)
        );
        let mut wrong = solution.to_vec();
        wrong.swap(0, 1);
        assert!(!puzzle.is_solution(&wrong));
        assert_eq!(
            ConstraintPuzzle::read(&puzzle.to_fpuzzles_link().unwrap()).unwrap(),
            puzzle
        );
    }

    #[test]
    fn refused_input_names_what_and_where() {
        let grid = r#""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
        let cases = [
            (
                format!(r#"{{"size":4,{grid},"skyscraper":[{{"cell":"R0C1","value":"2"}}]}}"#),
                ConstraintErrorKind::Unsupported,
                "f-puzzles: \"skyscraper\" is a rule this toolkit does not solve",
            ),
            (
                format!(r#"{{"size":4,{grid},"sparkles":true}}"#),
                ConstraintErrorKind::Unsupported,
                "f-puzzles: unknown key \"sparkles\"",
            ),
            (
                format!(r#"{{"size":4,{grid},"thermometer":[{{"lines":[["R1C1","R1C3"]]}}]}}"#),
                ConstraintErrorKind::Constraint,
                "f-puzzles: \"thermometer\": thermometer at r1c1: r1c1 and r1c3 are not neighbours",
            ),
            (
                format!(r#"{{"size":4,{grid},"thermometer":[{{"lines":[["R1C1","R9C3"]]}}]}}"#),
                ConstraintErrorKind::Syntax,
                "f-puzzles: \"thermometer\" entry 1: \"R9C3\" is off the 4x4 board",
            ),
            (
                format!(r#"{{"size":4,{grid},"killercage":[{{"cells":["R1C1"],"value":"ten"}}]}}"#),
                ConstraintErrorKind::Syntax,
                "f-puzzles: \"killercage\" entry 1: \"value\" is \"ten\", not a number",
            ),
            (
                format!(r#"{{"size":4,{grid},"negative":["sandwich"]}}"#),
                ConstraintErrorKind::Unsupported,
                "f-puzzles: \"negative\": \"sandwich\" is not a negative rule",
            ),
            (
                r#"{"size":40,"grid":[]}"#.to_string(),
                ConstraintErrorKind::Size,
                "f-puzzles: a board of side 40",
            ),
            (
                r#"{"size":4,"grid":3}"#.to_string(),
                ConstraintErrorKind::Syntax,
                "f-puzzles: \"grid\" is not a list of rows of cells",
            ),
            (
                r#"{"size":4}"#.to_string(),
                ConstraintErrorKind::Syntax,
                "f-puzzles: missing \"grid\", a list of rows of cells",
            ),
            (
                r#"{"size":4,"grid":[[{}]]}"#.to_string(),
                ConstraintErrorKind::Syntax,
                "f-puzzles: \"grid\" has 1 rows, \"size\" is 4",
            ),
            (
                "[1, 2".to_string(),
                ConstraintErrorKind::Syntax,
                "f-puzzles JSON, line 1, column 5",
            ),
        ];
        for (text, kind, start) in cases {
            let err = ConstraintPuzzle::from_fpuzzles(&text).unwrap_err();
            assert_eq!(err.kind(), kind, "{err}");
            assert!(err.to_string().starts_with(start), "{err}");
        }
        for link in [
            "https://f-puzzles.com/?load=N4Ig$$$",
            "https://f-puzzles.com/?load=AAAA",
            "https://sudokupad.app/scl/abcdef",
            "https://example.com/",
        ] {
            assert!(ConstraintPuzzle::read(link).is_err(), "{link}");
        }
        let huge = format!("https://f-puzzles.com/?load={}", "A".repeat(40_000));
        assert!(
            ConstraintPuzzle::read(&huge)
                .unwrap_err()
                .to_string()
                .contains("at most")
        );
    }

    /// Setters paint cells (`"c"`, as in "Self-contained" by Lavaloid); the paint states no
    /// rule, while a cell key with unknown meaning is still refused.
    #[test]
    fn painted_cells_read_as_plain_cells() {
        let with = |cell: &str| {
            format!(
                r#"{{"size":4,"grid":[[{cell},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],"antiking":true}}"#
            )
        };
        let plain = ConstraintPuzzle::from_fpuzzles(&with(r#"{"value":2,"given":true}"#)).unwrap();
        let painted =
            ConstraintPuzzle::from_fpuzzles(&with(r##"{"value":2,"given":true,"c":"#D0D0FF"}"##))
                .unwrap();
        assert_eq!(painted, plain);
        let err = ConstraintPuzzle::from_fpuzzles(&with(r#"{"parity":"Even"}"#)).unwrap_err();
        assert_eq!(err.kind(), ConstraintErrorKind::Unsupported);
        assert!(
            err.to_string().contains("R1C1: unknown key \"parity\""),
            "{err}"
        );
    }

    #[test]
    fn links_survive_url_escapes() {
        let mut puzzle = ConstraintPuzzle::new(9).unwrap();
        puzzle.add(Constraint::AntiKnight).unwrap();
        puzzle.set_given(3, 7).unwrap();
        let link = puzzle.to_fpuzzles_link().unwrap();
        let escaped = link
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace("%2F%2Ff-puzzles.com%2F", "//f-puzzles.com/");
        assert_eq!(ConstraintPuzzle::from_link(&escaped).unwrap(), puzzle);
        assert_eq!(
            ConstraintPuzzle::from_link(&format!("{link}&ref=share")).unwrap(),
            puzzle
        );
    }

    #[test]
    fn ipuz_carries_classic_sizes_and_regions() {
        let grid: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .unwrap();
        let classic = ConstraintPuzzle::from(&grid);
        assert_eq!(
            ConstraintPuzzle::read(&classic.to_ipuz().unwrap()).unwrap(),
            classic
        );
        let six: Puzzle = "1.3..4.1..1.3..2.1.3..4.1..1.3..2.12".parse().unwrap();
        let mut jigsaw = ConstraintPuzzle::from(&six);
        jigsaw
            .set_regions(&(0..36).map(|c| c % 6).collect::<Vec<_>>())
            .unwrap();
        let text = jigsaw.to_ipuz().unwrap();
        assert!(text.contains("\"zones\""));
        assert_eq!(ConstraintPuzzle::from_ipuz(&text).unwrap(), jigsaw);
        let mut thermo = classic.clone();
        thermo.add(Constraint::Thermometer(vec![1, 2])).unwrap();
        assert!(
            thermo
                .to_ipuz()
                .unwrap_err()
                .to_string()
                .contains("thermometer")
        );
        let cages = r#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/sudoku#1"],"puzzle":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"cages":[{"cells":[[1,1]],"value":1}]}"#;
        assert!(
            ConstraintPuzzle::from_ipuz(cages)
                .unwrap_err()
                .to_string()
                .contains("\"cages\"")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Every valid puzzle, with constraints of every kind on every side f-puzzles draws,
        /// reads back equal from its f-puzzles JSON and from both links; and from ipuz once its
        /// constraints are dropped.
        #[test]
        fn formats_round_trip(seed in any::<u64>(), n in 3usize..=16, count in 0usize..40) {
            let (mut puzzle, board) = random_variant(seed, n, count, n, false);
            if seed % 3 == 0 {
                puzzle.set_solution(Some(board)).unwrap();
                puzzle.set_title(Some(format!("seed \"{seed}\"")));
                puzzle.set_rules(Some("Normal rules.\nAnd more.".into()));
            }
            let json = puzzle.to_fpuzzles().unwrap();
            prop_assert_eq!(&ConstraintPuzzle::from_fpuzzles(&json).unwrap(), &puzzle);
            prop_assert_eq!(&ConstraintPuzzle::read(&puzzle.to_fpuzzles_link().unwrap()).unwrap(), &puzzle);
            prop_assert_eq!(&ConstraintPuzzle::read(&puzzle.to_sudokupad_link().unwrap()).unwrap(), &puzzle);
            let mut plain = ConstraintPuzzle::new(n).unwrap();
            plain.set_regions(puzzle.regions()).unwrap();
            plain.set_givens(puzzle.givens()).unwrap();
            if let Ok(text) = plain.to_ipuz() {
                prop_assert_eq!(ConstraintPuzzle::read(&text).unwrap(), plain);
            }
        }

        /// Arbitrary text never panics the readers.
        #[test]
        fn readers_never_panic(text in ".{0,200}") {
            let _ = ConstraintPuzzle::read(&text);
            let _ = ConstraintPuzzle::from_fpuzzles(&text);
            let _ = ConstraintPuzzle::from_ipuz(&text);
        }
    }
}
