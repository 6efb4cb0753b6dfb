//! A one-line progress display on standard error, only when it is a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::data::PuzzleSet;

pub(crate) struct Progress {
    enabled: bool,
    label: String,
    steps: usize,
    done: AtomicUsize,
}

impl Progress {
    pub(crate) fn new(set: &PuzzleSet, steps: usize) -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            label: set
                .path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
            steps,
            done: AtomicUsize::new(0),
        }
    }

    pub(crate) fn tick(&self, algo: &str, pass: usize) {
        if self.enabled {
            let done = self.done.fetch_add(1, Ordering::Relaxed);
            let width = 30;
            let filled = done * width / self.steps.max(1);
            eprint!(
                "\r\x1b[2K{} [{}{}] {algo}, pass {}",
                self.label,
                "#".repeat(filled),
                " ".repeat(width - filled),
                pass + 1
            );
        }
    }

    pub(crate) fn done(&self) {
        if self.enabled {
            eprint!("\r\x1b[2K");
        }
    }
}
