"""Canvas's moves as values (core/moves.py) and its record (core/record.py): the notation, a table of
worked examples per move kind with the rule that decides each (checked by hand against the rules text:
"Como se Juega", "Tomar una tarjeta de arte", "Completa una pintura", "Fin del juego"), and the
bundled record replayed to its end, with an illegal move injected at every place stopping it there."""

from __future__ import annotations

import pathlib

import pytest

from pastiche_cli.formats.nodes import SEQ, STR
from pastiche_cli.formats.yamlio import compose
from pastiche_cli.games.canvas.core import cards, moves
from pastiche_cli.games.canvas.core.moves import Paint, Take
from pastiche_cli.games.canvas.core.record import RULES
from pastiche_cli.games.canvas.core.scoring import score
from pastiche_cli.games.canvas.core.validate import consistency_problems
from pastiche_cli.games.canvas.formats.loader import PositionReader, parse_position
from pastiche_cli.kernel.moves import IllegalMove, MoveError, MoveSyntaxError
from pastiche_cli.kernel.replay import ILLEGAL, SYNTAX

ROOT = pathlib.Path(__file__).resolve().parents[3]
RECORD = ROOT / "examples" / "records" / "canvas" / "two-player-game.yaml"

# Ana holds five cards and has one painting; Ben holds two; Beauty in slot 2 carries a token.
MIDGAME = """\
game: canvas
scoring: [composition, space, repetition, variety]
players:
  - name: Ana
    inspiration: 1
    hand: [Delicate, Revolution, Masked, Precious, Chosen]
    paintings:
      - [Heavy, Fragile, Melancholy]
  - name: Ben
    inspiration: 3
    hand: [Truth, Mess]
    paintings: []
market:
  - Nature
  - {card: Beauty, tokens: 1}
  - Bait
  - Sudden
  - Pride
"""


def position(text: str = MIDGAME, **changes):
    pos, problems, _ = parse_position("game.yaml", text)
    assert pos is not None and not [p for p in problems if p.kind != "warning"], problems
    return pos._replace(**changes)


def read_record(path: pathlib.Path = RECORD):
    """(the setup read by the loader's PositionReader from the `setup:` node, the moves' texts)."""
    root = compose(str(path), path.read_text(encoding="utf-8"))
    fields = {k.value: v for k, v in root.value}
    assert fields["game"].value == "canvas"
    reader = PositionReader(str(path))
    setup = reader.position(fields["setup"])
    assert setup is not None and not reader.problems, reader.problems
    assert fields["moves"].tag == SEQ and all(item.tag == STR for item in fields["moves"].value)
    return setup, [item.value for item in fields["moves"].value]


# --- the notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move, canonical",
    [
        ("Ana take 3 refill Nature", Take("Ana", 3, "Nature"), "Ana take 3 refill Nature"),
        ("ana TAKE 3 REFILL nature", Take("Ana", 3, "Nature"), "Ana take 3 refill Nature"),
        ("  Ben   take 1  ", Take("Ben", 1), "Ben take 1"),
        ('"Ben" take 5 refill "Trap"', Take("Ben", 5, "Trap"), "Ben take 5 refill Trap"),
        (
            "Ana paint delicate REVOLUTION Masked",
            Paint("Ana", ("Delicate", "Revolution", "Masked")),
            "Ana paint Delicate Revolution Masked",
        ),
    ],
)
def test_a_move_reads_and_writes_its_one_line(text, move, canonical):
    pos = position()
    parsed = moves.parse_move(text, pos)
    assert parsed == move and str(parsed) == canonical
    assert moves.parse_move(canonical, pos) == move


def test_a_name_with_a_space_is_quoted_and_read_back():
    pos = position(MIDGAME.replace("name: Ben", 'name: "Ben Ng"'))
    move = Take("Ben Ng", 2, "Trap")
    assert str(move) == '"Ben Ng" take 2 refill Trap'
    assert moves.parse_move(str(move), pos) == move


