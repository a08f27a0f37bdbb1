"""The clean-up phase: discards [cleanup.hand-limit], hexes drawn [cleanup.draw], the turn ended [cleanup]."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.board import PALETTE_HEXES
from pastiche_cli.games.pastiche.core.colours import go_back
from pastiche_cli.games.pastiche.core.discard import judge_discard
from pastiche_cli.games.pastiche.core.notation import HexTile
from pastiche_cli.games.pastiche.core.position import Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP as CLEANUP_RULES  # the group's id, the phase's word
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP_DRAW, CLEANUP_HAND_LIMIT
from pastiche_cli.games.pastiche.core.turns import CLEANUP, END, check_turn, next_player, turn_after
from pastiche_cli.games.pastiche.core.validate import HAND_LIMIT, HEXES_IN_HAND
from pastiche_cli.kernel.multiset import Multiset
from pastiche_cli.kernel.verdict import Verdict
from pastiche_cli.kernel.words import plural


def hex_supply(position: Position) -> int:
    """Palette hexes neither on the table nor in a hand."""
    return PALETTE_HEXES - len(position.placed) - sum(len(p.hexes) for p in position.players)


def discard_verdict(position: Position, me: Player, cards: Multiset) -> Verdict:
    """[cleanup.hand-limit] May the player discard these cards now?"""
    turn = check_turn(position.turn, [me.name], CLEANUP, CLEANUP_HAND_LIMIT, f"{me.name} discards")
    if not turn.allowed:
        return turn.refused()
    legal, reason = judge_discard(me.name, me.palette, cards)
    return Verdict(legal, CLEANUP_HAND_LIMIT, reason, (go_back(cards),) if legal else (), turn.notes(), turn.checked)


def after_discard(position: Position, me: Player, cards: Multiset) -> Position:
    turn = turn_after(position.turn, CLEANUP, position, me.name)
    return position.with_players(me._replace(palette=me.palette - cards), turn=turn)


def draw_hex_verdict(position: Position, me: Player, tile: HexTile) -> Verdict:
    """[cleanup.draw] May the player draw a hex now: fewer than two in hand, and one left to draw?"""
    turn = check_turn(position.turn, [me.name], CLEANUP, CLEANUP_DRAW, f"{me.name} draws hexes")
    if not turn.allowed:
        return turn.refused()
    held = len(me.hexes)
    if held >= HEXES_IN_HAND:
        why = f"{me.name} holds {held} hexes; a player draws back up to {HEXES_IN_HAND}, no more"
        return Verdict(False, CLEANUP_DRAW, why, turn_checked=turn.checked)
    if hex_supply(position) <= 0:
        why = f"all {PALETTE_HEXES} palette hexes are on the table or in hands; none is left to draw"
        return Verdict(False, CLEANUP_DRAW, why, turn_checked=turn.checked)
    reason = f"{me.name} holds {plural(held, 'hex', 'hexes')} and draws back up to {HEXES_IN_HAND}"
    effects = (f"{tile} goes to {me.name}'s hexes",)
    return Verdict(True, CLEANUP_DRAW, reason, effects, turn.notes(), turn.checked)


def after_draw_hex(position: Position, me: Player, tile: HexTile) -> Position:
    turn = turn_after(position.turn, CLEANUP, position, me.name)
    return position.with_players(me._replace(hexes=me.hexes + (str(tile),)), turn=turn)


def end_turn_verdict(position: Position, me: Player) -> Verdict:
    """[cleanup] May the player end the turn now: within the hand limit, hexes drawn back up?"""
    turn = check_turn(position.turn, [me.name], END, CLEANUP_RULES, f"{me.name} ends the turn")
    if not turn.allowed:
        return turn.refused()
    size, held = me.hand_size, len(me.hexes)
    if size > HAND_LIMIT:
        why = (
            f"{me.name} holds {size} palette cards; a turn ends with at most {HAND_LIMIT}, so "
            f"{size - HAND_LIMIT} must be discarded first"
        )
        return Verdict(False, CLEANUP_HAND_LIMIT, why, turn_checked=turn.checked)
    listed = me.hexes_listed or bool(me.hexes)
    if listed and held < min(HEXES_IN_HAND, held + hex_supply(position)):
        why = (
            f"{me.name} holds {plural(held, 'hex', 'hexes')}; a turn ends with {HEXES_IN_HAND} while the supply "
            "lasts, so draw back up first"
        )
        return Verdict(False, CLEANUP_DRAW, why, turn_checked=turn.checked)
    unchecked = (
        None
        if listed
        else f"the file does not list {me.name}'s hexes, so drawing back up to {HEXES_IN_HAND} was not checked"
    )
    following = next_player(position, me.name)
    reason = f"{me.name}'s turn ends; it is {following}'s turn, in the mixing phase"
    return Verdict(
        True, CLEANUP_RULES, reason, (f"the turn passes to {following}",), turn.notes(unchecked), turn.checked
    )


def after_end(position: Position, me: Player) -> Position:
    return position.with_players(turn=turn_after(position.turn, END, position, me.name), pending_draw=None)
