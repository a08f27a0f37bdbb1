"""`pastiche tally` for every game: the short sheet asked for question by question, each answer checked at once
by the game's sheet reader (a typo is asked again); `<` goes back, `?` lists the names, Tab completes them."""

from __future__ import annotations

import os
import sys
from typing import NamedTuple

import click

from pastiche_cli import games
from pastiche_cli.cli.game import game_option, terminal
from pastiche_cli.cli.shell import output_file_options, output_options

HELP_WORD = "?"
NOT_TEXT = "\ufffd"  # an answer whose bytes could not be read as text
VIRTUAL = "tally.sheet"  # where the sheet is read from while it is asked for: files it names are beside it
TALLY = "the tally"  # a game tallied and written to no file, as the history and its messages name it


def serves(game) -> bool:
    """Every game whose reader has a short sheet (its formats/sheet.py says what the sheet holds)."""
    return games.declares(game) and games.declared(game).reader.has_sheet


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


def _ask(prompt: str, words: list[str], terminal: bool, joiner: str = "", after: list[str] = ()) -> str | None:
    """One answer (None when stdin has ended); in a terminal Tab completes the last word over `words`, and
    where a field pairs them (`nine-run:yellow10`) adds the `joiner` and then completes over `after`."""
    if terminal:
        try:
            import readline

            def complete(text: str, state: int):
                start = readline.get_begidx()
                paired = bool(joiner) and start > 0 and readline.get_line_buffer()[start - 1] == joiner
                found = [w for w in (after if paired else words) if w.casefold().startswith(text.casefold())]
                if len(found) == 1 and not paired:  # the one name, and what comes next (readline may add none)
                    found = [found[0] + (joiner or " ")]
                return found[state] if state < len(found) else None

            readline.set_completer_delims(" \t,|" + joiner)
            readline.set_completer(complete)
            readline.parse_and_bind("tab: complete")
        except ImportError:  # no readline (Windows): answers are typed in full
            pass
        try:
            return input(prompt)
        except EOFError:
            return None
        except UnicodeDecodeError:  # typed in another encoding: an answer no question takes, asked again
            return NOT_TEXT
    click.echo(prompt, nl=False, err=True)
    try:
        line = sys.stdin.readline()
    except UnicodeDecodeError:  # bytes that are not UTF-8 (or not the locale's): no answer any question takes
        line = NOT_TEXT + "\n"
    if not line:
        click.echo("", err=True)
        return None
    click.echo(line.rstrip("\n"), err=True)  # echoed, so a piped session reads as it went
    return line.rstrip("\n")


def command_for(registered) -> click.Command:
    game = games.declared(registered)
    flag = game_option(game)

    @click.command(
        "tally",
        help=f"""Score a finished game by answering questions: the short sheet (docs/quick.md), asked for.

    Asks for the players, then player by player for what the sheet holds, checking each answer at once
    (a typo gets a "did you mean" and is asked again) and showing the scores so far. Type ? for the names
    an answer may use, < (or back) to go back one question; in a terminal Tab completes a name. Answers
    may be piped in, one a line. At the end the sheet is printed (or written to -o FILE) with the final scores,
    and a finished game may be kept in your play history (asked, or --keep/--no-keep).

    \b
    Example:
      pastiche tally{flag} -o friday.sheet
      pastiche score friday.sheet --to-position friday.yaml
    """,
    )
    @output_file_options
    @output_options(tables=False)
    @click.option(
        "--keep/--no-keep",
        "keep",
        default=None,
        help="Keep a finished game in your play history at the end (`pastiche history`), or not; asked when neither.",
    )
    @terminal(game).options
    def command(output: str | None, force: bool, as_json: bool, keep: bool | None, **opts) -> None:
        from pastiche_cli.cli.shell import echo, emit_json
        from pastiche_cli.cli.tables import echo_lines
        from pastiche_cli.render.plays import tallied_json

        tally = Tally(game, opts, _ready(game, output, force, opts))
        try:
            terminal = sys.stdin.isatty()
        except (ValueError, AttributeError):
            terminal = False
        position = _asked(tally, terminal)
        text = _written(tally, output, force)
        if as_json:  # the sheet, `score --json`'s answer, and the play kept (its id) or none
            kept = _keep_at_end(game, tally, output, text, position, opts, keep, terminal)
            emit_json(tallied_json(text, game.teller.scores_json(position), kept))
        else:
            if not output:
                echo(text.rstrip("\n"))
                echo("")
            echo_lines(game.teller.final_lines(position), "plain")
            kept = _keep_at_end(game, tally, output, text, position, opts, keep, terminal)
        if keep and kept is None:
            raise SystemExit(1)  # asked to keep it, and it was not: the rules' no (the game is not over)

    return command


