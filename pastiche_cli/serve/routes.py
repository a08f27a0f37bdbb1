"""The routes every mode of `pastiche serve` serves (its state, the seats, the rules, the event stream, the
links of the terminal), and the helpers a mode's own routes share: a mode's API is a subclass of `Api`
(serve/app.LiveApi, serve/setup.SetupApi, ...), which serve/app.Served builds for the mode served now.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from pastiche_cli.serve.seated import Answer, Caller, Seated


def answer(result: Answer) -> JSONResponse:
    return JSONResponse(result.body, result.status)


def caller(request: Request) -> Caller:
    return request.scope["caller"]


async def json_body(request: Request) -> tuple[dict | None, JSONResponse | None]:
    """The request's JSON object, or the 400 that says why it is none."""
    try:
        body = json.loads(await request.body() or b"{}")
        json.dumps(body, ensure_ascii=False).encode("utf-8")  # no lone surrogate, which no answer could echo
    except (ValueError, UnicodeError) as exc:
        return None, JSONResponse({"error": f"the body is not JSON: {exc}"}, 400)
    except RecursionError:
        return None, JSONResponse({"error": "the body is not JSON this server reads: nested too deep"}, 400)
    if not isinstance(body, dict):
        return None, JSONResponse({"error": "the body is a JSON object"}, 400)
    return body, None


class Api:
    """The routes every mode serves, each over one call of the table (in a thread: it reads and writes files):
    its state, the seats, the rules, the event stream and the links of the terminal. A mode's own routes are
    its subclass's `own_routes`."""

    def __init__(self, table: Seated, stream: Any):
        self.table, self.stream = table, stream

    def routes(self) -> list[Route]:
        return [
            Route("/api/state", self.state),
            *self.own_routes(),
            Route("/api/seats/{name}", self.claim, methods=["POST"]),
            Route("/api/seats/{name}", self.release, methods=["DELETE"]),
            Route("/api/rules", self.search),
            Route("/api/rules/{rule_id}", self.rule),
            Route("/api/events", self.events),
            Route("/join/{token}", self.entry),
            Route("/host/{token}", self.entry),
        ]

    def own_routes(self) -> list[Route]:
        return []

    async def state(self, request: Request) -> Response:
        return answer(await _in_thread(self.table.state, caller(request)))  # type: ignore[attr-defined]

    async def claim(self, request: Request) -> Response:
        result = await _in_thread(self.table.claim, request.path_params["name"], caller(request).seat)
        response = answer(result)
        if result.status == 201:
            cookie = request.scope["cookies"]["seat"]
            response.set_cookie(cookie, result.body["key"], httponly=True, samesite="lax", path="/")
        return response

    async def release(self, request: Request) -> Response:
        return answer(await _in_thread(self.table.release, request.path_params["name"]))

    async def search(self, request: Request) -> Response:
        return answer(self.table.search(request.query_params.get("q", "")[:200]))

    async def rule(self, request: Request) -> Response:
        return answer(self.table.rule(request.path_params["rule_id"]))

    async def events(self, request: Request) -> Response:
        return StreamingResponse(self.stream.events(request), media_type="text/event-stream")

    async def entry(self, request: Request) -> Response:
        """A link of the terminal: its cookie set, and on to a page whose URL holds no token."""
        role = caller(request).role
        response = RedirectResponse("/host" if role == "host" else "/", 303)
        token = self.table.host_token if role == "host" else self.table.join_token
        response.set_cookie(request.scope["cookies"][role], token, httponly=True, samesite="lax", path="/")
        return response


async def _in_thread(function, *args):
    """A call of the table (it reads and writes files, under its lock) off the event loop."""
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(function, *args)
