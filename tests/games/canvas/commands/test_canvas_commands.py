"""Every Canvas command through the command line: its answers, its JSON keys and every exit code."""

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[4]
EXAMPLES = ROOT / "examples" / "positions" / "canvas"
TIE = str(EXAMPLES / "two-player-tiebreak.yaml")
CAPPED = str(EXAMPLES / "three-player-capped.yaml")
BONUS = str(EXAMPLES / "four-player-bonus.yaml")

POSITION = """\
# Mid-game: Ana holds five cards and must paint; Ben holds two.
game: canvas
scoring: [composition, space, repetition, variety]
players:
  - name: Ana
    inspiration: 1
    hand: [Delicate, Revolution, Masked, Precious, Chosen]   # five: she must paint
    paintings:
      - [Heavy, Fragile, Melancholy]
  - name: Ben
    inspiration: 3
    hand: [Truth, Mess]
    paintings: []
market:
  - Nature                      # slot 1
  - {card: Beauty, tokens: 1}   # slot 2
  - Bait
  - Sudden
  - Pride
"""
BROKEN = POSITION.replace("[Truth, Mess]", "[Truth, Heavy]")  # Heavy in two places: exit 4
UNREADABLE = POSITION.replace("[Truth, Mess]", "[Truht, Mess]")  # exit 3


def run(*args):
    result = CliRunner().invoke(root, list(args), catch_exceptions=False)
    return result


