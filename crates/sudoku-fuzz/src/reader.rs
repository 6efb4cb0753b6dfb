//! Target `reader`: the core puzzle-file reader on whole files, in both its modes (9x9 with
//! [`PuzzleReader`], every size and variant with [`AnyReader`](sudoku_core::AnyReader)).

use sudoku_core::{Candidates, Form, PuzzleReader, Record};

use crate::SeedData;

/// Reads the input as a file with [`PuzzleReader`] and with its `any_size()` mode. Items
/// come in order of their lines, at most one per line; every record round-trips (see
/// [`round_trip`]), and every puzzle of the any-size reader as [`crate::puzzle::round_trip`]
/// says.
pub fn check(data: &[u8]) {
    let lines = line_count(data);
    let mut last = 0;
    let mut items = 0;
    for item in PuzzleReader::new(data) {
        items += 1;
        let line = match &item {
            Ok(record) => record.line,
            Err(err) => err.line(),
        };
        assert!(
            line >= last && line <= lines,
            "line {line} after {last} of {lines}"
        );
        last = line;
        match item {
            Ok(record) => round_trip(&record),
            Err(err) => {
                assert!(!err.to_string().is_empty());
                assert!(!err.is_io(), "reading memory cannot fail: {err}");
            }
        }
    }
    assert!(items <= lines, "{items} items from {lines} lines");
    for item in PuzzleReader::new(data).any_size() {
        match item {
            Ok(record) => crate::puzzle::round_trip(&record.puzzle),
            Err(err) => assert!(!err.to_string().is_empty()),
        }
    }
}

/// The lines of `data` as every reader counts them: a line ends at LF, CRLF or a lone CR
/// ([`LineReader`](sudoku_core::LineReader)), and the text after the last end is a line too.
fn line_count(data: &[u8]) -> usize {
    let lone_crs = data
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && data.get(i + 1) != Some(&b'\n'))
        .count();
    1 + data.iter().filter(|&&b| b == b'\n').count() + lone_crs
}

/// A record's puzzle, candidates and solution are consistent and print back: written as
/// one line (puzzle or pencil marks, then the solution, then `# comment`), the record reads
/// back the same, nothing lost (pencil marks as [`crate::candidates::round_trip`] says).
pub fn round_trip(record: &Record) {
    crate::grid::round_trip(&record.puzzle);
    if let Some(solution) = &record.solution {
        assert!(solution.is_complete(), "solution {solution:?}");
    }
    let mut line = match &record.candidates {
        Some(marks) => {
            assert_eq!(marks.to_grid(), record.puzzle);
            assert!(matches!(record.form, Form::MarksLine | Form::MarksGrid));
            crate::candidates::round_trip(marks);
            marks.to_string()
        }
        None => record.puzzle.to_string(),
    };
    if let Some(solution) = &record.solution {
        line = format!("{line} {solution}");
    }
    if !record.comment.is_empty() {
        line = format!("{line} # {}", record.comment);
    }
    let back = read_one(&line);
    assert_eq!(back.puzzle, record.puzzle, "{line:?}");
    assert_eq!(back.candidates, record.candidates, "{line:?}");
    assert_eq!(back.solution, record.solution, "{line:?}");
    assert_eq!(back.comment, record.comment, "{line:?}");
}

/// The one record `text` holds.
pub(crate) fn read_one(text: &str) -> Record {
    let items: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 1, "{text:?}: {items:?}");
    match items.into_iter().next() {
        Some(Ok(record)) => record,
        other => panic!("{text:?} reads as {other:?}"),
    }
}

/// Pieces of the data files, and one file in every form the reader takes.
pub fn seeds(data: &SeedData) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = data.files.clone();
    let mut every_form = String::from("# every form\n");
    for (k, grid) in data.grids.iter().take(12).enumerate() {
        let marks = Candidates::from_grid(grid);
        let piece = match k % 6 {
            0 => format!("{grid} # comment {k}\n"),
            1 => format!("{grid:#}\n\n"),
            2 => format!("{marks}\n"),
            3 => format!("{marks:#}\n"),
            4 => format!("id{k},{grid},1.5\n"),
            _ => grid
                .cells()
                .chunks(9)
                .map(|row| {
                    let values: Vec<String> = row.iter().map(u8::to_string).collect();
                    format!("{}\n", values.join(" "))
                })
                .collect(),
        };
        every_form.push_str(&piece);
        seeds.push(piece.into_bytes());
    }
    seeds.push(every_form.into_bytes());
    // Cells between commas, as a spreadsheet saves a grid, and a list of rows on one line.
    for grid in data.grids.iter().take(2) {
        let rows: Vec<Vec<String>> = grid
            .cells()
            .chunks(9)
            .map(|row| row.iter().map(u8::to_string).collect())
            .collect();
        let spreadsheet: String = rows
            .iter()
            .map(|row| format!("{}\n", row.join(",").replace(",0", ",")))
            .collect();
        let listed: Vec<String> = rows
            .iter()
            .map(|row| format!("[{}]", row.join(", ")))
            .collect();
        seeds.push(spreadsheet.into_bytes());
        seeds.push(format!("[{}]\n", listed.join(", ")).into_bytes());
    }
    let csv: String = std::iter::once("id,puzzle,solution\n".to_string())
        .chain(data.grids.chunks(2).take(5).enumerate().map(|(k, pair)| {
            let solution = pair.get(1).filter(|g| g.is_complete());
            format!(
                "{k},{},{}\n",
                pair[0],
                solution.map(ToString::to_string).unwrap_or_default()
            )
        }))
        .collect();
    seeds.push(csv.into_bytes());
    seeds.extend(crate::puzzle::seeds(data));
    seeds
}
