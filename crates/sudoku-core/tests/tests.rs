//! Integration tests of sudoku-core: the parser against every public puzzle and against
//! random and mutated input.

mod parser {
    use rand::{Rng, RngExt};
    use sudoku_core::testing::{CASES, public_data_dir, read_puzzles};
    use sudoku_core::{Grid, ParseErrorKind};

    /// Every line of every public `*.txt` set parses, prints back to itself (`.` for blanks),
    /// and survives the drawing round trip.
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
            let puzzles = read_puzzles(&path).unwrap_or_else(|e| panic!("{e}"));
            for (line, grid) in text.lines().zip(&puzzles) {
                let printed = grid.to_string();
                assert_eq!(printed, line.replace('0', "."), "{}", path.display());
                let drawing = format!("{grid:#}");
                assert_eq!(drawing.parse::<Grid>().unwrap(), *grid);
            }
            assert_eq!(puzzles.len(), text.lines().count());
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
