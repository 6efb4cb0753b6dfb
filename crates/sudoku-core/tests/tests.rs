//! Integration tests of sudoku-core: the parser against every public puzzle and against
//! random and mutated input.

mod parser {
    use rand::{Rng, RngExt};
    use sudoku_core::testing::{CASES, public_data_dir};
    use sudoku_core::{Grid, ParseErrorKind, PuzzleReader};

    /// Every line of every public `*.txt` set is read as a puzzle (with whatever follows it on
    /// the line, such as Sudoku Explainer's ratings), prints back to its cells (`.` for
    /// blanks), and survives the drawing round trip.
    #[test]
    fn round_trip_on_every_public_puzzle() {
        let Some(dir) = public_data_dir() else {
            eprintln!("skipped: public data folder absent (set SUDOKU_PUBLIC_DATA)");
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
    use sudoku_core::testing::reference_count;
    use sudoku_core::testing::{random_puzzle, random_solved_grid};

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
    use sudoku_core::testing::{random_puzzle, random_solved_grid};
    use sudoku_core::{Candidates, Form, PuzzleReader};

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
            let lines = bytes.split(|&b| b == b'\n').count();
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
