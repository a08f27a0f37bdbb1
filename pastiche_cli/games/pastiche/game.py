"""Pastiche as a value (kernel/game.py): its record rules, reader, writer, teller and view."""

from __future__ import annotations

from collections.abc import Iterable

from pastiche_cli.games.pastiche import NAME, TITLE
from pastiche_cli.games.pastiche.formats.catalogue import SAVED
from pastiche_cli.kernel import game
from pastiche_cli.kernel.game import Race, Scored, ScoreTable, turn_words
from pastiche_cli.kernel.problems import FORMAT, NOWHERE, Places, Problem, player_key, problem_at

EXAMPLES = (  # a bundled record, for the help of the record verbs; a few moves, for `play --help`
    "examples/records/two-player-game.yaml",
    ("Ana place RYBBYR/R at 1,-1", "Ana trade teal,teal,teal for olive", "Ana end"),
)


def rules():
    from pastiche_cli.games.pastiche.core.record import RULES

    return RULES


class Reader(game.Reader):
    """A position, a record's setup and a short sheet, with the commission cards from outside the file."""

    saved_file = SAVED
    needs = {
        "score": ("players.palette", "players.commissions", "players.completed"),
        "end": ("players.completed",),
        "board": ("board.start",),
    }
    unscorable = ("missing-artist-bonus",)

    def _outside(self, opts: dict):
        """The commission cards from outside the file: --catalogue FILE (read once, up front), else the saved ones."""
        from pastiche_cli.games.pastiche.formats.loader import outside_catalogue

        given = opts.get("_given")
        return (lambda: given) if opts.get("catalogue") else (lambda: outside_catalogue(None))

    def prepare(self, path: str, opts: dict) -> None:
        # A catalogue named on the command line is read (and checked) even if no id needs it; the
        # saved one only when an id is not in the file's own catalogue.
        from pastiche_cli.games.pastiche.formats.loader import outside_catalogue

        if opts.get("catalogue") and "_given" not in opts:
            opts["_given"] = outside_catalogue(opts["catalogue"])

    def read_position(self, path: str, text: str, opts: dict):
        from pastiche_cli.games.pastiche.formats.loader import position_problems

        return position_problems(path, text, self._outside(opts))

    def record_reading(self, path: str, opts: dict):
        from pastiche_cli.games.pastiche.formats.record import reading

        return reading(path, self._outside(opts))

    def sheet(self):
        from pastiche_cli.games.pastiche.formats import sheet

        return sheet

    def setup_form(self) -> game.SetupForm:
        from pastiche_cli.games.pastiche.formats.setup import FORM

        return FORM

    def missing_keys(self, position, places: Places, needs: Iterable[str]) -> list[Problem]:
        out = []
        for need in needs:
            if need.startswith("players."):
                key = need.split(".", 1)[1]
                for p in position.players:
                    if player_key(p.index, key) not in places:
                        why = f"{p.name} has no '{key}' (this command needs players[].{key}; write `{key}: []`"
                        out.append(problem_at(p.loc, "missing-key", f"{why} if there are none)", FORMAT))
            elif need not in places:
                out.append(Problem(FORMAT, "missing-key", f"this command needs '{need}', which the file lacks"))
        return out

    def outside_file(self, opts: dict) -> str | None:
        import os

        from pastiche_cli.games.pastiche.formats.loader import user_catalogue_path

        saved = user_catalogue_path()
        return opts.get("catalogue") or (saved if os.path.isfile(saved) else None)

    def before_play(self, position, move_text: str, opts: dict):
        """A card drawn from the deck that only --catalogue or the saved catalogue holds joins the position's."""
        from pastiche_cli.games.pastiche.formats.record import drawn_from_outside

        drawn = drawn_from_outside([move_text], position.catalogue, self._outside(opts))
        return position._replace(catalogue={**drawn, **position.catalogue}) if drawn else position

    def extra_problems(self, position, opts: dict) -> list[Problem]:
        """A warning for each card the saved catalogue (or --catalogue FILE) holds otherwise."""
        from pastiche_cli.games.pastiche.formats.catalogue import mismatches

        return mismatches(position, opts.get("catalogue"))

    def files_read(self, path: str, opts: dict) -> list[tuple[str, str]]:
        from pastiche_cli.games.pastiche.formats.catalogue import path_for

        return [(path, "the position file"), (path_for(opts.get("catalogue")), "the catalogue")]


