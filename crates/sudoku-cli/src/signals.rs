//! SIGINT and SIGTERM: the first asks the run to stop, so that every answer finished is
//! written (in order) before the program exits with 128 + the signal's number; a second one
//! ends the program at once, for a stop that takes too long.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// A signal that stops a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Signal {
    Interrupt,
    Terminate,
}

impl Signal {
    /// Its name, as `kill -l` gives it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Signal::Interrupt => "SIGINT",
            Signal::Terminate => "SIGTERM",
        }
    }

    /// The exit status of a program it stopped: 128 + its number, as shells report it.
    pub(crate) fn exit_status(self) -> u8 {
        match self {
            Signal::Interrupt => 130,
            Signal::Terminate => 143,
        }
    }
}

struct Flags {
    /// Set by the first signal.
    stop: Arc<AtomicBool>,
    /// Which signal came last (its number), 0 for none.
    which: Arc<AtomicUsize>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

fn flags() -> &'static Flags {
    FLAGS.get_or_init(|| Flags {
        stop: Arc::new(AtomicBool::new(false)),
        which: Arc::new(AtomicUsize::new(0)),
    })
}

/// Installs the handlers (where the platform has these signals). A failure to install them
/// leaves the default behaviour, which ends the program at once.
pub(crate) fn install() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let flags = flags();
        for signal in [SIGINT, SIGTERM] {
            // The second signal exits at once: registered first, it sees the flag the first
            // one set.
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&flags.stop),
            );
            let _ = signal_hook::flag::register_usize(
                signal,
                Arc::clone(&flags.which),
                signal as usize,
            );
            let _ = signal_hook::flag::register(signal, Arc::clone(&flags.stop));
        }
    }
}

/// The flag the first signal sets: the run stops when it is set.
pub(crate) fn stop_flag() -> &'static AtomicBool {
    &flags().stop
}

/// The signal that asked the run to stop, if one did.
pub(crate) fn received() -> Option<Signal> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        match flags().which.load(Ordering::Relaxed) as i32 {
            SIGINT => return Some(Signal::Interrupt),
            SIGTERM => return Some(Signal::Terminate),
            _ => {}
        }
    }
    flags()
        .stop
        .load(Ordering::Relaxed)
        .then_some(Signal::Interrupt)
}
