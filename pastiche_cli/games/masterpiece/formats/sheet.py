"""Masterpiece's short sheet (docs/quick.md): per player the accepted theses, each with the card left under it
(`Ana: nine-run:yellow10`); `theses:` names the thesis table, `over:` whether the game is over. A thesis is named by
its id or the start of it, a card's suit by its name or the start of it (`y10`, `lightb11`)."""

from __future__ import annotations

import re

from pastiche_cli.formats.sheet import Emitter, Names, Sheet, Token, heading, outside_file, yaml_scalar
from pastiche_cli.kernel.problems import FORMAT, Problem

KEYS = ("theses", "over")
FILES = ("theses",)  # keys that name a file, found beside the sheet
QUESTIONS = (("theses", "Thesis file (Enter: your saved theses, or --theses FILE)"),)
FIELDS = (("accepted", "accepted theses, each with its card (nine-run:yellow10)"),)
# How a phone enters each field (serve/sheet.py): a thesis, then the suit and value of its card.
SHAPES = {"accepted": "paired"}
# What `over:` takes. tally asks nothing: the game it scores is over once someone reached the threshold.
OVER = {"yes": True, "no": False, "true": True, "false": False}


def table(sheet: Sheet, opts: dict, problems: list[Problem] | None = None) -> tuple:
    """The thesis cards a sheet names: its `theses:` file, else --theses FILE, else the saved ones."""
    from pastiche_cli.games.masterpiece.formats.loader import outside_theses

    return (outside_file(sheet, opts, "theses", outside_theses, problems) or ((), ""))[0]


def _theses(found: tuple) -> Names:
    from pastiche_cli.games.masterpiece.formats.loader import builtin_flag

    ids = [t.id for t in found]
    flag = builtin_flag().id
    listing = f"the theses: {', '.join(ids + ([flag] if flag not in ids else []))}"
    return Names("thesis", {i: i for i in [*ids, flag]}, listing)


def _suits() -> Names:
    from pastiche_cli.games.masterpiece.core.deck import deck

    d = deck()
    return Names(
        "suit",
        {s.name: s.name for s in d.suits} | {a: s for a, s in d.aliases},
        "suits: " + ", ".join(s.name for s in d.suits),
    )


# An accepted thesis is written with its card after a colon (nine-run:yellow10): the guided entry
# completes the thesis id up to the colon, then the card's suit after it.
PAIRED = {"accepted": ":"}


def words(field: str, sheet: Sheet, opts: dict) -> list[str]:
    """What the guided entry offers to complete an answer to `field`."""
    return _theses(table(sheet, opts)).words() if field == "accepted" else []


def words_after(field: str) -> list[str]:
    """What the guided entry offers after a field's colon: the suits a card is named by."""
    return _suits().words() if field == "accepted" else []


def _card(token: Token, suits: Names, problems: list[Problem]):
    from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card

    found = re.fullmatch(r"(\D+?)[\s_-]*([0-9]+)", token.text)
    if not found:
        why = f"'{token.text}' is not a card: write it like yellow10"
        problems.append(Problem(FORMAT, "unknown-card", why, token.line, token.column))
        return None
    suit = suits.pick(Token(found.group(1), token.line, token.column), problems)
    if suit is None:
        return None
    try:
        return parse_card(f"{suit} {found.group(2)}")
    except CardError as exc:
        problems.append(Problem(FORMAT, "unknown-card", str(exc), token.line, token.column))
        return None


def build(sheet: Sheet, opts: dict) -> tuple[Emitter | None, list[Problem]]:
    from pastiche_cli.games.masterpiece.formats.record import thesis_text

    problems: list[Problem] = []
    found = table(sheet, opts, problems) if sheet.players else ()
    unread = bool(problems)  # the sheet's thesis file could not be read: its problems say it, not each id
    theses, suits = _theses(found), _suits()
    out = Emitter(heading(sheet.path) + ["A sheet names what scoring needs: no hands, reviews, deck nor turn."])
    game = sheet.keys.get("game")
    out.add("game: masterpiece", game[0] if game else None)
    own = [t for t in found if t.source != "built-in"]
    out.add("theses:" + ("" if own else " []"), sheet.keys["theses"][0] if "theses" in sheet.keys else None)
    for t in own:
        out.add(f"  - {thesis_text(t, yaml_scalar)}")
    if not sheet.players:
        problems.append(Problem(FORMAT, "no-players", "the sheet names no player (a line `Ana: ...` per player)"))
    out.add("players:")
    points: list[int] = []  # each player's accepted points, the end flag not counted: has the end come?
    for entry in sheet.players:
        points.append(0)
        out.add(f"  - name: {yaml_scalar(entry.name.text)}", entry.name)
        tokens = [t for field in entry.fields for t in field]
        out.add("    accepted:" + ("" if tokens else " []"), entry.name)
        for token in tokens:
            thesis, colon, card_text = token.text.partition(":")
            if not colon or not card_text:
                why = f"'{token.text}': write an accepted thesis with the card under it, like nine-run:yellow10"
                problems.append(Problem(FORMAT, "sheet-field", why, token.line, token.column))
                continue
            tid = None if unread else theses.pick(Token(thesis, token.line, token.column), problems)
            card = _card(Token(card_text, token.line, token.column + len(thesis) + 1), suits, problems)
            if tid and card:
                out.add(f"      - {{thesis: {yaml_scalar(tid)}, card: {card.suit} {card.value}}}", token)
                scored = next((t for t in found if t.id == tid), None)
                points[-1] += scored.points if scored is not None and not scored.is_flag else 0
    _end(sheet, points, out, problems)
    return out, problems


def _end(sheet: Sheet, points: list[int], out: Emitter, problems: list[Problem]) -> None:
    """The position's `end:`: what `over:` says, else over once someone has reached the end threshold."""
    from pastiche_cli.games.masterpiece.core.endgame import reaches_threshold

    given = sheet.keys.get("over")
    if given is None:
        if any(reaches_threshold(p) for p in points):
            out.add("end: {over: true}   # someone has reached the end threshold: the sheet's game is over")
        return
    key, words = given
    said = " ".join(t.text for t in words)
    if said.casefold() not in OVER:
        at = words[0] if words else key
        said = f"over: '{said}'; write yes (the game is over) or no (turns remain)"
        problems.append(Problem(FORMAT, "sheet-over", said, at.line, at.column))
        return
    out.add(f"end: {{over: {'true' if OVER[said.casefold()] else 'false'}}}", key)
