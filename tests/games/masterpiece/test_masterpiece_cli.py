"""Every Masterpiece command through the command line: each exit code it can give, --json beside the words,
--apply writing only what the move computed, and hostile files answered with located errors, never a traceback."""

import json
import pathlib
import shutil

import pytest
from click.testing import CliRunner
from masterpiece_helpers import write

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "positions" / "masterpiece"
MIDGAME = EXAMPLES / "midgame.yaml"
FINISHED = EXAMPLES / "finished-tiebreak.yaml"
TRIGGERED = EXAMPLES / "end-triggered.yaml"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def midgame(tmp_path):
    path = tmp_path / "midgame.yaml"
    shutil.copy(MIDGAME, path)
    return path


BROKEN_RULES = """\
game: masterpiece
theses:
  - {id: duo, requirement: kind 2, points: 1}
players:
  - {name: Ana, hand: [pink 3]}
  - {name: Ben, hand: [pink 3]}
  - {name: Caro}
"""

UNKNOWN_THESIS = """\
game: masterpiece
theses:
  - {id: five-run, requirement: run 5, points: 3}
players:
  - name: Ana
    accepted: [{thesis: fiverun, card: pink 3}]
  - {name: Ben}
  - {name: Caro}
"""


# --- score -----------------------------------------------------------------------------------------


