"""`pastiche replay RECORD`: a whole game replayed move by move, each move judged, then the final scores."""

from __future__ import annotations

import os

import click

from pastiche_cli.cli.shell import abort, emit_json, err, fail, output_options, position_argument, write_output
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines
from pastiche_cli.games.pastiche.core.position import Commission, Position
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE, WARNING


def read(path: str, catalogue: str | None, as_json: bool = False):
    """The record read and replayed, or every problem of its setup reported (exit 3 or 4).

    A move that stops the replay is not reported here: the caller says what it means for it.
    """
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue
    from pastiche_cli.games.pastiche.formats.record import is_record_text, load_text
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import PositionError

    try:
        text = read_text(path)
        given = outside_catalogue(catalogue) if catalogue else None
    except PositionError as exc:
        elsewhere = exc.filename if exc.filename != path else None
        fail(path, [p._replace(file=elsewhere) if elsewhere else p for p in exc.problems], as_json)
    if not is_record_text(text):
        abort(f"{path} is a position, not a game record: a record has 'setup:' and 'moves:' "
              "(see `pastiche new --record`)", EXIT_USAGE)
    try:
        loaded = load_text(path, text, (lambda: given) if catalogue else (lambda: outside_catalogue(None)))
    except PositionError as exc:
        elsewhere = exc.filename if exc.filename != path else None
        fail(path, [p._replace(file=elsewhere) if elsewhere else p for p in exc.problems], as_json)
    # Anything wrong but an illegal move (the setup, a move not in the notation) is reported as a
    # position's problems are.
    if loaded.replay is None or any(p.kind != WARNING and p.code != "illegal-move" for p in loaded.problems):
        fail(path, loaded.problems, as_json)
    return loaded


def bank_line(before: Position, after: Position) -> str | None:
    """The bank's stacks a move changed: `orange 10 (-1), violet 11 (-1)`."""
    old, new = before.bank(), after.bank()
    from pastiche_cli.games.pastiche.core import colours

    changed = [(card, new[card], new[card] - old[card]) for card in colours.card_names() if new[card] != old[card]]
    if not changed:
        return None
    return ", ".join(f"{card} {count} ({delta:+d})" for card, count, delta in changed)


def corner_lines(verdict) -> list[str]:
    """A place's corners, one phrase each: `corner 2: R+Y = orange`."""
    from pastiche_cli.games.pastiche.core.moves import PlaceJudgement

    detail = verdict.detail
    if not isinstance(detail, PlaceJudgement):
        return []
    out = []
    for corner in detail.placement.corners:
        if corner.dabs:
            out.append(f"corner {corner.corner}: {'+'.join(corner.dabs)} = {corner.card or 'nothing'}")
    centre = " or ".join(detail.placement.centre)
    return ["; ".join(out) or "no corner meets another hex"] + ([f"centre option: {centre}"] if centre else [])


def move_json(step) -> dict:
    from pastiche_cli.games.pastiche.core.moves import PlaceJudgement

    v = step.verdict
    entry = {"n": step.n, "move": str(step.move), "player": step.move.player, "legal": v.legal, "rule": v.rule,
             "effects": list(v.effects), "reason": v.reason, "notes": list(v.notes)}
    if isinstance(v.detail, PlaceJudgement):
        entry["cards"] = list(v.detail.cards)
        entry["corners"] = [{"corner": c.corner, "dabs": c.dabs, "card": c.card} for c in v.detail.placement.corners]
    entry["bank_after"] = dict(step.after.bank())
    entry["turn_after"] = turn_json(step.after)
    if step.triggers_end:
        entry["end_triggered"] = True
    if step.ends_game:
        entry["game_over"] = True
    return entry


def turn_json(position: Position) -> dict | None:
    t = position.turn
    return None if t is None else {"player": t.player, "phase": t.phase, "swapped": t.swapped}


def _card_json(card: Commission) -> dict:
    return {"title": card.title, "artist": card.artist, "points": card.points, "palette": list(card.palette)}


def position_json(position: Position) -> dict:
    """The position as JSON: hands, commissions, hexes, gallery, board, turn and bank."""
    from pastiche_cli.games.pastiche.core import colours

    return {
        "players": [{"name": p.name, "palette": colours.as_list(p.palette),
                     "commissions": [_card_json(c) for c in p.commissions],
                     "completed": [_card_json(c) for c in p.completed], "hexes": list(p.hexes)}
                    for p in position.players],
        "gallery": [_card_json(c) for c in position.gallery],
        "board": {"start": list(position.start) if position.start else None,
                  "placed": [{"at": list(h.at), "hex": h.hex, "by": h.by} for h in position.placed]},
        "turn": turn_json(position),
        "pending_draw": None if position.pending_draw is None else {"player": position.pending_draw[0],
                                                                     "to": position.pending_draw[1]},
        "bank": dict(position.bank()),
    }


