"""Jobs that outgrow one machine, on Dask: generate, rate and mine puzzles on a cluster.

`generate`, `rate` and `mine` cut a job into shards (`sudoku_rs.jobs`) and run one task per
shard on a Dask cluster: a LocalCluster of this machine's cores by default, or any cluster the
caller has (`client=` a `distributed.Client`, a scheduler address, or a cluster object such as
dask-jobqueue's SLURMCluster). Answers do not depend on the cluster: `generate` and `rate` give
what `sudoku_rs.generate` and `sudoku_rs.rate` give, in the same order, and `mine` the first
hits in candidate order, however many workers ran and whichever finished first.

With `output=FOLDER`, rows (`sudoku_rs.jobs.COLUMNS`: index, puzzle, solution, ER, EP, ED,
band, hardest technique, status, error) are written shard by shard by the workers, as JSON
Lines or Parquet, each file renamed into place whole; the same call on the same folder after
an interruption computes only the shards missing. A puzzle that fails (malformed, no
solution, out of time) gets a row with its error, and the job goes on.

Progress shows in the calling process (a bar on a terminal; log lines on the logger
`sudoku_rs.distributed` at INFO), and Dask's dashboard shows the tasks as usual, grouped as
`sudoku-generate`, `sudoku-rate` and `sudoku-mine`.

Needs dask, distributed and tqdm: `pip install 'sudoku-rs[dask]'`; Parquet needs pyarrow,
`pip install 'sudoku-rs[parquet]'`.

Example:
    >>> from sudoku_rs import distributed
    >>> from dask.distributed import Client, LocalCluster
    >>> cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
    >>> with cluster, Client(cluster) as client:
    ...     made = distributed.generate(40, seed=7, client=client, shard_size=10)
    ...     ratings = distributed.rate(made, client=client, shard_size=10)
    >>> made == sudoku_rs.generate(40, seed=7) and ratings == sudoku_rs.rate(made)
    True
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
import uuid
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

try:
    import dask  # noqa: F401 (a clear message when it is missing)
    import distributed as _dask
    import tqdm
except ImportError as err:
    raise ImportError(
        f"sudoku_rs.distributed needs dask, distributed and tqdm ({err.name} is missing): "
        "pip install 'sudoku-rs[dask]' (from a checkout: pip install 'crates/sudoku-py[dask]')"
    ) from err

import sudoku_rs

from .jobs import (
    SHARD_SIZE,
    Answer,
    GenerateJob,
    Job,
    MineJob,
    Output,
    RateJob,
    Symmetry,
    Written,
    answers,
    read_rows,
    write_shard,
)

__all__ = ["generate", "mine", "rate", "read_rows"]

log = logging.getLogger("sudoku_rs.distributed")

#: The jobs of a known number of puzzles, one row each.
Counted = Union[GenerateJob, RateJob]

#: What `client=` takes: None (the current client, or a LocalCluster made for the call), a
#: Client, a scheduler address, or a cluster object.
ClientLike = Any


def generate(
    n: int,
    seed: int = 0,
    *,
    client: ClientLike = None,
    output: Union[str, "os.PathLike[str]", None] = None,
    format: str = "jsonl",
    shard_size: int = SHARD_SIZE,
    progress: Optional[bool] = None,
    errors: str = "raise",
    **options: Any,
) -> Union[List[Optional[str]], Written]:
    """Generates n puzzles on a Dask cluster: what `sudoku_rs.generate(n, seed, **options)`
    returns, in the same order, whatever the workers.

    Args:
        n: how many puzzles.
        seed: the seed.
        client: None (the current Dask client, else a LocalCluster of this machine's cores for
            the call), a distributed.Client, a scheduler address or a cluster object.
        output: a folder to write rows to (with each puzzle's solution and, for classic
            puzzles, its rating) instead of returning the puzzles; a call on a folder with
            part of this job's output computes only the shards missing.
        format: 'jsonl' or 'parquet' (pyarrow) for `output`.
        shard_size: puzzles per task (a task should take seconds: see docs/distributed.md).
        progress: a bar on standard error; None shows it when standard error is a terminal.
        errors: 'raise' raises GenerateError for the first puzzle not made (as
            sudoku_rs.generate does); 'none' puts None in its place. Rows in `output` always
            carry the error instead.
        **options: symmetry, se, difficulty, clues, size, variant, max_attempts, time_limit,
            as for sudoku_rs.generate.

    Returns:
        The list of puzzles, or with `output`, a `sudoku_rs.jobs.Written`.
    """
    _check_errors(errors)
    if "threads" in options:
        raise TypeError("threads is not an option here: each task uses its Dask worker's threads")
    job = GenerateJob.make(n, seed, shard_size=shard_size, detail=output is not None, **options)
    return _answers(
        job, "generate", lambda answer: answer.puzzle, client, output, format, progress, errors
    )


def rate(
    source: Any,
    *,
    client: ClientLike = None,
    output: Union[str, "os.PathLike[str]", None] = None,
    format: str = "jsonl",
    shard_size: int = SHARD_SIZE,
    time_limit: Optional[float] = None,
    progress: Optional[bool] = None,
    errors: str = "raise",
) -> Union[List[Optional["sudoku_rs.Rating"]], Written]:
    """Rates puzzles on a Dask cluster: what `sudoku_rs.rate` gives, in the same order.

    Args:
        source: a list of puzzles (str, or dict for a variant), a numpy array of shape (N, 81),
            or files: a path or a glob pattern (str or os.PathLike; several files are read in
            sorted order), or a list of os.PathLike. Files are read one puzzle per line in
            every line form of `sudoku_rs.read` (CSV with a header, comments, ratings or
            solutions after the cells), a shard at a time by the workers, never whole; puzzle
            i is record i of `sudoku_rs.read(path)`.
        client, output, format, shard_size, progress: as for `generate`.
        errors: 'raise' raises the exception of the first puzzle that failed, as sudoku_rs.rate
            does (for a file, a ParseError names FILE:LINE:COLUMN, as sudoku_rs.read does);
            'none' puts None in its place. Rows in `output` always carry the error instead.
        time_limit: seconds one puzzle may take (GaveUpError beyond); None for no limit.

    Returns:
        The list of Rating, or with `output`, a `sudoku_rs.jobs.Written`.
    """
    _check_errors(errors)
    job = RateJob.plan(source, shard_size=shard_size, time_limit=time_limit)
    return _answers(
        job, "rate", lambda answer: answer.rating, client, output, format, progress, errors
    )


def mine(
    count: int,
    seed: int = 0,
    *,
    se: Any,
    symmetry: Symmetry = "none",
    client: ClientLike = None,
    output: Union[str, "os.PathLike[str]", None] = None,
    format: str = "jsonl",
    shard_size: int = SHARD_SIZE,
    progress: Optional[bool] = None,
    max_candidates: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Union[List[Dict[str, Any]], Written]:
    """Mines rare puzzles: the first `count` candidates of a seed whose ER is in `se`, in
    candidate order, whatever the scheduling. Candidate k is `sudoku_rs.generate(1, seed,
    start=k, symmetry=symmetry)[0]` (minimal, unique). Shards of `shard_size` candidates are
    handed out a few per worker thread at a time, and no more once the shards done hold enough
    hits.

    Args:
        count: how many hits.
        seed: the seed of the candidates.
        se: the ER range, as for sudoku_rs.generate: (lo, hi) with None for an open end, e.g.
            (9.0, None), or a str '9.0..'.
        symmetry: the symmetry of the candidates' clues, as for sudoku_rs.generate.
        client, output, format, shard_size, progress: as for `generate`.
        max_candidates: stop after this many candidates (rounded up to whole shards).
        time_limit: stop handing out shards after this many seconds.

    Returns:
        The hits as rows (dicts of `sudoku_rs.jobs.COLUMNS`; `index` is the candidate), or with
        `output`, a `sudoku_rs.jobs.Written`. When max_candidates or time_limit stops the
        search first, the hits found before it (fewer than `count`; the output folder is left
        incomplete, and the same call goes on from where it stopped).
    """
    job = MineJob.make(count, se, seed, symmetry=symmetry, shard_size=shard_size)
    if max_candidates is not None and (not isinstance(max_candidates, int) or max_candidates < 0):
        raise ValueError(f"max_candidates must be an int of at least 0, got {max_candidates!r}")
    if time_limit is not None and not time_limit >= 0:
        raise ValueError(
            f"time_limit must be a number of seconds of at least 0, got {time_limit!r}"
        )
    last = None if max_candidates is None else math.ceil(max_candidates / shard_size)
    out = Output.open(output, job, format) if output is not None else None
    search = _Search(job, last)
    if out is not None:
        if out.finished:
            return _written(out, job.count, 0, True)
        for shard in out.done():
            search.add(shard, out.count(shard))
    computed = 0
    with _connected(client) as dask, _Progress("mine", job.count, "hit", progress, dask) as bar:
        bar.advance(search.found_in_prefix(), 0, len(search.hits) * job.shard_size)
        deadline = None if time_limit is None else time.monotonic() + time_limit
        # Hits are few: they come back here and are written here, so that no task cancelled
        # while it ran can write a shard after the search trimmed the folder.
        tasks = _Tasks(dask, job, "mine", answers, ())
        try:
            for shard, found in tasks.run(search.todo(deadline)):
                computed += 1
                if out is not None:
                    out.write(shard, [answer.row() for answer in found])
                search.add(shard, len(found), found)
                tasks.stop_after(search.bound())
                bar.advance(search.found_in_prefix(), 1, len(search.hits) * job.shard_size)
        finally:
            tasks.close()
    if out is not None:
        if search.complete():
            out.keep(search.prefix, search.last_rows())
            out.finish(search.prefix, job.count)
            return _written(out, job.count, computed, True)
        log.warning(
            "mine stopped by its budget with %d of %d hits", search.found_in_prefix(), job.count
        )
        return _written(out, search.found_in_prefix(), computed, False)
    hits = [answer.row() for shard in range(search.prefix) for answer in search.answers[shard]]
    if len(hits) < job.count:
        log.warning("mine stopped by its budget with %d of %d hits", len(hits), job.count)
    return hits[: job.count]


class _Search:
    """The state of a mine job: hits per shard done, the prefix of shards all done, and how
    far shards are still needed."""

    def __init__(self, job: MineJob, last: Optional[int]) -> None:
        self.job = job
        self.last = last
        self.hits: Dict[int, int] = {}
        self.answers: Dict[int, List[Answer]] = {}
        self.prefix = 0  # shards 0 to prefix - 1 are all done
        self.in_prefix = 0  # their hits
        self.total = 0  # the hits of every shard done

    def add(self, shard: int, hits: int, found: Optional[List[Answer]] = None) -> None:
        self.hits[shard] = hits
        self.total += hits
        if found is not None:
            self.answers[shard] = found
        while self.prefix in self.hits and self.in_prefix < self.job.count:
            self.in_prefix += self.hits[self.prefix]
            self.prefix += 1

    def found_in_prefix(self) -> int:
        return min(self.in_prefix, self.job.count)

    def complete(self) -> bool:
        return self.in_prefix >= self.job.count

    def last_rows(self) -> int:
        """The hits kept of the last shard of the prefix."""
        return self.hits[self.prefix - 1] - (self.in_prefix - self.job.count) if self.prefix else 0

    def bound(self) -> Optional[int]:
        """The last shard that may still be needed: the one where the shards done, counted in
        order, reach `count` hits (None while they do not)."""
        if self.total < self.job.count:
            return None
        total = 0
        for shard in sorted(self.hits):
            total += self.hits[shard]
            if total >= self.job.count:
                return shard
        return None

    def todo(self, deadline: Optional[float]) -> Iterator[int]:
        """The shards to hand out, in order, while they may be needed and the budget lasts."""
        shard = 0
        while not self.complete():
            bound = self.bound()
            if (bound is not None and shard > bound) or (
                self.last is not None and shard >= self.last
            ):
                return
            if deadline is not None and time.monotonic() > deadline:
                return
            if shard not in self.hits:
                yield shard
            shard += 1


def _check_errors(errors: str) -> None:
    if errors not in ("raise", "none"):
        raise ValueError(f"errors must be 'raise' or 'none', got {errors!r}")


def _answers(
    job: Counted,
    kind: str,
    pick: Callable[[Answer], Any],
    client: ClientLike,
    output: Any,
    format: str,
    progress: Optional[bool],
    errors: str,
) -> Union[List[Any], Written]:
    """What `pick` takes of every answer of a job, in order; with `output`, the job written
    there instead."""
    if output is not None:
        return _write(job, client, output, format, progress, kind, job.puzzles)
    found = _collect(job, client, progress, kind, errors == "raise")
    return [pick(answer) for answer in found]


def _collect(
    job: Counted, client: ClientLike, progress: Optional[bool], kind: str, raise_first: bool
) -> List[Answer]:
    """Every answer of a job, in order. With `raise_first`, the exception of the first failed
    puzzle, once every shard before it is done."""
    results: Dict[int, List[Answer]] = {}
    first_failure: Optional[int] = None
    with _connected(client) as dask, _Progress(kind, job.puzzles, "puzzle", progress, dask) as bar:
        tasks = _Tasks(dask, job, kind, answers, ())
        try:
            for shard, found in tasks.run(range(job.shards)):
                results[shard] = found
                bar.advance(len(found), 1)
                if raise_first and any(answer.status != "ok" for answer in found):
                    first_failure = shard if first_failure is None else min(first_failure, shard)
                    tasks.stop_after(first_failure)
                if first_failure is not None and all(s in results for s in range(first_failure)):
                    earlier = [
                        a for s in range(first_failure + 1) for a in results[s] if a.status != "ok"
                    ]
                    raise earlier[0].exception()
        finally:
            tasks.close()
    return [answer for shard in range(job.shards) for answer in results[shard]]


def _write(
    job: Counted,
    client: ClientLike,
    folder: Any,
    format: str,
    progress: Optional[bool],
    kind: str,
    total: int,
) -> Written:
    """Writes every shard a folder lacks; one row per puzzle."""
    out = Output.open(folder, job, format)
    if out.finished:
        return _written(out, total, 0, True)
    done = set(out.done())
    todo = [shard for shard in range(job.shards) if shard not in done]
    computed = 0
    with _connected(client) as dask, _Progress(kind, total, "puzzle", progress, dask) as bar:
        bar.advance(sum(job.size(shard) for shard in done), len(done))
        tasks = _Tasks(dask, job, kind, write_shard, (out.folder,))
        try:
            for shard, _ in tasks.run(todo):
                computed += 1
                bar.advance(job.size(shard), 1)
        finally:
            tasks.close()
    out.finish(job.shards, total)
    return _written(out, total, computed, True)


def _written(out: Output, rows: int, computed: int, complete: bool) -> Written:
    return Written(out.folder, out.format, len(out.done()), rows, computed, complete)


def _on_worker(unit: Callable[..., Any], job: Job, shard: int, *extra: Any) -> Any:
    """A work unit in a Dask task, the extension's batch calls on the worker's threads (the
    tasks of a worker share one pool of that many threads)."""
    try:
        threads = _dask.get_worker().state.nthreads
    except (ValueError, AttributeError):
        threads = 1
    return unit(replace(job, threads=max(1, threads)), shard, *extra)


class _Tasks:
    """A job's shards on a Dask client: a window of tasks in flight (a few per worker thread,
    so that a job of millions of shards never floods the scheduler), handed out in shard order,
    results as they come."""

    def __init__(
        self, client: Any, job: Job, kind: str, unit: Callable[..., Any], extra: Tuple[Any, ...]
    ) -> None:
        self.client = client
        self.job = job
        self.unit = unit
        self.extra = extra
        # One name per job for the dashboard's groups, and keys that no earlier run shares.
        self.prefix = f"sudoku-{kind}-{job.fingerprint}-{uuid.uuid4().hex[:8]}"
        self.pending: Dict[Any, int] = {}
        self.bound: Optional[int] = None
        self.window = 0
        self.window_read = 0.0

    def _window(self) -> int:
        now = time.monotonic()
        if now - self.window_read > 5.0:
            threads = sum(self.client.nthreads().values())
            self.window = max(4, 2 * threads)
            self.window_read = now
        return self.window

    def run(self, shards: Any) -> Iterator[Tuple[int, Any]]:
        todo = iter(shards)
        queue = _dask.as_completed()

        def fill() -> None:
            while len(self.pending) < self._window():
                shard = next(todo, None)
                if shard is None or (self.bound is not None and shard > self.bound):
                    return
                future = self.client.submit(
                    _on_worker,
                    self.unit,
                    self.job.narrow(shard),
                    shard,
                    *self.extra,
                    key=f"{self.prefix}-{shard}",
                    pure=False,
                )
                self.pending[future] = shard
                queue.add(future)

        fill()
        for future in queue:
            shard = self.pending.pop(future, None)
            if shard is None or future.cancelled():
                continue
            result = future.result()
            yield shard, result
            fill()

    def stop_after(self, bound: Optional[int]) -> None:
        """Hands out no shard after `bound`, and cancels those in flight."""
        if bound is None:
            return
        self.bound = bound if self.bound is None else min(self.bound, bound)
        late = [future for future, shard in self.pending.items() if shard > self.bound]
        for future in late:
            del self.pending[future]
        if late:
            self.client.cancel(late)

    def close(self) -> None:
        if self.pending:
            self.client.cancel(list(self.pending))
            self.pending.clear()


@contextmanager
def _connected(client: ClientLike) -> Iterator[Any]:
    """The client to run on: the one given, the current one, or a LocalCluster of this
    machine's cores (one single-threaded worker process per core) made for the call."""
    if isinstance(client, _dask.Client):
        yield client
        return
    if client is None:
        try:
            current = _dask.default_client()
        except ValueError:
            current = None
        if current is not None:
            yield current
            return
        workers = os.cpu_count() or 1
        with _dask.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster:
            with _dask.Client(cluster) as made:
                log.info(
                    "a LocalCluster of %d workers; dashboard: %s", workers, made.dashboard_link
                )
                yield made
        return
    with _dask.Client(client) as made:
        yield made


