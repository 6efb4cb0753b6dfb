//! Runs the `sudoku` binary as people do: every input form, mixed good and bad files, exit
//! codes, streaming and memory, hints walked to the solution, help and error texts.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";
/// A puzzle with exactly two solutions (a deadly rectangle).
const TWO: &str =
    "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";

fn sudoku(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A file in a fresh folder of the system's temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sudoku-cli-{}-{}",
        std::process::id(),
        name.replace('.', "-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn workspace_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[path = "suite/render.rs"]
mod render;

mod input_forms {
    use super::*;

    #[test]
    fn a_puzzle_given_as_an_argument_is_solved() {
        let output = sudoku(&["solve", EASY, "-"], format!("{ESCARGOT}\n").as_bytes());
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\n{ESCARGOT_SOLUTION}\n")
        );
        assert_eq!(output.status.code(), Some(0));
        // One cell short: reported as the argument it is, not as a missing file.
        let output = sudoku(&["solve", &EASY[1..]], b"");
        assert_eq!(text(&output.stdout), "malformed\n");
        assert_eq!(
            text(&output.stderr),
            "<argument 1>:1: found 80 cells, expected 81\n"
        );
        // A name that is no puzzle stays a file name.
        let output = sudoku(&["solve", "missing.txt"], b"");
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).starts_with("sudoku: cannot open missing.txt:"));
        // A file that exists is read, whatever its name: one named like a puzzle, given
        // without a folder.
        let name = ESCARGOT.replace('.', "_");
        let path = temp_file(&name, format!("{EASY}\n").as_bytes());
        let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", &name])
            .current_dir(path.parent().unwrap())
            .output()
            .unwrap();
        assert_eq!(text(&output.stdout), format!("{EASY_SOLUTION}\n"));
    }

    /// Every form the core reader takes, in one file: one answer line per puzzle, in order.
    #[test]
    fn every_form_is_read_and_answered_in_order() {
        let grid: sudoku_core::Grid = EASY.parse().unwrap();
        let marks = sudoku_core::Candidates::from_grid(&grid);
        let input = format!(
            "\u{feff}# a collection\r\n\
             {EASY} # Wikipedia\r\n\
             {ESCARGOT};1.2\n\
             {EASY} 9.0 1.2 1.2\n\
             {ESCARGOT}\t{ESCARGOT_SOLUTION}\n\
             0000183b305c {EASY}  1.2\n\
             {}\n\
             \n\
             {grid:#}\n\
             \n\
             {marks}\n\
             {marks:#}\n",
            EASY.replace('.', "_")
        );
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let expected = [
            EASY_SOLUTION,
            ESCARGOT_SOLUTION,
            EASY_SOLUTION,
            ESCARGOT_SOLUTION,
            EASY_SOLUTION,
            EASY_SOLUTION,
            EASY_SOLUTION,
            EASY_SOLUTION,
            EASY_SOLUTION,
        ];
        assert_eq!(
            text(&output.stdout),
            expected.map(|s| format!("{s}\n")).concat()
        );
        assert_eq!(text(&output.stderr), "");
    }

    #[test]
    fn kaggle_csv_with_its_header() {
        let input = format!(
            "quizzes,solutions\n{},{EASY_SOLUTION}\n{},{ESCARGOT_SOLUTION}\n",
            EASY.replace('.', "0"),
            ESCARGOT.replace('.', "0")
        );
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\n{ESCARGOT_SOLUTION}\n")
        );
    }

    /// The project's own puzzle files, which carry solutions and comments after the cells.
    #[test]
    fn the_benchdata_files_are_read() {
        for file in ["benchdata/famous.txt", "benchdata/multi.txt"] {
            let path = workspace_file(file);
            let output = sudoku(&["check", &path], b"");
            let out = text(&output.stdout);
            let expected_lines = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .count();
            assert_eq!(out.lines().count(), expected_lines, "{file}");
            let word = if file.contains("multi") {
                "several solutions"
            } else {
                "ok"
            };
            assert!(out.lines().all(|l| l == word), "{file}: {out}");
        }
        let output = sudoku(&["solve", &workspace_file("benchdata/famous.txt")], b"");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }

    #[test]
    fn empty_input_and_files_without_puzzles_are_reported() {
        let output = sudoku(&["solve"], b"");
        assert_eq!(output.status.code(), Some(1));
        assert!(output.stdout.is_empty());
        assert_eq!(text(&output.stderr), "sudoku: <stdin>: no puzzle found\n");
        let comments = temp_file("comments.txt", b"# nothing here\n\n");
        let output = sudoku(&["count", comments.to_str().unwrap()], b"");
        assert_eq!(output.status.code(), Some(1));
        assert!(text(&output.stderr).ends_with("comments.txt: no puzzle found\n"));
    }
}

mod alignment {
    use super::*;

    /// stdout has exactly one record per puzzle, placeholders included; stderr one
    /// `FILE:LINE: message` per failed puzzle, in order.
    #[test]
    fn mixed_good_and_bad_lines_stay_aligned() {
        let grid: sudoku_core::Grid = EASY.parse().unwrap();
        let broken_drawing = format!("{grid:#}").replacen('7', "x", 1);
        let wrong = ESCARGOT.replacen("1....", "12...", 1);
        let input = format!(
            "{EASY}\n{}\n\n{ESCARGOT}\n5...5{}\nhello\n{broken_drawing}\n\n{wrong}\n{EASY}\n",
            &EASY[..80],
            ".".repeat(76)
        );
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(1),
            "a failed puzzle makes the status 1"
        );
        insta::assert_snapshot!(text(&output.stdout), @r"
        534678912672195348198342567859761423426853791713924856961537284287419635345286179
        malformed
        162857493534129678789643521475312986913586742628794135356478219241935867897261354
        clash
        malformed
        malformed
        no solution
        534678912672195348198342567859761423426853791713924856961537284287419635345286179
        ");
        insta::assert_snapshot!(text(&output.stderr), @r"
        <stdin>:2: found 80 cells, expected 81
        <stdin>:5: clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c5
        <stdin>:6: not a puzzle (expected 81 cells, 1-9 with '.', '0' or '_' for blanks, a 729-character pencil-mark line, or a drawing over 9 rows)
        <stdin>:7:11: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)
        <stdin>:19: no solution
        ");
    }

    #[test]
    fn json_records_carry_the_answer_or_the_error() {
        let output = sudoku(
            &["solve", "--format", "json", "--stats"],
            format!("{EASY}\nx\n").as_bytes(),
        );
        let lines: Vec<serde_json::Value> = text(&output.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["status"], "solved");
        assert_eq!(lines[0]["solution"], EASY_SOLUTION);
        assert_eq!(lines[0]["unique"], true);
        assert_eq!(lines[0]["line"], 1);
        assert!(lines[0]["stats"]["nodes"].is_u64());
        assert_eq!(lines[1]["status"], "malformed");
        assert_eq!(lines[1]["line"], 2);
        assert!(lines[1]["error"].as_str().unwrap().contains("not a puzzle"));
    }