def as_json(*args):
    result = run(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def files(tmp_path):
    out = {}
    for name, text in (("game", POSITION), ("broken", BROKEN), ("unreadable", UNREADABLE)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(text)
        out[name] = str(path)
    return out


# --- score -----------------------------------------------------------------------------------------


def test_score_json_has_the_spec_keys():
    code, data = as_json("score", TIE)
    assert code == 0 and set(data) == {"players", "winners", "decided_by", "provisional"}
    assert [tuple(p) for p in data["players"]] == [
        ("name", "points", "ribbons", "bonus_ribbons", "total", "inspiration", "rank")
    ] * 2
    assert data["winners"] == ["Ana"] and data["decided_by"] == "inspiration"
    ana = data["players"][0]
    assert ana["ribbons"] == {"composition": 0, "emphasis": 3, "repetition": 2, "variety": 2}
    assert ana["points"] == {"composition": 0, "emphasis": 11, "repetition": 7, "variety": 8}


def test_score_detail_carries_the_derivation():
    code, data = as_json("score", CAPPED, "--detail")
    cleo = data["players"][0]
    assert cleo["name"] == "Cleo"
    space = next(c for c in cleo["detail"]["cards"] if c["card"] == "space")
    assert (space["per_painting"], space["earned"], space["counted"], space["points"]) == ([3, 2, 1], 6, 4, 11)
    first = cleo["detail"]["paintings"][0]
    assert first["cards"] == ["Delicate", "Revolution", "Masked"] and first["ribbons"]["space"] == 3
    pairs = first["derivation"]["space"]["groups"]
    assert [[i["swatch"] for i in g] for g in pairs] == [["red", "blue"], ["blue", "yellow"], ["violet", "green"]]
    assert data["house_rules"] == {"hierarchy": "tone", "bonus_ribbon_points": 2} and data["finished"] is True


def test_score_human_output_explains_every_number():
    out = run("score", CAPPED, "--format", "plain").output
    assert "Winner: Cleo, decided by the higher total [canvas.score]" in out
    assert "space: 3 + 2 + 1 = 6 ribbons, only 4 taken (the cap) [canvas.cap] -> 11 points [canvas.score.space]" in out
    assert (
        "space 3 [canvas.score.space]: 3 hue–shape pairs: hue in red + shape in blue; hue in blue + shape in "
        "yellow; hue in violet + shape in green" in out
    )
    assert "grey 1 [canvas.bonus]: bonus-hue in violet matches the hue in blue" in out
    tie = run("score", TIE).output
    assert "Winner: Ana, decided by more inspiration tokens left [canvas.tiebreak]" in tie
    assert "Ana above Ben: more inspiration tokens left, 2 to 1 (tied on 26 points) [canvas.tiebreak]" in tie


def test_score_markdown_and_house_rules(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        pathlib.Path(BONUS).read_text() + "house_rules: {hierarchy: texture-strict, bonus_ribbon_points: 1}\n"
    )
    code, data = as_json("score", str(path))
    assert code == 0
    totals = {p["name"]: p["total"] for p in data["players"]}
    # texture-strict: Ben's third painting (3 textures, 1 tone, 1 shape) and Dev's second (2 textures,
    # 1 hue) now earn hierarchy (4 each); every tone-led painting loses it; grey ribbons are worth 1.
    assert totals == {"Ana": 4, "Ben": 3 + 4 + 3 + 1, "Cleo": 8 + 2, "Dev": 4}
    out = run("score", str(path), "--format", "markdown").output
    assert "| place" in out and "Reading: hierarchy: texture must be the single most shown element (house rule)" in out


def test_score_shared_place(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(pathlib.Path(TIE).read_text().replace("inspiration: 2", "inspiration: 1"))
    code, data = as_json("score", str(path))
    assert data["decided_by"] == "shared" and data["winners"] == ["Ana", "Ben"]
    assert [p["rank"] for p in data["players"]] == [1, 1]
    assert "sharing first place" in run("score", str(path)).output


def test_score_exit_codes(files):
    assert run("score", files["game"]).exit_code == 0
    assert "provisional [canvas.end]" in run("score", files["game"]).output
    assert run("score", files["broken"]).exit_code == 4
    result = run("score", files["unreadable"])
    assert result.exit_code == 3 and "did you mean 'Truth'?" in result.output
    assert run("score", files["game"] + ".missing").exit_code == 3
    assert run("score", files["game"], "--format", "fancy").exit_code == 2


# --- check, end -----------------------------------------------------------------------------------


def test_check_exit_codes(files):
    assert run("check", files["game"]).exit_code == 0
    assert run("check", files["broken"]).exit_code == 4
    assert run("check", files["unreadable"]).exit_code == 3
    assert run("check", files["game"], "--nope").exit_code == 2


def test_end(files):
    code, data = as_json("end", files["game"])
    assert code == 0 and data["over"] is False and data["paintings"] == {"Ana": 1, "Ben": 0}
    assert data["waiting"] == ["Ana", "Ben"] and data["rule"] == "canvas.end"
    code, data = as_json("end", TIE)
    assert data["over"] is True and data["waiting"] == []
    assert "The game is over" in run("end", TIE).output
    assert run("end", files["broken"]).exit_code == 4
    assert run("end", files["unreadable"]).exit_code == 3


# --- painting ---------------------------------------------------------------------------------------


def test_painting_json_spec_keys_and_derivation():
    code, data = as_json("canvas", "painting", "Delicate", "Revolution", "Masked", "--scoring", "space,symmetry")
    assert code == 0
    assert data["visible"] == {
        "red": ["hue"],
        "yellow": ["shape"],
        "green": ["shape", "texture"],
        "blue": ["hue", "shape"],
        "violet": ["hue", "texture"],
    }
    assert data["ribbons"] == {"space": 3, "symmetry": 2} and data["bonus_ribbons"] == 0
    assert data["shown_by"]["yellow"] == "Masked"
    assert data["covered"] == [{"swatch": "yellow", "icon": "hue", "card": "Revolution"}]


def test_painting_draws_five_swatches_by_name():
    out = run("canvas", "painting", "heavy", "FRAGILE", "Melancholy").output
    assert "red         yellow      green       blue        violet" in out
    assert "Melancholy  Fragile     -           Melancholy  -" in out
    assert "covered, not counted: tone in red (Heavy)" in out
    assert "emphasis 1 [canvas.score.emphasis]: exactly one hue shows (hue in yellow)" in out
    assert out.count("[canvas.score.") == 12


def test_painting_with_a_file_and_player(files):
    code, data = as_json("canvas", "painting", "Delicate", "Revolution", "Masked", files["game"], "--player", "Ana")
    # Ana has no composition, space or repetition ribbons yet (her first painting shows 1 shape, 1 hue):
    # composition 1 (+1), space 3 (+7), repetition 1 (+3), variety 0.
    assert (
        code == 0 and data["gain"] == 11 and set(data["ribbons"]) == {"composition", "space", "repetition", "variety"}
    )


def test_painting_svg(tmp_path):
    svg = tmp_path / "p.svg"
    result = run("canvas", "painting", "Delicate", "Revolution", "Masked", "--svg", str(svg))
    assert result.exit_code == 0 and svg.read_text().startswith("<svg")
    text = svg.read_text()
    for word in ("red", "violet", "Delicate", "Revolution", "Masked", "texture", "line-through"):
        assert word in text
    again = run("canvas", "painting", "Delicate", "Revolution", "Masked", "--svg", str(svg))
    assert again.exit_code == 2 and "--force" in again.output


@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (["Heavy", "Fragile"], 2, "a painting is 3 art cards"),
        (["Heavy", "Heavy", "Fragile"], 2, "3 different art cards"),
        (["Heavy", "Fragle", "Melancholy"], 2, "Did you mean 'Fragile'?"),
        (["Heavy", "Fragile", "Melancholy", "--scoring", "spase"], 2, "Did you mean 'space'?"),
        (["Heavy", "Fragile", "Melancholy", "--player", "Ana"], 2, "--player needs a position FILE"),
        (["Heavy", "Fragile", "Melancholy", "/nonexistent.yaml"], 3, "cannot read the file"),
    ],
)
def test_painting_exit_codes(args, code, fragment):
    result = run("canvas", "painting", *args)
    assert result.exit_code == code and fragment in result.output


def test_painting_reads_a_broken_file_as_broken(files):
    assert run("canvas", "painting", "Trap", "Fragile", "Melancholy", files["broken"]).exit_code == 4
    result = run("canvas", "painting", "Trap", "Fragile", "Melancholy", files["game"], "--player", "Anna")
    assert result.exit_code == 2 and "Did you mean 'Ana'?" in result.output


# --- best ----------------------------------------------------------------------------------------


def test_best_json_ranks_every_painting(files):
    code, data = as_json("canvas", "best", files["game"], "--player", "Ana")
    assert code == 0 and len(data["paintings"]) == 60
    first = data["paintings"][0]
    assert set(first) >= {"cards", "gain", "ribbons"}
    assert first["cards"] == ["Delicate", "Revolution", "Masked"] and first["gain"] == 11
    gains = [p["gain"] for p in data["paintings"]]
    assert gains == sorted(gains, reverse=True)


def test_best_human(files):
    out = run("canvas", "best", files["game"], "--player", "ana", "--top", "3").output
    assert "the best 3 of 60" in out and "Best: Delicate, Revolution, Masked (bottom to top), +11 points" in out
    assert "with 5 in hand a painting is the only move [canvas.paint]" in out


def test_best_counts_the_cap():
    # Cleo's space is at its cap in the capped example: no painting can add space points for her.
    path = pathlib.Path(CAPPED)
    text = (
        path.read_text()
        .replace("hand: [Warning]", "hand: [Warning, Chosen, Attraction]")
        .replace("      - [Vast, Liberated, View]\n", "")
    )
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        f = pathlib.Path(tmp) / "g.yaml"
        f.write_text(text)
        code, data = as_json("canvas", "best", str(f), "--player", "Cleo")
    assert code == 0
    assert any(p["ribbons"]["space"] for p in data["paintings"])
    # 5 space ribbons already: at most 4 count, so no painting adds space points
    assert all(p["points"]["space"] == 0 for p in data["paintings"])


@pytest.mark.parametrize(
    "player, code, fragment",
    [
        ("Ben", 1, "Ben holds 2 art cards; a painting needs 3"),
        ("Zed", 2, "no player 'Zed'"),
    ],
)
def test_best_exit_codes(files, player, code, fragment):
    result = run("canvas", "best", files["game"], "--player", player)
    assert result.exit_code == code and fragment in result.output


def test_best_exit_codes_for_bad_files(files):
    assert run("canvas", "best", files["broken"], "--player", "Ana").exit_code == 4
    assert run("canvas", "best", files["unreadable"], "--player", "Ana").exit_code == 3
    code, data = as_json("canvas", "best", TIE, "--player", "Ana")
    assert code == 1 and data["legal"] is False and data["rule"] == "canvas.paint"


# --- take ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player, slot, legal, rule, cost, gained, after",
    [
        ("Ben", 1, True, "canvas.take", 0, 0, 3),  # slot 1 is free
        ("Ben", 2, True, "canvas.take", 1, 1, 3),  # pays 1 onto Nature, picks up Beauty's token
        ("Ben", 4, True, "canvas.take", 3, 0, 0),  # all three tokens
        ("Ben", 5, False, "canvas.take", None, None, None),  # would cost 4, Ben has 3
        ("Ana", 1, False, "canvas.take", None, None, None),  # five in hand: she must paint
    ],
)
def test_take_verdicts(files, player, slot, legal, rule, cost, gained, after):
    code, data = as_json("canvas", "take", files["game"], "--player", player, "--slot", str(slot))
    assert (code == 0) is legal and (code == 1) is (not legal)
    assert (data["legal"], data["rule"], data["cost"], data["tokens_gained"], data["inspiration_after"]) == (
        legal,
        rule,
        cost,
        gained,
        after,
    )


