"""rate, explain, hint and canonical: Sudoku Explainer's ratings and paths."""

import pickle

import pytest

import sudoku_rs
from conftest import WIKIPEDIA, WIKIPEDIA_SOLUTION, cells_of, public_lines

EMPTY = "." * 81


def se_rated(folder):
    """The public puzzles with Sudoku Explainer's own ratings: (puzzle, (er, ep, ed))."""
    rows = [line.split() for line in public_lines(folder, "se_rated_public.txt")]
    return [(row[0], tuple(float(x) for x in row[1:4])) for row in rows]


def test_ratings_equal_sudoku_explainers_own(public_data):
    rows = se_rated(public_data)
    assert len(rows) >= 250
    ratings = sudoku_rs.rate([puzzle for puzzle, _ in rows])
    for (puzzle, expected), rating in zip(rows, ratings):
        assert (rating.er, rating.ep, rating.ed) == expected, puzzle


def test_a_rating_has_its_band_and_technique():
    rating = sudoku_rs.rate(WIKIPEDIA)
    assert rating.band == "easy" and rating.er <= 2.0 and rating.solved_by_logic
    assert rating.hardest == "Hidden Single" and rating.search_effort == 0.0
    assert rating.as_dict()["er"] == rating.er
    hard = sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
    assert (hard.er, hard.band) == (7.1, "expert")
    assert repr(hard) == "Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')"


def test_ratings_pickle_and_come_back_equal():
    ratings = sudoku_rs.rate([WIKIPEDIA, "...6.37...51...........2.......1..546..7............8.14.58....3.....2..........."])
    back = pickle.loads(pickle.dumps(ratings))
    assert back == ratings and [r.as_dict() for r in back] == [r.as_dict() for r in ratings]
    assert back[1].hardest == "Forcing Chains & Cycles" and type(back[1]) is sudoku_rs.Rating
    fields = ratings[0].as_dict()
    assert sudoku_rs.Rating(**fields) == ratings[0]
    with pytest.raises(ValueError, match='no band named "hardish"'):
        sudoku_rs.Rating(**{**fields, "band": "hardish"})
    with pytest.raises(ValueError, match='no technique named "Guess"'):
        sudoku_rs.Rating(**{**fields, "hardest": "Guess"})


def test_rating_needs_one_solution_and_a_classic_puzzle():
    with pytest.raises(sudoku_rs.MultipleSolutionsError, match="only a puzzle with one solution has a rating"):
        sudoku_rs.rate(EMPTY)
    with pytest.raises(sudoku_rs.NoSolutionError, match="^puzzle 1: no solution: nothing to rate$"):
        sudoku_rs.rate([WIKIPEDIA, ".12345678" + "9" + "." * 71])
    with pytest.raises(sudoku_rs.NotClassicError, match="rate takes classic 9x9 puzzles; this is a 4x4 puzzle"):
        sudoku_rs.rate("1.3..4.1..1.3..2")
    ratings = sudoku_rs.rate([WIKIPEDIA, EMPTY], errors="none")
    assert ratings[0].band == "easy" and ratings[1] is None


