"""The three jobs (generate, rate, mine), their shards, and the work unit that answers one
shard: [`answers`], a plain function of (job, shard)."""

from __future__ import annotations

import glob
import hashlib
import json
import os
from dataclasses import dataclass, replace
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union

import sudoku_rs

from . import _files
from ._files import FilePart

#: The columns of a row, in order: the puzzle's index in the job (for `mine`, the number of
#: the candidate: puzzle `index` of the seed), the puzzle, its solution, its ratings (ER, EP,
#: ED, band, hardest technique; None for puzzles that are not classic 9x9), and `status`
#: ('ok', or the command line's placeholder word for a failed puzzle: 'malformed', 'clash',
#: 'no solution', 'several solutions', 'gave up', 'not classic', 'not made', 'internal
#: error') with `error`, the message.
COLUMNS = ("index", "puzzle", "solution", "er", "ep", "ed", "band", "hardest", "status", "error")

# The status word of each exception, as the command line's placeholder records name them.
_STATUS = {
    sudoku_rs.ParseError: "malformed",
    sudoku_rs.ClashError: "clash",
    sudoku_rs.NoSolutionError: "no solution",
    sudoku_rs.MultipleSolutionsError: "several solutions",
    sudoku_rs.GaveUpError: "gave up",
    sudoku_rs.NotClassicError: "not classic",
    sudoku_rs.GenerateError: "not made",
}
_EXCEPTION = {status: cls for cls, status in _STATUS.items()}
_INTERNAL = "internal error"

#: Puzzles (or candidates) per shard by default: a task of a few seconds, long enough that
#: Dask's cost per task stays small beside the work (docs/distributed.md measures the CPU of
#: a rating job at +46% over the plain batch call with 100, +14% with 1,000, +9% with 5,000).
SHARD_SIZE = 5000

#: The symmetries of `sudoku_rs.generate`.
Symmetry = Literal["none", "rotate180", "rotate90", "mirror", "diagonal"]


@dataclass(frozen=True)
class Answer:
    """What a job found for one puzzle: a row, with the rating as a `sudoku_rs.Rating`."""

    index: int
    puzzle: Optional[str]
    solution: Optional[str] = None
    rating: Optional[sudoku_rs.Rating] = None
    status: str = "ok"
    error: Optional[str] = None
    #: Where in its file a puzzle that could not be read is (then `error` names the place).
    line: Optional[int] = None
    column: Optional[int] = None

    def row(self) -> Dict[str, Any]:
        """The answer as a row: a dict of the COLUMNS."""
        rating = self.rating
        return {
            "index": self.index,
            "puzzle": self.puzzle,
            "solution": self.solution,
            "er": rating.er if rating else None,
            "ep": rating.ep if rating else None,
            "ed": rating.ed if rating else None,
            "band": rating.band if rating else None,
            "hardest": rating.hardest if rating else None,
            "status": self.status,
            "error": self.error,
        }

    def exception(self) -> sudoku_rs.SudokuError:
        """The exception the single-process call raises for this puzzle: in a batch, its
        message starts with `puzzle INDEX: `, unless it names its place in a file."""
        cls = _EXCEPTION.get(self.status, sudoku_rs.SudokuError)
        message = self.error if self.line is not None else f"puzzle {self.index}: {self.error}"
        err = cls(message)
        err.index = self.index
        err.line = self.line
        err.column = self.column
        return err


def _failure(err: sudoku_rs.SudokuError) -> Tuple[str, str]:
    """The status word and message of an exception of the extension."""
    return _STATUS.get(type(err), _INTERNAL), str(err)


