"""Pastiche: The Birth of a Masterpiece as a value (kernel/game.py): its rules, reader, writer, teller and view."""

from __future__ import annotations

from pastiche_cli.games.masterpiece import NAME, TITLE
from pastiche_cli.games.masterpiece.formats.catalogue import SAVED
from pastiche_cli.kernel import game
from pastiche_cli.kernel.game import Race, Scored, ScoreTable

EXAMPLES = (  # a bundled record, for the help of the record verbs; a few moves, for `play --help`
    "examples/records/masterpiece/three-player-game.yaml",
    (
        "Ana research keep pink-3 discard blue-9",
        "Ben present five-run pink-4,yellow-5,orange-6 cite Ana purple-7 give Ana green-12",
        "Caro review Ben five-run take orange-6",
    ),
)


def rules():
    from pastiche_cli.games.masterpiece.core.record import RULES

    return RULES


class Reader(game.Reader):
    """A position, a record's setup and a short sheet, with the thesis cards from outside the file."""

    saved_file = SAVED

    def prepare(self, path: str, opts: dict) -> None:
        # A catalogue named on the command line is read (and checked) up front; the saved one only when needed.
        from pastiche_cli.games.masterpiece.formats.loader import outside_theses

        if opts.get("theses") and "_given" not in opts:
            opts["_given"] = outside_theses(opts["theses"])

    def _outside(self, opts: dict):
        from pastiche_cli.games.masterpiece.formats.loader import outside_theses

        given = opts.get("_given")
        return (lambda: given) if given is not None else (lambda: outside_theses(None))

    def read_position(self, path: str, text: str, opts: dict):
        from pastiche_cli.games.masterpiece.core.validate import consistency_problems
        from pastiche_cli.games.masterpiece.formats.loader import parse_position
        from pastiche_cli.kernel.problems import FORMAT, Reading

        self.prepare(path, opts)
        position, problems, places = parse_position(path, text, self._outside(opts))
        if position is None:
            return Reading(None, problems, places)
        unusable = any(p.kind == FORMAT for p in problems)
        return Reading(None if unusable else position, problems + consistency_problems(position, places), places)

    def record_reading(self, path: str, opts: dict):
        from pastiche_cli.games.masterpiece.formats.record import reading

        return reading(path, self._outside(opts))

    def sheet(self):
        from pastiche_cli.games.masterpiece.formats import sheet

        return sheet

    def setup_form(self) -> game.SetupForm:
        from pastiche_cli.games.masterpiece.formats.setup import FORM

        return FORM

    def outside_file(self, opts: dict) -> str | None:
        import os

        from pastiche_cli.games.masterpiece.formats.loader import user_theses_path

        saved = user_theses_path()
        return opts.get("theses") or (saved if os.path.isfile(saved) else None)


class Writer(game.Writer):
    def modules(self):
        from pastiche_cli.games.masterpiece.formats import edits, record

        return edits, record

    def names_problem(self, names: list[str]) -> str | None:
        from pastiche_cli.games.masterpiece.core.setup import names_problem

        return names_problem(names)

    def new_position(self, names: list[str], with_theses: bool = True, **choices) -> str:
        from pastiche_cli.games.masterpiece.formats.setup import starting_position

        return starting_position(names, with_theses)


