#!/usr/bin/env python3
"""Compares sudoku_rs with the Python packages on PyPI that solve or rate Sudoku.

    python3 crates/sudoku-py/bench/compare.py [--data DIR] [--puzzles N] [--budget SECONDS]

Makes a scratch venv at target/py-compare-venv, installs sudoku_rs from crates/sudoku-py
and the packages of PACKAGES at pinned versions, and runs itself there. Then, on the same
puzzles of the public sets (../shared/benchdata-public beside the checkout, or --data):

- solving: each package solves the first N puzzles of the 17-clue set and of top1465 one
  call per puzzle, until its time budget per set runs out; every answer is checked here
  (complete, valid, givens kept), and the table gives puzzles per second over the puzzles
  done. sudoku_rs is timed the same way (one call per puzzle, on the calling thread), with
  its default uniqueness check (it proves each solution unique; the others do not) and
  without it (unique=False), and as one batch call (every core).
- rating: sudoku_rs and the packages that give Sudoku Explainer ratings rate the puzzles of
  se_rated_public.txt (Sudoku Explainer 1.2.1's own ER/EP/ED for 254 public puzzles); the
  table counts exact agreement with Sudoku Explainer.

Prints Markdown tables. Timings depend on the machine and its load; answers do not.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The packages compared, pinned. fast-sudoku-solver 1.0.1 is left out: it fails on numpy 2
# (np.reshape's newshape argument was removed).
PACKAGES = [
    "py-sudoku==2.0.0",
    "rustoku==0.16.0",
    "lib-sudoku==2.2.0",
    "sudoku-solver-rs==0.1.0",
    "dlxsudoku==0.10.3",
    "pencilmark==1.0.0rc1",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=default_data())
    parser.add_argument("--puzzles", type=int, default=1000, help="puzzles per set to solve")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per package and set")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.data.is_dir():
        sys.exit(f"no public puzzle sets at {args.data} (pass --data DIR)")
    if not args.inside:
        python = prepare_venv()
        command = [str(python), __file__, "--inside", "--data", str(args.data)]
        command += ["--puzzles", str(args.puzzles), "--budget", str(args.budget)]
        sys.exit(subprocess.call(command))
    compare(args)


def default_data():
    env = os.environ.get("SUDOKU_PUBLIC_DATA")
    return pathlib.Path(env) if env else ROOT.parent / "shared" / "benchdata-public"


def prepare_venv():
    """The scratch venv's interpreter, with sudoku_rs and PACKAGES installed."""
    venv = ROOT / "target" / "py-compare-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
    pip = [str(python), "-m", "pip", "install", "--quiet"]
    subprocess.check_call(pip + PACKAGES)
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target"))
    subprocess.check_call(pip + ["--force-reinstall", "--no-deps", str(ROOT / "crates" / "sudoku-py")], env=env)
    return python


def lines(path, limit=None):
    out = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                out.append(line.rstrip("\n"))
                if limit is not None and len(out) >= limit:
                    break
    return out


