//! Tests of the reader: every form, every error, every size.

use std::io;
use std::sync::Arc;

use super::*;
use crate::variant::Rules;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn read(text: &str) -> Vec<Result<Record, ReadError>> {
    PuzzleReader::new(text.as_bytes()).collect()
}

fn ok(text: &str) -> Vec<Record> {
    read(text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn errors(text: &str) -> Vec<String> {
    read(text)
        .into_iter()
        .filter_map(|r| r.err().map(|e| e.to_string()))
        .collect()
}

#[test]
fn plain_lines_with_every_blank_and_line_end() {
    let wiki: Grid = WIKI.parse().unwrap();
    let text = format!(
        "\u{feff}{WIKI}\r\n{}\n\n# comment\n   # indented comment\n{}",
        WIKI.replace('.', "0"),
        WIKI.replace('.', "_")
    );
    let records = ok(&text);
    assert_eq!(records.len(), 3);
    assert!(
        records
            .iter()
            .all(|r| r.puzzle == wiki && r.form == Form::Line)
    );
    assert_eq!(
        records.iter().map(|r| r.line).collect::<Vec<_>>(),
        vec![1, 2, 6]
    );
    assert!(
        records
            .iter()
            .all(|r| r.comment.is_empty() && r.solution.is_none())
    );
}

#[test]
fn text_after_the_cells_is_a_comment_rating_or_solution() {
    let solution: Grid = WIKI_SOLUTION.parse().unwrap();
    for (line, expect_comment, expect_solution) in [
        (format!("{WIKI} # a note"), "a note", false),
        (format!("{WIKI}#note"), "note", false),
        (format!("{WIKI};1.2"), "1.2", false),
        (format!("{WIKI} 9.0 1.2 1.2"), "9.0 1.2 1.2", false),
        (format!("{WIKI}\t{WIKI_SOLUTION}"), "", true),
        (format!("{WIKI},{WIKI_SOLUTION},easy"), "easy", true),
        (
            format!("{WIKI} {WIKI_SOLUTION} # Wikipedia"),
            "Wikipedia",
            true,
        ),
        (
            format!("0000183b305c {WIKI}  1.2"),
            "0000183b305c 1.2",
            false,
        ),
        (format!("7,{WIKI},{WIKI_SOLUTION},30,1.5"), "7 30,1.5", true),
    ] {
        let records = ok(&line);
        assert_eq!(records.len(), 1, "{line}");
        let record = &records[0];
        assert_eq!(record.puzzle.to_string(), WIKI, "{line}");
        assert_eq!(record.comment, expect_comment, "{line}");
        assert_eq!(record.solution == Some(solution), expect_solution, "{line}");
    }
}

#[test]
fn kaggle_csv_with_header() {
    let text = format!(
        "quizzes,solutions\n{},{WIKI_SOLUTION}\n{},{WIKI_SOLUTION}\n",
        WIKI.replace('.', "0"),
        WIKI.replace('.', "0")
    );
    let records = ok(&text);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].line, 2);
    assert!(
        records
            .iter()
            .all(|r| r.solution.unwrap().solves(&r.puzzle))
    );
    // Columns are taken by name, in any order, with other columns kept as the comment.
    let text = format!("id;Solution;\"Puzzle\";difficulty\n1;{WIKI_SOLUTION};\"{WIKI}\";2.5\n");
    let records = ok(&text);
    assert_eq!(records[0].puzzle.to_string(), WIKI);
    assert_eq!(records[0].comment, "1 2.5");
    assert!(records[0].solution.is_some());
    // pandas' `to_csv` names no index column: the header starts with its delimiter.
    let text = format!(",quizzes,level\n0,{},easy\n", WIKI.replace('.', "0"));
    let records = ok(&text);
    assert_eq!(records[0].puzzle.to_string(), WIKI);
    assert_eq!(records[0].comment, "0 easy");
    // A bad puzzle field is named by its column; the next line is read.
    let text = format!("puzzle,solution\n{}x,\n{WIKI},\n", &WIKI[..80]);
    let results = read(&text);
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 2, column 81: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
    );
    assert!(results[1].is_ok());
    let text = format!("puzzle,solution\n{WIKI},12345\n");
    assert_eq!(
        errors(&text),
        ["line 2, column 83: the solution field is not 81 digits 1-9"]
    );
    let damaged = WIKI_SOLUTION.replacen('9', "x", 1);
    assert_eq!(
        errors(&format!("{WIKI} {damaged}\n")),
        ["line 1, column 83: the solution field is not 81 digits 1-9"]
    );
}

