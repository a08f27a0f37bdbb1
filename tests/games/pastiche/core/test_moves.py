"""The moves of SPEC 8 as core values: each rule's verdict, worked by hand, and the notation read back.

The table position: Ana's turn on a board of the starting piece alone (every start hex RYBBYR/R).
Laying YYYYYY/Y at 0,-1 (the start's north-west neighbour) puts its corners 2 and 3 on the R dabs
at corners 0 and 5 of (0,0): R+Y twice, orange twice.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pastiche_cli.games.pastiche.core.moves import (
    BankTrade,
    Complete,
    Discard,
    DrawCommission,
    DrawHex,
    End,
    Place,
    PlayerTrade,
    Swap,
    apply,
    judge,
    notation,
    parse_move,
)
from pastiche_cli.games.pastiche.core.notation import parse_hex
from pastiche_cli.games.pastiche.core.position import HouseRules, PlacedHex, Turn
from pastiche_cli.games.pastiche.formats.loader import parse_position
from pastiche_cli.kernel.moves import IllegalMove, MoveError, MoveSyntaxError
from pastiche_cli.kernel.rulebook import book

POSITION = """\
players:
  - name: Ana
    palette: [teal, teal, teal, yellow, brown, red, orange, black, white, blue]   # 10 cards
    commissions:
      - harbour
      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [olive, bisque, green]}
    completed: []
    hexes: [YYYYYY/Y, RBRBRB/RB]
  - name: Ben
    palette: {red: 1, violet: 2}
    commissions:
      - {title: Violet Hour, artist: S. Placeholder, points: 9, palette: [violet, violet, red]}
    completed: []
    hexes: [BBBBBB/B]
gallery:
  - marsh
  - {title: Night Ferry, artist: R. Sample, points: 12, palette: [blue, purple, black]}