def test_score_the_finished_game_decided_by_fewer_theses():
    result = run("score", FINISHED, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == {
        "players": [
            {"name": "Ana", "points": 16, "accepted": 3, "rank": 1},
            {"name": "Ben", "points": 16, "accepted": 4, "rank": 2},
            {"name": "Caro", "points": 11, "accepted": 3, "rank": 3},
        ],
        "winners": ["Ana"],
        "decided_by": "fewer_theses",
        "provisional": False,
    }
    words = run("score", FINISHED).output
    assert "Winner: Ana, decided by fewer accepted theses [masterpiece.score.tiebreak]" in words
    assert "Ana above Ben: tied on 16 points, fewer accepted theses, 3 to 4" in words
    assert "end-flag: 1 (the end flag)" in words and "provisional" not in words


def test_score_detail_carries_the_theses():
    data = json.loads(run("score", FINISHED, "--json", "--detail").stdout)
    assert data["players"][0]["detail"]["theses"][2] == {
        "thesis": "end-flag",
        "points": 1,
        "card": "pink 2",
        "end_flag": True,
        "counted": True,
    }


def test_score_refuses_an_unknown_thesis_naming_it(tmp_path):
    path = write(tmp_path, UNKNOWN_THESIS)
    result = run("score", path)
    assert result.exit_code == 3
    assert f"{path}:6:25: error: no thesis 'fiverun' in the file's theses; did you mean 'five-run'?" in result.output
    data = json.loads(run("score", path, "--json").stdout)
    assert data["problems"][0]["code"] == "unknown-thesis"


def test_score_exit_codes(tmp_path):
    assert run("score", write(tmp_path, BROKEN_RULES)).exit_code == 4
    assert run("score", "--game", "masterpiece", tmp_path / "missing.yaml").exit_code == 3
    assert run("score", MIDGAME, "--frobnicate").exit_code == 2
    assert "provisional" in run("score", MIDGAME).output
    assert run("score", MIDGAME, "--format", "markdown").output.startswith("## Scores")


def test_the_alias_names_the_game(tmp_path):
    path = write(tmp_path, MIDGAME.read_text().replace("game: masterpiece", "game: laminate-rummy"))
    assert run("score", path).exit_code == 0
    assert run("check", "--game", "laminate-rummy", path).exit_code == 0


# --- check -----------------------------------------------------------------------------------------


def test_check_exit_codes(tmp_path):
    ok = run("check", MIDGAME)
    assert ok.exit_code == 0 and "OK (0 warnings)" in ok.output
    bad = run("check", write(tmp_path, BROKEN_RULES))
    assert bad.exit_code == 4 and ":6:5: error: pink 3 is Ben's hand and Ana's hand (line 5)" in bad.output
    assert run("check", write(tmp_path, UNKNOWN_THESIS, "u.yaml")).exit_code == 3
    data = json.loads(run("check", write(tmp_path, BROKEN_RULES, "b.yaml"), "--json").stdout)
    assert data["valid"] is False and data["problems"][0]["code"] == "card-twice"
    assert run("check").exit_code == 2


def test_check_reports_every_problem_at_once(tmp_path):
    text = """\
game: masterpiece
theses:
  - {id: five-run, requirement: run 5, points: 3, copeis: 2}
  - {id: nine, requirement: run 9 same-suit, points: 12}
players:
  - {name: Ana, hand: [pnik 3, blue 2, orange], colour: red}
  - {name: Ben, published: [{thesis: five-rn, cards: [pink 1]}]}
  - {name: Caro}
turn: {player: Anna}
"""
    result = run("check", write(tmp_path, text))
    out = result.output
    assert result.exit_code == 3
    for expected in [
        "3:51: error: unknown key 'copeis' in theses[0]; did you mean 'copies'?",
        "6:24: error: a card in Ana's hand: unknown suit 'pnik' in 'pnik 3'; did you mean 'pink'?",
        "6:32: error: a card in Ana's hand: there is no blue 2: blue runs from 6 to 12",
        "6:40: error: a card in Ana's hand: 'orange' is not a card",
        "6:49: error: unknown key 'colour' in players[0]",
        "7:38: error: no thesis 'five-rn' in the file's theses; did you mean 'five-run'?",
        "7:29: error: Ben's 'five-rn' is under review with one card (pink 1)",
        "9:16: error: turn.player: no player 'Anna'; did you mean 'Ana'?",
        "4:5: error: thesis 'nine': a run of 9 of one suit is impossible",
        "thesis 'nine' is worth 12 points; a thesis is worth 1 to 9",
    ]:
        assert expected in out, out


HOSTILE = {
    "empty": "",
    "only a comment": "# nothing\n",
    "a list": "- 1\n- 2\n",
    "a number": "42\n",
    "a python tag": "game: masterpiece\nplayers: !!python/object:os.system [ls]\n",
    "a custom tag": "game: masterpiece\nplayers:\n  - !player {name: Ana}\n",
    "players is text": "game: masterpiece\nplayers: Ana, Ben, Caro\n",
    "hand is a mapping": "game: masterpiece\nplayers:\n  - {name: Ana, hand: {pink 3: 1}}\n",
    "huge points": "game: masterpiece\ntheses:\n  - {id: x, requirement: run 5, points: " + "9" * 5000 + "}\n"
    "players: [{name: Ana}, {name: Ben}, {name: Caro}]\n",
    "huge value": "game: masterpiece\nplayers:\n  - {name: Ana, hand: [pink " + "9" * 5000 + "]}\n",
    "huge run": "game: masterpiece\ntheses:\n  - {id: x, requirement: run 99999999, points: 3}\n"
    "players: [{name: Ana}, {name: Ben}, {name: Caro}]\n",
    "unknown top key": "game: masterpiece\nplayerz: []\n",
    "bad yaml": "game: masterpiece\nplayers: [\n",
    "wrong game": "game: pastiche-x\nplayers: []\n",
    "name is a list": "game: masterpiece\nplayers:\n  - {name: [Ana]}\n",
    "boolean as a string": "game: masterpiece\nplayers: [{name: A}, {name: B}, {name: C}]\n"
    "house_rules: {flag_in_tiebreak: maybe}\n",
    "negative deck": "game: masterpiece\nplayers: [{name: A}, {name: B}, {name: C}]\ndeck: -3\n",
    "alias bomb": "game: masterpiece\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "players: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", ["check", "score", "end"])
def test_hostile_files_are_located_errors(tmp_path, name, command):
    path = write(tmp_path, HOSTILE[name])
    result = run(command, "--game", "masterpiece", path)
    assert result.exit_code == 3, result.output
    assert f"{path}:" in result.output and ": error: " in result.output
    assert "Traceback" not in result.output


def test_a_binary_file_is_a_located_error(tmp_path):
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"game: masterpiece\n\x00\x01")
    result = run("check", "--game", "masterpiece", path)
    assert result.exit_code == 3 and f"{path}:2:1: error:" in result.output


# --- end -------------------------------------------------------------------------------------------


def test_end_of_a_fresh_trigger_says_who_the_flag_and_the_turns():
    result = run("end", TRIGGERED)
    assert result.exit_code == 0
    assert "The end is triggered by Ben [masterpiece.end]." in result.output
    assert "Ben lays the end flag now" in result.output
    assert "Turns still to come: Ana 2, Ben 1, Caro 2 [masterpiece.end.turns]." in result.output
    data = json.loads(run("end", TRIGGERED, "--json").stdout)
    assert data["turns_left"] == {"Ana": 2, "Ben": 1, "Caro": 2} and data["flag"] == "due"
    assert data["triggered_by"] == "Ben" and data["recorded"] is True


def test_end_exit_codes(tmp_path):
    assert "is not triggered" in run("end", MIDGAME).output
    assert "the game is over" in run("end", FINISHED).output
    assert run("end", write(tmp_path, BROKEN_RULES)).exit_code == 4
    assert run("end", "--game", "masterpiece").exit_code == 2


# --- rules, deck, new --------------------------------------------------------------------------------


def test_rules_and_deck():
    assert "masterpiece.cite.owed" in run("rules", "--game", "masterpiece").output
    owed = run("rules", "--game", "masterpiece", "cite.owed")
    assert owed.exit_code == 0 and "one card from your hand" in owed.output
    house = json.loads(run("rules", "--game", "masterpiece", "house", "--json").stdout)
    assert [r["id"] for r in house["rules"]] == [
        "masterpiece.house",
        "masterpiece.house.end_threshold_strict",
        "masterpiece.house.flag_in_tiebreak",
        "masterpiece.house.flag_cited",
        "masterpiece.house.flag_at_once",
        "masterpiece.house.research_turns",
    ]
    wrong = run("rules", "--game", "masterpiece", "citte")
    assert wrong.exit_code == 2 and "did you mean" in wrong.output.lower()
    deck = json.loads(run("masterpiece", "deck", "--json").stdout)
    assert deck["total"] == 49 and len(deck["cards"]) == 49 and deck["copies"]["7"] == 7
    assert "pink       1-7" in run("masterpiece", "deck").output
    assert run("masterpiece", "deck", "--bogus").exit_code == 2


def test_new_writes_a_position_check_then_guides(tmp_path):
    out = tmp_path / "g.yaml"
    made = run("new", "--game", "masterpiece", "--players", "Ana,Ben,Caro", "-o", out)
    assert made.exit_code == 0
    checked = run("check", out)
    assert checked.exit_code == 3 and "replace the FILL-IN" in checked.output
    assert run("new", "--game", "masterpiece", "--players", "Ana,Ben,Caro", "-o", out).exit_code == 2
    assert run("new", "--game", "masterpiece", "--players", "Ana,Ben").exit_code == 2
    assert run("new", "--game", "masterpiece", "--players", "Ana,Ben,ana").exit_code == 2
    assert run("new", "--game", "masterpiece", "--players", "Ana,,Ben").exit_code == 2
    bare = run("new", "--game", "masterpiece", "--players", "A,B,C,D,E", "--no-theses").output
    assert "theses:" not in bare.replace("# ", "").split("players:")[0].split("\n")[-2]


def test_a_filled_in_new_game_checks(tmp_path):
    text = run("new", "--game", "masterpiece", "--players", "Ana,Ben,Caro").output
    filled = text.replace(
        "{id: FILL-IN, requirement: FILL-IN, points: FILL-IN, copies: 1}",
        "{id: five-run, requirement: run 5, points: 3, copies: 1}",
    )
    hands = iter(["pink 1, pink 2, pink 3", "pink 4, pink 5, pink 6", "green 7, green 8, green 9"])
    filled = "\n".join(
        ln.replace("FILL-IN, FILL-IN, FILL-IN", next(hands)) if "FILL-IN, FILL-IN" in ln else ln
        for ln in filled.split("\n")
    )
    result = run("check", write(tmp_path, filled))
    assert result.exit_code == 0, result.output


# --- present ---------------------------------------------------------------------------------------

PRESENT = [
    "masterpiece",
    "present",
    MIDGAME,
    "--player",
    "Ana",
    "--thesis",
    "three-pairs",
    "--cards",
    "pink-3,orange 3,purple-8,orange-8",
    "--cite",
    "Ana:pink-6",
    "--cite",
    "Ben:blue 6",
]


def test_present_with_a_citation_shows_the_assignment_and_what_is_owed():
    result = run(*PRESENT)
    assert result.exit_code == 0
    assert "pair of 6: pink 6 (cited from Ana's triple), blue 6 (cited from Ben's five-run)" in result.output
    assert "owes Ben 1 card from hand, for citing blue 6" in result.output
    data = json.loads(run(*PRESENT, "--json").stdout)
    assert {k: data[k] for k in ("legal", "rule", "owed")} == {
        "legal": True,
        "rule": "masterpiece.cite",
        "owed": [{"to": "Ben", "cards": 1, "for": ["blue 6"]}],
    }
    assert data["assignment"][1] == {
        "part": "pair of 6",
        "cards": [{"card": "pink 6", "from": "Ana:triple"}, {"card": "blue 6", "from": "Ben:five-run"}],
    }


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["--thesis", "seven-run", "--cards", "pink-3,orange-3"], 1, "takes exactly 7 cards"),
        (["--thesis", "triple", "--cards", "pink-3,orange-3,blue-9"], 1, "already published 'triple'"),
        (["--thesis", "five-run", "--cards", "pink-3"], 1, "every copy of 'five-run'"),
        (["--thesis", "three-pairs", "--cite", "Ana:pink-6"], 1, "at least one card must come from hand"),
        (["--thesis", "three-pairs", "--cards", "yellow 4"], 1, "does not hold yellow 4"),
        (["--thesis", "three-pairz", "--cards", "pink-3"], 2, "Did you mean 'three-pairs'?"),
        (["--thesis", "three-pairs", "--cards", "pnk-3"], 2, "did you mean 'pink'?"),
        (["--thesis", "three-pairs", "--cards", "pink-3,,blue-9"], 2, "an empty card"),
        (["--thesis", "three-pairs", "--cards", "pink-3", "--cite", "Bne:blue-6"], 2, "Did you mean 'Ben'?"),
        (["--thesis", "three-pairs", "--cards", "pink-3", "--cite", "blue-6"], 2, "should be OWNER:CARD"),
    ],
)
def test_present_exit_codes(args, code, words):
    result = run("masterpiece", "present", MIDGAME, "--player", "Ana", *args)
    assert result.exit_code == code, result.output
    assert words in result.output


