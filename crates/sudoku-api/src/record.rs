//! [`Output`]: one puzzle's answer as a record, ready for a front end to write as a line, a
//! drawing or a JSON object: the status word, the text, the JSON fields, the problem that made
//! the puzzle fail or a warning, and the search's statistics.

use serde_json::{Map, Value, json};
use sudoku_core::{Tally, cell_name};
use sudoku_gen::Step;

use crate::choice::Choice;
use crate::failure::Failure;
use crate::front::Opt;
use crate::generate::Made;
use crate::input::Board;
use crate::tasks::{Counted, Explained, Hinted, Position, Rated, Solved};

/// One answer, before it is written in a format.
#[derive(Clone, Debug)]
pub struct Output {
    /// The status word (`solved`, `counted`, `ok`, `rated`, ..., or the failure's).
    pub status: &'static str,
    /// The record of the line format; the placeholder (the status word) of a failure.
    pub line: String,
    /// The record of the grid format, when the answer is a grid or position.
    pub drawing: Option<String>,
    /// The answer's JSON fields.
    pub fields: Map<String, Value>,
    /// Why the puzzle failed.
    pub problem: Option<Failure>,
    /// A remark that does not make the puzzle fail (several solutions, say).
    pub warning: Option<String>,
    /// What the algorithm counted.
    pub stats: Tally,
    /// A record over several lines (a step-by-step explanation), which ends with a blank
    /// line so that records stay apart.
    pub block: bool,
}

/// How a line of `rate` is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The band first: `band<TAB>ER x.y<TAB>technique<TAB>search effort`.
    Band,
    /// Sudoku Explainer's ratings first, as its serate writes them, then the rest:
    /// `ER<TAB>EP<TAB>ED<TAB>band<TAB>technique<TAB>search effort`.
    Se,
}

impl Choice for Scale {
    const ALL: &'static [Scale] = &[Scale::Band, Scale::Se];
    const OPT: Opt = Opt::Difficulty;

    fn name(self) -> &'static str {
        match self {
            Scale::Band => "band",
            Scale::Se => "se",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            Scale::Band => "The band first: `band<TAB>ER x.y<TAB>technique<TAB>search effort`",
            Scale::Se => {
                "Sudoku Explainer's ratings first, as its serate writes them, then the rest: \
                 `ER<TAB>EP<TAB>ED<TAB>band<TAB>technique<TAB>search effort`"
            }
        }
    }
}

impl Output {
    /// A successful answer with `status` and the text `line`.
    pub fn ok(status: &'static str, line: String) -> Output {
        Output {
            status,
            line,
            drawing: None,
            fields: Map::new(),
            problem: None,
            warning: None,
            stats: Tally::default(),
            block: false,
        }
    }

    /// The placeholder record of a failure.
    pub fn failed(failure: Failure) -> Output {
        let mut output = Output::ok(failure.status(), failure.status().to_string());
        if let Some(exhausted) = failure.exhausted() {
            output = output.field("exhausted", json!(exhausted.to_string()));
        }
        output.problem = Some(failure);
        output
    }

    /// This answer with the JSON field `key`.
    pub fn field(mut self, key: &str, value: Value) -> Output {
        self.fields.insert(key.to_string(), value);
        self
    }

    /// This answer, with `stats`.
    pub fn with_stats(mut self, stats: Tally) -> Output {
        self.stats = stats;
        self
    }

    /// This answer with the rules of a puzzle of another size or variant among its fields
    /// (`size`, and `regions`, `diagonals`, `windoku` where they apply), so that a JSON
    /// record says what was solved.
    pub fn with_rules(mut self, board: &Board) -> Output {
        if let Board::Constraint(puzzle) = board {
            return crate::variants::rules_fields(self, puzzle);
        }
        let Board::Sized(puzzle) = board else {
            return self;
        };
        let rules = puzzle.rules();
        self = self.field("size", json!(puzzle.size()));
        if rules.jigsaw().is_some() {
            self = self.field("regions", json!(rules.region_letters()));
        }
        if rules.diagonals() {
            self = self.field("diagonals", json!(true));
        }
        if rules.windoku() {
            self = self.field("windoku", json!(true));
        }
        self
    }

    /// The answer of a solve: the solution, or why there is none; several solutions fail
    /// when `unique`, else they are a warning.
    pub fn solved(solved: &Solved, unique: bool) -> Output {
        let stats = solved.stats().clone();
        let answer = if unique {
            solved.require_unique().map(|s| (s, None))
        } else {
            solved.any()
        };
        let mut output = match answer {
            Ok((solution, warning)) => {
                let line = solution.line();
                let mut output = Output::ok("solved", line.clone()).field("solution", json!(line));
                output.drawing = Some(solution.drawing());
                output.warning = warning;
                output
            }
            Err(failure) => {
                let mut output = Output::failed(failure);
                if let Some(conflicts) = solved.conflicts() {
                    output = output.field("conflicts", json!(conflicts));
                }
                output
            }
        };
        if output.problem.is_none() && solved.failure().is_none() {
            match solved.unique() {
                Some(unique) => output = output.field("unique", json!(unique)),
                None if solved.exhausted().is_some() => {
                    output = output.field("unique", Value::Null);
                }
                None => {}
            }
        }
        output.with_stats(stats)
    }