def test_a_name_is_matched_exactly_before_any_case():
    # (check refuses two names alike but for case; the notation still reads the exact one first)
    pos = position(MIDGAME.replace("name: Ben", "name: ana"))
    assert moves.parse_move("ana take 1 refill Trap", pos).player == "ana"
    assert moves.parse_move("Ana paint Delicate Revolution Masked", pos).player == "Ana"


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("", 0, "a move is a player's name and what they do"),
        ("Ana", 3, "a move is a player's name and what they do"),
        ("Anna take 1 refill Trap", 0, "no player 'Anna'; did you mean 'Ana'?"),
        ("Zed take 1 refill Trap", 0, "no player 'Zed' (players: Ana, Ben)"),
        ("Ben tak 1 refill Trap", 4, "'tak' is not a move; did you mean 'take'?"),
        ("Ben draw Trap", 4, "'draw' is not a move (moves: take, paint)"),
        ("Ben take", 8, "incomplete move: write NAME take SLOT refill WORD"),
        ("Ben take x refill Trap", 9, "'x' is not a market slot"),
        ("Ben take 0 refill Trap", 9, "there is no slot 0"),
        ("Ben take 6 refill Trap", 9, "there is no slot 6"),
        ("Ben take 2 Trap", 11, "expected 'refill' here, not 'Trap'"),
        ("Ben take 2 refill", 17, "incomplete move"),
        ("Ben take 2 refill Trapp", 18, "'Trapp' is not the title word of an art card; did you mean 'Trap'?"),
        ("Ben take 2 refill Trap now", 23, "unexpected 'now' after the move"),
        ("Ana paint Delicate Revolution", 29, "incomplete move: write NAME paint WORD WORD WORD"),
        (
            "Ana paint Delicate Revolushun Masked",
            19,
            "'Revolushun' is not the title word of an art card; did you mean 'Revolution'?",
        ),
        ("Ana paint Delicate Revolution Masked Chosen", 37, "unexpected 'Chosen' after the move"),
        ('Ana paint "Delicate', 10, "a double-quoted name or title is not closed"),
    ],
)
def test_text_that_is_not_a_move_says_where_it_goes_wrong(text, column, words):
    with pytest.raises(MoveSyntaxError) as caught:
        moves.parse_move(text, position())
    assert caught.value.column == column and words in str(caught.value)


# --- take [canvas.take] ----------------------------------------------------------------------------
# Slot n costs n - 1 tokens, one on each card passed over; the taker gains the tokens on the card;
# only with fewer than 5 cards in hand; the market slides toward slot 1 and the deck refills slot 5.


def market_words(pos) -> list[str]:
    return [f"{s.card}({s.tokens})" if s.tokens else s.card for s in pos.market]


@pytest.mark.parametrize(
    "text, tokens_after, hand_after, market_after",
    [
        # free: slot 1; nothing passed over
        ("Ben take 1 refill Trap", 3, ("Truth", "Mess", "Nature"), ["Beauty(1)", "Bait", "Sudden", "Pride", "Trap"]),
        # slot 2 costs 1 (put on Nature) and Beauty's token comes with it: 3 - 1 + 1
        ("Ben take 2 refill Trap", 3, ("Truth", "Mess", "Beauty"), ["Nature(1)", "Bait", "Sudden", "Pride", "Trap"]),
        # slot 3 costs 2, one on Nature and one more on Beauty
        ("Ben take 3 refill Trap", 1, ("Truth", "Mess", "Bait"), ["Nature(1)", "Beauty(2)", "Sudden", "Pride", "Trap"]),
        # slot 4 costs all 3 of Ben's tokens
        (
            "Ben take 4 refill Trap",
            0,
            ("Truth", "Mess", "Sudden"),
            ["Nature(1)", "Beauty(2)", "Bait(1)", "Pride", "Trap"],
        ),
    ],
)
def test_take_legal(text, tokens_after, hand_after, market_after):
    pos = position()
    move = moves.parse_move(text, pos)
    verdict = moves.judge(pos, move)
    assert verdict.legal and verdict.rule == "canvas.take", verdict
    assert verdict.detail.inspiration_after == tokens_after and verdict.notes == ()
    assert "Trap, drawn from the deck, refills slot 5" in verdict.effects[-1]
    after = moves.apply(pos, move)
    ben = after.player("Ben")
    assert (ben.inspiration, ben.hand) == (tokens_after, hand_after)
    assert market_words(after) == market_after
    assert after.player("Ana") == pos.player("Ana")


