"""Ctrl-C stops a long call within a fraction of a second, whether it runs one puzzle on the
calling thread, one on the worker pool, or a batch; the interpreter then goes on."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

CHILD = textwrap.dedent(
    """
    import sudoku_rs
    HARD = "137.........8..9........5...712894....5..4..9.................6..6.47....98..517."
    print("ready", flush=True)
    try:
        {call}
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        # The package still answers after an interrupted call.
        print(sudoku_rs.count("." * 81, limit=5), flush=True)
    else:
        print("finished", flush=True)
    """
)

LONG_CALLS = {
    # One cheap puzzle: starts on the calling thread, moves to the pool after its slice.
    "count one": 'sudoku_rs.count("." * 81, limit=10**15)',
    "count a batch": 'sudoku_rs.count(["." * 81] * 8, limit=10**15, threads=2)',
    "count under a time limit": 'sudoku_rs.count("." * 81, limit=10**15, time_limit=600)',
    # Dear work of one puzzle: always on the pool.
    "generate a 25x25": "sudoku_rs.generate(1, seed=3, size=25, clues=100, max_attempts=10**6)",
    "count a 16x16": 'sudoku_rs.count("." * 256, limit=10**15)',
    # A puzzle of ER 8.3, from benchdata/hard.txt.
    "rate a batch": "sudoku_rs.rate([HARD] * 10**5)",
}


@pytest.mark.parametrize("call", LONG_CALLS.values(), ids=LONG_CALLS.keys())
def test_ctrl_c_interrupts_a_long_call_within_two_seconds(call):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline() == "ready\n"
        time.sleep(0.5)  # well into the search, past the calling thread's slice
        assert child.poll() is None, "the call ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline()
        took = time.monotonic() - sent
        assert line == "interrupted\n", child.stderr.read()
        assert took < 2.0, f"KeyboardInterrupt came {took:.2f} s after SIGINT"
        assert child.stdout.readline() == "5\n"
        assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
