"""What a game declares to the shared shell, and the one load-and-report path every command goes through.

In the spirit of python-chess's variants: one base, `GameShell`, whose defaults serve a game whose
files say it all; each game subclasses it in `games/NAME/game.py` as `GAME`, declaring its loader,
its record rules (a kernel.replay.Rules), the file edit each move makes and how its positions and
scores are told, and overrides only the hooks it needs. The shared verbs (`cli/verbs/`: replay,
play, undo, rules), the `--apply` driver (cli/apply.py) and every game's commands (through `load`)
are served from it: nothing here knows a game.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from pastiche_cli.kernel.problems import FORMAT, WARNING, Problem

if TYPE_CHECKING:  # the replay is imported by the commands that replay, not by every run
    from pastiche_cli.kernel.replay import Replay, Rules, Step


class Loaded(NamedTuple):
    """A file read for a command: the position (a record's at its end), its warnings, and for a record
    the record and its replay (read and replayed once, for every command that asks)."""

    position: Any
    warnings: list[Problem]
    record: Any = None  # formats/record.RecordFile, for a record
    replay: Replay | None = None
    written: str | None = None  # for a short sheet (formats/sheet.py): the full position file it stands for

    @property
    def is_record(self) -> bool:
        return self.record is not None

    @property
    def over(self) -> bool:
        """A record whose game is finished (a position file: the scores it gives are the final ones)."""
        return self.replay is None or self.replay.over


class Scored(NamedTuple):
    """A file's scores as `score --json` gives them, and whether they are final as `score` says it: what
    the play history keeps of a finished game, and why it refuses one that is not (cli/keeping.py)."""

    answer: dict | None  # `score --json`; None when no scores can be given (`problem` says why)
    provisional: bool  # the game is not over: these scores are not the final ones
    reason: str = ""  # why they are provisional: score's note, in the game's words
    rule: str = ""  # the rule that says so
    problem: str = ""  # why there are no scores at all


class ScoreTable(NamedTuple):
    """Final scores as the record page shows them: columns, rows (a cell per column, the place as
    `kernel.ranking.places` says it), the winners, the winner line and the derivation."""

    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    winners: tuple[str, ...]
    verdict: str  # the winner line as `score` says it: "Winner: Ana, decided by ... [rule]"
    explanation: tuple[str, ...]
    bold: int = -1  # the column drawn in bold (the total)


class Race(NamedTuple):
    """The score race of the record page: each player's points after every step (the setup, then each move)."""

    measure: str  # what is counted, in the game's words: "completed commission points"
    players: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # one row per step, a number per player (in `players` order)
    threshold: int | None = None  # where the end is triggered on that count, drawn as a line
    threshold_label: str = ""  # the line's words: "the end is triggered at 20"


class GameShell(ABC):
    """A game as the shell sees it. Subclasses set the class attributes and override hooks.

    Four hooks have no default, since only the game knows them (abstract: a declaration that lacks
    one cannot be made): read_position, record_reading, scores_json, final_lines. Where a game keeps
    its pieces in the usual places, the defaults find them there, so its
    declaration need not pass them on one by one: `formats/edits.py` (`edit`, `difference`: the file
    edit each move makes), `formats/record.py` (`position_text`: `replay --to N`) and
    `render/record.py` (`position_json`, `position_lines`, `step_lines`, `step_json`).
    """

    @property
    def rules(self) -> Rules:
        """The record rules: core/record.py's RULES (imported when first asked: most commands replay nothing)."""
        return self._own("core.record").RULES

    def _own(self, module: str):
        """The game's own module `module` (e.g. "formats.edits"), beside its game.py."""
        return importlib.import_module(f"{type(self).__module__.rpartition('.')[0]}.{module}")

    name: str = ""  # the registry's name (games/NAME)
    title: str = ""
    record_example: str = "game.yaml"  # a bundled record, for the help of the record verbs
    move_examples: tuple[str, ...] = ()  # a few moves, for `play --help`
    option_names: tuple[str, ...] = ()  # keyword names of `options()`'s click options
    # A file the game reads unasked, in its words: (what it is, the option naming another instead);
    # said when that file cannot be read (exit 5). Pastiche: ("saved catalogue", "--catalogue FILE").
    saved_file: tuple[str, str] | None = None

    # --- options every file-reading command of the game takes (Pastiche: --catalogue) ------------

    def options(self, f: Callable) -> Callable:
        """Decorate a command with the game's file options (none by default)."""
        return f

    # --- reading ---------------------------------------------------------------------------------

    @abstractmethod
    def read_position(self, path: str, text: str, opts: dict) -> tuple[Any, list[Problem]]:
        """A plain position file's text: the position (None if unusable) and every problem, rules included."""

    @abstractmethod
    def record_reading(self, path: str, opts: dict):
        """formats/record.RecordReading: how this game's record is read."""

    def consistency(self, position) -> list[Problem]:
        """The rule checks of a position (`check`'s), for a record's setup."""
        return []

    def prepare(self, path: str, opts: dict) -> None:
        """Read what the options name before the file (a --catalogue FILE); may raise PositionError."""
        return None  # a hook, not abstract: most games read nothing before the file

    def missing_keys(self, position, needs: Iterable[str]) -> list[Problem]:
        """Problems for keys a command needs that the file lacks."""
        return [
            Problem(FORMAT, "missing-key", f"this command needs '{need}:', which the file lacks")
            for need in needs
            if getattr(position, need, None) is None
        ]

    def before_play(self, position, move_text: str, opts: dict):
        """The record's end as `play` judges a move on it (a game may add what the move's text names from outside)."""
        return position

    play_help = ""  # what `play` takes beyond the notation, for its --help (a sentence, with a leading space)

    def in_notation(self, position, move_text: str) -> tuple[str, str | None]:
        """`play`'s MOVE in the record notation, and a note when it was rewritten (by default as typed).

        A game may take more on the command line than its notation writes (Pastiche: a board label
        for `at Q,R`), resolved against the position the move is made on; the record gets the notation."""
        return move_text, None

    def load_text(self, path: str, text: str, opts: dict) -> tuple[Any, list[Problem], Any, Replay | None]:
        """(position or None, every problem, record or None, replay or None): a position file, or a record replayed."""
        from pastiche_cli.formats.gamekey import is_record_text

        if is_record_text(text):
            from pastiche_cli.formats.record import load_record

            loaded = load_record(path, text, self.record_reading(path, opts), self.rules, self.consistency)
            unusable = loaded.replay is None or any(p.kind == FORMAT for p in loaded.problems)
            return (None if unusable else loaded.position), loaded.problems, loaded.record, loaded.replay
        position, problems = self.read_position(path, text, opts)
        return position, problems, None, None

    def read_sheet(self, path: str, text: str, opts: dict) -> tuple[Any, list[Problem], str | None]:
        """A short sheet (formats/sheet.py, the game's formats/sheet.py): the position it stands for
        (None if unusable), every problem located on the sheet, and the position file's text."""
        from importlib.util import find_spec

        from pastiche_cli.formats.sheet import read_sheet

        try:
            has_sheet = find_spec(f"{type(self).__module__.rpartition('.')[0]}.formats.sheet") is not None
        except (ImportError, ValueError):  # not declared in a game's package
            has_sheet = False
        if not has_sheet:
            said = f"{self.title} has no short sheet (docs/quick.md): write a position file"
            return None, [Problem(FORMAT, "no-sheet", said)], None
        return read_sheet(
            path, text, self._own("formats.sheet"), lambda written: self.read_position(path, written, opts), opts
        )

    def read_any(self, path: str, text: str, opts: dict) -> tuple[Any, list[Problem], Any, Replay | None, str | None]:
        """load_text, or read_sheet for a short sheet: (position, problems, record, replay, sheet's position text)."""
        from pastiche_cli.formats.gamekey import may_be_sheet

        if may_be_sheet(path, text):
            from pastiche_cli.formats.sheet import is_sheet  # the sheet's grammar, for a file that may be one

            if is_sheet(path, text):
                position, problems, written = self.read_sheet(path, text, opts)
                return position, problems, None, None, written
        return (*self.load_text(path, text, opts), None)

    def all_problems(self, path: str, opts: dict | None = None) -> tuple[Any, list[Problem]]:
        """`check`'s reading: the position (None if unusable) and every problem of the file, nothing reported."""
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.kernel.problems import PositionError

        opts = {} if opts is None else opts
        try:
            self.prepare(path, opts)
            position, problems, _, _, _ = self.read_any(path, read_text(path), opts)
        except PositionError as exc:
            return None, located_in_its_file(path, exc)
        return position, problems

    def load(
        self,
        path: str,
        opts: dict | None = None,
        *,
        as_json: bool = False,
        needs: Iterable[str] = (),
        fatal: Iterable[str] = (),
        record: bool = False,
    ) -> Loaded:
        """The file, checked; on any error, every problem reported (located) and exit 3 or 4.

        A record whose replay stops at an illegal move is SPEC 8's one located line, exit 4 (with
        `record`, the replay command's own reading, it is returned instead, for the command to say).
        Warnings are printed on stderr and returned. `needs` are keys the command cannot do without;
        `fatal` are warning codes this command cannot answer through: they count as format errors.
        """
        from pastiche_cli.cli.shell import abort, emit_json, err, fail, report_problems
        from pastiche_cli.formats.gamekey import is_record_text
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.kernel.problems import EXIT_BREAKS_RULES, EXIT_USAGE, PositionError

        opts = opts or {}
        try:
            self.prepare(path, opts)
            text = read_text(path)
            if record and not is_record_text(text):
                abort(
                    f"{path} is a position, not a game record: a record has 'setup:' and 'moves:' "
                    f"(see `pastiche new{self.game_option()} --record`)",
                    EXIT_USAGE,
                )
            position, problems, rec, replay, written = self.read_any(path, text, opts)
        except PositionError as exc:
            fail(path, located_in_its_file(path, exc), as_json, self.saved_file)
        fatal = set(fatal)
        problems = [p._replace(kind=FORMAT) if p.kind == WARNING and p.code in fatal else p for p in problems]
        if position is not None:
            problems = problems + self.missing_keys(position, needs)
        errors = [p for p in problems if p.kind != WARNING]
        stopped = [p for p in errors if p.code == "illegal-move"]
        if record and rec is not None and replay is not None and len(errors) == len(stopped):
            report_problems(path, [p for p in problems if p.kind == WARNING])
            return Loaded(replay.final, [p for p in problems if p.kind == WARNING], rec, replay)
        if stopped and len(errors) == 1:  # a record whose replay stops: SPEC 8's one located line
            from pastiche_cli.formats.record import located

            if as_json:
                emit_json({"problems": [stopped[0].as_json()]})
            err(located(path, stopped[0]))
            raise SystemExit(EXIT_BREAKS_RULES)
        if errors or position is None:
            fail(path, problems, as_json, self.saved_file)
        warnings = [p for p in problems if p.kind == WARNING]
        report_problems(path, warnings)
        return Loaded(position, warnings, rec, replay, written)

    def game_option(self) -> str:
        from pastiche_cli import games

        return "" if self.name == games.DEFAULT else f" --game {self.name}"

    # --- writing ---------------------------------------------------------------------------------

    def edit(self, data, moves: Sequence, positions: Sequence) -> list[str]:
        """Change a position file's round-trip YAML as the moves did (positions: before, after each); the notes."""
        return self._own("formats.edits").edit(data, moves, positions)

    def difference(self, written, expected) -> str | None:
        """What the re-read position has that `apply` did not compute (None: they agree)."""
        return self._own("formats.edits").difference(written, expected)

    def refused(self, path: str, exc) -> None:
        """A write that did not happen (formats/yamledit.Refused): say so and exit (3 by default)."""
        from pastiche_cli.cli.apply import abort_refused

        abort_refused(path, exc)

    def position_text(self, position, heading: tuple[str, ...]) -> str:
        """The position as a plain position file (`replay --to N`), under comment lines `heading`."""
        return self._own("formats.record").position_text(position, heading)

    def unwritten(self, position) -> tuple[tuple[str, ...], str | None]:
        """What a position file cannot say of this position: heading lines, and a note for stderr."""
        return (), None

    def record_text(self, position_text: str) -> str:
        """A new record (SPEC 8) from a starting position file's text: `game:`, `setup:`, `moves:` empty."""
        from pastiche_cli.formats.record import starting_record

        return starting_record(position_text, self.name, self.move_examples[0] if self.move_examples else "")

    # --- telling ---------------------------------------------------------------------------------

    def position_json(self, position) -> dict:
        return self._own("render.record").position_json(position)

    def position_lines(self, position) -> list[str]:
        """The table in words, for the playthrough and the page."""
        return self._own("render.record").position_lines(position)

    def record_heading(self, path: str, record, replay: Replay) -> str:
        """The playthrough's first line."""
        import os

        players = [p.name for p in replay.setup.players]
        return (
            f"Record {os.path.basename(path)}: {len(players)} players ({', '.join(players)}), {len(record.moves)} moves"
        )

    def step_lines(self, step: Step) -> list[str]:
        """What a legal move did, after its verdict line (render/record.py's, else its effects and notes)."""
        told = getattr(self._own("render.record"), "step_lines", None)
        return told(step) if told else list(step.verdict.effects) + [f"note: {note}" for note in step.verdict.notes]

    def step_json(self, step: Step) -> dict:
        """Keys a move's JSON adds to n, move, player, legal, rule, effects, reason, notes."""
        told = getattr(self._own("render.record"), "step_json", None)
        return told(step) if told else {}

    def scored(self, loaded: Loaded) -> Scored:
        """`score --json` of the file read, and whether the game is over, as `score` says it (its note's
        reason and rule); by default `scores_json`'s provisional, and a record's game not over."""
        answer = self.scores_json(loaded.position)
        if answer is None:
            return Scored(None, True, problem="no scores can be given")
        if loaded.is_record and not loaded.over:
            return Scored(answer | {"provisional": True}, True, self.unfinished_line(loaded.position))
        provisional = bool(answer.get("provisional"))
        return Scored(answer, provisional, "these scores are provisional" if provisional else "")

    def step_words(self, step: str) -> str:
        """A step of `score --json`'s decided_by as `score` says it after "decided by" ("highest total"
        for Pastiche's total); the id itself for a step the game has no words for."""
        return step

    def outside_file(self, opts: dict) -> str | None:
        """A file read with a position that does not name it (Pastiche's catalogue): the option's, else the saved."""
        return None

    @abstractmethod
    def scores_json(self, position) -> dict | None:
        """`score --json` of the position, `provisional` included (None when it cannot be given)."""

    @abstractmethod
    def final_lines(self, position) -> list[str]:
        """The scores in words (a finished record's playthrough, tally's end): the final scores and their
        derivation, or of a game not over the scores so far, with `score`'s provisional note."""

    def unfinished_line(self, position) -> str:
        """The playthrough's last line when the game is not over."""
        return "The game is not over, so there are no final scores yet"

    def turn_line(self, position, again: bool = True) -> str | None:
        """Whose turn it is after `undo`: again (the move taken back ended the turn before), or still."""
        player = self.rules.whose_turn(position)
        return None if player is None else f"{turn_words(player, again)}."

    def picture(self, position, title: str) -> str | None:
        """The table as inline SVG for the record page (no XML declaration, no ids), or None."""
        return None

    def score_table(self, position) -> ScoreTable | None:
        """The final scores for the record page."""
        return None

    # --- the record page (cli/verbs/replay.page; render/html.py lays it out) -------------------------

    def page_picture(self, positions: Sequence, titles: Sequence[str]) -> str | None:
        """The table at every step (the setup, then after each move) as one inline SVG whose parts carry
        the steps they show at (render/layers.py); by default `picture` at each step, pooled."""
        from pastiche_cli.render.layers import merge

        return merge([self.picture(p, t) for p, t in zip(positions, titles)])

    def race(self, positions: Sequence) -> Race | None:
        """Each player's points after every step, as the game counts them while it is played."""
        return None

    def standings(self, position) -> ScoreTable | None:
        """The scores so far of a game that is not over (the page marks them provisional)."""
        return None

    def hands(self, position) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
        """Each player's cards in hand, by name, for the page's chips (None: the game shows none)."""
        return None

    def move_cards(self, step: Step) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards a move gave its player and the cards it cost them, by name: by default what
        `hands` says the player holds after the move and did not before, and the other way round."""
        from collections import Counter

        before, after = self.hands(step.before), self.hands(step.after)
        if before is None or after is None:
            return (), ()
        player = getattr(step.move, "player", None)
        old = Counter(dict(before).get(player, ()))
        new = Counter(dict(after).get(player, ()))
        return tuple((new - old).elements()), tuple((old - new).elements())

    def card_colours(self) -> dict[str, str]:
        """A CSS colour (#rrggbb) for each card name a chip may show; a name not here gets a plain chip."""
        return {}

    def echo_lines(self, lines: Iterable[str]) -> None:
        """Print lines of explanation (a game may colour its card names)."""
        from pastiche_cli.cli.shell import echo_lines

        echo_lines(lines, "plain")


def located_in_its_file(path: str, exc) -> list[Problem]:
    """A PositionError's problems, those of a file an option names (a catalogue) located in that file."""
    elsewhere = exc.filename if exc.filename != path else None
    return [p._replace(file=elsewhere) if elsewhere else p for p in exc.problems]


def declares(game) -> bool:
    """Does the game declare itself to the shell (games/NAME/game.py)? Then replay, play and undo serve its records."""
    from importlib.util import find_spec

    return find_spec(f"{game.package}.game") is not None


def declared(game) -> GameShell:
    """The declaration (`games/NAME/game.py`'s GAME) of a registry entry."""
    return importlib.import_module(f"{game.package}.game").GAME


def turn_words(player: str, again: bool) -> str:
    """ "It is Ana's turn again" when `undo` gave the turn back to her, "It is still Ana's turn" when it was hers."""
    return f"It is {player}'s turn again" if again else f"It is still {player}'s turn"
