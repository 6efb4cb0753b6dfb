//! Progress on standard error with indicatif: every puzzle of every pass counts; the message
//! names the set, the algorithm and the pass. Drawn only when standard error is a terminal.
//!
//! The time left is estimated from the work done, not from the recent rate of puzzles: the
//! algorithms of a set differ in speed by orders of magnitude, so a fast one's rate says
//! nothing of the slow one that runs next. During the first pass only the elapsed time is
//! shown; after it, every later run is known puzzle by puzzle (each puzzle's time in the
//! first pass), and the time left is the sum of what is still to run.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use super::data::PuzzleSet;

pub(crate) struct Progress {
    bar: ProgressBar,
    label: String,
    plan: Arc<Mutex<Plan>>,
}

/// What the runs after the first pass will take, from the first pass's times.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Plan {
    /// The bar position the planned runs start at (the end of the first pass).
    pub(crate) from: u64,
    /// The puzzles of a run (of one algorithm over the set).
    pub(crate) puzzles: usize,
    /// The planned runs in order, each as the index of its algorithm in `costs`.
    pub(crate) runs: Vec<usize>,
    /// For each algorithm, the running sums of its puzzles' times in seconds: `costs[a][i]`
    /// is the time of puzzles `0..i`, so `puzzles + 1` entries.
    pub(crate) costs: Vec<Vec<f64>>,
}

impl Plan {
    /// The plan for `passes` passes of the algorithms whose first-pass times are `first`
    /// (`first[a][i]`: algorithm `a`, puzzle `i`), pass `p` running algorithm `(p + k) % len`
    /// `k`-th, as the harness does. `wall[a]`: each algorithm's wall-clock time of the first
    /// pass, which with several threads is less than the sum of its puzzles' times: each
    /// puzzle's share of it is its share of that sum.
    pub(crate) fn new(first: &[Vec<Duration>], wall: &[Duration], passes: usize) -> Plan {
        let algorithms = first.len();
        let puzzles = first.first().map_or(0, Vec::len);
        let costs = first
            .iter()
            .zip(wall)
            .map(|(times, wall)| {
                let sum: f64 = times.iter().map(Duration::as_secs_f64).sum();
                let scale = if sum > 0.0 {
                    (wall.as_secs_f64() / sum).min(1.0)
                } else {
                    1.0
                };
                let mut running = Vec::with_capacity(times.len() + 1);
                running.push(0.0);
                let mut total = 0.0;
                for t in times {
                    total += t.as_secs_f64() * scale;
                    running.push(total);
                }
                running
            })
            .collect();
        let runs = (1..passes)
            .flat_map(|p| (0..algorithms).map(move |k| (p + k) % algorithms))
            .collect();
        Plan {
            from: (algorithms * puzzles) as u64,
            puzzles,
            runs,
            costs,
        }
    }

    /// The time left at bar position `pos`: `None` before the planned runs start.
    pub(crate) fn left(&self, pos: u64) -> Option<Duration> {
        if pos < self.from || self.puzzles == 0 {
            return None;
        }
        let done = (pos - self.from) as usize;
        let (run, puzzle) = (done / self.puzzles, done % self.puzzles);
        let Some(&current) = self.runs.get(run) else {
            return Some(Duration::ZERO);
        };
        let whole = |a: usize| self.costs[a][self.puzzles];
        let mut left = whole(current) - self.costs[current][puzzle];
        left += self.runs[run + 1..].iter().map(|&a| whole(a)).sum::<f64>();
        Some(Duration::from_secs_f64(left.max(0.0)))
    }
}

/// `, about 3m 05s left`, `, about 12s left`, `, under a second left`.
fn left_text(left: Duration) -> String {
    let secs = left.as_secs();
    if secs == 0 {
        ", under a second left".to_string()
    } else if secs < 60 {
        format!(", about {secs}s left")
    } else if secs < 3600 {
        format!(", about {}m {:02}s left", secs / 60, secs % 60)
    } else {
        format!(", about {}h {:02}m left", secs / 3600, secs % 3600 / 60)
    }
}