#[test]
fn a_header_comes_first_only() {
    let text = format!("{WIKI}\nquizzes,solutions\n");
    let results = read(&text);
    assert!(results[0].is_ok());
    assert!(
        results[1].is_err(),
        "a header after data is an error, not skipped"
    );
}

#[test]
fn drawings_with_frames() {
    let wiki: Grid = WIKI.parse().unwrap();
    let drawing = format!("{wiki:#}");
    let compact: String = WIKI
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let hodoku = "\
.-------.-------.-------.
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
:-------+-------+-------:
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
:-------+-------+-------:
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
'-------'-------'-------'
";
    let text = format!("{drawing}\n\n{compact}\n{hodoku}{WIKI}\n");
    let records = ok(&text);
    assert_eq!(records.len(), 4);
    assert!(records.iter().all(|r| r.puzzle == wiki));
    assert_eq!(
        records.iter().map(|r| (r.line, r.form)).collect::<Vec<_>>(),
        vec![
            (1, Form::Drawing),
            (13, Form::Drawing),
            (23, Form::Drawing),
            (36, Form::Line)
        ]
    );
}

#[test]
fn a_broken_drawing_is_one_error_and_reading_goes_on() {
    let wiki: Grid = WIKI.parse().unwrap();
    let drawing = format!("{wiki:#}");
    let broken = drawing.replacen("7", "x", 1);
    let short: String = drawing.lines().take(6).map(|l| format!("{l}\n")).collect();
    let text = format!("{broken}\n{short}\n{WIKI}\n");
    let results = read(&text);
    assert_eq!(results.len(), 3, "{results:?}");
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1, column 11: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
    );
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 12: a drawing of 5 rows, expected 9"
    );
    assert_eq!(results[2].as_ref().unwrap().line, 19);
}

#[test]
fn pencil_marks_in_both_forms() {
    let wiki: Grid = WIKI.parse().unwrap();
    let mut marks = Candidates::from_grid(&wiki);
    marks.remove(2, 4);
    let text = format!("{marks} # after an elimination\n{marks:#}\n{WIKI}\n");
    let records = ok(&text);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0].form, Form::MarksLine);
    assert_eq!(records[0].candidates, Some(marks));
    assert_eq!(records[0].comment, "after an elimination");
    assert_eq!(records[1].form, Form::MarksGrid);
    assert_eq!(records[1].candidates, Some(marks));
    assert_eq!(records[1].puzzle, marks.to_grid());
    assert_eq!(
        marks.to_grid().filled(),
        wiki.filled() + 4,
        "givens and naked singles"
    );
    assert_eq!(records[2].line, 15);
    let mut bad = marks.to_string().into_bytes();
    bad[13] = b'4';
    let text = format!("x {}\n", String::from_utf8(bad).unwrap());
    assert_eq!(
        errors(&text),
        [
            "line 1, column 16: digit 4 in the place of candidate 5 (each cell is 9 characters, digit d at place d, '.' elsewhere)"
        ]
    );
}

