//! The subcommands that read puzzles (solve, count, check, rate, hint, canon): each record
//! read becomes one answer, through the front door's tasks.

use std::sync::Arc;

use sudoku_api::{
    Algo, Board, Budget, Explained, Failure, Front, Output, Puzzle, PuzzleForm, ReadError, Record,
    Scale, Worker, picture,
};

use crate::render::{Delivered, Target, deliver, placeholder};
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
    /// True candidates, looking at up to `limit` solutions.
    Candidates {
        limit: usize,
    },
    /// The solutions, up to `limit`.
    Solutions {
        limit: usize,
    },
    /// The puzzle in another form (`None`: its line).
    Convert {
        form: Option<PuzzleForm>,
    },
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

/// Answers one item of the input (record `index`, from 0): a puzzle read, or a piece that
/// could not be read; with `pages`, the explanation's page goes there.
pub(crate) fn answer(
    worker: &mut Worker,
    job: Job,
    pages: Option<&Target>,
    source: Arc<str>,
    index: u64,
    read: Result<Record, ReadError>,
) -> Reply {
    match read {
        Err(err) => {
            let output = Output::failed(Failure::read(&err, Front::Cli));
            let mut reply = reply(job, source, err.line(), None, output);
            reply.column = err.column();
            reply
        }
        Ok(record) => {
            let mut explained = None;
            let output = run(
                worker,
                job,
                &record,
                pages.is_some().then_some(&mut explained),
            )
            .with_rules(&record.board);
            // Only JSON records carry the puzzle: writing a variant's link compresses it.
            let puzzle = (job.format == Format::Json).then(|| record.board.line());
            let mut reply = reply(job, source, record.line, puzzle, output);
            if let (Some(target), Some(explained)) = (pages, explained) {
                let place = format!("{}:{}", reply.source, reply.line);
                page(target, index, &place, &explained, &mut reply);
            }
            reply
        }
    }
}

/// Delivers the step-through page of an explained path to `target`; a page that cannot be
/// made or written makes the puzzle fail.
fn page(target: &Target, index: u64, place: &str, explained: &Explained, reply: &mut Reply) {
    let html = match picture::explanation_page(place, explained) {
        Ok(html) => html,
        Err(failure) => {
            fail(reply, failure.message().to_string(), false);
            return;
        }
    };
    match deliver(target, index, "html", html.into_bytes(), placeholder(true)) {
        Delivered::At(_) => {}
        Delivered::Later(made) => reply.made = Some(made),
        Delivered::Failed(problem) => fail(reply, problem, true),
    }
}

/// Turns a reply into the placeholder of a page not made, with the problem.
fn fail(reply: &mut Reply, problem: String, io_error: bool) {
    reply.stdout = placeholder(true);
    reply.problem = Some(problem);
    reply.warning = None;
    reply.io_error = io_error;
}

/// One puzzle's answer; with `explained`, the explained path is kept there (for its page).
fn run(
    worker: &mut Worker,
    job: Job,
    record: &Record,
    explained: Option<&mut Option<Explained>>,
) -> Output {
    let (board, budget) = (&record.board, job.budget);
    match job.task {
        Task::Solve {
            algo,
            unique,
            explain,
        } => {
            let meter = budget.meter();
            let mut solved = worker.solve(board, algo, algo.is_complete(), budget);
            solved.compare_stated(record.solution.as_ref().map(Puzzle::cells));
            let mut output = Output::solved(&solved, unique);
            if explain && output.problem.is_none() {
                match board {
                    Board::Classic { .. } => {
                        let path = worker.explain(board, meter.remaining());
                        if let (Some(keep), Ok(path)) = (explained, &path) {
                            *keep = Some(path.clone());
                        }
                        output = output.explained(path);
                    }
                    _ => {
                        output.warning = Some(
                            "--explain: the ladder of techniques is for classic 9x9 puzzles; this one was solved by search".into(),
                        );
                    }
                }
            }
            output
        }
        Task::Count { algo, limit } => {
            Output::counted(worker.count(board, algo, limit, budget), limit)
        }
        Task::Check => {
            Output::checked(worker.check_stated(board, record.solution.as_ref(), budget))
        }
        Task::Rate { scale } => Output::rated(worker.rate(board, budget), scale),
        Task::Hint { apply } => Output::hinted(worker.hint(board, budget), apply),
        Task::Canon => Output::canonical(worker.canonical(board)),
        Task::Candidates { limit } => {
            Output::possible(worker.true_candidates(board, limit, budget))
        }
        Task::Solutions { limit } => Output::listed(worker.solutions(board, limit, budget)),
        Task::Convert { form: None } => Output::ok("converted", board.line()),
        Task::Convert { form: Some(form) } => match board.write(form) {
            Ok(text) => Output::ok("converted", text),
            Err(failure) => Output::failed(failure),
        },
    }
}

/// The reply of an output in the job's format; `puzzle` is the puzzle's line, for JSON
/// records.
pub(crate) fn reply(
    job: Job,
    source: Arc<str>,
    line: usize,
    puzzle: Option<String>,
    mut output: Output,
) -> Reply {
    // Explained records are blocks, failed and unreadable ones too, so that a blank line
    // always separates them.
    output.block |= matches!(job.task, Task::Solve { explain: true, .. });
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
        made: None,
        io_error: false,
    }
}
