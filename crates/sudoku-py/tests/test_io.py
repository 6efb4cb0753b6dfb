"""read, to_array, to_strings, and errors that name the puzzle, line and column."""

import numpy as np
import pytest

import sudoku_rs
from conftest import WIKIPEDIA, WIKIPEDIA_SOLUTION

ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_read_takes_every_form_of_a_file(tmp_path):
    drawing = "\n".join(" ".join(WIKIPEDIA[r * 9:r * 9 + 9]) for r in range(9))
    text = (
        "# a collection\n"
        f"{WIKIPEDIA} # Wikipedia\n"
        "\n"
        f"{ESCARGOT} 10.5 1.2 1.2\n"
        f"{drawing}\n"
        "1.3..4.1..1.3..2\n"
        '{"givens": "' + ESCARGOT + '", "diagonals": false}\n'
    )
    path = tmp_path / "mixed.txt"
    path.write_text(text)
    assert sudoku_rs.read(path) == [WIKIPEDIA, ESCARGOT, WIKIPEDIA, "1.3..4.1..1.3..2", ESCARGOT]
    assert sudoku_rs.read(str(path)) == sudoku_rs.read(path)
    csv = tmp_path / "kaggle.csv"
    csv.write_text("quizzes,solutions\n" + WIKIPEDIA.replace(".", "0") + "," + WIKIPEDIA_SOLUTION + "\n")
    assert sudoku_rs.read(csv) == [WIKIPEDIA]


def test_read_names_file_line_and_column(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(f"{WIKIPEDIA}\n\n1234x{'.' * 76}\n{ESCARGOT}\n")
    with pytest.raises(sudoku_rs.ParseError) as raised:
        sudoku_rs.read(path)
    assert str(raised.value) == f"{path}:3:5: invalid character 'x' (a cell is 1-9, or '.', '0' or '_' for a blank)"
    assert (raised.value.index, raised.value.line, raised.value.column) == (1, 3, 5)
    assert sudoku_rs.read(path, errors="none") == [WIKIPEDIA, None, ESCARGOT]
    missing = tmp_path / "missing.txt"
    with pytest.raises(FileNotFoundError) as raised:
        sudoku_rs.read(missing)
    # The file is named, in the message and in .filename, as open() names it.
    assert raised.value.filename == str(missing) and str(missing) in str(raised.value)
    assert raised.value.errno == 2
    with pytest.raises(IsADirectoryError) as raised:
        sudoku_rs.read(tmp_path)
    assert raised.value.filename == str(tmp_path)


def test_parse_errors_carry_line_and_column():
    with pytest.raises(sudoku_rs.ParseError) as raised:
        sudoku_rs.solve("1234x" + "." * 76)
    assert str(raised.value).startswith("line 1, column 5: invalid character 'x'")
    assert (raised.value.index, raised.value.line, raised.value.column) == (None, 1, 5)
    with pytest.raises(sudoku_rs.ParseError, match="^puzzle 2: line 1: found 80 cells, expected 81$") as raised:
        sudoku_rs.solve([WIKIPEDIA, WIKIPEDIA, WIKIPEDIA[:-1]])
    assert raised.value.index == 2
    with pytest.raises(sudoku_rs.ParseError, match="a second puzzle"):
        sudoku_rs.solve(WIKIPEDIA + "\n" + ESCARGOT)
    with pytest.raises(sudoku_rs.ParseError, match="no puzzle found"):
        sudoku_rs.solve("# nothing here")


def test_the_exceptions_form_one_hierarchy():
    for name in [
        "ParseError",
        "ClashError",
        "NoSolutionError",
        "MultipleSolutionsError",
        "GaveUpError",
        "NotClassicError",
        "GenerateError",
    ]:
        error = getattr(sudoku_rs, name)
        assert issubclass(error, sudoku_rs.SudokuError) and error.__doc__
    assert issubclass(sudoku_rs.SudokuError, ValueError)


def test_arrays_round_trip_and_are_checked():
    puzzles = [WIKIPEDIA, ESCARGOT]
    array = sudoku_rs.to_array(puzzles)
    assert array.dtype == np.uint8 and array.shape == (2, 81)
    assert array[0, 0] == 5 and array[0, 2] == 0
    assert sudoku_rs.to_strings(array) == puzzles
    assert sudoku_rs.to_strings(array[1]) == ESCARGOT
    array[1, 0] = 10
    with pytest.raises(sudoku_rs.ParseError, match=r"^puzzle 1: cell 1 \(r1c1\): value 10 is not a digit 0-9$"):
        sudoku_rs.solve(array)
    negative = np.zeros((2, 81), dtype=np.int16)
    negative[1, 3] = -1
    with pytest.raises(sudoku_rs.ParseError, match=r"^puzzle 1: cell 4 \(r1c4\): value -1 is not a digit"):
        sudoku_rs.count(negative)
    with pytest.raises(sudoku_rs.ParseError, match="rows of 80 cells are no board"):
        sudoku_rs.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match="holds integers"):
        sudoku_rs.solve(np.zeros((2, 81), dtype=np.float64))
    # (N, 9, 9) is a batch of boards now (test_shapes.py); (N, 9, 8) is no board.
    with pytest.raises(ValueError, match="shape"):
        sudoku_rs.solve(np.zeros((2, 9, 8), dtype=np.uint8))
    with pytest.raises(sudoku_rs.ParseError, match="^puzzle 1: .*one size"):
        sudoku_rs.to_array([WIKIPEDIA, "1.3..4.1..1.3..2"])
    with pytest.raises(sudoku_rs.ParseError, match="pencil-mark position"):
        sudoku_rs.to_array(sudoku_rs.hint(WIKIPEDIA).candidates)