@pytest.mark.parametrize(
    "text, rule, words",
    [
        ("Ana take 1 refill Trap", "canvas.take", "Ana holds 5 art cards; a card may be taken only with fewer than 5"),
        ("Ben take 5 refill Trap", "canvas.take", "slot 5 costs 4 inspiration tokens"),
        ("Ben take 1 refill Heavy", "canvas.take", "Heavy is already in Ana's painting 1"),
        ("Ben take 1 refill Pride", "canvas.take", "Pride is already in the market (slot 5)"),
        ("Ben take 1 refill Mess", "canvas.take", "Mess is already in Ben's hand"),
        ("Ben take 2 refill Beauty", "canvas.take", "so it cannot also be the card drawn from the deck"),
    ],
)
def test_take_refused(text, rule, words):
    pos = position()
    move = moves.parse_move(text, pos)
    verdict = moves.judge(pos, move)
    assert not verdict.legal and verdict.rule == rule and words in verdict.reason, verdict
    with pytest.raises(IllegalMove) as caught:
        moves.apply(pos, move)
    assert caught.value.verdict == verdict


def test_take_from_an_empty_slot():
    pos = position(MIDGAME.replace("  - Pride\n", ""))
    verdict = moves.judge(pos, Take("Ben", 5, "Trap"))
    assert not verdict.legal and verdict.rule == "canvas.take" and "slot 5 is empty" in verdict.reason


def test_a_finished_player_is_passed_over():
    pos = position((ROOT / "examples" / "positions" / "canvas" / "four-player-bonus.yaml").read_text())
    assert moves.judge(pos, Take("Dev", 1, "Trap")).rule == "canvas.end"
    assert moves.judge(pos, Paint("Dev", ("Mistake", "Fading", "Trap"))).rule == "canvas.paint"


def test_a_take_without_the_card_drawn_is_legal_on_a_position_and_says_slot_5_waits():
    pos = position()
    verdict = moves.judge(pos, Take("Ben", 1))
    assert verdict.legal and verdict.rule == "canvas.take"
    assert verdict.notes and "the deck holds 45" in verdict.notes[0] and "Ben take 1 refill WORD" in verdict.notes[0]
    assert market_words(moves.apply(pos, Take("Ben", 1))) == ["Beauty(1)", "Bait", "Sudden", "Pride"]


def test_in_a_record_the_card_drawn_is_part_of_the_take():
    pos = position(turn="Ben")
    verdict = RULES.judge_in_record(pos, Take("Ben", 1))
    assert not verdict.legal and verdict.rule == "canvas.take" and "the deck still holds 45" in verdict.reason
    assert RULES.judge_in_record(pos, Take("Ben", 1, "Trap")).legal


def every_card_in_play():
    """Four finished players holding five cards each and Eve with none: 56 cards, and 4 in the market:
    all 60 are in play, so the deck is empty."""
    words = cards.card_words()
    lines = ["game: canvas", "scoring: [composition, space, repetition, variety]", "players:"]
    at = 0
    for name in ("Ana", "Ben", "Cleo", "Dev"):
        paintings = [words[at + 3 * k : at + 3 * k + 3] for k in range(3)]
        hand = words[at + 9 : at + 14]
        at += 14
        lines += [f"  - name: {name}", "    inspiration: 0", f"    hand: [{', '.join(hand)}]", "    paintings:"]
        lines += [f"      - [{', '.join(p)}]" for p in paintings]
    lines += ["  - {name: Eve, inspiration: 4}", f"market: [{', '.join(words[at:])}]", "turn: Eve"]
    return position("\n".join(lines) + "\n")


def test_when_the_deck_is_empty_slot_5_stays_empty():
    pos = every_card_in_play()
    assert moves.deck(pos) == () and len(pos.market) == 4
    verdict = RULES.judge_in_record(pos, Take("Eve", 1))
    assert verdict.legal and verdict.notes == () and "the deck is empty" in verdict.effects[-1]
    refill = RULES.judge_in_record(pos, Take("Eve", 1, pos.market[0].card))
    assert not refill.legal and refill.rule == "canvas.take"
    assert [s.card for s in moves.apply(pos, Take("Eve", 1)).market] == [s.card for s in pos.market[1:]]


def test_a_position_without_a_market_cannot_take():
    pos = position(MIDGAME[: MIDGAME.index("market:")])
    with pytest.raises(MoveError, match="no market"):
        moves.judge(pos, Take("Ben", 1, "Trap"))


def test_a_move_by_a_player_the_position_lacks_is_a_move_error():
    with pytest.raises(MoveError, match="no player 'Zed'"):
        moves.judge(position(), Take("Zed", 1, "Trap"))