def test_take_a_finished_player_is_skipped():
    code, data = as_json("canvas", "take", BONUS, "--player", "Dev", "--slot", "1")
    assert code == 1 and data["rule"] == "canvas.end"


def test_take_apply_keeps_comments_and_slides_the_market(files):
    path = pathlib.Path(files["game"])
    result = run("canvas", "take", str(path), "--player", "Ben", "--slot", "3", "--apply", "--draw", "Trap")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "# Mid-game: Ana holds five cards" in text and "# five: she must paint" in text
    assert "hand: [Truth, Mess, Bait]" in text and "inspiration: 1\n    hand: [Truth" in text
    assert (
        "  - {card: Nature, tokens: 1}   # slot 1\n  - {card: Beauty, tokens: 2}   # slot 2\n  - Sudden\n"
        "  - Pride\n  - Trap\n" in text
    )
    assert run("check", str(path)).exit_code == 0


def test_take_apply_without_draw_is_refused_as_a_record_refuses_it(files):
    """A position is judged as a record judges the same move: the refill is part of the take [canvas.take]."""
    path = pathlib.Path(files["game"])
    before = path.read_bytes()
    result = run("canvas", "take", str(path), "--player", "Ben", "--slot", "1", "--apply")
    assert result.exit_code == 1, result.output
    assert "--draw WORD" in result.output and "[canvas.take]" in result.output
    assert path.read_bytes() == before


