"""The examples of the docstrings, and of docs/python.md, run as they are written."""

import doctest
import os
import re
import subprocess
import sys

import pytest

import sudoku_rs
from conftest import ROOT


def public_objects():
    names = [name for name in sudoku_rs.__all__ if not name.startswith("_")]
    return [(name, getattr(sudoku_rs, name)) for name in names]


def test_the_package_exports_every_name_of_the_extension_and_its_stubs():
    stubs = (ROOT / "crates" / "sudoku-py" / "python" / "sudoku_rs" / "__init__.pyi").read_text(encoding="utf-8")
    listed = re.search(r"__all__ = \[(.*?)\]", stubs, re.S).group(1)
    assert sorted(re.findall(r'"(\w+)"', listed)) == sorted(sudoku_rs.__all__)
    assert sudoku_rs.__doc__ == sudoku_rs.sudoku_rs.__doc__ and sudoku_rs.__version__


def test_the_stubs_carry_the_extensions_docstrings_and_keywords():
    # An editor reading only the stubs shows the help that help() shows, and offers every
    # keyword the extension takes: stubs.py --check fails on any drift.
    script = ROOT / "crates" / "sudoku-py" / "stubs.py"
    checked = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr


@pytest.mark.parametrize("name, obj", public_objects())
def test_every_public_object_is_documented_and_its_examples_hold(name, obj):
    assert obj.__doc__ and obj.__doc__.strip(), name
    parser = doctest.DocTestParser()
    test = parser.get_doctest(obj.__doc__, {"sudoku_rs": sudoku_rs}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, name


GUIDE = ROOT / "docs" / "python.md"


def guide_blocks():
    if not GUIDE.exists():
        return []
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(guide_blocks())))
def test_the_guides_examples_run(index, tmp_path, monkeypatch):
    block = guide_blocks()[index]
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__guide__"}
    if ">>> " in block:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block, namespace, f"python.md block {index}", str(GUIDE), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0
    else:
        exec(compile(block, f"python.md block {index}", "exec"), namespace)
    assert os.getcwd() == str(tmp_path)


TYPED_USE = '''
from typing import Any, Iterator

import numpy as np
import numpy.typing as npt

import sudoku_rs


class Column:
    """What a pandas Series offers that the package reads: an index and values."""

    @property
    def index(self) -> Any:
        raise NotImplementedError

    @property
    def values(self) -> Any:
        raise NotImplementedError

    def __iter__(self) -> Iterator[str]:
        raise NotImplementedError


def lines() -> npt.NDArray[np.str_]:
    raise NotImplementedError


def cells() -> npt.NDArray[np.uint8]:
    raise NotImplementedError


reveal_type(sudoku_rs.solve("x"))
reveal_type(sudoku_rs.solve(["x"]))
reveal_type(sudoku_rs.solve(cells()))
reveal_type(sudoku_rs.solve(lines()))
reveal_type(sudoku_rs.solve(Column()))
reveal_type(sudoku_rs.count(lines()))
reveal_type(sudoku_rs.rate(Column()))
reveal_type(sudoku_rs.rate(lines()))
reveal_type(sudoku_rs.rate(["x"]))
'''


def test_the_stubs_type_what_each_kind_of_input_gets_back(tmp_path):
    # What an editor or mypy infers for each kind of input is what comes back at run time
    # (test_shapes checks those): a Series (a DataFrame's column) gets a Series, typed Any
    # as pandas is not a dependency; an array of strings an array; and the stubs themselves
    # check clean.
    api = pytest.importorskip("mypy.api", reason="mypy is not installed")
    (tmp_path / "use.py").write_text(TYPED_USE, encoding="utf-8")
    stub = ROOT / "crates" / "sudoku-py" / "python" / "sudoku_rs" / "__init__.pyi"
    flags = ["--strict", "--no-incremental", "--cache-dir", os.devnull]
    out, err, status = api.run(flags + [str(stub), str(tmp_path / "use.py")])
    revealed = re.findall(r'Revealed type is "(.*)"', out)
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert errors == [] and status == 0, out + err
    assert revealed[0] == "str"
    assert revealed[1] == "list[str]"
    assert "unsignedinteger" in revealed[2] and "object_" not in revealed[2]
    assert "object_" in revealed[3]
    assert revealed[4] == "Any"
    assert "signedinteger[numpy._typing._nbit_base._64Bit]" in revealed[5]
    assert revealed[6] == "Any"
    assert "object_" in revealed[7]
    assert revealed[8] == "list[sudoku_rs.Rating]"
