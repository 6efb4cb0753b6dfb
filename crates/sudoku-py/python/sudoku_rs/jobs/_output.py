"""A job's output folder: one file per shard, each written whole or not at all.

```text
out/
  _job.json                 what the job is (its fingerprint), the format, the shard size
  part-00000000.jsonl       shard 0's rows, in index order (or .parquet)
  part-00000001.jsonl
  ...
  _SUCCESS                  written last: the job is complete (shards and rows, as JSON)
```

A shard's file is written under a temporary name beginning with a dot and renamed into place
(`os.replace`, atomic on one file system), so a file named `part-*` is always complete, and
a shard written twice (a task run again after its worker died) leaves one copy. A job started
again on the same folder computes only the shards without a file. The `_` and `.` names are
the ones that pyarrow, pandas and Spark leave out when they read a folder of parts.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional

import sudoku_rs

from ._jobs import COLUMNS, Job, rows

FORMATS = ("jsonl", "parquet")
_JOB = "_job.json"
_SUCCESS = "_SUCCESS"
_PART = re.compile(r"^part-(\d{8})\.(jsonl|parquet)$")


def _arrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError(
            "format='parquet' needs pyarrow: pip install 'sudoku-rs[parquet]' "
            "(from a checkout: pip install 'crates/sudoku-py[parquet]')"
        ) from None
    return pyarrow, pyarrow.parquet


def _schema():
    pa, _ = _arrow()
    text, number = pa.string(), pa.float64()
    types = {"index": pa.uint64(), "er": number, "ep": number, "ed": number}
    return pa.schema([(name, types.get(name, text)) for name in COLUMNS])


def _write_atomically(path: str, write) -> None:
    """Writes a file through `write(temporary_path)`, flushes it to disk and renames it into
    place."""
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.{uuid.uuid4().hex}.tmp")
    try:
        write(temporary)
        with open(temporary, "rb") as file:
            os.fsync(file.fileno())
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


def _write_text(path: str, text: str) -> None:
    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)

    _write_atomically(path, write)


@dataclass(frozen=True)
class Written:
    """What a job wrote: its folder and format, its shards and rows, how many shards this call
    computed (the others were there from an earlier, interrupted run), and whether the job is
    complete (a search stopped by its budget is not)."""

    folder: str
    format: str
    shards: int
    rows: int
    computed: int
    complete: bool = True


class Output:
    """The output folder of a job (see the module's documentation for its layout)."""

    def __init__(self, folder: str, format: str, description: Dict[str, Any]) -> None:
        self.folder = folder
        self.format = format
        self.description = description

    @classmethod
    def open(cls, folder: "str | os.PathLike[str]", job: Job, format: str = "jsonl") -> "Output":
        """The folder for `job`, made if need be. A folder that holds another job's output
        (other arguments, input files changed since, another version of sudoku_rs, another
        format) is refused rather than mixed with."""
        if format not in FORMATS:
            raise ValueError(f"format must be 'jsonl' or 'parquet', got {format!r}")
        folder = os.fspath(folder)
        description = {
            "job": type(job).__name__,
            "fingerprint": job.fingerprint,
            "format": format,
            "shard_size": job.shard_size,
            "shards": job.shards,
            "sudoku_rs": sudoku_rs.__version__,
        }
        path = os.path.join(folder, _JOB)
        found = None
        if os.path.exists(path):
            found = cls.attach(folder, job)
            if found.format != format:
                raise ValueError(
                    f"{folder} holds {found.format} files of this job; "
                    f"format={format!r} was asked for"
                )
        elif os.path.isdir(folder) and any(_PART.match(name) for name in os.listdir(folder)):
            raise ValueError(
                f"{folder} holds part files but no {_JOB}: not a folder this job can resume"
            )
        # What is wrong with the folder first; then what this machine lacks.
        if format == "parquet":
            _arrow()
        if found is not None:
            return found
        os.makedirs(folder, exist_ok=True)
        _write_text(path, json.dumps(description, indent=2) + "\n")
        return cls(folder, format, description)

    @classmethod
    def attach(cls, folder: "str | os.PathLike[str]", job: Job) -> "Output":
        """The folder of `job`, made by `open`: what each worker checks before it writes."""
        folder = os.fspath(folder)
        path = os.path.join(folder, _JOB)
        try:
            with open(path, encoding="utf-8") as file:
                description = json.load(file)
        except FileNotFoundError:
            raise FileNotFoundError(
                f"{path}: no such file; make the folder with Output.open first"
            ) from None
        if description.get("fingerprint") != job.fingerprint:
            raise ValueError(
                f"{folder} holds the output of another job ({description.get('job')} "
                f"{description.get('fingerprint')}, made by sudoku_rs "
                f"{description.get('sudoku_rs')}); this one is {type(job).__name__} "
                f"{job.fingerprint}: use another folder, or remove it"
            )
        return cls(folder, description["format"], description)

    def path(self, shard: int) -> str:
        """The file of a shard."""
        return os.path.join(self.folder, f"part-{shard:08d}.{self.format}")

    def done(self) -> List[int]:
        """The shards whose file is there, in order."""
        found = (_PART.match(name) for name in os.listdir(self.folder))
        return sorted(int(m.group(1)) for m in found if m and m.group(2) == self.format)

    @property
    def finished(self) -> bool:
        """Whether the job completed (its `_SUCCESS` file is there)."""
        return os.path.exists(os.path.join(self.folder, _SUCCESS))

    def write(self, shard: int, rows: List[Dict[str, Any]]) -> None:
        """Writes a shard's rows, atomically."""
        if self.format == "jsonl":
            _write_text(self.path(shard), "".join(json.dumps(row) + "\n" for row in rows))
            return
        pa, pq = _arrow()
        schema = _schema()
        table = pa.Table.from_pylist(rows, schema=schema)
        _write_atomically(self.path(shard), lambda temporary: pq.write_table(table, temporary))

    def read(self, shard: int) -> List[Dict[str, Any]]:
        """The rows of a shard's file."""
        if self.format == "jsonl":
            with open(self.path(shard), encoding="utf-8") as file:
                return [json.loads(line) for line in file]
        _, pq = _arrow()
        return pq.read_table(self.path(shard)).to_pylist()

    def count(self, shard: int) -> int:
        """The number of rows in a shard's file, without reading them."""
        if self.format == "parquet":
            _, pq = _arrow()
            return pq.ParquetFile(self.path(shard)).metadata.num_rows
        lines = 0
        with open(self.path(shard), "rb") as file:
            while block := file.read(1 << 20):
                lines += block.count(b"\n")
        return lines

    def keep(self, shards: int, last_rows: Optional[int] = None) -> None:
        """Keeps shards 0 to `shards - 1`, and of the last of them its first `last_rows` rows:
        where a search that hands out shards ahead of need stops."""
        for shard in self.done():
            if shard >= shards:
                os.remove(self.path(shard))
        if shards and last_rows is not None:
            kept = self.read(shards - 1)
            if len(kept) > last_rows:
                self.write(shards - 1, kept[:last_rows])

    def finish(self, shards: int, rows: int) -> None:
        """Marks the job complete."""
        _write_text(
            os.path.join(self.folder, _SUCCESS), json.dumps({"shards": shards, "rows": rows}) + "\n"
        )

    def rows(self) -> Iterator[Dict[str, Any]]:
        """Every row, shard after shard."""
        for shard in self.done():
            yield from self.read(shard)


def write_shard(job: Job, shard: int, folder: "str | os.PathLike[str]") -> int:
    """The work unit that writes: computes a shard's rows and writes its file into `folder`
    (made for this job by `Output.open`), atomically; the number of rows. Running it twice
    for a shard, at once or one after the other, leaves one complete file."""
    output = Output.attach(folder, job)
    found = rows(job, shard)
    output.write(shard, found)
    return len(found)


def read_rows(folder: "str | os.PathLike[str]") -> Iterator[Dict[str, Any]]:
    """The rows of an output folder, in order, as dicts (JSON Lines or Parquet). Parquet
    folders also read with `pyarrow.parquet.read_table(folder)` or `pandas.read_parquet`, and
    JSON Lines with `pandas.read_json(path, lines=True)` per part."""
    folder = os.fspath(folder)
    with open(os.path.join(folder, _JOB), encoding="utf-8") as file:
        description = json.load(file)
    yield from Output(folder, description["format"], description).rows()
