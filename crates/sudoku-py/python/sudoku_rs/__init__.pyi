"""Type stubs of sudoku_rs: Sudoku at scale, on every core.

A puzzle is a str in any form the `sudoku` command line reads (or a dict of the JSON form
of a variant); a batch is a list (any iterable) of them, a numpy integer array of shape
(N, n*n) with 0 for blanks, or a numpy array or pandas Series of strings. Every function
answers in the kind it was given (a Series keeps its index).
"""

from os import PathLike
from typing import Any, Iterable, Literal, Mapping, Optional, Protocol, Tuple, Union, final, overload

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "ClashError",
    "GaveUpError",
    "GenerateError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "NotClassicError",
    "ParseError",
    "Rating",
    "SolveResult",
    "Step",
    "SudokuError",
    "canonical",
    "check",
    "count",
    "count_killer",
    "explain",
    "explain_html",
    "generate",
    "generate_killer",
    "hint",
    "rate",
    "read",
    "render",
    "solve",
    "solve_detail",
    "solutions",
    "solve_killer",
    "to_array",
    "to_link",
    "to_strings",
    "true_candidates",
    "__version__",
]

_Puzzle = Union[str, Mapping[str, Any]]
"""One puzzle: a str, or a dict such as {"givens": "...", "diagonals": True}."""

_Cells = npt.NDArray[np.integer[Any]]
"""Puzzles as an integer array of shape (N, n*n) (or (n*n,) for one), 0 for a blank."""

_Lines = Union[npt.NDArray[np.object_], npt.NDArray[np.str_]]
"""Puzzles as an array of strings, of any shape (what a pandas column's `.values` gives):
the answers come back in an array of the same shape."""

class _Column(Protocol):
    """A pandas Series (a DataFrame's column), known by its attributes as at run time (pandas
    is not a dependency): the answers come back in a Series with its index."""

    @property
    def index(self) -> Any: ...
    @property
    def values(self) -> Any: ...

_Algo = Literal["mrv", "dlx", "abc"]
# A str (and a dict) is itself an iterable of str: the overloads for one puzzle come first,
# and type checkers take the first that matches (hence the overload-overlap ignores).
_Errors = Literal["raise", "none"]

class SudokuError(ValueError):
    """A puzzle got no answer. The base of every exception of sudoku_rs, a ValueError.

    Attributes: `index` is the 0-based place of the puzzle in a batch (None for one puzzle);
    `line` and `column` point into the puzzle's text where they can (else None).
    """

    index: Optional[int]
    """The 0-based place of the puzzle in a batch; None for one puzzle."""
    line: Optional[int]
    """The line of the puzzle's text the error points at, if any."""
    column: Optional[int]
    """The column of the puzzle's text the error points at, if any."""

class ParseError(SudokuError):
    """The input is not a puzzle: what and where, e.g. 'line 1, column 5: invalid character ...'."""

class ClashError(SudokuError):
    """Two givens already break a rule: the same digit twice in a row, column, box or extra unit."""

class NoSolutionError(SudokuError):
    """The puzzle has no solution (or a position contradicts its solution)."""

class MultipleSolutionsError(SudokuError):
    """The puzzle has several solutions where one was required."""

class GaveUpError(SudokuError):
    """An incomplete or bounded search ran out of its budget without an answer."""

class NotClassicError(SudokuError):
    """The call takes classic 9x9 puzzles, and this one is of another size or variant."""

class GenerateError(SudokuError):
    """No puzzle met the targets of generate() within its attempts."""

@final
class Rating:
    """A puzzle's rating on Sudoku Explainer 1.2.1's scale.

    Attributes:
        er (float): the difficulty of the hardest step of the path that always takes the
            easiest technique (1.0 to about 12; 20.0 when the ladder got stuck).
        ep (float): the hardest step up to the first digit placed.
        ed (float): the difficulty of the first step.
        band (str): 'easy' (ER up to 2.0), 'medium' (to 3.4), 'hard' (to 6.4) or 'expert'.
        hardest (str | None): the technique of the hardest step, None when nothing was left to
            do.
        solved_by_logic (bool): whether the ladder of techniques solved the puzzle.
        search_effort (float): the MRV solver's guesses, averaged over 8 random symmetries of
            the puzzle: how hard it is for a computer.

    Ratings pickle, so they travel between processes (multiprocessing, Dask, Ray);
    Rating(er, ep, ed, band, hardest, solved_by_logic, search_effort) makes one from its
    fields.
    """

    er: float
    ep: float
    ed: float
    band: Literal["easy", "medium", "hard", "expert"]
    hardest: Optional[str]
    solved_by_logic: bool
    search_effort: float
    def __new__(
        cls,
        er: float,
        ep: float,
        ed: float,
        band: Literal["easy", "medium", "hard", "expert"],
        hardest: Optional[str],
        solved_by_logic: bool,
        search_effort: float,
    ) -> "Rating": ...
    def __reduce__(self) -> Tuple[type["Rating"], Tuple[Any, ...]]: ...
    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (for JSON)."""

@final
class Step:
    """One logical step, as Sudoku Explainer takes it, and the position after it.

    Cells are numbered 0 to 80, row after row (cell 9 is r2c1); digits are 1 to 9.

    Attributes:
        technique (str): the technique of the ladder, e.g. 'Hidden Single', 'X-Wing'.
        name (str): the step's name as Sudoku Explainer gives it, e.g. 'Claiming',
            'Unique Rectangle type 2'.
        rating (float): its difficulty on Sudoku Explainer's scale.
        text (str): the step in words, e.g. 'Hidden Single (1.2) in box 2 on r3c5 with {7}:
            place r3c5=7'.
        cells (list[int]): the cells of the pattern.
        digits (list[int]): the digits of the pattern.
        unit (str | None): the region the pattern lives in ('row 3', 'box 7', ...), if any.
        placements (list[tuple[int, int]]): digits placed, as (cell, digit).
        eliminations (list[tuple[int, int]]): candidates removed, as (cell, digit).
        board (str): the 81-character grid after the step ('.' for blanks).
        candidates (str): the 729-character pencil marks after the step: 9 characters per
            cell, digit d at place d where it is still a candidate, '.' elsewhere; every
            function that takes a puzzle reads it back as a position.

    In a notebook a step shows as its picture: the position before it, the pattern's cells
    and candidates highlighted, the eliminations in red, the placements in blue, and the
    technique's name and rating as the caption (`_repr_svg_`, also `svg()`).
    """

    technique: str
    name: str
    rating: float
    text: str
    cells: list[int]
    digits: list[int]
    unit: Optional[str]
    placements: list[Tuple[int, int]]
    eliminations: list[Tuple[int, int]]
    board: str
    candidates: str
    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (for JSON), with the cells also named ('r3c5')."""
    def svg(self) -> str:
        """The step's picture as SVG text: the position before it with the pattern highlighted
        (see the class's docs).
        """
    def _repr_svg_(self) -> str: ...

