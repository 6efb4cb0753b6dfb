"""generate and generate_killer: unique, reproducible puzzles of every kind."""

import json

import pytest

import sudoku_rs
from conftest import box_shape, cells_of, is_solution


def test_puzzle_i_of_a_seed_does_not_depend_on_threads_or_n():
    one = sudoku_rs.generate(12, seed=99, threads=1)
    two = sudoku_rs.generate(12, seed=99, threads=2)
    every_core = sudoku_rs.generate(12, seed=99)
    assert one == two == every_core
    assert sudoku_rs.generate(5, seed=99) == one[:5]
    assert len(set(one)) == 12
    assert sudoku_rs.generate(3, seed=100) != one[:3]


def test_start_makes_the_later_places_of_a_seed():
    whole = sudoku_rs.generate(9, seed=99)
    assert sudoku_rs.generate(4, seed=99, start=5) == whole[5:]
    assert sudoku_rs.generate(3, seed=99, start=2, threads=1) == whole[2:5]
    variant = sudoku_rs.generate(3, seed=4, variant="x")
    assert sudoku_rs.generate(1, seed=4, start=2, variant="x") == variant[2:]
    rated = sudoku_rs.generate(3, seed=4, se=(2.0, 4.0))
    assert sudoku_rs.generate(2, seed=4, start=1, se=(2.0, 4.0)) == rated[1:]
    last = 2**64 - 1
    assert len(sudoku_rs.generate(1, seed=1, start=last)) == 1
    with pytest.raises(ValueError, match="must be indices of a seed"):
        sudoku_rs.generate(2, seed=1, start=last)
    with pytest.raises(ValueError, match="must be indices of a seed"):
        sudoku_rs.generate(2, seed=1, start=-1)


def test_generated_puzzles_are_unique_and_minimal():
    puzzles = sudoku_rs.generate(20, seed=5)
    assert sudoku_rs.count(puzzles).tolist() == [1] * 20
    for puzzle in puzzles[:5]:
        for cell in (c for c, ch in enumerate(puzzle) if ch != "."):
            less = puzzle[:cell] + "." + puzzle[cell + 1:]
            assert sudoku_rs.count(less) == 2


@pytest.mark.parametrize(
    "symmetry, image",
    [
        ("rotate180", lambda r, c: (8 - r, 8 - c)),
        ("rotate90", lambda r, c: (c, 8 - r)),
        ("mirror", lambda r, c: (r, 8 - c)),
        ("diagonal", lambda r, c: (c, r)),
    ],
)
def test_symmetries_hold(symmetry, image):
    for puzzle in sudoku_rs.generate(4, seed=1, symmetry=symmetry):
        for cell in range(81):
            r, c = image(*divmod(cell, 9))
            assert (puzzle[cell] == ".") == (puzzle[r * 9 + c] == ".")


def test_clue_counts_ratings_and_bands_are_met():
    for puzzle in sudoku_rs.generate(3, seed=2, clues=30):
        assert sum(ch != "." for ch in puzzle) == 30
        assert sudoku_rs.count(puzzle) == 1
    rated = sudoku_rs.rate(sudoku_rs.generate(4, seed=3, se=(3.0, 4.5)))
    assert all(3.0 <= r.er <= 4.5 for r in rated)
    assert all(r.er >= 2.5 for r in sudoku_rs.rate(sudoku_rs.generate(2, seed=3, se="2.5..")))
    assert all(r.band == "easy" for r in sudoku_rs.rate(sudoku_rs.generate(3, seed=3, difficulty="easy")))


def test_targets_no_puzzle_can_meet_are_refused():
    with pytest.raises(ValueError, match="17 is the fewest"):
        sudoku_rs.generate(1, clues=16)
    with pytest.raises(ValueError, match="classic 9x9 puzzles only"):
        sudoku_rs.generate(1, size=16, se=(4.0, 5.0))
    with pytest.raises(ValueError, match="windoku"):
        sudoku_rs.generate(1, size=16, variant="windoku")
    with pytest.raises(ValueError, match="no board of side 7"):
        sudoku_rs.generate(1, size=7)
    with pytest.raises(ValueError, match="variant must be"):
        sudoku_rs.generate(1, variant="killer")
    with pytest.raises(ValueError, match="symmetry must be"):
        sudoku_rs.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="empty"):
        sudoku_rs.generate(1, se=(6.0, 4.0))


def test_targets_not_reached_raise_with_the_index_or_are_marked():
    with pytest.raises(sudoku_rs.GenerateError, match=r"^puzzle 0: no puzzle with 18 clues in 2 attempts") as raised:
        sudoku_rs.generate(2, seed=1, clues=18, max_attempts=2)
    assert raised.value.index == 0
    assert sudoku_rs.generate(2, seed=1, clues=18, max_attempts=2, errors="none") == [None, None]


@pytest.mark.parametrize("size", [4, 6, 8, 12, 16])
def test_other_sizes_are_lines_of_symbols(size):
    puzzles = sudoku_rs.generate(3, seed=size, size=size)
    assert all(len(p) == size * size for p in puzzles)
    solutions = sudoku_rs.solve(puzzles)
    assert all(is_solution(s, p) for s, p in zip(solutions, puzzles))
    array = sudoku_rs.to_array(puzzles)
    assert array.shape == (3, size * size)
    assert sudoku_rs.to_strings(sudoku_rs.solve(array)) == solutions
    assert sudoku_rs.count(puzzles).tolist() == [1, 1, 1]
    assert box_shape(size)[0] * box_shape(size)[1] == size


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "jigsaw,x", ["windoku", "x"]])
def test_variants_are_json_lines_with_their_rules(variant):
    made = sudoku_rs.generate(3, seed=11, variant=variant)
    for line, solution in zip(made, sudoku_rs.solve(made)):
        rules = json.loads(line)
        assert is_solution(
            solution,
            rules["givens"],
            regions=rules.get("regions"),
            diagonals=rules.get("diagonals", False),
            windoku=rules.get("windoku", False),
        )
    assert sudoku_rs.count(made).tolist() == [1, 1, 1]
    assert sudoku_rs.generate(3, seed=11, variant=variant, threads=1) == made


def test_a_jigsaw_solution_is_checked_against_its_regions():
    line = sudoku_rs.generate(1, seed=2, variant="jigsaw")[0]
    rules = json.loads(line)
    solution = sudoku_rs.solve(line)
    assert is_solution(solution, rules["givens"], regions=rules["regions"])
    # The same givens with plain boxes are another puzzle, which the solution does not solve.
    assert not is_solution(solution, rules["givens"]) or sudoku_rs.count(rules["givens"]) != 1


def test_variant_arrays_keep_their_size_but_not_their_rules():
    line = sudoku_rs.generate(1, seed=3, variant="x")[0]
    with pytest.raises(sudoku_rs.ParseError, match="an array holds plain boxes only"):
        sudoku_rs.to_array([line])
    givens = json.loads(line)["givens"]
    assert sudoku_rs.to_array(givens).tolist() == cells_of(givens)