def valid(solution, puzzle):
    """Complete, each digit once per row, column and box, and every given kept."""
    if not isinstance(solution, str) or len(solution) != 81 or not solution.isdigit():
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    digits = set("123456789")
    for i in range(9):
        row = {solution[i * 9 + c] for c in range(9)}
        col = {solution[r * 9 + i] for r in range(9)}
        box = {solution[(i // 3 * 3 + r) * 9 + i % 3 * 3 + c] for r in range(3) for c in range(3)}
        if row != digits or col != digits or box != digits:
            return False
    return True


def solvers():
    """Each package's solve, as a function of an 81-character line ('.' blanks) giving an
    81-digit line (or anything else for no answer)."""
    import dlxsudoku
    import lib_sudoku
    import pencilmark
    import rustoku
    import sudoku
    import sudoku_rs
    import sudoku_solver_rs

    def py_sudoku(p):
        board = [[int(p[r * 9 + c]) if p[r * 9 + c] != "." else 0 for c in range(9)] for r in range(9)]
        solved = sudoku.Sudoku(3, 3, board=board).solve()
        return "".join(str(v) for row in solved.board for v in row)

    def lib(p):
        return "".join(map(str, lib_sudoku.solve(bytearray(0 if ch == "." else int(ch) for ch in p))))

    def dlx(p):
        s = dlxsudoku.Sudoku(p.replace(".", "0"))
        s.solve()
        return s.to_oneliner()

    def pencil(p):
        return "".join(map(str, pencilmark.solve(p)))

    return [
        ("sudoku_rs (this project)", sudoku_rs.solve),
        ("sudoku_rs, unique=False (no uniqueness check)", lambda p: sudoku_rs.solve(p, unique=False)),
        ("rustoku 0.16.0", rustoku.solve),
        ("sudoku-solver-rs 0.1.0", sudoku_solver_rs.from_str_line),
        ("lib-sudoku 2.2.0", lib),
        ("py-sudoku 2.0.0", py_sudoku),
        ("dlxsudoku 0.10.3", dlx),
        ("pencilmark 1.0.0rc1", pencil),
    ]


def speed(rate):
    """Puzzles per second, with two significant digits below 100."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.2g}"


def time_solver(solve, puzzles, budget):
    """(puzzles done, wrong answers, seconds) within the budget; answers are checked after
    the clock stops."""
    answers = []
    start = time.perf_counter()
    for puzzle in puzzles:
        try:
            answers.append(solve(puzzle))
        except Exception:  # a package that fails on a puzzle answers it wrongly
            answers.append(None)
        if time.perf_counter() - start > budget:
            break
    seconds = time.perf_counter() - start
    wrong = sum(not valid(answer, puzzle) for answer, puzzle in zip(answers, puzzles))
    return len(answers), wrong, seconds


def compare(args):
    import sudoku_rs

    sets = [
        (f"17-clue (first {args.puzzles})", lines(args.data / "17_clue.txt", args.puzzles)),
        (f"top1465 (first {args.puzzles})", lines(args.data / "magictour_top1465.txt", args.puzzles)),
    ]
    print(f"## Solving, one call per puzzle (budget {args.budget:g} s per package and set)\n")
    print("| package | " + " | ".join(f"{name}: puzzles/s (done, wrong)" for name, _ in sets) + " |")
    print("|---|" + "---:|" * len(sets))
    rates = {}
    for name, solve in solvers():
        cells = []
        for set_name, puzzles in sets:
            solve(puzzles[0])  # warm-up: imports, JIT, caches
            done, wrong, seconds = time_solver(solve, puzzles, args.budget)
            rates[name, set_name] = done / seconds
            cells.append(f"{speed(done / seconds)} ({done}, {wrong} wrong)")
        print(f"| {name} | " + " | ".join(cells) + " |")
        sys.stdout.flush()
    cells = []
    for set_name, puzzles in sets:
        start = time.perf_counter()
        answers = sudoku_rs.solve(puzzles)
        seconds = time.perf_counter() - start
        wrong = sum(not valid(a, p) for a, p in zip(answers, puzzles))
        cells.append(f"{speed(len(puzzles) / seconds)} ({len(puzzles)}, {wrong} wrong)")
    print(f"| sudoku_rs, one batch call, {os.cpu_count()} cores | " + " | ".join(cells) + " |")
    print()
    ours = "sudoku_rs (this project)"
    for set_name, _ in sets:
        others = [rate for (name, s), rate in rates.items() if s == set_name and not name.startswith("sudoku_rs")]
        slowest, fastest = min(others), max(others)
        mine = rates[ours, set_name]
        print(f"{set_name}: sudoku_rs, one call per puzzle, solves {mine / fastest:,.1f}x to {mine / slowest:,.0f}x "
              "as many puzzles per second as the packages.")
    print()
    rating(args)


def rating(args):
    import pencilmark
    import sudoku_rs

    rows = [line.split() for line in lines(args.data / "se_rated_public.txt")]
    expected = [(row[0], tuple(float(x) for x in row[1:4])) for row in rows]
    puzzles = [p for p, _ in expected]
    print(f"## Ratings against Sudoku Explainer 1.2.1 ({len(expected)} puzzles of se_rated_public.txt)\n")
    print("| rater | rated | ER equal | ER, EP and ED equal | ER within 0.3 | seconds per puzzle |")
    print("|---|---:|---:|---:|---:|---:|")

    def report(name, got, seconds):
        pairs = [(g, e) for g, (_, e) in zip(got, expected) if g is not None]
        er = sum(g[0] == e[0] for g, e in pairs)
        all3 = sum(g == e for g, e in pairs)
        near = sum(abs(g[0] - e[0]) <= 0.3 + 1e-9 for g, e in pairs)
        print(f"| {name} | {len(pairs)} | {er} | {all3} | {near} | {seconds / max(len(pairs), 1):.3f} |")
        sys.stdout.flush()

    start = time.perf_counter()
    ours = [(r.er, r.ep, r.ed) for r in sudoku_rs.rate(puzzles, threads=1)]
    report("sudoku_rs (this project), one thread", ours, time.perf_counter() - start)
    for scale, field in [(True, "se"), ("diuf", "se_diuf")]:
        got, start = [], time.perf_counter()
        budget = args.budget * 10
        for puzzle in puzzles:
            if time.perf_counter() - start > budget:
                got.append(None)
                continue
            try:
                se = pencilmark.rate(puzzle, se=scale)[field]
                got.append((se["er"], se["ep"], se["ed"]))
            except Exception:
                got.append(None)
        report(f"pencilmark 1.0.0rc1, se={scale!r}", got, time.perf_counter() - start)
    print("\nThe other packages compared give no Sudoku Explainer rating.")


if __name__ == "__main__":
    main()
