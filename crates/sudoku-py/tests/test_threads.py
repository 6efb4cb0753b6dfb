"""Batches release the GIL, stop on Ctrl-C, and give the same answers on any thread count."""

import os
import signal
import sys
import threading

import pytest

import sudoku_rs
from conftest import public_lines


def test_a_batch_lets_other_python_threads_run(public_data):
    """With thread switching made rare, the main thread gets the GIL back while the batch
    runs only if the batch thread releases it; if it held the GIL, the main thread would
    wake after the batch ended and see it done."""
    puzzles = public_lines(public_data, "17_clue.txt", 20000)
    started, finished = threading.Event(), threading.Event()
    answers = []

    def batch():
        started.set()
        answers.append(sudoku_rs.solve(puzzles))
        finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        worker = threading.Thread(target=batch)
        worker.start()
        started.wait()
        ran_during_batch = not finished.is_set()
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert ran_during_batch
    assert len(answers[0]) == len(puzzles)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to the process")
def test_ctrl_c_stops_a_long_batch():
    # Python's own handler, also when the process was started with SIGINT ignored (as
    # background jobs of a shell are).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # About a minute of work on two cores, stopped after half a second.
            sudoku_rs.generate(1_000_000, seed=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    # The package works on after an interrupted batch.
    assert len(sudoku_rs.generate(2, seed=1)) == 2


def test_answers_do_not_depend_on_the_thread_count(public_data):
    puzzles = public_lines(public_data, "magictour_top1465.txt", 200)
    one = sudoku_rs.solve(puzzles, threads=1)
    assert sudoku_rs.solve(puzzles, threads=3) == one
    ratings = sudoku_rs.rate(puzzles[:40], threads=1)
    assert sudoku_rs.rate(puzzles[:40], threads=2) == ratings
    assert sudoku_rs.explain(puzzles[:10], threads=1) == sudoku_rs.explain(puzzles[:10], threads=2)


def test_concurrent_calls_from_python_threads(public_data):
    puzzles = public_lines(public_data, "magictour_top1465.txt", 400)
    expected = sudoku_rs.solve(puzzles)
    results = [None] * 4

    def work(i):
        results[i] = sudoku_rs.solve(puzzles, threads=1 + i % 2)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert results == [expected] * 4


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match=r"threads is 1 to 256 \(None uses every core\), got 0"):
        sudoku_rs.solve(["." * 81], threads=0)
    with pytest.raises(ValueError, match="errors must be"):
        sudoku_rs.solve("." * 81, errors="ignore")
    with pytest.raises(ValueError, match="algo must be"):
        sudoku_rs.solve("." * 81, algo="bogo")
    with pytest.raises(TypeError, match="puzzle 1: expected a str"):
        sudoku_rs.solve(["." * 81, 42])
    with pytest.raises(TypeError, match="not bytes"):
        sudoku_rs.solve(b"." * 81)
    with pytest.raises(TypeError, match="expected a puzzle"):
        sudoku_rs.solve(42)
