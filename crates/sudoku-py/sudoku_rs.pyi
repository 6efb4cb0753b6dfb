"""Type stubs of sudoku_rs: Sudoku at scale, on every core.

A puzzle is a str in any form the `sudoku` command line reads (or a dict of the JSON form
of a variant); a batch is a list (any iterable) of them, or a numpy integer array of shape
(N, n*n) with 0 for blanks. Every function answers in the kind it was given.
"""

from os import PathLike
from typing import Any, Iterable, Literal, Mapping, Optional, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Puzzle = Union[str, Mapping[str, Any]]
"""One puzzle: a str, or a dict such as {"givens": "...", "diagonals": True}."""

Cells = npt.NDArray[np.integer[Any]]
"""Puzzles as an integer array of shape (N, n*n) (or (n*n,) for one), 0 for a blank."""

Algo = Literal["mrv", "dlx", "abc"]
Errors = Literal["raise", "none"]

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

class Rating:
    """A puzzle's rating on Sudoku Explainer 1.2.1's scale."""

    er: float
    ep: float
    ed: float
    band: Literal["easy", "medium", "hard", "expert"]
    hardest: Optional[str]
    solved_by_logic: bool
    search_effort: float
    def as_dict(self) -> dict[str, Any]: ...

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
def solve(
    x: Puzzle,
    algo: Algo = "mrv",
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> str: ...
@overload
def solve(
    x: Puzzle,
    algo: Algo = "mrv",
    *,
    unique: bool = True,
    errors: Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Optional[str]: ...
@overload
def solve(
    x: Cells,
    algo: Algo = "mrv",
    *,
    unique: bool = True,
    errors: Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> npt.NDArray[np.uint8]: ...
@overload
def solve(
    x: Iterable[Puzzle],
    algo: Algo = "mrv",
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> list[str]: ...
@overload
def solve(
    x: Iterable[Puzzle],
    algo: Algo = "mrv",
    *,
    unique: bool = True,
    errors: Errors = "raise",
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> list[Optional[str]]: ...

@overload
def solve_detail(
    x: Puzzle,
    algo: Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> SolveResult: ...
@overload
def solve_detail(
    x: Union[Iterable[Puzzle], Cells],
    algo: Algo = "mrv",
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> list[SolveResult]: ...

@overload
def count(
    x: Puzzle,
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
) -> int: ...
@overload
def count(
    x: Puzzle,
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: Errors = "raise",
    threads: Optional[int] = None,
) -> Optional[int]: ...
@overload
def count(
    x: Union[Iterable[Puzzle], Cells],
    limit: int = 2,
    *,
    algo: Literal["mrv", "dlx"] = "mrv",
    errors: Errors = "raise",
    threads: Optional[int] = None,
) -> npt.NDArray[np.int64]: ...

@overload
def rate(x: Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> Rating: ...
@overload
def rate(x: Puzzle, *, errors: Errors = "raise", threads: Optional[int] = None) -> Optional[Rating]: ...
@overload
def rate(
    x: Union[Iterable[Puzzle], Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None
) -> list[Rating]: ...
@overload
def rate(
    x: Union[Iterable[Puzzle], Cells], *, errors: Errors = "raise", threads: Optional[int] = None
) -> list[Optional[Rating]]: ...

@overload
def explain(x: Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> list[Step]: ...
@overload
def explain(x: Puzzle, *, errors: Errors = "raise", threads: Optional[int] = None) -> Optional[list[Step]]: ...
@overload
def explain(
    x: Union[Iterable[Puzzle], Cells], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None
) -> list[list[Step]]: ...
@overload
def explain(
    x: Union[Iterable[Puzzle], Cells], *, errors: Errors = "raise", threads: Optional[int] = None
) -> list[Optional[list[Step]]]: ...

@overload
def hint(x: Puzzle, *, errors: Errors = "raise", threads: Optional[int] = None) -> Optional[Step]: ...
@overload
def hint(
    x: Union[Iterable[Puzzle], Cells], *, errors: Errors = "raise", threads: Optional[int] = None
) -> list[Optional[Step]]: ...

@overload
def canonical(x: Puzzle, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> str: ...
@overload
def canonical(x: Puzzle, *, errors: Errors = "raise", threads: Optional[int] = None) -> Optional[str]: ...
@overload
def canonical(x: Cells, *, errors: Errors = "raise", threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...
@overload
def canonical(
    x: Iterable[Puzzle], *, errors: Literal["raise"] = "raise", threads: Optional[int] = None
) -> list[str]: ...
@overload
def canonical(x: Iterable[Puzzle], *, errors: Errors = "raise", threads: Optional[int] = None) -> list[Optional[str]]: ...

@overload
def generate(
    n: int,
    seed: int = 0,
    *,
    symmetry: Literal["none", "rotate180", "rotate90", "mirror", "diagonal"] = "none",
    se: Union[Tuple[Optional[float], Optional[float]], str, None] = None,
    difficulty: Optional[Literal["easy", "medium", "hard", "expert"]] = None,
    clues: Optional[int] = None,
    size: int = 9,
    variant: Union[str, Iterable[str], None] = None,
    max_attempts: Optional[int] = None,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
) -> list[str]: ...
@overload
def generate(
    n: int,
    seed: int = 0,
    *,
    symmetry: Literal["none", "rotate180", "rotate90", "mirror", "diagonal"] = "none",
    se: Union[Tuple[Optional[float], Optional[float]], str, None] = None,
    difficulty: Optional[Literal["easy", "medium", "hard", "expert"]] = None,
    clues: Optional[int] = None,
    size: int = 9,
    variant: Union[str, Iterable[str], None] = None,
    max_attempts: Optional[int] = None,
    errors: Errors = "raise",
    threads: Optional[int] = None,
) -> list[Optional[str]]: ...

@overload
def solve_killer(
    x: Puzzle,
    *,
    unique: bool = True,
    errors: Literal["raise"] = "raise",
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> str: ...
@overload
def solve_killer(
    x: Puzzle,
    *,
    unique: bool = True,
    errors: Errors = "raise",
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Optional[str]: ...
@overload
def solve_killer(
    x: Iterable[Puzzle],
    *,
    unique: bool = True,
    errors: Errors = "raise",
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> list[Optional[str]]: ...

@overload
def count_killer(x: Puzzle, limit: int = 2, *, errors: Literal["raise"] = "raise", threads: Optional[int] = None) -> int: ...
@overload
def count_killer(x: Puzzle, limit: int = 2, *, errors: Errors = "raise", threads: Optional[int] = None) -> Optional[int]: ...
@overload
def count_killer(
    x: Iterable[Puzzle], limit: int = 2, *, errors: Errors = "raise", threads: Optional[int] = None
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
def read(path: Union[str, "PathLike[str]"], *, errors: Errors = "raise") -> list[Optional[str]]: ...

def to_array(x: Union[Puzzle, Iterable[Puzzle], Cells], *, threads: Optional[int] = None) -> npt.NDArray[np.uint8]: ...

@overload
def to_strings(x: Puzzle, *, threads: Optional[int] = None) -> str: ...
@overload
def to_strings(x: Cells, *, threads: Optional[int] = None) -> Union[str, list[str]]: ...
@overload
def to_strings(x: Iterable[Puzzle], *, threads: Optional[int] = None) -> list[str]: ...
