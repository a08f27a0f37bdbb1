"""A game's value is usable with no face at all: in a process where importing click or rich fails, each
game of the registry scores, judges and replays its bundled record, sees it from a seat, and no module
of pastiche_cli.cli is loaded (issue 30: the terminal is one face of a game, not its home)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

FACELESS = r"""
import importlib.abc, json, pathlib, sys

class Faceless(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("click", "rich"):
            raise ImportError(f"{name} is not importable here")
        return None

sys.meta_path.insert(0, Faceless())

from pastiche_cli import games
from pastiche_cli.formats.reading import load_text

root = pathlib.Path(sys.argv[1])
said = {}
for name, entry in games.known().items():
    game = games.declared(entry)
    path = root / game.record_example
    _, problems, record, replay, _ = load_text(game, str(path), path.read_text(encoding="utf-8"), {})
    first = record.moves[0].text
    move = game.rules.parse_move(first, replay.setup)
    verdict = game.rules.judge(replay.setup, move)
    after_end = game.rules.judge_next(replay.final, replay.over, game.rules.parse_move(first, replay.final))
    scores = game.teller.scores_json(replay.final)
    seat = replay.setup.players[0].name
    said[name] = {
        "problems": [p.message for p in problems],
        "replayed": [len(replay.steps), len(record.moves), replay.stop is None, replay.over],
        "first": [str(move), verdict.legal, verdict.rule],
        "after_end": after_end.legal,
        "scores": scores,
        "lines": game.teller.final_lines(replay.final)[:1],
        "view": game.view.of(replay.final, seat)["players"][0]["name"],
    }
try:
    import click
except ImportError:
    blocked = True
else:
    blocked = False
faces = sorted(m for m in sys.modules if m.partition(".")[0] in ("click", "rich") or m.startswith("pastiche_cli.cli"))
print(json.dumps({"games": said, "blocked": blocked, "faces": faces}))
"""


def test_every_game_scores_judges_and_replays_with_no_face_loaded():
    ran = subprocess.run(
        [sys.executable, "-c", FACELESS, str(ROOT)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert ran.returncode == 0, ran.stderr
    said = json.loads(ran.stdout)
    assert said["blocked"] and said["faces"] == []
    from pastiche_cli import games

    assert sorted(said["games"]) == sorted(games.known())
    for name, game in said["games"].items():
        steps, moves, whole, over = game["replayed"]
        assert game["problems"] == [] and steps == moves > 1 and whole and over, name
        text, legal, rule = game["first"]
        assert legal and rule, name  # the record's first move, judged on its setup
        assert not game["after_end"], name  # no move follows the end of the game
        assert game["scores"]["players"] and game["scores"]["provisional"] is False, name
        assert game["lines"][0].startswith(("Final scores", "Final standing")), name
        assert game["view"], name