    #[test]
    fn grid_format_draws_solutions() {
        let output = sudoku(
            &["solve", "--format", "grid"],
            format!("{EASY}\nx\n").as_bytes(),
        );
        let out = text(&output.stdout);
        assert!(out.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"), "{out}");
        assert!(
            out.ends_with("3 4 5 | 2 8 6 | 1 7 9\n\nmalformed\n\n"),
            "{out}"
        );
    }

    #[test]
    fn files_are_named_in_errors_and_a_missing_file_is_an_io_error() {
        let file = temp_file("set.txt", format!("{EASY}\n12\n").as_bytes());
        let name = file.to_str().unwrap();
        let output = sudoku(&["solve", name, "no-such-file.txt"], b"");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\nmalformed\n")
        );
        let stderr = text(&output.stderr);
        assert!(
            stderr.starts_with(&format!("{name}:2: found 2 cells, expected 81\n")),
            "{stderr}"
        );
        assert!(
            stderr.contains("sudoku: cannot open no-such-file.txt: "),
            "{stderr}"
        );
    }
}

mod answers {
    use super::*;

    #[test]
    fn count_prints_zero_and_marks_the_limit() {
        let wrong = ESCARGOT.replacen("1....", "12...", 1);
        let empty = ".".repeat(81);
        let input = format!("{EASY}\n{empty}\n{wrong}\n{TWO}\n");
        let output = sudoku(&["count"], input.as_bytes());
        assert_eq!(text(&output.stdout), "1\n2+\n0\n2+\n");
        assert_eq!(output.status.code(), Some(0));
        let output = sudoku(
            &["count", "--limit", "50", "--algo", "dlx"],
            input.as_bytes(),
        );
        assert_eq!(text(&output.stdout), "1\n50+\n0\n2\n");
        let output = sudoku(&["count", "--algo", "abc"], input.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            sudoku(&["count", "--limit", "0"], b"").status.code(),
            Some(2)
        );
    }

    #[test]
    fn solve_warns_about_several_solutions_and_unique_fails_them() {
        let output = sudoku(&["solve"], format!("{TWO}\n").as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let solution: sudoku_core::Grid = text(&output.stdout).trim().parse().unwrap();
        assert!(solution.solves(&TWO.parse().unwrap()));
        assert_eq!(
            text(&output.stderr),
            "<stdin>:1: warning: several solutions; this is one of them\n"
        );
        let output = sudoku(
            &["solve", "--unique", "--algo", "dlx"],
            format!("{TWO}\n{EASY}\n").as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stdout),
            format!("several solutions\n{EASY_SOLUTION}\n")
        );
        assert!(
            text(&output.stderr).starts_with("<stdin>:1: several solutions (--unique); one is ")
        );
    }

    #[test]
    fn every_algorithm_solves_and_reports_what_it_counts() {
        let input = format!("{EASY}\n{ESCARGOT}\n");
        for (algo, counter) in [("mrv", "nodes="), ("dlx", "updates="), ("abc", "cycles=")] {
            let output = sudoku(&["solve", "--algo", algo, "--stats"], input.as_bytes());
            assert_eq!(
                output.status.code(),
                Some(0),
                "{algo}: {}",
                text(&output.stderr)
            );
            let out = text(&output.stdout);
            let lines: Vec<&str> = out.lines().collect();
            assert!(lines[0].starts_with(EASY_SOLUTION), "{algo}");
            assert!(lines[1].starts_with(ESCARGOT_SOLUTION), "{algo}");
            assert!(lines[1].contains(counter), "{algo}: {out}");
            let summary = text(&output.stderr);
            assert!(summary.starts_with("2 puzzles, 0 failed"), "{summary}");
            if algo == "abc" {
                assert!(
                    !lines[1].contains("nodes="),
                    "the colony does not count nodes"
                );
                assert!(summary.contains("evaluations"), "{summary}");
            }
        }
    }

