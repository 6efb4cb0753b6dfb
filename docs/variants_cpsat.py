#!/usr/bin/env python3
"""OR-tools CP-SAT on variant puzzles, for comparison with sudoku-constraints.

Usage:
    python3 docs/variants_cpsat.py FILE.jsonl [--limit N]
    python3 docs/variants_cpsat.py --serve

Each line of FILE is one puzzle as f-puzzles JSON (what `ConstraintPuzzle::to_fpuzzles`
writes; a line {"expect": ...} is skipped). The model: one integer variable 1..n per cell,
AllDifferent on rows, columns, regions and every other group of different digits, and for each
constraint of the f-puzzles standard set a model of its rule as docs/variants.md states it
(thermometers as chains of <, arrows and little killers as linear sums, sandwiches with the
positions of 1 and n as variables, X-sums with one sum per value of the first cell, ...). One
search worker. Counting proves the count up to 2 as the Rust side does: after the first
solution a constraint forbidding it is added and the model solved again. Time per puzzle
covers model building and both solves.

With --serve, the script is a peer of `cargo xtask bench --peer`: one request per line,
{"mode": "solve" or "count", "puzzle": {...}}, answered with one line {"solution": "<digits>"
or null, "count": n, "micros": t} (digits as symbols 1-9 then A-G).

Not a dependency of any crate; needs `pip install ortools`.
"""

import json
import math
import sys
import time

from ortools.sat.python import cp_model

SYMBOLS = "123456789ABCDEFG"


def cell(name, n):
    """`R3C4` as (row, col), 0-based (clues outside the board give -1 or n)."""
    upper = name.upper()
    r, c = upper[1:].split("C")
    return int(r) - 1, int(c) - 1


def default_box(n):
    rows = int(math.isqrt(n))
    while rows > 1 and n % rows:
        rows -= 1
    rows = max(rows, 1)
    return rows, n // rows


def number(entry, key, default=None):
    value = entry.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return default
    return int(value)


