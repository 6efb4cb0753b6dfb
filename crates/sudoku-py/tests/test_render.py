"""render(), explain_html() and the pictures of steps: SVG that holds each digit at its
cell, for every input form; killer cages with their sums; a self-contained page."""

import xml.etree.ElementTree as ET

import pytest

import sudoku_rs
from conftest import WIKIPEDIA, WIKIPEDIA_SOLUTION

SVG = "{http://www.w3.org/2000/svg}"
# The first puzzle of benchdata/nosol.txt.
NO_SOLUTION = ".3......2.48....7.9..52..........1..3..4...6....981.....4....5.5....678...78394.."


def texts(svg):
    return [(t.text, float(t.attrib["x"]), float(t.attrib["y"])) for t in ET.fromstring(svg).iter(SVG + "text")]


def digits_by_cell(svg, side):
    """The digits drawn, by cell: each text mapped to its row and column by the rank of its
    x and y among the positions drawn on a full grid of `side` by `side`."""
    drawn = [(d, x, y) for d, x, y in texts(svg) if d and d.isalnum() and len(d) == 1]
    xs = sorted({x for _, x, _ in drawn})
    ys = sorted({y for _, _, y in drawn})
    assert len(xs) == side and len(ys) == side, (len(xs), len(ys))
    return {ys.index(y) * side + xs.index(x): d for d, x, y in drawn}


def test_a_solution_drawn_holds_every_digit_at_its_cell():
    svg = sudoku_rs.render(WIKIPEDIA, solution=True)
    assert svg.startswith("<svg")
    cells = digits_by_cell(svg, 9)
    assert "".join(cells[c] for c in range(81)) == WIKIPEDIA_SOLUTION


def test_a_puzzle_drawn_holds_its_givens_and_nothing_else():
    svg = sudoku_rs.render(WIKIPEDIA)
    drawn = sorted(d for d, _, _ in texts(svg))
    assert drawn == sorted(ch for ch in WIKIPEDIA if ch != ".")
    # Placed digits are drawn apart from the givens: the solution's picture has more styles.
    assert sudoku_rs.render(WIKIPEDIA, solution=True) != svg


def test_every_input_form_gives_the_same_picture():
    one = sudoku_rs.render(WIKIPEDIA)
    assert sudoku_rs.render([WIKIPEDIA, WIKIPEDIA]) == [one, one]
    cells = sudoku_rs.to_array([WIKIPEDIA])
    assert sudoku_rs.render(cells) == [one]
    assert sudoku_rs.render(cells.reshape(9, 9)) == one


def test_other_sizes_use_letters():
    line = sudoku_rs.generate(1, seed=4, size=16)[0]
    solved = sudoku_rs.solve(line)
    cells = digits_by_cell(sudoku_rs.render(line, solution=True), 16)
    assert "".join(cells[c] for c in range(256)) == solved


def test_killer_cages_carry_their_sums():
    import json

    killer = sudoku_rs.generate_killer(1, seed=1)[0]
    cages = json.loads(killer)["cages"]
    drawn = [d for d, _, _ in texts(sudoku_rs.render(killer, killer=True))]
    assert sorted(drawn) == sorted(str(cage["sum"]) for cage in cages)
    solved = texts(sudoku_rs.render(killer, killer=True, solution=True))
    assert len(solved) == len(cages) + 81


def test_failures_are_raised_or_marked():
    with pytest.raises(sudoku_rs.ParseError):
        sudoku_rs.render("not a puzzle")
    with pytest.raises(sudoku_rs.ClashError):
        sudoku_rs.render("11" + "." * 79, solution=True)
    with pytest.raises(sudoku_rs.NoSolutionError):
        sudoku_rs.render(NO_SOLUTION, solution=True)
    assert sudoku_rs.render(NO_SOLUTION).startswith("<svg")  # drawn without solving
    assert sudoku_rs.render(["not a puzzle", WIKIPEDIA], errors="none")[0] is None


def test_a_step_shows_as_its_picture():
    steps = sudoku_rs.explain(WIKIPEDIA)
    first, second = steps[0], steps[1]
    svg = first._repr_svg_()
    assert svg == first.svg() and svg.startswith("<svg")
    assert any(first.name in (d or "") for d, _, _ in texts(svg))
    assert second.svg() != svg
    # hint() gives the same step, drawn on the same position.
    hinted = sudoku_rs.hint(WIKIPEDIA)
    assert hinted == first and hinted._repr_svg_() == svg


def test_the_explanation_page_is_self_contained():
    page = sudoku_rs.explain_html(WIKIPEDIA, name="Wikipedia's puzzle")
    assert page.startswith("<!DOCTYPE html>")
    assert "Wikipedia&#39;s puzzle" in page or "Wikipedia's puzzle" in page
    for fetch in ('src="http', "href=\"http", "@import", "url(http"):
        assert fetch not in page
    assert page.count("<svg") >= len(sudoku_rs.explain(WIKIPEDIA))
    with pytest.raises(sudoku_rs.MultipleSolutionsError):
        sudoku_rs.explain_html("." * 81)