    #[test]
    fn check_and_rate_validate_first() {
        let wrong = ESCARGOT.replacen("1....", "12...", 1);
        let input = format!(
            "{EASY}\n55{}\n{wrong}\n{TWO}\n{}\n",
            ".".repeat(79),
            &EASY[..10]
        );
        let output = sudoku(&["check"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stdout),
            "ok\nclash\nno solution\nseveral solutions\nmalformed\n"
        );
        assert_eq!(text(&output.stderr).lines().count(), 4);
        let output = sudoku(&["rate"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        let out = text(&output.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("easy\t"), "{out}");
        assert_eq!(
            &lines[1..],
            ["clash", "no solution", "several solutions", "malformed"]
        );
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains(
                "<stdin>:4: several solutions: only a puzzle with one solution has a rating"
            ),
            "{stderr}"
        );
    }

    /// A grid saved by a spreadsheet (cells between commas, empty fields blank) and a JSON
    /// list of rows are one puzzle each, not a malformed record per line.
    #[test]
    fn grids_between_commas_are_one_puzzle_each() {
        // The rows of EASY, each blank written as `blank`.
        let rows = |blank: &str| -> Vec<Vec<String>> {
            EASY.as_bytes()
                .chunks(9)
                .map(|row| {
                    row.iter()
                        .map(|&b| {
                            if b == b'.' {
                                blank.into()
                            } else {
                                (b as char).to_string()
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let spreadsheet: Vec<String> = rows("").iter().map(|row| row.join(",")).collect();
        let listed: Vec<String> = rows("0")
            .iter()
            .map(|row| format!("[{}]", row.join(", ")))
            .collect();
        let input = format!("{}\n[{}]\n", spreadsheet.join("\n"), listed.join(", "));
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\n{EASY_SOLUTION}\n")
        );
    }

    /// A file that gives each puzzle's solution (a CSV column, a second field, a JSON line's
    /// `"solution"`) has it checked: `wrong solution` names what is wrong with it.
    #[test]
    fn check_compares_the_solution_the_input_gives() {
        let solved = sudoku(&["solve"], EASY.as_bytes());
        let right = text(&solved.stdout).trim().to_string();
        // Two digits of a row swapped: a given changed, and columns with a digit twice.
        let mut swapped: Vec<char> = right.chars().collect();
        swapped.swap(0, 1);
        let swapped: String = swapped.into_iter().collect();
        let blank = format!(".{}", &right[1..]);
        let four = "..1.2.....24....";
        let input =
            format!("quizzes,solutions\n{EASY},{right}\n{EASY},{swapped}\n{EASY},{blank}\n");
        let output = sudoku(&["check"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        // A solution field with a blank is no solution: the line is malformed.
        assert_eq!(text(&output.stdout), "ok\nwrong solution\nmalformed\n");
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("<stdin>:3: one solution, but not the one the input gives: it has"),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 2, "{stderr}");
        // solve answers with the solution it found, and says that it differs.
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(text(&output.stdout).lines().nth(1), Some(right.as_str()));
        let stderr = text(&output.stderr);
        assert!(
            stderr
                .contains("<stdin>:3: warning: the solution differs from the one the input gives"),
            "{stderr}"
        );
        assert!(!stderr.contains("<stdin>:2:"), "{stderr}");
        let four_right = text(&sudoku(&["solve"], four.as_bytes()).stdout)
            .trim()
            .to_string();
        let four_wrong = four_right
            .replace('4', "x")
            .replace('3', "4")
            .replace('x', "3");
        let input = format!(
            "{EASY}\t{swapped}\n{{\"givens\": \"{four}\", \"solution\": \"{four_right}\"}}\n\
             {{\"givens\": \"{four}\", \"solution\": \"{four_wrong}\"}}\n"
        );
        let output = sudoku(&["check", "--format", "json"], input.as_bytes());
        let out = text(&output.stdout);
        let statuses: Vec<&str> = out
            .lines()
            .map(|line| {
                let at = line.find("\"status\":\"").unwrap() + 10;
                &line[at..at + line[at..].find('"').unwrap()]
            })
            .collect();
        assert_eq!(
            statuses,
            ["wrong solution", "ok", "wrong solution"],
            "{out}"
        );
        assert!(out.contains("where the puzzle gives"), "{out}");
    }

    #[test]
    fn canon_gives_equivalent_puzzles_one_form() {
        let grid: sudoku_core::Grid = ESCARGOT.parse().unwrap();
        let mut rng = sudoku_core::seeded_rng(3);
        let images: Vec<String> = (0..5)
            .map(|_| {
                sudoku_core::Transform::random(&mut rng)
                    .apply(&grid)
                    .to_string()
            })
            .collect();
        let output = sudoku(
            &["canon"],
            format!("{}\n{EASY}\n", images.join("\n")).as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0));
        let out = text(&output.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 6);
        assert!(lines[..5].iter().all(|l| *l == lines[0]), "{out}");
        assert_ne!(lines[5], lines[0]);
        assert_eq!(lines[0], grid.canonical().to_string());
    }
}

mod hints {
    use super::*;
    use sudoku_core::Grid;

    /// Feeds `hint --apply` its own output until the puzzle is solved: each step leads on,
    /// through pencil-mark positions once candidates have been eliminated.
    fn walk(puzzle: &str) -> (String, usize, bool) {
        let mut position = puzzle.to_string();
        for steps in 0..400 {
            let output = sudoku(&["hint", "--apply"], format!("{position}\n").as_bytes());
            assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
            let next = text(&output.stdout).trim().to_string();
            if next == position {
                return (position, steps, next.len() == 729);
            }
            position = next;
        }
        panic!("no end after 400 steps");
    }

    #[test]
    fn hint_apply_walks_puzzles_to_their_solution() {
        // Singles only, and a puzzle that needs locked candidates and pairs (pencil marks).
        let medium =
            "....9...5.....86...3..........4...76..1..74..2...3.18...27158....7.......4......3";
        for puzzle in [EASY, medium] {
            let (last, steps, _) = walk(puzzle);
            let grid: Grid = last.parse().unwrap();
            assert!(grid.is_solved(), "{puzzle}: stopped at {last}");
            assert!(grid.solves(&puzzle.parse().unwrap()));
            assert!(steps > 10);
        }
    }

    #[test]
    fn hints_check_the_position_first() {
        let wrong = EASY.replacen('.', "1", 1); // r1c3 = 1, where the solution has 4
        let output = sudoku(&["hint"], format!("{wrong}\n{EASY_SOLUTION}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(text(&output.stdout), "no solution\nsolved\n");
        assert_eq!(
            text(&output.stderr),
            "<stdin>:1: the position has no solution: a digit written in is wrong\n"
        );
        // A wrong elimination in pencil marks is named.
        let mut marks = sudoku_core::Candidates::from_grid(&EASY.parse().unwrap());
        marks.remove(2, 4);
        let output = sudoku(&["hint"], format!("{marks}\n").as_bytes());
        assert_eq!(text(&output.stdout), "wrong elimination\n");
        assert!(text(&output.stderr).contains("r1c3 lost candidate 4"));
    }

    #[test]
    fn solve_explain_prints_the_path() {
        // Singles only, and a puzzle Sudoku Explainer rates 7.1 (its hardest step a forcing
        // chain).
        let chains =
            "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........";
        let output = sudoku(
            &["solve", "--explain"],
            format!("{EASY}\n{chains}\n").as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0));
        let out = text(&output.stdout);
        let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
        assert_eq!(blocks.len(), 2, "{out}");
        assert!(blocks[0].starts_with("1. Hidden Single (1."), "{out}");
        assert!(blocks[0].ends_with(EASY_SOLUTION));
        assert!(!blocks[0].contains("search:"));
        assert!(blocks[1].contains("Forcing Chain (7.1)"), "{out}");
        assert!(
            blocks[1].contains("\nrating: ER 7.1 EP 1.2 ED 1.2\n"),
            "{out}"
        );
        let solution: Grid = blocks[1].lines().last().unwrap().parse().unwrap();
        assert!(solution.solves(&chains.parse().unwrap()));
        // A record that cannot be read, or has no solution, is a block of its own.
        let output = sudoku(
            &["solve", "--explain"],
            format!("not a puzzle\n{EASY}\n11{}\n{EASY}\n", ".".repeat(79)).as_bytes(),
        );
        let out = text(&output.stdout);
        let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
        assert_eq!(blocks.len(), 4, "{out}");
        assert_eq!(blocks[0], "malformed", "{out}");
        assert_eq!(blocks[2], "clash", "{out}");
        assert!(blocks[1].ends_with(EASY_SOLUTION) && blocks[3].ends_with(EASY_SOLUTION));
        // The same path as JSON, each step with its difficulty.
        let output = sudoku(
            &["solve", "--explain", "--format", "json"],
            format!("{chains}\n").as_bytes(),
        );
        let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
        assert_eq!(record["er"], 7.1);
        let steps = record["steps"].as_array().unwrap();
        let hardest = steps
            .iter()
            .map(|s| s["difficulty"].as_f64().unwrap())
            .fold(0.0, f64::max);
        assert_eq!(hardest, 7.1);
        // Each chain step gives its chains, which its text shows too; the other steps none.
        for step in steps {
            let chains = step["chains"].as_array().unwrap();
            let text = step["text"].as_str().unwrap();
            if step["difficulty"].as_f64().unwrap() >= 6.5 {
                assert!(!chains.is_empty(), "{step}");
            } else {
                assert!(chains.is_empty(), "{step}");
            }
            for chain in chains {
                let chain = chain.as_str().unwrap();
                assert!(chain.contains(" -> ") && text.contains(chain), "{step}");
            }
        }
    }

    #[test]
    fn rate_gives_sudoku_explainers_ratings() {
        // Puzzles with the ratings Sudoku Explainer 1.2.1 gives them (ER, EP, ED).
        let rated = [
            (
                "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                "1.2\t1.2\t1.2",
            ),
            (
                "2.8.5.......7...4.3........5...2.9.......1......6......7.1.4.6.......3.2.1.......",
                "2.6\t1.2\t1.2",
            ),
            (
                "...6.37...51...........2.......1..546..7............8.14.58....3.....2...........",
                "7.1\t1.2\t1.2",
            ),
        ];
        let input: String = rated.iter().map(|(p, _)| format!("{p}\n")).collect();
        let output = sudoku(&["rate", "--scale", "se"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0));
        for (line, (_, expected)) in text(&output.stdout).lines().zip(rated) {
            assert!(
                line.starts_with(expected),
                "{line} should start with {expected}"
            );
        }
        let output = sudoku(&["rate", "--format", "json"], input.as_bytes());
        let first: serde_json::Value =
            serde_json::from_str(text(&output.stdout).lines().next().unwrap()).unwrap();
        assert_eq!(first["er"], 1.2);
        assert_eq!(first["band"], "easy");
    }
}

mod jobs_and_streaming {
    use super::*;

    #[test]
    fn jobs_keep_the_order() {
        let mut input = String::new();
        let mut expected = String::new();
        for i in 0..3000 {
            if i % 7 == 3 {
                input.push_str("bad\n");
                expected.push_str("malformed\n");
            } else if i % 2 == 0 {
                input.push_str(&format!("{EASY}\n"));
                expected.push_str(&format!("{EASY_SOLUTION}\n"));
            } else {
                input.push_str(&format!("{ESCARGOT}\n"));
                expected.push_str(&format!("{ESCARGOT_SOLUTION}\n"));
            }
        }
        for jobs in ["1", "3"] {
            let output = sudoku(&["solve", "--jobs", jobs], input.as_bytes());
            assert_eq!(output.status.code(), Some(1));
            assert!(
                text(&output.stdout) == expected,
                "--jobs {jobs}: order or content differs"
            );
        }
    }

    #[test]
    fn jobs_are_validated() {
        for jobs in ["0", "257", "100000", "many"] {
            let output = sudoku(&["solve", "--jobs", jobs], b"");
            assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
            assert!(
                text(&output.stderr).contains("--jobs"),
                "{}",
                text(&output.stderr)
            );
        }
        assert_eq!(
            sudoku(&["solve", "--jobs", "256"], format!("{EASY}\n").as_bytes())
                .status
                .code(),
            Some(0)
        );
    }

    /// With a slow input, each answer comes out before the next puzzle is even written.
    #[test]
    fn the_first_answer_comes_before_the_input_ends() {
        for jobs in ["1", "2"] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
                .args(["solve", "--jobs", jobs])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut input = child.stdin.take().unwrap();
            let mut output = BufReader::new(child.stdout.take().unwrap());
            for (puzzle, solution) in [(EASY, EASY_SOLUTION), (ESCARGOT, ESCARGOT_SOLUTION)] {
                writeln!(input, "{puzzle}").unwrap();
                input.flush().unwrap();
                // Blocks until the answer is written: the input stays open meanwhile.
                let mut line = String::new();
                output.read_line(&mut line).unwrap();
                assert_eq!(line.trim(), solution, "--jobs {jobs}");
            }
            drop(input);
            assert!(child.wait().unwrap().success());
        }
    }
}

mod robustness {
    use super::*;

    /// The largest resident set size seen while `pid` runs, in KiB (0 where /proc is absent).
    fn watch_memory(pid: u32, stop: &std::sync::atomic::AtomicBool) -> u64 {
        let mut peak = 0;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
                for line in status.lines() {
                    if let Some(kb) = line.strip_prefix("VmRSS:") {
                        let kb: u64 = kb.trim().trim_end_matches("kB").trim().parse().unwrap_or(0);
                        peak = peak.max(kb);
                    }
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        peak
    }

    /// Streams `lines` pieces from `make` into `sudoku`, returning the number of output lines,
    /// the exit code, the peak memory in KiB and the start of standard error.
    fn stream(
        args: &[&str],
        lines: usize,
        make: impl Fn(usize) -> Vec<u8> + Send + 'static,
    ) -> (usize, Option<i32>, u64, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut input = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let mut buffer = std::io::BufWriter::new(&mut input);
            for i in 0..lines {
                if buffer.write_all(&make(i)).is_err() {
                    break;
                }
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let errors = std::thread::spawn(move || {
            let mut all = String::new();
            let _ = stderr.read_to_string(&mut all);
            all
        });
        let mut stdout = child.stdout.take().unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watcher = {
            let stop = stop.clone();
            std::thread::spawn(move || watch_memory(pid, &stop))
        };
        let mut count = 0;
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            let n = stdout.read(&mut chunk).unwrap();
            if n == 0 {
                break;
            }
            count += chunk[..n].iter().filter(|&&b| b == b'\n').count();
        }
        writer.join().unwrap();
        let status = child.wait().unwrap();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        (
            count,
            status.code(),
            watcher.join().unwrap(),
            errors.join().unwrap(),
        )
    }

    #[test]
    fn a_million_lines_stream_in_flat_memory() {
        let line = format!("{EASY_SOLUTION}\n").into_bytes();
        for jobs in ["1", "2"] {
            let line = line.clone();
            let (count, code, peak_kib, _) =
                stream(&["solve", "--jobs", jobs], 1_000_000, move |_| line.clone());
            assert_eq!(count, 1_000_000);
            assert_eq!(code, Some(0));
            // The input is 82 MB; a program that held it would need far more than this.
            assert!(
                peak_kib < 40 * 1024,
                "--jobs {jobs}: peak memory {peak_kib} KiB"
            );
        }
    }

    #[test]
    fn a_100_mb_line_is_rejected_without_holding_it() {
        let (count, code, peak_kib, errors) = stream(&["solve"], 1 + 100 * 1024 + 1, move |i| {
            if i == 0 {
                Vec::new()
            } else if i <= 100 * 1024 {
                vec![b'7'; 1024]
            } else {
                format!("\n{EASY}\n").into_bytes()
            }
        });
        assert_eq!(count, 2, "a placeholder and the solution");
        assert_eq!(code, Some(1));
        assert!(
            errors.starts_with("<stdin>:1: longer than 65536 bytes, skipped"),
            "{errors}"
        );
        assert!(peak_kib < 40 * 1024, "peak memory {peak_kib} KiB");
    }

    #[test]
    fn binary_junk_and_nul_bytes_do_not_panic() {
        let mut junk: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        junk.extend_from_slice(b"\n\0\0\0\n");
        junk.extend_from_slice(EASY.as_bytes());
        let output = sudoku(&["solve"], &junk);
        assert_eq!(output.status.code(), Some(1));
        let out = text(&output.stdout);
        assert!(out.ends_with(&format!("{EASY_SOLUTION}\n")), "{out}");
        let stderr = text(&output.stderr);
        assert!(!stderr.contains("panicked"));
        assert_eq!(
            out.lines().count(),
            stderr.lines().count() + 1,
            "one diagnostic per failed puzzle"
        );
    }

    #[test]
    fn a_closed_pipe_ends_the_run_quietly() {
        let mut input = String::new();
        for _ in 0..200_000 {
            input.push_str(EASY);
            input.push('\n');
        }
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "{} solve --jobs 2 | head -n 1",
                env!("CARGO_BIN_EXE_sudoku")
            ))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().unwrap();
                let writer = std::thread::spawn(move || {
                    let _ = stdin.write_all(input.as_bytes());
                });
                let out = child.wait_with_output();
                writer.join().unwrap();
                out
            })
            .unwrap();
        assert_eq!(text(&output.stdout), format!("{EASY_SOLUTION}\n"));
        assert!(
            !text(&output.stderr).contains("panicked"),
            "{}",
            text(&output.stderr)
        );
    }
}

mod generate {
    use super::*;
    use sudoku_core::Grid;
    use sudoku_testing::reference_count;

    /// A 25x25 jigsaw is made (its layout comes with a grid, no search to find one); the
    /// time limit is only a guard against a hang, far above what it takes.
    #[test]
    fn a_25x25_jigsaw_is_made() {
        let output = sudoku(
            &[
                "generate",
                "--size",
                "25",
                "--variant",
                "jigsaw",
                "--seed",
                "2",
                "--time-limit",
                "300",
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(record["size"], 25);
        let regions = record["regions"].as_str().unwrap();
        assert_eq!(regions.chars().count(), 625);
        // The puzzle reads back and has exactly one solution.
        let count = sudoku(&["count", "--algo", "dlx"], &output.stdout);
        assert_eq!(text(&count.stdout), "1\n", "{}", text(&count.stderr));
    }

    /// A request that cannot be met says what stopped it and which option moves the limit.
    #[test]
    fn failures_name_their_limit() {
        let output = sudoku(&["generate", "--clues", "17", "--attempts", "2"], b"");
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(text(&output.stdout), "not made\n");
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("no puzzle with 17 clues in 2 attempts")
                && stderr.contains("raise --attempts"),
            "{stderr}"
        );
        let output = sudoku(
            &[
                "generate",
                "--size",
                "25",
                "--clues",
                "100",
                "--time-limit",
                "0.2",
            ],
            b"",
        );
        assert_eq!(text(&output.stdout), "not made\n");
        let stderr = text(&output.stderr);
        assert!(stderr.contains("gave up after 0.2 s"), "{stderr}");
        assert!(
            stderr.contains("500 search nodes"),
            "says what limits the clues: {stderr}"
        );
    }

    #[test]
    fn generate_is_reproducible_unique_and_symmetric() {
        let args = [
            "generate",
            "--count",
            "6",
            "--seed",
            "3",
            "--symmetry",
            "rotate180",
        ];
        let one = sudoku(&args, b"");
        assert_eq!(one.status.code(), Some(0), "{}", text(&one.stderr));
        let mut with_jobs = args.to_vec();
        with_jobs.extend(["--jobs", "2"]);
        assert_eq!(
            text(&sudoku(&with_jobs, b"").stdout),
            text(&one.stdout),
            "same seed, same puzzles"
        );
        // Puzzle i does not depend on --count.
        let fewer = sudoku(
            &[
                "generate",
                "--count",
                "2",
                "--seed",
                "3",
                "--symmetry",
                "rotate180",
            ],
            b"",
        );
        assert!(text(&one.stdout).starts_with(&text(&fewer.stdout)));
        let puzzles: Vec<Grid> = text(&one.stdout)
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        assert_eq!(puzzles.len(), 6);
        for puzzle in puzzles {
            assert_eq!(reference_count(&puzzle, 2), 1, "{puzzle}");
            assert!(
                (0..81).all(|c| (puzzle[c] == 0) == (puzzle[80 - c] == 0)),
                "{puzzle}"
            );
        }
    }

    #[test]
    fn clues_are_honoured_or_refused_with_the_reason() {
        let output = sudoku(
            &["generate", "--count", "2", "--seed", "1", "--clues", "22"],
            b"",
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        for line in text(&output.stdout).lines() {
            let puzzle: Grid = line.parse().unwrap();
            assert_eq!(puzzle.filled(), 22);
            assert_eq!(reference_count(&puzzle, 2), 1);
        }
        for (clues, why) in [
            ("0", "17 is the fewest"),
            ("16", "17 is the fewest"),
            ("100", "81 cells"),
        ] {
            let output = sudoku(&["generate", "--clues", clues], b"");
            assert_eq!(output.status.code(), Some(2));
            assert!(
                text(&output.stderr).contains(why),
                "{}",
                text(&output.stderr)
            );
        }
        let output = sudoku(
            &["generate", "--clues", "30", "--symmetry", "rotate90"],
            b"",
        );
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains("4k + 1"));
    }

    #[test]
    fn generate_to_a_band_in_json() {
        let output = sudoku(
            &[
                "generate",
                "--count",
                "2",
                "--seed",
                "1",
                "--difficulty",
                "medium",
                "--format",
                "json",
            ],
            b"",
        );
        assert_eq!(output.status.code(), Some(0));
        for line in text(&output.stdout).lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["band"], "medium");
            let puzzle: Grid = value["puzzle"].as_str().unwrap().parse().unwrap();
            let solution: Grid = value["solution"].as_str().unwrap().parse().unwrap();
            assert!(solution.solves(&puzzle));
        }
    }

    /// The generator's JSON records read back as their puzzles, with their solutions: a
    /// generated file can be rated, checked or solved again as it is.
    #[test]
    fn generated_json_records_read_back() {
        let made = sudoku(
            &[
                "generate", "--count", "3", "--seed", "1", "--format", "json",
            ],
            b"",
        );
        assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
        let rated = sudoku(&["rate", "--scale", "se", "--format", "json"], &made.stdout);
        assert_eq!(rated.status.code(), Some(0), "{}", text(&rated.stderr));
        let records: Vec<serde_json::Value> = text(&made.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let ratings: Vec<serde_json::Value> = text(&rated.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(ratings.len(), 3);
        for (record, rating) in records.iter().zip(&ratings) {
            assert_eq!(rating["puzzle"], record["puzzle"]);
            for key in ["er", "ep", "ed", "band", "hardest"] {
                assert_eq!(rating[key], record[key], "{key}");
            }
        }
        // The stated solution is checked: one digit pair swapped makes it wrong.
        let mut wrong = records[0].clone();
        let solution = wrong["solution"].as_str().unwrap().to_string();
        let swapped: String = solution[1..2].to_string() + &solution[..1] + &solution[2..];
        wrong["solution"] = swapped.into();
        let input = format!("{}\n{}\n", records[0], wrong);
        let checked = sudoku(&["check"], input.as_bytes());
        assert_eq!(text(&checked.stdout), "ok\nwrong solution\n");
        // Other sizes and variants too.
        for args in [["--size", "6"], ["--variant", "jigsaw"]] {
            let mut call = vec!["generate", "--count", "2", "--format", "json"];
            call.extend(args);
            let made = sudoku(&call, b"");
            assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
            let checked = sudoku(&["check"], &made.stdout);
            assert_eq!(
                text(&checked.stdout),
                "ok\nok\n",
                "{}",
                text(&checked.stderr)
            );
        }
    }

    /// A killer puzzle among grids is pointed to the killer calls, not refused as an unknown
    /// key.
    #[test]
    fn a_killer_file_is_pointed_to_the_killer_calls() {
        let input = "{\"cages\": [{\"sum\": 45, \"cells\": [[0,0]]}]}\n";
        let checked = sudoku(&["check"], input.as_bytes());
        assert_eq!(text(&checked.stdout), "malformed\n");
        assert_eq!(
            text(&checked.stderr),
            "<stdin>:1: a killer puzzle (it has cages): use `sudoku killer solve` or `sudoku killer count`\n"
        );
    }
}

/// Every long call has a bound: `--time-limit` and `--node-limit` give up on one puzzle with
/// a clear record and go on with the next; calls that cannot answer refuse at once.
mod limits {
    use super::*;

    const EMPTY: &str =
        ".................................................................................";

    #[test]
    fn a_node_limit_gives_up_per_puzzle_and_keeps_the_alignment() {
        let input = format!(
            "{EMPTY}
{EASY}
{EMPTY}
"
        );
        let output = sudoku(
            &["count", "--limit", "100000", "--node-limit", "50"],
            input.as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stdout),
            "gave up
1
gave up
"
        );
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("<stdin>:1: gave up after 50 nodes (--node-limit) with"),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 2, "{stderr}");
        // JSON says how far the count got, and that it is not complete.
        let output = sudoku(
            &[
                "count",
                "--limit",
                "100000",
                "--node-limit",
                "50",
                "--format",
                "json",
            ],
            EMPTY.as_bytes(),
        );
        let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(record["status"], "gave up");
        assert_eq!(record["complete"], false);
        assert_eq!(record["exhausted"], "50 nodes");
        assert!(record["solutions"].as_u64().unwrap() > 0);
    }

    #[test]
    fn every_solver_and_check_take_the_budget() {
        for algo in ["mrv", "dlx"] {
            let output = sudoku(
                &["solve", "--algo", algo, "--node-limit", "1"],
                ESCARGOT.as_bytes(),
            );
            assert_eq!(
                text(&output.stdout),
                "gave up
",
                "{algo}"
            );
            assert!(text(&output.stderr).contains("gave up after 1 node (--node-limit)"));
        }
        let output = sudoku(
            &["solve", "--algo", "abc", "--node-limit", "2"],
            ESCARGOT.as_bytes(),
        );
        assert_eq!(
            text(&output.stdout),
            "gave up
"
        );
        let stderr = text(&output.stderr);
        assert!(stderr.contains("gave up after 2 cycles with"), "{stderr}");
        let output = sudoku(&["check", "--node-limit", "1"], ESCARGOT.as_bytes());
        assert_eq!(
            text(&output.stdout),
            "gave up
"
        );
        // A puzzle solved within the budget is answered as without one.
        let output = sudoku(&["solve", "--time-limit", "60"], EASY.as_bytes());
        assert_eq!(text(&output.stdout), format!("{EASY_SOLUTION}\n"));
        assert_eq!(output.status.code(), Some(0));
    }

    #[test]
    fn a_solution_found_before_the_count_ends_is_kept_with_a_warning() {
        // Some budget finds the empty grid's first solution but not its second: the solution
        // stands, and uniqueness is unknown (null), with a warning.
        let settled_late = (2..200).find_map(|nodes| {
            let limit = nodes.to_string();
            let output = sudoku(
                &["solve", "--node-limit", &limit, "--format", "json"],
                EMPTY.as_bytes(),
            );
            let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            (record["status"] == "solved").then_some((record, output))
        });
        let (record, output) = settled_late.expect("a budget large enough solves");
        assert!(record["unique"].is_null(), "{record}");
        assert_eq!(output.status.code(), Some(0));
        assert!(text(&output.stderr).contains("warning: uniqueness not settled: gave up after"));
    }

    #[test]
    fn explain_refuses_puzzles_without_one_solution_at_once() {
        let one_clue = format!("1{}", &EMPTY[1..]);
        let row = format!("123456789{}", &EMPTY[9..]);
        let input = format!(
            "{EMPTY}
{one_clue}
{row}
{EASY}
"
        );
        let output = sudoku(&["solve", "--explain"], input.as_bytes());
        let out = text(&output.stdout);
        assert!(
            out.starts_with("several solutions\n\nseveral solutions\n\nseveral solutions\n\n1. "),
            "{out}"
        );
        assert!(out.ends_with(&format!("{EASY_SOLUTION}\n\n")), "{out}");
        let stderr = text(&output.stderr);
        assert_eq!(
            stderr
                .matches("only a puzzle with one solution has a logical path")
                .count(),
            3,
            "{stderr}"
        );
        assert_eq!(output.status.code(), Some(1));
    }

    #[test]
    fn options_that_would_be_ignored_are_refused() {
        let output = sudoku(&["count", "--algo", "abc"], EASY.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains("[possible values: mrv, dlx]"));
        for command in ["count", "check", "rate"] {
            let output = sudoku(&[command, "--format", "grid"], EASY.as_bytes());
            assert_eq!(output.status.code(), Some(2), "{command}");
        }
        let output = sudoku(&["hint", "--format", "grid"], EASY.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains("add --apply"));
        for bad in ["0", "-1", "soon", "nan"] {
            let output = sudoku(&["solve", "--time-limit", bad], EASY.as_bytes());
            assert_eq!(output.status.code(), Some(2), "{bad}");
        }
    }

    /// A closed standard output gets a warning: the Rust runtime reopens it on /dev/null for
    /// reading and writing, which other programs also give their children on purpose, so
    /// the run is not failed for it.
    #[test]
    fn a_closed_standard_output_is_reported() {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "echo {EASY} | {} solve >&-",
                env!("CARGO_BIN_EXE_sudoku")
            ))
            .output()
            .unwrap();
        if cfg!(target_os = "linux") {
            assert_eq!(output.status.code(), Some(0));
            assert!(text(&output.stderr).contains("warning: standard output is closed"));
        }
        // Standard output on /dev/null opened for writing, as shells do, is fine.
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "echo {EASY} | {} solve > /dev/null",
                env!("CARGO_BIN_EXE_sudoku")
            ))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(
            text(&output.stderr).is_empty(),
            "no warning for > /dev/null"
        );
    }
}