class _Progress:
    """Progress in the calling process: a tqdm bar (puzzles a second, time left) on standard
    error when asked or when it is a terminal, and a log line every 30 seconds."""

    LOG_EVERY = 30.0

    def __init__(self, kind: str, total: int, unit: str, show: Optional[bool], client: Any) -> None:
        self.kind = kind
        self.total = total
        self.unit = unit
        self.shards = 0
        self.scanned = 0
        self.done = 0
        self.started = time.monotonic()
        self.logged = self.started
        if show is None:
            show = sys.stderr.isatty()
        self.bar = tqdm.tqdm(
            total=total, unit=unit, desc=f"sudoku {kind}", disable=not show, dynamic_ncols=True
        )
        link = getattr(client, "dashboard_link", None)
        log.info("%s: %d %ss; dashboard: %s", kind, total, unit, link)
        if show and link:
            self.bar.write(f"sudoku {kind}: Dask dashboard at {link}", file=sys.stderr)

    def __enter__(self) -> "_Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.bar.close()
        elapsed = time.monotonic() - self.started
        log.info(
            "%s: %d of %d %ss, %d shards, in %.1f s",
            self.kind,
            self.done,
            self.total,
            self.unit,
            self.shards,
            elapsed,
        )

    def advance(self, done: int, shards: int, scanned: Optional[int] = None) -> None:
        """`done` more puzzles (for mine: the hits found so far), `shards` more shards."""
        if scanned is None:
            self.done += done
            self.bar.update(done)
        else:
            self.bar.update(done - self.done)
            self.done = done
            self.scanned = scanned
        self.shards += shards
        elapsed = max(time.monotonic() - self.started, 1e-9)
        if scanned is None:
            self.bar.set_postfix_str(f"{self.shards} shards", refresh=False)
        else:
            self.bar.set_postfix_str(
                f"{scanned:,} candidates, {scanned / elapsed:,.0f}/s", refresh=False
            )
        now = time.monotonic()
        if now - self.logged >= self.LOG_EVERY:
            self.logged = now
            speed = self.done / elapsed
            left = (self.total - self.done) / speed if speed > 0 else float("inf")
            log.info(
                "%s: %d of %d %ss, %d shards, %.0f %ss/s, %.0f s left",
                self.kind,
                self.done,
                self.total,
                self.unit,
                self.shards,
                speed,
                self.unit,
                left,
            )