class Writer(game.Writer):
    def modules(self):
        from pastiche_cli.games.pastiche.formats import edits, record

        return edits, record

    def position_text(self, position, heading: tuple[str, ...], places: Places = NOWHERE) -> str:
        from pastiche_cli.games.pastiche.formats.record import position_text

        return position_text(position, heading, places)

    def unwritten(self, position):
        if position.pending_draw is None:
            return (), None
        who, where = position.pending_draw
        return (
            (
                f"Not written below: {who} has just completed a commission and its replacement is "
                f"still to be drawn to the {where}.",
            ),
            f"{who}'s replacement commission is still to be drawn; a position file cannot say so",
        )

    def names_problem(self, names: list[str]) -> str | None:
        from pastiche_cli.games.pastiche.core.setup import names_problem

        return names_problem(names)

    def new_position(self, names: list[str], **choices) -> str:
        from pastiche_cli.games.pastiche.formats.setup import starting_position

        return starting_position(names)


class Teller(game.BoardTeller):
    check_words = ("a position", "the game", "catalogue it draws its cards from")

    def told(self):
        from pastiche_cli.games.pastiche.render import record

        return record

    def record_heading(self, name: str, record, replay) -> str:
        from pastiche_cli.games.pastiche.core.endgame import end_verdict
        from pastiche_cli.games.pastiche.core.rule_ids import END_TRIGGER

        end = end_verdict(replay.setup)
        return (
            super().record_heading(name, record, replay)
            + f"; the end is triggered at {end.threshold} completed points ({end.threshold_source}) "
            f"[{END_TRIGGER}]"
        )

    def _scored(self, position):
        from pastiche_cli.games.pastiche.core.scoring import ScoringError, score

        try:
            return score(position), None
        except ScoringError as exc:
            return None, str(exc)

    def scored(self, loaded) -> Scored:
        """`score --json`'s answer and `score`'s note, from the same scoring and standing as `score`."""
        from pastiche_cli.games.pastiche.core.scoring import standing
        from pastiche_cli.games.pastiche.render.scores import score_json
        from pastiche_cli.render.told import scored

        result, problem = self._scored(loaded.position)
        if result is None:
            return Scored(None, True, problem=problem)
        return scored(score_json(result), standing(loaded.position, loaded.over if loaded.is_record else None))

    def step_words(self, step: str) -> str:
        from pastiche_cli.games.pastiche.core.scoring import STEP_WORDS

        return STEP_WORDS.get(step, step)

    def final_lines(self, position) -> list[str]:
        from pastiche_cli.games.pastiche.core.scoring import standing
        from pastiche_cli.games.pastiche.render.scores import explain, winner_line
        from pastiche_cli.render.told import final_lines, placed

        result, problem = self._scored(position)
        if result is None:
            return [f"Final scores cannot be given: {problem}"]
        final = standing(position)
        standings = [
            f"{place} {s.name}: {s.total} = {s.commission_points} commissions + {s.palette_points} palette + "
            f"{s.artist_bonus} bonus ({s.completed} completed)"
            for place, s in placed(result.players)
        ]
        explained = explain(result, {p.name: list(p.completed) for p in position.players})
        return final_lines(final, standings, [winner_line(result, final.provisional)], explained)

    def unfinished_line(self, position) -> str:
        from pastiche_cli.games.pastiche.core.endgame import end_verdict
        from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, END_TRIGGER

        e = end_verdict(position)
        state = (
            f"the end is triggered by {', '.join(e.triggered_by)}; the end round is not over yet"
            if e.triggered
            else "the end has not been triggered"
        )
        return (
            f"The game is not over: {state}, so there are no final scores yet "
            f"[{END_ROUND if e.triggered else END_TRIGGER}]"
        )

    def turn_line(self, position, player: str | None, again: bool = True) -> str | None:
        t = position.turn
        return None if t is None else f"{turn_words(t.player, again)}, in the {t.phase or 'unknown'} phase."

    def score_table(self, position) -> ScoreTable | None:
        from pastiche_cli.games.pastiche.render.scores import HEADERS, explain, rows, winner_line

        result, _ = self._scored(position)
        if result is None:
            return None
        explained = tuple(explain(result, {p.name: list(p.completed) for p in position.players}))
        return ScoreTable(HEADERS, tuple(rows(result)), result.winners, winner_line(result), explained, bold=5)

    def told_score(self, loaded, path: str, *, detail: bool = False, brief: bool = False):
        from pastiche_cli.games.pastiche.core.scoring import ScoringError, score, standing
        from pastiche_cli.games.pastiche.render.scores import score_told
        from pastiche_cli.kernel.problems import PositionError

        try:
            result = score(loaded.position)
        except ScoringError as exc:  # a pair of one artist's paintings whose bonus is written nowhere
            raise PositionError(path, [exc.problem]) from exc
        final = standing(loaded.position, loaded.over if loaded.is_record else None)
        return score_told(result, final, loaded.position, detail, brief)

    def told_end(self, loaded, path: str):
        from pastiche_cli.games.pastiche.core.endgame import end_verdict
        from pastiche_cli.games.pastiche.render.scores import end_told

        # A record whose last turn has been ended is over (SPEC 8): no turn is left, not even `turn:`'s.
        return end_told(end_verdict(loaded.position), loaded.position, loaded.over if loaded.is_record else None, path)

    def board_svg(self, position, path: str) -> str:
        from pastiche_cli.games.pastiche.core.board import board_of
        from pastiche_cli.games.pastiche.render.board import title
        from pastiche_cli.games.pastiche.render.svg import board_svg

        board = board_of(position)
        return board_svg(board, title(board, len(position.placed), path))

    def told_board(self, position, path: str, svg_path: str | None, screen):
        from pastiche_cli.games.pastiche.core.board import board_of
        from pastiche_cli.games.pastiche.render.board import told

        return told(board_of(position), len(position.placed), svg_path, screen)

    def page_picture(self, positions, titles) -> str | None:
        """The board drawn once for the whole game, each hex shown from the move that laid it."""
        if positions[-1].start is None:
            return None
        from pastiche_cli.games.pastiche.core.board import board_of
        from pastiche_cli.games.pastiche.render.svg import game_svg

        laid_at: dict = {}
        seen = {placed.at for placed in positions[0].placed}
        count = len(seen)
        for step, position in enumerate(positions[1:], 1):
            if len(position.placed) != count:  # only a place changes the board
                for placed in position.placed:
                    if placed.at not in seen:
                        laid_at[placed.at] = step
                        seen.add(placed.at)
                count = len(position.placed)
        return game_svg(board_of(positions[-1]), laid_at, len(positions) - 1)

    def race(self, positions) -> Race:
        from pastiche_cli.games.pastiche.core.endgame import end_verdict

        end = end_verdict(positions[0])
        names = tuple(p.name for p in positions[0].players)
        points = tuple(tuple(p.completed_points for p in position.players) for position in positions)
        return Race("completed commission points", names, points, end.threshold, f"the end at {end.threshold}")

    def hands(self, position):
        from pastiche_cli.games.pastiche.core import colours

        return tuple((p.name, tuple(colours.as_list(p.palette))) for p in position.players)

    def card_colours(self) -> dict[str, str]:
        from pastiche_cli.games.pastiche.core.colours import card_kinds

        return {name: kind.display for name, kind in card_kinds().items() if kind.display}


def unseen(step, seat: str | None) -> str | None:
    """A draw as the others see it: a hex, or a commission drawn to the hand (one drawn to the gallery lies open)."""
    from pastiche_cli.games.pastiche.core.moves import DrawCommission, DrawHex

    move = step.move
    if isinstance(move, DrawHex):
        return f"{move.player} draws a hex"
    if isinstance(move, DrawCommission) and all(move.commission not in (c.id, c.title) for c in step.after.gallery):
        return f"{move.player} draws a commission"
    return None


TELLER = Teller()
# The commissions on a player's easels, the hexes and the palette cards in hand are secret (the rulebook's
# setup, its note); the gallery, the completed commissions and the board are not. The open_hands house
# rule plays with every hand face up (house.open_hands): then every seat sees them all.
VIEW = game.View(
    TELLER, ("palette", "commissions", "hexes"), opened=lambda position: position.house_rules.open_hands, unseen=unseen
)
GAME = game.Game(
    NAME, TITLE, rules=rules, reader=Reader(), writer=Writer(), teller=TELLER, view=VIEW, examples=EXAMPLES
)