class Teller(game.Teller):
    def told(self):
        from pastiche_cli.games.masterpiece.render import record

        return record

    def record_heading(self, name: str, record, replay) -> str:
        from pastiche_cli.games.masterpiece.core.endgame import end_verdict
        from pastiche_cli.games.masterpiece.core.rule_ids import END

        need = end_verdict(replay.setup).need
        return (
            super().record_heading(name, record, replay) + f"; the end is triggered at {need} accepted points [{END}]"
        )

    def scored(self, loaded) -> Scored:
        """`score --json`'s answer and `score`'s note, from the same scoring and standing as `score`."""
        from pastiche_cli.games.masterpiece.core.scoring import score
        from pastiche_cli.games.masterpiece.render.scores import score_json
        from pastiche_cli.render.told import scored

        return scored(score_json(score(loaded.position)), _standing(loaded))

    def step_words(self, step: str) -> str:
        from pastiche_cli.games.masterpiece.core.scoring import STEP_WORDS

        return STEP_WORDS.get(step, step)

    def final_lines(self, position) -> list[str]:
        from pastiche_cli.games.masterpiece.core.scoring import score, standing
        from pastiche_cli.games.masterpiece.render.scores import explain, rows, winner_line
        from pastiche_cli.render.told import final_lines

        result = score(position)
        final = standing(position)
        standings = [
            f"{place} {name}: {points} point{'' if points == 1 else 's'} ({n} accepted thes{'i' if n == 1 else 'e'}s)"
            for place, name, points, n in rows(result)
        ]
        return final_lines(final, standings, [winner_line(result, final.provisional)], explain(result))

    def unfinished_line(self, position) -> str:
        from pastiche_cli.games.masterpiece.core.endgame import end_verdict
        from pastiche_cli.games.masterpiece.core.rule_ids import END, END_TURNS

        end = end_verdict(position)
        if end.triggered_by is None:
            why, rule = f"nobody has reached {end.threshold} accepted points", END
        else:
            left = ", ".join(f"{name} {n}" for name, n in end.turns_left if n)
            why, rule = f"{end.triggered_by} triggered the end and turns are still to come ({left})", END_TURNS
        return f"The game is not over: {why}, so there are no final scores yet [{rule}]"

    def turn_line(self, position, player: str | None, again: bool = True) -> str | None:
        from pastiche_cli.games.masterpiece.core.record import flag_due

        due = flag_due(position)
        if due is not None:
            return f"{due} has triggered the end and lays the end flag next."
        return super().turn_line(position, player, again)

    def page_picture(self, positions, titles) -> str | None:
        """The table at each step, pooled (render/layers.py)."""
        from pastiche_cli.games.masterpiece.render.svg import table_svg
        from pastiche_cli.render.layers import merge

        return merge([table_svg(p, t) for p, t in zip(positions, titles)])

    def race(self, positions) -> Race:
        from pastiche_cli.games.masterpiece.core.endgame import end_verdict, thesis_points

        end = end_verdict(positions[0])
        names = tuple(p.name for p in positions[0].players)
        points = tuple(tuple(thesis_points(position, p) for p in position.players) for position in positions)
        return Race("accepted thesis points", names, points, end.threshold, f"the end at {end.need}")

    def hands(self, position):
        return tuple((p.name, tuple(str(c) for c in p.hand)) for p in position.players)

    def card_colours(self) -> dict[str, str]:
        from pastiche_cli.games.masterpiece.core.deck import deck
        from pastiche_cli.games.masterpiece.render.svg import SUIT_COLOURS

        return {str(card): SUIT_COLOURS[card.suit] for card in deck().cards if card.suit in SUIT_COLOURS}

    def score_table(self, position) -> ScoreTable | None:
        from pastiche_cli.games.masterpiece.core.scoring import score
        from pastiche_cli.games.masterpiece.render.scores import HEADERS, explain, rows, winner_line

        result = score(position)
        return ScoreTable(
            HEADERS, tuple(rows(result)), result.winners, winner_line(result), tuple(explain(result)), bold=2
        )

    def told_score(self, loaded, path: str, *, detail: bool = False, brief: bool = False):
        from pastiche_cli.games.masterpiece.core.scoring import score
        from pastiche_cli.games.masterpiece.render.scores import score_told

        return score_told(score(loaded.position), _standing(loaded), path, detail, brief)

    def told_end(self, loaded, path: str):
        from pastiche_cli.games.masterpiece.core.endgame import end_verdict
        from pastiche_cli.games.masterpiece.render.scores import end_told

        return end_told(end_verdict(loaded.position), loaded.position)


def _standing(loaded):
    from pastiche_cli.games.masterpiece.core.scoring import standing

    return standing(loaded.position, loaded.over if loaded.is_record else None)


def unseen(step, seat: str | None) -> str | None:
    """A move as the others see it: the card kept from a research and a card given to another are unseen
    (the one given is shown to whom it is given)."""
    from pastiche_cli.games.masterpiece.core.moves import Present, Research, card_word

    move = step.move
    if isinstance(move, Research):
        return f"{move.player} keeps a card and discards {card_word(move.discard)}"
    if isinstance(move, Present) and move.gifts:
        given = (f"{card_word(card)} to {to}" if to == seat else f"a card to {to}" for to, card in move.gifts)
        return f"{move._replace(gifts=()).notation()}, and gives {', '.join(given)}"
    return None


TELLER = Teller()
# The cards in a player's hand are secret (dealt to each, kept or given unseen); the theses published and
# accepted, with the cards under them, and the discard pile lie open; the deck is a count.
VIEW = game.View(TELLER, ("hand",), unseen=unseen)
GAME = game.Game(
    NAME, TITLE, rules=rules, reader=Reader(), writer=Writer(), teller=TELLER, view=VIEW, examples=EXAMPLES
)