def test_present_out_of_turn_and_on_bad_files(tmp_path):
    assert (
        "Ana's turn"
        in run(
            "masterpiece", "present", MIDGAME, "--player", "Ben", "--thesis", "three-pairs", "--cards", "yellow-4"
        ).output
    )
    assert run("masterpiece", "present", MIDGAME, "--player", "Dora", "--thesis", "x").exit_code == 2
    assert (
        run(
            "masterpiece",
            "present",
            write(tmp_path, BROKEN_RULES),
            "--player",
            "Ana",
            "--thesis",
            "duo",
            "--cards",
            "pink-3",
        ).exit_code
        == 4
    )
    assert (
        run(
            "masterpiece",
            "present",
            write(tmp_path, UNKNOWN_THESIS, "u.yaml"),
            "--player",
            "Ana",
            "--thesis",
            "five-run",
            "--cards",
            "pink-3",
        ).exit_code
        == 3
    )


def test_present_apply_records_the_thesis_the_gift_and_the_turn(midgame):
    before = midgame.read_text()
    refused = run(*PRESENT[:2], midgame, *PRESENT[3:], "--apply")
    assert refused.exit_code == 2 and "--give OWNER:CARD" in refused.output
    assert midgame.read_text() == before
    result = run(*PRESENT[:2], midgame, *PRESENT[3:], "--give", "Ben:green-12", "--apply")
    assert result.exit_code == 0, result.output
    text = midgame.read_text()
    assert "hand: [blue 9]" in text and "hand: [yellow 4, yellow 5, green 12]" in text
    assert "- {thesis: three-pairs, cards: [pink 3, orange 3, purple 8, orange 8]}" in text
    assert "turn: {player: Ben}" in text
    assert "# the other two 6s were reviewed away" in text and "# in turn order" in text
    assert run("check", midgame).exit_code == 0


