"""Puzzles with constraints (f-puzzles and SudokuPad links, f-puzzles and ipuz JSON) and the
setter's tools: check, true_candidates, solutions, to_link."""

import json
import warnings

import pytest

import sudoku_rs
from conftest import ROOT, WIKIPEDIA, WIKIPEDIA_SOLUTION, is_solution

# Published puzzles with their known unique solutions, f-puzzles JSON one a line.
PUBLISHED = [
    line
    for line in (ROOT / "crates" / "sudoku-constraints" / "tests" / "published.jsonl")
    .read_text(encoding="utf-8")
    .splitlines()
    if line.strip()
]

# A puzzle with exactly two solutions (a deadly rectangle).
TWO = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"


def stated_solution(fpuzzles):
    """The solution the published puzzle states, as a line."""
    symbols = "123456789ABCDEFG"
    return "".join(symbols[d - 1] for d in json.loads(fpuzzles)["solution"])


def test_links_and_json_are_solved_counted_and_checked():
    links = sudoku_rs.to_link(PUBLISHED)
    fpuzzles_links = sudoku_rs.to_link(PUBLISHED, "fpuzzles-link")
    assert all(link.startswith("https://sudokupad.app/fpuzzles") for link in links)
    assert all(link.startswith("https://f-puzzles.com/?load=") for link in fpuzzles_links)
    expected = [stated_solution(p) for p in PUBLISHED]
    assert sudoku_rs.solve(PUBLISHED) == expected
    assert sudoku_rs.solve(links) == expected
    assert sudoku_rs.solve(fpuzzles_links, threads=1) == expected
    assert sudoku_rs.count(links, limit=5).tolist() == [1] * len(PUBLISHED)
    assert sudoku_rs.check(links) == ["ok"] * len(PUBLISHED)
    # A dict of f-puzzles JSON is the same puzzle.
    assert sudoku_rs.solve(json.loads(PUBLISHED[0])) == expected[0]


def test_check_compares_the_solution_a_puzzle_is_written_with():
    # A second field of cells after the puzzle, as Kaggle's CSV rows give it.
    wrong = WIKIPEDIA_SOLUTION[1] + WIKIPEDIA_SOLUTION[0] + WIKIPEDIA_SOLUTION[2:]
    checked = sudoku_rs.check(
        [f"{WIKIPEDIA},{WIKIPEDIA_SOLUTION}", f"{WIKIPEDIA}\t{wrong}", WIKIPEDIA]
    )
    assert checked[0] == "ok" and checked[2] == "ok"
    assert checked[1].startswith("one solution, but not the one the input gives: it has")
    # An f-puzzles puzzle carries its solution inside.
    puzzle = json.loads(PUBLISHED[0])
    assert sudoku_rs.check(json.dumps(puzzle)) == "ok"
    solution = puzzle["solution"]
    solution[0], solution[1] = solution[1], solution[0]
    assert sudoku_rs.check(json.dumps(puzzle)).startswith(
        "one solution, but not the one the puzzle gives"
    )


def test_solve_warns_when_the_stated_solution_differs():
    wrong = WIKIPEDIA_SOLUTION[1] + WIKIPEDIA_SOLUTION[0] + WIKIPEDIA_SOLUTION[2:]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sudoku_rs.solve(f"{WIKIPEDIA},{WIKIPEDIA_SOLUTION}") == WIKIPEDIA_SOLUTION
    with pytest.warns(UserWarning, match=r"differs .* for 1 puzzle\(s\), the first at index 1"):
        solved = sudoku_rs.solve([WIKIPEDIA, f"{WIKIPEDIA}\t{wrong}"], unique=False)
    # The solution found is returned, not the one stated.
    assert solved == [WIKIPEDIA_SOLUTION, WIKIPEDIA_SOLUTION]
    # An f-puzzles puzzle's own solution is compared too.
    puzzle = json.loads(PUBLISHED[0])
    solution = puzzle["solution"]
    solution[0], solution[1] = solution[1], solution[0]
    with pytest.warns(UserWarning, match="index 0"):
        sudoku_rs.solve(json.dumps(puzzle))


