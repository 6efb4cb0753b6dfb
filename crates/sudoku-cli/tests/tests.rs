//! Runs the `sudoku` binary on good, bad and mixed input.

use std::io::{Read, Write};
use std::process::{Command, Output, Stdio};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

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

mod solve {
    use super::*;

    #[test]
    fn answers_in_order_and_goes_on_after_bad_puzzles() {
        let input = format!(
            "{EASY}\n{}\n\n{ESCARGOT}\n5...5{}\nhello\n",
            &EASY[..80],
            ".".repeat(76)
        );
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(1),
            "a rejected puzzle makes the status 1"
        );
        insta::assert_snapshot!(text(&output.stdout), @r"
        534678912672195348198342567859761423426853791713924856961537284287419635345286179
        <stdin>:2: found 80 cells, expected 81
        162857493534129678789643521475312986913586742628794135356478219241935867897261354
        <stdin>:5: clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c5
        <stdin>:6: column 1: invalid character 'h' (a cell is 1-9, '.' or '0')
        ");
    }

    #[test]
    fn all_good_exits_zero_with_every_algorithm() {
        let input = format!("{EASY}\n{ESCARGOT}\n");
        for algo in ["mrv", "dlx", "abc"] {
            let output = sudoku(&["solve", "--algo", algo], input.as_bytes());
            assert_eq!(
                output.status.code(),
                Some(0),
                "{algo}: {}",
                text(&output.stderr)
            );
            assert_eq!(
                text(&output.stdout),
                format!("{EASY_SOLUTION}\n{ESCARGOT_SOLUTION}\n"),
                "{algo}"
            );
        }
    }