def test_present_apply_of_an_illegal_move_leaves_the_file(midgame):
    before = midgame.read_text()
    result = run(
        "masterpiece", "present", midgame, "--player", "Ana", "--thesis", "seven-run", "--cards", "pink-3", "--apply"
    )
    assert result.exit_code == 1 and "not applied" in result.output
    assert midgame.read_text() == before


def test_the_flag_after_a_trigger(tmp_path):
    path = tmp_path / "t.yaml"
    shutil.copy(TRIGGERED, path)
    options = json.loads(run("masterpiece", "options", path, "--player", "Ben", "--json").stdout)
    flag = [o for o in options["options"] if o["thesis"] == "end-flag"][0]
    assert flag["presentable"] and flag["ways"] == 2 and flag["accepted_at_once"]
    result = run(
        "masterpiece", "present", path, "--player", "Ben", "--thesis", "end-flag", "--cards", "yellow-9", "--apply"
    )
    assert result.exit_code == 0 and "accepted at once and scores 1 point" in result.output
    assert "{thesis: end-flag, card: yellow 9}" in path.read_text()
    assert "turn: {player: Ben}" in path.read_text()  # laying the flag is not a turn: Ben still has his
    assert "Ben has laid the end flag" in run("end", path).output


# --- review ----------------------------------------------------------------------------------------


