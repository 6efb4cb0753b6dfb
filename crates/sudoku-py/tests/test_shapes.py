"""The shapes data comes in: numpy arrays of strings (what pandas gives), pandas Series,
(n, n) and (N, n, n) arrays of numbers; each gives the answers of the string form, in the
shape that came in."""

import numpy as np
import pytest

import sudoku_rs
from conftest import WIKIPEDIA, WIKIPEDIA_SOLUTION

ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
LINES = [WIKIPEDIA, ESCARGOT, WIKIPEDIA]


def cells(line):
    return [0 if ch == "." else int(ch) for ch in line]


class TestArraysOfStrings:
    @pytest.mark.parametrize("dtype", [object, str])
    def test_an_array_of_strings_gives_an_array_of_answers(self, dtype):
        array = np.array(LINES, dtype=dtype)
        solved = sudoku_rs.solve(array)
        assert isinstance(solved, np.ndarray) and solved.shape == (3,)
        assert list(solved) == sudoku_rs.solve(LINES)
        counts = sudoku_rs.count(array)
        assert counts.dtype == np.int64 and list(counts) == [1, 1, 1]
        ratings = sudoku_rs.rate(array)
        assert ratings.shape == (3,) and list(ratings) == sudoku_rs.rate(LINES)

    def test_two_dimensions_of_strings_keep_their_shape(self):
        array = np.array([LINES[:2], LINES[1:]], dtype=object)
        assert sudoku_rs.count(array).shape == (2, 2)
        assert sudoku_rs.solve(array)[1, 1] == sudoku_rs.solve(WIKIPEDIA)


class TestArraysOfNumbers:
    def test_a_square_board_is_one_puzzle(self):
        board = np.array(cells(WIKIPEDIA), dtype=np.uint8).reshape(9, 9)
        solved = sudoku_rs.solve(board)
        assert solved.shape == (9, 9)
        assert "".join(map(str, solved.ravel())) == WIKIPEDIA_SOLUTION
        assert sudoku_rs.count(board) == 1
        assert sudoku_rs.rate(board) == sudoku_rs.rate(WIKIPEDIA)

    def test_boards_stacked_are_a_batch(self):
        boards = np.array([cells(line) for line in LINES], dtype=np.int64).reshape(3, 9, 9)
        solved = sudoku_rs.solve(boards)
        assert solved.shape == (3, 9, 9) and solved.dtype == np.uint8
        flat = sudoku_rs.solve(boards.reshape(3, 81))
        assert (solved.reshape(3, 81) == flat).all()
        assert list(sudoku_rs.count(boards)) == [1, 1, 1]

    def test_other_sides_too(self):
        line = sudoku_rs.generate(1, seed=3, size=4)[0]
        board = np.array(cells(line)).reshape(1, 4, 4)
        assert sudoku_rs.solve(board).shape == (1, 4, 4)
        assert "".join(map(str, sudoku_rs.solve(board).ravel())) == sudoku_rs.solve(line)

    def test_shapes_that_hold_no_board_are_named(self):
        with pytest.raises(ValueError, match=r"\(n\*n,\) or \(n, n\) for one puzzle"):
            sudoku_rs.solve(np.zeros((7, 7, 7), dtype=np.uint8))
        with pytest.raises(sudoku_rs.ParseError, match="rows of 7 cells are no board"):
            sudoku_rs.solve(np.zeros((7, 7), dtype=np.uint8))
        with pytest.raises(ValueError, match=r"got \(2, 9, 8\)"):
            sudoku_rs.solve(np.zeros((2, 9, 8), dtype=np.uint8))


class TestPandas:
    pd = pytest.importorskip("pandas", reason="pandas is not installed")

    def test_a_column_gives_a_column_with_the_same_index(self):
        frame = self.pd.DataFrame({"quizzes": LINES}, index=[10, 20, 30])
        solved = sudoku_rs.solve(frame["quizzes"])
        assert isinstance(solved, self.pd.Series)
        assert list(solved.index) == [10, 20, 30]
        assert list(solved) == sudoku_rs.solve(LINES)
        counts = sudoku_rs.count(frame.quizzes)
        assert list(counts.index) == [10, 20, 30] and list(counts) == [1, 1, 1]
        frame["solution"] = sudoku_rs.solve(frame.quizzes)
        assert frame.loc[20, "solution"] == sudoku_rs.solve(ESCARGOT)

    def test_the_values_of_a_column_are_read(self):
        frame = self.pd.DataFrame({"quizzes": LINES})
        assert list(sudoku_rs.solve(frame.quizzes.values)) == sudoku_rs.solve(LINES)
        assert list(sudoku_rs.solve(frame.quizzes.to_numpy())) == sudoku_rs.solve(LINES)

    def test_missing_values_fail_alone(self):
        # An empty cell of a CSV column comes in as NaN (pandas turns None into NaN too):
        # a failed puzzle of its own, never the whole batch's TypeError.
        column = self.pd.Series([LINES[0], None, float("nan"), self.pd.NA, LINES[1]])
        solved = sudoku_rs.solve(column, errors="none")
        assert list(solved[[0, 4]]) == [sudoku_rs.solve(LINES[0]), sudoku_rs.solve(LINES[1])]
        assert all(value is None for value in solved[[1, 2, 3]])
        assert list(sudoku_rs.count(column, errors="none")) == [1, -1, -1, -1, 1]
        with pytest.raises(sudoku_rs.ParseError, match="puzzle 1: a missing value") as err:
            sudoku_rs.solve(column)
        assert err.value.index == 1
        details = sudoku_rs.solve_detail(column)
        assert [d.error is None for d in details] == [True, False, False, False, True]
        assert sudoku_rs.solve([LINES[0], None], errors="none")[1] is None
        assert sudoku_rs.solve_killer([None], errors="none") == [None]
        # An array of strings with an empty place, as a column's values give.
        values = np.array([LINES[0], None], dtype=object)
        assert list(sudoku_rs.count(values, errors="none")) == [1, -1]
        # Other types are still the caller's mistake, named at once.
        with pytest.raises(TypeError, match="puzzle 1: expected a str"):
            sudoku_rs.solve([LINES[0], 7], errors="none")

    def test_a_whole_frame_is_refused_with_a_pointer_to_its_column(self):
        frame = self.pd.DataFrame({"quizzes": LINES})
        with pytest.raises(TypeError, match=r"pass the column of puzzles"):
            sudoku_rs.solve(frame)
