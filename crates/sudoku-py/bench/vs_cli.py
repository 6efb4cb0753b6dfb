#!/usr/bin/env python3
"""Whole-process time of a numpy batch solve against `sudoku solve FILE`, on the same file.

    python crates/sudoku-py/bench/vs_cli.py [FILE] [--runs N] [--cli PATH]

Run with the Python that has sudoku_rs installed (target/py-venv/bin/python after `cargo
xtask python`). Each run is a fresh process, as a user's script or command is: the Python
one starts the interpreter, imports numpy and sudoku_rs, reads FILE (81-character lines)
into a uint8 array, solves it in one batch call on every core and writes the solutions to
standard output, as the command line does; both outputs go to /dev/null after the first run,
which checks that they agree. The two alternate, so that a change of the machine's load
touches both; the medians of wall time and of CPU time (user and system, which the load of
other programs changes little) are printed. FILE defaults to the public 17-clue set.
"""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[3]

PROGRAM = """
import sys
import numpy as np
import sudoku_rs

raw = np.fromfile(sys.argv[1], dtype=np.uint8).reshape(-1, 82)[:, :81]
digits = np.zeros(256, dtype=np.uint8)
digits[ord("1"):ord("9") + 1] = np.arange(1, 10, dtype=np.uint8)
solutions = sudoku_rs.solve(digits[raw])
out = np.full((len(solutions), 82), ord("\\n"), dtype=np.uint8)
out[:, :81] = solutions + ord("0")
sys.stdout.buffer.write(out.tobytes())
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT.parent / "shared" / "benchdata-public" / "17_clue.txt"
    parser.add_argument("file", nargs="?", type=pathlib.Path, default=default)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cli", default=str(ROOT / "target" / "release" / "sudoku"))
    args = parser.parse_args()
    python = [sys.executable, "-c", PROGRAM, str(args.file)]
    cli = [args.cli, "solve", str(args.file)]
    ours = subprocess.run(python, capture_output=True, check=True).stdout
    theirs = subprocess.run(cli, capture_output=True, check=True).stdout
    if ours != theirs:
        sys.exit("the two outputs differ")
    lines = ours.count(b"\n")
    times = {"python": [], "cli": []}
    cpu = {"python": [], "cli": []}
    # /dev/null opened for writing only, as a shell's `> /dev/null` does (subprocess.DEVNULL
    # opens it for reading and writing, which the command line warns about).
    sink = open(os.devnull, "wb")
    for _ in range(args.runs):
        for name, command in (("python", python), ("cli", cli)):
            used = children_cpu()
            start = time.perf_counter()
            subprocess.run(command, stdout=sink, check=True)
            times[name].append(time.perf_counter() - start)
            cpu[name].append(children_cpu() - used)
    print(f"{lines} puzzles of {args.file.name}, {args.runs} runs each, alternating")
    for name, label in (("python", "sudoku_rs.solve(numpy array), whole process"), ("cli", "sudoku solve FILE > /dev/null")):
        runs = times[name]
        print(
            f"{label}: median {statistics.median(runs):.3f} s (min {min(runs):.3f}, max {max(runs):.3f}); "
            f"CPU (user + system) median {statistics.median(cpu[name]):.3f} s"
        )


def children_cpu():
    """User and system CPU seconds of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
