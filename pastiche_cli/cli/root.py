"""The root command, importing only the one run: Pastiche's commands at the top, another game's under its name
(`pastiche canvas best`), the shared verbs for every game, chosen by the file's `game:` or `--game` (SPEC 9)."""

from __future__ import annotations

import importlib
import os
import sys

import click

from pastiche_cli import __version__, games


def _command_modules() -> dict[str, str]:
    """Command name -> module name: every public module in Pastiche's commands package is a command."""
    return games.command_modules(games.known()[games.DEFAULT])


# Commands of the tool itself, not of a game: name -> module (its `command`).
TOOL_COMMANDS = {
    "completion": "pastiche_cli.cli.tab",
    "man": "pastiche_cli.cli.verbs.man",  # the manual page of the tool and every game
    # the play history (docs/history.md): every game's finished plays, kept, listed and counted
    "keep": "pastiche_cli.cli.verbs.keep",
    "history": "pastiche_cli.cli.verbs.history",
    "stats": "pastiche_cli.cli.verbs.stats",
}


def _other_games() -> dict[str, games.Game]:
    return {name: game for name, game in games.known().items() if name != games.DEFAULT}


def _load(game: games.Game, module: str) -> click.Command:
    return importlib.import_module(f"{game.commands_package}.{module}").command


def _verb(game: games.Game, verb: str) -> click.Command | None:
    """The command a verb runs for a game: its own module, else a shared verb's (cli/verbs/) that `serves` it."""
    module = games.command_modules(game).get(verb)
    if module is not None:
        return _load(game, module)
    if verb not in games.SHARED_VERBS or not _serves(verb, game):
        return None
    return importlib.import_module(f"pastiche_cli.cli.verbs.{verb}").command_for(game)


def _serves(verb: str, game: games.Game) -> bool:
    return getattr(importlib.import_module(f"pastiche_cli.cli.verbs.{verb}"), "serves", lambda game: True)(game)


def _complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The games, for --game (`pastiche new --game <TAB>`)."""
    from pastiche_cli.cli.tab import items

    return items(games.known(), incomplete)


def with_game_option(command: click.Command | None) -> click.Command | None:
    """A shared verb's command with --game shown in its help and completed (choose_game takes it off the line)."""
    if command is None or any("--game" in getattr(p, "opts", ()) for p in command.params):
        return command
    command.params.append(
        click.Option(
            ["--game"],
            metavar="NAME",
            expose_value=False,
            shell_complete=_complete_game,
            help=f"The game: {', '.join(games.known())} (default: the file's `game:`, else Pastiche).",
        )
    )
    return command


def _commands_of(game: games.Game) -> list[str]:
    """A game's commands, for a message: its own modules and the shared verbs that serve it."""
    served = [verb for verb in games.SHARED_VERBS if _serves(verb, game)]
    return sorted(set(games.command_modules(game)) | set(served))


def _unknown_game(word: str) -> str:
    from pastiche_cli.kernel.suggest import hint, suggest

    near = suggest(word.lower(), games.names())
    return f"unknown game '{word}'{hint(near)} (the games: {', '.join(games.known())})"


def choose_game(ctx: click.Context, args: list[str], verb: str = "") -> tuple[games.Game, list[str]]:
    """[SPEC 9] The game a shared verb serves and its command's arguments: `--game NAME` (taken out), else the
    first argument file declaring a `game:` (never an option's: `-o game.yaml` is no position), for `rules` a
    topic starting with a game's name (`canvas.take`), else Pastiche."""
    rest = list(args)
    for i, word in enumerate(rest):
        if word == "--":
            break
        if word == "--game" or word.startswith("--game="):
            value = word.split("=", 1)[1] if "=" in word else (rest[i + 1] if i + 1 < len(rest) else None)
            game = games.by_name(value) if value is not None else None
            if game is None:
                if ctx.resilient_parsing:  # completing: no errors, the default game
                    break
                if value is None:
                    ctx.fail(f"Option '--game' requires an argument: one of {', '.join(games.known())}.")
                ctx.fail(f"{_unknown_game(value)[0].upper()}{_unknown_game(value)[1:]}.")
            del rest[i : i + (1 if "=" in word else 2)]
            return game, rest
    if verb == "rules":
        # A rule id names its game: `pastiche rules canvas.take` is Canvas's rule, as every verdict cites it.
        for word in rest:
            head = word.strip("[]").split(".", 1)[0].lower()
            game = None if word.startswith("-") else games.by_name(head)
            if game is not None:
                return game, rest
    from pastiche_cli.formats.gamekey import declared_game

    command = lambda: _verb(games.known()[games.DEFAULT], verb) if verb else None  # noqa: E731
    for i, word in enumerate(rest):
        if word == "-" and _reads_stdin(ctx, verb, rest):
            declared = _declared_on_stdin()  # `pastiche score - < canvas.yaml`
        elif word.startswith("-") or not os.path.isfile(word) or _an_option_value(command, rest, i):
            continue
        else:
            declared = declared_game(word)
        if declared is None:
            continue
        game = _named_game(ctx, word, declared)
        if game is None:
            break
        return game, rest
    return games.known()[games.DEFAULT], rest