impl Progress {
    /// A bar for `steps` puzzle runs over `set` (puzzles times algorithms times passes, as
    /// planned so far).
    pub(crate) fn new(set: &PuzzleSet, steps: usize) -> Progress {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let plan = Arc::new(Mutex::new(Plan::default()));
        let shown = Arc::clone(&plan);
        let left = move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let left = shown.lock().ok().and_then(|plan| plan.left(state.pos()));
            if let Some(left) = left {
                let _ = out.write_str(&left_text(left));
            }
        };
        let style = ProgressStyle::with_template(
            "{bar:30} {pos}/{len} puzzle runs, {msg} ({elapsed}{left})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("left", left);
        let bar = ProgressBar::with_draw_target(Some(steps as u64), target).with_style(style);
        // Redrawn while a slow puzzle runs, so that the elapsed time moves.
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            bar,
            label: set
                .path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
            plan,
        }
    }

    /// A pass of `algo` starts: pass `pass` (0-based).
    pub(crate) fn start(&self, algo: &str, pass: usize) {
        self.bar
            .set_message(format!("{}: {algo}, pass {}", self.label, pass + 1));
    }

    /// One puzzle was run (from any thread).
    pub(crate) fn puzzle_done(&self) {
        self.bar.inc(1);
    }

    /// The runs planned once the first pass has set the number of passes, and what they will
    /// take.
    pub(crate) fn plan(&self, steps: usize, plan: Plan) {
        if let Ok(mut shared) = self.plan.lock() {
            *shared = plan;
        }
        self.bar.set_length(steps as u64);
    }

    /// The set is done: the bar is cleared.
    pub(crate) fn done(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(list: &[u64]) -> Vec<Duration> {
        list.iter().map(|&m| Duration::from_millis(m)).collect()
    }

    /// A fast algorithm followed by a slow one: at the start of the second pass the time left
    /// is the slow one's, not the fast one's rate times the runs left (the "0s left" before a
    /// step that then ran 50 s).
    #[test]
    fn the_time_left_counts_the_slow_runs_still_to_come() {
        let first = [ms(&[1, 1, 1, 1]), ms(&[10_000, 20_000, 10_000, 10_000])];
        let wall = [Duration::from_millis(4), Duration::from_secs(50)];
        let plan = Plan::new(&first, &wall, 3);
        // Passes 2 and 3: slow, fast, then fast, slow ((pass + k) % 2).
        assert_eq!(plan.runs, [1, 0, 0, 1]);
        assert_eq!(plan.from, 8);
        // During the first pass: unknown.
        assert_eq!(plan.left(0), None);
        assert_eq!(plan.left(7), None);
        let secs = |pos| plan.left(pos).unwrap().as_secs_f64();
        assert!((secs(8) - 100.008).abs() < 1e-6, "{}", secs(8));
        // Two puzzles of the slow run done: 20 s of it left.
        assert!((secs(10) - 70.008).abs() < 1e-6, "{}", secs(10));
        // The fast runs done, the last slow one to come: its whole 50 s are still ahead.
        assert!((secs(16) - 50.004).abs() < 1e-6, "{}", secs(16));
        assert!((secs(20) - 50.0).abs() < 1e-6, "{}", secs(20));
        assert_eq!(plan.left(24), Some(Duration::ZERO));
    }

    #[test]
    fn several_threads_share_the_wall_clock_time() {
        // Two threads: 4 s of puzzle time in 2 s of wall-clock time.
        let plan = Plan::new(
            &[ms(&[1000, 1000, 1000, 1000])],
            &[Duration::from_secs(2)],
            2,
        );
        assert_eq!(plan.left(4), Some(Duration::from_secs(2)));
        assert_eq!(plan.left(6), Some(Duration::from_secs(1)));
        // A single pass plans nothing after it.
        let once = Plan::new(&[ms(&[5, 5])], &[Duration::from_millis(10)], 1);
        assert_eq!(once.left(1), None);
        assert_eq!(once.left(2), Some(Duration::ZERO));
    }

    #[test]
    fn time_left_reads_in_seconds_minutes_or_hours() {
        assert_eq!(
            left_text(Duration::from_millis(300)),
            ", under a second left"
        );
        assert_eq!(left_text(Duration::from_secs(50)), ", about 50s left");
        assert_eq!(left_text(Duration::from_secs(185)), ", about 3m 05s left");
        assert_eq!(left_text(Duration::from_secs(7500)), ", about 2h 05m left");
    }
}