/// Drawings of sides beyond the usual ones (a 7x7, a 14x14) are read when each cell stands
/// alone; a candidate grid, whose rows hold runs of digits, stays one in any-size mode.
#[test]
fn candidate_grids_stay_candidate_grids_in_any_size_mode() {
    let wiki: Grid = WIKI.parse().unwrap();
    let marks = Candidates::from_grid(&wiki);
    let text = format!("{marks:#}\n\n{marks:#}\n");
    let records: Vec<VariantRecord> = any(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(records.len(), 2);
    assert!(
        records
            .iter()
            .all(|r| r.form == Form::MarksGrid && r.candidates == Some(marks))
    );
}

#[test]
fn a_candidate_grid_with_an_empty_cell_reads_back() {
    // Found by fuzzing: the lone `0` that `Candidates` prints for a cell without candidates
    // made the reader take the candidate grid for a broken drawing ("more than 81 cells").
    let wiki: Grid = WIKI.parse().unwrap();
    let mut marks = Candidates::from_grid(&wiki);
    marks.set(2, crate::DigitSet::EMPTY);
    let records = ok(&format!("{marks:#}\n{WIKI}\n"));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].form, Form::MarksGrid);
    assert_eq!(records[0].candidates, Some(marks));
    assert_eq!(records[0].candidates.unwrap().empty_cell(), Some(2));
    assert_eq!(records[1].puzzle, wiki);
}

#[test]
fn a_huge_number_alone_on_a_line_is_an_error() {
    // Found by fuzzing: a line holding one large number overflowed (a panic with debug
    // assertions) when the any-size reader squared it as a possible box side.
    let results = any("6892368923754\n\n18446744073709551615\n");
    let lines: Vec<usize> = results
        .iter()
        .map(|r| r.as_ref().unwrap_err().line())
        .collect();
    assert_eq!(lines, [1, 3], "{results:?}");
}

#[test]
fn bad_lines_are_named_and_skipped() {
    let text = format!(
        "{}\n{WIKI}5\nhello world\n{}\n{WIKI}\n",
        &WIKI[..80],
        WIKI.replacen('.', "x", 1)
    );
    assert_eq!(
        errors(&text),
        [
            "line 1: found 80 cells, expected 81".to_string(),
            "line 2, column 82: more than 81 cells".to_string(),
            "line 3: not a puzzle (expected 81 cells, 1-9 with '.', '0' or '_' for blanks, a 729-character pencil-mark line, or a drawing over 9 rows)".to_string(),
            "line 4, column 3: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)".to_string(),
        ]
    );
    let results = read(&text);
    assert_eq!(results.len(), 5);
    assert_eq!(results[4].as_ref().unwrap().line, 5);
    // A short line of cells alone is a cut-off puzzle, not the start of a drawing.
    assert_eq!(
        errors(&format!("12\n\n{WIKI}\n")),
        ["line 1: found 2 cells, expected 81"]
    );
}

#[test]
fn long_lines_and_binary_data_are_errors_not_memory() {
    let long = "1".repeat(5000);
    let text = format!("{WIKI}\n{long}\n{WIKI}");
    let results: Vec<_> = PuzzleReader::new(text.as_bytes()).max_line(1000).collect();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 2: longer than 1000 bytes, skipped"
    );
    assert_eq!(results[2].as_ref().unwrap().line, 3);

    let mut bytes = format!("{WIKI}\n").into_bytes();
    bytes.extend_from_slice(b"53..\xff\xfe..\n");
    bytes.extend_from_slice(format!("{WIKI}\n").as_bytes());
    let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 2, column 5: not UTF-8 text (a binary file?)"
    );
    assert_eq!(results[1].as_ref().unwrap_err().column(), Some(5));
}

#[test]
fn an_unbounded_line_is_not_held_in_memory() {
    // A reader over an endless line of cells: the reader must give up at the cap, not
    // grow its buffer until memory runs out.
    struct Endless(usize);
    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Ok(0);
            }
            let n = buf.len().min(self.0);
            buf[..n].fill(b'1');
            self.0 -= n;
            Ok(n)
        }
    }
    let mut reader = PuzzleReader::new(BufReader::new(Endless(50_000_000)));
    let err = reader.next().unwrap().unwrap_err();
    assert!(matches!(err.kind(), ReadErrorKind::LineTooLong { .. }));
    assert_eq!(reader.lines_read(), 1);
    assert!(reader.next().is_none());
}