def scores_of(position: Position):
    """The final scores, or None with the reason when they cannot be given (a missing printed bonus)."""
    from pastiche_cli.games.pastiche.core.scoring import ScoringError, score

    try:
        return score(position), None
    except ScoringError as exc:
        return None, str(exc)


def playthrough(path: str, loaded) -> list[str]:
    """The playthrough as lines of text: the setup, every move turn by turn, the final scores."""
    from pastiche_cli.games.pastiche.commands.score import explain, score_json
    from pastiche_cli.games.pastiche.core.endgame import end_verdict
    from pastiche_cli.games.pastiche.core.moves import End
    from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, END_TRIGGER

    replayed = loaded.replay
    setup = replayed.setup
    end = end_verdict(setup)
    out = [f"Record {os.path.basename(path)}: {len(setup.players)} players "
           f"({', '.join(p.name for p in setup.players)}), {len(loaded.record.moves)} moves; "
           f"the end is triggered at {end.threshold} completed points ({end.threshold_source}) [{END_TRIGGER}]",
           "", "Setup:"]
    out += _position_lines(setup)
    turn = 0
    current = None
    for step in replayed.steps:
        if current is None:
            turn += 1
            out += ["", f"Turn {turn}: {step.move.player}"]
            current = step.move.player
        v = step.verdict
        out.append(f"  {step.n}. {step.move}")
        out.append(f"     legal [{v.rule}]: {v.reason}")
        out += [f"     {line}" for line in corner_lines(v)]
        out += [f"     {effect}" for effect in v.effects]
        out += [f"     note: {note}" for note in v.notes]
        bank = bank_line(step.before, step.after)
        if bank:
            out.append(f"     bank: {bank}")
        if step.triggers_end:
            e = end_verdict(step.after)
            out.append(f"     the end is triggered: {', '.join(e.triggered_by)} reached {e.threshold} completed "
                       f"points; play goes on to the end of the round [{END_ROUND}]")
        if isinstance(step.move, End):
            current = None
    final = replayed.final
    out += ["", f"After move {len(replayed.steps)}:"]
    out += _position_lines(final)
    out.append("")
    if replayed.over:
        result, problem = scores_of(final)
        if result is None:
            out.append(f"Final scores cannot be given: {problem}")
        else:
            out.append("Final scores:")
            for entry in score_json(result)["players"]:
                out.append(f"  {entry['rank']}. {entry['name']}: {entry['total']} = {entry['commission_points']} "
                           f"commissions + {entry['palette_points']} palette + {entry['artist_bonus']} bonus "
                           f"({entry['completed']} completed)")
            step = result.decided_by
            out.append(f"  winner{'s' if len(result.winners) > 1 else ''}: {' and '.join(result.winners)} "
                       f"(decided by: {step})")
            out.append("")
            out += explain(result, {p.name: list(p.completed) for p in final.players})
    else:
        e = end_verdict(final)
        state = (f"the end is triggered by {', '.join(e.triggered_by)}; the end round is not over yet"
                 if e.triggered else "the end has not been triggered")
        out.append(f"The game is not over: {state}, so there are no final scores yet [{END_ROUND if e.triggered else END_TRIGGER}]")
    return out


def _position_lines(position: Position) -> list[str]:
    from pastiche_cli.games.pastiche.core import colours

    out = []
    for p in position.players:
        hand = colours.describe(p.palette) if p.palette else "no cards"
        out.append(f"  {p.name}: {hand} ({p.hand_size} cards)")
        out.append(f"    commissions: {'; '.join(c.label() for c in p.commissions) or 'none'}")
        if p.completed:
            out.append(f"    completed: {'; '.join(c.label() for c in p.completed)} "
                       f"= {p.completed_points} points")
        if p.hexes:
            out.append(f"    hexes: {', '.join(p.hexes)}")
    out.append(f"  gallery: {'; '.join(c.label() for c in position.gallery) or 'empty'}")
    if position.start is not None:
        out.append(f"  board: {len(position.placed)} hexes laid beside the starting piece")
    t = position.turn
    if t is not None:
        out.append(f"  turn: {t.player}, {t.phase or 'phase unknown'} phase" + (", swap used" if t.swapped else ""))
    if position.pending_draw is not None:
        who, where = position.pending_draw
        out.append(f"  {who} is to draw a commission to the {where}")
    bank = position.bank()
    out.append("  bank: " + ", ".join(f"{card} {n}" for card, n in bank.items()))
    return out


@click.command("replay")
@position_argument
@click.option("--to", "upto", type=click.IntRange(min=0), metavar="N",
              help="Print the position after N moves as a plain position file (0: the setup).")
