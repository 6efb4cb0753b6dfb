//! The subcommands that read puzzles (solve, count, check, rate, hint, canon): each record
//! read becomes one answer, through the front door's tasks.

use std::sync::Arc;

use sudoku_api::{Algo, Board, Budget, Failure, Output, ReadError, Record, Scale, Worker};

use crate::{Format, Reply};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    Solve {
        algo: Algo,
        unique: bool,
        explain: bool,
    },
    Count {
        algo: Algo,
        limit: usize,
    },
    Check,
    Rate {
        scale: Scale,
    },
    Hint {
        apply: bool,
    },
    Canon,
}

/// What every answer of a run needs: the task, how to write it, and the budget of each
/// puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Job {
    pub(crate) task: Task,
    pub(crate) format: Format,
    /// Whether records carry the search statistics.
    pub(crate) stats: bool,
    pub(crate) budget: Budget,
}

/// Answers one item of the input: a puzzle read, or a piece that could not be read.
pub(crate) fn answer(
    worker: &mut Worker,
    job: Job,
    source: Arc<str>,
    read: Result<Record, ReadError>,
) -> Reply {
    match read {
        Err(err) => {
            let mut reply = reply(
                job,
                source,
                err.line(),
                None,
                Output::failed(Failure::read(&err)),
            );
            reply.column = err.column();
            reply
        }
        Ok(record) => {
            let output = run(worker, job, &record.board).with_rules(&record.board);
            let puzzle = record.board.line();
            reply(job, source, record.line, Some(puzzle), output)
        }
    }
}

/// One puzzle's answer.
fn run(worker: &mut Worker, job: Job, board: &Board) -> Output {
    let budget = job.budget;
    match job.task {
        Task::Solve {
            algo,
            unique,
            explain,
        } => {
            let meter = budget.meter();
            let solved = worker.solve(board, algo, algo.is_complete(), budget);
            let mut output = Output::solved(&solved, unique);
            if explain && output.problem.is_none() {
                match board {
                    Board::Classic { .. } => {
                        output = output.explained(worker.explain(board, meter.remaining()));
                    }
                    _ => {
                        output.warning = Some(
                            "--explain: the ladder of techniques is for classic 9x9 puzzles; this one was solved by search".into(),
                        );
                    }
                }
            }
            // Explained records are blocks, failed ones too, so that a blank line always
            // separates them.
            output.block = explain;
            output
        }
        Task::Count { algo, limit } => {
            Output::counted(worker.count(board, algo, limit, budget), limit)
        }
        Task::Check => Output::checked(worker.check(board, budget)),
        Task::Rate { scale } => Output::rated(worker.rate(board, budget), scale),
        Task::Hint { apply } => Output::hinted(worker.hint(board, budget), apply),
        Task::Canon => Output::canonical(worker.canonical(board)),
    }
}

/// The reply of an output in the job's format; `puzzle` is the puzzle's line, for JSON
/// records.
pub(crate) fn reply(
    job: Job,
    source: Arc<str>,
    line: usize,
    puzzle: Option<String>,
    output: Output,
) -> Reply {
    let stdout = match job.format {
        Format::Json => format!(
            "{}\n",
            serde_json::Value::Object(output.to_json(
                Some((&source, line)),
                puzzle.as_deref(),
                job.stats
            ))
        ),
        Format::Line => output.to_text(false, job.stats),
        Format::Grid => output.to_text(true, job.stats),
    };
    Reply {
        source,
        line,
        column: None,
        stdout,
        problem: output.problem.map(|p| p.message().to_string()),
        warning: output.warning,
        stats: output.stats,
    }
}
