"""`pastiche serve`, for every game: a record as a live game on every player's phone, a short sheet filled in
from every phone, or a new game set up on the phones (docs/serve.md).

The terminal's part of the server: the file loaded and refused as `check` refuses it (before anything
listens), the two links printed, the QR code of the join link in a terminal, the table's news as the
public table sees it, and uvicorn started on the address the options allow. The server is serve/.
"""

from __future__ import annotations

import os

import click

from pastiche_cli import games
from pastiche_cli.cli.game import game_option, load, terminal

serves = games.declares  # root asks `serves`


def command_for(registered) -> click.Command:
    from pastiche_cli.cli.face import verbs

    game, told = games.declared(registered), verbs(registered)

    @click.command(
        "serve",
        help=f"""Serve a game record to the players' phones: each claims a seat, sees the table as that
    player may, and plays their own moves, judged by the rules and added to the record.

    It prints the join link (show its QR code to the table) and the host's link (the public table,
    which can free a seat and take the last move back), then the table's news. It listens on this
    machine only unless --lan; serve on a network the table trusts (plain HTTP). Ctrl-C stops it; a
    restart serves the record as it is, and every phone joins again. docs/serve.md has a game night.

    With --sheet OUT each player enters their own line of a short sheet on their phone, and the host's
    screen shows the scores as they come (a SHEET given instead of RECORD goes on with it). With --new
    OUT the host enters what the table shows, each player their dealt cards, unseen by the others; OUT
    keeps what is entered, and once the setup is complete the live game begins (a restart goes on).

    \b
    Examples:
      pastiche serve {game.record_example} --lan
      pastiche serve{game_option(game)} --sheet friday.sheet --players Ana,Ben,Caro --lan
      pastiche serve{game_option(game)} --new friday.yaml --players Ana,Ben,Caro --lan
    """,
    )
    @click.argument(
        "position", metavar="[RECORD]", required=False, type=click.Path(dir_okay=True, readable=False, path_type=str)
    )
    @click.option(
        "--sheet", "sheet", metavar="OUT", type=click.Path(path_type=str), help="Score entry into a new sheet OUT."
    )
    @click.option(
        "--new", "new", metavar="OUT", type=click.Path(path_type=str), help="A new game set up on the phones, in OUT."
    )
    @click.option("--players", "players_text", metavar="NAMES", help="With --sheet or --new: " + told.players)
    @click.option("--lan", is_flag=True, help="Listen on this machine's address on the network, for the phones.")
    @click.option("--host", "address", metavar="ADDR", help="Listen on ADDR (with --lan: instead of the one found).")
    @click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="0: a free port.")
    @terminal(game).options
    def command(
        position: str | None,
        sheet: str | None,
        new: str | None,
        players_text: str | None,
        lan: bool,
        address: str | None,
        port: int,
        **opts,
    ) -> None:
        own = {key: opts.pop(key) for key in list(opts) if key not in terminal(game).option_names}
        where = listen_on(lan, address)
        table = _table(game, told, position, sheet, new, players_text, opts, own)
        serve(game, table, opts, where, port)

    for option in reversed(told.new_options()):  # `new`'s own choices (who starts, ...), for --new
        command = option(command)
    return command


def _table(game, told, position, sheet, new, players_text, opts: dict, own: dict):
    """The table to serve, of the mode the arguments ask: a live record, a sheet's entry or a new game's setup."""
    from pastiche_cli.cli.apply import refuse_stdin
    from pastiche_cli.cli.shell import abort, parse_players
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_USAGE

    given = [what for what, value in (("RECORD", position), ("--sheet", sheet), ("--new", new)) if value]
    if len(given) != 1:
        besides = f", not {' and '.join(given)}" if given else ""
        abort(f"give one of RECORD, --sheet OUT and --new OUT{besides}", EXIT_USAGE)
    if players_text is None and position is None:
        abort(f"{given[0]} OUT needs --players NAMES (in turn order)", EXIT_USAGE)
    if players_text is not None and position is not None:
        abort("--players goes with --sheet or --new: a file served names its players", EXIT_USAGE)
    if own and new is None and any(own.values()):
        abort("the options of a new game's setup go with --new", EXIT_USAGE)
    if position is None:
        out = sheet or new or ""
        refuse_stdin(out)
        names = parse_players(players_text or "", game.writer.names_problem)
        if os.path.exists(out):
            abort(f"{out} exists: `pastiche serve {out}` goes on with it", EXIT_USAGE)
        folder = os.path.dirname(os.path.abspath(out))
        if not os.path.isdir(folder):  # as tally -o says it, before any phone enters a card it could not keep
            abort(f"cannot write {out}: there is no folder {folder}", EXIT_BAD_FILE)
        if sheet is not None:
            from pastiche_cli.formats.sheet import name_problem
            from pastiche_cli.serve.sheet import SheetTable

            for name in names:  # a line the sheet would read as another name, a key or a comment: never entered
                found = name_problem(name, game.reader.sheet().KEYS if game.reader.sheet() else ())
                if found:
                    abort(f"--players: the name '{name}' {found}", EXIT_USAGE)

            return _served(lambda: SheetTable(game, out, opts, players=names), out)
        from pastiche_cli.formats.record import starting_record
        from pastiche_cli.serve.setup import SetupTable

        names, choices = told.new_setup(names, **own)
        text = starting_record(game.writer.new_position(names, **choices), game.name)
        return _served(lambda: SetupTable(game, out, opts, start=text), out)
    refuse_stdin(position)
    return _served(lambda: _of_file(game, position, opts), position)