    /// The answer of a count up to `limit`: the count, `N+` when it reached the limit.
    pub fn counted(counted: Result<Counted, Failure>, limit: usize) -> Output {
        match counted {
            Ok(counted) => {
                let text = if counted.is_complete() {
                    counted.count.to_string()
                } else {
                    format!("{}+", counted.count)
                };
                Output::ok("counted", text)
                    .field("solutions", json!(counted.count))
                    .field("limit", json!(counted.limit))
                    .field("complete", json!(counted.is_complete()))
                    .with_stats(counted.stats)
            }
            Err(failure) => match failure.found() {
                Some(found) => Output::failed(failure)
                    .field("solutions", json!(found))
                    .field("limit", json!(limit))
                    .field("complete", json!(false)),
                None => Output::failed(failure),
            },
        }
    }

    /// The answer of a check: `ok`, or what is wrong.
    pub fn checked(checked: Result<Tally, Failure>) -> Output {
        match checked {
            Ok(stats) => Output::ok("ok", "ok".into()).with_stats(stats),
            Err(failure) => Output::failed(failure),
        }
    }

    /// The answer of a rating, laid out by `scale`.
    pub fn rated(rated: Result<Rated, Failure>, scale: Scale) -> Output {
        let rated = match rated {
            Ok(rated) => rated,
            Err(failure) => return Output::failed(failure),
        };
        let (rating, effort, hardest) = (rated.rating, rated.search_effort, rated.hardest());
        let line = match scale {
            Scale::Band => format!(
                "{}\tER {}\t{hardest}\tsearch effort {effort:.1}",
                rating.band, rating.er
            ),
            Scale::Se => format!(
                "{}\t{}\t{}\t{}\t{hardest}\tsearch effort {effort:.1}",
                rating.er, rating.ep, rating.ed, rating.band
            ),
        };
        Output::ok("rated", line)
            .field("er", json!(rating.er.as_f64()))
            .field("ep", json!(rating.ep.as_f64()))
            .field("ed", json!(rating.ed.as_f64()))
            .field("band", json!(rating.band.name()))
            .field("hardest", json!(rating.hardest.map(|t| t.name())))
            .field("solved_by_logic", json!(rating.solved_by_logic))
            .field("search_effort", json!(effort))
    }

    /// The answer of a hint: the step, or with `apply` the position after it.
    pub fn hinted(hinted: Result<Hinted, Failure>, apply: bool) -> Output {
        let hinted = match hinted {
            Ok(hinted) => hinted,
            Err(failure) => return Output::failed(failure),
        };
        let position = |status, position: &Position| Output {
            drawing: Some(position.drawing()),
            ..Output::ok(status, position.line())
        };
        match hinted {
            Hinted::Step(step, after) => {
                let output = if apply {
                    position("step", &after).field("position", json!(after.line()))
                } else {
                    Output::ok("step", step.to_string())
                };
                step_fields(&step)
                    .into_iter()
                    .fold(output, |output, (key, value)| output.field(&key, value))
            }
            Hinted::Solved(now) if apply => position("solved", &now),
            Hinted::Solved(_) => Output::ok("solved", "solved".into()),
            Hinted::NeedsSearch(now) if apply => Output {
                warning: Some(
                    "no technique of the ladder applies: the position is unchanged".into(),
                ),
                ..position("needs search", &now)
            },
            Hinted::NeedsSearch(_) => Output::ok("needs search", "needs search".into()),
        }
    }

    /// A solve's answer preceded by its logical path: one step per line, the rating of the
    /// path or where search took over; or why there is no path.
    pub fn explained(self, explained: Result<Explained, Failure>) -> Output {
        let stats = self.stats.clone();
        let explained = match explained {
            Ok(explained) => explained,
            Err(failure) => return Output::failed(failure).with_stats(stats),
        };
        let mut text = String::new();
        for (i, step) in explained.steps.iter().enumerate() {
            text.push_str(&format!("{}. {}\n", i + 1, step.step));
        }
        let open = explained.open_cells();
        let report = &explained.report;
        if open > 0 {
            text.push_str(&format!(
                "search: no technique of the ladder applies with {open} cells open; the rest was found by search\n"
            ));
        } else {
            text.push_str(&format!(
                "rating: ER {} EP {} ED {}\n",
                report.er, report.ep, report.ed
            ));
        }
        let steps: Vec<Value> = explained
            .steps
            .iter()
            .map(|step| Value::Object(step_fields(&step.step)))
            .collect();
        let rated = open == 0;
        Output {
            line: format!("{text}{}", self.line),
            drawing: self.drawing.clone().map(|d| format!("{text}{d}")),
            block: true,
            ..self
        }
        .field("steps", Value::Array(steps))
        .field("search_needed", json!(!rated))
        .field("er", json!(rated.then(|| report.er.as_f64())))
        .field("ep", json!(rated.then(|| report.ep.as_f64())))
        .field("ed", json!(rated.then(|| report.ed.as_f64())))
    }

