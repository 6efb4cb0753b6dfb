"""solve, solve_detail and count on every input kind, checked independently."""

import json
import re

import numpy as np
import pytest

import sudoku_rs
from conftest import WIKIPEDIA, WIKIPEDIA_SOLUTION, is_solution, public_lines

ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
EMPTY = "." * 81
CLASH = "55" + "." * 79
# Givens that do not clash, yet leave r1c9 no digit: no solution.
DEAD = ".12345678" + "9" + "." * 71


def test_one_string_gives_its_solution():
    assert sudoku_rs.solve(WIKIPEDIA) == WIKIPEDIA_SOLUTION


@pytest.mark.parametrize("algo", ["mrv", "dlx", "abc"])
def test_every_algorithm_solves(algo):
    solution = sudoku_rs.solve(ESCARGOT, algo=algo)
    assert is_solution(solution, ESCARGOT)


def test_every_form_the_reader_takes_is_one_puzzle():
    drawing = "\n".join(
        " ".join(WIKIPEDIA[r * 9 + c] for c in range(9)) for r in range(9)
    )
    forms = [
        WIKIPEDIA,
        WIKIPEDIA.replace(".", "0"),
        WIKIPEDIA + " # a comment",
        WIKIPEDIA + " 1.2 1.2 1.2",
        WIKIPEDIA + ";" + WIKIPEDIA_SOLUTION,
        drawing,
        "# a comment line\n" + WIKIPEDIA + "\n",
        "quizzes,solutions\n" + WIKIPEDIA.replace(".", "0") + "," + WIKIPEDIA_SOLUTION,
    ]
    assert sudoku_rs.solve(forms) == [WIKIPEDIA_SOLUTION] * len(forms)


def test_a_pencil_mark_position_is_solved_and_its_marks_checked():
    position = sudoku_rs.hint(WIKIPEDIA).candidates
    assert len(position) == 729
    assert sudoku_rs.solve(position) == WIKIPEDIA_SOLUTION
    # Remove the solution's digit from a cell that keeps another candidate.
    cell = next(c for c in range(81) if position[c * 9:c * 9 + 9].count(".") < 8)
    at = cell * 9 + int(WIKIPEDIA_SOLUTION[cell]) - 1
    wrong = position[:at] + "." + position[at + 1:]
    with pytest.raises(sudoku_rs.NoSolutionError, match="^the pencil marks exclude the solution: r"):
        sudoku_rs.solve(wrong)


def test_a_list_gives_a_list_in_order(public_data):
    puzzles = public_lines(public_data, "magictour_top1465.txt", 300)
    solutions = sudoku_rs.solve(puzzles)
    assert isinstance(solutions, list) and len(solutions) == len(puzzles)
    assert all(is_solution(s, p) for s, p in zip(solutions, puzzles))
    # A tuple and a generator are read like a list.
    assert sudoku_rs.solve(tuple(puzzles[:5])) == solutions[:5]
    assert sudoku_rs.solve(p for p in puzzles[:5]) == solutions[:5]
    assert sudoku_rs.solve([]) == []


def test_known_solutions_of_a_public_set(public_data):
    puzzles = public_lines(public_data, "kaggle_first20k.txt", 2000)
    expected = public_lines(public_data, "kaggle_first20k_solutions.txt", 2000)
    assert sudoku_rs.solve(puzzles) == expected
    assert sudoku_rs.solve(puzzles, algo="dlx") == expected


def test_an_array_gives_an_array_of_the_same_shape(public_data):
    puzzles = public_lines(public_data, "17_clue.txt", 1000)
    array = sudoku_rs.to_array(puzzles)
    assert array.shape == (1000, 81) and array.dtype == np.uint8
    solved = sudoku_rs.solve(array)
    assert isinstance(solved, np.ndarray)
    assert solved.shape == (1000, 81) and solved.dtype == np.uint8
    assert sudoku_rs.to_strings(solved) == sudoku_rs.solve(puzzles)
    # Givens kept, every row complete.
    assert np.all((array == 0) | (array == solved))
    assert np.all(solved > 0)


def test_arrays_of_other_integer_types_and_one_row():
    array = sudoku_rs.to_array(WIKIPEDIA)
    assert array.shape == (81,)
    assert sudoku_rs.to_strings(sudoku_rs.solve(array)) == WIKIPEDIA_SOLUTION
    wide = np.array([array, array], dtype=np.int64)
    assert sudoku_rs.to_strings(sudoku_rs.solve(wide)) == [WIKIPEDIA_SOLUTION] * 2
    strided = np.asfortranarray(np.stack([array] * 3))
    assert sudoku_rs.to_strings(sudoku_rs.solve(strided)) == [WIKIPEDIA_SOLUTION] * 3
    empty = sudoku_rs.solve(np.zeros((0, 81), dtype=np.uint8))
    assert empty.shape == (0, 81)


def test_a_dict_is_a_variant():
    made = sudoku_rs.generate(1, seed=4, variant="x")[0]
    as_dict = json.loads(made)
    assert as_dict["diagonals"] is True
    solution = sudoku_rs.solve(as_dict)
    assert solution == sudoku_rs.solve(made)
    assert is_solution(solution, as_dict["givens"], diagonals=True)


def test_several_solutions_raise_unless_unique_is_false():
    with pytest.raises(sudoku_rs.MultipleSolutionsError, match=r"^several solutions \(unique=True\); one is "):
        sudoku_rs.solve(EMPTY)
    solution = sudoku_rs.solve(EMPTY, unique=False)
    assert is_solution(solution, EMPTY)


