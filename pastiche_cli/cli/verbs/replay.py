"""`pastiche replay RECORD`, for every game: a whole game replayed move by move, each move judged,
then the final scores."""

from __future__ import annotations

import os

import click

from pastiche_cli import games
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import (
    abort,
    echo_file,
    echo_lines,
    emit_json,
    err,
    output_options,
    position_argument,
    safe,
    write_output,
)
from pastiche_cli.kernel.game import Game
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE

serves = games.declares  # root asks `serves`


def turns(game: Game, steps) -> list[tuple[int, str, tuple]]:
    """The record's steps by turn: (its number from 1, the player who began it, its steps); a turn
    closes where the game's rules say (`Rules.ends_turn`), the last one with the record."""
    grouped: list[list] = [[]]
    for step in steps:
        grouped[-1].append(step)
        if game.rules.ends_turn(step):
            grouped.append([])
    return [(k, turn[0].move.player, tuple(turn)) for k, turn in enumerate((t for t in grouped if t), 1)]


def playthrough(game: Game, path: str, loaded) -> list[str]:
    """The playthrough as lines of text: the setup, every move turn by turn, the final scores."""
    replayed = loaded.replay
    out = [game.teller.record_heading(os.path.basename(path), loaded.record, replayed), "", "Setup:"]
    out += game.teller.position_lines(replayed.setup)
    for number, player, steps in turns(game, replayed.steps):
        out += ["", f"Turn {number}: {player}"]
        for step in steps:
            v = step.verdict
            out.append(f"  {step.n}. {step.move}")
            out.append(f"     legal [{v.rule}]: {v.reason}")
            out += [f"     {line}" for line in game.teller.step_lines(step)]
    final = replayed.final
    out += ["", f"After move {len(replayed.steps)}:"]
    out += game.teller.position_lines(final)
    out.append("")
    out += game.teller.final_lines(final) if replayed.over else [game.teller.unfinished_line(final)]
    return out


def move_json(game: Game, step) -> dict:
    v = step.verdict
    entry = {
        "n": step.n,
        "move": str(step.move),
        "player": step.move.player,
        "legal": v.legal,
        "rule": v.rule,
        "effects": list(v.effects),
        "reason": v.reason,
        "notes": list(v.notes),
    }
    entry.update(game.teller.step_json(step))
    if step.triggers_end:
        entry["end_triggered"] = True
    if step.ends_game:
        entry["game_over"] = True
    return entry


def page(game: Game, path: str, loaded) -> str:
    """The record page: the table at every move, every turn's moves, the race; render/html.py decides nothing."""
    from pastiche_cli.render.html import Frame, Move, PageFacts, record_page

    replayed, teller = loaded.replay, game.teller
    positions = [replayed.setup] + [s.after for s in replayed.steps]
    frames = [Frame("Setup", 0, (), teller.position_lines(replayed.setup), teller.hands(replayed.setup))]
    titles = ["Setup"]
    for number, player, steps in turns(game, replayed.steps):
        title = f"Turn {number}: {player}"
        lines = []
        for step in steps:
            v = step.verdict
            gained, spent = teller.move_cards(step)
            lines.append(Move(step.n, str(step.move), v.rule, v.reason, tuple(v.effects), tuple(gained), tuple(spent)))
            titles.append(title)
        after = steps[-1].after
        frames.append(Frame(title, steps[0].n, tuple(lines), teller.position_lines(after), teller.hands(after)))
    final = replayed.final
    scores = teller.score_table(final) if replayed.over else None
    standings = None if replayed.over else teller.standings(final)
    unfinished = "" if replayed.over else teller.unfinished_line(final)
    return record_page(
        PageFacts(
            game.title,
            os.path.basename(path),
            tuple(frames),
            scores,
            replayed.over,
            teller.page_picture(positions, titles),
            teller.race(positions),
            standings,
            teller.card_colours(),
            unfinished,
            _bgstats(game, path, loaded) if replayed.over else "",
        )
    )