#[test]
fn io_errors_end_the_iteration() {
    struct Failing;
    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let mut reader = PuzzleReader::new(BufReader::new(Failing));
    let err = reader.next().unwrap().unwrap_err();
    assert!(err.is_io());
    assert_eq!(err.to_string(), "line 1: read error: disk on fire");
    assert!(reader.next().is_none());
}

#[test]
fn empty_input_gives_nothing() {
    assert!(read("").is_empty());
    assert!(read("\n\n# only comments\n").is_empty());
}

fn any(text: &str) -> Vec<Result<VariantRecord, ReadError>> {
    PuzzleReader::new(text.as_bytes()).any_size().collect()
}

/// A puzzle of side `n` with a few givens, for the round trips.
fn sample(n: usize) -> Puzzle {
    let rules = Arc::new(Rules::new(Shape::for_size(n).unwrap()));
    let cells = (0..n * n)
        .map(|i| {
            if i % (n + 1) == 0 {
                (i / n % n + 1) as u8
            } else {
                0
            }
        })
        .collect();
    Puzzle::with_rules(rules, cells).unwrap()
}

#[test]
fn every_size_in_every_form_reads_back() {
    for &n in &Shape::SIZES {
        let puzzle = sample(n);
        let numbers: String = puzzle
            .cells()
            .chunks(n)
            .map(|row| {
                let values: Vec<String> = row.iter().map(u8::to_string).collect();
                format!("{}\n", values.join(" "))
            })
            .collect();
        let text = format!("{puzzle} # side {n}\n\n{puzzle:#}\n\n{n}\n{numbers}\n{numbers}");
        let records: Vec<VariantRecord> = any(&text)
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{n}: {e}\n{text}")))
            .collect();
        assert_eq!(records.len(), 4, "{n}");
        for record in &records {
            assert_eq!(record.puzzle, puzzle, "{n}");
        }
        assert_eq!(records[0].comment, format!("side {n}"));
        if n > 9 {
            assert_eq!(records[2].form, Form::Numbers);
        }
    }
}

#[cfg(feature = "json")]
#[test]
fn json_lines_describe_variants() {
    let jigsaw_map: Vec<u8> = (0..81).map(|c| (c / 9) as u8).collect();
    let rules = [
        Rules::classic().with_diagonals(true),
        Rules::classic().with_windoku(true).unwrap(),
        Rules::classic().with_jigsaw(&jigsaw_map).unwrap(),
        Rules::new(Shape::for_size(6).unwrap()).with_diagonals(true),
    ];
    for rules in rules {
        let n = rules.size();
        let mut cells = vec![0u8; n * n];
        cells[1] = 2;
        let puzzle = Puzzle::new(rules, cells).unwrap();
        let line = puzzle.to_json();
        let records: Vec<_> = any(&format!("{line}\n"))
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(records[0].puzzle, puzzle, "{line}");
        assert_eq!(records[0].form, Form::Json);
        // The 9x9 reader names what it cannot take.
        let err = PuzzleReader::new(line.as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert!(
            err.to_string().contains("read others with any_size()"),
            "{err}"
        );
    }
    // A classic puzzle as JSON, with its solution, reads in both readers.
    let text = format!("{{\"givens\": \"{WIKI}\", \"solution\": \"{WIKI_SOLUTION}\"}}\n");
    let record = PuzzleReader::new(text.as_bytes()).next().unwrap().unwrap();
    assert!(record.solution.unwrap().solves(&record.puzzle));
    // Errors name the field.
    for (line, want) in [
        (
            r#"{"size": 4, "givens": "1.3..4.1..1.3..2", "regions": "AABBAABBCCDDCCDC"}"#,
            "\"regions\": region 3 (from r3c1) has 5 cells",
        ),
        (
            r#"{"givens": "1.3..4.1..1.3..2", "size": 9}"#,
            "\"size\" is 9 but",
        ),
        (
            r#"{"givens": "1.3..4.1..1.3..2", "windoku": true}"#,
            "windoku windows are defined on the 9x9 board",
        ),
        (r#"{"givens": 12}"#, "\"givens\" must be a string"),
        // A solution with a blank is a damaged field (the fuzzer's record had one).
        (
            r#"{"givens": "1.3..4.1..1.3..2", "solution": "1234341221434.21"}"#,
            "\"solution\": r4c2 is blank; a solution fills every cell",
        ),
        (
            r#"{"givens": "1.3..4.1..1.3..9"}"#,
            "\"givens\": character 16: '9' is not a cell of a 4x4 board",
        ),
        ("{oops", "invalid JSON"),
    ] {
        let err = any(&format!("{line}\n"))[0]
            .as_ref()
            .unwrap_err()
            .to_string();
        assert!(err.contains(want), "{line}: {err}");
    }
}

#[test]
fn the_classic_reader_names_other_sizes() {
    let sixteen = sample(16);
    let text = format!("{sixteen}\n{WIKI}\n");
    let results = read(&text);
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1: a 16x16 (boxes of 4x4) puzzle; this reader takes 9x9 puzzles (read others with any_size())"
    );
    assert!(results[1].is_ok());
    // Sizes need their own digits: 'Z' is not one of a 16x16 board.
    let bad = sixteen.to_string().replacen('.', "Z", 1);
    let err = any(&bad)[0].as_ref().unwrap_err().to_string();
    assert!(err.contains("'Z' is not a cell of a 16x16 board"), "{err}");
    // A row of numbers with a value too large names its line.
    let err = any("2 0 0 0\n0 0 0 7\n0 0 0 0\n0 0 0 0\n")[0]
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("line 2"), "{err}");
}