@final
class SolveResult:
    """What solve_detail() found for one puzzle: never an exception, always a record.

    Attributes:
        status (str): 'solved' (exactly one solution, or any solution for algo='abc', which
            cannot count), 'several solutions', 'no solution', 'clash' (givens that break a
            rule), 'malformed' (not a puzzle), 'gave up' (the budget or the colony's cycles
            ran out), and for pencil-mark positions 'wrong elimination' (the marks exclude
            the solution); the same words as the command line's JSON records.
        solution (str | None): the solution's line; for 'several solutions', one of them.
        count (int | None): the solutions counted up to 2 (2 means two or more); None when
            not counted (algo='abc', or the puzzle failed before the search).
        unique (bool | None): whether the solution is the only one; None when not counted.
        error (str | None): the message the exception of solve() would carry, None when
            solved (with a unique solution).
        stats (dict[str, int]): what the algorithm counted: nodes and guesses for a search,
            cycles and evaluations for the colony.
    """

    status: Literal[
        "solved", "several solutions", "no solution", "clash", "malformed", "gave up", "internal error"
    ]
    solution: Optional[str]
    count: Optional[int]
    unique: Optional[bool]
    error: Optional[str]
    stats: dict[str, int]
    @property
    def ok(self) -> bool:
        """Whether the puzzle was solved (status 'solved')."""
    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict (for JSON)."""

@overload
def solve(  # type: ignore[overload-overlap]
    x: _Puzzle,
    algo: _Algo = "mrv",
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> str:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(  # type: ignore[overload-overlap]
    x: _Puzzle,
    algo: _Algo = "mrv",
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[str]:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(x: _Column, algo: _Algo = "mrv", *, unique: bool = True, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(x: _Lines, algo: _Algo = "mrv", *, unique: bool = True, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(
    x: _Cells,
    algo: _Algo = "mrv",
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> npt.NDArray[np.uint8]:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(
    x: Iterable[_Puzzle],
    algo: _Algo = "mrv",
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[str]:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """
@overload
def solve(
    x: Iterable[_Puzzle],
    algo: _Algo = "mrv",
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[str]]:
    """Solves puzzles: the solution of each, as the same kind as the input.

    Args:
        x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
            '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
            a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
            variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
            them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
            array or pandas Series of such strings (a DataFrame's column).
        algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
            may give up and cannot check uniqueness).
        unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
            gets the first solution found, without the uniqueness check (faster).
        errors: 'raise' raises the exception of the first puzzle without an answer, naming
            its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
            (or for one puzzle), a row of zeros in an array.
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (GaveUpError after them, or None with
            errors='none'); None for no limit.
        max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
            limit, the same answer on every machine. None for no limit.

    Returns:
        The solution's line for a str or dict, a list of lines for a list, an array of the
        same shape (uint8) for an array of cells (of lines for one of strings), a Series
        with the same index for a Series.

    Raises:
        ParseError: not a puzzle ('line 1, column 5: invalid character ...').
        ClashError: two givens break a rule.
        NoSolutionError: no solution.
        MultipleSolutionsError: several solutions (with unique=True).
        GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.

    Warns:
        UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
            other than the one found; the one found is returned.

    Example:
        >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    """

