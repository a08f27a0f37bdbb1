"""What a wheel ships: every package of the source tree, and every game's data (a user's install has no checkout)."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def listed_packages() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^packages = \[(.*?)^\]", text, re.S | re.M).group(1)
    return set(re.findall(r'"([\w.]+)"', block))


def test_every_package_in_the_tree_is_installed():
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "pastiche_cli").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found - listed_packages() == set(), "add these to [tool.setuptools] packages in pyproject.toml"


def test_every_game_has_its_data_shipped():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pastiche_cli.data" = ["*/*.json"' in text
    for game in (ROOT / "pastiche_cli" / "games").iterdir():
        if (game / "__init__.py").is_file() and (ROOT / "data" / game.name).is_dir():
            assert any((ROOT / "data" / game.name).glob("*.json")), game.name