    /// The answer of a canonical form.
    pub fn canonical(canonical: Result<sudoku_core::Grid, Failure>) -> Output {
        match canonical {
            Ok(form) => Output {
                drawing: Some(format!("{form:#}")),
                ..Output::ok("canonical", form.to_string())
            }
            .field("canonical", json!(form.to_string())),
            Err(failure) => Output::failed(failure),
        }
    }

    /// A generated puzzle: its line, drawing and JSON fields (the rating of a classic one,
    /// the rules of a variant).
    pub fn made(made: &Made) -> Output {
        let line = made.line();
        let mut output = Output::ok("made", line.clone());
        output.drawing = Some(match &made.puzzle {
            Board::Classic { grid, .. } => format!("{grid:#}"),
            Board::Sized(puzzle) => format!("{puzzle:#}"),
            Board::Constraint(_) => line.clone(),
        });
        match &made.puzzle {
            Board::Sized(puzzle) => {
                if let Ok(Value::Object(rules)) = serde_json::from_str(&puzzle.to_json()) {
                    output.fields = rules;
                }
                output = output
                    .field("index", json!(made.index))
                    .field("seed", json!(made.seed))
                    .field("solution", json!(made.solution.line()))
                    .field("clues", json!(made.clues()));
                if let Some(minimal) = made.minimal {
                    output = output.field("minimal", json!(minimal));
                }
            }
            _ => {
                output = output
                    .field("index", json!(made.index))
                    .field("seed", json!(made.seed))
                    .field("puzzle", json!(line))
                    .field("solution", json!(made.solution.line()))
                    .field("clues", json!(made.clues()));
                if let Some(rating) = made.rating {
                    output = output
                        .field("band", json!(rating.band.name()))
                        .field("hardest", json!(rating.hardest.map(|t| t.name())))
                        .field("er", json!(rating.er.as_f64()))
                        .field("ep", json!(rating.ep.as_f64()))
                        .field("ed", json!(rating.ed.as_f64()));
                }
            }
        }
        output
    }

    /// The placeholder of a puzzle not made, with its index and seed.
    pub fn not_made(failure: Failure, seed: u64, index: u64) -> Output {
        let mut output = Output::failed(failure);
        output.fields.clear();
        output
            .field("index", json!(index))
            .field("seed", json!(seed))
    }

    /// The JSON object of the record: where it came from (`source`, `line`), its status, the
    /// puzzle's line, the fields, the problem or warning, and with `stats` the counters.
    pub fn to_json(
        &self,
        source: Option<(&str, usize)>,
        puzzle: Option<&str>,
        stats: bool,
    ) -> Map<String, Value> {
        let mut object = Map::new();
        if let Some((source, line)) = source {
            object.insert("source".into(), json!(source));
            object.insert("line".into(), json!(line));
        }
        object.insert("status".into(), json!(self.status));
        if let Some(puzzle) = puzzle {
            object.insert("puzzle".into(), json!(puzzle));
        }
        object.extend(self.fields.clone());
        if let Some(problem) = &self.problem {
            object.insert("error".into(), json!(problem.message()));
        }
        if let Some(warning) = &self.warning {
            object.insert("warning".into(), json!(warning));
        }
        if stats && !self.stats.is_empty() {
            let counters: Map<String, Value> = self
                .stats
                .iter()
                .map(|(name, value)| (name.to_string(), json!(value)))
                .collect();
            object.insert("stats".into(), Value::Object(counters));
        }
        object
    }

    /// The text of the record: the drawing with `drawing` (when there is one and the answer
    /// did not fail), else the line; with `stats`, the counters after a tab. Ends with a line
    /// break, and a blank line after a drawing or a block.
    pub fn to_text(&self, drawing: bool, stats: bool) -> String {
        let mut record = match (&self.problem, &self.drawing) {
            (None, Some(text)) if drawing => text.clone(),
            _ => self.line.clone(),
        };
        if stats && self.problem.is_none() && !self.stats.is_empty() {
            let counters: Vec<String> = self
                .stats
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            record.push('\t');
            record.push_str(&counters.join(" "));
        }
        record.push('\n');
        if drawing || self.block {
            record.push('\n');
        }
        record
    }
}

/// A step as JSON fields: its technique (the ladder's rule), its name, difficulty and text,
/// its cells, what it concludes, and the chains it rests on (each in the notation of the
/// text).
pub fn step_fields(step: &Step) -> Map<String, Value> {
    let Value::Object(map) = json!({
        "technique": step.technique.name(),
        "name": step.name,
        "difficulty": step.difficulty.as_f64(),
        "text": step.to_string(),
        "cells": step.cells.iter().map(|&c| cell_name(c).to_string()).collect::<Vec<_>>(),
        "placements": step.placements,
        "eliminations": step.eliminations,
        "chains": step.chains.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
    }) else {
        unreachable!("a JSON object")
    };
    map
}
