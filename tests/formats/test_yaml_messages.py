"""YAML problems in plain words, where the fix goes (issue 13): tabs, unclosed brackets and quotes,
merge keys, an unreadable file. Each is a located exit 3."""

import json
import os

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

CASES = [
    # name, text, line, column, words the message must hold
    ("tab", "players:\n\t- name: Ana\n", 2, 1, "a tab character is used for indentation"),
    (
        "list-over-lines",
        "players:\n  - name: Ana\n    palette: [red, blue\n    commissions: []\n",
        3,
        24,
        "the list opened with '[' at line 3, column 14 is not closed: a ']'",
    ),
    (
        "missing-bracket",
        "players: [{name: Ana, palette: [red]}, {name: Ben}\n",
        1,
        51,
        "the list opened with '[' at line 1, column 10 is not closed",
    ),
    (
        "missing-brace",
        "players:\n  - name: Ana\n    palette: {red: 2\n",
        3,
        21,
        "the mapping opened with '{' at line 3, column 14 is not closed: a '}'",
    ),
    ("open-quote", 'players:\n  - name: "Ana\n  - name: Ben\n', 2, 11, "this quoted text is never closed"),
    ("colon-in-text", "players:\n  - name: Ana: the first\n", 2, 14, "put it in quotes"),
    (
        "merge-key",
        "base: &b {palette: [red]}\nplayers:\n  - <<: *b\n    name: Ana\n  - name: Ben\n",
        3,
        5,
        "a merge key '<<' is not supported",
    ),
    # a %-escape in a tag is decoded once, as written: '%25' is '%' (it was decoded twice: exit 70)
    ("tag-percent", "players:\n  - name: !who%25 Ana\n", 2, 11, "the tag '!who%' is not allowed"),
    ("tag-percent-twice", "players:\n  - name: !who%2541 Ana\n", 2, 11, "the tag '!who%41' is not allowed"),
]


@pytest.mark.parametrize("name, text, line, column, words", CASES, ids=[c[0] for c in CASES])
def test_yaml_problems_in_plain_words_at_the_fix(tmp_path, name, text, line, column, words):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    r = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert r.exit_code == 3, r.output
    problems = json.loads(r.stdout)["problems"]
    first = problems[0]
    assert (first["line"], first["column"]) == (line, column), first
    assert words in first["message"]
    assert "cannot start any token" not in first["message"]
    r = CliRunner().invoke(root, ["check", str(path)])
    assert f"{path}:{line}:{column}: error:" in r.output


def test_every_merge_key_is_named(tmp_path):
    path = tmp_path / "merges.yaml"
    path.write_text("players:\n  - &a {name: Ana}\n  - <<: *a\n    name: Ben\n  - <<: *a\n    name: Caro\n")
    r = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert r.exit_code == 3
    assert [(p["line"], p["code"]) for p in json.loads(r.stdout)["problems"]] == [(3, "merge-key"), (5, "merge-key")]


def test_a_quoted_merge_key_is_just_a_key(tmp_path):
    path = tmp_path / "quoted.yaml"
    path.write_text("players:\n  - name: Ana\n    '<<': 1\n  - name: Ben\n")
    r = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert "merge-key" not in r.stdout


def test_an_unreadable_file_is_a_located_exit_3(tmp_path, monkeypatch):
    # The suite may run as root, who reads anything: refuse the open the way the kernel would.
    path = tmp_path / "secret.yaml"
    path.write_text("players: []\n")
    real_open = os.open

    def refuse(target, *args, **kwargs):
        if str(target) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(target, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    for command in (["check"], ["score"], ["plan", "--player", "Ana"], ["board"]):
        r = CliRunner().invoke(root, [command[0], str(path), *command[1:]])
        assert r.exit_code == 3, (command, r.output)
        assert f"{path}:1:1: error: cannot read the file: Permission denied" in r.output