/// Old Mac files end lines with a lone CR: every puzzle is read, none lost.
#[test]
fn lone_cr_line_ends_lose_no_puzzle() {
    let five: Vec<String> = (0..5)
        .map(|i| WIKI.replacen('5', &"12345"[i..=i], 1))
        .collect();
    for end in ["\r", "\r\n", "\n"] {
        let text = format!("# five\r{}{end}", five.join(end));
        let records = ok(&text);
        assert_eq!(records.len(), 5, "{end:?}");
        assert_eq!(
            records.iter().map(|r| r.line).collect::<Vec<_>>(),
            [2, 3, 4, 5, 6]
        );
    }
    // A drawing with CR line ends.
    let grid: Grid = WIKI.parse().unwrap();
    let drawing = format!("{grid:#}").replace('\n', "\r");
    assert_eq!(ok(&drawing)[0].puzzle, grid);
}

/// A grid of digits drawn over 9 rows with `0` blanks is one puzzle (it was read as rows of
/// one number each), with LF or CRLF line ends, by both readers.
#[test]
fn a_drawing_of_digits_with_zero_blanks_is_one_puzzle() {
    let wiki: Grid = WIKI.parse().unwrap();
    let rows: Vec<String> = WIKI
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect();
    for end in ["\n", "\r\n", "\r"] {
        let text = format!("{}{end}", rows.join(end));
        let records = ok(&text);
        assert_eq!(records.len(), 1, "{end:?}");
        assert_eq!((records[0].puzzle, records[0].form), (wiki, Form::Drawing));
        let records = any(&text);
        assert_eq!(records.len(), 1, "{end:?}");
        assert_eq!(records[0].as_ref().unwrap().puzzle, Puzzle::from(&wiki));
    }
    // With spaces between the digits, and two of them in a row.
    let spaced: Vec<String> = rows
        .iter()
        .map(|r| r.chars().map(|c| format!("{c} ")).collect())
        .collect();
    let text = format!("{}\n\n{}\n", spaced.join("\n"), rows.join("\n"));
    assert_eq!(ok(&text).iter().filter(|r| r.puzzle == wiki).count(), 2);
}

