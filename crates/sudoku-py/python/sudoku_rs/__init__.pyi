"""Type stubs of sudoku_rs: Sudoku at scale, on every core.

A puzzle is a str in any form the `sudoku` command line reads (or a dict of the JSON form
of a variant); a batch is a list (any iterable) of them, or a numpy integer array of shape
(N, n*n) with 0 for blanks. Every function answers in the kind it was given.
"""

from os import PathLike
from typing import Any, Iterable, Literal, Mapping, Optional, Tuple, Union, final, overload

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
    "count",
    "count_killer",
    "explain",
    "generate",
    "generate_killer",
    "hint",
    "rate",
    "read",
    "solve",
    "solve_detail",
    "solve_killer",
    "to_array",
    "to_strings",
    "__version__",
]

_Puzzle = Union[str, Mapping[str, Any]]
"""One puzzle: a str, or a dict such as {"givens": "...", "diagonals": True}."""

_Cells = npt.NDArray[np.integer[Any]]
"""Puzzles as an integer array of shape (N, n*n) (or (n*n,) for one), 0 for a blank."""

_Algo = Literal["mrv", "dlx", "abc"]
# A str (and a dict) is itself an iterable of str: the overloads for one puzzle come first,
# and type checkers take the first that matches (hence the overload-overlap ignores).
_Errors = Literal["raise", "none"]

class SudokuError(ValueError):
    """A puzzle got no answer: the base of every exception of sudoku_rs."""

    index: Optional[int]
    """The 0-based place of the puzzle in a batch; None for one puzzle."""
    line: Optional[int]
    """The line of the puzzle's text the error points at, if any."""
    column: Optional[int]
    """The column of the puzzle's text the error points at, if any."""

class ParseError(SudokuError):
    """The input is not a puzzle."""

class ClashError(SudokuError):
    """Two givens already break a rule."""

class NoSolutionError(SudokuError):
    """The puzzle has no solution (or a position contradicts its solution)."""

class MultipleSolutionsError(SudokuError):
    """The puzzle has several solutions where one was required."""

class GaveUpError(SudokuError):
    """An incomplete or bounded search ran out of its budget."""

class NotClassicError(SudokuError):
    """The call takes classic 9x9 puzzles only."""

class GenerateError(SudokuError):
    """No puzzle met the targets of generate() within its attempts."""

@final
class Rating:
    """A puzzle's rating on Sudoku Explainer 1.2.1's scale."""

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
    def as_dict(self) -> dict[str, Any]: ...

@final
class Step:
    """One logical step and the position after it; cells are 0 to 80, row after row."""

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
    def as_dict(self) -> dict[str, Any]: ...

@final
class SolveResult:
    """Everything solve_detail() found about one puzzle."""

    status: Literal[
        "solved", "several solutions", "no solution", "clash", "malformed", "gave up", "internal error"
    ]
    solution: Optional[str]
    count: Optional[int]
    unique: Optional[bool]
    error: Optional[str]
    stats: dict[str, int]
    @property
    def ok(self) -> bool: ...
    def as_dict(self) -> dict[str, Any]: ...

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
) -> str: ...
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
) -> Optional[str]: ...
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
) -> npt.NDArray[np.uint8]: ...
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
) -> list[str]: ...
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
) -> list[Optional[str]]: ...

@overload
def solve_detail(  # type: ignore[overload-overlap]
    x: _Puzzle,
    algo: _Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> SolveResult: ...
@overload
def solve_detail(
    x: Union[Iterable[_Puzzle], _Cells],
    algo: _Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> list[SolveResult]: ...

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
) -> int: ...
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
) -> Optional[int]: ...
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
) -> npt.NDArray[np.int64]: ...

@overload
def rate(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None) -> Rating: ...  # type: ignore[overload-overlap]
@overload
def rate(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None) -> Optional[Rating]: ...  # type: ignore[overload-overlap]
@overload
def rate(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None
) -> list[Rating]: ...
@overload
def rate(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None
) -> list[Optional[Rating]]: ...

@overload
def explain(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None) -> list[Step]: ...  # type: ignore[overload-overlap]
@overload
def explain(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None) -> Optional[list[Step]]: ...  # type: ignore[overload-overlap]
@overload
def explain(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None
) -> list[list[Step]]: ...
@overload
def explain(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None
) -> list[Optional[list[Step]]]: ...

@overload
def hint(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None) -> Optional[Step]: ...  # type: ignore[overload-overlap]
@overload
def hint(
    x: Union[Iterable[_Puzzle], _Cells], *, errors: _Errors = "raise", threads: Optional[int] = None
) -> list[Optional[Step]]: ...

@overload
def canonical(x: _Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> str: ...  # type: ignore[overload-overlap]
@overload
def canonical(x: _Puzzle, *, errors: _Errors = "raise", threads: Optional[int] = None) -> Optional[str]: ...  # type: ignore[overload-overlap]
@overload
def canonical(x: _Cells, *, errors: _Errors = "raise", threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...
@overload
def canonical(
    x: Iterable[_Puzzle], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None
) -> list[str]: ...
@overload
def canonical(x: Iterable[_Puzzle], *, errors: _Errors = "raise", threads: Optional[int] = None) -> list[Optional[str]]: ...

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
) -> list[str]: ...
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
) -> list[Optional[str]]: ...

@overload
def solve_killer(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> str: ...
@overload
def solve_killer(  # type: ignore[overload-overlap]
    x: _Puzzle,
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> Optional[str]: ...
@overload
def solve_killer(
    x: Iterable[_Puzzle],
    *,
    unique: bool = True,
    errors: _Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
) -> list[Optional[str]]: ...

@overload
def count_killer(x: _Puzzle, limit: int = 2, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None) -> int: ...  # type: ignore[overload-overlap]
@overload
def count_killer(x: _Puzzle, limit: int = 2, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None) -> Optional[int]: ...  # type: ignore[overload-overlap]
@overload
def count_killer(
    x: Iterable[_Puzzle], limit: int = 2, *, errors: _Errors = "raise", threads: Optional[int] = None, time_limit: Optional[float] = None, max_nodes: Optional[int] = None
) -> npt.NDArray[np.int64]: ...

def generate_killer(
    n: int,
    seed: int = 0,
    *,
    difficulty: Literal["easy", "medium", "hard"] = "medium",
    max_cage: Optional[int] = None,
    givens: bool = False,
    threads: Optional[int] = None,
) -> list[str]:
    """Killer puzzles with a unique solution, as JSON lines with their solution."""

@overload
def read(path: Union[str, "PathLike[str]"], *, errors: Literal["raise"] = "raise") -> list[str]: ...
@overload
def read(path: Union[str, "PathLike[str]"], *, errors: _Errors = "raise") -> list[Optional[str]]: ...

def to_array(x: Union[_Puzzle, Iterable[_Puzzle], _Cells], *, threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...

@overload
def to_strings(x: _Puzzle, *, threads: Optional[int] = None) -> str: ...  # type: ignore[overload-overlap]
@overload
def to_strings(x: _Cells, *, threads: Optional[int] = None) -> Union[str, list[str]]: ...
@overload
def to_strings(x: Iterable[_Puzzle], *, threads: Optional[int] = None) -> list[str]: ...