def _named_game(ctx: click.Context, path: str, declared) -> games.Game | None:
    """The game a file's `game:` names; one no game has is a located error (exit 3), or None while completing."""
    game = games.by_name(declared.word)
    if game is None and not ctx.resilient_parsing:
        from pastiche_cli.kernel.problems import EXIT_BAD_FILE

        shown = "<stdin>" if path == "-" else path
        click.echo(f"{shown}:{declared.line}:{declared.column}: error: {_unknown_game(declared.word)}", err=True)
        ctx.exit(EXIT_BAD_FILE)
    return game


def _an_option_value(command, args: list[str], i: int) -> bool:
    """Whether args[i] is an option's value (`-o FILE`, never naming the game); `command()` asked only then."""
    before = args[i - 1] if i > 0 else ""
    if not before.startswith("-") or before == "-" or "=" in before or "--" in args[:i]:
        return False
    found = command()
    return any(
        before in p.opts
        for p in (found.params if found else ())
        if isinstance(p, click.Option) and not p.is_flag and not p.count
    )


def _reads_stdin(ctx: click.Context, verb: str, rest: list[str]) -> bool:
    """Whether the command will read its POSITION from stdin (`-` as its argument, not `--svg -`; no --help; no
    terminal): only then is stdin read early, as one that never reads it must not wait (`score - --help`)."""
    if ctx.resilient_parsing or not verb or any(w in ("--help", "-h") for w in rest):
        return False
    try:
        if sys.stdin is None or sys.stdin.isatty():
            return False
    except (ValueError, AttributeError):
        return False
    command = _verb(games.known()[games.DEFAULT], verb)
    if command is None:
        return False
    try:
        parsed = command.make_context(verb, list(rest), parent=ctx, resilient_parsing=True, ignore_unknown_options=True)
    except (click.ClickException, click.exceptions.Exit):
        return False
    given = parsed.params.get("position", parsed.params.get("positions"))
    return given == "-" or (isinstance(given, (list, tuple)) and "-" in given)


def _declared_on_stdin():
    """The `game:` of the position piped in (`_reads_stdin`); what stdin held is kept for the command."""
    from pastiche_cli.formats.gamekey import declared_in
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import PositionError

    try:
        return declared_in(read_text("-"))
    except (PositionError, OSError, ValueError, AttributeError):
        return None


