//! Puzzles with constraints through the command line: f-puzzles and SudokuPad links,
//! f-puzzles and ipuz JSON read by solve, count and check among other lines; true candidates
//! and lists of solutions; puzzles written as links and JSON by generate, killer generate and
//! convert, and read back.

use super::*;
use sudoku_core::ConstraintPuzzle;

/// Published puzzles with their known unique solutions, f-puzzles JSON one a line.
fn published() -> Vec<(String, ConstraintPuzzle)> {
    std::fs::read_to_string(workspace_file(
        "crates/sudoku-constraints/tests/published.jsonl",
    ))
    .unwrap()
    .lines()
    .map(|line| {
        (
            line.to_string(),
            ConstraintPuzzle::from_fpuzzles(line).unwrap(),
        )
    })
    .collect()
}

/// The digits of a solution's line (`1`-`9`, then `A`-`G`).
fn digits(line: &str) -> Vec<u8> {
    line.chars()
        .map(|ch| ch.to_digit(17).unwrap() as u8)
        .collect()
}

#[test]
fn links_and_json_lines_are_solved_counted_and_checked_in_order() {
    let puzzles = published();
    let mut input = String::new();
    let mut expected = Vec::new();
    for (i, (json, puzzle)) in puzzles.iter().enumerate() {
        input.push_str(&match i % 3 {
            0 => json.clone(),
            1 => puzzle.to_fpuzzles_link().unwrap(),
            _ => puzzle.to_sudokupad_link().unwrap(),
        });
        input.push('\n');
        input.push_str(EASY);
        input.push('\n');
        expected.push(puzzle.solution().unwrap().to_vec());
        expected.push(digits(EASY_SOLUTION));
    }
    // An unknown constraint in the middle: one placeholder, one message naming it.
    let bad = puzzles[0]
        .0
        .replacen('{', r#"{"skyscraper":[{"cell":"R0C1","value":"3"}],"#, 1);
    input.push_str(&bad);
    input.push('\n');
    let file = temp_file("variants.txt", input.as_bytes());
    let file = file.to_str().unwrap();

    let output = sudoku(&["solve", "--unique", file], b"");
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = text(&output.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), expected.len() + 1);
    for (line, solution) in lines.iter().zip(&expected) {
        assert_eq!(digits(line), *solution);
    }
    assert_eq!(lines.last().unwrap(), "malformed");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!("{file}:{}: ", expected.len() + 1))
            && stderr.contains("skyscraper"),
        "{stderr}"
    );

    // Standard input reads the same lines.
    let output = sudoku(&["check"], input.as_bytes());
    let stdout = text(&output.stdout);
    let words: Vec<&str> = stdout.lines().collect();
    assert_eq!(words.len(), expected.len() + 1);
    assert!(
        words[..expected.len()].iter().all(|w| *w == "ok"),
        "{words:?}"
    );
    let output = sudoku(
        &["count", "--limit", "5", "--format", "json"],
        input.as_bytes(),
    );
    for line in text(&output.stdout).lines().take(expected.len()) {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["solutions"], 1, "{line}");
    }
}

