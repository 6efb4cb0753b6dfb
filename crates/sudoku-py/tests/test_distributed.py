"""sudoku_rs.distributed on a LocalCluster of 2 worker processes: the same answers as the
single-process functions, a worker killed mid-job, the caller killed and the job run again, a
bad puzzle among good ones. Skipped, with the reason, where dask is not installed."""

import doctest
import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

pytest.importorskip(
    "distributed", reason="sudoku_rs.distributed needs dask: pip install 'crates/sudoku-py[dask]'"
)

import sudoku_rs  # noqa: E402
from dask.distributed import Client, LocalCluster  # noqa: E402
from sudoku_rs import distributed, jobs  # noqa: E402

BAD_CHARACTER = "1234x" + "." * 76
CLASH = "55" + "." * 79


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with Client(cluster) as made:
            yield made


def files_of(folder):
    """The part files of a folder, name by name: (bytes, inode, modification time)."""
    found = {}
    for name in sorted(os.listdir(folder)):
        if name.startswith("part-"):
            path = os.path.join(folder, name)
            stat = os.stat(path)
            with open(path, "rb") as file:
                found[name] = (file.read(), stat.st_ino, stat.st_mtime_ns)
    return found


def settled(folder, quiet=1.5, seconds=120):
    """The part files of a folder once no file has appeared or changed for `quiet` seconds."""
    deadline = time.monotonic() + seconds
    seen, since = files_of(folder), time.monotonic()
    while time.monotonic() - since < quiet:
        if time.monotonic() > deadline:
            raise AssertionError(f"{folder} kept changing")
        time.sleep(0.05)
        now = files_of(folder)
        if now != seen:
            seen, since = now, time.monotonic()
    return seen


def wait_for(condition, what, seconds=120):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_the_modules_example_holds():
    results = doctest.testmod(distributed, extraglobs={"sudoku_rs": sudoku_rs})
    assert results.attempted and not results.failed


def test_generate_gives_what_the_single_process_call_gives(client, tmp_path):
    want = sudoku_rs.generate(90, seed=12, symmetry="mirror")
    assert distributed.generate(90, seed=12, symmetry="mirror", client=client, shard_size=7) == want
    written = distributed.generate(
        90, seed=12, symmetry="mirror", client=client, shard_size=7, output=tmp_path
    )
    assert (written.shards, written.rows, written.computed, written.complete) == (13, 90, 13, True)
    rows = list(jobs.read_rows(tmp_path))
    assert [r["puzzle"] for r in rows] == want and [r["index"] for r in rows] == list(range(90))
    assert [r["er"] for r in rows] == [r.er for r in sudoku_rs.rate(want)]
    assert [r["solution"] for r in rows] == sudoku_rs.solve(want)
    with pytest.raises(TypeError, match="threads is not an option"):
        distributed.generate(3, client=client, threads=2)


def test_generate_raises_for_the_first_puzzle_not_made(client):
    options = {"clues": 19, "max_attempts": 1}
    with pytest.raises(sudoku_rs.GenerateError) as single:
        sudoku_rs.generate(30, seed=1, **options)
    with pytest.raises(sudoku_rs.GenerateError) as spread:
        distributed.generate(30, seed=1, client=client, shard_size=4, **options)
    assert (str(spread.value), spread.value.index) == (str(single.value), single.value.index)
    made = distributed.generate(30, seed=1, client=client, shard_size=4, errors="none", **options)
    assert made == sudoku_rs.generate(30, seed=1, errors="none", **options)


def test_rate_gives_what_the_single_process_call_gives(client, tmp_path):
    puzzles = sudoku_rs.generate(120, seed=21)
    want = sudoku_rs.rate(puzzles)
    assert distributed.rate(puzzles, client=client, shard_size=9) == want
    assert distributed.rate(sudoku_rs.to_array(puzzles), client=client, shard_size=50) == want
    path = tmp_path / "puzzles.txt"
    path.write_text("# generated, seed 21\n" + "\n".join(puzzles) + "\n")
    assert distributed.rate(path, client=client, shard_size=11) == want
    written = distributed.rate(str(path), client=client, shard_size=11, output=tmp_path / "out")
    assert (written.rows, written.shards) == (120, 11)
    rows = list(jobs.read_rows(tmp_path / "out"))
    assert [(r["er"], r["ep"], r["ed"], r["hardest"]) for r in rows] == [
        (r.er, r.ep, r.ed, r.hardest) for r in want
    ]


