"""An Artline standing told: `score --json`, the verdict in words, and the table of hands (score, end, replay)."""

from __future__ import annotations

from pastiche_cli.games.artline.core.rule_ids import ARTLINE_DRAW, ARTLINE_WIN
from pastiche_cli.games.artline.core.standing import Result
from pastiche_cli.render import told
from pastiche_cli.render.answer import BLANK, Plain, Table, Told
from pastiche_cli.render.told import fields, placed, plural, shared_mark, whose_turn_line

# decided_by in words: who wins Artline ([artline.win]), as the verdict says it
STEP_WORDS = {"hand": "the first player with no paintings in hand"}


def score_json(result: Result) -> dict:
    """spec 4: players (name, hand, rank), winners, decided_by; over, closest, rule and provisional (SPEC 8)."""
    out = told.score_json(result, lambda s: {"name": s.player.name, "hand": s.player.hand, "rank": s.rank})
    return out | {"over": result.over, "closest": list(result.closest)} | fields(result, "rule", "provisional")


def verdict_lines(result: Result) -> list[str]:
    """The answer in words, with the rule and the derivation."""
    if result.over:
        name = result.winners[0]
        return [f"Winner: {name}, {STEP_WORDS['hand']}; the game is over [{ARTLINE_WIN}]"]
    fewest = result.players[0].player.hand
    names = list(result.closest)
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    shared = ", sharing the lead" if result.decided_by == "shared" else ""
    return [
        f"No winner yet: every player still holds paintings, so the game goes on [{ARTLINE_WIN}].",
        f"Closest: {who}, with {plural(fewest, 'painting')} in hand{shared} (fewer paintings in hand is closer).",
    ]


def provisional_line(result: Result) -> str | None:
    if not result.provisional:
        return None
    said = "Note: the game is not over (nobody has emptied their hand yet), so this standing is provisional"
    return f"{said} [{ARTLINE_WIN}]"


def rows(result: Result) -> list[tuple]:
    """The table of hands: place (= when shared), player, paintings in hand; fewest first."""
    return [(place, s.player.name, s.player.hand) for place, s in placed(result.players)]


HEADERS = ("place", "player", "in hand")


def score_told(result: Result, brief: bool = False) -> Told:
    """`score`'s answer: the JSON, the table of hands, the verdict (`brief`: its first line), the note."""
    table = rows(result)
    said = verdict_lines(result)[:1] if brief else verdict_lines(result)
    note = provisional_line(result)
    drawn = Table(
        HEADERS, table, f"Hands ({len(table)} players, fewest first{shared_mark(table)})", ("left", "left", "right")
    )
    return Told(score_json(result), (drawn, BLANK, Plain([*said, *([note] if note else [])])))


def end_told(result: Result, position) -> Told:
    """`end`'s answer: whether the game is over, who won or who is closest, every hand and the deck."""
    answer = {"over": result.over, "winner": result.winners[0] if result.winners else None, "rule": result.rule}
    answer |= {"closest": list(result.closest), "hands": {p.name: p.hand for p in position.players}}
    answer |= {"deck": position.deck, "turn": position.turn}
    lines = [whose_turn_line(position.turn, result.over), *verdict_lines(result)]
    lines.append("In hand: " + ", ".join(f"{p.name} {p.hand}" for p in position.players))
    if not result.over and position.deck:
        lines.append(
            f"The deck holds {position.deck}; a turn that is not an exhibition ends with a draw [{ARTLINE_DRAW}]."
        )
    elif not result.over:
        lines.append(
            f"The deck is empty: no more draws, every painting laid brings its player closer [{ARTLINE_DRAW}]."
        )
    return Told(answer, (Plain(lines),))