def test_review_exit_codes_and_acceptance(tmp_path, midgame):
    ok = run(
        "masterpiece", "review", MIDGAME, "--player", "Ana", "--from", "Caro:five-run", "--take", "orange-5", "--json"
    )
    assert ok.exit_code == 0
    assert json.loads(ok.stdout) | {} == {
        "legal": True,
        "rule": "masterpiece.review",
        "reason": json.loads(ok.stdout)["reason"],
        "accepted": False,
        "points": 0,
        "author": "Caro",
        "left": ["purple 4", "yellow 6", "lightblue 7"],
        "triggers_end": False,
        "applied": False,
    }
    assert (
        run("masterpiece", "review", MIDGAME, "--player", "Ana", "--from", "Ben:five-run", "--take", "blue-6").exit_code
        == 1
    )
    assert (
        run(
            "masterpiece", "review", MIDGAME, "--player", "Ben", "--from", "Caro:five-run", "--take", "orange-5"
        ).exit_code
        == 1
    )
    assert (
        run("masterpiece", "review", MIDGAME, "--player", "Ana", "--from", "Caro", "--take", "orange-5").exit_code == 2
    )
    assert (
        run(
            "masterpiece", "review", MIDGAME, "--player", "Ana", "--from", "Caro:fiverun", "--take", "orange-5"
        ).exit_code
        == 2
    )
    assert (
        run(
            "masterpiece",
            "review",
            write(tmp_path, BROKEN_RULES),
            "--player",
            "Ana",
            "--from",
            "Ben:duo",
            "--take",
            "pink-3",
        ).exit_code
        == 4
    )
    text = midgame.read_text().replace(
        "{thesis: full-house, cards: [orange 9, yellow 9, lightblue 9]}",
        "{thesis: full-house, cards: [orange 9, yellow 9]}",
    )
    midgame.write_text(text)
    accepted = run(
        "masterpiece", "review", midgame, "--player", "Ana", "--from", "Ben:full-house", "--take", "orange 9", "--apply"
    )
    assert accepted.exit_code == 0 and "it is accepted: 5 points to Ben" in accepted.output
    after = midgame.read_text()
    assert "{thesis: full-house, card: yellow 9}" in after and "thesis: full-house, cards" not in after
    assert run("score", midgame, "--json").exit_code == 0
    assert json.loads(run("score", midgame, "--json").stdout)["players"][0] == {
        "name": "Ben",
        "points": 8,
        "accepted": 2,
        "rank": 1,
    }


# --- options ---------------------------------------------------------------------------------------


def test_options_lists_every_thesis_and_why_not(tmp_path):
    result = run("masterpiece", "options", MIDGAME, "--player", "Ana")
    assert result.exit_code == 0
    assert "three-pairs" in result.output and "(cite Ben)" in result.output
    assert (
        "five-run (run 5): every copy of 'five-run' is on the table (2 of 2) [masterpiece.present.copies]"
        in result.output
    )
    data = json.loads(run("masterpiece", "options", MIDGAME, "--player", "Ana", "--json").stdout)
    assert [o["thesis"] for o in data["options"] if o["presentable"]] == ["three-pairs"]
    assert run("masterpiece", "options", MIDGAME, "--player", "Anna").exit_code == 2
    assert run("masterpiece", "options", write(tmp_path, BROKEN_RULES), "--player", "Ana").exit_code == 4
    assert run("masterpiece", "options", write(tmp_path, UNKNOWN_THESIS, "u.yaml"), "--player", "Ana").exit_code == 3
    none = run("masterpiece", "options", TRIGGERED, "--player", "Caro")
    assert "research or review instead [masterpiece.research]" in none.output


# --- the saved thesis catalogue ------------------------------------------------------------------------


