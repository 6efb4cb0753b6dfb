//! The budget of one puzzle from a front end's options, under one rule for every front end.

use std::time::Duration;

use sudoku_core::Budget;

use crate::failure::UsageError;
use crate::front::{Front, Opt};

/// A time limit in seconds: a number above 0.
///
/// ```
/// use sudoku_api::{Front, time_limit};
///
/// assert_eq!(time_limit(0.5, Front::Cli).unwrap().as_millis(), 500);
/// assert_eq!(
///     time_limit(0.0, Front::Python).unwrap_err().to_string(),
///     "time_limit is a number of seconds above 0, got 0"
/// );
/// ```
///
/// # Errors
///
/// For 0, a negative number, NaN, or a span too long to represent.
pub fn time_limit(seconds: f64, front: Front) -> Result<Duration, UsageError> {
    let name = front.name(Opt::TimeLimit);
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(UsageError::new(format!(
            "{name} is a number of seconds above 0, got {seconds}"
        )));
    }
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| UsageError::new(format!("{name} of {seconds} seconds is too long")))
}

/// The budget of one puzzle: a time limit in seconds and a node limit, either or both (none
/// means no limit). A node limit is at least 1: a search of no node cannot start.
///
/// ```
/// use sudoku_api::{Budget, Front, budget};
///
/// assert_eq!(budget(None, Some(500), Front::Cli)?, Budget::nodes(500));
/// assert_eq!(
///     budget(None, Some(0), Front::Python).unwrap_err().to_string(),
///     "max_nodes must be at least 1 (None for no limit)"
/// );
/// # Ok::<(), sudoku_api::UsageError>(())
/// ```
///
/// # Errors
///
/// A time limit that [`time_limit`] refuses, or a node limit below 1 or above `u64::MAX`.
pub fn budget(
    seconds: Option<f64>,
    nodes: Option<i128>,
    front: Front,
) -> Result<Budget, UsageError> {
    let mut budget = Budget::UNLIMITED;
    if let Some(seconds) = seconds {
        budget = budget.with_time(time_limit(seconds, front)?);
    }
    let name = front.name(Opt::NodeLimit);
    match nodes {
        Some(nodes) if nodes < 1 => Err(UsageError::new(format!(
            "{name} must be at least 1 ({} for no limit){}",
            match front {
                Front::Python => "None",
                _ => "leave it out",
            },
            if nodes == 0 {
                String::new()
            } else {
                format!(", got {nodes}")
            }
        ))),
        Some(nodes) => match u64::try_from(nodes) {
            Ok(nodes) => Ok(budget.with_nodes(nodes)),
            Err(_) => Err(UsageError::new(format!(
                "{name} of {nodes} is more than a search counts (at most {})",
                u64::MAX
            ))),
        },
        None => Ok(budget),
    }
}

/// The most worker threads a batch takes: beyond the cores, threads only cost memory (and an
/// operating system's thread limit turns thousands into an error).
pub const MAX_THREADS: usize = 256;

/// The worker threads of a batch: `requested`, 1 to [`MAX_THREADS`]; when `None`, the
/// `RAYON_NUM_THREADS` environment variable where it names a number, else every core the
/// process may use.
///
/// ```
/// use sudoku_api::{Front, threads};
///
/// assert_eq!(threads(Some(3), Front::Cli), Ok(3));
/// assert!(threads(None, Front::Python).unwrap() >= 1);
/// assert_eq!(
///     threads(Some(5000), Front::Python).unwrap_err().to_string(),
///     "threads is 1 to 256 (None uses every core), got 5000"
/// );
/// ```
///
/// # Errors
///
/// For fewer than 1 and for more than [`MAX_THREADS`].
pub fn threads(requested: Option<i128>, front: Front) -> Result<usize, UsageError> {
    match requested {
        None => {
            let set = std::env::var("RAYON_NUM_THREADS")
                .ok()
                .and_then(|n| n.trim().parse::<usize>().ok())
                .filter(|&n| n > 0);
            let cores = || std::thread::available_parallelism().map_or(1, usize::from);
            Ok(set.unwrap_or_else(cores).min(MAX_THREADS))
        }
        Some(n) if (1..=MAX_THREADS as i128).contains(&n) => Ok(n as usize),
        Some(n) => Err(UsageError::new(format!(
            "{} is 1 to {MAX_THREADS} ({} uses every core), got {n}",
            front.name(Opt::Threads),
            match front {
                Front::Python => "None",
                _ => "leaving it out",
            }
        ))),
    }
}