def test_an_unknown_constraint_is_refused_by_name():
    bad = PUBLISHED[0].replace("{", '{"skyscraper":[{"cell":"R0C1","value":"3"}],', 1)
    with pytest.raises(sudoku_rs.ParseError, match="skyscraper"):
        sudoku_rs.solve(bad)
    with pytest.raises(sudoku_rs.ParseError, match="puzzle 1: .*skyscraper"):
        sudoku_rs.count([PUBLISHED[0], bad])
    assert sudoku_rs.solve([bad, PUBLISHED[0]], errors="none")[0] is None
    assert "skyscraper" in sudoku_rs.check(bad)
    with pytest.raises(sudoku_rs.ParseError, match="SudokuPad's own format"):
        sudoku_rs.solve("https://sudokupad.app/scl-abcdef")


def test_solutions_and_true_candidates_of_a_puzzle_with_two_solutions():
    found = sudoku_rs.solutions(TWO, 10)
    assert len(found) == 2 and found[0] != found[1]
    assert all(is_solution(s, TWO) for s in found)
    assert sudoku_rs.solutions(TWO, 1) == found[:1]
    candidates = sudoku_rs.true_candidates(TWO)
    assert len(candidates) == 81
    for cell, digits in enumerate(candidates):
        assert digits == sorted({int(s[cell]) for s in found})
    message = sudoku_rs.check(TWO)
    assert message.startswith("several solutions")
    assert sudoku_rs.check([WIKIPEDIA, "." * 81]) == ["ok", "several solutions"]
    assert sudoku_rs.solutions(WIKIPEDIA) == [WIKIPEDIA_SOLUTION]
    assert [d for [d] in sudoku_rs.true_candidates(WIKIPEDIA)] == [int(c) for c in WIKIPEDIA_SOLUTION]


def test_a_variant_with_several_solutions_names_where_they_differ():
    # A published puzzle without its givens has many solutions.
    puzzle = json.loads(PUBLISHED[0])
    assert "antiknight" in puzzle
    for row in puzzle["grid"]:
        for cell in row:
            cell.pop("value", None)
            cell.pop("given", None)
    del puzzle["solution"]
    text = json.dumps(puzzle)
    message = sudoku_rs.check(text)
    assert message.startswith("several solutions: two differ at r"), message
    found = sudoku_rs.solutions(text, 3)
    assert len(set(found)) == 3
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        partial = sudoku_rs.true_candidates(text, limit=1)
    assert any("limit of 1" in str(w.message) for w in caught)
    assert all(len(digits) >= 1 for digits in partial)


def test_limits_budgets_and_forms_are_checked():
    with pytest.raises(ValueError, match="n must be at least 1"):
        sudoku_rs.solutions(WIKIPEDIA, 0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sudoku_rs.true_candidates(WIKIPEDIA, limit=0)
    with pytest.raises(ValueError, match="form must be"):
        sudoku_rs.to_link(WIKIPEDIA, "png")
    with pytest.raises(sudoku_rs.GaveUpError, match="max_nodes"):
        sudoku_rs.solutions("." * 81, 100000, max_nodes=20)
    with pytest.raises(sudoku_rs.GaveUpError):
        sudoku_rs.true_candidates("." * 81, max_nodes=20)
    assert sudoku_rs.check("." * 81, max_nodes=1).startswith("gave up")
    # ipuz holds givens and regions only.
    thermo = next(p for p in PUBLISHED if "thermometer" in p)
    with pytest.raises(sudoku_rs.ParseError, match="thermometer"):
        sudoku_rs.to_link(thermo, "ipuz")


def test_every_form_reads_back():
    for puzzle in [WIKIPEDIA, ".4..3.2......21.", {"givens": ".4..3.2......21.", "diagonals": True}]:
        for form in ["link", "fpuzzles-link", "fpuzzles", "ipuz"]:
            if form == "ipuz" and isinstance(puzzle, dict):
                # ipuz holds givens and regions only, not diagonals.
                with pytest.raises(sudoku_rs.ParseError, match="diagonal"):
                    sudoku_rs.to_link(puzzle, form)
                continue
            written = sudoku_rs.to_link(puzzle, form)
            assert sudoku_rs.solve(written) == sudoku_rs.solve(puzzle), form