def test_failures_raise_with_the_index_or_are_marked():
    batch = [WIKIPEDIA, CLASH, DEAD, EMPTY, "1234x" + "." * 76]
    with pytest.raises(sudoku_rs.ClashError) as raised:
        sudoku_rs.solve(batch)
    assert str(raised.value) == "puzzle 1: clashing givens: digit 5 appears twice in row 1, at r1c1 and r1c2"
    assert raised.value.index == 1
    marked = sudoku_rs.solve(batch, errors="none")
    assert marked == [WIKIPEDIA_SOLUTION, None, None, None, None]
    assert sudoku_rs.solve(CLASH, errors="none") is None
    with pytest.raises(sudoku_rs.NoSolutionError, match="^puzzle 0: no solution$"):
        sudoku_rs.solve([DEAD])
    array = sudoku_rs.to_array([WIKIPEDIA, CLASH, DEAD])
    solved = sudoku_rs.solve(array, errors="none")
    assert sudoku_rs.to_strings(solved[0]) == WIKIPEDIA_SOLUTION
    assert not solved[1].any() and not solved[2].any()


def test_solve_detail_reports_everything_without_raising():
    batch = [WIKIPEDIA, CLASH, DEAD, EMPTY, "1234x" + "." * 76]
    results = sudoku_rs.solve_detail(batch)
    assert [r.status for r in results] == ["solved", "clash", "no solution", "several solutions", "malformed"]
    assert [r.ok for r in results] == [True, False, False, False, False]
    assert results[0].solution == WIKIPEDIA_SOLUTION and results[0].count == 1 and results[0].unique
    assert results[0].error is None and results[0].stats["nodes"] >= 1
    assert results[1].count is None and results[1].unique is None
    assert results[2].count == 0 and results[2].solution is None
    assert results[3].count == 2 and results[3].unique is False and is_solution(results[3].solution, EMPTY)
    assert results[4].error.startswith("line 1, column 5: invalid character 'x'")
    assert repr(results[2]) == "SolveResult(status='no solution', solution=None, count=0, error='no solution')"
    assert repr(results[4]).endswith('''error="line 1, column 5: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)")''')
    one = sudoku_rs.solve_detail(WIKIPEDIA, algo="abc")
    assert one.status == "solved" and one.count is None and "cycles" in one.stats
    assert one.as_dict()["solution"] == WIKIPEDIA_SOLUTION
    array_results = sudoku_rs.solve_detail(sudoku_rs.to_array([WIKIPEDIA, DEAD]))
    assert [r.status for r in array_results] == ["solved", "no solution"]


def test_every_algorithm_takes_a_budget_and_says_what_ran_out():
    for algo in ["mrv", "dlx", "abc"]:
        assert sudoku_rs.solve(WIKIPEDIA, algo=algo, time_limit=60.0) == WIKIPEDIA_SOLUTION
    for algo, ran_out in [("mrv", "1 node (max_nodes)"), ("dlx", "1 node (max_nodes)"), ("abc", "1 cycle")]:
        with pytest.raises(sudoku_rs.GaveUpError, match=re.escape(f"gave up after {ran_out}")):
            sudoku_rs.solve(ESCARGOT, algo=algo, max_nodes=1)
    # A count cut short says how far it got; errors='none' marks it -1.
    with pytest.raises(sudoku_rs.GaveUpError, match=r"gave up after 50 nodes \(max_nodes\) with \d+ solutions found"):
        sudoku_rs.count(EMPTY, limit=100_000, max_nodes=50)
    counts = sudoku_rs.count([WIKIPEDIA, EMPTY], limit=100_000, max_nodes=50, errors="none")
    assert counts.tolist() == [1, -1]
    detail = sudoku_rs.solve_detail(ESCARGOT, max_nodes=1)
    assert detail.status == "gave up" and detail.solution is None
    with pytest.raises(sudoku_rs.GaveUpError, match="time_limit"):
        sudoku_rs.rate(ESCARGOT, time_limit=1e-9)
    with pytest.raises(ValueError, match="above 0"):
        sudoku_rs.solve(WIKIPEDIA, algo="abc", time_limit=0.0)


def test_count_gives_ints_and_int_arrays():
    assert sudoku_rs.count(WIKIPEDIA) == 1
    assert sudoku_rs.count(EMPTY) == 2
    assert sudoku_rs.count(EMPTY, limit=500, algo="dlx") == 500
    assert sudoku_rs.count(DEAD) == 0
    counts = sudoku_rs.count([WIKIPEDIA, EMPTY, DEAD])
    assert counts.dtype == np.int64 and counts.tolist() == [1, 2, 0]
    counts = sudoku_rs.count(sudoku_rs.to_array([WIKIPEDIA, EMPTY]))
    assert counts.tolist() == [1, 2]
    assert sudoku_rs.count([WIKIPEDIA, CLASH], errors="none").tolist() == [1, -1]
    with pytest.raises(sudoku_rs.ClashError, match="^puzzle 1: clashing givens"):
        sudoku_rs.count([WIKIPEDIA, CLASH])
    with pytest.raises(ValueError, match="cannot count"):
        sudoku_rs.count(WIKIPEDIA, algo="abc")
    with pytest.raises(ValueError, match="at least 1"):
        sudoku_rs.count(WIKIPEDIA, limit=0)


def test_counts_agree_between_algorithms(public_data):
    puzzles = public_lines(public_data, "serg_benchmark.txt", 200)
    mrv = sudoku_rs.count(puzzles, limit=10)
    dlx = sudoku_rs.count(puzzles, limit=10, algo="dlx")
    assert (mrv == dlx).all() and (mrv >= 2).all()