class GameGroup(click.Group):
    """`pastiche canvas ...`: one game's own commands (its shared verbs are reached from the top)."""

    def __init__(self, game: games.Game, **kwargs):
        example = f"\n\n\b\nExample:\n  {game.example}" if game.example else ""
        super().__init__(
            name=game.name,
            short_help=game.summary,
            help=f"{game.title}: {game.summary} Its own commands are below; `pastiche score|check|"
            f"end|rules|new|replay|play|undo` serve it too (the file's `game: {game.name}`, or --game "
            f"{game.name}).{example}",
            **kwargs,
        )
        self.game = game

    def _modules(self) -> dict[str, str]:
        return {k: v for k, v in games.command_modules(self.game).items() if k not in games.SHARED_VERBS}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self._modules())

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from pastiche_cli.cli.shell import format_commands_in_full

        format_commands_in_full(self, ctx, formatter)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = self._modules().get(name)
        return _load(self.game, module) if module else None

    def resolve_command(self, ctx, args):
        name, command, rest = _resolve_with_hint(super(), ctx, args, self.list_commands(ctx))
        if not ctx.resilient_parsing:
            self._refuse_other_games_files(ctx, name, command, rest)
        return name, _text_checked(command), rest

    def _refuse_other_games_files(self, ctx, name: str, command: click.Command | None, args: list[str]) -> None:
        """`pastiche canvas take artline.yaml`: one located sentence, not every Canvas key it lacks."""
        from pastiche_cli.formats.gamekey import declared_game
        from pastiche_cli.kernel.problems import EXIT_BAD_FILE

        for i, word in enumerate(args):
            if word == "--":
                break
            if word.startswith("-") or not os.path.isfile(word) or _an_option_value(lambda: command, args, i):
                continue  # not a file, or an option's (`--svg`, `--theses`): no position of this game or another
            declared = declared_game(word)
            other = games.by_name(declared.word) if declared else None
            if other is not None and other.name != self.game.name:
                group = "pastiche" if other.name == games.DEFAULT else f"pastiche {other.name}"
                article = "an" if other.title[:1].lower() in "aeiou" else "a"
                click.echo(
                    f"{word}:{declared.line}:{declared.column}: error: this is {article} {other.title} file "
                    f"(game: {declared.word}); 'pastiche {self.game.name} {name}' reads {self.game.title} "
                    f"files: use {group} COMMAND (see {group} --help)",
                    err=True,
                )
                ctx.exit(EXIT_BAD_FILE)


def _text_checked(command: click.Command | None) -> click.Command | None:
    """The command, its arguments checked: one not a file name holding bytes not UTF-8 is a usage error (exit 2)
    before anything runs; file names may hold any bytes (shown escaped)."""
    if command is None or getattr(command, "_text_checked", False):
        return command
    make = command.make_context

    def make_context(*args, **kwargs):
        ctx = make(*args, **kwargs)
        for param in command.params:
            if isinstance(param.type, (click.Path, click.File)):
                continue
            value = ctx.params.get(param.name)
            for text in value if isinstance(value, (tuple, list)) else (value,):
                bad = _not_text(text)
                if bad is not None:
                    raise click.BadParameter(
                        f"{bad}; type it as UTF-8 text (the terminal's or the script's encoding is another)",
                        ctx=ctx,
                        param=param,
                    )
        return ctx

    command.make_context = make_context
    command._text_checked = True
    if isinstance(command, click.Group):  # its subcommands too (`catalogue add`)
        get = command.get_command
        command.get_command = lambda ctx, name: _text_checked(get(ctx, name))
    return command


def _not_text(value) -> str | None:
    """Why a parsed argument is not text (bytes that are not UTF-8 arrive as lone surrogates), or None."""
    if not isinstance(value, str):
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        from pastiche_cli.kernel.names import shown

        return f"'{shown(value)}' is not UTF-8 text (byte 0x{ord(value[exc.start]) - 0xDC00:02x})"
    return None


