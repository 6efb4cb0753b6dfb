//! The keywords most calls share, `errors`, `threads`, `time_limit` and `max_nodes` (or its
//! command-line name `node_limit`), read once from a call's `**options` and checked by the
//! front door's rules; a keyword the call does not take is named with the nearest it does.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_api::{Budget, Front};

use crate::errors::usage;
use crate::output::Errors;

/// The shared keywords of a call, checked.
pub(crate) struct Options {
    /// `errors`: raise, or mark the puzzles without an answer.
    pub(crate) errors: Errors,
    /// `threads`: the worker threads asked for (`None`: every core).
    pub(crate) threads: Option<usize>,
    /// `time_limit` and `max_nodes`: the budget of one puzzle.
    pub(crate) budget: Budget,
}

/// The shared keywords, in the order the signatures show them.
const SHARED: [&str; 5] = ["errors", "threads", "time_limit", "max_nodes", "node_limit"];

/// Every shared keyword: a call that searches, puzzle by puzzle.
pub(crate) const EVERY: &[&str] = &SHARED;

/// `errors` and `threads`: a call that does not search.
pub(crate) const BATCH: &[&str] = &["errors", "threads"];

/// `threads` alone: a conversion, which raises for the first puzzle it cannot convert.
pub(crate) const THREADS: &[&str] = &["threads"];

/// All but `errors`: a call that answers every puzzle, failures included.
pub(crate) const NO_ERRORS: &[&str] = &["threads", "time_limit", "max_nodes", "node_limit"];

impl Options {
    /// Reads `keywords`, the `**options` of `function`, which takes the shared keywords
    /// `shared` ([`EVERY`], [`BATCH`], ...) after its own `own` (named only to suggest the
    /// nearest keyword to a misspelt one).
    ///
    /// # Errors
    ///
    /// A TypeError for a keyword `function` does not take or a value of the wrong type, a
    /// ValueError for a value out of range (the front door's rules, as on the command line).
    pub(crate) fn parse(
        function: &str,
        keywords: Option<&Bound<'_, PyDict>>,
        own: &[&str],
        shared: &[&str],
    ) -> PyResult<Options> {
        let takes: Vec<&str> = own.iter().chain(shared).copied().collect();
        let mut read = Options {
            errors: Errors::Raise,
            threads: None,
            budget: Budget::UNLIMITED,
        };
        let (mut seconds, mut max_nodes, mut node_limit) = (None, None, None);
        for (key, value) in keywords.into_iter().flat_map(|keywords| keywords.iter()) {
            let key = key.extract::<String>()?;
            if !shared.contains(&key.as_str()) {
                let hint = sudoku_api::closest_name(&key, &takes)
                    .map(|near| format!(" (did you mean '{near}'?)"))
                    .unwrap_or_default();
                return Err(PyTypeError::new_err(format!(
                    "{function}() got an unexpected keyword argument '{key}'{hint}"
                )));
            }
            if value.is_none() {
                continue;
            }
            match key.as_str() {
                "errors" => read.errors = Errors::parse(&text(&key, &value)?)?,
                "threads" => {
                    let threads = sudoku_api::threads(Some(int(&key, &value)?), Front::Python)
                        .map_err(usage)?;
                    read.threads = Some(threads);
                }
                "time_limit" => {
                    seconds = Some(value.extract::<f64>().map_err(|_| {
                        PyTypeError::new_err(format!(
                            "time_limit is a number of seconds or None, got {}",
                            type_name(&value)
                        ))
                    })?);
                }
                "max_nodes" => max_nodes = Some(int(&key, &value)?),
                _ => node_limit = Some(int(&key, &value)?),
            }
        }
        let nodes = match (max_nodes, node_limit) {
            (Some(_), Some(_)) => {
                return Err(PyTypeError::new_err(
                    "max_nodes and node_limit are one keyword under two names: give one",
                ));
            }
            (nodes, None) | (None, nodes) => nodes,
        };
        read.budget = sudoku_api::budget(seconds, nodes, Front::Python).map_err(usage)?;
        Ok(read)
    }
}

/// A count of solutions to reach (`limit`, `n`): at least 1.
pub(crate) fn at_least_one(count: usize, name: &str) -> PyResult<usize> {
    if count == 0 {
        return Err(PyValueError::new_err(format!("{name} must be at least 1")));
    }
    Ok(count)
}

fn text(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    value
        .extract::<String>()
        .map_err(|_| PyTypeError::new_err(format!("{key} must be a str, got {}", type_name(value))))
}

fn int(key: &str, value: &Bound<'_, PyAny>) -> PyResult<i128> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{key} must be an int or None, got bool"
        )));
    }
    value.extract::<i128>().map_err(|err| {
        if err.is_instance_of::<pyo3::exceptions::PyOverflowError>(value.py()) {
            PyValueError::new_err(format!("{key} is too large: {value}"))
        } else {
            PyTypeError::new_err(format!(
                "{key} must be an int or None, got {}",
                type_name(value)
            ))
        }
    })
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_owned(), |name| name.to_string())
}