def test_take_refused_leaves_the_file_untouched(files):
    path = pathlib.Path(files["game"])
    before = path.read_bytes()
    result = run("canvas", "take", str(path), "--player", "Ben", "--slot", "5", "--apply")
    assert result.exit_code == 1 and "Nothing was recorded" in result.output
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (["--player", "Ben", "--slot", "6"], 2, "6 is not in the range"),
        (["--player", "Ben", "--slot", "1", "--draw", "Trap"], 2, "it goes with --apply"),
        (["--player", "Ben", "--slot", "1", "--apply", "--draw", "Heavy"], 2, "Heavy is already in Ana's painting 1"),
        (["--player", "Ben", "--slot", "1", "--apply", "--draw", "Trapp"], 2, "Did you mean 'Trap'?"),
        (["--player", "Bem", "--slot", "1"], 2, "Did you mean 'Ben'?"),
    ],
)
def test_take_usage_errors(files, args, code, fragment):
    before = pathlib.Path(files["game"]).read_bytes()
    result = run("canvas", "take", files["game"], *args)
    assert result.exit_code == code and fragment in result.output
    assert pathlib.Path(files["game"]).read_bytes() == before


def test_take_file_errors(files):
    assert run("canvas", "take", files["broken"], "--player", "Ben", "--slot", "1").exit_code == 4
    assert run("canvas", "take", files["unreadable"], "--player", "Ben", "--slot", "1").exit_code == 3
    result = run("canvas", "take", CAPPED, "--player", "Ben", "--slot", "1")
    assert result.exit_code == 3 and "this command needs 'market:'" in result.output


