//! Writing answers: `line`, `grid` or `json`, one answer per puzzle, in input order.

use std::io::{self, Write};

use serde_json::json;
use sudoku_core::{Grid, Tally, Verdict};
use sudoku_gen::Hint;

use crate::input::Item;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// One line per puzzle: the solution (or count, or check result); problems as
    /// `FILE:LINE: message`.
    Line,
    /// A 9x9 drawing per solution, followed by a blank line.
    Grid,
    /// One JSON object per line with the source, line, puzzle, status and answer.
    Json,
}

/// What a puzzle got.
#[derive(Debug)]
pub(crate) enum Answer {
    /// The input is not a puzzle: what is wrong, and on which line of the puzzle's text
    /// (0 for its first line).
    Malformed(String, usize),
    /// `solve`.
    Verdict(Verdict),
    /// `count`: solutions found, and the limit.
    Count(usize, usize),
    /// `check`: a clash, or the number of solutions up to 2.
    Checked(Verdict, usize),
    /// `rate`: the human rating and the search effort.
    Rated(sudoku_gen::Rating, f64),
    /// `hint`: the next step.
    Hinted(sudoku_gen::Hint),
}

/// A puzzle's answer with its statistics.
#[derive(Debug)]
pub(crate) struct Outcome {
    pub(crate) puzzle: Option<Grid>,
    pub(crate) answer: Answer,
    pub(crate) stats: Tally,
}

impl Outcome {
    pub(crate) fn malformed(message: String) -> Outcome {
        Outcome::malformed_at(0, message)
    }

    pub(crate) fn malformed_at(offset: usize, message: String) -> Outcome {
        Outcome {
            puzzle: None,
            answer: Answer::Malformed(message, offset),
            stats: Tally::default(),
        }
    }

    /// The line the answer is about: the puzzle's first line, or the line of a parse error.
    fn line(&self, item: &Item) -> usize {
        match self.answer {
            Answer::Malformed(_, offset) => item.line + offset,
            _ => item.line,
        }
    }

    /// Whether the puzzle counts as failed for the exit status.
    pub(crate) fn failed(&self) -> bool {
        match &self.answer {
            Answer::Malformed(..) => true,
            Answer::Verdict(verdict) => !verdict.is_solved(),
            Answer::Count(n, _) => *n == 0,
            Answer::Checked(Verdict::Clash(_), _) => true,
            Answer::Checked(_, n) => *n != 1,
            Answer::Rated(..) => false,
            Answer::Hinted(hint) => {
                !matches!(hint, Hint::Step(_) | Hint::NeedsSearch | Hint::Solved)
            }
        }
    }

    /// A short status word for JSON, and the message for humans when there is a problem.
    fn status(&self) -> (&'static str, Option<String>) {
        match &self.answer {
            Answer::Malformed(message, _) => ("malformed", Some(message.clone())),
            Answer::Verdict(Verdict::Solved(_)) => ("solved", None),
            Answer::Verdict(Verdict::Clash(clash)) | Answer::Checked(Verdict::Clash(clash), _) => {
                ("clash", Some(format!("clashing givens: {clash}")))
            }
            Answer::Verdict(verdict @ Verdict::GaveUp { .. }) => {
                ("gave up", Some(verdict.to_string()))
            }
            Answer::Verdict(Verdict::NoSolution) | Answer::Count(0, _) | Answer::Checked(_, 0) => {
                ("no solution", Some("no solution".into()))
            }
            Answer::Count(..) => ("counted", None),
            Answer::Checked(_, 1) => ("ok", None),
            Answer::Checked(..) => ("several solutions", Some("several solutions".into())),
            Answer::Rated(..) => ("rated", None),
            Answer::Hinted(Hint::Step(_)) => ("step", None),
            Answer::Hinted(Hint::NeedsSearch) => ("needs search", None),
            Answer::Hinted(Hint::Solved) => ("solved", None),
            Answer::Hinted(Hint::Clash(clash)) => {
                ("clash", Some(format!("clashing givens: {clash}")))
            }
            Answer::Hinted(Hint::Contradiction) => (
                "contradiction",
                Some("a blank cell has no candidate left: a digit is wrong".into()),
            ),
            Answer::Hinted(Hint::NoSolution) => (
                "no solution",
                Some("the position has no solution: a digit written in is wrong".into()),
            ),
            Answer::Hinted(Hint::SeveralSolutions) => (
                "several solutions",
                Some("several solutions: no step leads to one answer".into()),
            ),
            Answer::Hinted(Hint::WrongElimination { cell, digit }) => (
                "wrong elimination",
                Some(format!(
                    "{} lost candidate {digit}, the solution's digit: an elimination was wrong",
                    sudoku_core::cell_name(*cell)
                )),
            ),
        }
    }
}

