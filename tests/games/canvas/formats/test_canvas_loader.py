"""Reading a Canvas file: every problem of spec section 4 at once, located, with did-you-mean; never a traceback."""

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.canvas.formats.loader import parse_position
from pastiche_cli.kernel.problems import PositionError

GOOD = """\
game: canvas
scoring: [composition, emphasis, repetition, variety]
players:
  - name: Ana
    inspiration: 3
    hand: [Precious, Chosen]
    paintings:
      - [Heavy, Fragile, Melancholy]
  - name: Ben
    inspiration: 2
    hand: [Fading]
    paintings: [[Divine, Sanctuary, Complexity]]   # 5 turns to Ana's 6
market:
  - Nature
  - {card: Beauty, tokens: 1}
house_rules: {}
"""


def check(tmp_path, text, *extra):
    path = tmp_path / "game.yaml"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    result = CliRunner().invoke(root, ["check", str(path), "--game", "canvas", "--json", *extra])
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip().startswith("{") else result.output


def problems(tmp_path, text):
    code, data = check(tmp_path, text)
    return code, [(p["line"], p["column"], p["code"], p["message"]) for p in data["problems"]]


def test_the_spec_example_is_valid(tmp_path):
    assert check(tmp_path, GOOD) == (0, {"valid": True, "problems": []})


def test_format_errors_all_at_once_located_with_did_you_mean(tmp_path):
    text = (
        GOOD.replace("[Precious, Chosen]", "[Precios, Chosen]")
        .replace("emphasis", "emphasys")
        .replace("[Heavy, Fragile, Melancholy]", "[Heavy, Fragile]")
        .replace("  - Nature", "  - Natur")
    )
    code, found = problems(tmp_path, text)
    assert code == 3
    assert (2, 24, "unknown-scoring-card", "'emphasys' is not a scoring card; did you mean 'emphasis'?") in found
    assert (
        6,
        12,
        "unknown-card",
        "a card in Ana's hand: 'Precios' is not the title word of an art card; did you mean 'Precious'?",
    ) in found
    assert (8, 9, "painting-size", "Ana's painting 1 has 2 cards; a painting is 3 art cards, bottom to top") in found
    assert (
        14,
        5,
        "unknown-card",
        "market slot 1: 'Natur' is not the title word of an art card; did you mean 'Nature'?",
    ) in found
    assert len(found) == 4


def test_rule_errors_all_at_once_located(tmp_path):
    text = (
        GOOD.replace("hand: [Precious, Chosen]", "hand: [Precious, Chosen, Heavy, Sudden, Pride, Bait]")
        .replace("scoring: [composition, emphasis", "scoring: [composition, composition")
        .replace("inspiration: 2", "inspiration: 9")
        .replace(
            "    paintings: [[Divine, Sanctuary, Complexity]]",
            "    paintings:\n      - [Delicate, Revolution, Masked]\n"
            "      - [Trap, Mess, Truth]\n      - [Vast, View, Deep]\n      - [Game, Dreams, Risky]",
        )
    )
    code, found = problems(tmp_path, text)
    assert code == 4
    codes = sorted(c for _, _, c, _ in found)
    assert codes == [
        "card-twice",
        "hand-too-large",
        "scoring-twice",
        "too-many-paintings",
        "too-many-tokens",
        "turns-apart",
    ]
    twice = next(f for f in found if f[2] == "card-twice")
    assert twice[:2] == (8, 10) and "Heavy is in Ana's painting 1 and also in Ana's hand (line 6)" in twice[3]


def test_format_and_rule_errors_together_are_reported_together(tmp_path):
    text = GOOD.replace("[Precious, Chosen]", "[Precious, Precious, Chosn]")
    code, found = problems(tmp_path, text)
    assert code == 3
    assert {c for _, _, c, _ in found} == {"unknown-card", "card-twice"}


