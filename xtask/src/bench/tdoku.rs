//! tdoku (Tom Dillon's SIMD solver, github.com/t-dillon/tdoku) as a peer of the classic
//! solvers (`--peer`): its fastest solver, `dpll_triad_simd`, compiled by xtask's build script
//! with `-O3 -march=native` from the source folder `SUDOKU_TDOKU_DIR` names when xtask is
//! built, and called in this process through its C entry point. Without the folder the peer
//! is left out, and the bench says why. Nothing of tdoku is in this repository.
//!
//! The time of a call is the C call alone (the bench's clash check and the conversion of the
//! grid to tdoku's text are outside it). tdoku keeps its solver in globals, so calls are
//! serialized: with `--jobs N` its time per puzzle is right, its throughput is one thread's.

use super::runners::Registry;

/// The peer's name in tables and `--algo`.
#[cfg_attr(not(tdoku), allow(dead_code))]
const NAME: &str = "tdoku";

/// What the build script did: the folder it compiled, or why it compiled nothing.
#[cfg_attr(tdoku, allow(dead_code))]
pub(crate) const BUILD: &str = env!("XTASK_TDOKU");

/// Adds tdoku for classic sets when it was compiled in; otherwise says why it is left out.
pub(crate) fn register(registry: &mut Registry) {
    #[cfg(tdoku)]
    registry.add(super::data::SetKind::Classic, NAME, || {
        Box::new(linked::Tdoku::default())
    });
    #[cfg(not(tdoku))]
    {
        let _ = registry;
        eprintln!("note: peer tdoku skipped: {BUILD}");
    }
}

#[cfg(tdoku)]
#[allow(unsafe_code)]
mod linked {
    //! The C entry point and the runner around it. The one `unsafe` block is the call itself:
    //! a foreign function, which the compiler cannot check.

    use std::ffi::c_char;
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    use sudoku_core::{Grid, Tally, Verdict};

    use super::NAME;
    use crate::bench::args::Mode;
    use crate::bench::data::Puzzle;
    use crate::bench::runners::{Answer, Runner, classic};

    unsafe extern "C" {
        /// tdoku's `include/tdoku.h`: solves `puzzle` (81 bytes, `1`-`9` or `.`, then a byte
        /// below `.`), stopping at `limit` solutions; writes the solution (81 bytes) when
        /// `limit` is 1, and the guesses it made. Returns the solutions found.
        fn TdokuSolverDpllTriadSimd(
            puzzle: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }

    /// tdoku's solver objects are globals: one call at a time.
    static CALL: Mutex<()> = Mutex::new(());

    /// Counts up to `limit` solutions of `puzzle` (no clashing givens), with the solution when
    /// `limit` is 1, the guesses, and the time of the call.
    fn solve(puzzle: &Grid, limit: usize) -> (usize, Option<Grid>, usize, Duration) {
        let mut input = [0u8; 82];
        for (byte, &digit) in input.iter_mut().zip(puzzle.cells()) {
            *byte = if digit == 0 { b'.' } else { b'0' + digit };
        }
        let mut solution = [0u8; 81];
        let mut guesses = 0usize;
        let _one = CALL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let started = Instant::now();
        // SAFETY: `input` is 81 cells and a terminating 0 (so tdoku reads a classic puzzle, not
        // pencil marks); `solution` has the 81 bytes tdoku writes; `guesses` is a valid
        // `size_t`; the lock keeps tdoku's global solver to one caller.
        let found = unsafe {
            TdokuSolverDpllTriadSimd(
                input.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        let elapsed = started.elapsed();
        let grid = (limit == 1 && found > 0).then(|| {
            let cells = solution.map(|byte| byte.wrapping_sub(b'0'));
            Grid::from_cells(cells).unwrap_or_else(|err| panic!("{NAME}: bad solution: {err}"))
        });
        (found, grid, guesses, elapsed)
    }

    /// The runner: the time and guesses of its last call.
    #[derive(Default)]
    pub(super) struct Tdoku {
        last: Option<Duration>,
        guesses: u64,
    }

    impl Runner for Tdoku {
        fn name(&self) -> &str {
            NAME
        }
        fn complete(&self) -> bool {
            true
        }
        fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
            let grid = classic(puzzle);
            // tdoku checks no input: clashing givens are answered here, untimed.
            if let Some(clash) = grid.clash() {
                self.last = Some(Duration::ZERO);
                self.guesses = 0;
                return match mode {
                    Mode::Solve => Answer::Verdict(Verdict::Clash(clash)),
                    Mode::Count => Answer::Count(0),
                };
            }
            let limit = match mode {
                Mode::Solve => 1,
                Mode::Count => 2,
            };
            let (found, solution, guesses, elapsed) = solve(grid, limit);
            self.last = Some(elapsed);
            self.guesses = guesses as u64;
            match (mode, solution) {
                (Mode::Count, _) => Answer::Count(found),
                (Mode::Solve, Some(solution)) => Answer::Verdict(Verdict::Solved(solution)),
                (Mode::Solve, None) => Answer::Verdict(Verdict::NoSolution),
            }
        }
        fn stats(&self) -> Tally {
            let mut tally = Tally::default();
            tally.add(&Guesses(self.guesses));
            tally
        }
        fn own_time(&self) -> Option<Duration> {
            self.last
        }
    }

    /// tdoku's one counter.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    struct Guesses(u64);

    impl sudoku_core::Counters for Guesses {
        fn counters(&self) -> Vec<(&'static str, u64)> {
            vec![("guesses", self.0)]
        }
        fn accumulate(&mut self, other: &Self) {
            self.0 += other.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without tdoku compiled in, the peer is absent and the reason names the variable.
    #[cfg(not(tdoku))]
    #[test]
    fn without_its_folder_tdoku_is_left_out_with_the_reason() {
        let mut registry = Registry::new(false);
        register(&mut registry);
        assert!(!registry.knows(NAME));
        assert!(BUILD.contains("SUDOKU_TDOKU_DIR"), "{BUILD}");
    }

    /// With tdoku compiled in, its answers pass the bench's checks beside mrv, in both modes,
    /// on puzzles with one solution, several, none and clashing givens.
    #[cfg(tdoku)]
    #[test]
    fn tdoku_answers_are_checked_beside_mrv() {
        use std::path::Path;

        use crate::bench::args::run_args;
        use crate::bench::data::PuzzleSet;
        use crate::bench::harness::bench_set;

        let unique =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let several = format!("123{}", ".".repeat(78));
        // r1c9 can hold nothing: 1 to 8 in its row, 9 in its column.
        let none = format!("12345678.........9{}", ".".repeat(63));
        let clash = format!("11{}", ".".repeat(79));
        let text = format!("{unique}\n{several}\n{none}\n{clash}\n");
        let set = PuzzleSet::parse(Path::new("test.txt"), &text, None).unwrap();
        let mut registry = Registry::new(false);
        register(&mut registry);
        for mode in ["solve", "count"] {
            let args = run_args(&["--algo", "mrv,tdoku", "--passes", "2", "--mode", mode]);
            let reports = bench_set(&set, &registry, &args).unwrap();
            let tdoku = reports.iter().find(|r| r.name == NAME).expect("tdoku ran");
            assert!(tdoku.wrong.is_empty(), "{mode}: {:?}", tdoku.wrong);
            assert_eq!((tdoku.solved, tdoku.no_solution), (2, 2), "{mode}");
            assert_eq!(tdoku.verified, 4, "{mode}");
        }
    }
}