def _ready(game, output: str | None, force: bool, opts: dict) -> str:
    """Before the questions: -o FILE may be written (its folder, returned), and what the options name reads."""
    from pastiche_cli.cli.shell import abort, fail
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_USAGE, PositionError

    if output and os.path.exists(output) and not force:
        abort(f"{output} exists; pass --force to overwrite it", EXIT_USAGE)
    folder = os.path.dirname(os.path.abspath(output)) if output else ""
    if output and not os.path.isdir(folder):
        abort(f"cannot write {output}: there is no folder {folder}", EXIT_BAD_FILE)
    try:
        game.reader.prepare(VIRTUAL, opts)
    except PositionError as exc:
        from pastiche_cli.formats.reading import located_in_its_file

        fail(VIRTUAL, located_in_its_file(VIRTUAL, exc), False, game.reader.saved_file)
    return folder


def _asked(tally: Tally, terminal: bool):
    """Every question asked, each answer checked at once, until the sheet scores: the position it stands for."""
    from pastiche_cli.cli.shell import abort, err
    from pastiche_cli.formats.sheet import BACK
    from pastiche_cli.kernel.problems import EXIT_USAGE, WARNING

    i = 0
    while True:
        questions = tally.questions()
        if i >= len(questions):
            position, problems, raised = tally.read(tally.text()[0])
            errors = raised + [p.located(VIRTUAL) for p in problems if p.kind != WARNING]
            if position is not None and not errors:
                return position
            for line in errors:
                err(line)
            err("The sheet does not score yet: type < to go back and change an answer.")
            i = len(questions) - 1
        question = questions[i]
        joiner = getattr(tally.sheet, "PAIRED", {}).get(question.key, "")
        after = tally.sheet.words_after(question.key) if joiner else []
        answer = _ask(question.prompt(), tally.choices(question), terminal, joiner, after)
        if answer is None:
            abort("stdin ended before the sheet was finished; nothing written", EXIT_USAGE)
        answer = answer.strip()
        if answer.casefold() in BACK:
            i = max(i - 1, 0)
            continue
        if answer == HELP_WORD:
            words = tally.choices(question)
            err("  " + (", ".join(words) if words else "no list of names for this question"))
            continue
        wrong = tally.check(question, answer)
        if wrong:
            for line in wrong:
                err(f"  {line}")
            continue
        tally.answers[(question.key, question.player)] = answer
        i += 1
        if question.player and question.key == tally.sheet.FIELDS[-1][0]:  # a player's last field
            standing = tally.standing()
            if standing:
                err(standing)


def _written(tally: Tally, output: str | None, force: bool) -> str:
    """The sheet's text, written to `output` when given (the answers never lost: on stdout if it fails)."""
    from pastiche_cli.cli.shell import echo, err, write_output

    text = tally.text()[0]
    if not output:
        return text
    text = _beside(text, tally, output)
    if not output.lower().endswith(".sheet") and output != "-":  # else read back as a position
        from pastiche_cli.formats.sheet import MARK

        text = text.replace("\n", f"\n{MARK}\n", 1)  # after the first line, the comment
    try:
        write_output(output, text, force)
    except SystemExit:  # the answers are never lost: the sheet on stdout, then the refusal
        echo(text.rstrip("\n"))
        raise
    err(f"Wrote {output}: score it with `pastiche score {output}`")
    return text


def _keep_at_end(game, tally: Tally, output: str | None, text: str, position, opts: dict, keep, terminal) -> int | None:
    """The finished game kept in the play history when --keep, or when asked (neither --keep nor --no-keep):
    the play's id, or None. A game `score` calls provisional is never kept (--keep says why)."""
    from pastiche_cli.cli.keeping import Refusal, keep_one
    from pastiche_cli.cli.shell import err
    from pastiche_cli.kernel.game import Loaded

    written = output if output and output != "-" else None
    path = written or os.path.join(tally.folder, VIRTUAL)
    named = written or TALLY  # what exists: the sheet written, or the tally
    loaded = Loaded(position, [], written=text)  # a sheet: over as `score` on it says
    scores = game.teller.scored(loaded)
    if scores.answer is None or scores.provisional:
        if keep:
            err(Refusal(named, scores.reason or scores.problem, scores.rule).said())
        return None
    if keep is None:
        answer = _ask("Keep this game in your play history? [y/N] ", ["yes", "no"], terminal)
        keep = answer is not None and answer.strip().casefold() in ("y", "yes")
    if not keep:
        return None
    made = keep_one(game, path, text, loaded, opts, named)
    if isinstance(made, Refusal):
        err(made.said())
        return None
    err(f"Kept play {made.id} in your play history: `pastiche history --show {made.id}`")
    return made.id


def _beside(text: str, tally: Tally, output: str) -> str:
    """The sheet as written to `output`: a file an answer names, made relative to the sheet's folder."""
    lines = text.splitlines()
    folder = os.path.dirname(os.path.abspath(output))
    for key in getattr(tally.sheet, "FILES", ()):
        named = tally.answers.get((key, ""), "").strip()
        if named and not os.path.isabs(named):
            lines = [
                f"{key}: {os.path.relpath(os.path.abspath(named), folder)}" if line == f"{key}: {named}" else line
                for line in lines
            ]
    return "\n".join(lines) + "\n"