@pytest.mark.parametrize(
    "text, code, fragment",
    [
        ("", "empty", "the file is empty"),
        ("game: canvas\n", "missing-key", "no 'scoring' list"),
        ("game: canvas\nscoring: [space]\nplayers: []\n", "empty", "players lists nobody"),
        ("game: canvas\nscoring: []\nplayers: [{name: A, inspiration: 1}]\n", "empty", "scoring lists no card"),
        ("game: canvas\nscoring: space\nplayers: [{name: A, inspiration: 1}]\n", "type", "scoring should be a list"),
        ("game: canvas\nscoring: [space]\nplayers: [{name: A}]\n", "missing-key", "A has no 'inspiration'"),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: three}]\n",
            "type",
            "should be a whole number",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 99999999999999999999}]\n",
            "range",
            "far too large",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, hand: Heavy}]\n",
            "type",
            "should be a list",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, paintings: [Heavy]}]\n",
            "type",
            "should be a list",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, paintings: [[]]}]\n",
            "painting-size",
            "has 0 cards",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, hands: []}]\n",
            "unknown-key",
            "did you mean 'hand'?",
        ),
        (
            "game: canvas\nscorring: [space]\nplayers: [{name: A, inspiration: 1}]\n",
            "unknown-key",
            "did you mean 'scoring'?",
        ),
        ("game: canvas\nscoring: [!!python/object:os.system space]\nplayers: []\n", "tag", "is not allowed"),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1}]\n"
            "market: [{card: Heavy, tokens: x}]\n",
            "type",
            "should be a whole number",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1}]\nmarket: [{cards: Heavy}]\n",
            "unknown-key",
            "did you mean 'card'?",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1}]\nhouse_rules: {hierarchy: texture}\n",
            "unknown-reading",
            "did you mean 'texture-strict'?",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1}]\n"
            "house_rules: {bonus_ribbon_points: 3}\n",
            "unknown-reading",
            "the readings are 2 (the default) and 1",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1}]\nhouse_rules: {bonus_points: 1}\n",
            "unknown-key",
            "did you mean 'bonus_ribbon_points'?",
        ),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, hand: [FILL-IN]}]\n",
            "placeholder",
            "FILL-IN",
        ),
        ("- just\n- a list\n", "type", "should be a mapping"),
        (
            "game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, hand: [[Heavy]]}]\n",
            "type",
            "should be text",
        ),
        ("game: canvas\nscoring: [space]\nplayers: [{name: A, inspiration: 1, hand: [~]}]\n", "type", "should be text"),
    ],
)
def test_hostile_and_wrong_inputs_are_located_format_errors(tmp_path, text, code, fragment):
    exit_code, found = problems(tmp_path, text)
    assert exit_code == 3
    assert any(c == code and fragment in m for _, _, c, m in found), found


@pytest.mark.parametrize(
    "raw, fragment",
    [
        (b"game: canvas\nscoring: [sp\x00ace]\n", "binary data"),
        (b"game: canvas\nscoring: [\xff]\n", "not UTF-8"),
        (b"game: canvas\nscoring: [space\n", "YAML syntax"),
        (b"game: canvas\n" + b"a: " + b"[" * 200 + b"]" * 200 + b"\n", "nested more than"),
        (
            b"game: canvas\nx: &a [1,1,1,1,1,1,1,1,1]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
            b"z: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
            b"w: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\nv: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nscoring: [space]\n",
            "unknown key",
        ),
        (b"game: canvas\n" + b"# padding\n" * 20000, "larger than"),
    ],
)
def test_unreadable_files_are_one_clear_error(tmp_path, raw, fragment):
    exit_code, data = check(tmp_path, raw)
    assert exit_code == 3
    assert any(fragment in p["message"] for p in data["problems"]), data


def test_a_file_of_another_game_read_as_canvas_says_so(tmp_path):
    code, found = problems(tmp_path, GOOD.replace("game: canvas", "game: pastiche"))
    assert code == 3 and any(c == "wrong-game" for _, _, c, _ in found)


def test_unity_is_read_as_emphasis_with_a_note(tmp_path):
    code, found = problems(tmp_path, GOOD.replace("emphasis", "unity"))
    assert code == 0
    assert found == [
        (2, 24, "alias", "'unity' is read as emphasis: the early rules text's name for it [canvas.house.unity]")
    ]


def test_unity_and_emphasis_together_are_one_card_twice(tmp_path):
    code, found = problems(tmp_path, GOOD.replace("repetition", "unity"))
    assert code == 4 and sorted(c for _, _, c, _ in found) == ["alias", "scoring-twice"]


def test_odd_but_legal_is_a_warning(tmp_path):
    code, found = problems(
        tmp_path,
        GOOD.replace(
            "[composition, emphasis, repetition, variety]", "[composition, emphasis, repetition, variety, space]"
        ),
    )
    assert code == 0 and [c for _, _, c, _ in found] == ["scoring-count"]