/// An f-puzzles file saved over many lines (an editor's pretty-printing) is one puzzle with
/// one answer; a fault in it is one placeholder and one message naming the line it starts on.
#[test]
fn a_json_file_spanning_lines_is_one_puzzle() {
    let puzzles = published();
    let (json, puzzle) = puzzles.last().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    let pretty = |value: &serde_json::Value| serde_json::to_string_pretty(value).unwrap();
    let file = temp_file("pretty.json", format!("\n{}\n", pretty(&value)).as_bytes());
    let output = sudoku(&["solve", file.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lines: Vec<String> = text(&output.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(digits(&lines[0]), puzzle.solution().unwrap());

    // A grid that does not match the size: one fault, named at the line of the `{`.
    value["size"] = serde_json::json!(puzzle.size() + 1);
    let bad = pretty(&value);
    let file = temp_file("bad-pretty.json", format!("# saved\n{bad}\n").as_bytes());
    let name = file.to_str().unwrap();
    let output = sudoku(&["count", name], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "malformed\n");
    let errors = text(&output.stderr);
    assert_eq!(errors.lines().count(), 1, "{errors}");
    assert!(errors.starts_with(&format!("{name}:2: ")), "{errors}");
}

#[test]
fn a_link_given_as_an_argument_is_that_puzzle() {
    let (_, puzzle) = &published()[5];
    let link = puzzle.to_sudokupad_link().unwrap();
    let output = sudoku(&["solve", "--format", "json", &link], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["source"], "<argument 1>");
    assert_eq!(record["unique"], true);
    assert_eq!(record["constraints"][0], "killer cage");
    let solution = record["solution"].as_str().unwrap();
    assert_eq!(digits(solution), puzzle.solution().unwrap());
    // Its picture: every cage dashed, with its sum; with --solved, the digits found over
    // the givens.
    let output = sudoku(&["render", &link], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let svg = text(&output.stdout);
    assert!(svg.starts_with("<svg"), "{svg}");
    let cages = puzzle.constraints();
    assert_eq!(svg.matches("stroke-dasharray").count(), cages.len());
    for cage in cages {
        let sudoku_core::Constraint::Killer { sum: Some(sum), .. } = cage else {
            panic!("{cage:?}");
        };
        assert!(svg.contains(&format!(">{sum}</text>")), "{sum}");
    }
    let output = sudoku(&["render", "--solved", &link], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let solved = text(&output.stdout);
    let placed = solved.split("<g class=\"placed\"").nth(1).map(|group| {
        group[..group.find("</g>").unwrap()]
            .matches("<text")
            .count()
    });
    let blanks = puzzle.givens().iter().filter(|&&d| d == 0).count();
    assert_eq!(placed, Some(blanks), "{solved}");
    // A broken link is an error naming what is wrong, not a missing file.
    let output = sudoku(&["check", "https://f-puzzles.com/?load=%%%"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("escape"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn several_solutions_are_listed_and_their_candidates_given() {
    let output = sudoku(&["solutions", "--limit", "10", TWO], b"");
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    let found: Vec<&str> = stdout.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(found.len(), 2);
    assert_ne!(found[0], found[1]);
    for line in &found {
        let grid: sudoku_core::Grid = line.parse().unwrap();
        assert!(grid.solves(&TWO.parse().unwrap()));
    }
    // The limit cuts a listing short, with a warning.
    let output = sudoku(&["solutions", "--limit", "1", TWO], b"");
    assert_eq!(text(&output.stdout).lines().next().unwrap().len(), 81);
    assert!(text(&output.stderr).contains("limit of 1 solution"));

    // Each cell's candidates are the digits of the solutions.
    let output = sudoku(&["candidates", TWO], b"");
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    let cells: Vec<&str> = stdout.trim().split(' ').collect();
    assert_eq!(cells.len(), 81);
    for (cell, digits) in cells.iter().enumerate() {
        let mut seen: Vec<char> = found.iter().map(|s| s.as_bytes()[cell] as char).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(*digits, seen.iter().collect::<String>(), "cell {cell}");
    }
    let output = sudoku(&["candidates", "--format", "json", EASY], b"");
    let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["complete"], true);
    let candidates: String = record["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(candidates, EASY_SOLUTION);

    // A budget ends a listing of an empty grid.
    let open = ".".repeat(81);
    let output = sudoku(&["solutions", "--node-limit", "20", &open], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "gave up\n");
    assert!(text(&output.stderr).contains("--node-limit"));
}

#[test]
fn generated_puzzles_are_written_as_links_and_json_and_read_back() {
    let json = sudoku(
        &[
            "generate", "--count", "2", "--seed", "5", "--format", "json",
        ],
        b"",
    );
    let solutions: Vec<String> = text(&json.stdout)
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["solution"].as_str().unwrap().to_string()
        })
        .collect();
    for format in ["link", "fpuzzles-link", "fpuzzles", "ipuz"] {
        let made = sudoku(
            &[
                "generate", "--count", "2", "--seed", "5", "--format", format,
            ],
            b"",
        );
        assert_eq!(made.status.code(), Some(0));
        let written = text(&made.stdout);
        assert_eq!(written.lines().count(), 2, "{format}");
        let solved = sudoku(&["solve", "--unique"], written.as_bytes());
        assert_eq!(
            solved.status.code(),
            Some(0),
            "{format}: {}",
            text(&solved.stderr)
        );
        let found: Vec<String> = text(&solved.stdout).lines().map(String::from).collect();
        assert_eq!(found, solutions, "{format}");
    }
    let link = sudoku(&["generate", "--count", "1", "--format", "link"], b"");
    assert!(text(&link.stdout).starts_with("https://sudokupad.app/fpuzzles"));

    // A killer puzzle as a link a person clicks, solved back to the generator's solution.
    let json = sudoku(&["killer", "generate", "--count", "1", "--seed", "2"], b"");
    let record: serde_json::Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    let link = sudoku(
        &[
            "killer", "generate", "--count", "1", "--seed", "2", "--format", "link",
        ],
        b"",
    );
    let link = text(&link.stdout);
    assert!(link.starts_with("https://sudokupad.app/fpuzzles"));
    let solved = sudoku(&["solve", "--unique", link.trim()], b"");
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let expected: String = record["solution"]
        .as_array()
        .map(|rows| rows.iter().map(|d| d.to_string()).collect())
        .unwrap_or_else(|| record["solution"].as_str().unwrap().to_string());
    assert_eq!(text(&solved.stdout).trim(), expected);
    // f-puzzles JSON for killers too; ipuz cannot hold cages, and is not offered.
    let made = sudoku(
        &["killer", "generate", "--count", "1", "--format", "fpuzzles"],
        b"",
    );
    assert!(text(&made.stdout).contains("killercage"));
    let made = sudoku(&["killer", "generate", "--format", "ipuz"], b"");
    assert_eq!(made.status.code(), Some(2));
}

#[test]
fn convert_writes_every_form_and_reads_it_back() {
    let input = format!("{EASY}\n1.3..4.1..1.3..2\n");
    for format in ["link", "fpuzzles-link", "fpuzzles", "ipuz"] {
        let converted = sudoku(&["convert", "--format", format], input.as_bytes());
        assert_eq!(
            converted.status.code(),
            Some(0),
            "{}",
            text(&converted.stderr)
        );
        let back = sudoku(&["convert", "--format", "line"], &converted.stdout);
        assert_eq!(text(&back.stdout), input, "{format}");
    }
    // ipuz holds givens and regions only: a thermometer is refused, by name.
    let (json, _) = &published()
        .into_iter()
        .find(|(json, _)| json.contains("thermometer"))
        .unwrap();
    let output = sudoku(&["convert", "--format", "ipuz", json], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("thermometer"),
        "{}",
        text(&output.stderr)
    );
}