mod killer {
    use super::*;

    const MAP: &str =
        "ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee";
    const SUMS: &str =
        "[11,25,14,9,12,15,4,14,6,40,3,15,9,8,12,38,11,15,13,6,4,17,7,13,10,6,26,4,15,11,12]";
    const SOLUTION: &str =
        "184652793526793184739184562653278419941365827278941356895427631412836975367519248";

    /// A line that is not JSON and a puzzle that is not valid, in the middle: reported, and
    /// every puzzle after them answered.
    #[test]
    fn bad_lines_in_the_middle_lose_nothing() {
        let good = format!("{{\"cage_map\": \"{MAP}\", \"cage_sums\": {SUMS}}}");
        let bad_sum = good.replacen("[11,", "[12,", 1);
        let input = format!("{{\"expect\": \"unique\"}}\n{good}\n{{ oops\n{bad_sum}\n{good}\n");
        for jobs in ["1", "2"] {
            let output = sudoku(&["killer", "solve", "--jobs", jobs], input.as_bytes());
            assert_eq!(output.status.code(), Some(1));
            assert_eq!(
                text(&output.stdout),
                format!("{SOLUTION}\nmalformed\nmalformed\n{SOLUTION}\n")
            );
            let stderr = text(&output.stderr);
            let lines: Vec<&str> = stderr.lines().collect();
            assert_eq!(lines.len(), 2, "{stderr}");
            assert!(
                lines[0].starts_with("<stdin>:3:3: invalid JSON"),
                "{stderr}"
            );
            assert!(lines[1].starts_with("<stdin>:4: "), "{stderr}");
        }
        let output = sudoku(
            &["killer", "count", "--format", "json", "--stats"],
            format!("{good}\n").as_bytes(),
        );
        let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
        assert_eq!(value["solutions"], 1);
        assert!(value["stats"]["propagations"].is_u64());
    }

