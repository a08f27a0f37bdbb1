"""The Starlette application of `pastiche serve`: the spec's JSON routes over serve/table.py, the pages,
and the event stream; serve/guard.py in front of all of it. Imported only by `serve`.
"""

from __future__ import annotations

import asyncio
import json

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pastiche_cli.serve.guard import Guard
from pastiche_cli.serve.routes import Api, _in_thread, answer, caller, json_body
from pastiche_cli.serve.seated import Seated
from pastiche_cli.serve.table import Table

PING = 15.0  # seconds between the comments that keep an idle event stream open through proxies
LOOK = 0.5  # seconds between two looks at the file, for a change made by another program


class Stream:
    """The open event streams: each a queue the table's changes are put on, from whichever thread made them."""

    def __init__(self, served: Served):
        self.served = served
        self.queues: set[asyncio.Queue] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watching: asyncio.Task | None = None
        self.closing = False
        served.table.listeners.append(self.publish)  # carried over to the mode that follows

    async def watch(self) -> None:
        """While a phone listens: the file looked at every half second, so a move made in a terminal
        (`pastiche play`) reaches every phone as a `reload` event."""
        while self.queues:
            await _in_thread(self.served.table.look)
            await asyncio.sleep(LOOK)
        self.watching = None

    def close(self) -> None:
        """Every stream ended (the server is stopping): none keeps Ctrl-C waiting."""
        self.closing = True
        self.publish("", 0)

    def publish(self, event: str, n: int) -> None:
        if self.loop is None:
            return
        for queue in list(self.queues):
            self.loop.call_soon_threadsafe(queue.put_nowait, (event, n))

    async def events(self, request: Request):
        self.loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        self.queues.add(queue)
        if self.watching is None:
            self.watching = asyncio.create_task(self.watch())
        try:
            yield ": open\n\n"
            while True:
                try:
                    event, n = await asyncio.wait_for(queue.get(), PING)
                except asyncio.TimeoutError:
                    yield ": ping\n\n"
                    continue
                if self.closing:
                    return
                yield f"event: {event}\ndata: {json.dumps({'n': n})}\n\n"
        finally:
            self.queues.discard(queue)


class LiveApi(Api):
    """A live record's own routes: the spec's moves, proposals and undo, and the board drawn."""

    table: Table

    def own_routes(self) -> list[Route]:
        return [
            Route("/api/moves", self.move, methods=["POST"]),
            Route("/api/moves/last", self.undo, methods=["DELETE"]),
            Route("/api/moves/options", self.options),
            Route("/api/proposals/{ident}", self.answer_proposal, methods=["POST"]),
            Route("/api/picture/{moves:int}", self.picture),
        ]

    async def move(self, request: Request) -> Response:
        body, bad = await json_body(request)
        if bad is not None:
            return bad
        text, after = body.get("move"), body.get("after")
        if not isinstance(text, str) or not text.strip():
            return JSONResponse({"error": 'the body names no move ("move": TEXT)', "column": 0}, 400)
        if not isinstance(after, int) or isinstance(after, bool):
            return JSONResponse({"error": 'the body says not after how many moves ("after": N)', "column": 0}, 400)
        if not isinstance(body.get("check", False), bool):
            return JSONResponse({"error": '"check" is true or false', "column": 0}, 400)
        return answer(await _in_thread(self.table.move, caller(request), text, after, body.get("check") is True))

    async def options(self, request: Request) -> Response:
        return answer(await _in_thread(self.table.options, caller(request)))

    async def answer_proposal(self, request: Request) -> Response:
        body, bad = await json_body(request)
        if bad is not None:
            return bad
        if not isinstance(body.get("accept"), bool):
            return JSONResponse({"error": 'the body says yes or no ("accept": true or false)'}, 400)
        ident = request.path_params["ident"]
        return answer(await _in_thread(self.table.answer, caller(request), ident, body["accept"]))

    async def undo(self, request: Request) -> Response:
        return answer(await _in_thread(self.table.undo))

    async def picture(self, request: Request) -> Response:
        """The board as SVG (gzipped when the browser takes it: a late board is some 100 KB, a tenth of that
        compressed), so the state every phone fetches after every move stays a few KB."""
        svg = await _in_thread(self.table.picture)
        if svg is None:
            return JSONResponse({"error": "this game has no board to draw"}, 404)
        if "gzip" in request.headers.get("accept-encoding", ""):
            import gzip

            body = gzip.compress(svg, compresslevel=6, mtime=0)
            return Response(
                body, media_type="image/svg+xml", headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
            )
        return Response(svg, media_type="image/svg+xml")


class Served:
    """The application a server runs now: its table's mode's routes and pages. A new game's setup, once
    complete, names the live table it became (`successor`): from the next request on, that is served."""

    def __init__(self, table: Seated, pages=None):
        self.table, self.pages = table, pages
        self.stream = Stream(self)
        self.app = self.built()

    def built(self) -> Starlette:
        api: type[Api] = LiveApi
        if self.table.mode == "sheet":
            from pastiche_cli.serve.sheet import SheetApi as api
        elif self.table.mode == "setup":
            from pastiche_cli.serve.setup import SetupApi as api
        routes = api(self.table, self.stream).routes()
        pages = self.pages.routes(self) if self.pages is not None else []
        return Starlette(routes=routes + pages, exception_handlers={404: self.unknown, 405: self.unknown})

    async def unknown(self, request: Request, exc) -> Response:
        """A route this server has not, or has in another mode (a move while a sheet is filled in): said in JSON."""
        said = {"sheet": "a short sheet filled in", "setup": "a new game being set up", "live": "a live game"}
        why = f"no such route while this server serves {said.get(self.table.mode, self.table.mode)}"
        return JSONResponse({"error": why, "mode": self.table.mode}, exc.status_code)

    async def __call__(self, scope, receive, send):
        if self.table.successor is not None:  # the setup is complete: the live game from now on
            while self.table.successor is not None:
                self.table = self.table.successor
            self.app = self.built()
        await self.app(scope, receive, send)


def build(table: Seated, hosts: set[str], origin: str, port: int, pages=None) -> Guard:
    """The whole application: the routes behind the guard. `pages`: serve/pages.Pages, or None for the API alone."""
    served = Served(table, pages)
    guard = Guard(served, hosts, origin, port)
    guard.close_streams = served.stream.close
    return guard