/// A board of any size drawn row by row without separators is one puzzle of that size: 16
/// rows of 16 symbols are one 16x16 puzzle (16 symbols alone are also a 4x4 puzzle line, so
/// a file of 4x4 puzzles stays one), 12 rows of 12 and 25 rows of 25 likewise.
#[test]
fn a_drawing_of_any_size_without_separators_is_one_puzzle() {
    for n in [12, 16, 25] {
        let puzzle = sample(n);
        let line = puzzle.to_string();
        let rows: Vec<&str> = (0..n).map(|r| &line[r * n..(r + 1) * n]).collect();
        for end in ["\n", "\r\n"] {
            let text = format!("# a {n}x{n} drawing{end}{}{end}", rows.join(end));
            let records = any(&text);
            assert_eq!(records.len(), 1, "{n}: {records:?}");
            let record = records[0].as_ref().unwrap();
            assert_eq!((record.line, &record.puzzle), (2, &puzzle), "{n}");
        }
    }
    // Sixteen 4x4 puzzles, one per line: sixteen records.
    let four = sample(4).to_string();
    let text = format!("{}\n", [four.as_str(); 16].join("\n"));
    let records = any(&text);
    assert_eq!(records.len(), 16);
    assert!(
        records
            .iter()
            .all(|r| r.as_ref().unwrap().puzzle.size() == 4)
    );
    // Fifteen rows of a 16x16 board, a blank line, a 4x4 puzzle: each line is what it is
    // alone (a row with symbols beyond 4 is an error), and the 4x4 puzzle is read.
    let sixteen = sample(16).to_string();
    let rows: Vec<&str> = (0..15).map(|r| &sixteen[r * 16..(r + 1) * 16]).collect();
    let text = format!("{}\n\n{four}\n", rows.join("\n"));
    let records = any(&text);
    assert_eq!(records.len(), 16);
    assert!(records.last().unwrap().is_ok());
}

/// A sign is malformed input, not a cell: `-5` is not read as `5`, in rows of numbers, in
/// drawings, and in the library's parsers.
#[test]
fn signs_are_errors_not_digits() {
    let rows: Vec<String> = WIKI
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| (b as char).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut signed = rows.clone();
    signed[3] = signed[3].replacen(" 6", " -6", 1);
    let text = format!("{}\n{WIKI}\n", signed.join("\n"));
    let results = read(&text);
    assert_eq!(results.len(), 2, "{results:?}");
    let err = results[0].as_ref().unwrap_err().to_string();
    assert!(err.contains("sign"), "{err}");
    assert!(results[1].is_ok(), "the next puzzle is read");
    let results = any(&text);
    assert!(
        results[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("sign")
    );
    // Rows of numbers of a larger board.
    let mut board = vec!["0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0".to_string(); 16];
    board[0] = "16 0 0 -3 0 0 0 0 0 0 0 0 0 0 0 0".to_string();
    let err = any(&format!("{}\n", board.join("\n")))
        .remove(0)
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"-3\": a sign"), "{err}");
    // The parsers of a grid and of a puzzle of any size.
    let line = format!("-{}", &WIKI[1..]);
    let err = line.parse::<Grid>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: a sign '-' before a number (a cell is 1-9, or '.', '0' or '_' for a blank)"
    );
    let spaced: String = WIKI
        .chars()
        .map(|c| format!("-{} ", if c == '.' { '0' } else { c }))
        .collect();
    assert!(spaced.parse::<Grid>().is_err());
    assert!(
        spaced
            .parse::<Puzzle>()
            .unwrap_err()
            .to_string()
            .contains("sign")
    );
    // Frames and separators still are layout.
    let drawing = format!("{:#}", WIKI.parse::<Grid>().unwrap());
    assert!(drawing.contains('-') && drawing.parse::<Grid>().is_ok());
}

/// A quoted CSV field may hold commas: the columns stay where the header says.
#[test]
fn quoted_csv_fields_keep_the_columns_in_place() {
    let text = format!(
        "id,source,puzzle,solution\n1,\"a book, page 3\",{WIKI},{WIKI_SOLUTION}\n\"2\",\"say \"\"hi\"\"\",\"{WIKI}\",\n"
    );
    let records = ok(&text);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].puzzle.to_string(), WIKI);
    assert!(records[0].solution.is_some());
    assert_eq!(records[0].comment, "1 a book, page 3");
    assert_eq!(records[1].comment, "2 say \"hi\"");
    // A bad puzzle field is named by its column, past the quoted commas.
    let text = format!("id,source,puzzle\n1,\"a, b\",{}x\n", &WIKI[..80]);
    let err = read(&text).remove(0).unwrap_err().to_string();
    assert!(err.starts_with("line 2, column 90:"), "{err}");
}

