"""`pastiche replay RECORD` for every game: the game replayed move by move, each judged, then the scores."""

from __future__ import annotations

import os

import click

from pastiche_cli import games
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import (
    abort,
    echo_file,
    emit_json,
    err,
    output_options,
    position_argument,
    safe,
    write_output,
    written_file_option,
)
from pastiche_cli.cli.tables import echo_lines
from pastiche_cli.kernel.game import Game
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE

serves = games.declares  # root asks `serves`


def page(game: Game, path: str, loaded) -> str:
    """The record page: the table at every move, every turn's moves, the race; render/html.py decides nothing."""
    from pastiche_cli.render.html import Frame, Move, PageFacts, record_page
    from pastiche_cli.render.records import turns

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


def position_after(game: Game, path: str, loaded, upto: int, stop) -> None:
    """`replay --to N`: the position after N moves as a position file (a record stopped before: where, exit 1)."""
    from pastiche_cli.formats.record import located

    replayed = loaded.replay
    if upto > len(loaded.record.moves):
        raise click.BadParameter(f"the record has {len(loaded.record.moves)} moves", param_hint="'--to'")
    if upto > len(replayed.steps):
        err(located(path, stop))
        raise SystemExit(EXIT_RULES_SAY_NO)
    at = replayed.position_after(upto)
    heading = [
        f"The position after move {upto} of {os.path.basename(path)}"
        + (f" ({replayed.steps[upto - 1].move})" if upto else " (the setup)")
        + f", written by `pastiche replay --to {upto}`."
    ]
    extra, note = game.writer.unwritten(at)
    if note:
        err(f"note: after move {upto}, {note}")
    echo_file(game.writer.position_text(at, (*heading, *extra), loaded.places))


def answer(game: Game, path: str, loaded, stop, html_path: str | None, as_json: bool) -> None:
    """The replay's JSON or playthrough (not with a page); the move that stops it, located (exit 1); the page."""
    from pastiche_cli.formats.record import located
    from pastiche_cli.render.records import playthrough, replay_json

    replayed = loaded.replay
    if as_json:
        scores = game.teller.scores_json(replayed.final) if replayed.over and stop is None else None
        emit_json(replay_json(game, replayed, scores))
    elif not html_path or stop is not None:
        echo_lines(playthrough(game, path, loaded), "plain")
    if stop is not None:
        err(located(path, stop))
        raise SystemExit(EXIT_RULES_SAY_NO)
    if html_path:
        (err if as_json else click.echo)(f"Wrote {safe(html_path)}")


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
    @written_file_option(
        "--html",
        "html_path",
        metavar="OUT",
        help="Write the game as one self-contained HTML page instead of the playthrough: the scores, the "
        "score race, the table at every move, steppable by move and turn.",
        force="Overwrite OUT if it exists.",
    )
    @terminal(game).options
    @output_options(tables=False)
    def command(position: str, upto: int | None, html_path: str | None, force: bool, as_json: bool, **opts) -> None:
        from pastiche_cli.formats.record import stop_problem

        loaded = load(game, position, opts, as_json=as_json, record=True)
        replayed = loaded.replay
        stop = stop_problem(loaded.record, replayed)
        if upto is not None:
            return position_after(game, position, loaded, upto, stop)
        if html_path == "-" and as_json:
            abort("--html - writes the page to stdout, where --json writes the answer; choose one", EXIT_USAGE)
        if html_path and stop is None and write_output(html_path, page(game, position, loaded), force, (position,)):
            return
        answer(game, position, loaded, stop, html_path, as_json)

    return command
