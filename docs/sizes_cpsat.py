#!/usr/bin/env python3
"""Times OR-tools CP-SAT on puzzles of other sizes and variants, for comparison with the
workspace's solvers (docs/sizes.md).

Usage: python3 docs/sizes_cpsat.py FILE [--limit N]

FILE holds one puzzle per line, in the forms `sudoku_core::PuzzleReader::any_size()` reads on
one line: n x n symbols (1-9, then A-P for 10 to 25; '.' or '0' blank), optionally followed by
its solution; or a JSON object {"size", "givens", "regions", "diagonals", "windoku",
"solution"} (every field but "givens" optional). Lines starting with '#' are skipped.

The model: one integer variable 1..n per cell, the givens fixed, AllDifferent on every row,
column, box (or jigsaw region), and on the two long diagonals and the four windoku windows
when the variant has them; one search worker. As on the Rust side, the run finds a solution
and proves it unique: after the first solution a constraint forbids it and the model is solved
again (INFEASIBLE means unique). A file's solution, when given, must equal the one found.
A file whose header says `# expect: nosol` must get INFEASIBLE at once: that proof is the
run.

Not a dependency of any crate; needs `pip install ortools`.
"""

import json
import math
import statistics
import sys
import time

from ortools.sat.python import cp_model

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def digit(ch, n):
    if ch in "._" or (ch == "0" and n <= 9):
        return 0
    d = SYMBOLS.index(ch.upper()) + 1
    assert d <= n, f"{ch!r} is not a digit of a board of side {n}"
    return d


def box_shape(n):
    rows = max(r for r in range(2, n + 1) if n % r == 0 and r * r <= n)
    return rows, n // rows


def parse(line):
    """(n, givens, regions or None, diagonals, windoku, solution or None)"""
    line = line.strip()
    if line.startswith("{"):
        item = json.loads(line)
        givens = item["givens"]
        n = math.isqrt(len(givens))
        return (
            n,
            [digit(c, n) for c in givens],
            item.get("regions"),
            bool(item.get("diagonals")),
            bool(item.get("windoku")),
            item.get("solution"),
        )
    fields = line.split()
    n = math.isqrt(len(fields[0]))
    solution = fields[1] if len(fields) > 1 and len(fields[1]) == n * n else None
    return n, [digit(c, n) for c in fields[0]], None, False, False, solution


def units(n, regions, diagonals, windoku):
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        labels = {}
        for i, ch in enumerate(regions):
            labels.setdefault(ch, []).append(i)
        areas = list(labels.values())
    else:
        br, bc = box_shape(n)
        areas = [
            [(top + r) * n + left + c for r in range(br) for c in range(bc)]
            for top in range(0, n, br)
            for left in range(0, n, bc)
        ]
    extra = []
    if diagonals:
        extra.append([k * n + k for k in range(n)])
        extra.append([k * n + n - 1 - k for k in range(n)])
    if windoku:
        for r0, c0 in ((1, 1), (1, 5), (5, 1), (5, 5)):
            extra.append([(r0 + k // 3) * 9 + c0 + k % 3 for k in range(9)])
    return rows + cols + areas + extra


def solve(model):
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    return solver, solver.Solve(model)


def main():
    args = sys.argv[1:]
    path = args[0]
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    with open(path) as f:
        text = f.readlines()
    nosol = any(l.strip() == "# expect: nosol" for l in text)
    lines = [l for l in text if l.strip() and not l.startswith("#")]
    if limit:
        lines = lines[:limit]
    first_times, total_times, not_unique = [], [], 0
    started = time.perf_counter()
    for number, line in enumerate(lines, 1):
        n, givens, regions, diagonals, windoku, expected = parse(line)
        start = time.perf_counter()
        model = cp_model.CpModel()
        x = [model.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
        for i, d in enumerate(givens):
            if d:
                model.Add(x[i] == d)
        for unit in units(n, regions, diagonals, windoku):
            model.AddAllDifferent([x[i] for i in unit])
        solver, status = solve(model)
        first = time.perf_counter() - start
        if nosol:
            assert status == cp_model.INFEASIBLE, f"puzzle {number}: a solution"
            first_times.append(first * 1e3)
            total_times.append(first * 1e3)
            print(f"puzzle {number}: {n}x{n}, no solution in {first * 1e3:.1f} ms",
                  file=sys.stderr, flush=True)
            continue
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), f"puzzle {number}: no solution"
        answer = [solver.Value(v) for v in x]
        if expected:
            assert answer == [digit(c, n) for c in expected], f"puzzle {number}: another answer"
        bools = []
        for i, v in enumerate(x):
            b = model.NewBoolVar("")
            model.Add(v != answer[i]).OnlyEnforceIf(b)
            model.Add(v == answer[i]).OnlyEnforceIf(b.Not())
            bools.append(b)
        model.AddBoolOr(bools)
        _, status2 = solve(model)
        total = time.perf_counter() - start
        if status2 != cp_model.INFEASIBLE:
            not_unique += 1
        first_times.append(first * 1e3)
        total_times.append(total * 1e3)
        print(f"puzzle {number}: {n}x{n}, first {first * 1e3:.1f} ms, with uniqueness "
              f"{total * 1e3:.1f} ms", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started

    def summary(times):
        times = sorted(times)
        return (f"median {statistics.median(times):.2f} ms, max {times[-1]:.2f} ms, "
                f"total {sum(times) / 1e3:.2f} s")

    print(f"{path}: {len(lines)} puzzles, {not_unique} not unique, wall {wall:.2f} s")
    print(f"CP-SAT 1 worker, first solution:     {summary(first_times)}")
    print(f"CP-SAT 1 worker, solve + uniqueness: {summary(total_times)}")


if __name__ == "__main__":
    main()
