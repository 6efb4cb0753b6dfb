#!/usr/bin/env python3
"""Times OR-tools CP-SAT on killer puzzles, for comparison with sudoku-killer.

Usage:
    python3 docs/killer_cpsat.py FILE.jsonl [--limit N]
    python3 docs/killer_cpsat.py --serve

Each line of FILE is a JSON object of the workspace's killer family, with its "solution" (81
digits): "cages" (a list of {"sum", "cells": [[row, col], ...]}), or "cage_map" (81 letters,
cells with the same letter form a cage) with "cage_sums" (in order of first appearance of the
letters); "givens" (null or an 81-character grid line) is optional. Header lines such as
{"expect": "unique"} are skipped. The model: one integer variable 1..9 per cell, AllDifferent on
every row, column, box and cage, a linear sum per cage, the givens fixed; one search worker.
Like the Rust side, each puzzle's solution count is proved: after the first solution, a
constraint forbidding it is added and the model solved again (INFEASIBLE means unique). Time per
puzzle covers model building and both solves (the first solve alone is printed too). Answers
are checked against the file.

With --serve, the script is a peer of `cargo xtask bench --peer`: it reads one request per line
on standard input, {"mode": "solve" or "count", "puzzle": {...}} (a puzzle of the JSON family),
and answers each with one line, {"solution": "<81 digits>" or null, "count": n, "micros": t}:
in "count" mode the solutions counted up to 2, and t the microseconds spent building the model
and solving, measured here so that the pipe is not counted.

Not a dependency of any crate; needs `pip install ortools`.
"""

import json
import statistics
import sys
import time

from ortools.sat.python import cp_model


def cages_of(cage_map, sums):
    letters = []
    cells = {}
    for i, ch in enumerate(cage_map):
        if ch not in cells:
            letters.append(ch)
            cells[ch] = []
        cells[ch].append(i)
    return [(cells[ch], sums[k]) for k, ch in enumerate(letters)]


def units():
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [
        [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
    return rows + cols + boxes


UNITS = units()


def parse(item):
    """The cages (cells 0..80 with their sum) and givens (a string or None) of a puzzle."""
    if "cages" in item:
        cages = [([r * 9 + c for r, c in cage["cells"]], cage["sum"]) for cage in item["cages"]]
    else:
        cages = cages_of(item["cage_map"], item["cage_sums"])
    return cages, item.get("givens")


def build(cages, givens):
    model = cp_model.CpModel()
    x = [model.NewIntVar(1, 9, f"x{i}") for i in range(81)]
    for unit in UNITS:
        model.AddAllDifferent([x[i] for i in unit])
    for cells, total in cages:
        if len(cells) > 1:
            model.AddAllDifferent([x[i] for i in cells])
        model.Add(sum(x[i] for i in cells) == total)
    for i, ch in enumerate(givens or ""):
        if ch in "123456789":
            model.Add(x[i] == int(ch))
    return model, x


def solve(model):
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    status = solver.Solve(model)
    return solver, status


def forbid(model, x, answer):
    """Adds a constraint that rules out the grid `answer`."""
    bools = []
    for i, v in enumerate(x):
        b = model.NewBoolVar("")
        model.Add(v != int(answer[i])).OnlyEnforceIf(b)
        model.Add(v == int(answer[i])).OnlyEnforceIf(b.Not())
        bools.append(b)
    model.AddBoolOr(bools)


def run(cages, givens, count):
    """Solves (and with `count`, counts up to 2): the first answer or None, the count, and
    the seconds to the first answer and in all."""
    start = time.perf_counter()
    model, x = build(cages, givens)
    solver, status = solve(model)
    first_time = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if status != cp_model.INFEASIBLE:
            raise RuntimeError(f"CP-SAT status {solver.StatusName(status)}")
        return None, 0, first_time, first_time
    answer = "".join(str(solver.Value(v)) for v in x)
    found = 1
    if count:
        forbid(model, x, answer)
        second, status = solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = 2
        elif status != cp_model.INFEASIBLE:
            raise RuntimeError(f"CP-SAT status {second.StatusName(status)}")
    return answer, found, first_time, time.perf_counter() - start


def serve():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        cages, givens = parse(request["puzzle"])
        answer, found, _, total = run(cages, givens, request["mode"] == "count")
        reply = {"solution": answer, "count": found, "micros": round(total * 1e6, 1)}
        print(json.dumps(reply), flush=True)


def main():
    args = sys.argv[1:]
    if args == ["--serve"]:
        serve()
        return
    path = args[0]
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    with open(path) as f:
        lines = [l for l in f if l.strip() and '"expect"' not in l]
    if limit:
        lines = lines[:limit]
    first_times, total_times, not_unique = [], [], 0
    for n, line in enumerate(lines, 1):
        item = json.loads(line)
        cages, givens = parse(item)
        answer, found, first, total = run(cages, givens, True)
        assert answer is not None, f"puzzle {n}: no solution"
        assert answer == item["solution"], f"puzzle {n}: wrong answer"
        if found != 1:
            not_unique += 1
        first_times.append(first * 1e6)
        total_times.append(total * 1e6)
        print(f"puzzle {n}: first {first * 1e3:.1f} ms, with uniqueness {total * 1e3:.1f} ms",
              file=sys.stderr, flush=True)

    def summary(times):
        times = sorted(times)

        def pct(q):
            return times[round((len(times) - 1) * q)]

        return (
            f"median {statistics.median(times):.0f} us, p90 {pct(0.9):.0f} us, "
            f"p99 {pct(0.99):.0f} us, max {times[-1]:.0f} us, mean {statistics.mean(times):.0f} us"
        )

    print(f"{path}: {len(lines)} puzzles, answers equal the file's, {not_unique} not unique")
    print(f"CP-SAT 1 worker, first solution:      {summary(first_times)}")
    print(f"CP-SAT 1 worker, solve + uniqueness:  {summary(total_times)}")


if __name__ == "__main__":
    main()
