"""The guided entry of a short sheet, face-free: the questions, the sheet text of the answers, each answer
checked through the game's sheet reader (its problems, the names it may use), and the scores so far. `pastiche
tally` asks it in a terminal (cli/verbs/tally.py); `pastiche serve --sheet` from every phone (serve/sheet.py)."""

from __future__ import annotations

import os
from typing import NamedTuple

VIRTUAL = "tally.sheet"  # where the sheet is read from while it is asked for: files it names are beside it


class Question(NamedTuple):
    key: str  # a sheet key, "players", or a player's field
    text: str
    player: str = ""  # for a player's field

    def prompt(self) -> str:
        return f"{self.player}, {self.text}: " if self.player else f"{self.text}: "


class Tally:
    """The answers so far and the sheet they make; every reading goes through the game's sheet reader."""

    def __init__(self, game, opts: dict, folder: str = ""):
        self.game = game
        self.sheet = game.reader.sheet()
        self.opts = opts
        self.answers: dict[tuple[str, str], str] = {}
        self.folder = folder or os.getcwd()  # where the sheet goes: the files it names must be there or below

    def players(self) -> list[str]:
        return [n for n in self.answers.get(("players", ""), "").replace(",", " ").split() if n]

    def questions(self) -> list[Question]:
        out = [Question(key, text) for key, text in self.sheet.QUESTIONS]
        out.append(Question("players", "Players, in turn order (names separated by spaces)"))
        for name in self.players():
            out += [Question(field, text, name) for field, text in self.sheet.FIELDS]
        return out

    def text(self, upto: Question | None = None, answer: str = "") -> tuple[str, int]:
        """The sheet of the answers (with `answer` for `upto`, nothing after it), and the line `upto` is on."""
        answers = dict(self.answers)
        if upto is not None:
            answers[(upto.key, upto.player)] = answer
        lines = ["# Written by pastiche tally (docs/quick.md)."]
        from pastiche_cli import games

        if self.game.name != games.DEFAULT:
            lines.append(f"game: {self.game.name}")
        at = 0
        for key, _ in self.sheet.QUESTIONS:
            if answers.get((key, ""), "").strip():
                lines.append(f"{key}: {answers[(key, '')].strip()}")
            if upto is not None and upto.key == key and not upto.player:
                at = len(lines)
        for name in self.players() if upto is None or upto.key != "players" else answer.split():
            fields = [answers.get((field, name), "").strip() for field, _ in self.sheet.FIELDS]
            while fields and not fields[-1]:
                fields.pop()
            lines.append(f"{name}: {' | '.join(fields)}".rstrip())
            if upto is not None and upto.player == name:
                at = len(lines)
        return "\n".join(lines) + "\n", at

    def as_read(self, text: str) -> tuple[str, str]:
        """(path, text) of the sheet as it will be read: in its folder, a file an answer names (typed
        from here) by its whole path, so that it is found, and held to the folder, as it will be."""
        files = tuple(f"{key}: " for key in getattr(self.sheet, "FILES", ()))
        lines = []
        for line in text.splitlines():
            if line.startswith(files):
                key, named = line.split(":", 1)
                line = f"{key}: {os.path.abspath(named.strip())}"
            lines.append(line)
        return os.path.join(self.folder, VIRTUAL), "\n".join(lines) + "\n"

    def read(self, text: str):
        """(position or None, problems, raised problems) of a sheet's text, judged as its file will be read."""
        from pastiche_cli.formats.reading import read_sheet
        from pastiche_cli.formats.yamlio import decode
        from pastiche_cli.kernel.problems import PositionError

        here, text = self.as_read(text)
        try:
            decode(here, text.encode("utf-8", "surrogateescape"))  # no NUL, within the size every command reads
            position, problems, _, _ = read_sheet(self.game, here, text, dict(self.opts))
        except PositionError as exc:
            shown = VIRTUAL if exc.filename in (None, here) else exc.filename
            return None, [], [p.located(shown) for p in exc.problems]
        return position, problems, []

    def check(self, question: Question, answer: str) -> list[str]:
        """What is wrong with this answer (nothing: it is taken)."""
        from pastiche_cli.kernel.problems import WARNING, PositionError

        if question.key == "players":
            names = answer.replace(",", " ").split()
            if not names:
                return ["name at least one player"]
            folded = [n.casefold() for n in names]
            twice = sorted({n for n in names if folded.count(n.casefold()) > 1})
            if twice:
                return [f"{', '.join(twice)} is named twice"]
            if any(":" in n or "|" in n or n.startswith("#") for n in names):
                return ["a name has no ':', '|' nor a leading '#'"]
        wrong_kind = self.wrong_kind(question, answer.strip())
        if wrong_kind:
            return [wrong_kind]
        if question.key in getattr(self.sheet, "FILES", ()) and answer.strip():
            from pastiche_cli.formats.sheet import within

            if not within(answer.strip(), self.folder):
                return [
                    f"{answer.strip()} is not in {self.folder} or below it, where the sheet goes: a sheet "
                    "names the files beside it (copy the file there)"
                ]
        text, line = self.text(question, answer)
        _, problems, raised = self.read(text)
        if raised:
            return raised
        if question.key == "players":  # how many may play, names that look alike: the game's own checks
            return [p.message for p in problems if p.kind != WARNING and p.code not in ("sheet-field", "no-players")]
        if not question.player:  # a key: the files it names must read (the catalogue, the thesis table)
            from pastiche_cli.formats.sheet import parse

            sheet, _ = parse(*self.as_read(text), self.sheet.KEYS)
            try:
                for field, _ in self.sheet.FIELDS:
                    self.sheet.words(field, sheet, dict(self.opts))
            except PositionError as exc:
                return [p.located(exc.filename or VIRTUAL) for p in exc.problems]
        return [p.message for p in problems if p.kind != WARNING and p.line == line and p.code != "no-players"]

    def wrong_kind(self, question: Question, said: str) -> str | None:
        """Each question takes its own kind of answer: a number where the sheet counts (Canvas's
        inspiration), never a lone number where it wants words, which the sheet would read as the count."""
        from pastiche_cli.formats.sheet import MOST, is_count, is_number

        numbers = getattr(self.sheet, "NUMBERS", ())
        if not question.player or not said or not numbers:
            return None
        if question.key in numbers and not is_count(said):
            return f"'{said}' is not a number: the {question.key} is a count from 0 to {MOST}"
        if question.key not in numbers and is_number(said):
            return f"a number alone is the {' and '.join(numbers)} count, asked next: the {question.key} are words"
        return None

    def choices(self, question: Question) -> list[str]:
        from pastiche_cli.formats.sheet import parse
        from pastiche_cli.kernel.problems import PositionError

        if question.key == "players":
            return []
        sheet, _ = parse(*self.as_read(self.text()[0]), self.sheet.KEYS)
        try:
            return self.sheet.words(question.key, sheet, dict(self.opts))
        except PositionError:
            return []

    def standing(self) -> str | None:
        """The scores of the players answered so far, on one line."""
        position, _, raised = self.read(self.text()[0])
        if position is None or raised:
            return None
        try:
            answer = self.game.teller.scores_json(position)
        except (ValueError, KeyError, TypeError):
            return None
        if not answer:
            return None
        done = {name for name in self.players() if (self.sheet.FIELDS[-1][0], name) in self.answers}
        parts = []
        for p in answer.get("players", []):
            if p["name"] not in done:
                continue
            value = p.get("total", p.get("points", p.get("hand")))
            unit = "in hand" if "total" not in p and "points" not in p else "points"
            parts.append(f"{p['name']} {value} {unit}")
        return "Scores so far: " + ", ".join(parts)
