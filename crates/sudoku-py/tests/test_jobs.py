"""sudoku_rs.jobs: jobs cut into shards, the work units of (job, shard), files read a part at a
time, and output folders written a shard at a time. No scheduler: the shards are run here in
a loop, in any order, as an engine would."""

import doctest
import json
import os
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import sudoku_rs
from sudoku_rs import jobs
from conftest import ROOT, WIKIPEDIA

# An easy puzzle made by this project's generator (seed 1), beside Wikipedia's.
OTHER = "6....4..13.21..9........5..........3.....9..6945...7....47...8..8..51.7..69..8..."
BAD_CHARACTER = "1234x" + "." * 76
CLASH = "55" + "." * 79
EMPTY = "." * 81


def run(job, order=None):
    """Every answer of a job, its shards run in `order` (reversed by default, as a scheduler
    may finish them), each from the narrowed job a worker is sent."""
    shards = list(range(job.shards))
    by_shard = {shard: jobs.answers(job.narrow(shard), shard) for shard in (order or shards[::-1])}
    return [answer for shard in shards for answer in by_shard[shard]]


def test_the_modules_example_holds():
    results = doctest.testmod(jobs, extraglobs={"sudoku_rs": sudoku_rs})
    assert results.attempted and not results.failed


def test_generate_shards_make_what_one_call_makes():
    whole = sudoku_rs.generate(23, seed=5, symmetry="rotate180")
    for size in (1, 5, 23, 100):
        job = jobs.GenerateJob.make(23, 5, shard_size=size, detail=False, symmetry="rotate180")
        assert job.shards == -(-23 // size)
        found = run(job)
        assert [a.puzzle for a in found] == whole
        assert [a.index for a in found] == list(range(23))
        assert all(a.solution is None and a.rating is None for a in found)
    assert jobs.GenerateJob.make(0, 5).shards == 0


def test_generate_rows_carry_the_solution_and_rating():
    job = jobs.GenerateJob.make(12, 8, shard_size=5)
    found = run(job)
    puzzles = sudoku_rs.generate(12, seed=8)
    assert [a.solution for a in found] == sudoku_rs.solve(puzzles)
    assert [a.rating for a in found] == sudoku_rs.rate(puzzles)
    row = jobs.rows(job, 0)[0]
    assert list(row) == list(jobs.COLUMNS)
    assert (row["puzzle"], row["er"], row["status"], row["error"]) == (
        puzzles[0],
        found[0].rating.er,
        "ok",
        None,
    )
    jigsaw = jobs.rows(jobs.GenerateJob.make(3, 2, variant="jigsaw,x"), 0)
    assert [r["puzzle"] for r in jigsaw] == sudoku_rs.generate(3, seed=2, variant="jigsaw,x")
    assert [r["solution"] for r in jigsaw] == sudoku_rs.solve([r["puzzle"] for r in jigsaw])
    assert all(r["er"] is None and r["status"] == "ok" for r in jigsaw)


def test_a_puzzle_not_made_is_a_row_with_the_generators_message():
    options = {"clues": 19, "max_attempts": 1}
    made = sudoku_rs.generate(6, seed=1, errors="none", **options)
    assert None in made
    found = run(jobs.GenerateJob.make(6, 1, shard_size=4, **options))
    assert [a.puzzle for a in found] == made
    failed = next(a for a in found if a.puzzle is None)
    assert failed.status == "not made"
    with pytest.raises(sudoku_rs.GenerateError) as raised:
        sudoku_rs.generate(6, seed=1, **options)
    assert raised.value.index == failed.index
    raised_again = failed.exception()
    assert type(raised_again) is sudoku_rs.GenerateError
    assert (str(raised_again), raised_again.index) == (str(raised.value), raised.value.index)


def test_generate_options_are_checked_when_the_job_is_made():
    with pytest.raises(ValueError, match="symmetry must be"):
        jobs.GenerateJob.make(10, symmetry="spiral")
    with pytest.raises(TypeError, match="start is not an option of a job"):
        jobs.GenerateJob.make(10, start=4)
    with pytest.raises(ValueError, match="shard_size must be a positive int"):
        jobs.GenerateJob.make(10, shard_size=0)
    with pytest.raises(IndexError, match="shard 2 is not one of the job's 2 shards"):
        jobs.answers(jobs.GenerateJob.make(10, shard_size=5), 2)


def test_rate_shards_of_a_list_and_an_array_rate_as_one_call():
    puzzles = sudoku_rs.generate(17, seed=3)
    ratings = sudoku_rs.rate(puzzles)
    cells = sudoku_rs.to_array(puzzles)
    for source in (puzzles, tuple(puzzles), cells):
        job = jobs.RateJob.plan(source, shard_size=4)
        assert (job.shards, job.puzzles, [job.size(s) for s in range(job.shards)]) == (
            5,
            17,
            [4, 4, 4, 4, 1],
        )
        found = run(job)
        assert [a.rating for a in found] == ratings
        assert [a.puzzle for a in found] == puzzles
        assert [a.solution for a in found] == sudoku_rs.solve(puzzles)
    narrowed = jobs.RateJob.plan(puzzles, shard_size=4).narrow(2)
    assert narrowed.source.items == puzzles[8:12]
    assert jobs.answers(narrowed, 2) == run(jobs.RateJob.plan(puzzles, shard_size=4))[8:12]
    with pytest.raises(IndexError):
        jobs.answers(narrowed, 1)


def test_failed_puzzles_carry_the_exception_rate_raises():
    batch = [WIKIPEDIA, BAD_CHARACTER, CLASH, EMPTY, "1.3..4.1..1.3..2", {"givens": OTHER}]
    found = run(jobs.RateJob.plan(batch, shard_size=2))
    statuses = ["ok", "malformed", "clash", "several solutions", "not classic", "ok"]
    assert [a.status for a in found] == statuses
    assert found[5].puzzle == json.dumps({"givens": OTHER})
    for answer, puzzle in zip(found, batch):
        if answer.status == "ok":
            assert answer.rating == sudoku_rs.rate(puzzle) and answer.error is None
            continue
        assert answer.rating is None and answer.solution is None
        with pytest.raises(sudoku_rs.SudokuError) as raised:
            sudoku_rs.rate([WIKIPEDIA] * answer.index + [puzzle])
        again = answer.exception()
        assert (type(again), str(again), again.index) == (
            type(raised.value),
            str(raised.value),
            raised.value.index,
        )
        assert jobs.rows(jobs.RateJob.plan([puzzle]), 0)[0]["error"] == str(
            raised.value
        ).removeprefix(f"puzzle {answer.index}: ")


def test_in_memory_sources_are_checked_as_the_extension_checks_them():
    with pytest.raises(TypeError, match="^puzzle 1: expected a str"):
        jobs.RateJob.plan([WIKIPEDIA, 17])
    with pytest.raises(TypeError, match="not bytes"):
        jobs.RateJob.plan(WIKIPEDIA.encode())
    with pytest.raises(sudoku_rs.ParseError, match="rows of 80 cells are no board"):
        jobs.RateJob.plan(np.zeros((3, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        jobs.RateJob.plan(np.zeros(81, dtype=np.uint8))
    with pytest.raises(FileNotFoundError, match="a str is a path or a glob here"):
        jobs.RateJob.plan(WIKIPEDIA)
    with pytest.raises(FileNotFoundError, match="no file matches"):
        jobs.RateJob.plan("no-such-folder/*.txt")
    bad_row = np.zeros((2, 81), dtype=np.int64)
    bad_row[1, 3] = 12
    found = run(jobs.RateJob.plan(bad_row, shard_size=1))
    assert [a.status for a in found] == ["several solutions", "malformed"]
    assert found[1].puzzle.split()[3] == "12"


def write_mixed_file(path, puzzles):
    """A file with every kind of line the reader meets, and the puzzles between them."""
    with open(path, "wb") as file:
        file.write(b"\xef\xbb\xbf# a collection, with a byte-order mark\r\n")
        for i, puzzle in enumerate(puzzles):
            if i == 2:
                file.write(BAD_CHARACTER.encode() + b"\n")
            if i == 3:
                file.write(b"\n   # a comment after blanks\n\n")
            if i == 4:
                file.write(b"\xff\xfe not text\n")
            if i == 5:
                file.write(CLASH.encode() + b"\r")  # an old Mac line end
            if i == 6:
                file.write(b"7" * 70_000 + b"\n")  # over the reader's 64 KiB
            ending = b" 1.2 1.2 1.2\r\n" if i % 3 == 0 else b" # with a comment\n"
            file.write(puzzle.encode() + ending)
        file.write(EMPTY.encode())  # the last line, without a line end


def test_files_are_read_as_sudoku_rs_read_reads_them(tmp_path):
    puzzles = sudoku_rs.generate(11, seed=4)
    path = tmp_path / "mixed.txt"
    write_mixed_file(path, puzzles)
    want = sudoku_rs.read(path, errors="none")
    assert len(want) == 16 and want.count(None) == 3
    for size in (1, 3, 7, 100):
        found = run(jobs.RateJob.plan(path, shard_size=size))
        assert [a.puzzle for a in found] == want
        assert [a.index for a in found] == list(range(len(want)))
        assert [a.rating for a in found] == [
            sudoku_rs.rate(p, errors="none") if p else None for p in want
        ]
    errors = [(a.status, a.error) for a in found if a.status != "ok"]
    assert errors == [
        (
            "malformed",
            f"{path}:4:5: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)",
        ),
        ("malformed", f"{path}:10:1: not UTF-8 text (a binary file?)"),
        ("clash", "clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c2"),
        ("malformed", f"{path}:14: longer than 65536 bytes, skipped"),
        ("several solutions", "several solutions: only a puzzle with one solution has a rating"),
    ]
    with pytest.raises(sudoku_rs.ParseError) as raised:
        sudoku_rs.read(path)
    again = found[2].exception()
    assert (type(again), str(again), again.index, again.line, again.column) == (
        sudoku_rs.ParseError,
        str(raised.value),
        2,
        4,
        5,
    )


def test_csv_columns_come_from_the_header_in_every_shard(tmp_path):
    puzzles = sudoku_rs.generate(7, seed=6)
    solutions = sudoku_rs.solve(puzzles)
    path = tmp_path / "reversed.csv"
    with open(path, "w") as file:
        file.write("solution,id,puzzle\n")  # a puzzle column that is not the first 81-digit field
        for i, (puzzle, solution) in enumerate(zip(puzzles, solutions)):
            file.write(f"{solution},{i},{puzzle.replace('.', '0')}\n")
    assert sudoku_rs.read(path) == puzzles
    found = run(jobs.RateJob.plan(path, shard_size=2))
    assert [a.puzzle for a in found] == puzzles
    assert [a.solution for a in found] == solutions


def test_globs_read_files_in_order_and_number_on(tmp_path):
    puzzles = sudoku_rs.generate(9, seed=2)
    for name, part in (("b.txt", puzzles[4:]), ("a.txt", puzzles[:4])):
        (tmp_path / name).write_text("\n".join(part) + "\n")
    job = jobs.RateJob.plan(str(tmp_path / "*.txt"), shard_size=3)
    assert [job.size(s) for s in range(job.shards)] == [3, 1, 3, 2]
    found = run(job)
    assert [a.puzzle for a in found] == puzzles and [a.index for a in found] == list(range(9))
    assert run(jobs.RateJob.plan([tmp_path / "a.txt", tmp_path / "b.txt"], shard_size=3)) == found


def test_drawings_are_read_one_line_at_a_time(tmp_path):
    drawing = "\n".join(" ".join(WIKIPEDIA[r * 9 : r * 9 + 9]) for r in range(9))
    path = tmp_path / "drawing.txt"
    path.write_text(f"{OTHER}\n{drawing}\n{WIKIPEDIA}\n")
    found = run(jobs.RateJob.plan(path, shard_size=20))
    assert len(found) == 11
    assert [a.puzzle for a in (found[0], found[10])] == [OTHER, WIKIPEDIA]
    assert all(a.status == "malformed" and a.error.startswith(f"{path}:") for a in found[1:10])


def test_a_file_changed_since_the_plan_is_an_error(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{WIKIPEDIA}\n{OTHER}\n")
    job = jobs.RateJob.plan(path)
    path.write_text(f"{WIKIPEDIA}\n# {OTHER}\n")
    with pytest.raises(OSError, match="the file changed"):
        jobs.answers(job, 0)
    assert jobs.RateJob.plan(path).fingerprint != job.fingerprint


def oracle_hits(count, seed, lo, hi, candidates):
    """The hits of a search, found here the plain way: generate, rate, filter."""
    made = sudoku_rs.generate(candidates, seed=seed)
    rated = sudoku_rs.rate(made)
    return [(i, p) for i, (p, r) in enumerate(zip(made, rated)) if lo <= r.er <= hi][:count]


def test_mine_shards_hold_the_hits_of_their_candidates():
    job = jobs.MineJob.make(1000, (6.0, 7.5), 3, shard_size=40)
    assert job.shards is None and job.span(2) == range(80, 120)
    found = [a for shard in range(5) for a in jobs.answers(job, shard)]
    assert [(a.index, a.puzzle) for a in found] == oracle_hits(1000, 3, 6.0, 7.5, 200)
    assert all(6.0 <= a.rating.er <= 7.5 and a.solution == sudoku_rs.solve(a.puzzle) for a in found)
    with pytest.raises(ValueError, match="se is the range"):
        jobs.MineJob.make(5, None)


def test_answers_pickle_with_their_ratings():
    found = run(jobs.RateJob.plan([WIKIPEDIA, CLASH]))
    assert pickle.loads(pickle.dumps(found)) == found
    assert pickle.loads(pickle.dumps(jobs.RateJob.plan([WIKIPEDIA]))) == jobs.RateJob.plan(
        [WIKIPEDIA]
    )


def test_an_output_folder_is_written_shard_by_shard(tmp_path):
    job = jobs.GenerateJob.make(10, 3, shard_size=4)
    out = jobs.Output.open(tmp_path / "out", job)
    assert out.done() == [] and not out.finished
    for shard in (2, 0):
        assert jobs.write_shard(job, shard, tmp_path / "out") == job.size(shard)
    assert out.done() == [0, 2] and out.count(2) == 2
    jobs.write_shard(job, 0, tmp_path / "out")  # again: one file, the same rows
    jobs.write_shard(job, 1, tmp_path / "out")
    out.finish(job.shards, 10)
    assert out.finished
    assert sorted(os.listdir(tmp_path / "out")) == [
        "_SUCCESS",
        "_job.json",
        "part-00000000.jsonl",
        "part-00000001.jsonl",
        "part-00000002.jsonl",
    ]
    rows = list(jobs.read_rows(tmp_path / "out"))
    assert rows == jobs.rows(job, 0) + jobs.rows(job, 1) + jobs.rows(job, 2)
    assert [r["index"] for r in rows] == list(range(10))
    assert jobs.Output.open(tmp_path / "out", job).done() == [0, 1, 2]


def test_a_folder_of_another_job_is_refused(tmp_path):
    folder = tmp_path / "out"
    jobs.Output.open(folder, jobs.GenerateJob.make(10, 3))
    with pytest.raises(ValueError, match="holds the output of another job"):
        jobs.Output.open(folder, jobs.GenerateJob.make(10, 4))
    with pytest.raises(ValueError, match="holds the output of another job"):
        jobs.write_shard(jobs.GenerateJob.make(10, 3, shard_size=5), 0, folder)
    with pytest.raises(ValueError, match="holds jsonl files"):
        jobs.Output.open(folder, jobs.GenerateJob.make(10, 3), format="parquet")
    with pytest.raises(ValueError, match="format must be"):
        jobs.Output.open(tmp_path / "other", jobs.GenerateJob.make(10, 3), format="csv")
    with pytest.raises(FileNotFoundError, match="make the folder with Output.open"):
        jobs.write_shard(jobs.GenerateJob.make(10, 3), 0, tmp_path / "never-made")
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "part-00000000.jsonl").write_text("")
    with pytest.raises(ValueError, match="no _job.json"):
        jobs.Output.open(stray, jobs.GenerateJob.make(10, 3))


def test_a_shard_file_is_whole_or_absent(tmp_path, monkeypatch):
    job = jobs.GenerateJob.make(4, 3)
    out = jobs.Output.open(tmp_path, job)

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        out.write(0, jobs.rows(job, 0))
    assert sorted(os.listdir(tmp_path)) == ["_job.json"]


def test_parquet_parts_read_as_one_table(tmp_path):
    pq = pytest.importorskip(
        "pyarrow.parquet", reason="Parquet output needs pyarrow (pip install pyarrow)"
    )
    job = jobs.RateJob.plan([WIKIPEDIA, BAD_CHARACTER, OTHER], shard_size=2)
    out = jobs.Output.open(tmp_path, job, format="parquet")
    for shard in range(job.shards):
        jobs.write_shard(job, shard, tmp_path)
    table = pq.read_table(tmp_path)
    assert table.column_names == list(jobs.COLUMNS)
    assert (
        table.to_pylist() == jobs.rows(job, 0) + jobs.rows(job, 1) == list(jobs.read_rows(tmp_path))
    )
    assert table.column("status").to_pylist() == ["ok", "malformed", "ok"]
    assert out.count(0) == 2


def test_importing_the_dask_module_without_dask_says_how_to_install_it():
    script = (
        "import sys\n"
        "sys.modules['distributed'] = None\n"  # makes `import distributed` fail
        "try:\n"
        "    import sudoku_rs.distributed\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert "pip install 'sudoku-rs[dask]'" in done.stdout
    assert "distributed" in done.stdout


def test_the_guides_examples_are_python():
    """docs/distributed.md's examples need a cluster, files or Ray: they are compiled here,
    and what they call is tested above and in test_distributed.py."""
    guide = (ROOT / "docs" / "distributed.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", guide, re.S)
    assert len(blocks) >= 5
    for index, block in enumerate(blocks):
        compile(block, f"distributed.md block {index}", "exec")