/// A CSV record's comment, like a line's, comes without the separators around its fields, so
/// that the record written as a line (`<puzzle> <solution> # <comment>`) reads back the same:
/// an id of `;` alone is no comment (the reader fuzz target's finding).
#[test]
fn csv_comments_drop_the_separators_around_fields() {
    let text = format!("id,puzzle,solution\n;,{WIKI},{WIKI_SOLUTION}\n;7#,{WIKI},\n");
    let records = ok(&text);
    assert_eq!(records[0].comment, "");
    assert_eq!(records[1].comment, "7");
    for record in &records {
        let solution = record.solution.map(|s| format!(" {s}")).unwrap_or_default();
        let line = format!("{}{solution} # {}", record.puzzle, record.comment);
        let back = ok(&line).remove(0);
        assert_eq!(back.comment, record.comment, "{line}");
    }
}

/// Where a line is read from its leading 81 cells without splitting it, the full search finds
/// the same field: every ASCII character after 81 cells (and after 80, and before them), a
/// non-ASCII space after them, a solution right after them.
#[test]
fn leading_cells_are_the_field_the_search_finds() {
    let marks = "123456789".repeat(81);
    let mut lines = vec![
        WIKI.to_string(),
        format!("{WIKI}{WIKI_SOLUTION}"),
        format!("{WIKI} {WIKI_SOLUTION} 1.2"),
        format!("{WIKI}\u{a0}x"),
        format!("{WIKI}\u{3000}x"),
        format!("\u{feff}{WIKI}"),
        marks.clone(),
        marks[..100].to_string(),
    ];
    for ch in (0u8..128).map(char::from) {
        for line in [
            format!("{WIKI}{ch}rest"),
            format!("{WIKI}{ch}{WIKI_SOLUTION}"),
            format!("{}{ch}{}", &WIKI[..80], &WIKI[80..]),
            format!("{ch}{WIKI}"),
            format!("{ch}{WIKI}{ch}"),
        ] {
            lines.push(line);
        }
    }
    let mut taken = 0;
    for line in &lines {
        let data = line.split('#').next().unwrap_or("");
        if let Some(grid) = line::leading_grid(data) {
            taken += 1;
            assert_eq!(
                line::first_puzzle_field(data),
                Some((0, &data[..81])),
                "{line:?}"
            );
            assert_eq!(data[..81].parse::<Grid>().ok(), Some(grid), "{line:?}");
        }
    }
    // The plain line, the one with a spaced solution, and the two forms after each of the
    // nine characters that end 81 cells: six ASCII spaces, `,`, `;` and `#`.
    assert_eq!(taken, 2 + 2 * 9);
    assert!(line::leading_grid(WIKI).is_some());
    assert!(line::leading_grid(&marks).is_none());
}

