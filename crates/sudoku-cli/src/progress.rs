//! Progress on standard error (indicatif): what is answered, the rate, and the time left,
//! drawn only when standard error is a terminal and the run lasts more than half a second.
//!
//! The percentage of a file is that of the bytes whose puzzles are answered (not of the bytes
//! read ahead), so that it and the time left follow the answers; the message says how many
//! puzzles are answered of those read so far.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its progress is drawn.
const DELAY: Duration = Duration::from_millis(500);

/// How often the counts are brought up to date (the bar draws at its own pace).
const REFRESH: Duration = Duration::from_millis(100);

/// What the bar measures.
pub(crate) enum Measure {
    /// Bytes of input answered, out of a known total (regular files), and the puzzles read
    /// so far.
    Bytes { total: u64, read: Arc<AtomicUsize> },
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
    /// Whether the bar is drawn (set after the delay by the keeper thread).
    shown: Arc<AtomicBool>,
    /// Set when the run ends, for the keeper thread.
    finished: Arc<AtomicBool>,
    /// Answers written.
    done: u64,
    /// Bytes of input through the last puzzle answered.
    through: u64,
    /// When the counts were last brought up to date.
    refreshed: Instant,
}

/// What a worker may say on the bar while it works: its message.
#[derive(Clone)]
pub(crate) struct Reporter(ProgressBar);

impl Reporter {
    /// Replaces the bar's message.
    pub(crate) fn say(&self, message: String) {
        self.0.set_message(message);
    }
}

impl Progress {
    pub(crate) fn new(measure: Measure, noun: &'static str) -> Progress {
        let template = match measure {
            Measure::Bytes { .. } => {
                "{bar:30} {percent:>3}% {msg} ({elapsed_precise}, {eta} left)".to_string()
            }
            Measure::Items { .. } => format!(
                "{{bar:30}} {{pos}}/{{len}} {noun} ({{elapsed_precise}}, {{per_sec}}) {{msg}}"
            ),
            Measure::Open => {
                format!("{{spinner}} {{pos}} {noun} ({{elapsed_precise}}, {{per_sec}})")
            }
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
            shown: Arc::new(AtomicBool::new(false)),
            finished: Arc::new(AtomicBool::new(false)),
            done: 0,
            through: 0,
            refreshed: Instant::now(),
        }
    }

    /// Draws the bar after the delay, even when nothing is answered yet, and redraws it
    /// several times a second (the elapsed time, the workers' message).
    pub(crate) fn keep_alive(&self) {
        if !self.terminal {
            return;
        }
        let (bar, shown, finished) = (
            self.bar.clone(),
            Arc::clone(&self.shown),
            Arc::clone(&self.finished),
        );
        std::thread::spawn(move || {
            let step = Duration::from_millis(50);
            let mut waited = Duration::ZERO;
            while waited < DELAY {
                if finished.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(step);
                waited += step;
            }
            if !finished.load(Ordering::Relaxed) && !shown.swap(true, Ordering::Relaxed) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        });
    }

    /// A handle for workers to put a message on the bar.
    pub(crate) fn reporter(&self) -> Reporter {
        Reporter(self.bar.clone())
    }

    /// The bytes of input through the puzzle about to be answered.
    pub(crate) fn read_through(&mut self, bytes: u64) {
        self.through = bytes;
    }

    /// One more answer written.
    pub(crate) fn answered(&mut self, noun: &str) {
        self.done += 1;
        // Items counted against a total are slow ones (puzzles made): each is shown.
        let every = matches!(self.measure, Measure::Items { .. });
        if self.terminal && (every || self.refreshed.elapsed() >= REFRESH) {
            self.refresh(noun);
        }
    }

    /// Nothing was answered for a while: the counts are brought up to date.
    pub(crate) fn idle(&mut self, noun: &str) {
        if self.terminal {
            self.refresh(noun);
        }
    }

    fn refresh(&mut self, noun: &str) {
        self.refreshed = Instant::now();
        match &self.measure {
            Measure::Bytes { read, .. } => {
                self.bar.set_position(self.through);
                let read = read.load(Ordering::Relaxed);
                let rate = self.done as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
                self.bar.set_message(format!(
                    "{} of {read} {noun} read answered, {rate:.0}/s",
                    self.done
                ));
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
        self.finished.store(true, Ordering::Relaxed);
        self.bar.finish_and_clear();
    }
}
