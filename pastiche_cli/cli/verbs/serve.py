"""`pastiche serve RECORD`, for every game: the record as a live game on every player's phone (docs/serve.md).

The terminal's part of the server: the file loaded and refused as `check` refuses it (before anything
listens), the two links printed, the QR code of the join link in a terminal, the table's news as the
public table sees it, and uvicorn started on the address the options allow. The server is serve/.
"""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.game import load, terminal

serves = games.declares  # root asks `serves`


def command_for(registered) -> click.Command:
    game = games.declared(registered)

    @click.command(
        "serve",
        help=f"""Serve a game record to the players' phones: each claims a seat, sees the table as that
    player may, and plays their own moves, judged by the rules and added to the record.

    It prints the join link (show its QR code to the table) and the host's link (the public table,
    which can free a seat and take the last move back), then the table's news. It listens on this
    machine only unless --lan; serve on a network the table trusts (plain HTTP). Ctrl-C stops it; a
    restart serves the record as it is, and every phone joins again. docs/serve.md has a game night.

    \b
    Example:
      pastiche serve {game.record_example} --lan
    """,
    )
    @click.argument("position", metavar="RECORD", type=click.Path(dir_okay=True, readable=False, path_type=str))
    @click.option("--lan", is_flag=True, help="Listen on this machine's address on the network, for the phones.")
    @click.option("--host", "address", metavar="ADDR", help="Listen on ADDR (with --lan: instead of the one found).")
    @click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True, help="0: a free port.")
    @terminal(game).options
    def command(position: str, lan: bool, address: str | None, port: int, **opts) -> None:
        from pastiche_cli.cli.apply import refuse_stdin

        refuse_stdin(position)
        refuse_position(game, position)
        load(game, position, opts, record=True)  # every problem located, exit 3 or 4, as `check`
        serve(game, position, opts, listen_on(lan, address), port)

    return command


def refuse_position(game, path: str) -> None:
    """A plain position is no game to serve: exit 2 and how to make a record of it."""
    from pastiche_cli.cli.game import game_option
    from pastiche_cli.cli.shell import abort
    from pastiche_cli.formats.gamekey import is_record_text
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import EXIT_USAGE, PositionError

    try:
        text = read_text(path)
    except PositionError:
        return  # load says why, located
    if not is_record_text(text):
        abort(
            f"{path} is not a game record, so there is no game to serve: a record has 'setup:' and "
            f"'moves:'; start one with `pastiche new{game_option(game)} --record`",
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


def serve(game, path: str, opts: dict, address: str, port: int) -> None:
    """Listen, print the links (flushed, before anything else), and serve until Ctrl-C."""
    import socket
    import sys

    import uvicorn

    from pastiche_cli.render import served as said
    from pastiche_cli.serve.app import build
    from pastiche_cli.serve.pages import Pages
    from pastiche_cli.serve.table import Table

    table = Table(game, path, opts)
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
    print(said.serving(path), flush=True)
    table.listeners.append(news(table))
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan="off")

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # Ctrl-C: the event streams end first, so nothing waits
            app.close_streams()
            super().handle_exit(sig, frame)

    Server(config).run(sockets=[listening])


def news(table):
    """The listener that tells the terminal what the public table sees: who sat down, each move, an undo."""
    from pastiche_cli.render.served import news as line
    from pastiche_cli.serve.table import HOST

    def told(event: str, n: int) -> None:
        log = table.state(HOST).body["log"] if event == "move" else []
        taken = [name for name, key in table.seats.items() if key is not None]
        print(line(event, n, table.path, taken, log[-1]["move"] if log else None), flush=True)

    return told
