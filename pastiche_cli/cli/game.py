"""The one load-and-report path every command goes through, and `Terminal`, what only a terminal knows of a game
(its commands package's TERMINAL; a game that declares none gets the plain one, and no shared verb)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

from pastiche_cli.kernel.game import Loaded
from pastiche_cli.kernel.problems import FORMAT, WARNING

if TYPE_CHECKING:
    from pastiche_cli.kernel.game import Game


class Terminal:
    """What a game is in a terminal only; the plain one serves a game with no options of its own."""

    def __init__(self, file_option: tuple[str, str] | None = None, play_help: str = "", verbs=None):
        self.file_option = file_option  # (name, help) of the option naming a file the game reads beside its own
        self.option_names = (file_option[0],) if file_option else ()  # keyword names of `options()`'s options
        self.play_help = play_help  # what `play` takes beyond the notation, for its --help (with a leading space)
        self.verbs = verbs  # cli/face.Verbs: the shared verbs' help and own options (None: it has none)

    def styles(self) -> dict[str, str] | None:
        """Card names and their styles, marked in a terminal's lines of explanation (None: none marked)."""
        return None

    def move_words(self, ctx, done: list[str], partial: str) -> list:
        """The words (cli/tab.Word) `play`'s MOVE may take next after `done`, for Tab (by default none)."""
        return []

    def options(self, f: Callable) -> Callable:
        """Decorate a command with the game's file option (--catalogue FILE), if it has one."""
        if self.file_option is None:
            return f
        import click

        name, said = self.file_option
        return click.option(
            f"--{name}",
            name,
            metavar="FILE",
            type=click.Path(dir_okay=False, readable=False, path_type=str),  # unreadable: located, exit 3
            help=said,
        )(f)

    def in_notation(self, position, move_text: str) -> tuple[str, str | None]:
        """`play`'s MOVE in the record notation (Pastiche: a board label as Q,R), and a note when rewritten."""
        return move_text, None

    def refused(self, path: str, exc) -> None:
        """A write that did not happen (formats/yamledit.Refused): say so, the file as it was, and exit 3."""
        from pastiche_cli.cli.shell import abort
        from pastiche_cli.kernel.problems import EXIT_BAD_FILE

        abort(f"{path}: not applied, the file is unchanged: {exc}", EXIT_BAD_FILE)


@cache
def terminal(game: Game) -> Terminal:
    """The game's terminal declaration (its commands package's TERMINAL), else the plain one."""
    from pastiche_cli import games

    return getattr(games.commands(games.known()[game.name]), "TERMINAL", Terminal())


def load(
    game: Game,
    path: str,
    opts: dict | None = None,
    *,
    as_json: bool = False,
    needs: Iterable[str] = (),
    fatal: Iterable[str] = (),
    record: bool = False,
) -> Loaded:
    """The file, checked; on any error every problem reported, located, and exit 3 or 4 (a replay stopped by an
    illegal move: SPEC 8's one line, exit 4, or with `record` returned). `needs`: keys the command cannot do
    without; `fatal`: warning codes it cannot answer through (format errors then). Warnings go to stderr."""
    from pastiche_cli.cli.shell import abort, emit_json, err, fail, report_problems
    from pastiche_cli.formats.gamekey import is_record_text
    from pastiche_cli.formats.reading import located_in_its_file, read_any
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import EXIT_BREAKS_RULES, EXIT_USAGE, PositionError

    opts = opts or {}
    try:
        game.reader.prepare(path, opts)
        text = read_text(path)
        if record and not is_record_text(text):
            abort(
                f"{path} is a position, not a game record: a record has 'setup:' and 'moves:' "
                f"(see `pastiche new{game_option(game)} --record`)",
                EXIT_USAGE,
            )
        position, problems, rec, replay, written, places = read_any(game, path, text, opts)
    except PositionError as exc:
        fail(path, located_in_its_file(path, exc), as_json, game.reader.saved_file)
    fatal = set(fatal)
    problems = [p._replace(kind=FORMAT) if p.kind == WARNING and p.code in fatal else p for p in problems]
    if position is not None:
        problems = problems + game.reader.missing_keys(position, places, needs)
    errors = [p for p in problems if p.kind != WARNING]
    stopped = [p for p in errors if p.code == "illegal-move"]
    if record and rec is not None and replay is not None and len(errors) == len(stopped):
        report_problems(path, [p for p in problems if p.kind == WARNING])
        return Loaded(replay.final, [p for p in problems if p.kind == WARNING], rec, replay, text=text, places=places)
    if stopped and len(errors) == 1:  # a record whose replay stops: SPEC 8's one located line
        from pastiche_cli.formats.record import located

        if as_json:
            from pastiche_cli.render.problems import problems_json

            emit_json(problems_json(stopped[:1]))
        err(located(path, stopped[0]))
        raise SystemExit(EXIT_BREAKS_RULES)
    if errors or position is None:
        fail(path, problems, as_json, game.reader.saved_file)
    warnings = [p for p in problems if p.kind == WARNING]
    report_problems(path, warnings)
    return Loaded(position, warnings, rec, replay, written, text, places)


def game_option(game: Game) -> str:
    """` --game NAME` for a game other than the default one, as a hint writes it; else nothing."""
    from pastiche_cli import games

    return "" if game.name == games.DEFAULT else f" --game {game.name}"
