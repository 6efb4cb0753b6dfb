//! OR-tools CP-SAT as a peer of the killer solver (`--peer`), through
//! `docs/killer_cpsat.py --serve`: one Python process per runner (so one per set, or per thread
//! with `--jobs N`), fed one puzzle per line, answering each with its solution, its count in
//! `count` mode, and the time it measured itself (model building and solving, without the
//! pipe), which the harness takes as the puzzle's time. Its answers go through the same checks
//! as every other algorithm's.
//!
//! Optional: when `python3 -c "import ortools"` fails (or the Python named by `SUDOKU_PYTHON`
//! has no OR-tools), the peer is left out with a note on standard error.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use sudoku_core::{Filled, Grid, Tally, Verdict};

use super::args::Mode;
use super::data::{Puzzle, SetKind};
use super::runners::{Answer, Registry, Runner};
use crate::workspace_root;

/// The peer's name in tables and `--algo`.
const NAME: &str = "cp-sat";

/// The Python that runs the script: `SUDOKU_PYTHON`, or `python3` from the path.
fn python() -> String {
    std::env::var("SUDOKU_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Adds the CP-SAT peer for killer sets when its Python can import OR-tools; otherwise says
/// why it is left out.
pub(crate) fn register(registry: &mut Registry) {
    let python = python();
    let found = Command::new(&python)
        .args(["-c", "import ortools"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if found {
        registry.add(SetKind::Killer, NAME, || {
            Box::new(CpSat::new("docs/killer_cpsat.py"))
        });
        registry.add(SetKind::Constraint, NAME, || {
            Box::new(CpSat::new("docs/variants_cpsat.py"))
        });
    } else {
        eprintln!(
            "note: peer {NAME} skipped: `{python} -c \"import ortools\"` failed \
             (pip install ortools, or set SUDOKU_PYTHON to a Python that has it)"
        );
    }
}

/// The running script: its input and output.
struct Process {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// CP-SAT on killer puzzles or on variant puzzles with constraints, through `script`. The
/// process starts at the first puzzle.
struct CpSat {
    script: &'static str,
    process: Option<Process>,
    /// The time the script measured for the last puzzle.
    last: Option<Duration>,
}

impl CpSat {
    fn new(script: &'static str) -> CpSat {
        CpSat {
            script,
            process: None,
            last: None,
        }
    }

    fn process(&mut self) -> &mut Process {
        let script = workspace_root().join(self.script);
        self.process.get_or_insert_with(|| {
            let mut child = Command::new(python())
                .arg(&script)
                .arg("--serve")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap_or_else(|err| panic!("{NAME}: cannot start {}: {err}", script.display()));
            let input = child.stdin.take().expect("piped standard input");
            let output = BufReader::new(child.stdout.take().expect("piped standard output"));
            Process {
                child,
                input,
                output,
            }
        })
    }

    /// Sends one request and reads its reply.
    fn ask(&mut self, request: &str) -> Value {
        let process = self.process();
        let mut reply = String::new();
        let sent = writeln!(process.input, "{request}").and_then(|()| process.input.flush());
        let read = sent.and_then(|()| process.output.read_line(&mut reply));
        match read {
            Ok(n) if n > 0 => serde_json::from_str(&reply)
                .unwrap_or_else(|err| panic!("{NAME}: bad reply {reply:?}: {err}")),
            // The script wrote its error on standard error, which the bench shares.
            _ => panic!("{NAME}: the script stopped (see its error above)"),
        }
    }
}

impl Drop for CpSat {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            // End of input ends the script.
            let Process {
                mut child, input, ..
            } = process;
            drop(input);
            let _ = child.wait();
        }
    }
}

impl Runner for CpSat {
    fn name(&self) -> &str {
        NAME
    }
    fn complete(&self) -> bool {
        true
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let mode_name = match mode {
            Mode::Solve => "solve",
            Mode::Count => "count",
        };
        let body = match puzzle {
            Puzzle::Killer(puzzle) => puzzle.to_json_line(),
            Puzzle::Constraint(puzzle) => puzzle
                .to_fpuzzles()
                .unwrap_or_else(|err| panic!("{NAME}: {err}")),
            _ => unreachable!("{NAME} gets killer and constraint sets"),
        };
        let request = format!("{{\"mode\":\"{mode_name}\",\"puzzle\":{body}}}");
        let reply = self.ask(&request);
        self.last = reply["micros"]
            .as_f64()
            .map(|micros| Duration::from_secs_f64(micros / 1e6));
        if mode == Mode::Count {
            return Answer::Count(reply["count"].as_u64().expect("a count") as usize);
        }
        let line = reply["solution"].as_str();
        match puzzle {
            Puzzle::Constraint(puzzle) => Answer::Filled(match line {
                Some(line) => {
                    let cells = line
                        .chars()
                        .map(|ch| ch.to_digit(36).unwrap_or(0) as u8)
                        .collect();
                    Verdict::Solved(
                        Filled::new(puzzle.size(), cells)
                            .unwrap_or_else(|err| panic!("{NAME}: bad solution {line:?}: {err}")),
                    )
                }
                None => Verdict::NoSolution,
            }),
            _ => Answer::Verdict(match line {
                Some(line) => Verdict::Solved(
                    line.parse::<Grid>()
                        .unwrap_or_else(|err| panic!("{NAME}: bad solution {line:?}: {err}")),
                ),
                None => Verdict::NoSolution,
            }),
        }
    }
    fn stats(&self) -> Tally {
        Tally::default()
    }
    fn own_time(&self) -> Option<Duration> {
        self.last
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::bench::args::run_args;
    use crate::bench::data::PuzzleSet;
    use crate::bench::harness::bench_set;

    /// krazydad "Killer Intermediate" volume 1, book 1, puzzle 1, with its solution; then the
    /// same cages with the sums of its first two cages swapped, which has no solution.
    const SET: &str = concat!(
        r#"{"cage_map":"ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee","#,
        r#""cage_sums":[11,25,14,9,12,15,4,14,6,40,3,15,9,8,12,38,11,15,13,6,4,17,7,13,10,6,26,4,15,11,12],"#,
        r#""solution":"184652793526793184739184562653278419941365827278941356895427631412836975367519248"}"#,
        "\n",
        r#"{"cage_map":"ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee","#,
        r#""cage_sums":[25,11,14,9,12,15,4,14,6,40,3,15,9,8,12,38,11,15,13,6,4,17,7,13,10,6,26,4,15,11,12]}"#,
        "\n",
    );

    /// Where Python has OR-tools, the peer runs beside the killer solver and its answers pass
    /// the same checks, in both modes; elsewhere the test says it is skipped.
    #[test]
    fn cp_sat_answers_are_checked_beside_the_killer_solver() {
        let mut registry = Registry::new(false);
        register(&mut registry);
        if !registry.knows(NAME) {
            eprintln!("skipped: no Python with OR-tools");
            return;
        }
        let set = PuzzleSet::parse_killer(Path::new("test.jsonl"), SET, None).unwrap();
        for mode in ["solve", "count"] {
            let args = run_args(&["--algo", "killer,cp-sat", "--passes", "1", "--mode", mode]);
            let reports = bench_set(&set, &registry, &args).unwrap();
            let cp_sat = reports.iter().find(|r| r.name == NAME).expect("cp-sat ran");
            assert!(cp_sat.wrong.is_empty(), "{:?}", cp_sat.wrong);
            assert_eq!((cp_sat.solved, cp_sat.no_solution), (1, 1), "{mode}");
            assert_eq!(cp_sat.verified, 2, "{mode}");
            assert!(cp_sat.median > Duration::ZERO);
        }
    }

    /// The independent check of the constraint engine on 9x9: random variant puzzles with
    /// constraints of every kind (read from a random solved board, so each has a solution, and
    /// with a few givens, so many have several), counted to 2 by CP-SAT's model of each rule and
    /// by the engine, and when unique solved to the same board. Where Python has no OR-tools,
    /// the test says it is skipped.
    #[test]
    fn cp_sat_agrees_with_the_constraint_engine_on_random_9x9_variants() {
        use sudoku_core::{ConstraintPuzzle, CountSolutions, Solver};
        let mut registry = Registry::new(false);
        register(&mut registry);
        if !registry.knows(NAME) {
            eprintln!(
                "skipped: cp-sat cross-check of the constraint engine: no Python with OR-tools"
            );
            return;
        }
        let mut cp_sat = CpSat::new("docs/variants_cpsat.py");
        let mut engine = sudoku_constraints::ConstraintSolver::default();
        let mut unique = 0;
        for seed in 0..40u64 {
            let (puzzle, board) =
                sudoku_testing::random_variant(seed, 9, 24, 20 + (seed % 10) as usize, true);
            assert!(puzzle.is_solution(&board));
            let wrapped = Puzzle::Constraint(Box::new(puzzle.clone()));
            let theirs = cp_sat.run(&wrapped, Mode::Count);
            let ours = engine.count_solutions(&puzzle, 2);
            assert_eq!(
                theirs,
                Answer::Count(ours),
                "seed {seed}: {:?}",
                puzzle.constraints()
            );
            if ours == 1 {
                unique += 1;
                let Answer::Filled(Verdict::Solved(found)) = cp_sat.run(&wrapped, Mode::Solve)
                else {
                    panic!("seed {seed}: cp-sat found no solution");
                };
                assert_eq!(Some(found), engine.solve(&puzzle).solution(), "seed {seed}");
            }
            let _: &ConstraintPuzzle = &puzzle;
        }
        assert!(unique > 0, "some puzzles are unique");
    }
}
