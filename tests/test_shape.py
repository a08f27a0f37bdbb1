"""Short files and short functions (issue 30): a reader can follow each module and each function.

No module of pastiche_cli/ over 600 lines, no function over 60 lines but the few named below (each
with the one line that says why it is long); the complexity bound (25) is ruff's C901, set in
pyproject.toml, so that `ruff check` holds it. Read with `ast`: nothing is imported.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "pastiche_cli"
MODULE_LINES = 600
FUNCTION_LINES = 60

# The functions allowed to be longer, by "folder/module.py:function", each with why (at most 10).
LONG_ON_PURPOSE: dict[str, str] = {}


def modules() -> list[pathlib.Path]:
    return sorted(PACKAGE.rglob("*.py"))


def long_functions(source: str, limit: int = FUNCTION_LINES) -> list[tuple[str, int]]:
    """(name, lines) of every function or method of the source longer than `limit` lines, decorators apart."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1  # type: ignore[operator]
            if lines > limit:
                found.append((node.name, lines))
    return found


def where(path: pathlib.Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_no_module_is_over_600_lines():
    long = {where(p): n for p in modules() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert long == {}


def test_no_function_is_over_60_lines_but_those_named_with_their_reason():
    long = {
        f"{where(p)}:{name}": lines for p in modules() for name, lines in long_functions(p.read_text(encoding="utf-8"))
    }
    assert sorted(set(long) - set(LONG_ON_PURPOSE)) == []
    assert sorted(set(LONG_ON_PURPOSE) - set(long)) == [], "named as long, and no longer long: take it off the list"
    assert len(LONG_ON_PURPOSE) <= 10 and all(why.strip() for why in LONG_ON_PURPOSE.values())


def test_ruff_holds_the_complexity_bound():
    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    mccabe = text.split("[tool.ruff.lint.mccabe]", 1)[1].split("\n[", 1)[0]
    assert '"C901"' in text.split("[tool.ruff.lint]", 1)[1].split("\n[", 1)[0]
    assert "max-complexity = 25" in mccabe


@pytest.mark.parametrize(
    "source, found",
    [
        ("def f():\n" + "    x = 1\n" * 60, [("f", 61)]),
        ("def f():\n" + "    x = 1\n" * 59, []),
        ("class C:\n    def m(self):\n" + "        x = 1\n" * 61, [("m", 62)]),
        ("async def g():\n" + "    await x\n" * 70, [("g", 71)]),
    ],
)
def test_the_counter_counts(source, found):
    assert long_functions(source) == found
