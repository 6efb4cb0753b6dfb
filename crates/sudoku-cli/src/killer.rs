//! `sudoku killer solve|count|generate`: killer puzzles in JSON, JSON Lines or the text form.
//!
//! Input is detected per source: text starting with `{` holds JSON values one after another
//! (one per line, or pretty-printed over several), each a puzzle in the workspace's JSON form
//! (`{"cages": [...], "givens": null}`) or the cage-map form (`{"cage_map": "...",
//! "cage_sums": [...]}`); anything else is one puzzle in the text form (9 lines of cage
//! letters, then `A=10 B=17 ...`).

use std::io::{self, Read, Write};

use serde_json::{Value, json};
use sudoku_core::{CountSolutions, Solver, Verdict};
use sudoku_killer::{GeneratorConfig, KillerPuzzle, KillerSolver};

/// Killer files are read whole; larger ones are refused rather than filling memory.
const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// One puzzle read, with the line it starts on, or why that piece of input is not one.
pub(crate) struct KillerItem {
    pub(crate) line: usize,
    pub(crate) puzzle: Result<KillerPuzzle, String>,
}

/// Reads every puzzle of one source.
pub(crate) fn read(mut reader: impl Read) -> io::Result<Vec<KillerItem>> {
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Ok(vec![KillerItem {
            line: 1,
            puzzle: Err(format!("input larger than {MAX_INPUT} bytes")),
        }]);
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            let line = err.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            return Ok(vec![KillerItem {
                line,
                puzzle: Err("not UTF-8 text".into()),
            }]);
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if !text.trim_start().starts_with('{') {
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        return Ok(vec![KillerItem {
            line: 1,
            puzzle: text
                .parse()
                .map_err(|e: sudoku_killer::KillerError| e.to_string()),
        }]);
    }
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut items = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        let start = stream.byte_offset();
        let skipped = text[start..].len() - text[start..].trim_start().len();
        match stream.next() {
            None => break,
            Some(Ok(value)) => items.push(KillerItem {
                line: line_of(start + skipped),
                puzzle: from_value(&value),
            }),
            Some(Err(err)) => {
                // A syntax error leaves the stream unusable: report it, with its line, and stop.
                items.push(KillerItem {
                    line: err.line(),
                    puzzle: Err(format!("invalid JSON: {err}")),
                });
                break;
            }
        }
    }
    Ok(items)
}

fn from_value(value: &Value) -> Result<KillerPuzzle, String> {
    sudoku_killer::KillerEntry::from_json(&value.to_string())
        .map(|entry| entry.puzzle)
        .map_err(|e| e.to_string())
}

/// What to do with each killer puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum KillerTask {
    Solve,
    Count(usize),
}

/// Answers every item, in order; returns how many failed.
pub(crate) fn answer(
    out: &mut impl Write,
    source: &str,
    items: &[KillerItem],
    task: KillerTask,
    json_output: bool,
    solver: &mut KillerSolver,
) -> io::Result<usize> {
    let mut failed = 0;
    for item in items {
        let place = format!("{source}:{}", item.line);
        let puzzle = match &item.puzzle {
            Ok(puzzle) => puzzle,
            Err(message) => {
                failed += 1;
                if json_output {
                    writeln!(
                        out,
                        "{}",
                        json!({ "source": source, "line": item.line, "status": "malformed", "message": message })
                    )?;
                } else {
                    writeln!(out, "{place}: {message}")?;
                }
                continue;
            }
        };
        match task {
            KillerTask::Solve => match solver.solve(puzzle) {
                Verdict::Solved(grid) => {
                    if json_output {
                        writeln!(
                            out,
                            "{}",
                            json!({ "source": source, "line": item.line, "status": "solved", "solution": grid.to_string() })
                        )?;
                    } else {
                        writeln!(out, "{grid}")?;
                    }
                }
                other => {
                    failed += 1;
                    if json_output {
                        writeln!(
                            out,
                            "{}",
                            json!({ "source": source, "line": item.line, "status": "no solution", "message": other.to_string() })
                        )?;
                    } else {
                        writeln!(out, "{place}: {other}")?;
                    }
                }
            },
            KillerTask::Count(limit) => {
                let n = solver.count_solutions(puzzle, limit);
                failed += usize::from(n == 0);
                if json_output {
                    writeln!(
                        out,
                        "{}",
                        json!({ "source": source, "line": item.line, "status": "counted", "solutions": n, "limit": limit })
                    )?;
                } else {
                    writeln!(out, "{n}")?;
                }
            }
        }
    }
    Ok(failed)
}

/// Writes `count` unique pure killer puzzles of the sequence of `seed` as JSON Lines, each
/// with its solution.
pub(crate) fn generate(
    out: &mut impl Write,
    seed: u64,
    count: usize,
    jobs: usize,
) -> io::Result<()> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    let config = GeneratorConfig::default();
    let chunk = (jobs * 4).max(1);
    let mut start = 0;
    while start < count {
        let end = (start + chunk).min(count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| sudoku_killer::generate_indexed(seed, i as u64, &config))
                .collect()
        });
        for made in made {
            let entry = sudoku_killer::KillerEntry::new(made.puzzle, Some(made.solution));
            writeln!(out, "{}", entry.to_json())?;
        }
        out.flush()?;
        start = end;
    }
    Ok(())
}
