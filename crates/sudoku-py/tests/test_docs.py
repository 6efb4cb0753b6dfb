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
