"""The answers of Canvas's own commands about paintings and cards: `best`, `painting` and `cards`."""

from __future__ import annotations

from pastiche_cli.games.canvas.core import cards as deck
from pastiche_cli.games.canvas.core.rule_ids import BONUS, CAP, LAYER, score_rule
from pastiche_cli.games.canvas.render.explain import painting_json, reading_lines, ribbon_lines
from pastiche_cli.games.canvas.render.text import painting_lines
from pastiche_cli.render.answer import BLANK, Lines, Plain, Table, Told
from pastiche_cli.render.told import plural


def refused(player: str, verdict, another: bool = False) -> Told:
    """The player cannot paint now (`another`: has completed every painting), in JSON and in words."""
    answer = {"legal": False, "rule": verdict.rule, "reason": verdict.reason}
    said = f"{player} cannot complete {'another painting' if another else 'a painting now'} [{verdict.rule}]"
    return Told(answer | ({"player": player} if another else {"paintings": []}), [Plain([f"{said}: {verdict.reason}"])])


def _option_json(o) -> dict:
    ribbons = {"ribbons": {r.card: r.count for r in o.painting.ribbons}, "bonus_ribbons": o.painting.bonus_count}
    gains = {"points": dict(o.points_gain), "bonus_points": o.bonus_gain}
    return {"cards": list(o.words), "gain": o.gain} | ribbons | gains


def best_told(position, player: str, verdict, found: list, top: int) -> Told:
    """`best`: every painting `player` could complete now, ranked by the points it adds (`top` in the table)."""
    answer = {"legal": True, "rule": verdict.rule, "reason": verdict.reason, "player": player}
    answer |= {"house_rules": position.house.as_json(), "paintings": [_option_json(o) for o in found]}
    rows = [
        [n, " / ".join(o.words), f"+{o.gain}"]
        + [f"{r.count} (+{g})" for r, (_, g) in zip(o.painting.ribbons, o.points_gain)]
        + [f"{o.painting.bonus_count} (+{o.bonus_gain})"]
        for n, o in enumerate(found[:top], 1)
    ]
    headers = ["#", "bottom / middle / top", "gain", *position.scoring, "grey"]
    shown = f"the best {min(top, len(found))} of {len(found)}" if len(found) > top else f"all {len(found)}"
    title = f"Paintings {player} can complete now ({shown}; ribbons (+points))"
    best = found[0]
    lines = [
        f"{verdict.reason} [{verdict.rule}]",
        f"Gain: the change in {player}'s total, with the ribbons already earned and each card's limit counted [{CAP}]",
        f"Best: {', '.join(best.words)} (bottom to top), +{plural(best.gain, 'point')}",
        *ribbon_lines(best.painting, "  "),
        *reading_lines(position.house, position.scoring, bool(best.painting.bonus)),
    ]
    table = Table(headers, rows, title, ["right", "left", "right"] + ["right"] * (len(headers) - 3))
    return Told(answer, (table, BLANK, Plain(lines)))


def painting_told(chosen, result, house, scoring, *, player: str | None, gain, svg_path: str | None) -> Told:
    """`painting`: what each swatch shows, the ribbons, the readings; with a player, the points it adds now (`gain`)."""
    answer = painting_json(result) | {"house_rules": house.as_json()}
    if player is not None:
        answer |= {"player": player, "gain": gain}
    if svg_path:
        answer["svg"] = svg_path
    lines = [f"{', '.join(chosen)} (bottom to top): in each swatch the topmost card printed there shows [{LAYER}]"]
    lines += [*painting_lines(result.layered), "", "Ribbons:", *ribbon_lines(result, "  ")]
    if not result.bonus:
        lines.append(f"  grey 0 [{BONUS}]: no bonus icon shows")
    lines += reading_lines(house, scoring, bool(result.bonus))
    if gain is not None:
        lines.append(f"For {player} now (ribbons already earned and the cap counted): +{plural(gain, 'point')}")
    return Told(answer, [Lines(lines)] + ([Plain([f"SVG written to {svg_path}"])] if svg_path else []))


def _art_json(card) -> dict:
    swatches = {deck.SWATCHES[s]: list(card.icons[s]) for s in range(5) if card.icons[s]}
    return {"n": card.n, "word": card.word, "side": card.side, "swatches": swatches}


def _scoring_json(card) -> dict:
    named = {"name": card.name, "rule": score_rule(card.name), "ribbon": card.rule}
    return named | {"points": list(card.points), "cap": card.cap}


def cards_told(art: list, scoring: list) -> Told:
    """`cards`: the art cards (the icons in each swatch) and the scoring cards (what earns a ribbon, the points)."""
    answer = {"art_cards": [_art_json(c) for c in art], "scoring_cards": [_scoring_json(c) for c in scoring]}
    text: list = []
    if art:
        rows = [[c.n, c.word, c.side] + [" ".join(c.icons[s]) or "-" for s in range(5)] for c in art]
        title = f"Art cards ({len(art)}): the icons in each swatch, left to right"
        text.append(Table(["#", "word", "side", *deck.SWATCHES], rows, title, ["right"] + ["left"] * 7))
    if scoring:
        rows = [[c.name, "/".join(map(str, c.points)), c.rule] for c in scoring]
        headers = ["scoring card", "points for 1/2/3/4 ribbons", "one ribbon for"]
        title = f"Scoring cards ({len(scoring)}): a player takes at most as many ribbons on a card as its table has"
        text += [BLANK] * bool(art) + [Table(headers, rows, title)]
    return Told(answer, text)
