//! Progress on standard error with indicatif: each set's passes, the algorithm running, and
//! the time left; drawn only when standard error is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::data::PuzzleSet;

pub(crate) struct Progress {
    bar: ProgressBar,
    label: String,
}

impl Progress {
    /// A bar for `steps` runs (algorithms times passes) over `set`.
    pub(crate) fn new(set: &PuzzleSet, steps: usize) -> Progress {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(steps as u64), target).with_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} ({eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            label: set
                .path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
        }
    }

    /// One run starts: `algo` on pass `pass` (0-based).
    pub(crate) fn tick(&self, algo: &str, pass: usize) {
        self.bar
            .set_message(format!("{}: {algo}, pass {}", self.label, pass + 1));
        self.bar.inc(1);
    }

    /// The set is done: the bar is cleared.
    pub(crate) fn done(&self) {
        self.bar.finish_and_clear();
    }
}