/// Cells between commas or semicolons, or in lists, as spreadsheets, JSON and Python write
/// grids: each board is one record at its first line, and every other line reads as before.
#[test]
fn cells_between_separators_are_rows() {
    let wiki: Grid = WIKI.parse().unwrap();
    let digits: Vec<u32> = WIKI
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0))
        .collect();
    let rows: Vec<Vec<u32>> = digits.chunks(9).map(<[u32]>::to_vec).collect();
    let csv = |separator: &str, blank: &str| -> String {
        rows.iter()
            .map(|row| {
                let fields: Vec<String> = row
                    .iter()
                    .map(|&d| {
                        if d == 0 {
                            blank.to_string()
                        } else {
                            d.to_string()
                        }
                    })
                    .collect();
                fields.join(separator) + "\n"
            })
            .collect()
    };
    let listed = |row: &Vec<u32>| {
        let fields: Vec<String> = row.iter().map(u32::to_string).collect();
        format!("[{}]", fields.join(", "))
    };
    let one_line = format!(
        "[{}]\n",
        rows.iter().map(listed).collect::<Vec<_>>().join(", ")
    );
    let pretty = format!(
        "[\n{}\n]\n",
        rows.iter()
            .map(|row| format!("  {}", listed(row)))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    let spaced = digits
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let trailing = csv(",", "0").replace('\n', ",\n");
    for text in [
        csv(",", "0"),
        csv(",", ""),
        csv(";", ""),
        csv(", ", "."),
        one_line,
        pretty,
        format!("{spaced}\n"),
        format!("{}\n", spaced.replace(' ', ",")),
    ] {
        let records = ok(&format!("{text}{WIKI}\n"));
        assert_eq!(records.len(), 2, "{text}");
        assert_eq!(records[0].puzzle, wiki, "{text}");
        assert_eq!(
            records[0].line,
            1 + usize::from(text.starts_with("[\n")),
            "{text}"
        );
        assert_eq!(records[1].puzzle, wiki, "{text}");
    }
    // A separator after the last cell of a row is a blank tenth cell (a 10x10 board's
    // last column may be blank): an error here, never another puzzle.
    let tenth = read(&trailing);
    assert!(tenth.iter().any(Result::is_err));
    // Reading every size, the message says why: the first row's cells set the side.
    let any_size = any(&trailing);
    assert_eq!(
        any_size[0].as_ref().unwrap_err().to_string(),
        "line 1: a drawing of 9 rows, expected 10 (its first row has 10 cells)"
    );
    assert!(tenth.iter().flatten().all(|record| record.puzzle == wiki));
    // Other sizes: a 16x16 with numbers of two digits, a 4x4 as a list of lists on one line.
    let puzzles = |text: &str| -> Vec<Puzzle> {
        any(text)
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")).puzzle)
            .collect()
    };
    let sixteen: Vec<String> = (0..16)
        .map(|r| {
            let fields: Vec<String> = (0..16)
                .map(|c| {
                    if (r + c) % 3 == 0 {
                        String::new()
                    } else {
                        ((r * 4 + r / 4 + c) % 16 + 1).to_string()
                    }
                })
                .collect();
            fields.join(",")
        })
        .collect();
    let big = puzzles(&(sixteen.join("\n") + "\n"));
    assert_eq!(big.len(), 1);
    assert_eq!(big[0].rules().size(), 16);
    assert_eq!(big[0].cells()[1], 2);
    assert_eq!(big[0].cells()[0], 0);
    let small = puzzles("[[1,0,3,0],[0,4,0,1],[0,1,0,3],[3,0,0,2]]\n");
    assert_eq!(small.len(), 1);
    assert_eq!(
        small[0].cells(),
        [1, 0, 3, 0, 0, 4, 0, 1, 0, 1, 0, 3, 3, 0, 0, 2]
    );
    // A `[` line before a broken row: errors at their lines (the look at the next line
    // once counted lines from 0 and overflowed).
    let broken = read("\n[\n[1.3.@92..4\n");
    assert!(broken.iter().all(Result::is_err));
    assert_eq!(
        broken
            .iter()
            .map(|r| r.as_ref().unwrap_err().line())
            .collect::<Vec<_>>(),
        [2, 3]
    );
    // A spreadsheet's header of column letters above the rows is a header, not a record.
    let headed = ok(&format!("A,B,C,D,E,F,G,H,I\n{}", csv(",", "")));
    assert_eq!(headed.len(), 1);
    assert_eq!((headed[0].puzzle, headed[0].line), (wiki, 2));
    // Fields that are no cells, and a CSV file's records, are as before.
    assert_eq!(errors("1.5,2.0,3.5,4.0\n").len(), 1);
    assert_eq!(errors("1,2,3\n").len(), 1);
    let kaggle = format!(
        "quizzes,solutions\n{},{WIKI_SOLUTION}\n",
        WIKI.replace('.', "0")
    );
    let records = ok(&kaggle);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].solution, Some(WIKI_SOLUTION.parse().unwrap()));
}
