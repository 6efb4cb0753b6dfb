//! Progress on standard error with indicatif: every puzzle of every pass counts, so the rate
//! and the time left are real; the message names the set, the algorithm and the pass. Drawn
//! only when standard error is a terminal.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::data::PuzzleSet;

pub(crate) struct Progress {
    bar: ProgressBar,
    label: String,
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
        let bar = ProgressBar::with_draw_target(Some(steps as u64), target).with_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} puzzle runs, {msg} ({elapsed}, {eta} left)",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        // Redrawn while a slow puzzle runs, so that the elapsed time moves.
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            bar,
            label: set
                .path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
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

    /// The number of runs planned, once the first pass has set the number of passes.
    pub(crate) fn plan(&self, steps: usize) {
        self.bar.set_length(steps as u64);
    }

    /// The set is done: the bar is cleared.
    pub(crate) fn done(&self) {
        self.bar.finish_and_clear();
    }
}
