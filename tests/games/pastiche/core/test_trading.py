"""Trades (SPEC 4.2; rulebook "Painting Phase"): a hand-checked table per rule id, properties, the CLI."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.trading import (
    BankTrade,
    PlayerTrade,
    judge_bank_trade,
    judge_player_trade,
    judge_sequence,
    three_targets,
)
from pastiche_cli.games.pastiche.formats.loader import parse_position

FULL_BANK = Counter({c: colours.copies(c) for c in colours.card_names()})


def C(text):
    return Counter(t.strip() for t in text.split(",") if t.strip())


# hand, give, get, legal, rule, words in the reason. Each row checked by hand against the rulebook.
BANK_TABLE = [
    # [trade.bank.three] three of one colour -> black, white, a secondary or a tertiary
    ("teal,teal,teal,red", "teal,teal,teal", "olive", True, "trade.bank.three", "three teal buy one olive"),
    ("red,red,red", "red,red,red", "black", True, "trade.bank.three", "three red buy one black"),
    ("bisque,bisque,bisque", "bisque,bisque,bisque", "white", True, "trade.bank.three", "three bisque"),
    ("orange,orange,orange", "orange,orange,orange", "brown", True, "trade.bank.three", "three orange"),
    ("teal,teal,olive", "teal,teal,olive", "amber", False, "trade.bank.three", "three cards must be one colour"),
    ("teal,teal,teal,teal", "teal,teal,teal,teal", "amber", False, "trade.bank.three", "not 4 cards"),
    ("teal,teal", "teal,teal", "amber", False, "trade.bank.three", "not 2 cards"),
    ("teal,teal,teal", "teal,teal,teal", "teal", True, "trade.bank.three", "allowed by the letter of the rule"),
    ("teal,teal", "teal,teal,teal", "olive", False, "trade.bank.three", "Ana gives 3 teal but holds 2"),
    # three of a kind never buys a primary, bisque or gray; it is its own trade, which says what it never buys
    # (SPEC 4.2), so the refusal cites trade.bank.three
    ("teal,teal,teal", "teal,teal,teal", "red", False, "trade.bank.three", "never a primary; red comes from another"),
    ("teal,teal,teal", "teal,teal,teal", "bisque", False, "trade.bank.three", "never bisque; bisque comes from yellow"),
    ("black,black,black", "black,black,black", "gray", False, "trade.bank.three", "never gray; gray comes from black"),
    ("blue,blue,blue", "blue,blue,blue", "blue", False, "trade.bank.three", "never a primary"),
    # [trade.bank.bisque] yellow + brown -> bisque
    ("yellow,brown", "yellow,brown", "bisque", True, "trade.bank.bisque", "yellow + brown buy a bisque"),
    ("yellow,orange", "yellow,orange", "bisque", False, "trade.bank.bisque", "bisque comes only from yellow + brown"),
    ("red,brown", "red,brown", "bisque", False, "trade.bank.bisque", "bisque comes only from yellow + brown"),
    ("yellow,brown,brown", "yellow,brown,brown", "bisque", False, "trade.bank.bisque", "only from yellow + brown"),
    ("brown", "yellow,brown", "bisque", False, "trade.bank.bisque", "Ana gives 1 yellow but holds 0"),
    # [trade.bank.gray] black + white -> gray
    ("black,white", "black,white", "gray", True, "trade.bank.gray", "black + white buy a gray"),
    ("black,black", "black,black", "gray", False, "trade.bank.gray", "gray comes only from black + white"),
    ("white,white,white", "white,white,white", "gray", False, "trade.bank.three", "gray comes from black + white"),
    # [trade.bank.primary] a primary + any one card (penalty) -> a different primary
    ("red,orange", "red,orange", "blue", True, "trade.bank.primary", "red plus orange as the penalty"),
    ("red,red", "red,red", "yellow", True, "trade.bank.primary", "red plus red as the penalty"),
    ("red,gray", "red,gray", "blue", True, "trade.bank.primary", "red plus gray"),
    ("red,blue", "red,blue", "yellow", True, "trade.bank.primary", "buy a different primary, yellow"),
    ("red,orange", "red,orange", "red", False, "trade.bank.primary", "a primary cannot be traded for itself"),
    ("blue,blue", "blue,blue", "blue", False, "trade.bank.primary", "a primary cannot be traded for itself"),
    ("red", "red", "blue", False, "trade.bank.primary", "exactly two cards"),
    ("red,orange,teal", "red,orange,teal", "blue", False, "trade.bank.primary", "exactly two cards"),
    ("orange,teal", "orange,teal", "blue", False, "trade.bank.primary", "has no primary"),
    ("orange", "red,orange", "blue", False, "trade.bank.primary", "Ana gives 1 red but holds 0"),
]


@pytest.mark.parametrize(
    "hand, give, get, legal, rule, words",
    BANK_TABLE,
    ids=[f"{r[4]}-{r[2]}-{'ok' if r[3] else 'no'}-{i}" for i, r in enumerate(BANK_TABLE)],
)
def test_bank_trade_table(hand, give, get, legal, rule, words):
    v = judge_bank_trade("Ana", C(hand), FULL_BANK - C(hand), C(give), get)
    assert (v.legal, v.rule) == (legal, rule), v.reason
    assert words in v.reason
    if legal:
        assert Counter(v.hand_after) == C(hand) - C(give) + Counter([get])
    else:
        assert Counter(v.hand_after) == C(hand)


@pytest.mark.parametrize(
    "give, get",
    [("teal,teal,teal", "olive"), ("yellow,brown", "bisque"), ("black,white", "gray"), ("red,orange", "blue")],
)
def test_trade_bank_stock_exhausted(give, get):
    bank = FULL_BANK.copy()
    bank[get] = 0
    v = judge_bank_trade("Ana", C(give), bank, C(give), get)
    assert not v.legal and v.rule == "trade.bank.stock"
    assert v.reason == f"the bank has no {get} left"


def test_trade_bank_stock_one_left_is_enough():
    bank = FULL_BANK.copy()
    bank["gray"] = 1
    assert judge_bank_trade("Ana", C("black,white"), bank, C("black,white"), "gray").legal


def test_three_targets_are_black_white_secondaries_tertiaries():
    assert set(three_targets()) == {
        "black",
        "white",
        "orange",
        "green",
        "violet",
        "brown",
        "amber",
        "scarlet",
        "olive",
        "teal",
        "magenta",
        "purple",
    }


# --- player trades ---------------------------------------------------------------------------


def test_trade_player_legal_both_hold():
    v = judge_player_trade(
        "Ana", C("teal,red"), PlayerTrade("Ben", C("teal"), C("violet,violet")), C("violet,violet,green")
    )
    assert v.legal and v.rule == "trade.player"
    assert Counter(v.hand_after) == C("red,violet,violet")
    assert Counter(v.other_after) == C("green,teal")


def test_trade_player_other_does_not_hold():
    v = judge_player_trade("Ana", C("teal"), PlayerTrade("Ben", C("teal"), C("red")), C("violet"))
    assert not v.legal and v.rule == "trade.player" and "Ben gives 1 red but holds 0" in v.reason


def test_trade_player_commission_offered():
    v = judge_player_trade("Ana", C("teal"), PlayerTrade("Ben", C("teal"), C(""), ("Violet Hour",)), C(""))
    assert not v.legal and v.rule == "trade.player" and "commission cards are never traded" in v.reason


# --- positions -----------------------------------------------------------------------------------

POSITION = """\
# A test position: Ana is painting.
players:
  - name: Ana
    palette: [teal, teal, teal, yellow, brown, red, orange]   # list style
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
    completed: []
  - name: Ben
    palette: {red: 2, violet: 3}    # mapping style
    commissions:
      - {title: Violet Hour, artist: S. Placeholder, points: 9, palette: [violet, violet, red]}
    completed: []
  - name: Caro
    palette: [amber]
    commissions: []
    completed: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