def _resolve_with_hint(group, ctx, args, choices):
    # An unknown command gets a "did you mean" like everything else.
    try:
        return group.resolve_command(ctx, args)
    except click.UsageError:
        from pastiche_cli.kernel.suggest import hint, suggest

        near = suggest(args[0], choices) if args else None
        if near:
            ctx.fail(f"No such command '{args[0]}'.{hint(near, style='sentence')}")
        raise


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(_command_modules()) | set(games.SHARED_VERBS) | set(_other_games()) | set(TOOL_COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in TOOL_COMMANDS:
            return importlib.import_module(TOOL_COMMANDS[name]).command
        command = _verb(games.known()[games.DEFAULT], name) if name not in _other_games() else None
        if command is not None:
            return with_game_option(command) if name in games.SHARED_VERBS else command
        game = _other_games().get(name)
        return GameGroup(game) if game else None

    def resolve_command(self, ctx, args):
        if args and args[0] == "check" and not ctx.resilient_parsing:
            each = _check_each_by_its_game(ctx, args[1:])
            if each is not None:
                return "check", _text_checked(each), args[1:]
        if args and args[0] in games.SHARED_VERBS:
            game, rest = choose_game(ctx, args[1:], args[0])
            if game.name != games.DEFAULT:
                command = _verb(game, args[0])
                if command is None:
                    ctx.fail(f"{game.title} has no '{args[0]}' command; its commands: {', '.join(_commands_of(game))}.")
                return args[0], _text_checked(with_game_option(command)), rest
            args = [args[0], *rest]
        name, command, rest = _resolve_with_hint(super(), ctx, args, self.list_commands(ctx))
        return name, _text_checked(command), rest


def _option_names(command: click.Command | None) -> set[str]:
    return {o for p in (command.params if command is not None else ()) if isinstance(p, click.Option) for o in p.opts}


def _check_words(args: list[str]) -> tuple[list[str], list[tuple[str, ...]]]:
    """`check`'s words split into (the files, the options each with its value), as its commands parse them."""
    takes_value = {"--game"}
    for game in games.known().values():
        command = _verb(game, "check")
        for param in command.params if command is not None else ():
            if isinstance(param, click.Option) and not param.is_flag:
                takes_value.update(param.opts)
    files: list[str] = []
    options: list[tuple[str, ...]] = []
    words = iter(args)
    for word in words:
        if word == "--":
            files.extend(words)
        elif word.startswith("-") and word != "-":
            options.append((word, next(words, "")) if word in takes_value else (word,))
        else:
            files.append(word)
    return files, options


def _game_of(ctx: click.Context, path: str) -> games.Game:
    """The game a file declares (its `game:`; stdin's when piped), else Pastiche; an unknown game stops (exit 3)."""
    from pastiche_cli.formats.gamekey import declared_game

    if path == "-":
        declared = _declared_on_stdin() if sys.stdin is not None and not sys.stdin.isatty() else None
    else:
        declared = declared_game(path) if os.path.isfile(path) else None
    return (_named_game(ctx, path, declared) if declared is not None else None) or games.known()[games.DEFAULT]


def _check_each_by_its_game(ctx: click.Context, args: list[str]) -> click.Command | None:
    """`pastiche check A B ...`: a command checking each file with its own game's check (or --game's), in order;
    None when one game's check takes the whole line (one file, or Pastiche's only: it reads several)."""
    if any(w in ("--help", "-h") for w in args):
        return None
    if "--" not in args and sum(not w.startswith("-") or w == "-" for w in args) < 2:
        return None  # one file at most: read without loading every game's check (each imports its game)
    files, options = _check_words(args)
    if len(files) < 2:
        return None
    chosen = next((choose_game(ctx, list(o))[0] for o in options if o[0].split("=", 1)[0] == "--game"), None)
    options = [o for o in options if o[0].split("=", 1)[0] != "--game"]
    plan = [(path, chosen or _game_of(ctx, path)) for path in files]
    commands = {game.name: _verb(game, "check") for _, game in plan}
    known_anywhere = set().union(*(_option_names(c) for c in commands.values()))
    if any(o[0].split("=", 1)[0] not in known_anywhere for o in options):
        return None  # an option no check takes: the first file's game's check says so, once (exit 2)
    if len(commands) == 1 and any(
        isinstance(p, click.Argument) and p.nargs == -1 for p in next(iter(commands.values())).params
    ):
        return None
    return _checking_each(plan, commands, options)


def _checking_each(plan: list[tuple[str, games.Game]], commands: dict, options: list[tuple[str, ...]]) -> click.Command:
    """The `check` of several games' files: each file's game's check on it, then the worst exit code (3, 5, 4, 0)."""

    def argv_for(command: click.Command, path: str) -> list[str]:
        # an option goes to the checks that take it (--catalogue: Pastiche's; --theses: Masterpiece's)
        names = _option_names(command)
        return [path, *(word for option in options if option[0].split("=", 1)[0] in names for word in option)]

    def run(ctx: click.Context) -> None:
        import contextlib
        import io
        import json

        from pastiche_cli.cli.shell import emit_json
        from pastiche_cli.kernel.problems import worst
        from pastiche_cli.render.problems import games_files_json

        as_json = any(option[0].lstrip("-") == "json" for option in options)  # the switch cli/shell.py declares
        codes, answers = [], []
        for path, game in plan:
            command = commands[game.name]
            if not as_json:
                codes.append(_exit_of(command, argv_for(command, path), ctx.parent))
                continue
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                codes.append(_exit_of(command, argv_for(command, path), ctx.parent))
            try:
                answer = json.loads(out.getvalue())
            except ValueError:  # a usage error: said on stderr
                answer = None
            answers.append((path, game.name, answer))
        if as_json:
            emit_json(games_files_json(answers))
        ctx.exit(worst(codes))

    return click.Command(
        "check",
        callback=click.pass_context(lambda ctx, **_: run(ctx)),
        params=[click.Argument(["words"], nargs=-1, type=click.UNPROCESSED)],
        context_settings={"ignore_unknown_options": True},
    )


def _exit_of(command: click.Command, argv: list[str], parent: click.Context) -> int:
    """Run one game's check on one file; its exit code (a usage error is shown, and is 2)."""
    try:
        with command.make_context("check", argv, parent=parent) as sub:
            command.invoke(sub)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    return 0


class RootGroup(LazyGroup):
    """The root: every command's summary in full in its help; completion through pastiche's scripts (cli/tab.py)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from pastiche_cli.cli.shell import format_commands_in_full

        format_commands_in_full(self, ctx, formatter)

    def _main_shell_completion(self, ctx_args, prog_name, complete_var=None) -> None:
        # A shell asks for completions: answer through pastiche's own bash, zsh and fish classes.
        name = complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()
        if os.environ.get(name):  # only then: an ordinary run imports nothing of completion
            from pastiche_cli.cli import tab

            tab.register()
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


@click.group(
    cls=RootGroup,
    # --help first: older click (8.2.1 to 8.3.1, tried) names the first in "Try '... --help' for
    # help.", newer the longest; so every version allowed says --help.
    context_settings={"help_option_names": ["--help", "-h"]},
    epilog="More: `pastiche COMMAND --help` for a command's options and examples; `pastiche man` "
    "(or `man pastiche` once installed) for the manual: the position file, exit codes, "
    "environment and files; `pastiche rules` for the rules of the game.",
)
@click.version_option(__version__, prog_name="pastiche")
def root() -> None:
    """Rules assistant and scoring calculator for the board game Pastiche, and for the art games
    Canvas, Pastiche: The Birth of a Masterpiece and Artline.

    Describe the table in a YAML position file, then ask: `pastiche score game.yaml`.
    Every verdict names the rule that decides it; `pastiche rules ID` explains it.

    score, check, end, rules and new serve every game, and board every game that has a board: a
    file names its game with a top-level `game:` key (Pastiche when absent), or pass --game NAME.
    Each other game's own commands are under its name: `pastiche canvas --help`.
    """


EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug in pastiche, never the user's input


EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE: what cat or grep end with when the reader leaves (`| head -1`)


def main() -> None:
    """The console script, streams guarded (cli/shell.py: SafeStream): even a bug shows a sentence, not a traceback."""
    from pastiche_cli.cli.shell import ClosedPipe, guard_streams

    streams = sys.stdout, sys.stderr
    guard_streams()
    try:
        # Not click's standalone mode, which turns Ctrl-C into "Aborted!" and exit 1, the code that
        # says the rules say no; usage errors are shown and exit as click would.
        code = root.main(prog_name="pastiche", standalone_mode=False)
        if code:
            sys.exit(code)
    except click.exceptions.Abort:
        sys.stderr.write("pastiche: interrupted\n")
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except ClosedPipe:
        # Nothing more can be written; stop Python's own flush at exit from complaining on stderr.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, streams[0].fileno())
        except (OSError, ValueError, AttributeError):
            pass
        sys.exit(EXIT_CLOSED_PIPE)
    except KeyboardInterrupt:
        sys.stderr.write("pastiche: interrupted\n")
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the whole point is to catch what nothing else did
        sys.stderr.write(
            f"pastiche: internal error ({type(exc).__name__}: {exc}). This is a bug in pastiche, "
            "not in your file; please report it with the position you used.\n"
        )
        sys.exit(EXIT_INTERNAL)
    finally:
        sys.stdout, sys.stderr = streams


def run() -> None:
    """The console script: `main()`, then a quick exit once the streams are flushed (Python's teardown costs
    10-20 ms and does nothing a player sees: every file is written before the answer); tests call `main()`."""
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    if code is None:
        code = 0
    elif not isinstance(code, int):
        sys.stderr.write(f"{code}\n")
        code = 1
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # started with the stream closed (`2>&-`): nothing to flush
            continue
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a reader gone at the last flush: the closed-pipe end
            code = code or EXIT_CLOSED_PIPE
    os._exit(code)