def apply(board, candidates, step):
    """The position after a step, worked out here from its placements and eliminations."""
    for cell, digit in step.eliminations:
        candidates[cell].discard(digit)
    for cell, digit in step.placements:
        board[cell] = digit
        candidates[cell] = {digit}
        row, col = divmod(cell, 9)
        for other in range(81):
            r, c = divmod(other, 9)
            same_box = (r // 3, c // 3) == (row // 3, col // 3)
            if other != cell and (r == row or c == col or same_box):
                candidates[other].discard(digit)


def start_position(puzzle):
    board = cells_of(puzzle)
    candidates = []
    for cell in range(81):
        if board[cell]:
            candidates.append({board[cell]})
            continue
        row, col = divmod(cell, 9)
        seen = {
            board[o] for o in range(81)
            if o // 9 == row or o % 9 == col or (o // 27, o % 9 // 3) == (row // 3, col // 3)
        }
        candidates.append(set(range(1, 10)) - seen)
    return board, candidates


def test_explain_traces_replay_to_the_solution(public_data):
    rows = se_rated(public_data)[:60]
    traces = sudoku_rs.explain([puzzle for puzzle, _ in rows])
    for (puzzle, (er, _, _)), steps in zip(rows, traces):
        board, candidates = start_position(puzzle)
        for step in steps:
            apply(board, candidates, step)
            assert "".join(str(d) if d else "." for d in board) == step.board
            marks = "".join(
                "".join(str(d) if d in candidates[c] else "." for d in range(1, 10)) for c in range(81)
            )
            assert marks == step.candidates, step.text
        assert steps[-1].board == sudoku_rs.solve(puzzle)
        assert max(step.rating for step in steps) == er


def test_a_step_names_its_technique_cells_and_digits():
    steps = sudoku_rs.explain(WIKIPEDIA)
    first = steps[0]
    assert first.technique == "Hidden Single" and first.rating == 1.2
    assert first.placements and not first.eliminations
    assert first.digits == [first.placements[0][1]] and first.cells == [first.placements[0][0]]
    assert first.unit.startswith(("row", "column", "box"))
    cell, digit = first.placements[0]
    assert WIKIPEDIA_SOLUTION[cell] == str(digit)
    assert str(first) == first.text and first.text.startswith("Hidden Single (1.2)")
    assert first.as_dict()["cell_names"][0].startswith("r")
    assert steps[-1].board == WIKIPEDIA_SOLUTION
    assert sudoku_rs.explain(WIKIPEDIA_SOLUTION) == []


def test_hint_is_the_first_step_and_walks_a_position_to_the_end():
    steps = sudoku_rs.explain(WIKIPEDIA)
    assert sudoku_rs.hint(WIKIPEDIA) == steps[0]
    position, taken = WIKIPEDIA, 0
    while (step := sudoku_rs.hint(position)) is not None:
        position = step.candidates
        taken += 1
    # A position read back counts a lone candidate that no peer shares as placed, so the
    # walk may take fewer steps than the path.
    assert 0 < taken <= len(steps)
    assert position.count(".") == 81 * 8
    assert sudoku_rs.solve(position) == WIKIPEDIA_SOLUTION
    assert sudoku_rs.hint([WIKIPEDIA, WIKIPEDIA_SOLUTION]) == [steps[0], None]


def test_hint_names_what_is_wrong_with_a_position():
    with pytest.raises(sudoku_rs.MultipleSolutionsError, match="the position has several solutions"):
        sudoku_rs.hint(EMPTY)
    # r1c3 is 4 in the solution; a 1 there clashes with nothing, yet leaves no solution.
    wrong = WIKIPEDIA[:2] + "1" + WIKIPEDIA[3:]
    with pytest.raises(sudoku_rs.NoSolutionError, match="a digit written in is wrong"):
        sudoku_rs.hint(wrong)
    with pytest.raises(sudoku_rs.ClashError, match="^clashing givens"):
        sudoku_rs.explain("55" + "." * 79)
    with pytest.raises(sudoku_rs.NotClassicError, match="^puzzle 0: hint takes classic"):
        sudoku_rs.hint(["1.3..4.1..1.3..2"])


def test_hint_holds_its_budget():
    # A puzzle of ER 8.3 (benchdata/hard.txt): its hint needs the uniqueness check's search.
    hard = "137.........8..9........5...712894....5..4..9.................6..6.47....98..517."
    with pytest.raises(sudoku_rs.GaveUpError):
        sudoku_rs.hint(hard, max_nodes=1)
    assert sudoku_rs.hint([hard], node_limit=1, errors="none") == [None]
    assert sudoku_rs.hint(hard, time_limit=60).name == sudoku_rs.hint(hard).name


def test_canonical_forms_are_shared_by_equivalent_puzzles():
    rows = [WIKIPEDIA[r * 9:r * 9 + 9] for r in range(9)]
    # A relabelling and a transposition of the same puzzle.
    relabel = str.maketrans("123456789", "912345678")
    relabelled = WIKIPEDIA.translate(relabel)
    transposed = "".join(rows[r][c] for c in range(9) for r in range(9))
    forms = sudoku_rs.canonical([WIKIPEDIA, relabelled, transposed])
    assert forms[0] == forms[1] == forms[2]
    assert sudoku_rs.count(forms[0]) == 1
    array = sudoku_rs.canonical(sudoku_rs.to_array([WIKIPEDIA, transposed]))
    assert sudoku_rs.to_strings(array) == forms[:2]