def test_rate_writes_parquet(client, tmp_path):
    pq = pytest.importorskip(
        "pyarrow.parquet",
        reason="Parquet output needs pyarrow: pip install 'crates/sudoku-py[parquet]'",
    )
    puzzles = sudoku_rs.generate(40, seed=5)
    distributed.rate(puzzles, client=client, shard_size=15, output=tmp_path, format="parquet")
    table = pq.read_table(tmp_path)
    assert table.column("puzzle").to_pylist() == puzzles
    assert table.column("er").to_pylist() == [r.er for r in sudoku_rs.rate(puzzles)]


def oracle_hits(count, seed, lo, hi, candidates):
    """The hits of a search, found here the plain way: generate, rate, filter."""
    made = sudoku_rs.generate(candidates, seed=seed)
    rated = sudoku_rs.rate(made)
    return [(i, p, r.er) for i, (p, r) in enumerate(zip(made, rated)) if lo <= r.er <= hi][:count]


def test_mine_finds_the_first_hits_in_candidate_order(client, tmp_path):
    want = oracle_hits(12, 9, 6.5, 8.0, 600)
    assert len(want) == 12
    for shard_size in (7, 40):
        hits = distributed.mine(12, seed=9, se=(6.5, 8.0), client=client, shard_size=shard_size)
        assert [(h["index"], h["puzzle"], h["er"]) for h in hits] == want
    written = distributed.mine(
        12, seed=9, se=(6.5, 8.0), client=client, shard_size=7, output=tmp_path
    )
    assert (written.rows, written.complete) == (12, True)
    rows = list(jobs.read_rows(tmp_path))
    assert [(r["index"], r["puzzle"], r["er"]) for r in rows] == want
    last = max(index for index, _, _ in want)
    assert jobs.Output.attach(
        tmp_path, jobs.MineJob.make(12, (6.5, 8.0), 9, shard_size=7)
    ).done() == list(range(last // 7 + 1))


def test_mine_stops_at_its_budget_and_goes_on_from_there(client, tmp_path):
    want = oracle_hits(12, 9, 6.5, 8.0, 600)
    partial = distributed.mine(
        12, seed=9, se=(6.5, 8.0), client=client, shard_size=10, max_candidates=30
    )
    assert [(h["index"], h["puzzle"], h["er"]) for h in partial] == [
        hit for hit in want if hit[0] < 30
    ]
    assert 0 < len(partial) < 12
    stopped = distributed.mine(
        12, seed=9, se=(6.5, 8.0), client=client, shard_size=10, output=tmp_path, max_candidates=30
    )
    assert not stopped.complete and stopped.rows == len(partial) and stopped.shards == 3
    before = files_of(tmp_path)
    done = distributed.mine(
        12, seed=9, se=(6.5, 8.0), client=client, shard_size=10, output=tmp_path
    )
    assert done.complete and done.shards > 3 and done.computed >= done.shards - 3
    after = files_of(tmp_path)
    assert all(after[name] == before[name] for name in before)
    assert [(r["index"], r["er"]) for r in jobs.read_rows(tmp_path)] == [
        (i, er) for i, _, er in want
    ]


def test_a_bad_puzzle_gets_a_row_with_its_error_and_the_job_goes_on(client, tmp_path):
    puzzles = sudoku_rs.generate(30, seed=4)
    batch = puzzles[:10] + [BAD_CHARACTER] + puzzles[10:20] + [CLASH] + puzzles[20:]
    written = distributed.rate(batch, client=client, shard_size=4, output=tmp_path)
    assert written.rows == 32
    rows = list(jobs.read_rows(tmp_path))
    failed = [(r["index"], r["status"], r["error"]) for r in rows if r["status"] != "ok"]
    assert failed == [
        (
            10,
            "malformed",
            "line 1, column 5: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)",
        ),
        (21, "clash", "clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c2"),
    ]
    assert [r["er"] for r in rows if r["status"] == "ok"] == [r.er for r in sudoku_rs.rate(puzzles)]
    assert distributed.rate(batch, client=client, shard_size=4, errors="none") == sudoku_rs.rate(
        batch, errors="none"
    )
    with pytest.raises(sudoku_rs.ParseError) as single:
        sudoku_rs.rate(batch)
    with pytest.raises(sudoku_rs.ParseError) as spread:
        distributed.rate(batch, client=client, shard_size=4)
    assert (str(spread.value), spread.value.index) == (str(single.value), single.value.index)


def test_a_worker_killed_mid_job_loses_and_repeats_no_row(client, tmp_path):
    puzzles = sudoku_rs.generate(1600, seed=31)
    folder = tmp_path / "out"
    outcome = {}

    def job():
        try:
            outcome["written"] = distributed.rate(
                puzzles, client=client, shard_size=80, output=folder
            )
        except BaseException as err:  # noqa: BLE001 (reported by the test thread)
            outcome["error"] = err

    runner = threading.Thread(target=job)
    runner.start()
    wait_for(lambda: len(files_of(folder) if folder.exists() else {}) >= 3, "three shards written")
    processing = client.processing()
    busy = [address for address, keys in processing.items() if keys]
    assert busy, "no worker was running a task"
    pids = client.run(os.getpid)
    os.kill(pids[busy[0]], signal.SIGKILL)
    killed_at = len(files_of(folder))
    runner.join(300)
    assert "error" not in outcome, outcome.get("error")
    written = outcome["written"]
    assert killed_at < 20 and written.computed == 20 and written.complete
    rows = list(jobs.read_rows(folder))
    assert [r["index"] for r in rows] == list(range(1600))
    assert [r["er"] for r in rows] == [r.er for r in sudoku_rs.rate(puzzles)]
    wait_for(lambda: len(client.nthreads()) == 2, "the nanny to start the worker again")


CALLER = textwrap.dedent(
    """
    import sys
    from dask.distributed import Client
    from sudoku_rs import distributed

    with Client(sys.argv[1]) as client:
        distributed.rate(sys.argv[2], client=client, shard_size=50, output=sys.argv[3])
    """
)


def test_a_job_run_again_after_its_caller_was_killed_redoes_only_missing_shards(client, tmp_path):
    puzzles = sudoku_rs.generate(2000, seed=41)
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(puzzles) + "\n")
    folder = tmp_path / "out"
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, client.scheduler.address, str(source), str(folder)]
    )
    try:
        wait_for(
            lambda: folder.exists() and len(files_of(folder)) >= 4 or caller.poll() is not None,
            "four shards written",
        )
    finally:
        caller.kill()
        caller.wait()
    # Tasks of the dead caller still running finish, and may still write their shard: a
    # worker thread keeps running a task the scheduler already released, so wait until the
    # folder has not changed for a while rather than trusting the scheduler's view.
    wait_for(lambda: not any(client.processing().values()), "the dead caller's tasks to end")
    before = settled(folder)
    assert 4 <= len(before) < 40 and not (folder / "_SUCCESS").exists()
    written = distributed.rate(source, client=client, shard_size=50, output=folder)
    after = files_of(folder)
    assert written.complete and written.computed == 40 - len(before)
    assert all(after[name] == before[name] for name in before)  # same bytes, same file, untouched
    clean = tmp_path / "clean"
    distributed.rate(source, client=client, shard_size=50, output=clean)
    assert {name: data for name, (data, _, _) in after.items()} == {
        name: data for name, (data, _, _) in files_of(clean).items()
    }
    again = distributed.rate(source, client=client, shard_size=50, output=folder)
    assert again.computed == 0 and files_of(folder) == after


def test_progress_shows_in_the_callers_process_and_tasks_are_named_for_the_dashboard(
    client, capfd, caplog
):
    puzzles = sudoku_rs.generate(60, seed=2)
    with caplog.at_level(logging.INFO, logger="sudoku_rs.distributed"):
        distributed.rate(puzzles, client=client, shard_size=10, progress=True)
    err = capfd.readouterr().err
    assert "sudoku rate" in err and "60/60" in err and "puzzle/s" in err and "6 shards" in err
    assert any("rate: 60 of 60 puzzles, 6 shards" in message for message in caplog.messages)
    prefixes = client.run_on_scheduler(lambda dask_scheduler: sorted(dask_scheduler.task_prefixes))
    assert "sudoku-rate" in prefixes and "sudoku-generate" in prefixes
