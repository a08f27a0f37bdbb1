"""Does a well-formed Masterpiece position obey the rules? Every problem at once, located (spec section 4)."""

from collections import Counter

from pastiche_cli.games.masterpiece.core.catalogue import table_findings
from pastiche_cli.games.masterpiece.core.deck import deck
from pastiche_cli.games.masterpiece.core.endgame import (
    already_triggered,
    reaches,
    thesis_points,
    threshold,
    turns_after,
)
from pastiche_cli.games.masterpiece.core.position import Loc, Position
from pastiche_cli.games.masterpiece.core.rule_ids import (
    ACCEPT,
    DECK,
    END,
    END_FLAG,
    END_TURNS,
    PRESENT_COPIES,
    PRESENT_ONCE,
    TURN,
)
from pastiche_cli.kernel.problems import RULES, Problem


def _at(loc: Loc, code: str, message: str) -> Problem:
    return Problem(RULES, code, message, loc.line, loc.column)


def card_places(position: Position) -> list[tuple[object, str, Loc]]:
    """(card, where, loc) for every card the file places: hands, theses, the discard."""
    out: list[tuple[object, str, Loc]] = []
    for p in position.players:
        out += [(c, f"{p.name}'s hand", p.loc) for c in p.hand]
        out += [(c, f"under {p.name}'s {t.thesis}", t.loc) for t in p.published for c in t.cards]
        out += [(c, f"under {p.name}'s accepted {t.thesis}", t.loc) for t in p.accepted for c in t.cards]
    out += [(c, "the discard", position.loc("discard")) for c in position.discard]
    return out


def consistency_problems(position: Position) -> list[Problem]:
    out: list[Problem] = []
    for thesis, finding in table_findings(position.theses):
        out.append(_at(thesis.loc, finding.code, f"{finding.message} [{finding.rule}]"))
    out += _card_problems(position)
    out += _thesis_problems(position)
    out += _end_problems(position)
    facts = _players_facts()
    n = len(position.players)
    if not facts["min"] <= n <= facts["max"]:
        out.append(
            _at(
                position.loc("players"),
                "player-count",
                f"the game is for {facts['min']} to {facts['max']} players, not {n} [{TURN}]",
            )
        )
    return out


def _players_facts() -> dict:
    from pastiche_cli.facts import game_data

    return game_data("masterpiece", "deck.json")["players"]


def _card_problems(position: Position) -> list[Problem]:
    out = []
    places = card_places(position)
    seen: dict = {}
    for card, where, loc in places:
        if card in seen:
            first = seen[card]
            out.append(
                _at(
                    loc,
                    "card-twice",
                    f"{card} is {where} and {first[0]} (line {first[1].line}); the deck holds one {card} [{DECK}]",
                )
            )
        else:
            seen[card] = (where, loc)
    total = deck().total
    if position.deck_count is not None and len(seen) + position.deck_count != total:
        out.append(
            _at(
                position.loc("deck"),
                "deck-count",
                f"{len(seen)} cards on the table, in hands and in the discard and {position.deck_count} in "
                f"the deck make {len(seen) + position.deck_count}, not the {total} of the game [{DECK}]",
            )
        )
    return out


def _thesis_problems(position: Position) -> list[Problem]:
    out = []
    in_play: Counter = Counter()
    for p in position.players:
        mine: dict[str, Loc] = {}
        for entry in p.published + p.accepted:
            in_play[entry.thesis] += 1
            if entry.thesis in mine:
                out.append(
                    _at(
                        entry.loc,
                        "published-twice",
                        f"{p.name} has '{entry.thesis}' twice (also line {mine[entry.thesis].line}); a player "
                        f"publishes each thesis once [{PRESENT_ONCE}]",
                    )
                )
            mine.setdefault(entry.thesis, entry.loc)
        for t in p.published:
            if len(t.cards) < 2:
                what = "no card" if not t.cards else f"one card ({t.cards[0]})"
                out.append(
                    _at(
                        t.loc,
                        "published-short",
                        f"{p.name}'s '{t.thesis}' is under review with {what}: a thesis with one card left "
                        f"is accepted (move it to accepted: with that card) [{ACCEPT}]",
                    )
                )
        for t in p.accepted:  # type: ignore[assignment]  # the name reused for the accepted theses
            if len(t.cards) != 1:
                out.append(
                    _at(
                        t.loc,
                        "accepted-cards",
                        f"{p.name}'s accepted '{t.thesis}' has {len(t.cards)} cards under it; an accepted thesis "
                        f"has exactly one [{ACCEPT}]",
                    )
                )
    for thesis in position.theses:
        if in_play[thesis.id] > thesis.copies:
            out.append(
                _at(
                    thesis.loc,
                    "too-many-copies",
                    f"'{thesis.id}' is on the table {in_play[thesis.id]} times but the box has {thesis.copies} "
                    f"cop{'y' if thesis.copies == 1 else 'ies'} [{PRESENT_COPIES}]",
                )
            )
    return out