def test_more_than_five_players_and_market_cards(tmp_path):
    players = "".join(f"  - {{name: P{i}, inspiration: 0}}\n" for i in range(6))
    text = (
        "game: canvas\nscoring: [space, style]\nplayers:\n"
        + players
        + "market: [Heavy, Sudden, Pride, Bait, Trap, Mess]\n"
    )
    code, found = problems(tmp_path, text)
    assert code == 4 and sorted(c for _, _, c, _ in found) == ["market-too-large", "too-many-players"]


def test_duplicate_names_and_negative_tokens(tmp_path):
    text = (
        "game: canvas\nscoring: [space, style]\nplayers:\n  - {name: Ana, inspiration: -1}\n"
        "  - {name: ana, inspiration: 1}\nmarket: [{card: Heavy, tokens: -2}]\n"
    )
    code, found = problems(tmp_path, text)
    assert code == 4 and sorted(c for _, _, c, _ in found) == ["duplicate-player", "negative-tokens", "negative-tokens"]


def test_check_human_output_is_located_and_counted(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GOOD.replace("Chosen]", "Chosn]"))
    result = CliRunner().invoke(root, ["check", str(path)])
    assert result.exit_code == 3
    assert (
        f"{path}:6:22: error: a card in Ana's hand: 'Chosn' is not the title word of an art card; "
        "did you mean 'Chosen'?" in result.output
    )
    assert "1 error, 0 warnings: the file cannot be read as a Canvas position" in result.output


# --- never a traceback: any shape of values under the real keys ------------------------------------------


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.sampled_from(["Heavy", "heavy", "Nope", "space", "unity", "FILL-IN", "", "texture-strict", "1", "-3"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(["name", "inspiration", "hand", "paintings", "card", "tokens", "hierarchy", "x"]),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)
KEYS = ["game", "scoring", "players", "market", "house_rules", "extra"]


@settings(max_examples=150)
@given(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6))
def test_any_shape_of_file_gives_problems_not_a_crash(document):
    text = json.dumps(document)  # JSON is YAML: every shape of value, under the real keys
    try:
        position, found, _ = parse_position("f.yaml", text)
    except PositionError as exc:
        assert exc.problems
        return
    for problem in found:
        assert problem.line >= 1 and problem.column >= 1 and problem.message
    if position is not None:
        from pastiche_cli.games.canvas.core.validate import consistency_problems

        consistency_problems(position)


# --- turn: NAME, whose turn it is [canvas.turn]: optional; files without it read as before ---------


def test_turn_names_a_player_in_any_case(tmp_path):
    from pastiche_cli.games.canvas.formats.loader import parse_position

    assert check(tmp_path, GOOD + "turn: ben\n") == (0, {"valid": True, "problems": []})
    assert parse_position("g.yaml", GOOD + "turn: ben\n")[0].turn == "Ben"
    assert parse_position("g.yaml", GOOD)[0].turn is None


@pytest.mark.parametrize(
    "line, expected",
    [
        ("turn: Bne\n", (17, 7, "unknown-player", "turn: no player 'Bne'; did you mean 'Ben'?")),
        ("turn: Zed\n", (17, 7, "unknown-player", "turn: no player 'Zed' (players: Ana, Ben)")),
        ("turn: [Ana]\n", (17, 7, "type", "turn should be text")),
    ],
)
def test_turn_that_names_no_player_is_a_format_error(tmp_path, line, expected):
    assert problems(tmp_path, GOOD + line) == (3, [expected])


def test_turn_of_a_finished_player_breaks_the_rules(tmp_path):
    done = GOOD.replace(
        "      - [Heavy, Fragile, Melancholy]\n",
        "      - [Heavy, Fragile, Melancholy]\n      - [Delicate, Revolution, Masked]\n      - [Truth, Mess, Bait]\n",
    )
    code, found = problems(tmp_path, done + "turn: Ana\n")
    found = [f for f in found if f[2] != "turns-apart"]  # Ana 14 turns, Ben 5: warned too, and beside the point here
    assert code == 4 and [(f[0], f[2]) for f in found] == [(19, "turn-finished")]
    assert "it cannot be Ana's turn: Ana has completed 3 paintings" in found[0][3] and "[canvas.end]" in found[0][3]
    assert check(tmp_path, done + "turn: Ben\n")[0] == 0