    #[test]
    fn generated_killers_are_unique_and_seeded_per_puzzle() {
        let output = sudoku(&["killer", "generate", "--count", "2", "--seed", "1"], b"");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let made = text(&output.stdout);
        assert_eq!(made.lines().count(), 2);
        let counted = sudoku(&["killer", "count"], made.as_bytes());
        assert_eq!(text(&counted.stdout), "1\n1\n");
        // Seed 2's first puzzle is not seed 1's second.
        let other = sudoku(&["killer", "generate", "--count", "1", "--seed", "2"], b"");
        assert_ne!(made.lines().nth(1), text(&other.stdout).lines().next());
        // The text form, with a cage-size bound, reads back.
        let text_form = sudoku(
            &[
                "killer",
                "generate",
                "--count",
                "2",
                "--seed",
                "4",
                "--max-cage",
                "4",
                "--difficulty",
                "easy",
                "--format",
                "text",
            ],
            b"",
        );
        assert_eq!(
            text_form.status.code(),
            Some(0),
            "{}",
            text(&text_form.stderr)
        );
        let solved = sudoku(&["killer", "solve", "--unique"], &text_form.stdout);
        assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
        assert_eq!(text(&solved.stdout).lines().count(), 2);
    }
}

mod help {
    use super::*;