def _digest(description: Mapping[str, Any]) -> str:
    """A job's fingerprint: what it computes, and the version that computes it."""
    text = json.dumps({**description, "sudoku_rs": sudoku_rs.__version__}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _shard_count(total: int, shard_size: int) -> int:
    return -(-total // shard_size)


def _check_shard(shard: int, shards: Optional[int]) -> None:
    if not isinstance(shard, int) or shard < 0:
        raise IndexError(f"a shard is an int of at least 0, got {shard!r}")
    if shards is not None and shard >= shards:
        raise IndexError(
            f"shard {shard} is not one of the job's {shards} shards (0 to {shards - 1})"
        )


def _check_size(shard_size: int) -> None:
    if not isinstance(shard_size, int) or shard_size < 1:
        raise ValueError(f"shard_size must be a positive int, got {shard_size!r}")


def _rated(
    indices: Sequence[int],
    puzzles: Any,
    texts: Sequence[Optional[str]],
    threads: int,
    time_limit: Optional[float],
) -> List[Answer]:
    """Answers of puzzles rated as `sudoku_rs.rate` rates them (a list of str, or an array),
    with the solution of every one rated; a failed puzzle gets the message of its exception."""
    if not len(indices):
        return []
    ratings = sudoku_rs.rate(puzzles, errors="none", threads=threads, time_limit=time_limit)
    answers: List[Optional[Answer]] = [None] * len(indices)
    for k, rating in enumerate(ratings):
        if rating is None:
            # Failures are rare: the single call gives the message of the batch's exception.
            try:
                ratings[k] = sudoku_rs.rate(puzzles[k], time_limit=time_limit)
            except sudoku_rs.SudokuError as err:
                status, message = _failure(err)
                answers[k] = Answer(indices[k], texts[k], status=status, error=message)
    rated = [k for k, answer in enumerate(answers) if answer is None]
    if isinstance(puzzles, list):
        solutions = sudoku_rs.solve([puzzles[k] for k in rated], errors="none", threads=threads)
    elif rated:
        solutions = sudoku_rs.to_strings(
            sudoku_rs.solve(puzzles[rated], errors="none", threads=threads)
        )
    else:
        solutions = []
    for k, solution in zip(rated, solutions):
        answers[k] = Answer(indices[k], texts[k], solution, ratings[k])
    return answers  # type: ignore[return-value]


@dataclass(frozen=True)
class GenerateJob:
    """Puzzles 0 to n - 1 of a seed, as `sudoku_rs.generate(n, seed, **options)` makes them,
    in shards of `shard_size`. With `detail`, rows carry each puzzle's solution and, for
    classic 9x9 puzzles, its rating; without it, only the puzzle."""

    n: int
    seed: int = 0
    #: Keyword arguments of `sudoku_rs.generate`: symmetry, se, difficulty, clues, size,
    #: variant, max_attempts, time_limit, as sorted (name, value) pairs.
    options: Tuple[Tuple[str, Any], ...] = ()
    shard_size: int = SHARD_SIZE
    detail: bool = True
    #: Threads of each batch call (the extension's `threads`).
    threads: int = 1

    @classmethod
    def make(
        cls,
        n: int,
        seed: int = 0,
        *,
        shard_size: int = SHARD_SIZE,
        detail: bool = True,
        threads: int = 1,
        **options: Any,
    ) -> "GenerateJob":
        """The job, its options checked as `sudoku_rs.generate` checks them."""
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be an int of at least 0, got {n!r}")
        _check_size(shard_size)
        for name, why in (
            ("start", "a job makes puzzles 0 to n - 1"),
            ("errors", "a job never raises for one puzzle"),
        ):
            if name in options:
                raise TypeError(f"{name} is not an option of a job: {why}")
        sudoku_rs.generate(0, seed, **options)  # raises for bad options
        options = {
            name: tuple(value) if isinstance(value, list) else value
            for name, value in options.items()
        }
        return cls(n, seed, tuple(sorted(options.items())), shard_size, detail, threads)

    @property
    def shards(self) -> int:
        return _shard_count(self.n, self.shard_size)

    @property
    def puzzles(self) -> int:
        return self.n

    @property
    def fingerprint(self) -> str:
        return _digest(
            {
                "job": "generate",
                "n": self.n,
                "seed": self.seed,
                "options": self.options,
                "shard_size": self.shard_size,
                "detail": self.detail,
            }
        )

    def span(self, shard: int) -> range:
        """The indices of the puzzles of a shard."""
        _check_shard(shard, self.shards)
        return range(shard * self.shard_size, min(self.n, (shard + 1) * self.shard_size))

    def size(self, shard: int) -> int:
        """The number of puzzles of a shard."""
        return len(self.span(shard))

    def narrow(self, shard: int) -> "GenerateJob":
        """The job as one shard needs it (all of it: it holds no puzzles)."""
        return self

    def _answers(self, shard: int) -> List[Answer]:
        span = self.span(shard)
        options = dict(self.options)
        made = sudoku_rs.generate(
            len(span), self.seed, start=span.start, errors="none", threads=self.threads, **options
        )
        answers: Dict[int, Answer] = {}
        for k, puzzle in enumerate(made):
            if puzzle is None:
                try:
                    made[k] = sudoku_rs.generate(1, self.seed, start=span[k], **options)[0]
                except sudoku_rs.SudokuError as err:
                    status, message = _failure(err)
                    message = (
                        message.removeprefix(f"puzzle {err.index}: ")
                        if err.index is not None
                        else message
                    )
                    answers[k] = Answer(span[k], None, status=status, error=message)
        good = [k for k in range(len(span)) if k not in answers]
        if not self.detail:
            found = [Answer(span[k], made[k]) for k in good]
        elif options.get("size", 9) == 9 and options.get("variant") is None:
            found = _rated(
                [span[k] for k in good],
                [made[k] for k in good],
                [made[k] for k in good],
                self.threads,
                options.get("time_limit"),
            )
        else:
            solutions = sudoku_rs.solve(
                [made[k] for k in good],
                errors="none",
                threads=self.threads,
                time_limit=options.get("time_limit"),
            )
            found = [Answer(span[k], made[k], solution) for k, solution in zip(good, solutions)]
        for answer in found:
            answers[answer.index - span.start] = answer
        return [answers[k] for k in range(len(span))]


@dataclass(frozen=True)
class Puzzles:
    """Puzzles held in memory: a list of str, or an integer array of shape (N, n*n)."""

    items: Any


@dataclass(frozen=True)
class RateJob:
    """Ratings of puzzles, as `sudoku_rs.rate` gives them, in shards of `shard_size` puzzles
    (for files, fewer at the end of each file). Made by [`RateJob.plan`]."""

    #: The shards' puzzles: in memory, or the parts of files, one per shard.
    source: Union[Puzzles, Tuple[FilePart, ...]]
    puzzles: int
    shards: int
    shard_size: int
    time_limit: Optional[float]
    fingerprint: str
    threads: int = 1
    #: The shard whose puzzles the source begins with (see `narrow`).
    first_shard: int = 0

    @classmethod
    def plan(
        cls,
        source: Any,
        *,
        shard_size: int = SHARD_SIZE,
        time_limit: Optional[float] = None,
        threads: int = 1,
    ) -> "RateJob":
        """A rating job over `source`: a list (any sequence) of puzzles (str, or dict for a
        variant), a numpy array of shape (N, n*n), or files: a path or glob pattern (str or
        os.PathLike), or a list of os.PathLike. Files are scanned here once, line by line, to
        find where each shard begins; they are never read whole."""
        _check_size(shard_size)
        if time_limit is not None:
            sudoku_rs.rate([], time_limit=time_limit)  # raises for a bad limit
        paths = _paths(source)
        if paths is not None:
            stats = [os.stat(path) for path in paths]
            parts = tuple(_files.plan(paths, shard_size))
            description: Dict[str, Any] = {
                "files": [
                    [os.path.abspath(p), s.st_size, s.st_mtime_ns] for p, s in zip(paths, stats)
                ]
            }
            total = sum(part.count for part in parts)
            job_source: Union[Puzzles, Tuple[FilePart, ...]] = parts
            shards = len(parts)
        else:
            items, digest = _in_memory(source)
            description = {"puzzles": digest}
            total = len(items)
            job_source = Puzzles(items)
            shards = _shard_count(total, shard_size)
        description.update(job="rate", shard_size=shard_size, time_limit=time_limit)
        return cls(job_source, total, shards, shard_size, time_limit, _digest(description), threads)

    def size(self, shard: int) -> int:
        """The number of puzzles of a shard."""
        _check_shard(shard, self.shards)
        if isinstance(self.source, Puzzles):
            return min(self.shard_size, self.puzzles - shard * self.shard_size)
        return self.source[shard - self.first_shard].count

    def narrow(self, shard: int) -> "RateJob":
        """The job with the puzzles of one shard only: what a worker is sent for it."""
        _check_shard(shard, self.shards)
        if isinstance(self.source, Puzzles):
            span = self._span(shard)
            return replace(
                self, source=Puzzles(self.source.items[span.start : span.stop]), first_shard=shard
            )
        return replace(self, source=(self.source[shard - self.first_shard],), first_shard=shard)

    def _span(self, shard: int) -> range:
        """For puzzles in memory, the indices of a shard's puzzles in `source.items`."""
        lo = (shard - self.first_shard) * self.shard_size
        return range(lo, min(len(self.source.items), lo + self.shard_size))  # type: ignore[union-attr]

    def _answers(self, shard: int) -> List[Answer]:
        _check_shard(shard, self.shards)
        if isinstance(self.source, Puzzles):
            span = self._span(shard)
            if not 0 <= span.start < len(self.source.items):
                raise IndexError(f"shard {shard} is not in this narrowed job")
            first = shard * self.shard_size
            items = self.source.items[span.start : span.stop]
            indices = range(first, first + len(items))
            return _rated(indices, items, _texts(items), self.threads, self.time_limit)
        offset = shard - self.first_shard
        if not 0 <= offset < len(self.source):
            raise IndexError(f"shard {shard} is not in this narrowed job")
        part = self.source[offset]
        records = _files.read_part(part)
        answers: Dict[int, Answer] = {}
        good = []
        for k, record in enumerate(records):
            if record.puzzle is None:
                answers[k] = Answer(
                    part.first + k,
                    None,
                    status="malformed",
                    error=record.error,
                    line=record.line,
                    column=record.column,
                )
            else:
                good.append(k)
        puzzles = [records[k].puzzle for k in good]
        for answer in _rated(
            [part.first + k for k in good], puzzles, puzzles, self.threads, self.time_limit
        ):
            answers[answer.index - part.first] = answer
        return [answers[k] for k in range(len(records))]


def _paths(source: Any) -> Optional[List[str]]:
    """The files a source names, in order; None when it holds puzzles."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        if glob.has_magic(name):
            paths = sorted(glob.glob(name))
            if not paths:
                raise FileNotFoundError(f"no file matches {name}")
        else:
            paths = [name]
    elif (
        isinstance(source, (list, tuple))
        and source
        and all(isinstance(p, os.PathLike) for p in source)
    ):
        paths = [os.fspath(p) for p in source]
    else:
        return None
    for path in paths:
        if os.path.isdir(path):
            raise IsADirectoryError(f"{path} is a directory")
        if not os.path.exists(path):
            raise FileNotFoundError(
                f"{path}: no such file (a str is a path or a glob here: pass puzzles as a list)"
            )
    return paths


def _in_memory(source: Any) -> Tuple[Any, str]:
    """Puzzles in memory, checked as the extension checks them, and their digest."""
    if hasattr(source, "__array_interface__"):
        import numpy as np

        array = np.ascontiguousarray(source)
        if array.ndim != 2:
            raise ValueError(f"a puzzle array has shape (N, n*n); got {array.ndim} dimensions")
        sudoku_rs.rate(array[:0])  # raises for a bad width or dtype
        digest = hashlib.sha256(f"{array.dtype.str}{array.shape}".encode())
        digest.update(array.tobytes())
        return array, digest.hexdigest()
    if isinstance(source, (bytes, bytearray)):
        raise TypeError("a puzzle is a str, not bytes: decode it first")
    try:
        items = list(source)
    except TypeError:
        raise TypeError(
            "source is a path or glob, a list of puzzles (str, or dict for a variant) or a numpy "
            f"array of shape (N, n*n); got {type(source).__name__}"
        ) from None
    digest = hashlib.sha256()
    for i, item in enumerate(items):
        if isinstance(item, dict):
            item = items[i] = json.dumps(item)
        elif not isinstance(item, str):
            raise TypeError(
                f"puzzle {i}: expected a str (or a dict for a variant), got {type(item).__name__}"
            )
        digest.update(item.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return items, digest.hexdigest()


def _texts(items: Any) -> List[str]:
    """The puzzle column of puzzles in memory: strings as given, array rows as lines."""
    if isinstance(items, list):
        return items
    try:
        return sudoku_rs.to_strings(items) if len(items) else []
    except (ValueError, TypeError):
        texts = []
        for row in items:
            try:
                texts.append(sudoku_rs.to_strings(row))
            except (ValueError, TypeError):
                texts.append(" ".join(str(value) for value in row.tolist()))
        return texts


@dataclass(frozen=True)
class MineJob:
    """The search for puzzles rated in a range: candidate `k` is puzzle `k` of the seed, as
    `sudoku_rs.generate(1, seed, start=k, symmetry=...)` makes it (minimal, unique); a hit is
    a candidate whose ER is in `se` (as `sudoku_rs.generate` reads it: a tuple (lo, hi) with
    None for an open end, or a str 'lo..hi'). Shard `s` holds candidates `s * shard_size` to
    `(s + 1) * shard_size - 1`; the job wants the first `count` hits, in candidate order."""

    count: int
    se: Any
    seed: int = 0
    symmetry: Symmetry = "none"
    shard_size: int = SHARD_SIZE
    threads: int = 1

    @classmethod
    def make(
        cls,
        count: int,
        se: Any,
        seed: int = 0,
        *,
        symmetry: Symmetry = "none",
        shard_size: int = SHARD_SIZE,
        threads: int = 1,
    ) -> "MineJob":
        """The job, its options checked as `sudoku_rs.generate` checks them."""
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"count must be an int of at least 0, got {count!r}")
        if se is None:
            raise ValueError("se is the range of ER to mine for, e.g. (9.0, None)")
        _check_size(shard_size)
        sudoku_rs.generate(0, seed, se=se, symmetry=symmetry)  # raises for bad options
        se = tuple(se) if isinstance(se, list) else se
        return cls(count, se, seed, symmetry, shard_size, threads)

    #: Unbounded: shards are handed out until enough hits are found.
    shards = None

    @property
    def fingerprint(self) -> str:
        return _digest(
            {
                "job": "mine",
                "count": self.count,
                "se": self.se,
                "seed": self.seed,
                "symmetry": self.symmetry,
                "shard_size": self.shard_size,
            }
        )

    def span(self, shard: int) -> range:
        """The candidates of a shard."""
        _check_shard(shard, None)
        return range(shard * self.shard_size, (shard + 1) * self.shard_size)

    def narrow(self, shard: int) -> "MineJob":
        return self

    def _answers(self, shard: int) -> List[Answer]:
        span = self.span(shard)
        made = sudoku_rs.generate(
            len(span),
            self.seed,
            start=span.start,
            se=self.se,
            symmetry=self.symmetry,
            max_attempts=1,
            errors="none",
            threads=self.threads,
        )
        hits = [(span[k], puzzle) for k, puzzle in enumerate(made) if puzzle is not None]
        puzzles = [puzzle for _, puzzle in hits]
        return _rated([index for index, _ in hits], puzzles, puzzles, self.threads, None)


Job = Union[GenerateJob, RateJob, MineJob]


def answers(job: Job, shard: int) -> List[Answer]:
    """The work unit: the answers of one shard of a job, in index order (for `mine`, the hits
    among the shard's candidates). A plain function of its arguments: any engine that can
    call a function on another machine (Dask, Ray, Spark, a batch scheduler) can run it, and
    the same (job, shard) gives the same answers anywhere."""
    return job._answers(shard)


def rows(job: Job, shard: int) -> List[Dict[str, Any]]:
    """The work unit's answers as rows (dicts of COLUMNS), ready for JSON or a data frame."""
    return [answer.row() for answer in answers(job, shard)]
