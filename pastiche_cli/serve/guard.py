"""Who may ask what: the refusals of docs/serve.md (the spec's "Refusals and limits"), in their order.

One ASGI middleware in front of every route: the Host header (DNS rebinding), the token (a cookie or
`Authorization: Bearer`), the body's size, its Content-Type, the Origin of a state-changing request,
the seat, the rate, the number of event streams. What passes reaches the app with the caller in
`scope["caller"]` (serve/table.Caller) and the body read once. Every answer, refusals included,
carries `Cache-Control: no-store` and `Referrer-Policy: no-referrer`.
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict, deque

from pastiche_cli.serve.seated import HOST, TABLE, Caller

MAX_BODY = 16 * 1024
RATE = 20  # requests a second, from one browser or script
MAX_STREAMS = 64
CHANGES = {"POST", "PUT", "DELETE", "PATCH"}
SAFE_HEADERS = [(b"cache-control", b"no-store"), (b"referrer-policy", b"no-referrer")]

# What each route asks of its caller: "seat" (a seated player), "host", "table" (a phone of the table,
# seated or not), "any" (the host or the table), in the modes it is served in (a route of another mode
# is a 404, as any unknown route). A route not here is open to any caller with a token.
EVERY, LIVE, SHEET, SETUP = {"live", "sheet", "setup"}, {"live"}, {"sheet"}, {"setup"}
NEEDS = (
    ("POST", re.compile(r"/api/seats/[^/]+"), "table", EVERY),
    ("DELETE", re.compile(r"/api/seats/[^/]+"), "host", EVERY),
    ("POST", re.compile(r"/api/moves"), "seat", LIVE),
    ("DELETE", re.compile(r"/api/moves/last"), "host", LIVE),
    ("GET", re.compile(r"/api/moves/options"), "seat", LIVE),
    ("POST", re.compile(r"/api/proposals/[^/]+"), "seat", LIVE),
    ("PUT", re.compile(r"/api/sheet/[^/]+"), "seat", SHEET),
    ("PUT", re.compile(r"/api/sheet-keys"), "host", SHEET),
    ("PUT", re.compile(r"/api/setup/table"), "host", SETUP),
    ("PUT", re.compile(r"/api/setup/seat/[^/]+"), "seat", SETUP),
    ("GET", re.compile(r"/host"), "host", EVERY),
)
ENTRIES = re.compile(r"/(join|host)/([^/]+)")


def needs(method: str, path: str, mode: str = "live") -> str:
    method = "GET" if method == "HEAD" else method
    for want, pattern, who, modes in NEEDS:
        if method == want and pattern.fullmatch(path) and mode in modes:
            return who
    return "any"


async def refuse(send, status: int, body: dict) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + SAFE_HEADERS})
    await send({"type": "http.response.body", "body": data})


class Guard:
    """The middleware: `hosts` are the Host headers the server answers to, `origin` its own origin."""

    def __init__(self, served, hosts: set[str], origin: str, port: int):
        self.app = self.served = served  # serve/app.Served: the table of the mode served now, and its routes
        self.hosts = hosts
        self.origins = {origin} | {f"http://{host}" for host in hosts}  # localhost:PORT too, on loopback
        self.cookies = {role: f"pastiche-{role}-{port}" for role in ("table", "host", "seat")}
        self.recent: dict[str, deque] = defaultdict(deque)
        self.streams = 0
        self.close_streams = lambda: None  # set by app.build: ends every event stream

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        method, path = scope["method"], scope["path"]
        if headers.get("host", "") not in self.hosts:
            return await refuse(send, 400, {"error": "this server does not answer to that Host"})
        caller, key = self.caller(headers, path)
        key += "@" + str((scope.get("client") or ("",))[0])  # one browser: its credentials from its address
        if caller is None:
            return await refuse(send, 401, {"error": "no token: open the join link the host shows"})
        body, status = await self.body(headers, receive)
        if status:
            return await refuse(send, status, {"error": f"a body is at most {MAX_BODY} bytes"})
        if method in {"POST", "PUT"} and headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return await refuse(send, 415, {"error": "send JSON (Content-Type: application/json)"})
        if method in CHANGES and "origin" in headers and headers["origin"] not in self.origins:
            return await refuse(send, 403, {"error": "a request from another site"})
        wrong = self.wrong_seat(caller, headers, method, path)
        if wrong:
            return await refuse(send, 403, {"error": wrong})
        if self.too_fast(key):
            return await refuse(send, 429, {"error": f"more than {RATE} requests a second; slow down"})
        if path == "/api/events" and self.streams >= MAX_STREAMS:
            return await refuse(send, 503, {"error": f"{MAX_STREAMS} event streams are open already"})
        scope["caller"], scope["cookies"] = caller, self.cookies

        sent = []

        async def replay():  # the body read above, once; then what the client does (a disconnect)
            if sent:
                return await receive()
            sent.append(True)
            return {"type": "http.request", "body": body, "more_body": False}

        async def secure(message):
            if message["type"] == "http.response.start":
                message = message | {"headers": [*message.get("headers", []), *SAFE_HEADERS]}
            await send(message)

        if path == "/api/events":
            self.streams += 1
            try:
                return await self.app(scope, receive, secure)
            finally:
                self.streams -= 1
        return await self.app(scope, replay, secure)

    @property
    def table(self):
        return self.served.table

    def caller(self, headers: dict, path: str) -> tuple[Caller | None, str]:
        """The caller a request's token, cookies and seat key make, and the key its rate is counted by."""
        entry = ENTRIES.fullmatch(path)
        if entry:  # the links of the terminal: the token is in the path
            role = self.table.role_of(entry.group(2))
            return (None, "") if role != entry.group(1).replace("join", "table") else (Caller(role), entry.group(2))
        cookies = parse_cookies(headers.get("cookie", ""))
        bearer = headers.get("authorization", "")
        if bearer.startswith("Bearer "):
            role = self.table.role_of(bearer[7:].strip())
            given = headers.get("x-pastiche-seat")
        else:
            seat_cookie = cookies.get(self.cookies["seat"])
            table_ok = self.table.role_of(cookies.get(self.cookies["table"])) == "table"
            host_ok = self.table.role_of(cookies.get(self.cookies["host"])) == "host"
            role = "table" if table_ok and (seat_cookie or not host_ok) else ("host" if host_ok else None)
            given = seat_cookie
        if role is None:
            return None, ""
        if role == "host":
            return HOST, "host"
        seat = self.table.seat_of(given) if given else None
        if seat is not None:
            return Caller("seat", seat), given
        if given and bearer.startswith("Bearer "):  # a script's wrong key: refused (a seat's 403)
            return Caller("seat", None), "table"
        # a browser whose seat the host freed: its old cookie is no seat's, and it may take one again
        return TABLE, "table:" + headers.get("user-agent", "")  # one browser: its agent, at its address

    def wrong_seat(self, caller: Caller, headers: dict, method: str, path: str) -> str | None:
        if caller.role == "seat" and caller.seat is None:
            return "that seat key is no seat's (the host may have freed the seat): claim a seat again"
        who = needs(method, path, self.table.mode)
        if who == "host" and caller.role != "host":
            return "only the host may do that"
        if who == "seat" and caller.role != "seat":
            return "claim a seat first" if caller.role == "table" else "the host holds no seat"
        if who == "table" and caller.role == "host":
            return "the host holds no seat"
        return None

    def too_fast(self, key: str) -> bool:
        now = time.monotonic()
        if len(self.recent) > 1000:  # callers gone quiet are forgotten
            self.recent = defaultdict(deque, {k: v for k, v in self.recent.items() if v and now - v[-1] < 1.0})
        recent = self.recent[key]
        while recent and now - recent[0] >= 1.0:
            recent.popleft()
        recent.append(now)
        return len(recent) > RATE

    async def body(self, headers: dict, receive) -> tuple[bytes, int]:
        """The request's body, read whole up to the limit (status 413 past it; 0 when it is within)."""
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            return b"", 413
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                return b"", 413
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks), 0


def parse_cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            out[name] = value
    return out
