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
from pastiche_cli.games.masterpiece.core.position import EndRecord, Position
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
from pastiche_cli.games.masterpiece.core.setup import count_problem
from pastiche_cli.kernel.problems import NOWHERE, Loc, Places, Problem, problem_at
from pastiche_cli.kernel.words import plural


def card_places(position: Position, places: Places = NOWHERE) -> list[tuple[object, str, Loc]]:
    """(card, where, loc) for every card the file places: hands, theses, the discard."""
    out: list[tuple[object, str, Loc]] = []
    for p in position.players:
        out += [(c, f"{p.name}'s hand", p.loc) for c in p.hand]
        out += [(c, f"under {p.name}'s {t.thesis}", t.loc) for t in p.published for c in t.cards]
        out += [(c, f"under {p.name}'s accepted {t.thesis}", t.loc) for t in p.accepted for c in t.cards]
    out += [(c, "the discard", places.loc("discard")) for c in position.discard]
    return out


def consistency_problems(position: Position, places: Places = NOWHERE) -> list[Problem]:
    """Every way the position breaks the rules, located through `places` (where its file gives each part)."""
    out = [problem_at(t.loc, f.code, f"{f.message} [{f.rule}]") for t, f in table_findings(position.theses)]
    out += _card_problems(position, places) + _thesis_problems(position) + _end_problems(position)
    wrong = count_problem(len(position.players))
    if wrong:
        out.append(problem_at(places.loc("players"), "player-count", f"{wrong} [{TURN}]"))
    return out


def _card_problems(position: Position, places: Places) -> list[Problem]:
    """[masterpiece.deck] Each card in one place, and the deck's count making up the game's cards."""
    out = []
    seen: dict = {}
    for card, where, loc in card_places(position, places):
        if card in seen:
            first = seen[card]
            why = f"{card} is {where} and {first[0]} (line {first[1].line}); the deck holds one {card} [{DECK}]"
            out.append(problem_at(loc, "card-twice", why))
        else:
            seen[card] = (where, loc)
    total = deck().total
    if position.deck_count is not None and len(seen) + position.deck_count != total:
        why = (
            f"{len(seen)} cards on the table, in hands and in the discard and {position.deck_count} in the deck make "
            f"{len(seen) + position.deck_count}, not the {total} of the game [{DECK}]"
        )
        out.append(problem_at(places.loc("deck"), "deck-count", why))
    return out


def _thesis_problems(position: Position) -> list[Problem]:
    """Each thesis published once by a player, two cards or more under review, one accepted, copies enough."""
    out = []
    in_play: Counter = Counter()
    for p in position.players:
        mine: dict[str, Loc] = {}
        for entry in p.published + p.accepted:
            in_play[entry.thesis] += 1
            if entry.thesis in mine:
                why = (
                    f"{p.name} has '{entry.thesis}' twice (also line {mine[entry.thesis].line}); a player publishes "
                    f"each thesis once [{PRESENT_ONCE}]"
                )
                out.append(problem_at(entry.loc, "published-twice", why))
            mine.setdefault(entry.thesis, entry.loc)
        for t in p.published:
            if len(t.cards) < 2:
                what = "no card" if not t.cards else f"one card ({t.cards[0]})"
                why = (
                    f"{p.name}'s '{t.thesis}' is under review with {what}: a thesis with one card left is accepted "
                    f"(move it to accepted: with that card) [{ACCEPT}]"
                )
                out.append(problem_at(t.loc, "published-short", why))
        for a in p.accepted:
            if len(a.cards) != 1:
                why = (
                    f"{p.name}'s accepted '{a.thesis}' has {len(a.cards)} cards under it; an accepted thesis has "
                    f"exactly one [{ACCEPT}]"
                )
                out.append(problem_at(a.loc, "accepted-cards", why))
    for thesis in position.theses:
        if in_play[thesis.id] > thesis.copies:
            why = (
                f"'{thesis.id}' is on the table {in_play[thesis.id]} times but the box has "
                f"{plural(thesis.copies, 'copy', 'copies')} [{PRESENT_COPIES}]"
            )
            out.append(problem_at(thesis.loc, "too-many-copies", why))
    return out


