"""compose() builds the node graph from one parse (issue 13), exactly as ruamel's own composer does."""

import io
import pathlib
import random

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from pastiche_cli.formats import yamlio
from pastiche_cli.kernel.problems import PositionError

ROOT = pathlib.Path(__file__).resolve().parents[1].parent
EXAMPLES = sorted((ROOT / "examples" / "positions").glob("*.yaml"))


def same(a, b, seen) -> bool:
    """Same tags, values, styles and places; an alias is the same shared node in both."""
    if a is None or b is None:
        return a is b
    if id(a) in seen:
        return seen[id(a)] is b
    seen[id(a)] = b
    if type(a) is not type(b) or str(a.tag) != str(b.tag):
        return False
    if (a.start_mark.line, a.start_mark.column) != (b.start_mark.line, b.start_mark.column):
        return False
    if a.id == "scalar":
        return a.value == b.value and a.style == b.style
    if len(a.value) != len(b.value):
        return False
    if a.id == "sequence":
        return all(same(x, y, seen) for x, y in zip(a.value, b.value))
    return all(same(k1, k2, seen) and same(v1, v2, seen) for (k1, v1), (k2, v2) in zip(a.value, b.value))


def _mutate():
    """The fuzz test's mutation, loaded by path (tests/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("hostile_fuzz", ROOT / "tests" / "hostile" / "test_fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.mutate


def texts():
    mutate = _mutate()

    originals = [p.read_text("utf-8") for p in EXAMPLES]
    out = list(originals) + ["", "# only a comment\n", "a: &x [1, {b: *x}]\n", "? [a, b]\n: c\n", "- !!str 3\n"]
    rng = random.Random(5)
    for n in range(400):
        text = originals[n % len(originals)]
        for _ in range(rng.randint(1, 3)):
            text = mutate(text, rng)
        out.append(text)
    return out


def test_nodes_equal_ruamels_composer_on_examples_and_mutants():
    compared = 0
    for text in texts():
        try:
            mine = yamlio.compose("x.yaml", text)
        except PositionError as exc:
            if exc.problems[0].code in ("merge-key", "too-deep"):
                continue
            with pytest.raises((YAMLError, ValueError, KeyError, RecursionError)):  # as yamlio.compose catches
                YAML(typ="safe").compose(io.StringIO(text))
            continue
        assert same(mine, YAML(typ="safe").compose(io.StringIO(text)), {}), text
        compared += 1
    assert compared > 100


def test_nesting_is_refused_in_the_one_pass():
    with pytest.raises(PositionError) as refused:
        yamlio.compose("deep.yaml", "a: " + "[" * 40_000 + "]" * 40_000 + "\n")
    assert refused.value.problems[0].code == "too-deep" and refused.value.problems[0].line == 1