fn stats_text(stats: &Tally) -> String {
    stats
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes one answer.
pub(crate) fn write(
    out: &mut impl Write,
    format: Format,
    with_stats: bool,
    item: &Item,
    outcome: &Outcome,
) -> io::Result<()> {
    let (status, problem) = outcome.status();
    if format == Format::Json {
        let mut object =
            json!({ "source": &*item.source, "line": outcome.line(item), "status": status });
        if let Some(puzzle) = outcome.puzzle {
            object["puzzle"] = json!(puzzle.to_string());
        }
        match &outcome.answer {
            Answer::Verdict(Verdict::Solved(grid)) => object["solution"] = json!(grid.to_string()),
            Answer::Verdict(Verdict::GaveUp { conflicts, .. }) => {
                object["conflicts"] = json!(conflicts)
            }
            Answer::Count(n, limit) => {
                object["solutions"] = json!(n);
                object["limit"] = json!(limit);
            }
            Answer::Rated(rating, effort) => {
                object["band"] = json!(rating.band.name());
                object["hardest"] = json!(rating.hardest.map(|t| t.name()));
                object["solved_by_logic"] = json!(rating.solved_by_logic);
                object["search_effort"] = json!(effort);
            }
            Answer::Hinted(Hint::Step(step)) => {
                object["technique"] = json!(step.technique.name());
                object["cells"] = json!(
                    step.cells
                        .iter()
                        .map(|&c| sudoku_core::cell_name(c).to_string())
                        .collect::<Vec<_>>()
                );
                object["digits"] = json!(step.digits.iter().collect::<Vec<_>>());
                object["placements"] = json!(step.placements);
                object["eliminations"] = json!(step.eliminations);
                object["text"] = json!(step.to_string());
            }
            _ => {}
        }
        if let Some(message) = problem {
            object["message"] = json!(message);
        }
        if with_stats && outcome.puzzle.is_some() {
            for (name, value) in outcome.stats.iter() {
                object[name] = json!(value);
            }
        }
        return writeln!(out, "{object}");
    }
    let body = match (&outcome.answer, problem) {
        (Answer::Verdict(Verdict::Solved(grid)), _) if format == Format::Grid => {
            format!("{grid:#}")
        }
        (Answer::Verdict(Verdict::Solved(grid)), _) => grid.to_string(),
        (Answer::Count(n, _), None) => n.to_string(),
        (Answer::Checked(..), None) => format!("{}:{}: ok", item.source, item.line),
        (Answer::Rated(rating, effort), None) => format!(
            "{}\t{}\tsearch effort {effort:.1}",
            rating.band,
            match (rating.solved_by_logic, rating.hardest) {
                (false, _) => "needs search".to_string(),
                (true, None) => "nothing to do".to_string(),
                (true, Some(t)) => t.name().to_string(),
            }
        ),
        (Answer::Hinted(Hint::Step(step)), None) => step.to_string(),
        (_, Some(message)) => format!("{}:{}: {message}", item.source, outcome.line(item)),
        (_, None) => status.to_string(),
    };
    if with_stats && outcome.puzzle.is_some() {
        writeln!(out, "{body}\t{}", stats_text(&outcome.stats))?;
    } else {
        writeln!(out, "{body}")?;
    }
    if format == Format::Grid {
        writeln!(out)?;
    }
    Ok(())
}

/// `sudoku generate`: `count` puzzles of `seed`, made in chunks in parallel and written in
/// order as each chunk is done. Returns how many could not be made (a band not reached).
pub(crate) fn generate(
    config: sudoku_gen::GenConfig,
    seed: u64,
    count: usize,
    jobs: usize,
    format: Format,
) -> io::Result<usize> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let chunk = jobs * 256;
    let mut failed = 0;
    let mut start = 0;
    while start < count {
        let end = (start + chunk).min(count);
        let made: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || sudoku_gen::Generator::new(config),
                    |generator, i| generator.generate_indexed(seed, i as u64),
                )
                .collect()
        });
        for (i, made) in (start..end).zip(made) {
            match made {
                Err(err) => {
                    failed += 1;
                    out.flush()?;
                    eprintln!("sudoku: puzzle {}: {err}", i + 1);
                }
                Ok(made) => match format {
                    Format::Line => writeln!(out, "{}", made.puzzle)?,
                    Format::Grid => writeln!(out, "{:#}\n", made.puzzle)?,
                    Format::Json => {
                        let rating = made
                            .rating
                            .unwrap_or_else(|| sudoku_gen::rate(&made.puzzle));
                        let line = json!({
                            "index": i,
                            "seed": seed,
                            "puzzle": made.puzzle.to_string(),
                            "solution": made.solution.to_string(),
                            "clues": made.puzzle.filled(),
                            "band": rating.band.name(),
                            "hardest": rating.hardest.map(|t| t.name()),
                        });
                        writeln!(out, "{line}")?;
                    }
                },
            }
        }
        out.flush()?;
        start = end;
    }
    Ok(failed)
}