# --- paint [canvas.paint] --------------------------------------------------------------------------
# Exactly three cards of one's hand, stacked in any order; forced with five in hand; three paintings each.


def test_paint_legal():
    pos = position()
    move = moves.parse_move("Ana paint Delicate Revolution Masked", pos)
    verdict = moves.judge(pos, move)
    assert verdict.legal and verdict.rule == "canvas.paint"
    assert "with 5 in hand a painting is the only move" in verdict.reason
    assert verdict.effects[0] == "Ana completes painting 2 of 3: Delicate, Revolution, Masked (bottom to top)"
    assert verdict.effects[-1] == "Precious, Chosen stay in hand"
    assert verdict.detail.words == ("Delicate", "Revolution", "Masked")  # the painting, scored (core/scoring.py)
    after = moves.apply(pos, move)
    ana = after.player("Ana")
    assert ana.hand == ("Precious", "Chosen")
    assert ana.paintings == (("Heavy", "Fragile", "Melancholy"), ("Delicate", "Revolution", "Masked"))
    assert after.market == pos.market and after.player("Ben") == pos.player("Ben")


@pytest.mark.parametrize(
    "text, words",
    [
        ("Ben paint Truth Mess Nature", "Ben holds 2 art cards; a painting needs 3"),
        ("Ana paint Delicate Revolution Heavy", "Ana does not hold Heavy"),
        ("Ana paint Delicate Delicate Masked", "Delicate is named twice"),
    ],
)
def test_paint_refused(text, words):
    pos = position()
    verdict = moves.judge(pos, moves.parse_move(text, pos))
    assert not verdict.legal and verdict.rule == "canvas.paint" and words in verdict.reason, verdict


# --- whose turn [canvas.turn] ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ben take 1 refill Trap",
        "Ben take 5 refill Heavy",  # whose turn is judged before the cost and the card drawn
        "Ben paint Truth Mess Nature",  # ... and before the hand
    ],
)
def test_a_move_out_of_turn_is_refused_by_the_turn_rule_first(text):
    pos = position(turn="Ana")
    verdict = moves.judge(pos, moves.parse_move(text, pos))
    assert not verdict.legal and verdict.rule == "canvas.turn"
    assert "it is Ana's turn, not Ben's" in verdict.reason


def test_the_turn_passes_after_every_move_and_passes_over_a_finished_player():
    pos = position(turn="Ana")
    after = moves.apply(pos, Paint("Ana", ("Delicate", "Revolution", "Masked")))
    assert after.turn == "Ben"
    assert moves.apply(after, Take("Ben", 1, "Trap")).turn == "Ana"
    done = position(turn="Ben").player("Ana")._replace(paintings=(("Heavy", "Fragile", "Melancholy"),) * 3, hand=())
    alone = position(turn="Ben")._replace(players=(done, position().player("Ben")))
    assert moves.apply(alone, Take("Ben", 1, "Trap")).turn == "Ben"


def test_without_a_turn_in_the_position_anyone_may_move_and_none_is_invented():
    pos = position()
    verdict = moves.judge(pos, Take("Ben", 1, "Trap"))
    assert verdict.legal and not verdict.turn_checked
    assert moves.apply(pos, Take("Ben", 1, "Trap")).turn is None


def test_the_position_after_a_move_is_checked_like_a_file():
    pos = position(turn="Ana")
    after = moves.apply(pos, Paint("Ana", ("Delicate", "Revolution", "Masked")))
    after = moves.apply(after, Take("Ben", 3, "Trap"))
    assert [p for p in consistency_problems(after) if p.kind != "warning"] == []
    assert sorted(p.word for p in after.places) == sorted(c for c, _ in moves.whereabouts(after))


# --- the record ------------------------------------------------------------------------------------


def test_the_bundled_record_replays_to_its_end_with_every_move_legal():
    setup, texts = read_record()
    replay = RULES.replay(setup, texts)
    assert replay.stop is None and len(replay.steps) == len(texts) == 26
    assert replay.over and replay.setup.turn == "Ana"
    kinds = {type(s.move) for s in replay.steps}
    assert kinds == set(moves.MOVES)
    assert [s.n for s in replay.steps if s.triggers_end] == [26]
    assert [s.move.player for s in replay.steps[-3:]] == ["Ben"] * 3  # Ana finished at move 23
    assert all(RULES.ends_turn(s) for s in replay.steps)
    last = replay.steps[-1]
    assert last.verdict.rule == "canvas.end" and last.verdict.effects[-1] == "no turn follows; the scores are final"
    assert replay.final.turn is None and consistency_problems(replay.final) == []