    #[test]
    fn help_texts() {
        let commands: [&[&str]; 17] = [
            &["--help"],
            &["solve", "--help"],
            &["count", "--help"],
            &["check", "--help"],
            &["generate", "--help"],
            &["rate", "--help"],
            &["hint", "--help"],
            &["canon", "--help"],
            &["candidates", "--help"],
            &["solutions", "--help"],
            &["convert", "--help"],
            &["killer", "--help"],
            &["killer", "solve", "--help"],
            &["killer", "count", "--help"],
            &["killer", "generate", "--help"],
            &["render", "--help"],
            &["killer", "render", "--help"],
        ];
        for command in commands {
            let output = sudoku(command, b"");
            assert_eq!(output.status.code(), Some(0));
            let name = command.join("_").replace("--", "");
            insta::assert_snapshot!(name, text(&output.stdout));
        }
    }

    #[test]
    fn usage_errors_exit_two() {
        let output = sudoku(&["solve", "--algo", "magic"], b"");
        assert_eq!(output.status.code(), Some(2));
        insta::assert_snapshot!("usage_errors_exit_two", text(&output.stderr));
        let output = sudoku(&["solve", "--jobs", "100000"], b"");
        insta::assert_snapshot!("jobs_above_the_cap", text(&output.stderr));
        assert_eq!(sudoku(&["frobnicate"], b"").status.code(), Some(2));
    }
}