    #[test]
    fn drawings_and_lines_mix() {
        let grid: sudoku_core::Grid = EASY.parse().unwrap();
        let input = format!("{grid:#}\n{ESCARGOT}\r\n");
        let output = sudoku(&["solve"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\n{ESCARGOT_SOLUTION}\n")
        );
    }

    #[test]
    fn no_solution_exits_one() {
        let wrong = ESCARGOT.replacen("1....", "12...", 1);
        let output = sudoku(&["solve"], format!("{wrong}\n").as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(text(&output.stdout), "<stdin>:1: no solution\n");
    }

    #[test]
    fn jobs_keep_the_order() {
        let mut input = String::new();
        let mut expected = String::new();
        for i in 0..3000 {
            if i % 7 == 3 {
                input.push_str("bad\n");
                expected.push_str(&format!(
                    "<stdin>:{}: column 1: invalid character 'b' (a cell is 1-9, '.' or '0')\n",
                    i + 1
                ));
            } else if i % 2 == 0 {
                input.push_str(EASY);
                input.push('\n');
                expected.push_str(EASY_SOLUTION);
                expected.push('\n');
            } else {
                input.push_str(ESCARGOT);
                input.push('\n');
                expected.push_str(ESCARGOT_SOLUTION);
                expected.push('\n');
            }
        }
        let output = sudoku(&["solve", "--jobs", "2"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        let got = text(&output.stdout);
        assert!(
            got == expected,
            "order or content differs; first lines: {:?}",
            got.lines().take(5).collect::<Vec<_>>()
        );
    }

    #[test]
    fn formats_grid_and_json() {
        let output = sudoku(
            &["solve", "--format", "grid"],
            format!("{EASY}\n").as_bytes(),
        );
        let out = text(&output.stdout);
        assert!(out.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"), "{out}");
        assert!(out.ends_with("3 4 5 | 2 8 6 | 1 7 9\n\n"), "{out}");
        let output = sudoku(
            &["solve", "--format", "json", "--stats"],
            format!("{EASY}\nx\n").as_bytes(),
        );
        let lines: Vec<serde_json::Value> = text(&output.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["status"], "solved");
        assert_eq!(lines[0]["solution"], EASY_SOLUTION);
        assert_eq!(lines[0]["line"], 1);
        assert!(lines[0]["nodes"].is_u64());
        assert_eq!(lines[1]["status"], "malformed");
        assert_eq!(lines[1]["line"], 2);
    }

    #[test]
    fn files_are_named_in_errors_and_a_missing_file_is_an_io_error() {
        let dir = std::env::temp_dir().join(format!("sudoku-cli-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("set.txt");
        std::fs::write(&file, format!("{EASY}\n12\n")).unwrap();
        let name = file.to_str().unwrap();
        let output = sudoku(&["solve", name, "no-such-file.txt"], b"");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            text(&output.stdout),
            format!("{EASY_SOLUTION}\n{name}:2: found 2 cells, expected 81\n")
        );
        assert!(
            text(&output.stderr).contains("cannot open no-such-file.txt"),
            "{}",
            text(&output.stderr)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

mod count_and_check {
    use super::*;

    #[test]
    fn count_stops_at_the_limit() {
        let empty = ".".repeat(81);
        let input = format!("{EASY}\n{empty}\n");
        let output = sudoku(&["count"], input.as_bytes());
        assert_eq!(text(&output.stdout), "1\n2\n");
        assert_eq!(output.status.code(), Some(0));
        let output = sudoku(
            &["count", "--limit", "50", "--algo", "dlx"],
            input.as_bytes(),
        );
        assert_eq!(text(&output.stdout), "1\n50\n");
        let output = sudoku(&["count", "--algo", "abc"], input.as_bytes());
        assert_eq!(output.status.code(), Some(2));
    }

    #[test]
    fn check_names_each_kind() {
        let wrong = ESCARGOT.replacen("1....", "12...", 1);
        let input = format!(
            "{EASY}\n55{}\n{wrong}\n{}\n{}\n",
            ".".repeat(79),
            ".".repeat(81),
            &EASY[..10]
        );
        let output = sudoku(&["check"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        insta::assert_snapshot!(text(&output.stdout), @r"
        <stdin>:1: ok
        <stdin>:2: clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c2
        <stdin>:3: no solution
        <stdin>:4: several solutions
        <stdin>:5: found 10 cells, expected 81
        ");
    }
}

mod robustness {
    use super::*;

    /// The largest resident set size seen while `child` runs, in KiB (0 where /proc is absent).
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

    /// Streams `lines` lines from `make` into `sudoku solve`, returning the number of output
    /// lines, the exit code and the peak memory in KiB.
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
        let mut stdout = child.stdout.take().unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watcher = {
            let stop = stop.clone();
            std::thread::spawn(move || watch_memory(pid, &stop))
        };
        let mut count = 0;
        let mut first = String::new();
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            let n = stdout.read(&mut chunk).unwrap();
            if n == 0 {
                break;
            }
            if first.len() < 200 {
                first.push_str(&String::from_utf8_lossy(&chunk[..n.min(200)]));
            }
            count += chunk[..n].iter().filter(|&&b| b == b'\n').count();
        }
        writer.join().unwrap();
        let status = child.wait().unwrap();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        (count, status.code(), watcher.join().unwrap(), first)
    }

    #[test]
    fn a_million_lines_stream_in_flat_memory() {
        let line = format!("{EASY_SOLUTION}\n").into_bytes();
        let (count, code, peak_kib, _) = stream(&["solve"], 1_000_000, move |_| line.clone());
        assert_eq!(count, 1_000_000);
        assert_eq!(code, Some(0));
        // The input is 82 MB; a program that held it would need far more than this.
        assert!(peak_kib < 40 * 1024, "peak memory {peak_kib} KiB");
    }

    #[test]
    fn a_100_mb_line_is_rejected_without_holding_it() {
        let (count, code, peak_kib, first) = stream(&["solve"], 1 + 100 * 1024 + 1, move |i| {
            if i == 0 {
                Vec::new()
            } else if i <= 100 * 1024 {
                vec![b'7'; 1024]
            } else {
                format!("\n{EASY}\n").into_bytes()
            }
        });
        assert_eq!(count, 2);
        assert_eq!(code, Some(1));
        assert!(first.starts_with("<stdin>:1: line longer than"), "{first}");
        assert!(peak_kib < 40 * 1024, "peak memory {peak_kib} KiB");
    }

    #[test]
    fn binary_junk_nul_bytes_and_empty_input_do_not_panic() {
        let mut junk: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        junk.extend_from_slice(b"\n\0\0\0\n");
        junk.extend_from_slice(EASY.as_bytes());
        let output = sudoku(&["solve"], &junk);
        assert_eq!(output.status.code(), Some(1));
        let out = text(&output.stdout);
        assert!(out.ends_with(&format!("{EASY_SOLUTION}\n")), "{out}");
        assert!(!text(&output.stderr).contains("panicked"));
        let output = sudoku(&["solve"], b"");
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stdout.is_empty());
    }
}

mod generate_rate_hint {
    use super::*;
    use sudoku_core::Grid;
    use sudoku_core::testing::reference_count;

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

    #[test]
    fn rate_and_hint() {
        let input = format!("{EASY}\n{ESCARGOT}\n");
        let output = sudoku(&["rate"], input.as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let out = text(&output.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with("easy\tnaked single\tsearch effort 0.0"),
            "{out}"
        );
        assert!(
            lines[1].starts_with("expert\tneeds search\tsearch effort "),
            "{out}"
        );
        let output = sudoku(&["hint", "--format", "json"], input.as_bytes());
        let hints: Vec<serde_json::Value> = text(&output.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(hints[0]["status"], "step");
        assert!(hints[0]["technique"].as_str().unwrap().contains("single"));
        let placements = hints[0]["placements"].as_array().unwrap();
        let solution: Grid = EASY_SOLUTION.parse().unwrap();
        for placement in placements {
            let (cell, digit) = (
                placement[0].as_u64().unwrap() as usize,
                placement[1].as_u64().unwrap() as u8,
            );
            assert_eq!(solution[cell], digit, "a hint never places a wrong digit");
        }
        let output = sudoku(
            &["hint"],
            format!("{EASY_SOLUTION}\n{}\n", ".".repeat(81)).as_bytes(),
        );
        assert_eq!(text(&output.stdout), "solved\nneeds search\n");
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

    #[test]
    fn solves_and_counts_json_lines_and_reports_bad_lines() {
        let good = format!("{{\"cage_map\": \"{MAP}\", \"cage_sums\": {SUMS}}}");
        let bad_sum = good.replacen("[11,", "[12,", 1);
        let input = format!("{good}\n{bad_sum}\n{good}\n");
        let output = sudoku(&["killer", "solve"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        let out = text(&output.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0], SOLUTION);
        assert!(lines[1].starts_with("<stdin>:2: "), "{out}");
        assert_eq!(lines[2], SOLUTION);
        let output = sudoku(&["killer", "count"], format!("{good}\n").as_bytes());
        assert_eq!(text(&output.stdout), "1\n");
        assert_eq!(output.status.code(), Some(0));
        let output = sudoku(
            &["killer", "solve"],
            format!("{good}\n{{ oops\n").as_bytes(),
        );
        assert_eq!(output.status.code(), Some(1));
        assert!(
            text(&output.stdout).contains("<stdin>:2: invalid JSON"),
            "{}",
            text(&output.stdout)
        );
    }

    #[test]
    fn generated_killers_are_unique() {
        let output = sudoku(&["killer", "generate", "--count", "2", "--seed", "5"], b"");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let made = text(&output.stdout);
        assert_eq!(made.lines().count(), 2);
        let counted = sudoku(&["killer", "count"], made.as_bytes());
        assert_eq!(text(&counted.stdout), "1\n1\n");
    }
}

mod help {
    use super::*;

    #[test]
    fn help_texts() {
        let commands: [&[&str]; 10] = [
            &["--help"],
            &["solve", "--help"],
            &["count", "--help"],
            &["check", "--help"],
            &["generate", "--help"],
            &["rate", "--help"],
            &["hint", "--help"],
            &["killer", "solve", "--help"],
            &["killer", "count", "--help"],
            &["killer", "generate", "--help"],
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
        insta::assert_snapshot!(text(&output.stderr));
        assert_eq!(sudoku(&["frobnicate"], b"").status.code(), Some(2));
        assert_eq!(
            sudoku(&["solve", "--jobs", "0"], b"").status.code(),
            Some(2)
        );
    }
}
