"""`pastiche keep FILE...`: the final scores of finished games, kept in the play history (docs/history.md).

Each file is read by its own game (its `game:`), as `score` reads it, and must be a finished game:
a position, a short sheet or a record whose scores `score` gives without calling them provisional.
Every file is judged before anything is kept, and then all are kept in one transaction, or none: a
file that cannot be read (exit 3), breaks the rules (4), is not over or was kept before (1) keeps
nothing, and every such file is said at once.
"""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import output_options


def _with_every_games_options(f):
    """Every game's file options (Pastiche's --catalogue, Masterpiece's --theses): each file's game takes its own."""
    from pastiche_cli import games
    from pastiche_cli.cli.game import terminal

    seen: set[str] = set()
    for registered in reversed(list(games.known().values())):
        if not games.declares(registered):
            continue
        face = terminal(games.declared(registered))
        fresh = [n for n in face.option_names if n not in seen]
        if fresh:
            f = face.options(f)
            seen.update(fresh)
    return f


@click.command("keep")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(dir_okay=True, readable=False, path_type=str)
)
@click.option(
    "--date",
    metavar="WHEN",
    help="When the game was played: YYYY-MM-DD or YYYY-MM-DD HH:MM (default: now).",
)
@click.option("--again", is_flag=True, help="Keep a file whose text is in the history already, as another play.")
@output_options(tables=False)
@_with_every_games_options
def command(files: tuple[str, ...], date: str | None, again: bool, as_json: bool, **opts) -> None:
    """Keep the final scores of finished games in your play history: positions, short sheets, records.

    A play holds the game, the date, the players in turn order with their points, places and the
    winner(s), the step that decided first place, `score --json`'s breakdown, and the file's text with
    the catalogue or thesis table it was read with. A game that is not over is refused with the
    reason `score` gives; a file kept before (the same text) is refused unless --again. Every file is
    checked first; then all are kept, or none. The history is history.sqlite3 in the data folder
    ($PASTICHE_DATA, else the platform's: ~/.local/share/pastiche on Linux).

    \b
    Example:
      pastiche keep friday.sheet --date 2025-03-14
      pastiche keep examples/records/two-player-game.yaml
      pastiche history
    """
    from pastiche_cli.cli.keeping import parse_date

    plays = _judged(files, opts, parse_date(date), again, as_json)
    kept, where = _kept(plays, again, as_json)
    _say(kept, where, as_json)


def _judged(files: tuple[str, ...], opts: dict, played: str, again: bool, as_json: bool) -> list:
    """Every file read and judged: the plays to keep, or (any file refused or unreadable) nothing kept."""
    from pastiche_cli.cli.keeping import Refusal, history_path, read_game
    from pastiche_cli.cli.shell import abort, emit_json, err
    from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE, EXIT_BAD_FILE, EXIT_BREAKS_RULES, EXIT_RULES_SAY_NO
    from pastiche_cli.render.plays import kept_told

    plays, refused, codes = [], [], []
    for path in files:
        found = read_game(path, opts, played)
        if isinstance(found, int):
            codes.append(found)
        elif isinstance(found, Refusal):
            refused.append(found)
        else:
            plays.append(found)
    if not again:  # the same text twice on one command line
        seen: dict[str, str] = {}
        for play in plays:
            if play.digest in seen:
                refused.append(Refusal(play.file, f"the same text as {seen[play.digest]}: pass --again to keep both"))
            seen.setdefault(play.digest, play.file)
    if refused:
        codes.append(EXIT_RULES_SAY_NO)
    if not codes:
        return plays
    for refusal in refused:
        err(refusal.said())
    if as_json:
        emit_json(kept_told([], refused, history_path(), title_of, str).json)
    refused_files = {r.file for r in refused}
    could = sum(1 for p in plays if p.file not in refused_files)
    abort(
        f"nothing kept: {could} of {len(files)} file{'s' if len(files) != 1 else ''} could be kept; "
        "keep them once every file given can be",
        next((c for c in (EXIT_BAD_FILE, EXIT_BAD_CATALOGUE, EXIT_BREAKS_RULES) if c in codes), EXIT_RULES_SAY_NO),
    )


def _kept(plays: list, again: bool, as_json: bool) -> tuple[list, str]:
    """The plays kept in one transaction, as the history holds them, and where it is; or nothing kept."""
    from pastiche_cli.cli.keeping import Refusal, open_history
    from pastiche_cli.cli.shell import abort, emit_json, err
    from pastiche_cli.formats.history import AlreadyKept
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO
    from pastiche_cli.render.plays import kept_told

    with open_history(create=True) as history:
        try:
            ids = history.keep(plays, again=again)
            return [p for p in map(history.play, ids) if p is not None], history.path
        except AlreadyKept as exc:
            refused = [
                Refusal(file, f"already kept as play {pid}: pass --again to keep it as another play")
                for file, pid in exc.found
            ]
            for refusal in refused:
                err(refusal.said())
            if as_json:
                emit_json(kept_told([], refused, history.path, title_of, str).json)
            abort("nothing kept", EXIT_RULES_SAY_NO)


def _say(kept: list, where: str, as_json: bool) -> None:
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import step_words
    from pastiche_cli.cli.shell import err
    from pastiche_cli.render.plays import kept_told

    show(kept_told(kept, [], where, title_of, step_words), as_json)
    if not as_json:
        err(f"In {where}: `pastiche history` lists the plays, `pastiche stats` counts them")


def title_of(name: str) -> str:
    from pastiche_cli import games

    game = games.by_name(name)
    return game.title if game else name
