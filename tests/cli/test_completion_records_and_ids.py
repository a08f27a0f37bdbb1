"""Completion on the files docs/catalogue.md and docs/records.md say to write (issue 33, item 15): a
position naming its commissions by catalogue id, and a game record, completed from its end.

Commission titles completed nothing when a position named its cards by id from `--catalogue FILE` or
the saved catalogue (the completer read the file without them), and nothing completed on a Pastiche
record (players, cells, cards, commissions), the bundled ones included. Through click's completion
machinery in each shell's class; tests/cli/test_completion_shells.py types the same in real shells.
"""

import os
import shlex

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamlio import MAX_BYTES

SHELLS = ("bash", "zsh", "fish")
RECORDS = ROOT / "examples" / "records"
BOX = ROOT / "examples" / "quick" / "box.yaml"
SHORT = RECORDS / "three-player-short.yaml"  # Pastiche, played to its end

# Made-up titles (examples/quick/box.yaml's); the position names every card by its id, as
# docs/catalogue.md says to write it.
BY_ID = """\
players:
  - name: Ana
    palette: [teal, blue, blue, orange, white, green]
    commissions: [harbour-at-dusk, lantern-study]
    completed: [red-mill]
  - name: Ben
    palette: [purple, bisque, yellow, green]
    commissions: [night-market, paper-boats]
    completed: []
gallery: [blue-mill, orchard-in-fog, quiet-canal, fog-lamp]
turn: {player: Ana, phase: painting}
"""