def _bgstats(game: Game, path: str, loaded) -> str:
    """The finished game's BG Stats link, played when the record was last saved (its last move)."""
    import time

    from pastiche_cli.cli.keeping import Refusal, bgstats_link, play_of

    try:
        when = os.stat(path).st_mtime if path != "-" else time.time()
    except OSError:  # read a moment ago, gone since: no link
        return ""
    played = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(when))
    made = play_of(game, path, loaded.text, loaded, {}, played)
    return "" if isinstance(made, Refusal) else bgstats_link(made)


def command_for(registered) -> click.Command:
    game = games.declared(registered)

    @click.command(
        "replay",
        help=f"""Replay a game record: every move with its verdict and what it yielded, then the final scores.

    The first move the rules refuse stops the replay: FILE:LINE:COL: move N: reason [rule], exit 1.

    \b
    Example:
      pastiche replay {game.record_example}
      pastiche replay game.yaml --to 12 > after-12.yaml
      pastiche replay game.yaml --html game.html
    """,
    )
    @position_argument
    @click.option(
        "--to",
        "upto",
        type=click.IntRange(min=0),
        metavar="N",
        help="Print the position after N moves as a plain position file (0: the setup).",
    )
    @click.option(
        "--html",
        "html_path",
        metavar="OUT",
        type=click.Path(dir_okay=False, path_type=str),
        help="Write the game as one self-contained HTML page instead of the playthrough: the scores, the "
        "score race, the table at every move, steppable by move and turn.",
    )
    @click.option("--force", is_flag=True, help="Overwrite OUT if it exists.")
    @terminal(game).options
    @output_options(tables=False)
    def command(position: str, upto: int | None, html_path: str | None, force: bool, as_json: bool, **opts) -> None:
        from pastiche_cli.formats.record import located, stop_problem

        loaded = load(game, position, opts, as_json=as_json, record=True)
        replayed = loaded.replay
        stop = stop_problem(loaded.record, replayed)
        if upto is not None:
            if upto > len(loaded.record.moves):
                raise click.BadParameter(f"the record has {len(loaded.record.moves)} moves", param_hint="'--to'")
            if upto > len(replayed.steps):
                err(located(position, stop))
                raise SystemExit(EXIT_RULES_SAY_NO)
            at = replayed.position_after(upto)
            heading = [
                f"The position after move {upto} of {os.path.basename(position)}"
                + (f" ({replayed.steps[upto - 1].move})" if upto else " (the setup)")
                + f", written by `pastiche replay --to {upto}`."
            ]
            extra, note = game.writer.unwritten(at)
            heading += extra
            if note:
                err(f"note: after move {upto}, {note}")
            echo_file(game.writer.position_text(at, tuple(heading), loaded.places))
            return
        if html_path == "-" and as_json:
            abort("--html - writes the page to stdout, where --json writes the answer; choose one", EXIT_USAGE)
        if html_path and stop is None and write_output(html_path, page(game, position, loaded), force, (position,)):
            return
        if as_json:
            entries = [move_json(game, s) for s in replayed.steps]
            if replayed.stop is not None and replayed.stop.verdict is not None:
                v = replayed.stop.verdict
                entries.append(
                    {
                        "n": replayed.stop.n,
                        "move": replayed.stop.text,
                        "player": replayed.stop.text.split()[0],
                        "legal": False,
                        "rule": v.rule,
                        "effects": [],
                        "reason": v.reason,
                        "notes": list(v.notes),
                    }
                )
            result = game.teller.scores_json(replayed.final) if replayed.over and stop is None else None
            emit_json(
                {
                    "moves": entries,
                    "position_after": game.teller.position_json(replayed.final),
                    "scores": result,
                    "over": replayed.over,
                }
            )
        elif not html_path or stop is not None:
            echo_lines(playthrough(game, position, loaded), "plain")
        if stop is not None:
            err(located(position, stop))
            raise SystemExit(EXIT_RULES_SAY_NO)
        if html_path:
            (err if as_json else click.echo)(f"Wrote {safe(html_path)}")

    return command
