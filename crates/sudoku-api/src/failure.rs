//! [`Failure`]: why one puzzle got no answer, as every front end tells it; and
//! [`UsageError`]: arguments no call can take.

use std::fmt;

use sudoku_core::{
    Budget, Clash, Exhausted, ReadError, ReadErrorKind, Unsettled, VariantErrorKind,
};

use crate::front::{Front, Opt};

/// What kind of problem a [`Failure`] is. Each has one status word (the command line's
/// placeholder record, the `status` of JSON records and of Python's `solve_detail`), and each
/// front end maps kinds to its own errors (Python: one exception class per kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FailureKind {
    /// The input is not a puzzle: `malformed`.
    Malformed,
    /// Two givens already break a rule: `clash`.
    Clash,
    /// No solution (of the givens, or of the givens and pencil marks): `no solution`.
    NoSolution,
    /// A pencil-mark position in which a cell has no candidate left: `contradiction`.
    Contradiction,
    /// A pencil-mark position whose marks exclude its only solution: `wrong elimination`.
    WrongElimination,
    /// Several solutions where one was required: `several solutions`.
    Several,
    /// One solution, but not the one the input gives with the puzzle: `wrong solution`.
    WrongSolution,
    /// The budget ran out first: `gave up`.
    GaveUp,
    /// A call of the 9x9 technique ladder or symmetries on another size or variant: `not
    /// classic`.
    NotClassic,
    /// A generator could not make a puzzle that meets its targets: `not made`.
    NotMade,
    /// A picture could not be drawn or written (no font for a PNG's digits, an image too
    /// large, a second picture for a file that holds one): `not drawn`.
    NotDrawn,
    /// A bug: `internal error`.
    Internal,
}

impl FailureKind {
    /// The status word.
    pub fn status(self) -> &'static str {
        match self {
            FailureKind::Malformed => "malformed",
            FailureKind::Clash => "clash",
            FailureKind::NoSolution => "no solution",
            FailureKind::Contradiction => "contradiction",
            FailureKind::WrongElimination => "wrong elimination",
            FailureKind::Several => "several solutions",
            FailureKind::WrongSolution => "wrong solution",
            FailureKind::GaveUp => "gave up",
            FailureKind::NotClassic => "not classic",
            FailureKind::NotMade => "not made",
            FailureKind::NotDrawn => "not drawn",
            FailureKind::Internal => "internal error",
        }
    }
}

/// Why one puzzle got no answer: its kind, the message (the same words in every front end,
/// with that front end's option names), and where in the puzzle's text it points, when it
/// does.
///
/// ```
/// use sudoku_api::{Board, FailureKind};
///
/// let err = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x"
///     .parse::<Board>()
///     .unwrap_err();
/// assert_eq!(err.kind(), FailureKind::Malformed);
/// assert_eq!((err.line(), err.column()), (Some(1), Some(81)));
/// assert!(err.message().starts_with("line 1, column 81: invalid character 'x'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    kind: FailureKind,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
    /// What ran out, for a search that gave up.
    exhausted: Option<Exhausted>,
    /// The solutions found before a count gave up.
    found: Option<usize>,
}

impl Failure {
    /// A failure of `kind` with `message`, pointing nowhere.
    pub fn new(kind: FailureKind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            line: None,
            column: None,
            exhausted: None,
            found: None,
        }
    }

    /// This failure, pointing at `line` and `column` of the puzzle's text.
    pub fn at(mut self, line: Option<usize>, column: Option<usize>) -> Failure {
        self.line = line;
        self.column = column;
        self
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> FailureKind {
        self.kind
    }

    /// The status word of its kind.
    pub fn status(&self) -> &'static str {
        self.kind.status()
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based line of the puzzle's text it points at, if any.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The 1-based column of that line it points at, if any.
    pub fn column(&self) -> Option<usize> {
        self.column
    }

    /// What ran out, for a search that gave up (as the search reports it, not as the
    /// caller's budget states it).
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted
    }

    /// The solutions found before a count gave up.
    pub fn found(&self) -> Option<usize> {
        self.found
    }

    /// The message, with `more` after it.
    pub(crate) fn and(mut self, more: impl fmt::Display) -> Failure {
        self.message = format!("{}{more}", self.message);
        self
    }

    /// A record the reader could not read: its message and position. A killer puzzle among
    /// grids gets the calls of `front` that read it instead.
    pub fn read(err: &ReadError, front: Front) -> Failure {
        let killer = matches!(err.kind(), ReadErrorKind::Variant { error, .. }
            if error.kind() == VariantErrorKind::Killer);
        let failure = if killer {
            Failure::killer(front)
        } else {
            Failure::new(FailureKind::Malformed, err.message())
        };
        failure.at(Some(err.line()), err.column())
    }

    /// A killer puzzle where grids are read, with the calls of `front` that take it.
    pub(crate) fn killer(front: Front) -> Failure {
        let calls = match front {
            Front::Python => "solve_killer or count_killer",
            _ => "`sudoku killer solve` or `sudoku killer count`",
        };
        Failure::new(
            FailureKind::Malformed,
            format!("a killer puzzle (it has cages): use {calls}"),
        )
    }

    /// Two givens clash.
    pub fn clash(clash: Clash) -> Failure {
        Failure::new(FailureKind::Clash, format!("clashing givens: {clash}"))
    }

    /// The budget ran out: what ran out as the user set it, with the option that sets it.
    pub fn gave_up(front: Front, exhausted: Exhausted, budget: Budget) -> Failure {
        let mut failure = Failure::new(FailureKind::GaveUp, gave_up(front, exhausted, budget));
        failure.exhausted = Some(exhausted);
        failure
    }

    /// A count the budget cut short, with the solutions found.
    pub fn unsettled(front: Front, unsettled: Unsettled, budget: Budget) -> Failure {
        let mut failure = Failure::gave_up(front, unsettled.exhausted, budget).and(format_args!(
            " with {} solution{} found",
            unsettled.found,
            plural(unsettled.found)
        ));
        failure.found = Some(unsettled.found);
        failure
    }

    /// A call of the 9x9 ladder or symmetries (`what`) on a puzzle of another kind,
    /// described as `rules`.
    pub fn not_classic(what: &str, rules: &str) -> Failure {
        Failure::new(
            FailureKind::NotClassic,
            format!("{what} takes classic 9x9 puzzles; this is a {rules} puzzle"),
        )
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

/// `s` for counts other than 1.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a call gave up, in words: what ran out (as the user set it), with the option that
/// sets it: `gave up after 2 s (--time-limit)`.
pub fn gave_up(front: Front, exhausted: Exhausted, budget: Budget) -> String {
    let option = match exhausted {
        Exhausted::Time(_) => format!(" ({})", front.name(Opt::TimeLimit)),
        Exhausted::Nodes(_) => format!(" ({})", front.name(Opt::NodeLimit)),
        _ => String::new(),
    };
    format!("gave up after {}{option}", budget.as_set(exhausted))
}

/// Arguments no call can take (a limit of 0, a size without boxes, targets that contradict
/// each other): the command line's usage errors, Python's ValueError.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError {
    message: String,
}

impl UsageError {
    /// A usage error with `message`.
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError {
            message: message.into(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}
