//! Progress on standard error (indicatif): count, rate and time left, drawn only when standard
//! error is a terminal and the run lasts more than half a second.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its progress is drawn.
const DELAY: Duration = Duration::from_millis(500);

/// What the bar measures.
pub(crate) enum Measure {
    /// Bytes of input read, out of a known total (regular files): the time left follows.
    Bytes { total: u64, read: Arc<AtomicU64> },
    /// Items, out of a known total (`generate --count`).
    Items { total: u64 },
    /// Items without a total (standard input).
    Open,
}

pub(crate) struct Progress {
    bar: ProgressBar,
    measure: Measure,
    started: Instant,
    /// Whether standard error is a terminal (else nothing is ever drawn).
    terminal: bool,
    shown: bool,
    done: u64,
}

impl Progress {
    pub(crate) fn new(measure: Measure, noun: &'static str) -> Progress {
        let template = match measure {
            Measure::Bytes { .. } => {
                "{bar:30} {percent:>3}% {msg} ({elapsed_precise}, {eta} left)".to_string()
            }
            Measure::Items { .. } => {
                format!("{{bar:30}} {{pos}}/{{len}} {noun} ({{per_sec}}, {{eta}} left)")
            }
            Measure::Open => format!("{{spinner}} {{pos}} {noun} ({{per_sec}})"),
        };
        let total = match &measure {
            Measure::Bytes { total, .. } => Some(*total),
            Measure::Items { total } => Some(*total),
            Measure::Open => None,
        };
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden()).with_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            measure,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: false,
            done: 0,
        }
    }

    /// One more item done.
    pub(crate) fn tick(&mut self, noun: &str) {
        self.done += 1;
        if !self.terminal || self.done % 64 != 0 {
            return;
        }
        if !self.shown {
            if self.started.elapsed() < DELAY {
                return;
            }
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        match &self.measure {
            Measure::Bytes { read, .. } => {
                self.bar.set_position(read.load(Ordering::Relaxed));
                let rate = self.done as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
                self.bar
                    .set_message(format!("{} {noun}, {rate:.0}/s", self.done));
            }
            Measure::Items { .. } | Measure::Open => self.bar.set_position(self.done),
        }
    }

    /// Runs `f` (which writes to standard error) with the bar cleared, so lines do not mix.
    pub(crate) fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        self.bar.suspend(f)
    }

    /// Clears the bar.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
