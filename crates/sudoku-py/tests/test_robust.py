"""Hostile input: every call ends with an answer or a clear Python error, never a Rust panic,
an aborted interpreter or a silent misread; pencil marks are honoured by every call."""

import pytest

import sudoku_rs
from conftest import ROOT, WIKIPEDIA, WIKIPEDIA_SOLUTION


def marks_without(puzzle, cell, digit):
    """The 729-character position of `puzzle` with `digit` crossed out of `cell`."""
    cells = []
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            cells.append("".join(ch if str(d) == ch else "." for d in range(1, 10)))
        else:
            cells.append("".join("." if (i == cell and d == digit) else str(d) for d in range(1, 10)))
    return "".join(cells)


def multi_puzzle():
    """A puzzle of benchdata/multi.txt with a handful of solutions, and two of them."""
    text = (ROOT / "benchdata" / "multi.txt").read_text()
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        n = sudoku_rs.count(line, limit=200)
        if 3 <= n < 200:
            detail = sudoku_rs.solve_detail(line)
            return line, n, detail.solution
    raise AssertionError("multi.txt has puzzles with a few solutions")


class TestPencilMarks:
    def test_a_position_without_candidates_has_no_solution(self):
        empty = "0" * 729
        assert sudoku_rs.count(empty) == 0
        with pytest.raises(sudoku_rs.NoSolutionError):
            sudoku_rs.solve(empty)
        assert sudoku_rs.solve_detail(empty).status == "contradiction"

    def test_marks_are_counted_within(self):
        puzzle, total, one = multi_puzzle()
        cell = next(i for i, ch in enumerate(puzzle) if ch == ".")
        position = marks_without(puzzle, cell, int(one[cell]))
        within = sudoku_rs.count(position, limit=1000)
        assert 0 < within < total
        # The solution found fits the marks, and the detail agrees with the count.
        detail = sudoku_rs.solve_detail(position)
        assert detail.solution[cell] != one[cell]
        assert detail.count == min(within, 2)
        assert detail.status == ("solved" if within == 1 else "several solutions")

    def test_marks_that_exclude_the_solution_name_the_cell(self):
        position = marks_without(WIKIPEDIA, 2, int(WIKIPEDIA_SOLUTION[2]))
        with pytest.raises(sudoku_rs.NoSolutionError, match=r"r1c3 lost candidate 4"):
            sudoku_rs.solve(position)
        assert sudoku_rs.solve_detail(position).status == "wrong elimination"
        with pytest.raises(sudoku_rs.NoSolutionError):
            sudoku_rs.rate(position)


class TestCountsAndSeeds:
    @pytest.mark.parametrize("n", [2**62, 2**63, -1])
    def test_impossible_counts_are_value_errors(self, n):
        with pytest.raises(ValueError, match="n is a count of puzzles"):
            sudoku_rs.generate(n)
        with pytest.raises(ValueError, match="n is a count of puzzles"):
            sudoku_rs.generate_killer(n)

    def test_seeds_outside_64_bits_are_named(self):
        with pytest.raises(ValueError, match=r"seed is an int from 0 to 2\*\*64 - 1, got -1"):
            sudoku_rs.generate(1, seed=-1)
        with pytest.raises(ValueError, match="got 18446744073709551616"):
            sudoku_rs.generate_killer(1, seed=2**64)
        assert sudoku_rs.generate(1, seed=2**64 - 1) == sudoku_rs.generate(1, seed=2**64 - 1)

    @pytest.mark.parametrize("threads", [0, 257, 5000, 100000])
    def test_threads_are_bounded_as_on_the_command_line(self, threads):
        with pytest.raises(ValueError, match=r"threads is 1 to 256"):
            sudoku_rs.solve([WIKIPEDIA] * 3, threads=threads)


class TestOneRule:
    def test_a_node_limit_of_zero_is_refused(self):
        with pytest.raises(ValueError, match="max_nodes must be at least 1"):
            sudoku_rs.count(WIKIPEDIA, max_nodes=0)
        # node_limit is the command line's name of the same keyword.
        assert sudoku_rs.count("." * 81, limit=5, node_limit=10**6) == 5
        with pytest.raises(TypeError, match="one keyword under two names"):
            sudoku_rs.count(WIKIPEDIA, max_nodes=5, node_limit=5)

    def test_contradictory_targets_are_refused_up_front(self):
        with pytest.raises(ValueError, match="difficulty easy is ER 0.0..2.0, which se 8.0..9.0 leaves out"):
            sudoku_rs.generate(1, difficulty="easy", se=(8, 9))
        with pytest.raises(ValueError, match="max_attempts must be at least 1"):
            sudoku_rs.generate(1, clues=30, max_attempts=0)

    def test_a_batch_larger_than_a_chunk_comes_back_whole_and_in_order(self):
        # Results grow as they are made, chunk by chunk (nothing is set aside for n up front).
        lines = [WIKIPEDIA] * 20000
        assert sudoku_rs.solve(lines, threads=2) == [WIKIPEDIA_SOLUTION] * 20000


class TestKeywords:
    def test_a_misspelt_keyword_is_named_with_the_nearest(self):
        with pytest.raises(TypeError, match=r"solve\(\) got an unexpected keyword argument 'max_node' \(did you mean 'max_nodes'\?\)"):
            sudoku_rs.solve(WIKIPEDIA, max_node=5)
        with pytest.raises(TypeError, match=r"'thread' \(did you mean 'threads'\?\)"):
            sudoku_rs.rate([WIKIPEDIA], thread=2)
        # A keyword another call takes, but not this one.
        with pytest.raises(TypeError, match=r"canonical\(\) got an unexpected keyword argument 'time_limit'$"):
            sudoku_rs.canonical(WIKIPEDIA, time_limit=1)
        with pytest.raises(TypeError, match=r"generate\(\) got an unexpected keyword argument 'max_nodes'"):
            sudoku_rs.generate(1, max_nodes=5)

    def test_values_are_checked_by_the_command_lines_rules(self):
        with pytest.raises(ValueError, match=r"threads is 1 to 256 \(None uses every core\), got -1"):
            sudoku_rs.solve([WIKIPEDIA], threads=-1)
        with pytest.raises(ValueError, match=r"max_nodes must be at least 1 \(None for no limit\), got -5"):
            sudoku_rs.count(WIKIPEDIA, max_nodes=-5)
        with pytest.raises(ValueError, match=r"max_nodes of 18446744073709551616 is more than"):
            sudoku_rs.count(WIKIPEDIA, max_nodes=2**64)
        with pytest.raises(TypeError, match="threads must be an int or None, got str"):
            sudoku_rs.solve(WIKIPEDIA, threads="2")
        with pytest.raises(TypeError, match="threads must be an int or None, got bool"):
            sudoku_rs.solve(WIKIPEDIA, threads=True)
        with pytest.raises(TypeError, match="time_limit is a number of seconds or None, got str"):
            sudoku_rs.rate(WIKIPEDIA, time_limit="1")
        with pytest.raises(TypeError, match="errors must be a str, got int"):
            sudoku_rs.solve(WIKIPEDIA, errors=0)
        # None is the default of each.
        assert sudoku_rs.count(WIKIPEDIA, errors=None, threads=None, time_limit=None, max_nodes=None) == 1

    def test_signatures_show_every_keyword(self):
        import inspect

        assert list(inspect.signature(sudoku_rs.solve).parameters) == [
            "x", "algo", "unique", "errors", "threads", "time_limit", "max_nodes", "node_limit"
        ]
        assert "max_attempts" in inspect.signature(sudoku_rs.generate).parameters