def offered(line: str, shell: str = "zsh") -> list[str]:
    """What completion offers for `line` (after its last space, the word being typed), as `shell` asks."""
    from click.shell_completion import split_arg_string

    from pastiche_cli.cli.tab import completion_classes

    words = split_arg_string(line)
    incomplete = "" if line.endswith(" ") else words.pop()
    env = {"_PASTICHE_COMPLETE": f"{shell}_complete", "COMP_WORDS": line}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        comp = completion_classes()[shell](root, {}, "pastiche", "_PASTICHE_COMPLETE")
        return [c.value for c in comp.get_completions(words[1:], incomplete)]
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def bash_answers(line: str, env: dict | None = None) -> list[str]:
    """What the bash script gets back (read back as bash reads the word), the whole process as it runs."""
    words = line.split(" ")
    extra = {"COMP_WORDS": "\n".join(words), "COMP_CWORD": str(len(words) - 1), "COMP_WORD": words[-1]}
    result = CliRunner().invoke(
        root, [], env={"_PASTICHE_COMPLETE": "bash_complete", **extra, **(env or {})}, prog_name="pastiche"
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return [shlex.split(out.split(",", 1)[1])[0] for out in result.output.splitlines() if "," in out]


@pytest.fixture
def by_id(tmp_path, monkeypatch):
    """A position naming its cards by id, the box beside it; the working folder is theirs."""
    (tmp_path / "ids.yaml").write_text(BY_ID)
    (tmp_path / "box.yaml").write_text(BOX.read_text())
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- commissions named by catalogue id ------------------------------------------------------------------

HAND = ["harbour-at-dusk", "Harbour at Dusk", "lantern-study", "Lantern Study"]
GALLERY = ["blue-mill", "Blue Mill", "orchard-in-fog", "Orchard in Fog", "quiet-canal", "Quiet Canal"]
GALLERY += ["fog-lamp", "Fog Lamp"]


@pytest.mark.parametrize("shell", SHELLS)
def test_commission_ids_complete_from_the_catalogue_option(by_id, shell):
    assert offered("pastiche complete ids.yaml --catalogue box.yaml --player Ana ", shell) == HAND + GALLERY
    assert offered("pastiche plan ids.yaml --player Ana --catalogue box.yaml ", shell) == HAND + GALLERY
    assert offered("pastiche swap ids.yaml --catalogue box.yaml --player Ana --give ", shell) == HAND
    assert offered("pastiche swap ids.yaml --catalogue box.yaml --player Ana --take ", shell) == GALLERY


@pytest.mark.parametrize("shell", SHELLS)
def test_commission_ids_complete_from_the_saved_catalogue(by_id, shell, monkeypatch):
    monkeypatch.setenv("PASTICHE_CATALOGUE", str(by_id / "box.yaml"))
    assert offered("pastiche complete ids.yaml --player Ben ", shell) == [
        "night-market",
        "Night Market",
        "paper-boats",
        "Paper Boats",
        *GALLERY,
    ]


def test_a_title_and_an_id_are_told_apart_by_the_case_typed(by_id):
    # Both start with "harb" in any case; a shell inserts what its answers share, and these share nothing.
    line = "pastiche complete ids.yaml --catalogue box.yaml --player Ana "
    assert offered(line + "Harb") == ["Harbour at Dusk"]
    assert offered(line + "harb") == ["harbour-at-dusk"]
    assert offered(line + "ORCH") == ["orchard-in-fog", "Orchard in Fog"]  # neither case typed: both


def test_the_bash_script_inserts_the_title_as_one_word(by_id):
    assert bash_answers("pastiche complete ids.yaml --catalogue box.yaml --player Ana Lan") == ["Lantern Study"]
    assert bash_answers("pastiche complete ids.yaml --catalogue box.yaml --player Ana lan") == ["lantern-study"]


def test_an_unreadable_catalogue_completes_no_commission_and_no_error(by_id):
    (by_id / "bad.yaml").write_text("catalogue: [\n")
    assert bash_answers("pastiche complete ids.yaml --catalogue bad.yaml --player Ana ") == []


# --- a Pastiche record, from its end --------------------------------------------------------------------


@pytest.mark.parametrize("shell", SHELLS)
def test_a_pastiche_record_completes_from_its_end(shell):
    record = str(SHORT)
    assert offered(f"pastiche complete {record} --player ", shell) == ["Ana", "Ben", "Caro"]
    # Ben completed Quiet Pond (pond) and drew Brick Kiln (kiln) during the game; the gallery is as set up
    assert offered(f"pastiche complete {record} --player Ben ", shell) == [
        "lamp",
        "Oil Lamp",
        "kiln",
        "Brick Kiln",
        "attic",
        "Dusty Attic",
        "bridge",
        "Rope Bridge",
        "comet",
        "Comet Night",
        "dusk",
        "Red Dusk",
    ]
    # Caro ends holding violet, teal and white (she set up with orange, green, violet and brown)
    assert offered(f"pastiche trade {record} --player Caro --give ", shell) == ["violet", "teal", "white"]
    # the cells the three hexes took during the game are no longer open
    cells = offered(f"pastiche place {record} RYBBYR/R --player Ana --at ", shell)
    assert cells and not {"0,-1", "1,-1", "-1,1"} & set(cells)
    assert offered(f"pastiche moves {record} --top 1 --player C", shell) == ["Caro"]


def _final(record):
    from pastiche_cli import games
    from pastiche_cli.formats.reading import load_text
    from pastiche_cli.formats.yamlio import read_text

    game = games.declared(games.known()[_game_of(record)])
    position, problems, _, replay, _ = load_text(game, str(record), read_text(record), {})
    assert replay is not None and replay.stop is None, problems
    return replay.final


def _game_of(record) -> str:
    return record.parent.name if record.parent != RECORDS else "pastiche"


BUNDLED = sorted(p for p in RECORDS.rglob("*.yaml") if "broken" not in p.name)


@pytest.mark.parametrize("record", BUNDLED, ids=lambda p: str(p.relative_to(RECORDS)))
def test_every_bundled_record_completes_what_its_end_holds(record):
    end = _final(record)
    names = [p.name for p in end.players]
    game = _game_of(record)
    if game == "pastiche":
        assert offered(f"pastiche complete {record} --player ") == names
        for p in end.players:
            hand = [ref for c in (*p.commissions, *end.gallery) for ref in (c.id, c.title) if ref]
            assert offered(f"pastiche complete {record} --player {p.name} ") == list(dict.fromkeys(hand))
            held = [card for card, n in p.palette.items() if n]
            assert sorted(offered(f"pastiche trade {record} --player {p.name} --give ")) == sorted(held)
    elif game == "canvas":
        from pastiche_cli.games.canvas.core.moves import deck

        assert offered(f"pastiche canvas take {record} --player ") == names
        assert offered(f"pastiche canvas take {record} --player {names[0]} --slot 1 --draw ") == list(deck(end))
    elif game == "masterpiece":
        from pastiche_cli.games.masterpiece.core.moves import card_word

        assert offered(f"pastiche masterpiece present {record} --player ") == names
        for p in end.players:
            hand = [card_word(c) for c in p.hand]
            assert offered(f"pastiche masterpiece present {record} --player {p.name} --cards ") == hand
    else:
        assert offered(f"pastiche artline spots {record} --player ") == names


def test_a_record_whose_replay_stops_completes_no_name_from_its_moves():
    broken = RECORDS / "two-player-game-broken.yaml"
    assert offered(f"pastiche complete {broken} --player Ana ") == []
    assert offered(f"pastiche place {broken} RYBBYR/R --player Ana --at ") == []
    assert offered(f"pastiche complete {broken} --player ") == ["Ana", "Ben"]  # the setup's players


@pytest.mark.parametrize("kind", ["folder", "binary", "too large", "not yaml", "empty"])
def test_an_unreadable_file_completes_nothing_and_says_nothing(tmp_path, monkeypatch, kind):
    monkeypatch.chdir(tmp_path)
    text = SHORT.read_text()
    if kind == "folder":
        (tmp_path / "game.yaml").mkdir()
    elif kind == "binary":
        (tmp_path / "game.yaml").write_bytes(text.encode()[:400] + b"\x00\x01")
    elif kind == "too large":  # over the size every command reads: not replayed
        (tmp_path / "game.yaml").write_text(text + "# " + "x" * MAX_BYTES + "\n")
    elif kind == "not yaml":
        (tmp_path / "game.yaml").write_text("setup: [\nmoves: {")
    else:
        (tmp_path / "game.yaml").write_text("")
    for line in [
        "pastiche complete game.yaml --player ",
        "pastiche complete game.yaml --player Ben ",
        "pastiche place game.yaml RYBBYR/R --player Ana --at ",
        "pastiche play game.yaml ",
        "pastiche play game.yaml Ana\\ ",
    ]:
        assert bash_answers(line) == [], line
    # a card is still a card: --give offers every colour when no hand can be read (as with no --player)
    assert len(bash_answers("pastiche trade game.yaml --player Caro --give ")) == 17


# --- the other games' records, from their end too -------------------------------------------------------


def test_a_canvas_record_completes_its_deck_at_its_end(tmp_path):
    from pastiche_cli.games.canvas.core.moves import deck

    record = RECORDS / "canvas" / "two-player-game.yaml"
    end = _final(record)
    drawn = offered(f"pastiche canvas take {record} --player Ana --slot 1 --draw ")
    assert drawn == list(deck(end))
    position = EXAMPLES / "canvas" / "midgame.yaml"
    assert drawn != offered(f"pastiche canvas take {position} --player Ana --slot 1 --draw ")


def test_a_masterpiece_record_completes_hands_and_theses_at_its_end():
    record = RECORDS / "masterpiece" / "three-player-game.yaml"
    end = _final(record)
    assert offered(f"pastiche masterpiece present {record} --player Ana --thesis ") == [t.id for t in end.theses]
    published = [p for p in end.players if p.published]
    for owner in published:
        assert offered(f"pastiche masterpiece review {record} --player Ana --from {owner.name}:") == [
            f"{owner.name}:{p.thesis}" for p in owner.published
        ]