@overload
def solve_detail(  # type: ignore[overload-overlap]
    x: _Puzzle,
    algo: _Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> SolveResult:
    """Solves puzzles and reports everything about each, never raising for a puzzle: its
    status, solution, number of solutions (up to 2) and the search's statistics.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        algo: 'mrv', 'dlx' or 'abc', as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        A SolveResult for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Example:
        >>> r = sudoku_rs.solve_detail("." * 81)
        >>> r.status, r.count
        ('several solutions', 2)
    """
@overload
def solve_detail(x: _Column, algo: _Algo = "mrv", *, threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Solves puzzles and reports everything about each, never raising for a puzzle: its
    status, solution, number of solutions (up to 2) and the search's statistics.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        algo: 'mrv', 'dlx' or 'abc', as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        A SolveResult for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Example:
        >>> r = sudoku_rs.solve_detail("." * 81)
        >>> r.status, r.count
        ('several solutions', 2)
    """
@overload
def solve_detail(x: _Lines, algo: _Algo = "mrv", *, threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Solves puzzles and reports everything about each, never raising for a puzzle: its
    status, solution, number of solutions (up to 2) and the search's statistics.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        algo: 'mrv', 'dlx' or 'abc', as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        A SolveResult for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Example:
        >>> r = sudoku_rs.solve_detail("." * 81)
        >>> r.status, r.count
        ('several solutions', 2)
    """
@overload
def solve_detail(
    x: Union[Iterable[_Puzzle], _Cells],
    algo: _Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[SolveResult]:
    """Solves puzzles and reports everything about each, never raising for a puzzle: its
    status, solution, number of solutions (up to 2) and the search's statistics.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        algo: 'mrv', 'dlx' or 'abc', as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        A SolveResult for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Example:
        >>> r = sudoku_rs.solve_detail("." * 81)
        >>> r.status, r.count
        ('several solutions', 2)
    """

@overload
def count(  # type: ignore[overload-overlap]
    x: _Puzzle,
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> int:
    """Counts the solutions of puzzles, up to a limit.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        limit: counting stops at this many solutions (2, the default, tells unique from
            not); a count equal to the limit means the limit or more.
        algo: 'mrv' or 'dlx' (a complete algorithm).
        errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle; a numpy int64 array for a list or an array (of the same
        shape for an array of strings); a Series of them for a Series.

    Raises:
        ParseError, ClashError: as solve().
        GaveUpError: the budget ran out before the count was settled (the message says how
            many solutions were found).

    Example:
        >>> sudoku_rs.count("." * 81, limit=1000)
        1000
    """
@overload
def count(  # type: ignore[overload-overlap]
    x: _Puzzle,
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[int]:
    """Counts the solutions of puzzles, up to a limit.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        limit: counting stops at this many solutions (2, the default, tells unique from
            not); a count equal to the limit means the limit or more.
        algo: 'mrv' or 'dlx' (a complete algorithm).
        errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle; a numpy int64 array for a list or an array (of the same
        shape for an array of strings); a Series of them for a Series.

    Raises:
        ParseError, ClashError: as solve().
        GaveUpError: the budget ran out before the count was settled (the message says how
            many solutions were found).

    Example:
        >>> sudoku_rs.count("." * 81, limit=1000)
        1000
    """
@overload
def count(x: _Column, limit: int = 2, *, algo: Literal["mrv", "dlx"] = "mrv", errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Counts the solutions of puzzles, up to a limit.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        limit: counting stops at this many solutions (2, the default, tells unique from
            not); a count equal to the limit means the limit or more.
        algo: 'mrv' or 'dlx' (a complete algorithm).
        errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle; a numpy int64 array for a list or an array (of the same
        shape for an array of strings); a Series of them for a Series.

    Raises:
        ParseError, ClashError: as solve().
        GaveUpError: the budget ran out before the count was settled (the message says how
            many solutions were found).

    Example:
        >>> sudoku_rs.count("." * 81, limit=1000)
        1000
    """
@overload
def count(x: _Lines, limit: int = 2, *, algo: Literal["mrv", "dlx"] = "mrv", errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.int64]:
    """Counts the solutions of puzzles, up to a limit.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        limit: counting stops at this many solutions (2, the default, tells unique from
            not); a count equal to the limit means the limit or more.
        algo: 'mrv' or 'dlx' (a complete algorithm).
        errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle; a numpy int64 array for a list or an array (of the same
        shape for an array of strings); a Series of them for a Series.

    Raises:
        ParseError, ClashError: as solve().
        GaveUpError: the budget ran out before the count was settled (the message says how
            many solutions were found).

    Example:
        >>> sudoku_rs.count("." * 81, limit=1000)
        1000
    """
@overload
def count(
    x: Union[Iterable[_Puzzle], _Cells],
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> npt.NDArray[np.int64]:
    """Counts the solutions of puzzles, up to a limit.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them.
        limit: counting stops at this many solutions (2, the default, tells unique from
            not); a count equal to the limit means the limit or more.
        algo: 'mrv' or 'dlx' (a complete algorithm).
        errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle; a numpy int64 array for a list or an array (of the same
        shape for an array of strings); a Series of them for a Series.

    Raises:
        ParseError, ClashError: as solve().
        GaveUpError: the budget ran out before the count was settled (the message says how
            many solutions were found).

    Example:
        >>> sudoku_rs.count("." * 81, limit=1000)
        1000
    """

@overload
def rate(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Rating:  # type: ignore[overload-overlap]
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """
@overload
def rate(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Optional[Rating]:  # type: ignore[overload-overlap]
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """
@overload
def rate(x: _Column, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """
@overload
def rate(x: _Lines, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """
@overload
def rate(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> list[Rating]:
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """
@overload
def rate(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> list[Optional[Rating]]:
    """Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
    makers and forums use, equal to Sudoku Explainer's own.

    Args:
        x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle may take (read between the steps of its path: the
            hardest puzzles known take a second); None for no limit.

    Returns:
        A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
        search_effort), a list of them for a list or an array of cells; an array of
        strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
            rating.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
        Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
    """

@overload
def explain(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> list[Step]:  # type: ignore[overload-overlap]
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """
@overload
def explain(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Optional[list[Step]]:  # type: ignore[overload-overlap]
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """
@overload
def explain(x: _Column, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """
@overload
def explain(x: _Lines, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """
@overload
def explain(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> list[list[Step]]:
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """
@overload
def explain(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> list[Optional[list[Step]]]:
    """Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
    measures: every step with its technique, difficulty, cells and digits, what it places or
    eliminates, and the board after it. The trace for teaching, and for training models.

    Args:
        x: one classic puzzle, or a pencil-mark position (the path starts from its
            candidates), a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit: seconds one puzzle's path may take (read between steps), as for rate().

    Returns:
        A list of Step for one puzzle (empty for a full grid), a list of such lists for a
        list or an array of cells; an array of strings or a Series gives the same kind (see
        solve()). The last step's board is the solution; were the ladder to get stuck (no
        puzzle with one solution is known to), the steps end before it.

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
        NotClassicError: a puzzle of another size or variant.

    Example:
        >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> steps[0].technique, steps[0].rating, steps[0].placements
        ('Hidden Single', 1.2, [(5, 8)])
    """

@overload
def hint(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Optional[Step]:  # type: ignore[overload-overlap]
    """The next logical step for a puzzle or a position partly solved by a person (pencil
    marks are read): the hint the ladder of techniques gives, checked first.

    Args:
        x: one classic puzzle or pencil-mark position, a list of them or an array of shape
            (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (the checks and the hardest
            techniques search), as for solve().

    Returns:
        A Step (its `candidates` is the position after it, to pass back for the next hint),
        or None when the grid is full (or no technique applies); a list for a list or an
        array of cells; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
            elimination removed the solution's digit.
        MultipleSolutionsError: the position has several solutions.
        NotClassicError: a puzzle of another size or variant.
        GaveUpError: the budget ran out.
    """
@overload
def hint(x: _Column, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """The next logical step for a puzzle or a position partly solved by a person (pencil
    marks are read): the hint the ladder of techniques gives, checked first.

    Args:
        x: one classic puzzle or pencil-mark position, a list of them or an array of shape
            (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (the checks and the hardest
            techniques search), as for solve().

    Returns:
        A Step (its `candidates` is the position after it, to pass back for the next hint),
        or None when the grid is full (or no technique applies); a list for a list or an
        array of cells; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
            elimination removed the solution's digit.
        MultipleSolutionsError: the position has several solutions.
        NotClassicError: a puzzle of another size or variant.
        GaveUpError: the budget ran out.
    """
@overload
def hint(x: _Lines, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """The next logical step for a puzzle or a position partly solved by a person (pencil
    marks are read): the hint the ladder of techniques gives, checked first.

    Args:
        x: one classic puzzle or pencil-mark position, a list of them or an array of shape
            (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (the checks and the hardest
            techniques search), as for solve().

    Returns:
        A Step (its `candidates` is the position after it, to pass back for the next hint),
        or None when the grid is full (or no technique applies); a list for a list or an
        array of cells; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
            elimination removed the solution's digit.
        MultipleSolutionsError: the position has several solutions.
        NotClassicError: a puzzle of another size or variant.
        GaveUpError: the budget ran out.
    """
@overload
def hint(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> list[Optional[Step]]:
    """The next logical step for a puzzle or a position partly solved by a person (pencil
    marks are read): the hint the ladder of techniques gives, checked first.

    Args:
        x: one classic puzzle or pencil-mark position, a list of them or an array of shape
            (N, 81).
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (the checks and the hardest
            techniques search), as for solve().

    Returns:
        A Step (its `candidates` is the position after it, to pass back for the next hint),
        or None when the grid is full (or no technique applies); a list for a list or an
        array of cells; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
            elimination removed the solution's digit.
        MultipleSolutionsError: the position has several solutions.
        NotClassicError: a puzzle of another size or variant.
        GaveUpError: the budget ran out.
    """

@overload
def render(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    solution: bool = False,
    killer: bool = False,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> str:
    """Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
    page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
    cages dashed with their sums, pencil marks in their places, givens apart from placed
    digits; any size from 4x4 to 25x25.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
            positions, other sizes, variants); with killer=True, killer puzzles as
            solve_killer() takes them.
        solution: draw the solution over the puzzle (its digits as givens, the others as
            placed digits); of several solutions, the first found.
        killer: read x as killer puzzles.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of solving one puzzle, with solution=True.

    Returns:
        The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, GaveUpError: with solution=True, no solution was found.

    Example:
        >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
        True
    """
@overload
def render(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    solution: bool = False,
    killer: bool = False,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[str]:
    """Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
    page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
    cages dashed with their sums, pencil marks in their places, givens apart from placed
    digits; any size from 4x4 to 25x25.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
            positions, other sizes, variants); with killer=True, killer puzzles as
            solve_killer() takes them.
        solution: draw the solution over the puzzle (its digits as givens, the others as
            placed digits); of several solutions, the first found.
        killer: read x as killer puzzles.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of solving one puzzle, with solution=True.

    Returns:
        The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, GaveUpError: with solution=True, no solution was found.

    Example:
        >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
        True
    """
@overload
def render(x: _Column, *, solution: bool = False, killer: bool = False, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
    page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
    cages dashed with their sums, pencil marks in their places, givens apart from placed
    digits; any size from 4x4 to 25x25.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
            positions, other sizes, variants); with killer=True, killer puzzles as
            solve_killer() takes them.
        solution: draw the solution over the puzzle (its digits as givens, the others as
            placed digits); of several solutions, the first found.
        killer: read x as killer puzzles.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of solving one puzzle, with solution=True.

    Returns:
        The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, GaveUpError: with solution=True, no solution was found.

    Example:
        >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
        True
    """
@overload
def render(x: _Lines, *, solution: bool = False, killer: bool = False, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
    page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
    cages dashed with their sums, pencil marks in their places, givens apart from placed
    digits; any size from 4x4 to 25x25.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
            positions, other sizes, variants); with killer=True, killer puzzles as
            solve_killer() takes them.
        solution: draw the solution over the puzzle (its digits as givens, the others as
            placed digits); of several solutions, the first found.
        killer: read x as killer puzzles.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of solving one puzzle, with solution=True.

    Returns:
        The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, GaveUpError: with solution=True, no solution was found.

    Example:
        >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
        True
    """
@overload
def render(
    x: Union[Iterable[_Puzzle], _Cells],
    *,
    solution: bool = False,
    killer: bool = False,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[str]]:
    """Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
    page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
    cages dashed with their sums, pencil marks in their places, givens apart from placed
    digits; any size from 4x4 to 25x25.

    Args:
        x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
            positions, other sizes, variants); with killer=True, killer puzzles as
            solve_killer() takes them.
        solution: draw the solution over the puzzle (its digits as givens, the others as
            placed digits); of several solutions, the first found.
        killer: read x as killer puzzles.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of solving one puzzle, with solution=True.

    Returns:
        The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError: as solve().
        NoSolutionError, GaveUpError: with solution=True, no solution was found.

    Example:
        >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
        True
    """

@overload
def explain_html(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    name: str = "Puzzle",
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> str:
    """The explanation of a puzzle as one self-contained HTML page (styles and script inline,
    nothing fetched) that steps through the logical path with buttons and the arrow keys,
    each step a picture of the position before it with the pattern highlighted, the
    technique's name and rating as the caption; what `sudoku solve --explain --html` writes.

    Args:
        x: one classic puzzle with one solution (or a pencil-mark position), a list of them
            or an array, as explain() takes them.
        name: the page's heading, before the path's ratings.
        errors, threads, time_limit, max_nodes: as for explain().

    Returns:
        The page (str) for one puzzle, a list of pages for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        As explain().

    Example:
        >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
        True
    """
@overload
def explain_html(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    name: str = "Puzzle",
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[str]:
    """The explanation of a puzzle as one self-contained HTML page (styles and script inline,
    nothing fetched) that steps through the logical path with buttons and the arrow keys,
    each step a picture of the position before it with the pattern highlighted, the
    technique's name and rating as the caption; what `sudoku solve --explain --html` writes.

    Args:
        x: one classic puzzle with one solution (or a pencil-mark position), a list of them
            or an array, as explain() takes them.
        name: the page's heading, before the path's ratings.
        errors, threads, time_limit, max_nodes: as for explain().

    Returns:
        The page (str) for one puzzle, a list of pages for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        As explain().

    Example:
        >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
        True
    """
@overload
def explain_html(x: _Column, *, name: str = "Puzzle", errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """The explanation of a puzzle as one self-contained HTML page (styles and script inline,
    nothing fetched) that steps through the logical path with buttons and the arrow keys,
    each step a picture of the position before it with the pattern highlighted, the
    technique's name and rating as the caption; what `sudoku solve --explain --html` writes.

    Args:
        x: one classic puzzle with one solution (or a pencil-mark position), a list of them
            or an array, as explain() takes them.
        name: the page's heading, before the path's ratings.
        errors, threads, time_limit, max_nodes: as for explain().

    Returns:
        The page (str) for one puzzle, a list of pages for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        As explain().

    Example:
        >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
        True
    """
@overload
def explain_html(x: _Lines, *, name: str = "Puzzle", errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """The explanation of a puzzle as one self-contained HTML page (styles and script inline,
    nothing fetched) that steps through the logical path with buttons and the arrow keys,
    each step a picture of the position before it with the pattern highlighted, the
    technique's name and rating as the caption; what `sudoku solve --explain --html` writes.

    Args:
        x: one classic puzzle with one solution (or a pencil-mark position), a list of them
            or an array, as explain() takes them.
        name: the page's heading, before the path's ratings.
        errors, threads, time_limit, max_nodes: as for explain().

    Returns:
        The page (str) for one puzzle, a list of pages for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        As explain().

    Example:
        >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
        True
    """
@overload
def explain_html(
    x: Union[Iterable[_Puzzle], _Cells],
    *,
    name: str = "Puzzle",
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[str]]:
    """The explanation of a puzzle as one self-contained HTML page (styles and script inline,
    nothing fetched) that steps through the logical path with buttons and the arrow keys,
    each step a picture of the position before it with the pattern highlighted, the
    technique's name and rating as the caption; what `sudoku solve --explain --html` writes.

    Args:
        x: one classic puzzle with one solution (or a pencil-mark position), a list of them
            or an array, as explain() takes them.
        name: the page's heading, before the path's ratings.
        errors, threads, time_limit, max_nodes: as for explain().

    Returns:
        The page (str) for one puzzle, a list of pages for a list or an array of cells;
        an array of strings or a Series gives the same kind (see solve()).

    Raises:
        As explain().

    Example:
        >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
        True
    """

@overload
def canonical(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> str:  # type: ignore[overload-overlap]
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None) -> Optional[str]:  # type: ignore[overload-overlap]
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(x: _Column, *, errors: _Errors = "raise", threads: Optional[int] = None) -> Any:
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(x: _Lines, *, errors: _Errors = "raise", threads: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(x: _Cells, *, errors: _Errors = "raise", threads: Optional[int] = None) -> npt.NDArray[np.uint8]:
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(
    x: Iterable[_Puzzle], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None
) -> list[str]:
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """
@overload
def canonical(x: Iterable[_Puzzle], *, errors: _Errors = "raise", threads: Optional[int] = None) -> list[Optional[str]]:
    """The canonical form of classic puzzles: the smallest line over their symmetries and
    relabellings, the same for every equivalent puzzle (so that duplicates in disguise
    collapse).

    Args:
        x: one classic puzzle, a list of them or an array of shape (N, 81).
        errors: 'raise' or 'none', as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        The canonical line ('.' for blanks) for a str, a list for a list, an array for an
        array (uint8 for cells, lines for strings), a Series for a Series.

    Raises:
        ParseError: not a puzzle.
        NotClassicError: a puzzle of another size or variant.
    """

@overload
def generate(
    n: int,
    seed: int = 0,
    *,
    start: int = 0,
    symmetry: Literal["none", "rotate180", "rotate90", "mirror", "diagonal"] = "none",
    se: Union[Tuple[Optional[float], Optional[float]], str, None] = None,
    difficulty: Optional[Literal["easy", "medium", "hard", "expert"]] = None,
    clues: Optional[int] = None,
    size: int = 9,
    variant: Union[str, Iterable[str], None] = None,
    max_attempts: Optional[int] = None,
    time_limit: Optional[float] = None,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
) -> list[str]:
    """Generates puzzles with exactly one solution, minimal unless a clue count is asked for.
    Puzzle i of a seed is the same whatever n and threads, so a data set can be made in
    parts and made again.

    Args:
        n: how many puzzles (an int, 0 or more); the list grows as they are made, and
            Ctrl-C stops the call.
        seed: the seed, an int from 0 to 2**64 - 1 (a ValueError names any other).
        start: the index of the first puzzle: the call makes puzzles start to start + n - 1
            of the seed, the same as those places of one longer call, so that a data set can
            be made in shards.
        symmetry: the symmetry of the clues: 'none', 'rotate180', 'rotate90', 'mirror' or
            'diagonal' (classic 9x9 only).
        se: only puzzles whose Sudoku Explainer rating (ER) is in this range, both ends
            included: a tuple (lo, hi), None for an open end, e.g. (4.0, 6.0) or (8.5, None);
            or a str such as '4.0..6.0'. Harder ratings are rarer (above 6, many tries per
            puzzle). Classic 9x9 only.
        difficulty: only puzzles of this band of the ER: 'easy', 'medium', 'hard' or
            'expert'. Classic 9x9 only.
        clues: exactly this many clues (17 to 81 on 9x9); puzzles that cannot get down to
            it are made again.
        size: the side of the board: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25.
        variant: extra rules, a str or a list of them: 'x' (both long diagonals hold every
            digit), 'windoku' (four extra windows, 9x9 only), 'jigsaw' (irregular regions);
            several at once as 'jigsaw,x' or ['jigsaw', 'x'].
        max_attempts: puzzles to try for a rating, band or clue count before giving up
            (default 2,000 on 9x9, 100 for other sizes and variants).
        errors: 'raise' raises GenerateError for the first puzzle not made; 'none' puts None
            in its place.
        threads: worker threads; None uses every core.

    Returns:
        A list of n puzzles as the command line writes them: 81 characters ('.' for blanks)
        for 9x9, n*n symbols for other sizes, a JSON line with the rules for variants (which
        every function here reads back).

    Raises:
        ValueError: targets no puzzle can meet (16 clues, windoku on 16x16, ...).
        GenerateError: no puzzle met the targets within max_attempts or time_limit.

    Example:
        >>> puzzles = sudoku_rs.generate(3, seed=7, symmetry="rotate180")
        >>> puzzles == sudoku_rs.generate(3, seed=7, symmetry="rotate180", threads=1)
        True
        >>> puzzles[1:] == sudoku_rs.generate(2, seed=7, start=1, symmetry="rotate180")
        True
    """
@overload
def generate(
    n: int,
    seed: int = 0,
    *,
    start: int = 0,
    symmetry: Literal["none", "rotate180", "rotate90", "mirror", "diagonal"] = "none",
    se: Union[Tuple[Optional[float], Optional[float]], str, None] = None,
    difficulty: Optional[Literal["easy", "medium", "hard", "expert"]] = None,
    clues: Optional[int] = None,
    size: int = 9,
    variant: Union[str, Iterable[str], None] = None,
    max_attempts: Optional[int] = None,
    time_limit: Optional[float] = None,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
) -> list[Optional[str]]:
    """Generates puzzles with exactly one solution, minimal unless a clue count is asked for.
    Puzzle i of a seed is the same whatever n and threads, so a data set can be made in
    parts and made again.

    Args:
        n: how many puzzles (an int, 0 or more); the list grows as they are made, and
            Ctrl-C stops the call.
        seed: the seed, an int from 0 to 2**64 - 1 (a ValueError names any other).
        start: the index of the first puzzle: the call makes puzzles start to start + n - 1
            of the seed, the same as those places of one longer call, so that a data set can
            be made in shards.
        symmetry: the symmetry of the clues: 'none', 'rotate180', 'rotate90', 'mirror' or
            'diagonal' (classic 9x9 only).
        se: only puzzles whose Sudoku Explainer rating (ER) is in this range, both ends
            included: a tuple (lo, hi), None for an open end, e.g. (4.0, 6.0) or (8.5, None);
            or a str such as '4.0..6.0'. Harder ratings are rarer (above 6, many tries per
            puzzle). Classic 9x9 only.
        difficulty: only puzzles of this band of the ER: 'easy', 'medium', 'hard' or
            'expert'. Classic 9x9 only.
        clues: exactly this many clues (17 to 81 on 9x9); puzzles that cannot get down to
            it are made again.
        size: the side of the board: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25.
        variant: extra rules, a str or a list of them: 'x' (both long diagonals hold every
            digit), 'windoku' (four extra windows, 9x9 only), 'jigsaw' (irregular regions);
            several at once as 'jigsaw,x' or ['jigsaw', 'x'].
        max_attempts: puzzles to try for a rating, band or clue count before giving up
            (default 2,000 on 9x9, 100 for other sizes and variants).
        errors: 'raise' raises GenerateError for the first puzzle not made; 'none' puts None
            in its place.
        threads: worker threads; None uses every core.

    Returns:
        A list of n puzzles as the command line writes them: 81 characters ('.' for blanks)
        for 9x9, n*n symbols for other sizes, a JSON line with the rules for variants (which
        every function here reads back).

    Raises:
        ValueError: targets no puzzle can meet (16 clues, windoku on 16x16, ...).
        GenerateError: no puzzle met the targets within max_attempts or time_limit.

    Example:
        >>> puzzles = sudoku_rs.generate(3, seed=7, symmetry="rotate180")
        >>> puzzles == sudoku_rs.generate(3, seed=7, symmetry="rotate180", threads=1)
        True
        >>> puzzles[1:] == sudoku_rs.generate(2, seed=7, start=1, symmetry="rotate180")
        True
    """

@overload
def solve_killer(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> str:
    """Solves killer puzzles.

    Args:
        x: one killer puzzle, or a list of them. A puzzle is a str in the workspace's JSON
            form ({"cages": [{"sum": 10, "cells": [[0, 0], [0, 1]]}, ...], "givens": null},
            or the cage-map form {"cage_map": "<81 letters>", "cage_sums": [...]}) or the
            text form (9 lines of cage letters, then A=10 B=17 ...), or a dict of the JSON
            form.
        unique: raise (or mark) a puzzle with several solutions; with False, such a puzzle
            gets the first solution found.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (its search and its uniqueness
            check), as for solve(): GaveUpError when it runs out.

    Returns:
        The solution's 81-digit line, or a list of them.

    Raises:
        ParseError: not a valid killer puzzle (the message names the cage, cell or line).
        NoSolutionError, MultipleSolutionsError, GaveUpError.
    """
@overload
def solve_killer(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[str]:
    """Solves killer puzzles.

    Args:
        x: one killer puzzle, or a list of them. A puzzle is a str in the workspace's JSON
            form ({"cages": [{"sum": 10, "cells": [[0, 0], [0, 1]]}, ...], "givens": null},
            or the cage-map form {"cage_map": "<81 letters>", "cage_sums": [...]}) or the
            text form (9 lines of cage letters, then A=10 B=17 ...), or a dict of the JSON
            form.
        unique: raise (or mark) a puzzle with several solutions; with False, such a puzzle
            gets the first solution found.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (its search and its uniqueness
            check), as for solve(): GaveUpError when it runs out.

    Returns:
        The solution's 81-digit line, or a list of them.

    Raises:
        ParseError: not a valid killer puzzle (the message names the cage, cell or line).
        NoSolutionError, MultipleSolutionsError, GaveUpError.
    """
@overload
def solve_killer(
    x: Iterable[_Puzzle],
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[str]]:
    """Solves killer puzzles.

    Args:
        x: one killer puzzle, or a list of them. A puzzle is a str in the workspace's JSON
            form ({"cages": [{"sum": 10, "cells": [[0, 0], [0, 1]]}, ...], "givens": null},
            or the cage-map form {"cage_map": "<81 letters>", "cage_sums": [...]}) or the
            text form (9 lines of cage letters, then A=10 B=17 ...), or a dict of the JSON
            form.
        unique: raise (or mark) a puzzle with several solutions; with False, such a puzzle
            gets the first solution found.
        errors: 'raise' or 'none' (None in the list), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle (its search and its uniqueness
            check), as for solve(): GaveUpError when it runs out.

    Returns:
        The solution's 81-digit line, or a list of them.

    Raises:
        ParseError: not a valid killer puzzle (the message names the cage, cell or line).
        NoSolutionError, MultipleSolutionsError, GaveUpError.
    """

@overload
def count_killer(x: _Puzzle, limit: int = 2, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> int:  # type: ignore[overload-overlap]
    """Counts the solutions of killer puzzles, up to a limit.

    Args:
        x: one killer puzzle or a list of them, as solve_killer() takes them.
        limit: counting stops at this many solutions.
        errors: 'raise' or 'none' (-1 in the array), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle, a numpy int64 array for a list.
    """
@overload
def count_killer(x: _Puzzle, limit: int = 2, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Optional[int]:  # type: ignore[overload-overlap]
    """Counts the solutions of killer puzzles, up to a limit.

    Args:
        x: one killer puzzle or a list of them, as solve_killer() takes them.
        limit: counting stops at this many solutions.
        errors: 'raise' or 'none' (-1 in the array), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle, a numpy int64 array for a list.
    """
@overload
def count_killer(
    x: Iterable[_Puzzle], limit: int = 2, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None
) -> npt.NDArray[np.int64]:
    """Counts the solutions of killer puzzles, up to a limit.

    Args:
        x: one killer puzzle or a list of them, as solve_killer() takes them.
        limit: counting stops at this many solutions.
        errors: 'raise' or 'none' (-1 in the array), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        An int for one puzzle, a numpy int64 array for a list.
    """

def generate_killer(
    n: int,
    seed: int = 0,
    *,
    difficulty: Literal["easy", "medium", "hard"] = "medium",
    max_cage: Optional[int] = None,
    givens: bool = False,
    threads: Optional[int] = None,
) -> list[str]:
    """Generates killer puzzles with a unique solution (no givens unless givens=True). Puzzle i
    of a seed is the same whatever n and threads.

    Args:
        n: how many puzzles.
        seed: the seed.
        difficulty: 'easy' (small cages, no merging), 'medium' (cages merged while the
            solver proves uniqueness within 40 nodes) or 'hard' (larger cages, up to 200
            nodes).
        max_cage: the largest cage, 2 to 9 cells.
        givens: reach uniqueness by adding givens instead of splitting cages.
        threads: worker threads; None uses every core.

    Returns:
        A list of n JSON lines ({"cages": [...], "givens": ..., "solution": "..."}), as
        `sudoku killer generate` writes them; solve_killer() reads them.
    """

@overload
def read(path: Union[str, "PathLike[str]"], *, errors: Literal["raise"] = "raise") -> list[str]:
    """Reads a puzzle file in any form the `sudoku` command line reads: one puzzle per line
    (with comments, ratings or solutions after the cells), CSV with a header such as
    Kaggle's, drawings, pencil marks, other sizes, JSON lines for variants; '#' lines and
    blank lines are skipped.

    Args:
        path: the file (a str or os.PathLike).
        errors: 'raise' raises ParseError for the first puzzle that cannot be read, as
            'FILE:LINE:COLUMN: message'; 'none' puts None in its place.

    Returns:
        A list of puzzles, each as one line that every function here reads back: 81
        characters for 9x9, 729 for a pencil-mark position, n*n symbols for other sizes, a
        JSON line for a variant.

    Raises:
        OSError: the file cannot be read.
        ParseError: a puzzle cannot be read (with errors='raise').
    """
@overload
def read(path: Union[str, "PathLike[str]"], *, errors: _Errors = "raise") -> list[Optional[str]]:
    """Reads a puzzle file in any form the `sudoku` command line reads: one puzzle per line
    (with comments, ratings or solutions after the cells), CSV with a header such as
    Kaggle's, drawings, pencil marks, other sizes, JSON lines for variants; '#' lines and
    blank lines are skipped.

    Args:
        path: the file (a str or os.PathLike).
        errors: 'raise' raises ParseError for the first puzzle that cannot be read, as
            'FILE:LINE:COLUMN: message'; 'none' puts None in its place.

    Returns:
        A list of puzzles, each as one line that every function here reads back: 81
        characters for 9x9, 729 for a pencil-mark position, n*n symbols for other sizes, a
        JSON line for a variant.

    Raises:
        OSError: the file cannot be read.
        ParseError: a puzzle cannot be read (with errors='raise').
    """

def to_array(x: Union[_Puzzle, Iterable[_Puzzle], _Cells], *, threads: Optional[int] = None) -> npt.NDArray[np.uint8]:
    """Puzzles as a numpy array: one row of n*n cells per puzzle, 0 for a blank.

    Args:
        x: one puzzle (a 1-D array comes back) or a list of them, all of one size and with
            the usual boxes of their side (an array cannot hold jigsaw regions, boxes of another
            shape, extra units or pencil marks).
        threads: worker threads; None uses every core.

    Returns:
        A uint8 array of shape (N, n*n), or (n*n,) for one puzzle.

    Raises:
        ParseError: a puzzle cannot be read, or cannot be a row of the array.
    """

@overload
def to_strings(x: _Puzzle, *, threads: Optional[int] = None) -> str:  # type: ignore[overload-overlap]
    """Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).

    Args:
        x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
        threads: worker threads; None uses every core.

    Returns:
        A list of lines, or one line for one puzzle; an array of strings or a Series gives
        the same kind (see solve()).

    Raises:
        ParseError: a row is not a puzzle (a value above the side).
    """
@overload
def to_strings(x: _Column, *, threads: Optional[int] = None) -> Any:
    """Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).

    Args:
        x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
        threads: worker threads; None uses every core.

    Returns:
        A list of lines, or one line for one puzzle; an array of strings or a Series gives
        the same kind (see solve()).

    Raises:
        ParseError: a row is not a puzzle (a value above the side).
    """
@overload
def to_strings(x: _Lines, *, threads: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).

    Args:
        x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
        threads: worker threads; None uses every core.

    Returns:
        A list of lines, or one line for one puzzle; an array of strings or a Series gives
        the same kind (see solve()).

    Raises:
        ParseError: a row is not a puzzle (a value above the side).
    """
@overload
def to_strings(x: _Cells, *, threads: Optional[int] = None) -> Union[str, list[str]]:
    """Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).

    Args:
        x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
        threads: worker threads; None uses every core.

    Returns:
        A list of lines, or one line for one puzzle; an array of strings or a Series gives
        the same kind (see solve()).

    Raises:
        ParseError: a row is not a puzzle (a value above the side).
    """
@overload
def to_strings(x: Iterable[_Puzzle], *, threads: Optional[int] = None) -> list[str]:
    """Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).

    Args:
        x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
        threads: worker threads; None uses every core.

    Returns:
        A list of lines, or one line for one puzzle; an array of strings or a Series gives
        the same kind (see solve()).

    Raises:
        ParseError: a row is not a puzzle (a value above the side).
    """

# Puzzles with constraints (f-puzzles and SudokuPad links, f-puzzles and ipuz JSON) and the
# setter's tools, for every puzzle up to 16x16.

_Form = Literal["link", "fpuzzles-link", "fpuzzles", "ipuz"]

@overload
def check(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> str:
    """Checks puzzles: 'ok' for exactly one solution, else what is wrong, never raising for a
    puzzle.

    Args:
        x: one puzzle (a str in any form solve() reads, including an f-puzzles or SudokuPad
            link and f-puzzles or ipuz JSON; or a dict), a list of them, or an array.
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        'ok', or the message of what is wrong ('no solution', 'several solutions: two differ
        at r1c4, r1c5', 'clashing givens: ...', a parse error naming the constraint this
        toolkit does not solve, 'gave up after ...', and for a puzzle written with its
        solution after it, 'one solution, but not the one the input gives: ...' when that
        solution is not the puzzle's): a str for one puzzle, a list for a list; an array of
        strings or a Series gives the same kind (see solve()).

    Example:
        >>> sudoku_rs.check("." * 81)
        'several solutions'
    """
@overload
def check(x: _Column, *, threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """Checks puzzles: 'ok' for exactly one solution, else what is wrong, never raising for a
    puzzle.

    Args:
        x: one puzzle (a str in any form solve() reads, including an f-puzzles or SudokuPad
            link and f-puzzles or ipuz JSON; or a dict), a list of them, or an array.
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        'ok', or the message of what is wrong ('no solution', 'several solutions: two differ
        at r1c4, r1c5', 'clashing givens: ...', a parse error naming the constraint this
        toolkit does not solve, 'gave up after ...', and for a puzzle written with its
        solution after it, 'one solution, but not the one the input gives: ...' when that
        solution is not the puzzle's): a str for one puzzle, a list for a list; an array of
        strings or a Series gives the same kind (see solve()).

    Example:
        >>> sudoku_rs.check("." * 81)
        'several solutions'
    """
@overload
def check(x: _Lines, *, threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Checks puzzles: 'ok' for exactly one solution, else what is wrong, never raising for a
    puzzle.

    Args:
        x: one puzzle (a str in any form solve() reads, including an f-puzzles or SudokuPad
            link and f-puzzles or ipuz JSON; or a dict), a list of them, or an array.
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        'ok', or the message of what is wrong ('no solution', 'several solutions: two differ
        at r1c4, r1c5', 'clashing givens: ...', a parse error naming the constraint this
        toolkit does not solve, 'gave up after ...', and for a puzzle written with its
        solution after it, 'one solution, but not the one the input gives: ...' when that
        solution is not the puzzle's): a str for one puzzle, a list for a list; an array of
        strings or a Series gives the same kind (see solve()).

    Example:
        >>> sudoku_rs.check("." * 81)
        'several solutions'
    """
@overload
def check(
    x: Union[Iterable[_Puzzle], _Cells],
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[str]:
    """Checks puzzles: 'ok' for exactly one solution, else what is wrong, never raising for a
    puzzle.

    Args:
        x: one puzzle (a str in any form solve() reads, including an f-puzzles or SudokuPad
            link and f-puzzles or ipuz JSON; or a dict), a list of them, or an array.
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        'ok', or the message of what is wrong ('no solution', 'several solutions: two differ
        at r1c4, r1c5', 'clashing givens: ...', a parse error naming the constraint this
        toolkit does not solve, 'gave up after ...', and for a puzzle written with its
        solution after it, 'one solution, but not the one the input gives: ...' when that
        solution is not the puzzle's): a str for one puzzle, a list for a list; an array of
        strings or a Series gives the same kind (see solve()).

    Example:
        >>> sudoku_rs.check("." * 81)
        'several solutions'
    """
@overload
def true_candidates(  # type: ignore[overload-overlap]
    x: _Puzzle,
    limit: int = 1000,
    *,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[list[int]]:
    """For each cell, the digits that appear in at least one solution ("true candidates"): what
    a setter looks at while adding clues.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        limit: look at no more than this many solutions; when it stops the search before
            every digit is decided, a UserWarning says so (digits of the solutions not seen
            may be missing).
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
        of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, NoSolutionError, GaveUpError.

    Example:
        >>> sudoku_rs.true_candidates("1...........4..3")[:2]
        [[1], [2, 3, 4]]
    """
@overload
def true_candidates(  # type: ignore[overload-overlap]
    x: _Puzzle,
    limit: int = 1000,
    *,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[list[list[int]]]:
    """For each cell, the digits that appear in at least one solution ("true candidates"): what
    a setter looks at while adding clues.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        limit: look at no more than this many solutions; when it stops the search before
            every digit is decided, a UserWarning says so (digits of the solutions not seen
            may be missing).
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
        of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, NoSolutionError, GaveUpError.

    Example:
        >>> sudoku_rs.true_candidates("1...........4..3")[:2]
        [[1], [2, 3, 4]]
    """
@overload
def true_candidates(x: _Column, limit: int = 1000, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """For each cell, the digits that appear in at least one solution ("true candidates"): what
    a setter looks at while adding clues.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        limit: look at no more than this many solutions; when it stops the search before
            every digit is decided, a UserWarning says so (digits of the solutions not seen
            may be missing).
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
        of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, NoSolutionError, GaveUpError.

    Example:
        >>> sudoku_rs.true_candidates("1...........4..3")[:2]
        [[1], [2, 3, 4]]
    """
@overload
def true_candidates(x: _Lines, limit: int = 1000, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """For each cell, the digits that appear in at least one solution ("true candidates"): what
    a setter looks at while adding clues.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        limit: look at no more than this many solutions; when it stops the search before
            every digit is decided, a UserWarning says so (digits of the solutions not seen
            may be missing).
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
        of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, NoSolutionError, GaveUpError.

    Example:
        >>> sudoku_rs.true_candidates("1...........4..3")[:2]
        [[1], [2, 3, 4]]
    """
@overload
def true_candidates(
    x: Union[Iterable[_Puzzle], _Cells],
    limit: int = 1000,
    *,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[list[list[int]]]]:
    """For each cell, the digits that appear in at least one solution ("true candidates"): what
    a setter looks at while adding clues.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        limit: look at no more than this many solutions; when it stops the search before
            every digit is decided, a UserWarning says so (digits of the solutions not seen
            may be missing).
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
        of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, NoSolutionError, GaveUpError.

    Example:
        >>> sudoku_rs.true_candidates("1...........4..3")[:2]
        [[1], [2, 3, 4]]
    """
@overload
def solutions(  # type: ignore[overload-overlap]
    x: _Puzzle,
    n: int = 10,
    *,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[str]:
    """The solutions of puzzles, up to n each: where a puzzle with several solutions needs
    another clue.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        n: list no more than this many solutions of each puzzle.
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
        list of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, GaveUpError.

    Example:
        >>> len(sudoku_rs.solutions("." * 81, 3))
        3
    """
@overload
def solutions(  # type: ignore[overload-overlap]
    x: _Puzzle,
    n: int = 10,
    *,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> Optional[list[str]]:
    """The solutions of puzzles, up to n each: where a puzzle with several solutions needs
    another clue.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        n: list no more than this many solutions of each puzzle.
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
        list of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, GaveUpError.

    Example:
        >>> len(sudoku_rs.solutions("." * 81, 3))
        3
    """
@overload
def solutions(x: _Column, n: int = 10, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> Any:
    """The solutions of puzzles, up to n each: where a puzzle with several solutions needs
    another clue.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        n: list no more than this many solutions of each puzzle.
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
        list of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, GaveUpError.

    Example:
        >>> len(sudoku_rs.solutions("." * 81, 3))
        3
    """
@overload
def solutions(x: _Lines, n: int = 10, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None, node_limit: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """The solutions of puzzles, up to n each: where a puzzle with several solutions needs
    another clue.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        n: list no more than this many solutions of each puzzle.
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
        list of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, GaveUpError.

    Example:
        >>> len(sudoku_rs.solutions("." * 81, 3))
        3
    """
@overload
def solutions(
    x: Union[Iterable[_Puzzle], _Cells],
    n: int = 10,
    *,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    node_limit: Optional[int] = None,
) -> list[Optional[list[str]]]:
    """The solutions of puzzles, up to n each: where a puzzle with several solutions needs
    another clue.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (boards up to
            16x16, not pencil-mark positions).
        n: list no more than this many solutions of each puzzle.
        errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
        threads: worker threads for a batch; None uses every core.
        time_limit, max_nodes: the budget of one puzzle, as for solve().

    Returns:
        For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
        list of those for a list; an array of strings or a Series gives the same kind (see solve()).

    Raises:
        ParseError, ClashError, GaveUpError.

    Example:
        >>> len(sudoku_rs.solutions("." * 81, 3))
        3
    """
@overload
def to_link(x: _Puzzle, form: _Form = "link", *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> str:  # type: ignore[overload-overlap]
    """Writes puzzles as links to play or edit them, or as JSON for the tools people set and
    play variants with.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
            positions).
        form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
            edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
            only).
        errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        A str for one puzzle, a list for a list, and for an array of strings or a Series the
        same kind (see solve()); every function here reads it back.

    Raises:
        ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).

    Example:
        >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
        'https://sudokupad.app/fpuzzles'
    """
@overload
def to_link(x: _Puzzle, form: _Form = "link", *, errors: _Errors = "raise", threads: Optional[int] = None) -> Optional[str]:  # type: ignore[overload-overlap]
    """Writes puzzles as links to play or edit them, or as JSON for the tools people set and
    play variants with.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
            positions).
        form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
            edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
            only).
        errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        A str for one puzzle, a list for a list, and for an array of strings or a Series the
        same kind (see solve()); every function here reads it back.

    Raises:
        ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).

    Example:
        >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
        'https://sudokupad.app/fpuzzles'
    """
@overload
def to_link(x: _Column, form: _Form = "link", *, errors: _Errors = "raise", threads: Optional[int] = None) -> Any:
    """Writes puzzles as links to play or edit them, or as JSON for the tools people set and
    play variants with.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
            positions).
        form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
            edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
            only).
        errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        A str for one puzzle, a list for a list, and for an array of strings or a Series the
        same kind (see solve()); every function here reads it back.

    Raises:
        ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).

    Example:
        >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
        'https://sudokupad.app/fpuzzles'
    """
@overload
def to_link(x: _Lines, form: _Form = "link", *, errors: _Errors = "raise", threads: Optional[int] = None) -> npt.NDArray[np.object_]:  # type: ignore[overload-overlap]
    """Writes puzzles as links to play or edit them, or as JSON for the tools people set and
    play variants with.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
            positions).
        form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
            edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
            only).
        errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        A str for one puzzle, a list for a list, and for an array of strings or a Series the
        same kind (see solve()); every function here reads it back.

    Raises:
        ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).

    Example:
        >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
        'https://sudokupad.app/fpuzzles'
    """
@overload
def to_link(x: Union[Iterable[_Puzzle], _Cells], form: _Form = "link", *, errors: _Errors = "raise", threads: Optional[int] = None) -> list[Optional[str]]:
    """Writes puzzles as links to play or edit them, or as JSON for the tools people set and
    play variants with.

    Args:
        x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
            positions).
        form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
            edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
            only).
        errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
        threads: worker threads for a batch; None uses every core.

    Returns:
        A str for one puzzle, a list for a list, and for an array of strings or a Series the
        same kind (see solve()); every function here reads it back.

    Raises:
        ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).

    Example:
        >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
        'https://sudokupad.app/fpuzzles'
    """
