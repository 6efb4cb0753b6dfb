"""Keeps the type stubs' docstrings those of the extension, so that an editor reading only the
stubs (pyright, Pylance) shows the same help on hover as help() does at run time.

The docstrings are written once, in the Rust code (`///` comments, which PyO3 makes the
`__doc__` of each function and class); this script copies each into the stub of the same
name, on every overload (an editor shows the docstring of the overload that matches a call).
The signatures and types in the stubs stay as written by hand; the check compares their
parameter names with the extension's signatures, so a keyword added in Rust and not in the
stubs is caught.

    python crates/sudoku-py/stubs.py          # rewrite the stubs' docstrings
    python crates/sudoku-py/stubs.py --check  # exit 1, with a diff, when they are stale

It needs the package installed (`cargo xtask python` does it); the pytest suite runs the
check.
"""

import ast
import difflib
import inspect
import pathlib
import sys

STUB = pathlib.Path(__file__).resolve().parent / "python" / "sudoku_rs" / "__init__.pyi"


def runtime_doc(module, path):
    """The docstring of `path` (a name, or Class.method) at run time, or None."""
    obj = module
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    doc = inspect.getdoc(obj)
    if doc is None or (("." in path) and doc == inspect.getdoc(type(obj))):
        return None
    return doc


def quoted(doc, indent):
    """`doc` as a triple-quoted string indented by `indent` spaces."""
    doc = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    pad = " " * indent
    lines = doc.splitlines()
    if len(lines) == 1:
        return [f'{pad}"""{lines[0]}"""']
    out = [f'{pad}"""{lines[0]}']
    out += [f"{pad}{line}" if line else "" for line in lines[1:]]
    out.append(f'{pad}"""')
    return out


def targets(tree):
    """The functions and classes of the stub to document: (node, dotted name)."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            yield node, node.name
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            yield node, node.name
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    yield item, f"{node.name}.{item.name}"


def rewritten(text, module):
    """The stub `text` with each documented function's and class's docstring set to the
    runtime's."""
    lines = text.splitlines()
    edits = []
    for node, name in targets(ast.parse(text)):
        doc = runtime_doc(module, name)
        if doc is None:
            continue
        indent = node.col_offset + 4
        first = node.body[0]
        has_doc = (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        )
        if has_doc:
            edits.append((first.lineno - 1, first.end_lineno, quoted(doc, indent)))
        elif (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and first.value.value is Ellipsis
        ):
            # `def f(...) -> X: ...  # comment`: the docstring replaces the ellipsis, and a
            # comment (a type: ignore) stays on the line it is about.
            row = first.lineno - 1
            line = lines[row]
            head = line[: first.col_offset].rstrip()
            tail = line[first.end_col_offset :].strip()
            new_line = head + (f"  {tail}" if tail else "")
            edits.append((row, row + 1, [new_line] + quoted(doc, indent)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = replacement
    return "\n".join(lines) + "\n"


def runtime_parameters(module, path):
    """The parameter names of `path`'s signature at run time, or None where it has none."""
    obj = module
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [name for name in signature.parameters if name not in ("self", "cls")]


def signature_drift(text, module):
    """What differs between the stub's and the runtime's parameter names, function by
    function (the overloads of a stub function taken together)."""
    stub = {}
    for node, name in targets(ast.parse(text)):
        if isinstance(node, ast.FunctionDef):
            arguments = node.args
            names = [
                a.arg
                for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
                if a.arg not in ("self", "cls")
            ]
            stub.setdefault(name, [])
            stub[name] += [n for n in names if n not in stub[name]]
    drift = []
    for name, names in stub.items():
        runtime = runtime_parameters(module, name)
        if runtime is None:
            continue
        missing = [n for n in runtime if n not in names]
        extra = [n for n in names if n not in runtime]
        if missing or extra:
            drift.append(f"{name}: the stub lacks {missing}, has in excess {extra}")
    return drift


def main(argv):
    import sudoku_rs

    check = "--check" in argv
    text = STUB.read_text(encoding="utf-8")
    new = rewritten(text, sudoku_rs)
    drift = signature_drift(text, sudoku_rs)
    for line in drift:
        print(f"{STUB.name}: {line}", file=sys.stderr)
    if check:
        if new != text:
            diff = difflib.unified_diff(
                text.splitlines(), new.splitlines(), "stub", "runtime docs", lineterm=""
            )
            print("\n".join(diff))
            print(
                f"{STUB.name}: docstrings differ from the extension's; run "
                "python crates/sudoku-py/stubs.py",
                file=sys.stderr,
            )
            return 1
        return 1 if drift else 0
    STUB.write_text(new, encoding="utf-8")
    return 1 if drift else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