def build(p):
    n = p["size"]
    model = cp_model.CpModel()
    x = [model.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    at = lambda name: (lambda rc: rc[0] * n + rc[1])(cell(name, n))
    groups = []
    br, bc = default_box(n)
    region = {}
    for r, row in enumerate(p["grid"]):
        for c, entry in enumerate(row):
            i = r * n + c
            region[i] = entry.get("region", (r // br) * (n // bc) + c // bc)
            if entry.get("given") and entry.get("value"):
                model.Add(x[i] == entry["value"])
    for k in range(n):
        groups.append([k * n + c for c in range(n)])
        groups.append([r * n + k for r in range(n)])
    for reg in set(region.values()):
        groups.append([i for i in range(n * n) if region[i] == reg])
    if p.get("diagonal+"):
        groups.append([(n - 1 - k) * n + k for k in range(n)])
    if p.get("diagonal-"):
        groups.append([k * n + k for k in range(n)])
    if p.get("disjointgroups"):
        for place in range(n):
            pr, pc = divmod(place, bc)
            groups.append([((b // (n // bc)) * br + pr) * n + (b % (n // bc)) * bc + pc for b in range(n)])
    for e in p.get("extraregion", []):
        groups.append([at(c) for c in e["cells"]])
    for e in p.get("killercage", []):
        cells = [at(c) for c in e["cells"]]
        groups.append(cells)
        if number(e, "value") is not None:
            model.Add(sum(x[i] for i in cells) == number(e, "value"))
    for e in p.get("renban", []):
        for line in e["lines"]:
            cells = [at(c) for c in line]
            groups.append(cells)
            hi = model.NewIntVar(1, n, "")
            lo = model.NewIntVar(1, n, "")
            model.AddMaxEquality(hi, [x[i] for i in cells])
            model.AddMinEquality(lo, [x[i] for i in cells])
            model.Add(hi - lo == len(cells) - 1)
    for g in groups:
        if len(g) > 1:
            model.AddAllDifferent([x[i] for i in g])
    moves = []
    if p.get("antiknight"):
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if p.get("antiking"):
        moves += [(1, 1), (1, -1)]
    for i in range(n * n):
        for dr, dc in moves:
            r, c = i // n + dr, i % n + dc
            if 0 <= r < n and 0 <= c < n:
                model.Add(x[i] != x[r * n + c])
    for e in p.get("odd", []):
        model.AddAllowedAssignments([x[at(e["cell"])]], [[d] for d in range(1, n + 1, 2)])
    for e in p.get("even", []):
        model.AddAllowedAssignments([x[at(e["cell"])]], [[d] for d in range(2, n + 1, 2)])

    def neighbours(i):
        r, c = divmod(i, n)
        return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]

    for key, sign in (("minimum", 1), ("maximum", -1)):
        # Compared only with neighbours that are not minimum (maximum) cells themselves.
        same = {at(e["cell"]) for e in p.get(key, [])}
        for i in same:
            for j in neighbours(i):
                if j not in same:
                    model.Add(sign * (x[j] - x[i]) >= 1)
    for e in p.get("littlekillersum", []):
        if number(e, "value") is None:
            continue
        (r, c), d = cell(e["cell"], n), e["direction"]
        dr, dc = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}[d]
        cells = []
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        model.Add(sum(x[i] for i in cells) == number(e, "value"))

    def line_of(name):
        r, c = cell(name, n)
        if r == -1:
            return [k * n + c for k in range(n)]
        if r == n:
            return [k * n + c for k in reversed(range(n))]
        if c == -1:
            return [r * n + k for k in range(n)]
        return [r * n + k for k in reversed(range(n))]

    for e in p.get("sandwichsum", []):
        if number(e, "value") is None:
            continue
        line = line_of(e["cell"])
        p1 = model.NewIntVar(0, n - 1, "")
        pn = model.NewIntVar(0, n - 1, "")
        model.AddElement(p1, [x[i] for i in line], 1)
        model.AddElement(pn, [x[i] for i in line], n)
        lo = model.NewIntVar(0, n - 1, "")
        hi = model.NewIntVar(0, n - 1, "")
        model.AddMinEquality(lo, [p1, pn])
        model.AddMaxEquality(hi, [p1, pn])
        terms = []
        for k, i in enumerate(line):
            after = model.NewBoolVar("")
            before = model.NewBoolVar("")
            model.Add(lo < k).OnlyEnforceIf(after)
            model.Add(lo >= k).OnlyEnforceIf(after.Not())
            model.Add(hi > k).OnlyEnforceIf(before)
            model.Add(hi <= k).OnlyEnforceIf(before.Not())
            inside = model.NewBoolVar("")
            model.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
            model.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
            y = model.NewIntVar(0, n, "")
            model.Add(y == x[i]).OnlyEnforceIf(inside)
            model.Add(y == 0).OnlyEnforceIf(inside.Not())
            terms.append(y)
        model.Add(sum(terms) == number(e, "value"))
    for e in p.get("xsum", []):
        if number(e, "value") is None:
            continue
        line = line_of(e["cell"])
        for k in range(1, n + 1):
            is_k = model.NewBoolVar("")
            model.Add(x[line[0]] == k).OnlyEnforceIf(is_k)
            model.Add(x[line[0]] != k).OnlyEnforceIf(is_k.Not())
            model.Add(sum(x[i] for i in line[:k]) == number(e, "value")).OnlyEnforceIf(is_k)
    for key, strict in (("thermometer", True), ("slowthermometer", False)):
        for e in p.get(key, []):
            for line in e["lines"]:
                cells = [at(c) for c in line]
                for a, b in zip(cells, cells[1:]):
                    model.Add(x[b] > x[a] if strict else x[b] >= x[a])
    for e in p.get("arrow", []):
        bulb = sorted(at(c) for c in e["cells"])
        value = sum(10 ** (len(bulb) - 1 - k) * x[i] for k, i in enumerate(bulb))
        for line in e["lines"]:
            shaft = [at(c) for c in line if at(c) not in bulb]
            model.Add(sum(x[i] for i in shaft) == value)
    marked = {"difference": {}, "ratio": {}, "xv": {}}
    for key in marked:
        for e in p.get(key, []):
            a, b = sorted(at(c) for c in e["cells"])
            if key == "difference":
                v = number(e, "value", 1)
                diff = model.NewIntVar(0, n, "")
                model.AddAbsEquality(diff, x[a] - x[b])
                model.Add(diff == v)
            elif key == "ratio":
                v = number(e, "value", 2)
                first = model.NewBoolVar("")
                model.Add(x[a] == v * x[b]).OnlyEnforceIf(first)
                model.Add(x[b] == v * x[a]).OnlyEnforceIf(first.Not())
            else:
                v = 10 if e["value"] in ("X", "x") else 5
                model.Add(x[a] + x[b] == v)
            marked[key].setdefault((a, b), []).append(v)
    pairs = [(i, i + 1) for i in range(n * n) if i % n + 1 < n] + [(i, i + n) for i in range(n * n - n)]
    negative = p.get("negative", [])
    diffs = sorted({v for vs in marked["difference"].values() for v in vs}) or [1]
    ratios = sorted({v for vs in marked["ratio"].values() for v in vs}) or [2]
    for a, b in pairs:
        if p.get("nonconsecutive") and 1 not in marked["difference"].get((a, b), []):
            model.Add(x[a] - x[b] != 1)
            model.Add(x[b] - x[a] != 1)
        dotted = (a, b) in marked["difference"] or (a, b) in marked["ratio"]
        if "difference" in negative and not dotted:
            for v in diffs:
                model.Add(x[a] - x[b] != v)
                model.Add(x[b] - x[a] != v)
        if "ratio" in negative and not dotted:
            for v in ratios:
                model.Add(x[a] != v * x[b])
                model.Add(x[b] != v * x[a])
        if "xv" in negative and (a, b) not in marked["xv"]:
            model.Add(x[a] + x[b] != 5)
            model.Add(x[a] + x[b] != 10)
    for e in p.get("palindrome", []):
        for line in e["lines"]:
            cells = [at(c) for c in line]
            for a, b in zip(cells, reversed(cells)):
                model.Add(x[a] == x[b])
    for e in p.get("whispers", []):
        gap = number(e, "value", (n + 1) // 2)
        for line in e["lines"]:
            cells = [at(c) for c in line]
            for a, b in zip(cells, cells[1:]):
                diff = model.NewIntVar(0, n, "")
                model.AddAbsEquality(diff, x[a] - x[b])
                model.Add(diff >= gap)
    for e in p.get("betweenline", []):
        for line in e["lines"]:
            cells = [at(c) for c in line]
            lo = model.NewIntVar(1, n, "")
            hi = model.NewIntVar(1, n, "")
            model.AddMinEquality(lo, [x[cells[0]], x[cells[-1]]])
            model.AddMaxEquality(hi, [x[cells[0]], x[cells[-1]]])
            for i in cells[1:-1]:
                model.Add(x[i] > lo)
                model.Add(x[i] < hi)
    for e in p.get("regionsumline", []):
        for line in e["lines"]:
            # One part per run of cells in one region: a line entering a region twice has two.
            parts = []
            for name in line:
                i = at(name)
                if parts and region[parts[-1][-1]] == region[i]:
                    parts[-1].append(i)
                else:
                    parts.append([i])
            for other in parts[1:]:
                model.Add(sum(x[i] for i in parts[0]) == sum(x[i] for i in other))
    for e in p.get("quadruple", []):
        cells = [at(c) for c in e["cells"]]
        for d in set(e["values"]):
            hits = []
            for i in cells:
                b = model.NewBoolVar("")
                model.Add(x[i] == d).OnlyEnforceIf(b)
                model.Add(x[i] != d).OnlyEnforceIf(b.Not())
                hits.append(b)
            model.Add(sum(hits) >= e["values"].count(d))
    for e in p.get("clone", []):
        for a, b in zip(e["cells"], e["cloneCells"]):
            model.Add(x[at(a)] == x[at(b)])
    return model, x


def solve(model):
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    return solver, solver.Solve(model)


def run(puzzle, count):
    start = time.perf_counter()
    model, x = build(puzzle)
    solver, status = solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if status != cp_model.INFEASIBLE:
            raise RuntimeError(f"CP-SAT status {solver.StatusName(status)}")
        return None, 0, time.perf_counter() - start
    values = [solver.Value(v) for v in x]
    answer = "".join(SYMBOLS[v - 1] for v in values)
    found = 1
    if count:
        bools = []
        for v, value in zip(x, values):
            b = model.NewBoolVar("")
            model.Add(v != value).OnlyEnforceIf(b)
            model.Add(v == value).OnlyEnforceIf(b.Not())
            bools.append(b)
        model.AddBoolOr(bools)
        second, status = solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = 2
        elif status != cp_model.INFEASIBLE:
            raise RuntimeError(f"CP-SAT status {second.StatusName(status)}")
    return answer, found, time.perf_counter() - start


def serve():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        answer, found, total = run(request["puzzle"], request["mode"] == "count")
        print(json.dumps({"solution": answer, "count": found, "micros": round(total * 1e6, 1)}), flush=True)


def main():
    args = sys.argv[1:]
    if args == ["--serve"]:
        serve()
        return
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    with open(args[0]) as f:
        lines = [l for l in f if l.strip() and '"expect"' not in l]
    times = []
    for line in lines[:limit]:
        _, found, total = run(json.loads(line), True)
        times.append(total)
        print(found)
    times.sort()
    print(f"median {times[len(times) // 2] * 1e6:.0f} us over {len(times)} puzzles", file=sys.stderr)


if __name__ == "__main__":
    main()