@click.option("--html", "html_path", metavar="OUT", type=click.Path(dir_okay=False, path_type=str),
              help="Also write the game as one self-contained HTML page, steppable turn by turn.")
@click.option("--force", is_flag=True, help="Overwrite OUT if it exists.")
@catalogue_option
@output_options(tables=False)
def command(position: str, upto: int | None, html_path: str | None, force: bool, catalogue: str | None,
            as_json: bool) -> None:
    """Replay a game record: every move with its verdict and what it yielded, then the final scores.

    The first move the rules refuse stops the replay: FILE:LINE:COL: move N: reason [rule], exit 1.

    \b
    Example:
      pastiche replay examples/records/two-player-game.yaml
      pastiche replay game.yaml --to 12 > after-12.yaml
      pastiche replay game.yaml --html game.html
    """
    from pastiche_cli.games.pastiche.formats.record import located, position_text

    loaded = read(position, catalogue, as_json)
    replayed = loaded.replay
    stop = next((p for p in loaded.problems if p.code == "illegal-move"), None)
    if upto is not None:
        if upto > len(loaded.record.moves):
            raise click.BadParameter(f"the record has {len(loaded.record.moves)} moves", param_hint="'--to'")
        if upto > len(replayed.steps):
            err(located(position, stop))
            raise SystemExit(EXIT_RULES_SAY_NO)
        at = replayed.position_after(upto)
        heading = [f"The position after move {upto} of {os.path.basename(position)}"
                   + (f" ({replayed.steps[upto - 1].move})" if upto else " (the setup)")
                   + f", written by `pastiche replay --to {upto}`."]
        if at.pending_draw is not None:
            who, where = at.pending_draw
            heading.append(f"Not written below: {who} has just completed a commission and its replacement is "
                           f"still to be drawn to the {where}.")
            err(f"note: after move {upto}, {who}'s replacement commission is still to be drawn; a position file "
                "cannot say so")
        click.echo(position_text(at, tuple(heading)), nl=False)
        return
    if html_path:
        from pastiche_cli.games.pastiche.render.html import record_page

        if stop is None:
            write_output(html_path, record_page(html_facts(loaded)), force, reads=(position,))
    if as_json:
        entries = [move_json(s) for s in replayed.steps]
        if replayed.stop is not None and replayed.stop.verdict is not None:
            v = replayed.stop.verdict
            entries.append({"n": replayed.stop.n, "move": replayed.stop.text,
                            "player": replayed.stop.text.split()[0], "legal": False, "rule": v.rule,
                            "effects": [], "reason": v.reason, "notes": list(v.notes)})
        result = None
        if replayed.over and stop is None:
            from pastiche_cli.games.pastiche.commands.score import score_json

            scored, _ = scores_of(replayed.final)
            result = score_json(scored) if scored is not None else None
        emit_json({"moves": entries, "position_after": position_json(replayed.final), "scores": result,
                   "over": replayed.over})
    else:
        echo_lines(playthrough(position, loaded), "plain")
    if stop is not None:
        err(located(position, stop))
        raise SystemExit(EXIT_RULES_SAY_NO)
    if html_path:
        err(f"Wrote {html_path}")


def html_facts(loaded):
    """What the HTML page shows, worked out here: the page's renderer decides nothing."""
    from pastiche_cli.games.pastiche.commands.score import explain, score_json
    from pastiche_cli.games.pastiche.core.board import board_of
    from pastiche_cli.games.pastiche.render.html import Frame, PageFacts

    replayed = loaded.replay
    frames = []
    positions = [replayed.setup] + [s.after for s in replayed.steps]
    boards = [board_of(p) if p.start is not None else None for p in positions]
    frames.append(Frame("Setup", 0, (), boards[0], _position_lines(replayed.setup)))
    turn, current, lines, first = 0, None, [], 1
    from pastiche_cli.games.pastiche.core.moves import End

    for step in replayed.steps:
        if current is None:
            turn += 1
            current, lines, first = step.move.player, [], step.n
        v = step.verdict
        lines.append((step.n, str(step.move), v.rule, v.reason, tuple(v.effects)))
        if isinstance(step.move, End) or step is replayed.steps[-1]:
            frames.append(Frame(f"Turn {turn}: {current}", first, tuple(lines), boards[step.n],
                                _position_lines(step.after)))
            current = None
    scores = None
    if replayed.over:
        result, _ = scores_of(replayed.final)
        if result is not None:
            scores = (score_json(result), explain(result, {p.name: list(p.completed) for p in replayed.final.players}))
    return PageFacts(os.path.basename(loaded.record.setup.filename), tuple(frames), scores, replayed.over)