mod sizes_and_variants {
    use super::*;
    use sudoku_core::{CountSolutions, Puzzle, PuzzleReader};

    /// The puzzles of `text`, as the core reader reads them (every size and variant).
    fn puzzles(text: &str) -> Vec<Puzzle> {
        PuzzleReader::new(text.as_bytes())
            .any_size()
            .map(|r| r.expect("the test input reads").puzzle)
            .collect()
    }

    /// A puzzle with the rules of `like` and the cells of `line`.
    fn with_rules_of(like: &Puzzle, line: &str) -> Puzzle {
        let cells: Puzzle = line.parse().unwrap();
        Puzzle::with_rules(like.shared_rules().clone(), cells.cells().to_vec()).unwrap()
    }

    /// Sizes and variants made by `generate`, in every form, mixed with a classic puzzle and
    /// a bad line: one answer per puzzle, in order, each a solution of its puzzle under its
    /// own rules.
    #[test]
    fn every_size_is_detected_per_puzzle_and_solved() {
        let mut input = String::new();
        for args in [
            &["--size", "4"][..],
            &["--size", "6", "--variant", "x"],
            &["--size", "12"],
            &["--size", "16"],
            &["--variant", "windoku"],
            &["--variant", "jigsaw,x"],
        ] {
            let mut all = vec!["generate", "--seed", "3"];
            all.extend_from_slice(args);
            let made = sudoku(&all, b"");
            assert_eq!(
                made.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&made.stderr)
            );
            input.push_str(&text(&made.stdout));
        }
        // The 16x16 puzzle again as whitespace-separated numbers, as research instance files
        // write them.
        let sixteen = &puzzles(&input)[3];
        input.push_str("16\n");
        for row in sixteen.cells().chunks(16) {
            let numbers: Vec<String> = row.iter().map(|d| d.to_string()).collect();
            input.push_str(&numbers.join(" "));
            input.push('\n');
        }
        input.push_str(&format!("{EASY}\n1.3.x\n"));
        let expected = puzzles(&input.replace("1.3.x\n", ""));
        assert_eq!(expected.len(), 8);
        for algo in ["mrv", "dlx"] {
            let output = sudoku(&["solve", "--algo", algo], input.as_bytes());
            assert_eq!(output.status.code(), Some(1), "the bad line fails");
            let lines: Vec<String> = text(&output.stdout).lines().map(String::from).collect();
            assert_eq!(lines.len(), 9, "{algo}: one record per puzzle");
            assert_eq!(lines[8], "malformed");
            for (puzzle, line) in expected.iter().zip(&lines) {
                let solution = with_rules_of(puzzle, line);
                assert!(solution.solves(puzzle), "{algo}: {line} for {puzzle}");
            }
            let stderr = text(&output.stderr);
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.starts_with("<stdin>:"), "{stderr}");
        }
        let checked = sudoku(&["check"], input.as_bytes());
        assert_eq!(
            text(&checked.stdout),
            format!("{}malformed\n", "ok\n".repeat(8))
        );
        let counted = sudoku(&["count", "--limit", "3"], input.as_bytes());
        assert_eq!(
            text(&counted.stdout),
            format!("{}malformed\n", "1\n".repeat(8))
        );
    }

    #[test]
    fn generated_variants_are_unique_and_read_back_with_their_rules() {
        let made = sudoku(
            &[
                "generate",
                "--variant",
                "jigsaw",
                "--count",
                "3",
                "--seed",
                "5",
            ],
            b"",
        );
        assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
        let read = puzzles(&text(&made.stdout));
        assert_eq!(read.len(), 3);
        let mut solver = sudoku_mrv::MrvVariantSolver::default();
        for puzzle in &read {
            assert!(puzzle.rules().jigsaw().is_some(), "{puzzle}");
            assert_eq!(solver.count_solutions(puzzle, 2), 1, "{puzzle}");
        }
        let json = sudoku(
            &["generate", "--size", "6", "--format", "json", "--seed", "5"],
            b"",
        );
        let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let puzzle: Puzzle = record["givens"].as_str().unwrap().parse().unwrap();
        let solution = with_rules_of(&puzzle, record["solution"].as_str().unwrap());
        assert!(solution.solves(&puzzle));
        assert_eq!(record["clues"], puzzle.filled());
        assert_eq!(record["minimal"], true);
        // The same seed gives the same puzzles.
        let again = sudoku(
            &[
                "generate",
                "--variant",
                "jigsaw",
                "--count",
                "3",
                "--seed",
                "5",
                "--jobs",
                "2",
            ],
            b"",
        );
        assert_eq!(again.stdout, made.stdout);
    }

    #[test]
    fn bad_sizes_regions_and_options_give_clear_errors() {
        // A 4x4 jigsaw layout that no grid fits: whatever the givens, no solution, and the
        // message says why.
        let layout = "AAABADBBDDCBDCCC";
        let empty: Puzzle = ".".repeat(16).parse().unwrap();
        let rules = empty
            .rules()
            .clone()
            .with_jigsaw(&layout.chars().collect::<Vec<_>>())
            .unwrap();
        let no_grid = Puzzle::new(rules, vec![0; 16]).unwrap();
        assert_eq!(sudoku_testing::reference_count_any(&no_grid, 1), 0);
        let input = format!(
            "{{\"givens\":\"1...............\",\"regions\":\"{layout}\"}}\n\
             {{\"givens\":\"1...............\",\"regions\":\"AAAABBBBCCCCDDDA\"}}\n\
             {}\n",
            ".".repeat(49)
        );
        let output = sudoku(&["check"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(text(&output.stdout), "no solution\nmalformed\nmalformed\n");
        let stderr = text(&output.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(
            lines[0],
            "<stdin>:1: no solution: no grid fits these regions, whatever the givens"
        );
        assert!(lines[1].starts_with("<stdin>:2:"), "{stderr}");
        assert!(lines[1].contains("region"), "{stderr}");
        assert!(lines[2].starts_with("<stdin>:3:"), "{stderr}");
        // Subcommands of the 9x9 ladder say that they take classic puzzles.
        let rated = sudoku(&["rate"], ".".repeat(256).as_bytes());
        assert_eq!(text(&rated.stdout), "not classic\n");
        assert_eq!(
            text(&rated.stderr),
            "<stdin>:1: rate takes classic 9x9 puzzles; this is a 16x16 puzzle\n"
        );
        for (args, message) in [
            (
                &["generate", "--size", "7"][..],
                "no board of side 7 with boxes",
            ),
            (
                &["generate", "--size", "16", "--variant", "windoku"],
                "windoku windows are defined on the 9x9 board",
            ),
            (
                &["generate", "--size", "4", "--clues", "2"],
                "at least 3 clues",
            ),
            (
                &["generate", "--variant", "jigsaw", "--format", "grid"],
                "cannot show a variant's rules",
            ),
            // A drawing of an X or windoku puzzle would read back as a plain puzzle, with
            // several solutions.
            (
                &["generate", "--variant", "x", "--format", "grid"],
                "cannot show a variant's rules",
            ),
            (
                &["generate", "--variant", "windoku", "--format", "grid"],
                "cannot show a variant's rules",
            ),
            (
                &["generate", "--size", "6", "--difficulty", "hard"],
                "--difficulty",
            ),
        ] {
            let output = sudoku(args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(
                text(&output.stderr).contains(message),
                "{args:?}: {}",
                text(&output.stderr)
            );
        }
    }
}

/// Interruptions: a failed diagnostic, a signal, a slow puzzle among fast ones.
#[cfg(unix)]
mod interruptions {
    use super::*;
    use std::time::{Duration, Instant};

    /// A file of `fast` easy puzzles, then `slow` puzzles that never end unbounded (counting
    /// the solutions of an empty grid to a billion).
    fn fast_then_slow(name: &str, fast: usize, slow: usize) -> std::path::PathBuf {
        let mut text = format!("{EASY}\n").repeat(fast);
        text.push_str(&format!("{}\n", ".".repeat(81)).repeat(slow));
        temp_file(name, text.as_bytes())
    }

    fn spawn(args: &[&str]) -> std::process::Child {
        Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs")
    }

    /// Waits for `child` to end, at most `limit`: its status, or `None` (then kills it).
    fn wait_at_most(child: &mut std::process::Child, limit: Duration) -> Option<i32> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        None
    }

    #[test]
    fn a_failed_diagnostic_loses_no_answer() {
        // 300 puzzles without solution: 300 diagnostics, none of which can be written.
        let path = workspace_file("benchdata/nosol.txt");
        let full = std::fs::File::create("/dev/full").expect("Linux has /dev/full");
        let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", &path])
            .stdout(Stdio::piped())
            .stderr(full)
            .output()
            .unwrap();
        assert_eq!(text(&output.stdout).lines().count(), 300);
        assert_eq!(output.status.code(), Some(1), "not a panic (101)");
        // Standard error a pipe whose reader is gone, as under `2>&1 >out | head -1`.
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", &path])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let mut out = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out.lines().count(), 300);
        assert_eq!(child.wait().unwrap().code(), Some(1));
    }

    #[test]
    fn a_full_standard_output_is_named() {
        let full = std::fs::File::create("/dev/full").unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["solve", &workspace_file("benchdata/easy.txt")])
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(
            text(&output.stderr).starts_with("sudoku: writing standard output: No space left"),
            "{}",
            text(&output.stderr)
        );
    }

    #[test]
    fn an_answer_ahead_of_a_slow_puzzle_comes_at_once() {
        // One worker, one batch: the first answer must not wait for the second puzzle, which
        // takes its whole time limit.
        let path = fast_then_slow("ahead.txt", 1, 1);
        let mut child = spawn(&[
            "count",
            "--limit",
            "1000000000",
            "--time-limit",
            "20",
            "--jobs",
            "1",
            path.to_str().unwrap(),
        ]);
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        assert_eq!(first, "1\n");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the first answer came only when the run ended"
        );
        let _ = child.kill();
        let _ = child.wait();
    }

    #[test]
    fn sigint_and_sigterm_write_every_finished_answer() {
        let path = fast_then_slow("signal.txt", 10, 30);
        for (signal, status) in [("-INT", 130), ("-TERM", 143)] {
            let mut child = spawn(&[
                "count",
                "--limit",
                "1000000000",
                "--jobs",
                "2",
                path.to_str().unwrap(),
            ]);
            let mut out = BufReader::new(child.stdout.take().unwrap());
            let mut lines = Vec::new();
            for _ in 0..10 {
                let mut line = String::new();
                out.read_line(&mut line).unwrap();
                lines.push(line);
            }
            assert!(lines.iter().all(|l| l == "1\n"), "{lines:?}");
            let sent = Command::new("kill")
                .args([signal, &child.id().to_string()])
                .status()
                .unwrap();
            assert!(sent.success());
            let code = wait_at_most(&mut child, Duration::from_secs(20));
            assert_eq!(code, Some(status), "{signal}");
            let mut rest = String::new();
            out.read_to_string(&mut rest).unwrap();
            assert_eq!(rest, "", "nothing after the finished answers");
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            assert!(
                err.contains("stopped by SIG") && err.contains("10 puzzles answered"),
                "{err}"
            );
        }
    }
}