def test_the_bundled_record_s_hand_scoring():
    """The header's arithmetic: 60 each, Ben ahead on inspiration, 7 tokens to 1."""
    setup, texts = read_record()
    final = RULES.replay(setup, texts).final
    result = score(final)
    assert result.finished and result.winners == ("Ben",) and result.decided_by == "inspiration"
    by = {p.name: p for p in result.players}
    assert (by["Ana"].total, by["Ana"].inspiration, by["Ben"].total, by["Ben"].inspiration) == (60, 1, 60, 7)
    ana_rep = by["Ana"].card_total("repetition")
    assert (ana_rep.per_painting, ana_rep.earned, ana_rep.counted, ana_rep.points) == ((2, 2, 1), 5, 4, 16)
    assert (by["Ana"].bonus_ribbons, by["Ben"].bonus_ribbons) == (8, 8)
    assert {p.name: [c.points for c in p.cards] for p in result.players} == {
        "Ana": [8, 16, 11, 9],
        "Ben": [8, 16, 11, 9],
    }


def test_the_record_s_capped_painting_says_which_ribbons_are_not_taken():
    setup, texts = read_record()
    step = RULES.replay(setup, texts).steps[22]  # Ana paint Heavy Risky Moment: repetition is at 4
    assert str(step.move) == "Ana paint Heavy Risky Moment"
    assert "ribbons taken: variety 1, emphasis 1, composition 1" in step.verdict.effects
    assert "ribbons beyond the cap, not taken: repetition 1 [canvas.cap]" in step.verdict.effects
    assert "3 grey ribbons" in step.verdict.effects


def test_no_move_follows_the_end():
    setup, texts = read_record()
    replay = RULES.replay(setup, texts + ["Ben take 1 refill Trap"])
    assert replay.stop.n == 27 and replay.stop.kind == ILLEGAL and replay.stop.rule == "canvas.end"
    assert "the game is over" in replay.stop.reason


@pytest.mark.parametrize("turn, first", [(None, "Ana"), ("Ben", "Ben")])
def test_a_record_starts_with_the_first_player_unless_the_setup_says(turn, first):
    setup, _ = read_record()
    assert RULES.start(setup._replace(turn=turn)).turn == first


def test_a_record_whose_first_player_has_finished_starts_with_the_next():
    pos = position()
    ana = pos.player("Ana")._replace(paintings=(("Heavy", "Fragile", "Melancholy"),) * 3)
    assert RULES.start(pos._replace(players=(ana, pos.player("Ben")))).turn == "Ben"


def illegal_instead(step) -> tuple[str, str]:
    """A move that cannot be made where this step's move was, and the rule that refuses it."""
    me, others = step.move.player, [p.name for p in step.before.players if p.name != step.move.player]
    if step.n % 3 == 0:  # someone else's move: whose turn is judged first
        return f"{others[0]} take 1 refill Trap", "canvas.turn"
    if isinstance(step.move, Take):  # the card taken cannot also be the card drawn
        return f"{me} take {step.move.slot} refill {step.before.market[step.move.slot - 1].card}", "canvas.take"
    held = set(step.before.player(me).hand)
    absent = next(w for w in cards.card_words() if w not in held)
    return f"{me} paint {step.move.cards[0]} {step.move.cards[1]} {absent}", "canvas.paint"


def test_an_illegal_move_anywhere_stops_the_replay_at_that_move():
    setup, texts = read_record()
    steps = RULES.replay(setup, texts).steps
    for i, step in enumerate(steps):
        bad, rule = illegal_instead(step)
        replay = RULES.replay(setup, texts[:i] + [bad] + texts[i + 1 :])
        assert replay.stop is not None and replay.stop.n == i + 1, (i, bad)
        assert (replay.stop.kind, replay.stop.rule) == (ILLEGAL, rule), (i, bad, replay.stop)
        assert len(replay.steps) == i and replay.final == step.before


def test_a_move_not_in_the_notation_stops_the_replay_as_syntax():
    setup, texts = read_record()
    replay = RULES.replay(setup, texts[:4] + ["Ben take 2 refil Revolution"] + texts[5:])
    assert (replay.stop.n, replay.stop.kind, replay.stop.column) == (5, SYNTAX, 11)
