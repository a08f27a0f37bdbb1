"""core/record.py: a replay judges every move in order; the record's own rules (the default first
turn, the end of the game, nothing after it), each worked on the two-player example."""

from __future__ import annotations

import pathlib

from pastiche_cli.games.pastiche.core import moves
from pastiche_cli.games.pastiche.core.record import RULES
from pastiche_cli.games.pastiche.formats.record import read_record
from pastiche_cli.kernel.replay import ILLEGAL, SYNTAX

replay, judge_next, starting = RULES.replay, RULES.judge_next, RULES.start


def ends_the_game(before, move) -> bool:
    return RULES.ends_game(before, move, None)


def card_total(position) -> int:
    """Every palette card counted where it is: in hands and in the bank (the 131 of the box, SPEC 1.1)."""
    return sum(position.in_hands().values()) + sum(position.bank().values())


RECORDS = pathlib.Path(__file__).resolve().parents[4] / "examples" / "records"
EXAMPLE = (RECORDS / "two-player-game.yaml").read_text(encoding="utf-8")
RECORD, _ = read_record("two-player-game.yaml", EXAMPLE)
SETUP = RECORD.setup
PLAYED = [m.text for m in RECORD.moves]


def test_replay_is_judge_then_apply_move_after_move():
    whole = replay(SETUP, PLAYED)
    assert whole.stop is None and len(whole.steps) == 31
    position = SETUP
    for step, text in zip(whole.steps, PLAYED):
        move = moves.parse_move(text, position)
        assert step.move == move and step.before == position
        assert step.verdict.legal and step.verdict.rule
        if not step.ends_game:
            assert step.after == moves.apply(position, move)
        position = step.after


def test_the_end_is_triggered_by_anas_completion_and_the_game_ends_with_bens_end():
    whole = replay(SETUP, PLAYED)
    triggering = [s.n for s in whole.steps if s.triggers_end]
    assert triggering == [PLAYED.index("Ana complete orchard") + 1]
    assert [s.n for s in whole.steps if s.ends_game] == [31]
    last = whole.steps[-1]
    assert last.verdict.rule == "end.round" and whole.over
    assert last.after.turn.player == "Ben"  # no next turn begins
    assert not whole.steps[-2].ends_game and not replay(SETUP, PLAYED[:30]).over


def test_an_end_by_the_last_player_before_the_trigger_does_not_end_the_game():
    before = replay(SETUP, PLAYED[:8])  # Ben's first end: nobody near the threshold
    assert not before.steps[-1].ends_game
    assert not ends_the_game(before.steps[-1].before, before.steps[-1].move)


def test_nothing_may_follow_the_end_of_the_game():
    whole = replay(SETUP, PLAYED + ["Ana place YBRYBR/R at 2,-1"])
    assert whole.stop.kind == ILLEGAL and whole.stop.rule == "end.round" and whole.stop.n == 32
    verdict = judge_next(whole.final, True, moves.End("Ana"))
    assert not verdict.legal and verdict.rule == "end.round"


def test_a_setup_without_turn_starts_with_the_first_players_mixing_phase():
    no_turn = SETUP._replace(turn=None)
    assert starting(no_turn).turn[:2] == ("Ana", "mixing")
    assert replay(no_turn, PLAYED[:4]).stop is None
    assert replay(no_turn, ["Ben place YYBBRR/B at 0,-1"]).stop.rule == "place"


def test_the_first_move_refused_stops_the_replay_with_its_number_and_rule():
    whole = replay(SETUP, PLAYED[:2] + ["Ana end", "Ana end"])
    assert len(whole.steps) == 2
    stop = whole.stop
    assert (stop.n, stop.kind, stop.rule) == (3, ILLEGAL, "cleanup.draw")
    assert stop.message() == f"move 3: {stop.reason} [cleanup.draw]"


def test_text_not_in_the_notation_stops_with_the_column():
    stop = replay(SETUP, ["Ana plaec RYYBBR/R at -1,1"]).stop
    assert (stop.kind, stop.column) == (SYNTAX, 4) and stop.rule is None


def test_every_card_of_the_box_is_somewhere_after_every_move():
    for step in replay(SETUP, PLAYED).steps:
        assert card_total(step.after) == 131