turn: {player: Ana, phase: painting}  # whose turn
"""


def load_text(text):
    pos, problems, _ = parse_position("t.yaml", text)
    assert pos is not None and not [p for p in problems if p.kind != "warning"], problems
    return pos


def test_sequence_judged_on_the_hand_the_previous_left():
    pos = load_text(POSITION)
    result = judge_sequence(
        pos,
        "Ana",
        [
            BankTrade(C("teal,teal,teal"), "brown"),
            BankTrade(C("yellow,brown"), "bisque"),
            BankTrade(C("brown,orange"), "bisque"),
        ],
    )
    assert [t.legal for t in result.trades] == [True, True, False]
    # the first trade's brown paid for the bisque, so the third finds no brown left
    assert "bisque comes only from yellow + brown" in result.trades[2].reason
    second = judge_sequence(
        pos, "Ana", [BankTrade(C("yellow,brown"), "bisque"), BankTrade(C("yellow,brown"), "bisque")]
    )
    assert second.trades[1].reason == "Ana gives 1 yellow but holds 0"


def test_after_a_refusal_the_rest_are_not_judged():
    pos = load_text(POSITION)
    result = judge_sequence(pos, "Ana", [BankTrade(C("red,red"), "blue"), BankTrade(C("teal,teal,teal"), "olive")])
    assert not result.trades[0].legal
    assert result.trades[1].judged is False and not result.legal


def test_bank_trade_outside_own_turn():
    pos = load_text(POSITION)
    result = judge_sequence(pos, "Ben", [BankTrade(C("violet,violet,violet"), "teal")])
    assert not result.legal and result.deciding.rule == "trade"
    assert "it is Ana's turn" in result.deciding.reason


def test_bank_trade_outside_painting_phase():
    pos = load_text(POSITION.replace("phase: painting", "phase: mixing"))
    result = judge_sequence(pos, "Ana", [BankTrade(C("teal,teal,teal"), "olive")])
    assert not result.legal and result.deciding.rule == "trade"
    assert "painting phase" in result.deciding.reason


def test_no_turn_in_file_means_not_checked():
    pos = load_text(POSITION.replace("turn: {player: Ana, phase: painting}  # whose turn\n", ""))
    result = judge_sequence(pos, "Ben", [BankTrade(C("violet,violet,violet"), "teal")])
    assert result.legal and not result.turn.checked and "could not be checked" in result.turn.note


def test_player_trade_outside_current_players_turn():
    pos = load_text(POSITION)
    result = judge_sequence(pos, "Ben", [PlayerTrade("Caro", C("red"), C("amber"))])
    assert not result.legal and result.deciding.rule == "trade.player"
    assert "(Ana) must be one of the two" in result.deciding.reason


def test_player_trade_with_current_player_on_either_side():
    pos = load_text(POSITION)
    assert judge_sequence(pos, "Ben", [PlayerTrade("Ana", C("red"), C("teal"))]).legal
    assert judge_sequence(pos, "Ana", [PlayerTrade("Ben", C("teal"), C("red"))]).legal


# --- properties ------------------------------------------------------------------------------------

CARDS = st.sampled_from(colours.card_names())
HANDS = st.lists(CARDS, min_size=0, max_size=10).map(Counter)
ARITHMETIC = {
    "trade.bank.three": (3, 1),
    "trade.bank.bisque": (2, 1),
    "trade.bank.gray": (2, 1),
    "trade.bank.primary": (2, 1),
}


@settings(max_examples=400)
@given(HANDS, st.lists(CARDS, min_size=1, max_size=4).map(Counter), CARDS)
def test_legal_bank_trade_changes_cards_in_play_only_by_its_rule(hand, give, get):
    bank = FULL_BANK - hand
    v = judge_bank_trade("Ana", hand, bank, give, get)
    if not v.legal:
        assert Counter(v.hand_after) == +hand
        return
    gives, gets = ARITHMETIC[v.rule]
    after = Counter(v.hand_after)
    assert sum(give.values()) == gives
    assert sum(after.values()) == sum(hand.values()) - gives + gets
    # the bank gets back exactly what was given and loses exactly the card asked for
    bank_after = FULL_BANK - after
    assert bank_after - bank == give - Counter([get])
    assert sum(hand.values()) + sum(bank.values()) - sum(after.values()) - sum(bank_after.values()) == 0
    assert get not in ("bisque", "gray") or v.rule != "trade.bank.three"


@settings(max_examples=200)
@given(HANDS, HANDS, HANDS, HANDS)
def test_player_trade_conserves_cards(a, b, give, receive):
    v = judge_player_trade("Ana", a, PlayerTrade("Ben", give, receive), b)
    if v.legal:
        assert Counter(v.hand_after) + Counter(v.other_after) == a + b
    else:
        assert Counter(v.hand_after) == +a and Counter(v.other_after) == +b


# --- the command -----------------------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(root, ["trade", *map(str, args)])


def test_cli_legal_bank_trade_json(game):
    r = run(game, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["legal"] is True and data["rule"] == "trade.bank.three"
    assert data["reason"] == "three teal buy one olive"
    assert data["trades"][0]["hand_after"].count("olive") == 1


def test_cli_illegal_is_exit_1_with_rule_in_brackets(game):
    r = run(game, "--player", "Ana", "--give", "teal,teal,red", "--get", "olive")
    assert r.exit_code == 1
    assert "[trade.bank.three]" in r.stdout and "three cards must be one colour" in r.stdout


def test_cli_several_trades_in_order(game):
    r = run(
        game,
        "--player",
        "ana",
        "--give",
        "Teal,TEAL,teal",
        "--get",
        "brown",
        "--give",
        "yellow,brown",
        "--get",
        "bisque",
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [t["rule"] for t in data["trades"]] == ["trade.bank.three", "trade.bank.bisque"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--give", "tael,teal,teal", "--get", "olive"], "did you mean 'teal'?"),
        (["--give", "teal,teal,teal", "--get", "oliv"], "did you mean 'olive'?"),
        (["--give", "teal,teal,teal"], "needs --give CARDS and --get CARD"),
        (["--give", "teal", "--get", "olive", "--get", "amber"], "1 --give but 2 --get"),
        (["--with", "Bem", "--give", "teal", "--receive", "red"], "Did you mean 'Ben'?"),
        (["--with", "Ana", "--give", "teal", "--receive", "red"], "cannot trade with themselves"),
    ],
)
def test_cli_usage_errors_exit_2(game, args, words):
    r = run(game, "--player", "Ana", *args)
    assert r.exit_code == 2
    assert words in r.output


def test_cli_grey_and_dab_letters(game):
    r = run(game, "--player", "Ana", "--give", "R,orange", "--get", "B", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["trades"][0]["get"] == "blue"


def test_cli_commission_offered_in_player_trade_is_exit_1(game):
    r = run(game, "--player", "Ana", "--with", "Ben", "--give", "Harbour at Dusk", "--receive", "red", "--json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["rule"] == "trade.player" and "commission cards are never traded" in data["reason"]


def test_cli_player_trade_outside_turn_exit_1(game):
    r = run(game, "--player", "Ben", "--with", "Caro", "--give", "red", "--receive", "amber")
    assert r.exit_code == 1 and "[trade.player]" in r.stdout


def test_cli_bad_file_exit_3_and_rules_broken_exit_4(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n")
    assert run(bad, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive").exit_code == 3
    broken = tmp_path / "broken.yaml"
    broken.write_text(POSITION.replace("palette: [amber]", "palette: {red: 9}"))
    assert run(broken, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive").exit_code == 4


def test_cli_apply_keeps_comments_and_styles(game):
    r = run(game, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply")
    assert r.exit_code == 0, r.output
    text = game.read_text()
    assert "# A test position: Ana is painting." in text and "# list style" in text and "# mapping style" in text
    assert "palette: [yellow, brown, red, orange, olive]" in text
    r = run(game, "--player", "Ana", "--with", "Ben", "--give", "olive", "--receive", "red,violet", "--apply")
    assert r.exit_code == 0, r.output
    text = game.read_text()
    assert "palette: {red: 1, violet: 2, olive: 1}" in text  # Ben keeps his mapping
    assert "palette: [yellow, brown, red, orange, red, violet]" in text


def test_cli_refused_apply_leaves_file_byte_identical(game):
    before = game.read_bytes()
    r = run(
        game,
        "--player",
        "Ana",
        "--give",
        "teal,teal,teal",
        "--get",
        "olive",
        "--give",
        "red,red",
        "--get",
        "blue",
        "--apply",
    )
    assert r.exit_code == 1
    assert game.read_bytes() == before
    stock = game.parent / "stock.yaml"
    stock.write_text(POSITION.replace("palette: [amber]", "palette: [olive, olive, olive, olive, olive, olive]"))
    before = stock.read_bytes()
    r = run(stock, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply", "--json")
    assert r.exit_code == 1 and json.loads(r.stdout)["rule"] == "trade.bank.stock"
    assert stock.read_bytes() == before
