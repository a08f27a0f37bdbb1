"""Canvas's short sheet (docs/quick.md): the scoring cards, then per player the paintings by their card words.

A field of card words is one painting, bottom card first; a field that is one number is the
inspiration left (0 when none is given). Words are the cards' title words, in any case, or their start.
"""

from __future__ import annotations

from pastiche_cli.formats.sheet import MOST, Emitter, Names, Sheet, flow_list, heading, is_count, is_number, yaml_scalar
from pastiche_cli.kernel.problems import FORMAT, Problem

KEYS = ("scoring",)
QUESTIONS = (("scoring", "The scoring cards on the table"),)
FIELDS = (
    ("paintings", "paintings, bottom card first, a `|` between two paintings"),
    ("inspiration", "inspiration tokens left (Enter: 0)"),
)
# How a phone enters each field (serve/sheet.py): paintings of three card words, a number.
SHAPES = {"paintings": "paintings", "inspiration": "number"}
# The fields a number answers (`tally` takes only a number there, and never a lone number elsewhere:
# on a sheet's line a field that is one number is the inspiration count, words are a painting).
NUMBERS = ("inspiration",)


def _art() -> Names:
    from pastiche_cli.games.canvas.core import cards

    return Names("art card", {w: w for w in cards.card_words()}, "`pastiche canvas cards` lists the 60 words")


def _scoring() -> Names:
    from pastiche_cli.games.canvas.core import cards

    names = list(cards.scoring_cards())
    return Names("scoring card", {n: n for n in names}, "the scoring cards: " + ", ".join(names))


def words(field: str, sheet: Sheet, opts: dict) -> list[str]:
    """What the guided entry offers to complete an answer to `field`."""
    return {"scoring": _scoring().words, "paintings": _art().words}.get(field, list)()


def build(sheet: Sheet, opts: dict) -> tuple[Emitter | None, list[Problem]]:
    from pastiche_cli.games.canvas.core import cards

    problems: list[Problem] = []
    art, scoring = _art(), _scoring()
    out = Emitter(heading(sheet.path) + ["A sheet names what scoring needs: no hands, market nor turn."])
    game = sheet.keys.get("game")
    out.add("game: canvas", game[0] if game else None)
    given = sheet.keys.get("scoring")
    if given is None:
        problems.append(Problem(FORMAT, "missing-key", "the sheet has no `scoring:` line (the scoring cards in play)"))
        return None, problems
    chosen = []
    for token in given[1]:
        found = token.text if cards.parse_scoring(token.text) else scoring.pick(token, problems)
        if found:
            chosen.append(found)
    out.add(f"scoring: {flow_list(chosen)}", given[0])
    if not sheet.players:
        problems.append(Problem(FORMAT, "no-players", "the sheet names no player (a line `Ana: ...` per player)"))
    out.add("players:")
    for entry in sheet.players:
        inspiration = None
        paintings = []
        for field in entry.fields:
            if len(field) == 1 and is_number(field[0].text):
                wrong = f"an inspiration count is 0 to {MOST}" if not is_count(field[0].text) else ""
                wrong = wrong or ("two inspiration counts" if inspiration is not None else "")
                if wrong:
                    problems.append(Problem(FORMAT, "sheet-field", wrong, field[0].line, field[0].column))
                inspiration = field[0]
            elif field:
                words = [(t, cards.find_card(t.text)) for t in field]
                paintings.append((field[0], [c.word if c else art.pick(t, problems) for t, c in words]))
        out.add(f"  - name: {yaml_scalar(entry.name.text)}", entry.name)
        out.add(f"    inspiration: {inspiration.text if inspiration else 0}", inspiration or entry.name)
        out.add("    hand: []", entry.name)
        out.add("    paintings:" + ("" if paintings else " []"), entry.name)
        for at, painting in paintings:
            out.add(f"      - {flow_list(painting)}", at)
    return out, problems