catalogue:
  harbour: {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
  marsh: {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
  dunes: {title: Dunes, artist: T. Example, points: 10, palette: [amber, olive]}
board:
  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]
turn: {player: Ana, phase: painting}
"""


def table_position():
    position, problems, _ = parse_position("moves.yaml", POSITION)
    assert position is not None and not problems
    return position


BASE = table_position()


def holding(position, name: str, cards: dict):
    """The position with `name` holding `cards` instead (to empty the bank of something)."""
    return position._replace(
        players=tuple(p._replace(palette=Counter(cards)) if p.name == name else p for p in position.players)
    )


def phase(name):
    return lambda pos: pos._replace(turn=Turn("Ana", name))


TWEAKS = {
    "painting": lambda pos: pos,
    "mixing": phase("mixing"),
    "cleanup": phase("cleanup"),
    "no phase": phase(None),
    "no turn": lambda pos: pos._replace(turn=None),
    "Ben's turn": lambda pos: pos._replace(turn=Turn("Ben", "painting")),
    "swapped": lambda pos: pos._replace(turn=Turn("Ana", "painting", swapped=True)),
    "no olive in the bank": lambda pos: holding(pos, "Ben", {"olive": 6}),
    "mixing, no yellow in the bank": lambda pos: phase("mixing")(holding(pos, "Ben", {"yellow": 7})),
    "mixing, no orange in the bank": lambda pos: phase("mixing")(holding(pos, "Ben", {"orange": 11})),
    "mixing, strict, Ana's hex at 0,-1": lambda pos: pos._replace(
        turn=Turn("Ana", "mixing"),
        house_rules=HouseRules(strict_adjacency=True),
        placed=(PlacedHex((0, -1), "BBBBBB/B", "Ana"),),
    ),
    "cleanup, 8 cards": lambda pos: phase("cleanup")(holding(pos, "Ana", {"teal": 3, "red": 5})),
    "cleanup, 8 cards, one hex": lambda pos: phase("cleanup")(
        holding(pos, "Ana", {"teal": 8})._replace(
            players=tuple(
                p._replace(hexes=("YYYYYY/Y",)) if p.name == "Ana" else p
                for p in holding(pos, "Ana", {"teal": 8}).players
            )
        )
    ),
    "cleanup, one hex": lambda pos: phase("cleanup")(
        pos._replace(players=tuple(p._replace(hexes=("YYYYYY/Y",)) if p.name == "Ana" else p for p in pos.players))
    ),
    "Harbour at Dusk just completed": lambda pos: apply(pos, Complete("Ana", "harbour")),
}

# (the position, the move, legal, the deciding rule, words the reason must hold)
VERDICTS = [
    # [place] one hex, in the mixing phase of one's own turn
    ("mixing", "Ana place YYYYYY/Y at 0,-1", True, "place.adjacent", "shares a side with 1 hex"),
    ("mixing", "Ana place YYYYYY/Y at 0,0", False, "place.adjacent", "already holds the starting piece"),
    ("mixing", "Ana place YYYYYY/Y at 5,5", False, "place.adjacent", "shares no side"),
    ("mixing", "Ana place YYYYYY/Y at 0,-1 take yellow", True, "place.adjacent", "shares a side"),
    ("mixing", "Ana place YYYYYY/Y at 0,-1 take red", False, "place.centre", "shows yellow, not red"),
    ("mixing, no yellow in the bank", "Ana place YYYYYY/Y at 0,-1 take yellow", False, "place.bank", "no yellow left"),
    ("mixing, no orange in the bank", "Ana place YYYYYY/Y at 0,-1", True, "place.adjacent", "shares a side"),
    (
        "mixing, strict, Ana's hex at 0,-1",
        "Ana place YYYYYY/Y at 0,-2",
        False,
        "house.strict_adjacency",
        "touches only hexes Ana laid",
    ),
    ("mixing", "Ben place BBBBBB/B at 0,-1", False, "place", "it is Ana's turn, not Ben's"),
    ("painting", "Ana place YYYYYY/Y at 0,-1", False, "place", "in the painting phase; a hex is laid in the mixing"),
    ("no turn", "Ana place YYYYYY/Y at 0,-1", True, "place.adjacent", "shares a side"),
    # [trade] bank trades, in the painting phase
    ("painting", "Ana trade teal,teal,teal for olive", True, "trade.bank.three", "three teal buy one olive"),
    ("painting", "Ana trade teal,teal for olive", False, "trade.bank.three", "not 2 cards"),
    # three of a kind asked for gray, bisque or a primary: refused by the three-of-a-kind rule, which names them
    ("painting", "Ana trade teal,teal,teal for gray", False, "trade.bank.three", "never gray; gray comes from black"),
    ("painting", "Ana trade teal,teal,teal for bisque", False, "trade.bank.three", "never bisque"),
    ("painting", "Ana trade teal,teal,teal for red", False, "trade.bank.three", "never a primary"),
    ("painting", "Ana trade yellow,brown for bisque", True, "trade.bank.bisque", "yellow + brown buy a bisque"),
    ("painting", "Ana trade black,white for gray", True, "trade.bank.gray", "black + white buy a gray"),
    ("painting", "Ana trade red,orange for blue", True, "trade.bank.primary", "red plus orange as the penalty"),
    ("painting", "Ana trade red,orange for red", False, "trade.bank.primary", "cannot be traded for itself"),
    ("painting", "Ana trade olive,olive,olive for teal", False, "trade.bank.three", "holds 0"),
    ("no olive in the bank", "Ana trade teal,teal,teal for olive", False, "trade.bank.stock", "no olive left"),
    ("mixing", "Ana trade teal,teal,teal for olive", False, "trade", "in the mixing phase"),
    ("cleanup", "Ana trade teal,teal,teal for olive", False, "trade", "in the cleanup phase"),
    ("Ben's turn", "Ana trade teal,teal,teal for olive", False, "trade", "it is Ben's turn"),
    ("no turn", "Ana trade teal,teal,teal for olive", True, "trade.bank.three", "three teal"),
    ("no phase", "Ana trade teal,teal,teal for olive", True, "trade.bank.three", "three teal"),
    # [trade.player] between two players, one of them the player whose turn it is
    ("painting", "Ana trade teal with Ben for red", True, "trade.player", "Ana and Ben swap palette cards"),
    ("painting", "Ben trade violet with Ana for teal,teal", True, "trade.player", "Ben and Ana swap"),
    ("painting", "Ana trade teal with Ben for nothing", True, "trade.player", "given for nothing"),
    ("painting", "Ana trade violet with Ben for red", False, "trade.player", "Ana gives 1 violet but holds 0"),
    ("painting", "Ana trade teal with Ben for red,red", False, "trade.player", "Ben gives 2 red but holds 1"),
    ("painting", "Ana trade teal with Ana for red", False, "trade.player", "cannot trade with themselves"),
    ("mixing", "Ana trade teal with Ben for red", False, "trade", "in the mixing phase"),
    # [commission.swap] once a turn, hand for gallery
    ("painting", "Ana swap harbour for marsh", True, "commission.swap", "the one gallery swap of this turn"),
    ("painting", 'Ana swap "Quiet Orchard" for "Night Ferry"', True, "commission.swap", "swaps 'Quiet Orchard'"),
    ("painting", "Ana swap marsh for harbour", False, "commission.swap", "'Salt Marsh' is not in Ana's hand"),
    ("painting", "Ana swap harbour for dunes", False, "commission.swap", "no commission 'dunes'"),
    ("swapped", "Ana swap harbour for marsh", False, "commission.swap", "already swapped"),
    ("mixing", "Ana swap harbour for marsh", False, "commission.swap", "in the mixing phase"),
    # [commission.complete] the whole palette held, on one's own painting phase
    ("painting", "Ana complete harbour", True, "commission.complete", "holds 1 blue, 1 teal, 1 black"),
    ("painting", 'Ana complete "harbour at dusk"', True, "commission.complete", "the whole palette"),
    ("painting", "Ana complete marsh", False, "commission.complete", "lacks 1 green"),
    ("painting", "Ana complete dunes", False, "commission.complete", "no commission 'dunes'"),
    ("Ben's turn", 'Ben complete "Violet Hour"', True, "commission.complete", "holds 1 red, 2 violet"),
    ("painting", 'Ben complete "Violet Hour"', False, "commission.complete", "it is Ana's turn"),
    ("cleanup", "Ana complete harbour", False, "commission.complete", "in the cleanup phase"),
    # whose turn is judged first, as for every move: not "lacks 1 green" on Ben's turn
    ("Ben's turn", "Ana complete marsh", False, "commission.complete", "it is Ben's turn"),
    ("Ben's turn", "Ana swap marsh for harbour", False, "commission.swap", "it is Ben's turn"),
    ("mixing", "Ana complete marsh", False, "commission.complete", "in the mixing phase"),
    # [commission.complete] the replacement is drawn at once, a card not yet in play
    (
        "Harbour at Dusk just completed",
        "Ana draw commission dunes",
        True,
        "commission.complete",
        "replace the commission completed from the hand",
    ),
    (
        "Harbour at Dusk just completed",
        "Ana draw commission marsh",
        False,
        "commission.complete",
        "'Salt Marsh' is already in play (the gallery)",
    ),
    (
        "Harbour at Dusk just completed",
        "Ana draw commission nowhere",
        False,
        "commission.complete",
        "no commission 'nowhere' in the catalogue",
    ),
    (
        "Harbour at Dusk just completed",
        "Ana trade teal,teal for teal",
        False,
        "commission.complete",
        "its replacement is drawn from the deck first",
    ),
    ("painting", "Ana draw commission dunes", False, "commission.complete", "has none to replace"),
    # [cleanup.hand-limit] only the cards over 8, at the end of one's own turn
    ("cleanup", "Ana discard teal,teal", True, "cleanup.hand-limit", "2 over the limit of 8"),
    ("cleanup", "Ana discard teal", True, "cleanup.hand-limit", "keeping 9"),
    ("painting", "Ana discard teal,teal", True, "cleanup.hand-limit", "keeping 8"),  # the first clean-up move
    ("cleanup", "Ana discard teal,teal,teal", False, "cleanup.hand-limit", "removes only those 2, not 3"),
    ("cleanup", "Ana discard violet,violet", False, "cleanup.hand-limit", "does not hold 2 violet"),
    ("cleanup, 8 cards", "Ana discard teal", False, "cleanup.hand-limit", "within the limit of 8"),
    ("cleanup", "Ben discard violet", False, "cleanup.hand-limit", "only at the end of their own turn"),
    ("mixing", "Ana discard teal,teal", False, "place", "still in the mixing phase"),
    # [cleanup.draw] back up to two hexes
    ("cleanup, one hex", "Ana draw hex BBBBBB/B", True, "cleanup.draw", "holds 1 hex and draws back up to 2"),
    ("cleanup", "Ana draw hex BBBBBB/B", False, "cleanup.draw", "holds 2 hexes"),
    ("mixing", "Ana draw hex BBBBBB/B", False, "place", "still in the mixing phase"),
    # [cleanup] end: at most 8 cards and two hexes
    ("cleanup, 8 cards", "Ana end", True, "cleanup", "it is Ben's turn, in the mixing phase"),
    ("cleanup", "Ana end", False, "cleanup.hand-limit", "so 2 must be discarded first"),
    ("cleanup, 8 cards, one hex", "Ana end", False, "cleanup.draw", "draw back up first"),
    ("mixing", "Ana end", False, "place", "still in the mixing phase"),
    ("cleanup, 8 cards", "Ben end", False, "cleanup", "only on their own turn, and it is Ana's turn"),
]


@pytest.mark.parametrize(
    "tweak, text, legal, rule, words",
    VERDICTS,
    ids=[f"{rule}: {text} ({tweak})" for tweak, text, _, rule, _ in VERDICTS],
)
def test_judge(tweak, text, legal, rule, words):
    position = TWEAKS[tweak](BASE)
    verdict = judge(position, parse_move(text, position))
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert words in verdict.reason
    assert verdict.turn_checked == (tweak != "no turn")


def test_the_table_cites_only_known_rules_and_judges_every_kind_of_move():
    known = set(book("pastiche").ids())
    assert {rule for *_, rule, _ in VERDICTS} <= known
    kinds = {type(parse_move(text, TWEAKS[tweak](BASE))) for tweak, text, *_ in VERDICTS}
    assert kinds == {Place, BankTrade, PlayerTrade, Swap, Complete, DrawCommission, Discard, DrawHex, End}
    for kind in kinds:
        cases = [legal for tweak, text, legal, *_ in VERDICTS if type(parse_move(text, TWEAKS[tweak](BASE))) is kind]
        assert True in cases and False in cases, kind


def test_without_a_turn_the_verdict_says_so():
    position = TWEAKS["no turn"](BASE)
    verdict = judge(position, BankTrade("Ana", {"teal": 3}, "olive"))
    assert verdict.legal and not verdict.turn_checked
    assert verdict.notes == ("the file has no 'turn:', so whose turn and which phase it is could not be checked",)


# --- apply: worked examples --------------------------------------------------------------------


def ana(position):
    return position.player("Ana")


def test_place_takes_the_mix_ends_mixing_and_leaves_the_hand():
    before = TWEAKS["mixing"](BASE)
    after = apply(before, parse_move("Ana place YYYYYY/Y at 0,-1", before))
    assert ana(after).palette == Counter(ana(before).palette) + Counter(orange=2)
    assert ana(after).hexes == ("RBRBRB/RB",)
    assert after.placed == (PlacedHex((0, -1), "YYYYYY/Y", "Ana"),)
    assert after.turn == Turn("Ana", "painting")
    centre = apply(before, parse_move("Ana place YYYYYY/Y at 0,-1 take yellow", before))
    assert ana(centre).palette - ana(before).palette == {"yellow": 1}


def test_place_with_the_bank_out_of_the_mix_takes_nothing_and_says_why():
    before = TWEAKS["mixing, no orange in the bank"](BASE)
    verdict = judge(before, Place("Ana", "YYYYYY/Y", (0, -1)))
    assert verdict.detail.cards == ()
    assert "the bank has run out of orange, orange, which cannot be taken [place.bank]" in verdict.effects
    assert ana(apply(before, Place("Ana", "YYYYYY/Y", (0, -1)))).palette == ana(before).palette


def test_a_rotated_hex_leaves_the_hand_as_the_hex_it_is():
    before = TWEAKS["mixing"](BASE)
    after = apply(before, Place("Ana", "BRBRBR/RB", (0, -1)))  # RBRBRB/RB turned one step
    assert ana(after).hexes == ("YYYYYY/Y",)
    assert after.placed[-1].hex == "BRBRBR/RB"


def test_trades_move_exactly_the_cards_named():
    after = apply(BASE, parse_move("Ana trade teal,teal,teal for olive", BASE))
    assert ana(after).palette == Counter(ana(BASE).palette) - Counter(teal=3) + Counter(olive=1)
    after = apply(BASE, parse_move("Ana trade teal with Ben for red", BASE))
    assert ana(after).palette == Counter(ana(BASE).palette) - Counter(teal=1) + Counter(red=1)
    assert after.player("Ben").palette == {"violet": 2, "teal": 1}
    assert after.turn is BASE.turn


def test_swap_exchanges_the_cards_and_uses_the_turns_swap():
    after = apply(BASE, Swap("Ana", "harbour", "marsh"))
    assert [c.title for c in ana(after).commissions] == ["Salt Marsh", "Quiet Orchard"]
    assert [c.title for c in after.gallery] == ["Harbour at Dusk", "Night Ferry"]
    assert after.turn.swapped
    assert not judge(after, Swap("Ana", "marsh", "harbour")).legal


def test_complete_then_draw_puts_the_new_card_where_the_old_one_was():
    done = apply(BASE, Complete("Ana", "harbour"))
    assert [c.title for c in ana(done).completed] == ["Harbour at Dusk"]
    assert ana(done).palette == Counter(ana(BASE).palette) - Counter(teal=1, blue=1, black=1)
    assert done.pending_draw == ("Ana", "hand")
    drawn = apply(done, DrawCommission("Ana", "Dunes"))
    assert [c.title for c in ana(drawn).commissions] == ["Quiet Orchard", "Dunes"]
    assert drawn.pending_draw is None
    # from the gallery: Ana gets a green first, then Salt Marsh's replacement goes to the gallery
    rich = holding(BASE, "Ana", {"teal": 1, "green": 1})
    done = apply(rich, Complete("Ana", "Salt Marsh"))
    assert done.pending_draw == ("Ana", "gallery")
    drawn = apply(done, DrawCommission("Ana", "dunes"))
    assert [c.title for c in drawn.gallery] == ["Night Ferry", "Dunes"]


def test_the_clean_up_moves_end_painting_and_end_passes_the_turn():
    after = apply(BASE, Discard("Ana", {"teal": 2}))
    assert after.turn[:3] == ("Ana", "cleanup", False) and ana(after).hand_size == 8
    assert not judge(after, BankTrade("Ana", {"teal": 1, "red": 1}, "blue")).legal  # painting is over
    one = TWEAKS["cleanup, 8 cards, one hex"](BASE)
    drawn = apply(one, DrawHex("Ana", "BBBBBB/B"))
    assert ana(drawn).hexes == ("YYYYYY/Y", "BBBBBB/B")
    ended = apply(drawn, End("Ana"))
    assert ended.turn == Turn("Ben", "mixing", False)
    assert judge(ended, Place("Ben", "BBBBBB/B", (0, -1))).legal


def test_an_unknown_phase_stays_unknown():
    before = TWEAKS["no phase"](BASE)
    assert apply(before, Place("Ana", "YYYYYY/Y", (0, -1))).turn == Turn("Ana", None)
    assert apply(before, Discard("Ana", {"teal": 2})).turn == Turn("Ana", None)


def test_apply_refuses_an_illegal_move_with_its_verdict():
    with pytest.raises(IllegalMove) as caught:
        apply(BASE, BankTrade("Ana", {"teal": 2}, "olive"))
    assert caught.value.verdict.rule == "trade.bank.three"
    assert "Ana trade teal,teal for olive: olive costs three cards" in str(caught.value)


def test_a_move_by_someone_not_playing_is_an_error_not_a_verdict():
    with pytest.raises(MoveError, match="no player 'Zed'"):
        judge(BASE, End("Zed"))


# --- notation ----------------------------------------------------------------------------------

MOVES = [
    ("Ana place RYBBYR/R at 1,-1", Place("Ana", parse_hex("RYBBYR/R"), (1, -1))),
    ("Ana place RYBBYR/R at 1,-1 take red", Place("Ana", parse_hex("RYBBYR/R"), (1, -1), "red")),
    ("Ana trade teal,teal,teal for olive", BankTrade("Ana", {"teal": 3}, "olive")),
    ("Ana trade red,orange for blue", BankTrade("Ana", {"orange": 1, "red": 1}, "blue")),
    ("Ana trade teal with Ben for red,violet", PlayerTrade("Ana", "Ben", {"teal": 1}, {"violet": 1, "red": 1})),
    ("Ana trade teal with Ben for nothing", PlayerTrade("Ana", "Ben", {"teal": 1}, {})),
    ('Ana swap harbour for "Salt Marsh"', Swap("Ana", "harbour", "Salt Marsh")),
    ("Ana complete harbour-at-dusk", Complete("Ana", "harbour-at-dusk")),
    ('Ana complete "Harbour at Dusk"', Complete("Ana", "Harbour at Dusk")),
    ('Ana complete "The \\"Blue\\" Mill"', Complete("Ana", 'The "Blue" Mill')),
    ("Ana draw commission salt-marsh", DrawCommission("Ana", "salt-marsh")),
    ("Ana discard teal", Discard("Ana", {"teal": 1})),
    ("Ana draw hex YYBBRR/Y", DrawHex("Ana", parse_hex("YYBBRR/Y"))),
    ("Ana end", End("Ana")),
]


@pytest.mark.parametrize("text, move", MOVES, ids=[t for t, _ in MOVES])
def test_notation_reads_and_writes_back(text, move):
    assert parse_move(text, BASE) == move
    assert str(move) == notation(move) == text


def test_reading_is_lenient_where_writing_is_exact():
    assert str(parse_move("ana TRADE Teal,grey,R for Olive", BASE)) == "Ana trade red,teal,gray for olive"
    assert str(parse_move("  Ana   place rybbyr/r at 1,-1 TAKE R ", BASE)) == "Ana place RYBBYR/R at 1,-1 take red"


def test_a_move_is_equal_only_to_a_move_of_its_kind():
    assert Complete("Ana", "marsh") != DrawCommission("Ana", "marsh")
    assert len({Complete("Ana", "marsh"), DrawCommission("Ana", "marsh"), Complete("Ana", "marsh")}) == 2
    assert BankTrade("Ana", Counter(teal=3), "olive") == BankTrade("Ana", ["teal"] * 3, "olive")


@pytest.mark.parametrize(
    "text, words, column",
    [
        ("", "a player's name and what they do", 0),
        ("Ana", "a player's name and what they do", 3),
        ("Zed end", "no player 'Zed'", 0),
        ("Ana fly", "'fly' is not a move", 4),
        ("Ana tarde teal for olive", "did you mean 'trade'?", 4),
        ("Ana trade teal olive", "expected 'for' here", 15),
        ("Ana trade teal for", "incomplete move", 18),
        ("Ana trade tea,teal for olive", "unknown palette card 'tea'", 10),
        ("Ana trade teal,,teal for olive", "nothing between two commas", 15),
        ("Ana place RYBXYR/R at 1,-1", "corner letter 4 is 'X'", 13),
        ("Ana place RYBBYR/R at one", "is not a cell", 22),
        ("Ana place RYBBYR/R at 1,-1 take", "incomplete move", 31),
        ("Ana end now", "unexpected 'now'", 8),
        ('Ana complete "Harbour', "not closed", 13),
        ("Ana trade teal with Zed for red", "no player 'Zed'", 20),
    ],
)
def test_bad_notation_says_where_and_why(text, words, column):
    with pytest.raises(MoveSyntaxError) as caught:
        parse_move(text, BASE)
    assert words in str(caught.value)
    assert caught.value.column == column
