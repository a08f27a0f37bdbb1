"""Score entry in real phones (tests/serve/test_sheet_phones.py): a `pastiche serve --sheet OUT` process, and for
each line of a bundled sheet the taps and keys a player makes on the page to enter it (chips by their names as
the server offers them, counts by tapping twice, a Masterpiece card's value typed), each a step a phone takes
in turn with the others."""

from __future__ import annotations

import json
import pathlib
import threading

from phones import Process
from test_server import Server

from pastiche_cli.formats.sheet import Token, counted

# A step: ("tap", SELECTOR) or ("type", SELECTOR, TEXT), taken on the phone's page.
Step = tuple


def new_sheet(out: pathlib.Path, game: str, players: list[str], *more: str) -> list[str]:
    """`serve`'s arguments for a new sheet OUT."""
    return ["--sheet", str(out), "--game", game, "--players", ",".join(players), *more]


class SheetProcess(Process):
    """`pastiche serve ARGS` (a sheet: `new_sheet(...)`, or the sheet's path) whose output is read as it comes;
    `request` as test_server.Server's, a seat's key given as `X-Pastiche-Seat`."""

    def __init__(self, *args: str):
        Server.__init__(self, *args)
        self.said: list[str] = []
        self.readers = [threading.Thread(target=self._read, args=(s,), daemon=True) for s in self.streams()]
        for reader in self.readers:
            reader.start()

    def streams(self) -> tuple:
        return self.process.stdout, self.process.stderr

    def ask(self, method: str, path: str, body=None, seat: str = "") -> tuple[int, dict]:
        status, data = self.request(method, path, body, {"X-Pastiche-Seat": seat} if seat else None)
        return status, json.loads(data or b"{}")


def chip(field: str, word: str) -> Step:
    return ("tap", f'.field[data-key="{field}"] button.pick[data-word="{word}"]')


def steps_for(game, keys: dict[str, str], folder: pathlib.Path, line: str) -> list[Step]:
    """The taps and keys that enter `line` (a bundled sheet's, after `NAME:`) on the page, then Send."""
    sheet = game.reader.sheet()
    shapes = getattr(sheet, "SHAPES", {})
    parts = [part.split() for part in line.replace(",", " ").split("|")]
    names = _names(game, keys, folder)
    out: list[Step] = []
    if game.name == "canvas":
        for part in parts:
            if len(part) == 1 and part[0].isdigit():
                out += _number("inspiration", int(part[0]))
            else:
                out += [chip("paintings", names("paintings", w)) for w in part]
    elif game.name == "masterpiece":
        for token in parts[0]:
            thesis, _, card = token.partition(":")
            suit, value = card.rstrip("0123456789"), card[len(card.rstrip("0123456789")) :]
            out += [chip("accepted", names("accepted", thesis)), chip("accepted", names("suit", suit))]
            out += [("type", "#value-accepted", value), ("tap", '.field[data-key="accepted"] button:text("Add")')]
    else:
        for (field, _), part in zip(sheet.FIELDS, parts):
            if shapes.get(field) == "number":
                out += _number(field, int(part[0]))
            elif shapes.get(field) == "counted":
                for token, n in counted([Token(w, 1, 1) for w in part], []):
                    out += [chip(field, names(field, token.text))] * n
            else:
                out += [chip(field, names(field, w)) for w in part]
    return [*out, ("tap", "#send")]


def _number(field: str, n: int) -> list[Step]:
    sign = "+" if n else "−"
    return [("tap", f'.field[data-key="{field}"] button.pick:text-is("{sign}")')] * max(n, 1)


def _names(game, keys: dict[str, str], folder: pathlib.Path):
    """A word of a bundled line (the start of a name) -> the name its chip shows, as the sheet reader picks it."""
    from pastiche_cli.formats.sheet import parse

    module = game.reader.sheet()
    text = "".join(f"{k}: {v}\n" for k, v in keys.items())
    sheet, _ = parse(str(folder / "x.sheet"), text, module.KEYS)

    def name(field: str, word: str) -> str:
        found = _pick(game.name, module, sheet, field, word)
        assert found, f"{word} names nothing in {field}"
        return found

    return name


def _pick(game: str, module, sheet, field: str, word: str) -> str:
    problems: list = []
    token = Token(word, 1, 1)
    if game == "pastiche" and field in ("completed", "hand"):
        return module.commission_names(module.catalogue(sheet, {})).pick(token, problems)
    if game == "pastiche":
        return module.palette_names().pick(token, problems)
    if game == "canvas":
        from pastiche_cli.games.canvas.core import cards

        found = cards.find_card(word)
        return found.word if found else module._art().pick(token, problems)
    if field == "suit":
        return module._suits().pick(token, problems)
    return module._theses(module.table(sheet, {})).pick(token, problems)