def _end_problems(position: Position) -> list[Problem]:
    """[masterpiece.end] The end as the file records it, and [masterpiece.end.flag] the end flag."""
    record = position.end
    out = _trigger_problems(position, record) if record is not None and record.triggered_by is not None else []
    if record is not None and record.over is not None:
        out += _over_problems(position)
    return out + _flag_problems(position, record.triggered_by if record else None)


def _trigger_problems(position: Position, record: EndRecord) -> list[Problem]:
    """[masterpiece.end] The trigger reached the threshold, and no one took more turns since than are owed."""
    out = []
    trigger = record.triggered_by
    player = position.player(trigger) if trigger is not None else None
    pts = thesis_points(position, player, with_flag=False) if player is not None else 0
    if player is not None and not reaches(position, pts):
        why = f"end.triggered_by names {trigger}, who has {pts} accepted points: below the threshold [{END}]"
        out.append(problem_at(record.loc, "trigger-short", why))
    for name, taken in record.turns_taken:
        allowed = turns_after(name == trigger)
        if taken > allowed:
            who = "the trigger takes" if name == trigger else "each other player takes"
            why = f"{name} has taken {taken} turns since the end was triggered; {who} {allowed} [{END_TURNS}]"
            out.append(problem_at(record.loc, "too-many-turns", why))
    return out


def _over_problems(position: Position) -> list[Problem]:
    """[masterpiece.end] `end: {over: ...}` agrees with the trigger and the turns the file counts since."""
    record = position.end
    assert record is not None and record.over is not None  # asked only of a file that says
    if record.over and not already_triggered(position):
        need = f"more than {threshold()}" if position.house.end_threshold_strict else f"{threshold()}"
        why = (
            f"the game cannot be over: nobody has reached {need} accepted points (the end flag not counted), and the "
            f"game ends only after its end is triggered [{END}]"
        )
        return [problem_at(record.loc, "over-early", why)]
    trigger = record.triggered_by
    if trigger is None or not record.turns_taken:
        return []
    left = [(p.name, turns_after(p.name == trigger) - record.taken(p.name)) for p in position.players]
    owed = ", ".join(f"{name} {n}" for name, n in left if n > 0)
    if record.over and owed:
        said = f"end.over says the game is over, but end.turns_taken leaves turns to come: {owed} [{END_TURNS}]"
        return [problem_at(record.loc, "over-turns-left", said)]
    if not record.over and not owed:
        said = f"end.over says the game is not over, but end.turns_taken counts every turn owed as taken [{END_TURNS}]"
        return [problem_at(record.loc, "over-turns-taken", said)]
    return []


def _flag_problems(position: Position, trigger: str | None) -> list[Problem]:
    """[masterpiece.end.flag] The end flag is accepted at once, laid by the trigger on reaching the threshold."""
    out = []
    for p in position.players:
        for entry in p.published:
            if position.is_flag(entry.thesis):
                why = (
                    f"{p.name}'s end flag '{entry.thesis}' is under review; it is laid with one card and is accepted "
                    f"at once [{END_FLAG}]"
                )
                out.append(problem_at(entry.loc, "flag-published", why))
        for a in (a for a in p.accepted if position.is_flag(a.thesis)):
            pts = thesis_points(position, p, with_flag=False)
            if trigger is not None and p.name != trigger:
                why = f"{p.name} has the end flag, but {trigger} triggered the end [{END_FLAG}]"
                out.append(problem_at(a.loc, "flag-not-trigger", why))
            elif not reaches(position, pts):
                why = f"{p.name} has the end flag with {pts} accepted points: it is laid on reaching the threshold"
                out.append(problem_at(a.loc, "flag-early", f"{why} [{END_FLAG}]"))
    return out
