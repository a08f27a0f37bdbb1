"""The pages of `pastiche serve`: the table (a phone's, and the host's public screen) and, once the game
is over, the record's report page (the one `replay --html` writes). Written by render/'s templates.
"""

from __future__ import annotations

import json
import os
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from pastiche_cli.serve.seated import Seated

# A page runs the one script it pins by hash, fetches only from this server, and is framed by nobody.
POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{hash}'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class Pages:
    """The pages of the mode served now: a live record's table (table.html), a sheet's or a setup's own
    (sheet.html, setup.html, each with its script of the same name and what its table adds: `page_context`)."""

    def __init__(self, table: Seated, join: str = ""):
        self.first, self.join = table, join  # the join link, drawn as a QR code on the host's screen
        self.served = None  # serve/app.Served, once routed: its table is the mode served now

    @property
    def table(self) -> Any:
        return self.served.table if self.served is not None else self.first

    def routes(self, served) -> list[Route]:
        self.served = served
        routes = [Route("/", self.phone), Route("/host", self.host)]
        return routes + ([Route("/report", self.report)] if served.table.mode == "live" else [])

    def qr(self) -> str:
        """The join link's QR code as a data URL (segno, imported only here)."""
        import segno

        return segno.make(self.join, error="l").svg_data_uri(scale=6, border=2) if self.join else ""

    def page(self, role: str) -> HTMLResponse:
        from pastiche_cli.kernel.rulebook import book
        from pastiche_cli.render.html import styled_chips
        from pastiche_cli.render.pages import environment, sha256, static

        table = self.table
        game = table.game
        name = "table" if table.mode == "live" else table.mode
        script = static(f"{name}.js")  # markup: written as it is, and hashed as written
        colours = game.teller.card_colours()
        classes, styled = styled_chips(colours, colours)
        own = table.page_context(role) if hasattr(table, "page_context") else {}
        html = (
            environment()
            .get_template(f"{name}.html")
            .render(
                **own,
                title=f"{game.title}: {os.path.basename(self.table.path)}",
                role=role,
                script=script,
                example=game.move_examples[0] if game.move_examples else "",
                rule_example=next(iter(book(game.name).ids()), ""),
                qr=self.qr() if role == "host" else "",
                chips=json.dumps(classes),
                styled=styled,
            )
        )
        return HTMLResponse(html, headers={"Content-Security-Policy": POLICY.format(hash=sha256(str(script)))})

    async def phone(self, request: Request) -> Response:
        return self.page("host" if request.scope["caller"].role == "host" else "table")

    async def host(self, request: Request) -> Response:
        return self.page("host")

    async def report(self, request: Request) -> Response:
        """The record page of a finished game (before the end it would show every hand: refused)."""
        from starlette.concurrency import run_in_threadpool

        from pastiche_cli.cli.verbs.replay import page

        table = self.table
        await run_in_threadpool(table.look)  # a game taken back in a terminal is no longer over
        if not table.loaded.replay.over:
            return JSONResponse({"error": "the report page is shown once the game is over"}, 404)
        html = await run_in_threadpool(page, table.game, table.path, table.loaded)
        # its own policy is in its meta tag; framing is refused by a header only
        return HTMLResponse(html, headers={"Content-Security-Policy": "frame-ancestors 'none'"})