def test_take_empty_slot_is_a_no(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(POSITION.replace("  - Sudden\n  - Pride\n", ""))
    code, data = as_json("canvas", "take", str(path), "--player", "Ben", "--slot", "4")
    assert code == 1 and "slot 4 is empty" in data["reason"]


# --- cards, rules, new ---------------------------------------------------------------------------------


def test_cards():
    code, data = as_json("canvas", "cards")
    assert code == 0 and len(data["art_cards"]) == 60 and len(data["scoring_cards"]) == 12
    code, data = as_json("canvas", "cards", "masked")
    assert data["art_cards"] == [
        {"n": 40, "word": "Masked", "side": "left", "swatches": {"yellow": ["shape"], "green": ["shape", "texture"]}}
    ]
    code, data = as_json("canvas", "cards", "Unity")
    assert data["scoring_cards"][0]["name"] == "emphasis" and data["scoring_cards"][0]["points"] == [1, 4, 11]
    result = run("canvas", "cards", "Maskd")
    assert result.exit_code == 2 and "Did you mean 'Masked'?" in result.output
    assert "Masked" in run("canvas", "cards", "--format", "markdown").output


def test_rules():
    result = run("rules", "--game", "canvas")
    assert result.exit_code == 0 and "canvas.score.space" in result.output
    assert "canvas.house.hierarchy" in run("rules", "--game", "canvas", "house").output
    code, data = as_json("rules", "--game", "canvas", "score.space")
    assert code == 0 and data["game"] == "canvas" and data["rules"][0]["id"] == "canvas.score.space"
    wrong = run("rules", "--game", "canvas", "spacee.x")
    assert wrong.exit_code == 2


def test_new(tmp_path):
    result = run("new", "--game", "canvas", "--players", "Ana,Ben,Caro", "--scenario", "first-game")
    assert result.exit_code == 0
    assert "scoring: [variety, repetition, emphasis, composition]" in result.output
    assert result.output.count("inspiration: 4") == 3
    out = tmp_path / "g.yaml"
    assert run("new", "--game", "canvas", "--players", "Ana", "-o", str(out)).exit_code == 0
    checked = run("check", str(out), "--json")
    assert checked.exit_code == 3
    assert {p["code"] for p in json.loads(checked.stdout)["problems"]} == {"placeholder"}
    head, body = out.read_text().split("game: canvas\n")
    body = body.replace("[FILL-IN, FILL-IN, FILL-IN, FILL-IN]", "[space, style, variety, symmetry]")
    for word in ("Heavy", "Bait", "Trap", "Mess", "Truth"):
        body = body.replace("FILL-IN", word, 1)
    out.write_text(head + "game: canvas\n" + body)
    assert run("check", str(out)).exit_code == 0
    assert run("new", "--game", "canvas", "--players", "Ana", "-o", str(out)).exit_code == 2  # exists


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--players", "A,B,C,D,E,F"], "1 to 5 players"),
        (["--players", "Ana,ana"], "given twice"),
        (["--players", "Ana,"], "empty"),
        (["--players", "Ana", "--scenario", "balanced"], "The published sets in our rules text: first-game"),
        (["--players", "Ana", "--scenario", "first-gam"], "Did you mean 'first-game'?"),
    ],
)
def test_new_usage_errors(args, fragment):
    result = run("new", "--game", "canvas", *args)
    assert result.exit_code == 2 and fragment in result.output


@pytest.mark.parametrize(
    "command",
    [
        ["canvas", "painting"],
        ["canvas", "best"],
        ["canvas", "take"],
        ["canvas", "cards"],
        ["score", "--game", "canvas"],
        ["check", "--game", "canvas"],
        ["end", "--game", "canvas"],
        ["new", "--game", "canvas"],
        ["rules", "--game", "canvas"],
        ["canvas"],
    ],
)
def test_every_command_has_help_with_an_example(command):
    result = run(*command, "--help")
    assert result.exit_code == 0 and "Example" in result.output
