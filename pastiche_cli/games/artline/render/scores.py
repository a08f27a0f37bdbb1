"""An Artline standing told: `score --json`, the verdict in words, and the table of hands (score, end, replay)."""

from __future__ import annotations

from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN
from pastiche_cli.games.artline.core.standing import Result
from pastiche_cli.render import told
from pastiche_cli.render.told import plural

# decided_by in words: who wins Artline ([artline.win]), as the verdict says it
STEP_WORDS = {"hand": "the first player with no paintings in hand"}


def score_json(result: Result) -> dict:
    """spec 4: players (name, hand, rank), winners, decided_by; whether the game is over, who is closest,
    and whether the standing is provisional (the game is not over: no winner yet, SPEC 8)."""
    out = told.score_json(result, lambda s: {"name": s.player.name, "hand": s.player.hand, "rank": s.rank})
    return out | {
        "over": result.over,
        "closest": list(result.closest),
        "rule": result.rule,
        "provisional": result.provisional,
    }


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
    return (
        f"Note: the game is not over (nobody has emptied their hand yet), so this standing is "
        f"provisional [{ARTLINE_WIN}]"
    )


def rows(result: Result) -> list[list]:
    """The table of hands: place (= when shared), player, paintings in hand; fewest first."""
    from pastiche_cli.kernel.ranking import places

    ranked = result.players
    return [[place, s.player.name, s.player.hand] for place, s in zip(places([s.rank for s in ranked]), ranked)]
