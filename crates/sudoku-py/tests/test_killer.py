"""Killer sudoku from JSON (str or dict) and the text form."""

import json

import pytest

import sudoku_rs
from conftest import is_solution, public_lines


def cages_hold(solution, puzzle):
    """Whether a solution fills every cage with different digits adding up to its sum."""
    for cage in puzzle["cages"]:
        digits = [int(solution[r * 9 + c]) for r, c in cage["cells"]]
        if len(set(digits)) != len(digits) or sum(digits) != cage["sum"]:
            return False
    return True


def test_generated_killers_are_solved_from_json_and_dicts():
    made = sudoku_rs.generate_killer(6, seed=3)
    assert made == sudoku_rs.generate_killer(6, seed=3, threads=1)
    assert sudoku_rs.generate_killer(2, seed=3) == made[:2]
    puzzles = [json.loads(line) for line in made]
    solutions = sudoku_rs.solve_killer(made)
    assert solutions == sudoku_rs.solve_killer(puzzles)
    for puzzle, solution in zip(puzzles, solutions):
        assert solution == puzzle["solution"]
        assert is_solution(solution, "." * 81) and cages_hold(solution, puzzle)
    assert sudoku_rs.count_killer(made).tolist() == [1] * 6
    assert sudoku_rs.count_killer(made[0]) == 1


def test_the_text_form_is_read_too():
    text = (
        "ABBBCDDEE\nAAFBCGGHI\nJAFKLMMHI\nJNNKLOOPP\nJJJJQQPPP\n"
        "JRRSTUUPP\nJVWSTXXYZ\nVVWabccYZ\nVaaabddee\n"
        "A=11 B=25 C=14 D=9 E=12 F=15 G=4 H=14 I=6\n"
        "J=40 K=3 L=15 M=9 N=8 O=12 P=38 Q=11 R=15\n"
        "S=13 T=6 U=4 V=17 W=7 X=13 Y=10 Z=6 a=26\n"
        "b=4 c=15 d=11 e=12\n"
    )
    solution = sudoku_rs.solve_killer(text)
    assert is_solution(solution, "." * 81)
    assert sudoku_rs.count_killer(text) == 1


def test_krazydad_killers_match_their_solutions(public_data):
    lines = public_lines(public_data, "killer_krazydad_intermediate.jsonl", 300)
    solutions = sudoku_rs.solve_killer(lines, unique=False)
    assert solutions == [json.loads(line)["solution"] for line in lines]


def test_bad_killers_name_the_cage_and_the_index():
    made = json.loads(sudoku_rs.generate_killer(1, seed=1)[0])
    made["cages"][0]["sum"] += 1
    with pytest.raises(sudoku_rs.ParseError, match=r"^puzzle 1: .*cage") as raised:
        sudoku_rs.solve_killer([sudoku_rs.generate_killer(1, seed=1)[0], made])
    assert raised.value.index == 1
    with pytest.raises(sudoku_rs.ParseError, match="line 1, column"):
        sudoku_rs.solve_killer('{"cages": [')
    assert sudoku_rs.solve_killer([made], errors="none") == [None]
    with pytest.raises(TypeError):
        sudoku_rs.solve_killer(sudoku_rs.to_array("." * 81))
    with pytest.raises(sudoku_rs.ParseError, match="use solve_killer"):
        sudoku_rs.solve(sudoku_rs.generate_killer(1, seed=1)[0])


def test_killer_options():
    easy = sudoku_rs.generate_killer(2, seed=4, difficulty="easy", max_cage=3)
    for line in easy:
        assert max(len(cage["cells"]) for cage in json.loads(line)["cages"]) <= 3
    with_givens = json.loads(sudoku_rs.generate_killer(1, seed=4, givens=True)[0])
    assert sudoku_rs.solve_killer(with_givens) == with_givens["solution"]
    assert sudoku_rs.solve_killer(easy[0], max_nodes=1_000_000) == json.loads(easy[0])["solution"]
    with pytest.raises(ValueError, match="max_cage"):
        sudoku_rs.generate_killer(1, max_cage=10)
    with pytest.raises(ValueError, match="difficulty"):
        sudoku_rs.generate_killer(1, difficulty="fiendish")