def _of_file(game, path: str, opts: dict):
    """A file given: a short sheet to go on filling in, a new game's setup to go on with, or a live record."""
    from pastiche_cli.formats.gamekey import is_sheet
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import PositionError

    try:
        text = read_text(path)
    except PositionError:
        text = None  # load says why, located
    if text is not None and is_sheet(path, text):
        from pastiche_cli.serve.sheet import SheetTable

        load(game, path, opts)  # every problem located, exit 3, as `check`
        return SheetTable(game, path, opts)
    if text is not None:
        from pastiche_cli.formats.setupfill import pending  # no server library before anything listens

        if pending(game, path, text, opts):
            from pastiche_cli.serve.setup import SetupTable

            return SetupTable(game, path, opts)
    if text is not None:
        refuse_position(game, path, text)
    load(game, path, opts, record=True)  # every problem located, exit 3 or 4, as `check`
    from pastiche_cli.serve.table import Table

    return Table(game, path, opts)


def _served(make, path: str):
    """The table made, or the file's problems located and its exit code, as `check` says them."""
    from pastiche_cli.serve.table import Unservable

    try:
        return make()
    except Unservable as exc:
        from pastiche_cli.cli.shell import abort

        abort("\n".join(p if isinstance(p, str) else p.located(path) for p in exc.problems), exc.code)


def refuse_position(game, path: str, text: str) -> None:
    """A plain position (the file's `text`) is no game to serve: exit 2 and how to make a record of it."""
    from pastiche_cli.cli.shell import abort
    from pastiche_cli.formats.gamekey import is_record_text
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if not is_record_text(text):
        abort(
            f"{path} is not a game record, so there is no game to serve: a record has 'setup:' and "
            f"'moves:'; start one with `pastiche new{game_option(game)} --record`, set one up on the phones with "
            f"`pastiche serve{game_option(game)} --new OUT --players NAMES`, or score a finished game with "
            f"`pastiche serve{game_option(game)} --sheet OUT --players NAMES`",
            EXIT_USAGE,
        )


def listen_on(lan: bool, address: str | None) -> str:
    """The address to listen on: loopback, unless --lan (this machine's address on the network, or ADDR)."""
    from pastiche_cli.cli.shell import abort
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if address is not None and not lan:
        abort("--host ADDR listens beyond this machine only with --lan", EXIT_USAGE)
    if address in ("0.0.0.0", "::", ""):
        abort(f"--host {address!r} is every address, where no phone can be sent: give this machine's own", EXIT_USAGE)
    if address is not None:
        return address
    if not lan:
        return "127.0.0.1"
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))  # no packet is sent: the route says which address is ours
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def serve(game, table, opts: dict, address: str, port: int) -> None:
    """Listen, print the links (flushed, before anything else), and serve until Ctrl-C."""
    import socket
    import sys

    import uvicorn

    from pastiche_cli.render import served as said
    from pastiche_cli.serve.app import build
    from pastiche_cli.serve.pages import Pages

    path = table.path
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((address, port))
    except OSError as exc:
        from pastiche_cli.cli.shell import abort
        from pastiche_cli.kernel.problems import EXIT_USAGE

        abort(f"cannot listen on {address}:{port}: {exc.strerror or exc}", EXIT_USAGE)
    listening.listen(128)  # a phone that comes before uvicorn has started waits; it is not refused
    port = listening.getsockname()[1]
    where = f"{address}:{port}"
    hosts = {where} | ({f"localhost:{port}"} if address.startswith("127.") else set())
    join = f"http://{where}/join/{table.join_token}"
    app = build(table, hosts, f"http://{where}", port, Pages(table, join))
    print(said.links(join, f"http://{where}/host/{table.host_token}"), flush=True)
    if sys.stdout.isatty():
        import segno

        segno.make(join, error="l").terminal(compact=True)
    print(table.serving() if hasattr(table, "serving") else said.serving(path), flush=True)
    table.listeners.append(news(lambda: app.table))  # the live table, once a setup became it
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan="off")

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # Ctrl-C: the event streams end first, so nothing waits
            app.close_streams()
            super().handle_exit(sig, frame)

    Server(config).run(sockets=[listening])


def news(now):
    """The listener that tells the terminal what the public table sees: who sat down, each move, an undo, a
    sheet's line entered, a setup's progress (a mode's own words: its table's `news_line`). `now()`: the table."""
    from pastiche_cli.render.served import news as line
    from pastiche_cli.serve.table import HOST

    def told(event: str, n: int) -> None:
        table = now()
        own = table.news_line(event, n) if hasattr(table, "news_line") else None
        if own is not None:
            print(own, flush=True)
            return
        log = table.state(HOST).body["log"] if event == "move" else []
        taken = [name for name, key in table.seats.items() if key is not None]
        print(line(event, n, table.path, taken, log[-1]["move"] if log else None), flush=True)

    return told
