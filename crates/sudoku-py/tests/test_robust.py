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
