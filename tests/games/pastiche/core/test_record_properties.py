"""Properties of records, with hypothesis: on a generated setup, a random walk of legal moves written
as a record replays to the very position applying the moves one by one gives; `replay --to N` then
the rest of the moves gives the same end; `undo` after `play` leaves the file byte-identical; and
the 131 palette cards are all somewhere (hands + bank, completed palettes back in the bank) at every step.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_move_properties import a_move, hexes, positions

from pastiche_cli.cli.root import root
from pastiche_cli.formats.record import move_scalar
from pastiche_cli.games.pastiche.core import moves
from pastiche_cli.games.pastiche.core.board import board_of, open_cells
from pastiche_cli.games.pastiche.core.commissions import in_play, statuses
from pastiche_cli.games.pastiche.core.position import Turn
from pastiche_cli.games.pastiche.core.record import RULES
from pastiche_cli.games.pastiche.formats.loader import parse_position
from pastiche_cli.games.pastiche.formats.record import load_text, position_text

replay, judge_next, starting = RULES.replay, RULES.judge_next, RULES.start


def ends_the_game(before, move) -> bool:
    return RULES.ends_game(before, move, None)


def card_total(position) -> int:
    """Every palette card counted where it is: in hands and in the bank (the 131 of the box, SPEC 1.1)."""
    return sum(position.in_hands().values()) + sum(position.bank().values())


BOX = 131


def record_text(setup, texts: list[str]) -> str:
    """A record file: the setup as `setup:` (position_text, indented) and the moves."""
    body = position_text(setup).split("\n", 1)[1]  # without its `game:` line
    lines = ["game: pastiche", "# a generated game", "setup:"]
    lines += [f"  {line}" if line else "" for line in body.splitlines()]
    lines += ["moves:   # the walk"] + [f"  - {move_scalar(t)}" for t in texts]
    return "\n".join(lines) + "\n"


def facts(position) -> dict:
    """What a position says about the game (not where its file writes it)."""

    def cards(commissions):
        return tuple((c.title, c.artist, c.points, c.palette) for c in commissions)

    return {
        "players": tuple(
            (p.name, p.palette, cards(p.commissions), cards(p.completed), p.hexes) for p in position.players
        ),
        "gallery": cards(position.gallery),
        "start": position.start,
        "placed": tuple((h.at, h.hex, h.by) for h in position.placed),
        "turn": None if position.turn is None else position.turn[:3],
        "pending_draw": position.pending_draw,
        "house_rules": position.house_rules,
    }


def a_turn_move(data, position):
    """A move the player whose turn it is might make now, in the phase the turn is in (often legal)."""
    me = position.player(position.turn.player)
    if position.pending_draw is not None:
        deck = [cid for cid, c in position.catalogue.items() if in_play(position, c) is None]
        return moves.DrawCommission(me.name, data.draw(st.sampled_from(deck or list(position.catalogue))))
    phase = position.turn.phase
    if phase == "mixing":
        cells = open_cells(board_of(position))
        tile = moves.parse_hex(data.draw(st.sampled_from(list(me.hexes))) if me.hexes else data.draw(hexes))
        take = data.draw(st.sampled_from([None, None, None, "red", "yellow", "blue"]))
        return moves.Place(me.name, tile.rotated(data.draw(st.integers(0, 5))), data.draw(st.sampled_from(cells)), take)
    hand = list(me.palette.elements())
    over = me.hand_size - 8
    if phase == "painting":
        kind = data.draw(st.sampled_from(["three", "player", "swap", "complete", "complete", "cleanup"]))
        if kind == "three":
            threes = [c for c, n in me.palette.items() if n >= 3]
            if threes:
                return moves.BankTrade(
                    me.name,
                    {data.draw(st.sampled_from(threes)): 3},
                    data.draw(st.sampled_from(["olive", "teal", "black", "white", "orange"])),
                )
        if kind == "player":
            other = data.draw(st.sampled_from([p for p in position.players if p.name != me.name]))
            give = hand[: data.draw(st.integers(0, min(2, len(hand))))]
            theirs = list(other.palette.elements())
            return moves.PlayerTrade(
                me.name, other.name, give, theirs[: data.draw(st.integers(0, min(2, len(theirs))))]
            )
        if kind == "swap" and me.commissions and position.gallery:
            return moves.Swap(
                me.name, data.draw(st.sampled_from(me.commissions)).id, data.draw(st.sampled_from(position.gallery)).id
            )
        if kind == "complete":
            ready = [s.commission.id for s in statuses(position, me) if s.completable]
            if ready:
                return moves.Complete(me.name, data.draw(st.sampled_from(ready)))
    if over > 0:
        return moves.Discard(me.name, hand[:over])
    if len(me.hexes) < 2:
        return moves.DrawHex(me.name, data.draw(hexes))
    return moves.End(me.name)


@st.composite
def walks(draw):
    """A setup (with whose turn it is: the start player's mixing phase) and legal moves made in order."""
    setup = draw(positions())
    setup = setup._replace(turn=Turn(setup.players[0].name, "mixing"), pending_draw=None)
    # the setup as the record file will give it back (ids, keys and order as written)
    setup, problems, _ = parse_position("walk.yaml", position_text(setup))
    assert setup is not None and not [p for p in problems if p.kind != "warning"], problems
    data = draw(st.data())
    position, played, after = setup, [], [setup]
    for _ in range(data.draw(st.integers(1, 60))):
        move = a_move(data, position) if data.draw(st.integers(0, 5)) == 0 else a_turn_move(data, position)
        if not judge_next(position, False, move).legal:  # the record's judge: the core's, and hexes held
            continue
        nxt = moves.apply(position, move)
        if ends_the_game(position, move):
            nxt = nxt._replace(turn=position.turn)
            played.append(str(move))
            after.append(nxt)
            break
        played.append(str(move))
        after.append(nxt)
        position = nxt
    return setup, played, after


@settings(max_examples=80, deadline=None)
@given(walks())
def test_a_record_of_legal_moves_replays_to_what_applying_them_one_by_one_gives(walk):
    setup, played, after = walk
    loaded = load_text("walk.yaml", record_text(setup, played))
    assert [p for p in loaded.problems if p.kind != "warning"] == []
    assert loaded.replay.stop is None
    assert len(loaded.replay.steps) == len(played)
    for step, expected in zip(loaded.replay.steps, after[1:]):
        assert facts(step.after) == facts(expected), step.move
    assert facts(loaded.position) == facts(after[-1])


@settings(max_examples=80, deadline=None)
@given(walks(), st.data())
def test_to_n_then_the_rest_of_the_moves_gives_the_same_end(walk, data):
    setup, played, _ = walk
    whole = replay(setup, played)
    assert whole.stop is None
    # A replacement still to be drawn cannot be written in a position file: --to N says so (a note),
    # and the rest cannot be replayed from it; every other N can.
    n = data.draw(st.sampled_from([i for i in range(len(played) + 1) if whole.position_after(i).pending_draw is None]))
    middle, problems, _ = parse_position("middle.yaml", position_text(whole.position_after(n)))
    assert middle is not None and not [p for p in problems if p.kind != "warning"], problems
    assert facts(middle) == facts(whole.position_after(n))
    rest = replay(middle, played[n:])
    assert rest.stop is None, rest.stop
    assert facts(rest.final) == facts(whole.final)


@settings(max_examples=20, deadline=None)
@given(walks())
def test_undo_after_play_leaves_the_file_byte_identical(walk):
    setup, played, _ = walk
    assume(played)
    *earlier, last = played
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "walk.yaml"
        path.write_text(record_text(setup, earlier), encoding="utf-8")
        original = path.read_bytes()
        played_now = runner.invoke(root, ["play", str(path), last])
        assert played_now.exit_code == 0, played_now.output
        assert path.read_bytes() != original
        undone = runner.invoke(root, ["undo", str(path)])
        assert undone.exit_code == 0, undone.output
        assert path.read_bytes() == original


@settings(max_examples=80, deadline=None)
@given(walks())
def test_every_card_is_somewhere_at_every_step(walk):
    setup, played, _ = walk
    replayed = replay(setup, played)
    for position in [replayed.setup] + [s.after for s in replayed.steps]:
        bank = position.bank()
        assert all(count >= 0 for count in bank.values())
        # bank + hands = 131; a completed commission's palette is back in the bank (not counted twice)
        assert card_total(position) == BOX
        assert sum(bank.values()) == BOX - sum(p.hand_size for p in position.players)


def _ledger(step) -> dict[str, Counter]:
    """Each hand after a move, worked out from the hand before and what the move itself says moves."""
    hands = {p.name: Counter(p.palette) for p in step.before.players}
    move, me = step.move, step.move.player
    if isinstance(move, moves.Place):
        hands[me] += Counter(step.verdict.detail.cards)
    elif isinstance(move, moves.BankTrade):
        hands[me] -= Counter(move.give)
        hands[me][move.get] += 1
    elif isinstance(move, moves.PlayerTrade):
        hands[me] = hands[me] - Counter(move.give) + Counter(move.receive)
        hands[move.other] = hands[move.other] - Counter(move.receive) + Counter(move.give)
    elif isinstance(move, moves.Complete):
        hands[me] -= Counter(step.verdict.detail.status.commission.palette)
    elif isinstance(move, moves.Discard):
        hands[me] -= Counter(move.cards)
    return {name: +hand for name, hand in hands.items()}


@settings(max_examples=80, deadline=None)
@given(walks())
def test_each_move_moves_exactly_the_cards_it_names(walk):
    """The conservation check above holds by construction (the bank is the box less the hands); this one
    follows every card: a completion that kept its cards, or a trade that forgot a side, fails here."""
    setup, played, _ = walk
    for step in replay(setup, played).steps:
        assert {p.name: +Counter(p.palette) for p in step.after.players} == _ledger(step), step.move
