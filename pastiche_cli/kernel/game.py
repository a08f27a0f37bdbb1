"""A game as a value, declared in its `games/NAME/game.py` as GAME: its rules, reader, writer, teller and view.

A part imports the game's modules inside its methods, so a command loads only what it uses; no face is imported."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from pastiche_cli.kernel.problems import FORMAT, NOWHERE, Places, Problem, Reading

if TYPE_CHECKING:
    from pastiche_cli.kernel.replay import Replay, Rules, Step


class Loaded(NamedTuple):
    """A file read for a command: the position (a record's at its end), its warnings, and a record and its replay."""

    position: Any
    warnings: list[Problem]
    record: Any = None  # formats/record.RecordFile, for a record
    replay: Replay | None = None
    written: str | None = None  # for a short sheet (formats/sheet.py): the full position file it stands for
    text: str | None = None  # the text read: what an edit finds in the file, or refuses it as changed since
    places: Places = NOWHERE  # where the file gives each part of the position (a record's: of its setup)

    @property
    def is_record(self) -> bool:
        return self.record is not None

    @property
    def over(self) -> bool:
        """A record whose game is finished (a position file: the scores it gives are the final ones)."""
        return self.replay is None or self.replay.over


class Scored(NamedTuple):
    """A file's scores as `score --json` gives them, and whether they are final (the play history keeps only those)."""

    answer: dict | None  # `score --json`; None when no scores can be given (`problem` says why)
    provisional: bool  # the game is not over: these scores are not the final ones
    reason: str = ""  # why they are provisional: score's note, in the game's words
    rule: str = ""  # the rule that says so
    problem: str = ""  # why there are no scores at all


class ScoreTable(NamedTuple):
    """Final scores as the record page shows them: columns, rows, the winners, the winner line and the derivation."""

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


def _no_cards(kind: str, opts: dict) -> list[dict]:
    return []


def _as_written(kind: str, value: str, opts: dict) -> str:
    return value.strip().casefold()


class SetupForm(NamedTuple):
    """A new game's setup as the phones fill it in (`serve --new`): the lists of `new --record`'s setup the
    host enters (the table shows them) and those each seat enters (its dealt cards, secret), what each list
    holds, and the page's words for them. A game with no lists has nothing to fill in: each says it is ready."""

    table: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    kinds: Mapping[str, str] = {}  # list -> the kind of card it holds (else "card")
    once: frozenset[str] = frozenset()  # the kinds the box holds one of each: each named once in a setup
    typed: frozenset[str] = frozenset()  # the kinds a card may be typed in full, as a {...} mapping
    any_length: frozenset[str] = frozenset()  # the lists of as many items as the box has (a thesis table)
    labels: Mapping[str, tuple[str, str]] = {}  # list -> (its title, what one item of it is)
    examples: Mapping[str, str] = {}  # kind -> the example an empty box shows
    blank: Mapping[str, str] = {}  # kind -> an item as `new` leaves it unfilled (else a lone FILL-IN)
    saved: str = ""  # the table's list a saved file may stand for (Masterpiece's theses: --theses or the saved)
    says: str = ""  # what the pages say of the table as `new` lays it out, when nothing is typed (Artline)
    cards: Callable[[str, dict], list[dict]] = _no_cards  # (kind, opts) -> the cards offered: {"value", "label"}
    same_card: Callable[[str, str, dict], str] = _as_written  # (kind, value, opts) -> one name for the card


class Reader(ABC):
    """How a game's files are read: a position file, a record's setup, a short sheet, and a catalogue."""

    # A file the game reads unasked, in its words: (what it is, the option naming another instead);
    # said when that file cannot be read (exit 5). Pastiche: ("saved catalogue", "--catalogue FILE").
    saved_file: tuple[str, str] | None = None

    @abstractmethod
    def read_position(self, path: str, text: str, opts: dict) -> Reading:
        """A plain position file's text read: the position (None if unusable), every problem and where each part is."""

    @abstractmethod
    def record_reading(self, path: str, opts: dict):
        """formats/record.RecordReading: how this game's record is read."""

    def sheet(self):
        """The game's short sheet (its formats/sheet.py: keys, fields, the position it writes), or None."""
        return None

    def setup_form(self) -> SetupForm:
        """What a new game's setup on the phones fills in (its formats/setup.py's FORM); by default nothing."""
        return SetupForm()

    @property
    def has_sheet(self) -> bool:
        """Whether the reader declares a short sheet, said without importing it."""
        return type(self).sheet is not Reader.sheet

    def prepare(self, path: str, opts: dict) -> None:
        """Read what the options name before the file (a --catalogue FILE); may raise PositionError."""
        return None

    def missing_keys(self, position, places: Places, needs: Iterable[str]) -> list[Problem]:
        """Problems for keys a command needs that the file lacks (`places`: where the file gives each part)."""
        return [
            Problem(FORMAT, "missing-key", f"this command needs '{need}:', which the file lacks")
            for need in needs
            if getattr(position, need, None) is None
        ]

    def outside_file(self, opts: dict) -> str | None:
        """A file read with a position that does not name it (Pastiche's catalogue): the option's, else the saved."""
        return None

    # by verb, the keys of the file it cannot do without; the warnings `score` cannot answer through
    needs: Mapping[str, tuple[str, ...]] = {}
    unscorable: tuple[str, ...] = ()

    def extra_problems(self, position, opts: dict) -> list[Problem]:
        """What `check` says of a file beside its own problems (Pastiche: cards its saved catalogue holds otherwise)."""
        return []

    def files_read(self, path: str, opts: dict) -> list[tuple[str, str]]:
        """The files a command reads, each with its words, that a picture written must not replace."""
        return [(path, "the position file")]

    def before_play(self, position, move_text: str, opts: dict):
        """The record's end as a move is judged on it (a game may add what the move names from outside)."""
        return position


class Writer(ABC):
    """The file edits a game's moves make, and a position written back as a position file."""

    @abstractmethod
    def modules(self) -> tuple[Any, Any]:
        """The game's formats/edits.py and formats/record.py."""

    def edit(self, data, moves: Sequence, positions: Sequence) -> list[str]:
        """Change a position file's round-trip YAML as the moves did (positions: before, after each); the notes."""
        return self.modules()[0].edit(data, moves, positions)

    def difference(self, written, expected) -> str | None:
        """What the re-read position has that `apply` did not compute (None: they agree)."""
        return self.modules()[0].difference(written, expected)

    def position_text(self, position, heading: tuple[str, ...], places: Places = NOWHERE) -> str:
        """The position as a plain position file under comment lines `heading`; `places`: where its file gave each."""
        return self.modules()[1].position_text(position, heading)

    def names_problem(self, names: list[str]) -> str | None:
        """What is wrong with a new game's players for this game (how many, twice the same), or None."""
        return None

    @abstractmethod
    def new_position(self, names: list[str], **choices) -> str:
        """A new game's starting position file, the players seated in turn order (`choices`: the game's own)."""

    def unwritten(self, position) -> tuple[tuple[str, ...], str | None]:
        """What a position file cannot say of this position: heading lines, and a note for stderr."""
        return (), None


class Teller(ABC):
    """A game's facts as plain values and lines, which text, JSON and pages render."""

    @abstractmethod
    def told(self) -> Any:
        """The game's render/record.py: `position_json`, `position_lines`, `step_lines`, `step_json`."""

    @abstractmethod
    def scored(self, loaded: Loaded) -> Scored:
        """`score --json` of the file read, and whether the game is over, as `score` says it."""

    @abstractmethod
    def final_lines(self, position) -> list[str]:
        """The scores in words: the final scores and their derivation, or the provisional scores of a game not over."""

    # `check`'s words: what a file fails to be, whose rules it breaks, and the file the game reads by itself
    # when check says it apart (exit 5; "": its problems are the position's, exit 3)
    check_words: tuple[str, str, str] = ("a position", "the game", "")

    def check_json(self, position) -> dict:
        """Keys `check --json` adds for a file that reads (Artline: its counts)."""
        return {}

    @abstractmethod
    def told_score(self, loaded: Loaded, path: str, *, detail: bool = False, brief: bool = False) -> Any:
        """`score`'s answer: its JSON (`detail`) and text (`brief`); a PositionError when the file cannot be scored."""

    @abstractmethod
    def told_end(self, loaded: Loaded, path: str) -> Any:
        """`end`'s answer: whether the end is triggered or the game over, by whom, and what is left to play."""

    def new_written(self, path: str, names: list[str]) -> str | None:
        """`new -o FILE`'s line once the file is written, in the game's words (None: `new`'s own)."""
        return None

    def scores_json(self, position) -> dict | None:
        """`score --json` of a position file (None when no scores can be given)."""
        return self.scored(Loaded(position, [])).answer

    def position_json(self, position) -> dict:
        """The whole position as plain values (every card named: a seat's share is the view's)."""
        return self.told().position_json(position)

    def position_lines(self, position) -> list[str]:
        """The table in words, for the playthrough and the page."""
        return self.told().position_lines(position)

    def step_lines(self, step: Step) -> list[str]:
        """What a legal move did, after its verdict line."""
        return self.told().step_lines(step)

    def step_json(self, step: Step) -> dict:
        """Keys a move's JSON adds to n, move, player, legal, rule, effects, reason, notes."""
        return self.told().step_json(step)

    def record_heading(self, name: str, record, replay: Replay) -> str:
        """The playthrough's first line, for the record file of base name `name`."""
        players = [p.name for p in replay.setup.players]
        return f"Record {name}: {len(players)} players ({', '.join(players)}), {len(record.moves)} moves"

    def step_words(self, step: str) -> str:
        """A step of `score --json`'s decided_by as `score` says it ("highest total"); the id when it has no words."""
        return step

    def unfinished_line(self, position) -> str:
        """The playthrough's last line when the game is not over."""
        return "The game is not over, so there are no final scores yet"

    def turn_line(self, position, player: str | None, again: bool = True) -> str | None:
        """Whose turn it is after `undo` (`player`, as the rules say): again, or still."""
        return None if player is None else f"{turn_words(player, again)}."

    # --- the record page (cli/verbs/replay.page; render/html.py lays it out) -------------------------

    @abstractmethod
    def score_table(self, position) -> ScoreTable | None:
        """The final scores for the record page."""

    def standings(self, position) -> ScoreTable | None:
        """The scores so far of a game that is not over (the page marks them provisional)."""
        return self.score_table(position)

    @abstractmethod
    def race(self, positions: Sequence) -> Race | None:
        """Each player's points after every step, as the game counts them while it is played."""

    @abstractmethod
    def page_picture(self, positions: Sequence, titles: Sequence[str]) -> str | None:
        """The table at every step as one inline SVG whose parts carry the steps they show at, or None."""

    def hands(self, position) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
        """Each player's cards in hand, by name, for the page's chips (None: the game shows none)."""
        return None

    def move_cards(self, step: Step) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards a move gave its player and cost them: by default the difference of `hands` before and after."""
        from collections import Counter

        before, after = self.hands(step.before), self.hands(step.after)
        if before is None or after is None:
            return (), ()
        player: str = getattr(step.move, "player", "")
        old = Counter(dict(before).get(player, ()))
        new = Counter(dict(after).get(player, ()))
        return tuple((new - old).elements()), tuple((old - new).elements())

    def card_colours(self) -> dict[str, str]:
        """A CSS colour (#rrggbb) for each card name a chip may show; a name not here gets a plain chip."""
        return {}


class BoardTeller(Teller):
    """The teller of a game with a board (Pastiche's hexes, Artline's grid): `board`'s answer and picture."""

    @abstractmethod
    def board_svg(self, position, path: str) -> str:
        """`board --svg`'s picture of the table, titled for the file `path`."""

    @abstractmethod
    def told_board(self, position, path: str, svg_path: str | None, screen) -> Any:
        """`board`'s answer: the JSON, and the table drawn for `screen` (the terminal's; None for JSON)."""


class View:
    """What one seat may see of a position (boardgame.io's playerView): other seats' `secret` keys as counts.

    A seat of None is the public table; `opened(position)` (hands face up) or `open_hands` shows everything."""

    def __init__(
        self,
        teller: Teller,
        secret: tuple[str, ...] = (),
        opened: Callable[[Any], bool] | None = None,
        unseen: Callable[[Step, str | None], str | None] | None = None,
    ):
        self.teller, self.secret, self.opened, self.unseen = teller, secret, opened, unseen

    def of(self, position, seat: str | None = None, *, open_hands: bool = False) -> dict:
        """The position as `seat` (a player's name, or None for the table) may see it, as plain values."""
        shown = self.teller.position_json(position)
        if open_hands or not self.secret or (self.opened is not None and self.opened(position)):
            return shown
        players = []
        for entry in shown["players"]:
            hidden = entry["name"] != seat
            players.append({k: _count(v) if hidden and k in self.secret else v for k, v in entry.items()})
        return shown | {"players": players}

    def unseen_words(self, position, seat: str | None) -> set[str]:
        """The names of the cards `seat` may not see (another seat's secret cards: a card, a hex, a title),
        but for a name it sees somewhere (its own cards, the table): what no answer to it may hold."""
        if not self.secret or (self.opened is not None and self.opened(position)):
            return set()
        whole, shown = self.teller.position_json(position), self.of(position, seat)
        hidden = {
            word
            for entry in whole["players"]
            if entry["name"] != seat
            for key in self.secret
            for word in _words(entry.get(key))
        }
        return hidden - set(_words(shown))

    def move_text(self, step: Step, seat: str | None = None) -> str:
        """A move of the record as `seat` may see it: as written, but a move that drew, kept or gave a secret
        card is told to the others as the table saw it (`unseen(step, seat)`: "Ana draws a hex"; None: as written)."""
        player = getattr(step.move, "player", None)
        if self.unseen is None or player == seat or (self.opened is not None and self.opened(step.after)):
            return str(step.move)
        return self.unseen(step, seat) or str(step.move)


def _words(value) -> list[str]:
    """Every name a JSON value holds: its strings, and a card's title or name."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [word for item in value.values() for word in _words(item)]
    if isinstance(value, (list, tuple)):
        return [word for item in value for word in _words(item)]
    return []


def _count(cards) -> int:
    """A secret pile as the others see it: how many cards it holds."""
    return cards if isinstance(cards, int) else len(cards)


class Game:
    """A game: its names, its five parts (the rules imported when first asked) and its examples."""

    def __init__(
        self,
        name: str,
        title: str,
        *,
        rules: Callable[[], Rules],
        reader: Reader,
        writer: Writer,
        teller: Teller,
        view: View,
        examples: tuple[str, tuple[str, ...]] = ("game.yaml", ()),
    ):
        self.name, self.title = name, title  # the registry's name (games/NAME), and for people
        self._rules = rules
        self.reader, self.writer, self.teller, self.view = reader, writer, teller, view
        self.record_example, self.move_examples = examples

    @cached_property
    def rules(self) -> Rules:
        """The record rules (the game's core/record.py RULES)."""
        return self._rules()

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


def turn_words(player: str, again: bool) -> str:
    """ "It is Ana's turn again" when `undo` gave the turn back to her, "It is still Ana's turn" when it was hers."""
    return f"It is {player}'s turn again" if again else f"It is still {player}'s turn"
