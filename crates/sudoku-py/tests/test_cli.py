"""The same answers and the same messages as the `sudoku` command line, on the same files."""

import subprocess

import sudoku_rs
from conftest import WIKIPEDIA, public_lines


def run(cli, *args, stdin=None):
    return subprocess.run([cli, *args], input=stdin, capture_output=True, text=True)


def test_solutions_agree_with_the_command_line(cli, public_data, tmp_path):
    path = public_data / "magictour_top1465.txt"
    out = run(cli, "solve", str(path))
    assert out.returncode == 0
    assert sudoku_rs.solve(sudoku_rs.read(path)) == out.stdout.split()


def test_ratings_counts_and_forms_agree_with_the_command_line(cli, public_data, tmp_path):
    puzzles = public_lines(public_data, "norvig_top95.txt") + sudoku_rs.generate(20, seed=8)
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzles) + "\n")
    rates = run(cli, "rate", "--scale", "se", str(path)).stdout.splitlines()
    for rating, line in zip(sudoku_rs.rate(puzzles), rates):
        er, ep, ed, band = line.split("\t")[:4]
        assert (rating.er, rating.ep, rating.ed, rating.band) == (float(er), float(ep), float(ed), band)
    counts = run(cli, "count", "--limit", "3", str(path)).stdout.split()
    assert [str(n) for n in sudoku_rs.count(puzzles, limit=3)] == [c.rstrip("+") for c in counts]
    assert sudoku_rs.canonical(puzzles) == run(cli, "canon", str(path)).stdout.split()
    generated = run(cli, "generate", "--count", "20", "--seed", "8").stdout.split()
    assert generated == puzzles[-20:]


def test_messages_are_the_command_lines(cli, tmp_path):
    bad = [
        "1234x" + "." * 76,
        "123",
        "55" + "." * 79,
        ".12345678" + "9" + "." * 71,
        WIKIPEDIA[:-1],
        "1.3..4.1..1.3..22",
    ]
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(bad) + "\n")
    out = run(cli, "solve", str(path))
    # FILE:LINE[:COLUMN]: message, one line per puzzle.
    cli_messages = [line.split(": ", 1)[1] for line in out.stderr.splitlines()]
    results = sudoku_rs.solve_detail(bad)
    for result, message in zip(results, cli_messages):
        assert result.error is not None
        # The reader's errors carry their place in the message ("line 1, column 5: ...").
        assert result.error.endswith(message), (result.error, message)
    assert len(cli_messages) == len(bad)
