"""Artline's page (pastiche_cli/games/artline/README.md): its console examples run as written, and it
describes every Artline command and option."""

from __future__ import annotations

import pathlib
import re
import shlex

import click
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[3]
PAGE = ROOT / "pastiche_cli" / "games" / "artline" / "README.md"


def examples() -> list[list[str]]:
    return [
        shlex.split(line[len("$ pastiche ") :])
        for line in PAGE.read_text("utf-8").splitlines()
        if line.startswith("$ pastiche ")
    ]


def test_the_page_has_examples_of_every_command():
    used = {tuple(args[:2]) if args[0] == "artline" else (args[0],) for args in examples()}
    assert used >= {
        ("new",),
        ("artline", "spots"),
        ("artline", "place"),
        ("artline", "discard"),
        ("board",),
        ("score",),
        ("end",),
        ("rules",),
    }


def test_the_examples_run_in_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    for args in examples():
        result = CliRunner().invoke(root, args, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
    assert (tmp_path / "game.yaml").is_file() and (tmp_path / "table.svg").is_file()
    assert CliRunner().invoke(root, ["check", "game.yaml"]).exit_code == 0


@pytest.mark.parametrize("path", [("artline", "place"), ("artline", "spots"), ("artline", "discard")])
def test_every_option_is_described(path):
    ctx = click.Context(root, info_name="pastiche")
    group = root.get_command(ctx, path[0])
    command = group.get_command(ctx, path[1])
    text = PAGE.read_text("utf-8")
    missing = [
        o
        for p in command.params
        if isinstance(p, click.Option)
        for o in p.opts
        if o not in ("--help", "-h") and not re.search(re.escape(o) + r"(?![\w-])", text)
    ]
    assert not missing
