"""The answers of Masterpiece's move commands, `present` and `review`, and of `options`."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.rule_ids import END_TURNS, PRESENT, RESEARCH, REVIEW
from pastiche_cli.render.answer import BLANK, Plain, Table, Told
from pastiche_cli.render.told import fields, plural


def assignment_json(assignment) -> list:
    return [{"part": a.label, "cards": [{"card": str(c), "from": str(s)} for c, s in a.cards]} for a in assignment]


def owed_json(owed) -> list:
    return [{"to": o.to, "cards": o.count, "for": [str(c) for c in o.cited]} for o in owed]


def _from_words(source) -> str:
    return "hand" if source.owner is None else f"cited from {source.owner}'s {source.thesis}"


def explain(verdict, thesis) -> list[str]:
    head = f"{verdict.player} presents {thesis.label()}: {'legal' if verdict.legal else 'not allowed'} [{verdict.rule}]"
    lines = [head, f"  {verdict.reason}"]
    for a in verdict.assignment:
        lines.append(f"  {a.label}: " + ", ".join(f"{c} ({_from_words(s)})" for c, s in a.cards))
    for o in verdict.owed:
        lines.append(f"  owes {o.to} {plural(o.count, 'card')} from hand, for citing {', '.join(map(str, o.cited))}")
    return lines + [f"  note: {n}" for n in verdict.notes]


def _told(answer: dict, lines: list[str], verdict, held, path: str, apply: bool, notes) -> Told:
    """A move's answer; `held`: --apply's move as the record judges it, `notes`: the write's (None: none)."""
    if held is not None and not held.legal:
        return Told(answer | {"applied": False}, (), f"pastiche: not applied: {held.reason} [{held.rule}]")
    said = [f"Recorded in {path}."] if notes is not None else []
    refused = f"pastiche: not applied: {verdict.reason} [{verdict.rule}]" if apply and not verdict.legal else ""
    return Told(answer | {"applied": notes is not None}, [Plain(lines + said)], refused)


def present_told(verdict, thesis, held, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`present`'s answer (core judge_present's verdict)."""
    answer = fields(verdict, "legal", "rule", "reason")
    answer |= {"assignment": assignment_json(verdict.assignment), "owed": owed_json(verdict.owed)}
    answer |= fields(verdict, "accepted", "points", "triggers_end") | {"notes": list(verdict.notes)}
    return _told(answer, explain(verdict, thesis), verdict, held, path, apply, notes)


def review_told(verdict, thesis: str, held, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`review`'s answer (core judge_review's verdict): whether the card may be taken, and what it does."""
    answer = fields(verdict, "legal", "rule", "reason", "accepted", "points", "author")
    answer |= {"left": [str(c) for c in verdict.left], "triggers_end": verdict.triggers_end}
    judged = "legal" if verdict.legal else "not allowed"
    lines = [
        f"{verdict.reviewer} reviews {verdict.author}'s {thesis}: {judged} [{verdict.rule}]",
        f"  {verdict.reason}",
    ]
    if verdict.legal and not verdict.accepted:
        lines.append(f"  still under it: {', '.join(map(str, verdict.left))}")
    return _told(answer, lines, verdict, held, path, apply, notes)


# --- options: every thesis a player could present now ------------------------------------------------


def _option_json(o) -> dict:
    from pastiche_cli.games.masterpiece.core.options import Way

    thesis = {"thesis": o.thesis.id, "requirement": o.thesis.requirement.text(), "points": o.thesis.points}
    way = o.best or Way((), 0, 0)
    cards = [{"card": str(c), "from": str(s)} for c, s in way.cards]
    shown = {"cards": cards, "hand_cards": way.hand_used, "owed": way.owed, "accepted_at_once": way.hand_used == 1}
    return thesis | fields(o, "presentable", "rule", "reason", "ways") | shown


def _way_words(way) -> str:
    return ", ".join(str(c) if s.owner is None else f"{c} (cite {s.owner})" for c, s in way.cards)


def options_told(player: str, found: list, spent: str | None) -> Told:
    """`options`: every thesis `player` could present now, one way's cards, and why the others cannot be."""
    rows = [
        [o.thesis.id, o.thesis.requirement.text(), o.thesis.points, o.ways, _way_words(o.best), o.best.owed]
        + ["yes" if o.best.hand_used == 1 else ""]
        for o in found
        if o.presentable
    ]
    if rows:
        headers = ["thesis", "requirement", "points", "ways", "cards (one way)", "owed", "accepted at once"]
        title = f"{player} can present {plural(len(rows), 'thesis', 'theses')} [{PRESENT}]"
        text: list = [Table(headers, rows, title, ["left", "left", "right", "right", "left", "right", "left"])]
    elif spent:
        text = [Plain([f"{player} has no turn left, so no thesis to present: {spent} [{END_TURNS}]"])]
    else:
        text = [Plain([f"{player} can present no thesis now: research or review instead [{RESEARCH}] [{REVIEW}]"])]
    no = [o for o in found if not o.presentable]
    if no:
        lines = ["Not now:"] + [f"  {o.thesis.id} ({o.thesis.requirement.text()}): {o.reason} [{o.rule}]" for o in no]
        text += [BLANK, Plain(lines)]
    return Told({"player": player, "options": [_option_json(o) for o in found]}, text)
