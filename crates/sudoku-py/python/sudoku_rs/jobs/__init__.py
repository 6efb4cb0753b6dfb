"""Jobs over many puzzles, cut into shards: what to compute, the work unit that computes one
shard, and the folder the shards are written to. No scheduler here, and nothing beyond the
extension (pyarrow for Parquet files): `sudoku_rs.distributed` runs these units on Dask, and
Ray, Spark, multiprocessing or a batch scheduler can map them as they are.

- GenerateJob.make(n, seed, **options): puzzles 0 to n - 1 of a seed, as sudoku_rs.generate
  makes them.
- RateJob.plan(source): ratings of a list, an array or files (paths or globs, scanned once to
  find where each shard begins, never read whole).
- MineJob.make(count, se, seed): the first `count` candidates of a seed rated in a range.

The work units are plain functions of (job, shard): answers(job, shard) gives Answer objects,
rows(job, shard) the same as dicts of COLUMNS, write_shard(job, shard, folder) writes them
into an Output folder atomically. The same job and shard give the same rows on any machine.

Example:
    >>> from sudoku_rs import jobs
    >>> job = jobs.GenerateJob.make(5, seed=1, shard_size=2)
    >>> job.shards
    3
    >>> made = [row["puzzle"] for shard in range(job.shards) for row in jobs.rows(job, shard)]
    >>> made == sudoku_rs.generate(5, seed=1)
    True
"""

from ._files import FilePart
from ._jobs import (
    COLUMNS,
    SHARD_SIZE,
    Answer,
    GenerateJob,
    Job,
    MineJob,
    Puzzles,
    RateJob,
    Symmetry,
    answers,
    rows,
)
from ._output import FORMATS, Output, Written, read_rows, write_shard

__all__ = [
    "COLUMNS",
    "FORMATS",
    "Answer",
    "FilePart",
    "GenerateJob",
    "Job",
    "MineJob",
    "Output",
    "Puzzles",
    "RateJob",
    "SHARD_SIZE",
    "Symmetry",
    "Written",
    "answers",
    "read_rows",
    "rows",
    "write_shard",
]
