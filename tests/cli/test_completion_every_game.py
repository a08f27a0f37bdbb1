"""Completion for every game, as click answers a shell (the callbacks; tests/cli/test_completion_shells.py
types the same lines in real bash, zsh and fish): --game, the players of any game's file, Canvas's
card words, Masterpiece's thesis ids and cards, and OWNER:VALUE forms."""

import os
import shlex

import every_game
import pytest
from conftest import EXAMPLES

from pastiche_cli.cli.root import root


def offered(line: str, shell: str = "zsh") -> list[str]:
    """What completion offers for `line` (the word after the last space is the one being typed)."""
    from click.shell_completion import ShellComplete

    from pastiche_cli.cli.tab import completion_classes

    words = shlex.split(line)
    incomplete = "" if line.endswith(" ") else words.pop()
    cls = completion_classes()[shell]
    env = {"_PASTICHE_COMPLETE": f"{shell}_complete", "COMP_WORDS": line}  # as the scripts set them
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        comp: ShellComplete = cls(root, {}, "pastiche", "_PASTICHE_COMPLETE")
        return [c.value for c in comp.get_completions(words[1:], incomplete)]
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


CANVAS = EXAMPLES / "canvas" / "midgame.yaml"
MASTERPIECE = EXAMPLES / "masterpiece" / "midgame.yaml"


@pytest.mark.parametrize("name", every_game.NAMES)
@pytest.mark.parametrize("verb", ["new", "rules", "score", "check", "end", "board", "replay", "play", "undo"])
def test_game_offers_the_games(verb, name):
    assert sorted(offered(f"pastiche {verb} --game ")) == sorted(every_game.NAMES)
    assert offered(f"pastiche {verb} --game {name}") == [n for n in every_game.NAMES if n.startswith(name)]


@pytest.mark.parametrize("verb", ["new", "score", "rules"])
def test_game_is_a_listed_option(verb):
    from click.testing import CliRunner

    out = CliRunner().invoke(root, [verb, "--help"]).output
    assert "--game NAME" in out


def test_rules_then_takes_the_chosen_games_ids():
    assert all(i.startswith("canvas.") for i in offered("pastiche rules --game canvas canvas.sc"))


def player_questions() -> list[tuple[str, list[str]]]:
    """(a command line, the players it must offer) for every own command of every game that takes --player:
    after the game's first bundled position, and after its first record (a record's players are its setup's)."""
    out = []
    for game in every_game.GAMES:
        files = [p for p in every_game.positions(game) if "broken" not in p.stem][:1] + every_game.records(game)[:1]
        for command in every_game.player_commands(game):
            out += [
                (" ".join(["pastiche", *command, str(path), "--player", ""]), every_game.players(path))
                for path in files
            ]
    return out


@pytest.mark.parametrize(
    "line, names", player_questions(), ids=[line.replace(f"{EXAMPLES.parent}/", "") for line, _ in player_questions()]
)
def test_player_names_for_every_game(line, names):
    assert names and offered(line) == names


def test_canvas_draw_offers_the_deck_only():
    deck = offered(f"pastiche canvas take {CANVAS} --player Ben --slot 1 --draw ")
    # Ana's hand of 5 and painting of 3, Ben's hand of 1 and two paintings of 3, the market of 5
    assert len(deck) == 60 - 5 - 3 - 1 - 6 - 5
    assert "Trap" in deck and "Truth" not in deck and "Nature" not in deck


def test_canvas_painting_offers_card_words_then_the_file():
    assert offered("pastiche canvas painting Hea") == ["Heavy"]
    assert offered("pastiche canvas cards Fr") == ["Fragile", "Freedom"]


def test_masterpiece_theses_and_cards():
    theses = offered(f"pastiche masterpiece present {MASTERPIECE} --player Ana --thesis ")
    assert "seven-run" in theses and "end-flag" in theses
    assert offered(f"pastiche masterpiece present {MASTERPIECE} --player Ana --cards pink-3,") == [
        "pink-3,orange-3",
        "pink-3,purple-8",
        "pink-3,orange-8",
        "pink-3,blue-9",
        "pink-3,green-12",
    ]
    assert offered(f"pastiche masterpiece present {MASTERPIECE} --player Ana --cite Ben:") == ["Ben:blue-6"]
    assert offered(f"pastiche masterpiece present {MASTERPIECE} --player Ana --cite ") == ["Ana:", "Ben:", "Caro:"]
    assert offered(f"pastiche masterpiece review {MASTERPIECE} --player Ana --from Caro:") == ["Caro:five-run"]
    take = offered(f"pastiche masterpiece review {MASTERPIECE} --player Ana --from Caro:five-run --take ")
    assert take == ["purple-4", "orange-5", "yellow-6", "lightblue-7"]


def test_owner_forms_offer_nothing_in_bash():
    assert offered(f"pastiche masterpiece present {MASTERPIECE} --player Ana --cite ", "bash") == []


def test_a_broken_file_gives_no_names_and_no_error(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("game: canvas\nplayers: [\n")
    assert offered(f"pastiche canvas take {path} --player ") == []