/// `--shard I/N`: the parts' outputs, concatenated in order, are the whole run's output.
mod shards {
    use super::*;

    fn concatenated(args: &[&str], parts: u64) -> (String, String) {
        let whole = text(&sudoku(args, b"").stdout);
        let mut joined = String::new();
        for i in 1..=parts {
            let shard = format!("{i}/{parts}");
            let mut with = args.to_vec();
            with.extend(["--shard", &shard]);
            joined.push_str(&text(&sudoku(&with, b"").stdout));
        }
        (whole, joined)
    }

    #[test]
    fn parts_of_a_file_concatenate_to_the_whole() {
        // Good and bad records, a drawing over several lines, and two files.
        let mut mixed = format!("{EASY}\nnot a puzzle\n{ESCARGOT}\n");
        mixed.push_str(&format!("{EASY_SOLUTION}\n# comment\n{TWO}\n"));
        let a = temp_file("shard-a.txt", mixed.as_bytes());
        let b = workspace_file("benchdata/easy.txt");
        for parts in [1, 2, 3, 7, 400] {
            let (whole, joined) = concatenated(&["solve", a.to_str().unwrap(), &b], parts);
            assert_eq!(whole, joined, "{parts} parts");
        }
        let (whole, joined) = concatenated(&["rate", "--format", "json", a.to_str().unwrap()], 3);
        assert_eq!(whole, joined);
    }

    #[test]
    fn parts_of_a_generation_concatenate_to_the_whole() {
        let (whole, joined) = concatenated(&["generate", "--count", "7", "--seed", "5"], 3);
        assert_eq!(whole.lines().count(), 7);
        assert_eq!(whole, joined);
        let (whole, joined) =
            concatenated(&["killer", "generate", "--count", "4", "--seed", "2"], 3);
        assert_eq!(whole, joined);
    }

    #[test]
    fn a_shard_needs_files_and_a_valid_part() {
        let output = sudoku(&["solve", "--shard", "1/2"], format!("{EASY}\n").as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains("name files, not standard input"));
        let output = sudoku(&["generate", "--shard", "0/2"], b"");
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains("I from 1 to N"));
    }
}

#[path = "suite/variants.rs"]
mod variants;