def test_the_thesis_catalogue_round_trip(tmp_path, monkeypatch):
    saved = tmp_path / "saved.yaml"
    monkeypatch.setenv("PASTICHE_MASTERPIECE_THESES", str(saved))
    T = ("masterpiece", "theses")
    assert run(*T, "add", "five-run", "--requirement", "run 5", "--points", "3", "--copies", "2").exit_code == 0
    assert run(*T, "add", "twins", "--requirement", "pairs 2", "--points", "2", "--repeats").exit_code == 0
    assert run(*T, "add", "five-run", "--requirement", "run 5", "--points", "3").exit_code == 2  # taken
    assert run(*T, "add", "x", "--requirement", "run 9 same-suit", "--points", "3").exit_code == 4
    assert run(*T, "add", "x", "--requirement", "kind 5 of 13", "--points", "3").exit_code == 4
    assert run(*T, "add", "x", "--requirement", "run 5", "--points", "10").exit_code == 4
    assert run(*T, "add", "x", "--requirement", "rn 5", "--points", "3").exit_code == 2
    assert run(*T, "add", "x", "--requirement", "run 5", "--points", "3", "--repeats").exit_code == 2
    listed = json.loads(run(*T, "list", "--json").stdout)
    assert [t["id"] for t in listed["theses"]] == ["five-run", "twins"] and listed["theses"][1]["repeats"]
    assert "values may repeat" in run(*T, "show", "twins").output
    assert run(*T, "show", "twinz").exit_code == 2
    saved.write_text(saved.read_text() + "# our box, second edition\n")
    # a position without theses: uses the whole catalogue
    pos = write(
        tmp_path,
        "game: masterpiece\nplayers:\n  - name: Ana\n    accepted: [{thesis: twins, card: pink 2}]\n"
        "  - {name: Ben}\n  - {name: Caro}\n",
    )
    assert json.loads(run("score", pos, "--json").stdout)["players"][0]["points"] == 2
    assert run(*T, "import", MIDGAME, "--dry-run").exit_code == 0
    assert run(*T, "import", MIDGAME).exit_code == 0
    assert len(json.loads(run(*T, "list", "--json").stdout)["theses"]) == 9
    assert "# our box, second edition" in saved.read_text()
    assert run(*T, "remove", "twins", "seven-run").exit_code == 0
    assert run(*T, "remove", "twins").exit_code == 2
    exported = tmp_path / "share.yaml"
    assert run(*T, "export", "-o", exported).exit_code == 0
    assert run(*T, "export", "-o", exported).exit_code == 2
    assert run(*T, "list", "--theses", exported, "--json").exit_code == 0
    assert run(*T, "list", "--theses", tmp_path / "nope.yaml").exit_code == 3
    broken = write(tmp_path, "theses:\n  - {id: x, requirement: rn 5, points: 3}\n", "broken.yaml")
    assert run(*T, "list", "--theses", broken).exit_code == 3
    bad_import = write(
        tmp_path,
        "game: masterpiece\ntheses:\n  - {id: y, requirement: kind 8, points: 3}\n"
        "players: [{name: A}, {name: B}, {name: C}]\n",
        "bad.yaml",
    )
    assert run(*T, "import", bad_import).exit_code == 4
    assert run(*T, "import", write(tmp_path, "game: [\n", "syntax.yaml")).exit_code == 3


def test_the_catalogue_is_kept_apart_from_pastiche_s(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PASTICHE_DATA")  # the platform's data folder: XDG_DATA_HOME's, on Linux
    assert run("masterpiece", "theses", "add", "duo", "--requirement", "kind 2", "--points", "1").exit_code == 0
    assert (tmp_path / "xdg" / "pastiche" / "masterpiece-theses.yaml").is_file()
    assert not (tmp_path / "xdg" / "pastiche" / "catalogue.yaml").exists()


def test_a_broken_saved_catalogue_is_located_in_its_own_file(tmp_path, monkeypatch):
    saved = write(tmp_path, "theses:\n  - {id: x, requirement: run 5, points: three}\n", "saved.yaml")
    monkeypatch.setenv("PASTICHE_MASTERPIECE_THESES", str(saved))
    pos = write(tmp_path, "game: masterpiece\nplayers: [{name: A}, {name: B}, {name: C}]\n")
    result = run("check", pos)
    assert result.exit_code == 3 and f"{saved}:2:41: error:" in result.output