def _over_problems(position: Position) -> list[Problem]:
    """[masterpiece.end] `end: {over: ...}` agrees with the rules: no end before the trigger, and
    [masterpiece.end.turns] not the turns the file counts since."""
    record = position.end
    assert record is not None and record.over is not None  # asked only of a file that says
    if record.over and not already_triggered(position):
        need = f"more than {threshold()}" if position.house.end_threshold_strict else f"{threshold()}"
        return [
            _at(
                record.loc,
                "over-early",
                f"the game cannot be over: nobody has reached {need} accepted points (the end flag not counted), "
                f"and the game ends only after its end is triggered [{END}]",
            )
        ]
    trigger = record.triggered_by
    if trigger is None or not record.turns_taken:
        return []
    left = [(p.name, turns_after(p.name == trigger) - record.taken(p.name)) for p in position.players]
    owed = ", ".join(f"{name} {n}" for name, n in left if n > 0)
    if record.over and owed:
        said = f"end.over says the game is over, but end.turns_taken leaves turns to come: {owed} [{END_TURNS}]"
        return [_at(record.loc, "over-turns-left", said)]
    if not record.over and not owed:
        said = f"end.over says the game is not over, but end.turns_taken counts every turn owed as taken [{END_TURNS}]"
        return [_at(record.loc, "over-turns-taken", said)]
    return []


def _end_problems(position: Position) -> list[Problem]:
    out = []
    record = position.end
    trigger = record.triggered_by if record else None
    if record is not None and trigger is not None:
        player = position.player(trigger)
        if player is not None and not reaches(position, thesis_points(position, player, with_flag=False)):
            pts = thesis_points(position, player, with_flag=False)
            out.append(
                _at(
                    record.loc,
                    "trigger-short",
                    f"end.triggered_by names {trigger}, who has {pts} accepted points: below the threshold [{END}]",
                )
            )
        for name, taken in record.turns_taken:
            allowed = turns_after(name == trigger)
            if taken > allowed:
                out.append(
                    _at(
                        record.loc,
                        "too-many-turns",
                        f"{name} has taken {taken} turns since the end was triggered; "
                        f"{'the trigger takes' if name == trigger else 'each other player takes'} "
                        f"{allowed} [{END_TURNS}]",
                    )
                )
    if record is not None and record.over is not None:
        out += _over_problems(position)
    for p in position.players:
        for entry in p.published:
            thesis = position.thesis(entry.thesis)
            if thesis is not None and thesis.is_flag:
                out.append(
                    _at(
                        entry.loc,
                        "flag-published",
                        f"{p.name}'s end flag '{entry.thesis}' is under review; it is laid with one card and "
                        f"is accepted at once [{END_FLAG}]",
                    )
                )
        for entry in p.accepted:  # type: ignore[assignment]  # the name reused for the accepted theses
            thesis = position.thesis(entry.thesis)
            if thesis is None or not thesis.is_flag:
                continue
            if trigger is not None and p.name != trigger:
                out.append(
                    _at(
                        entry.loc,
                        "flag-not-trigger",
                        f"{p.name} has the end flag, but {trigger} triggered the end [{END_FLAG}]",
                    )
                )
            elif not reaches(position, thesis_points(position, p, with_flag=False)):
                out.append(
                    _at(
                        entry.loc,
                        "flag-early",
                        f"{p.name} has the end flag with {thesis_points(position, p, with_flag=False)} "
                        f"accepted points: it is laid on reaching the threshold [{END_FLAG}]",
                    )
                )
    return out
