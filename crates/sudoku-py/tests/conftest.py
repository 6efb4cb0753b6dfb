"""Shared fixtures: the public puzzle sets and the `sudoku` binary, each skipped with a reason
when absent, and an independent checker of solutions."""

import os
import pathlib

import pytest

# tests/ -> sudoku-py/ -> crates/ -> the checkout
ROOT = pathlib.Path(__file__).resolve().parents[3]

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

# Wikipedia's puzzle and its solution, stated by the page, not by this project.
WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKIPEDIA_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@pytest.fixture(scope="session")
def public_data():
    """The folder of public puzzle sets: $SUDOKU_PUBLIC_DATA, or ../shared/benchdata-public
    beside the checkout."""
    env = os.environ.get("SUDOKU_PUBLIC_DATA")
    path = pathlib.Path(env) if env else ROOT.parent / "shared" / "benchdata-public"
    if not path.is_dir():
        pytest.skip(
            f"public puzzle sets not found at {path} "
            "(put them beside the checkout, or set SUDOKU_PUBLIC_DATA)"
        )
    return path


def public_lines(folder, name, limit=None):
    """The puzzle lines of a public set, without comment lines."""
    lines = []
    with open(folder / name, encoding="utf-8") as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                lines.append(line.rstrip("\n"))
                if limit is not None and len(lines) == limit:
                    break
    return lines


@pytest.fixture(scope="session")
def cli():
    """The `sudoku` command line: $SUDOKU_CLI, or a build in the checkout's target/."""
    env = os.environ.get("SUDOKU_CLI")
    candidates = [pathlib.Path(env)] if env else [
        ROOT / "target" / "release" / "sudoku",
        ROOT / "target" / "debug" / "sudoku",
    ]
    for path in candidates:
        if path.is_file():
            return str(path)
    pytest.skip(
        "the sudoku binary was not found (cargo build --release -p sudoku-cli, or set SUDOKU_CLI)"
    )


def box_shape(n):
    """Box rows and columns of a side: as square as the side allows (6 is 2x3)."""
    rows = max(r for r in range(1, n + 1) if n % r == 0 and r * r <= n)
    return rows, n // rows


def units(n, regions=None, diagonals=False, windoku=False):
    """Every unit of a board as lists of cells, built here from the rules' definitions."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None:
        br, bc = box_shape(n)
        boxes = [
            [(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
            for r0 in range(0, n, br)
            for c0 in range(0, n, bc)
        ]
    else:
        boxes = [[cell for cell, letter in enumerate(regions) if letter == name] for name in sorted(set(regions))]
    extra = []
    if diagonals:
        extra.append([i * n + i for i in range(n)])
        extra.append([i * n + n - 1 - i for i in range(n)])
    if windoku:
        for r0 in (1, 5):
            for c0 in (1, 5):
                extra.append([(r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)])
    return rows + cols + boxes + extra


def cells_of(line):
    """The values of a line of symbols (0 for '.', '0' or '_')."""
    return [0 if ch in "._0" else SYMBOLS.index(ch.upper()) + 1 for ch in line]


def is_solution(solution, puzzle, regions=None, diagonals=False, windoku=False):
    """Whether `solution` (a line) is complete, keeps every given of `puzzle` (a line) and
    holds each digit once in every unit."""
    values, givens = cells_of(solution), cells_of(puzzle)
    n = int(round(len(values) ** 0.5))
    if len(values) != n * n or len(givens) != n * n:
        return False
    if any(g and g != v for g, v in zip(givens, values)):
        return False
    full = set(range(1, n + 1))
    return all({values[c] for c in unit} == full for unit in units(n, regions, diagonals, windoku))
