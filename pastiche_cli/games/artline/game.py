"""Artline as a value (kernel/game.py): its record rules, reader, writer, teller and view."""

from __future__ import annotations

from pastiche_cli.games.artline import NAME, TITLE
from pastiche_cli.kernel import game
from pastiche_cli.kernel.game import Race, Scored, ScoreTable, turn_words

EXAMPLES = (  # a bundled record, for the help of the record verbs; a few moves, for `play --help`
    "examples/records/artline/three-player-game.yaml",
    ("Ana place 1,0 row dogs", "Ana draw", "Ben discard"),
)


def rules():
    from pastiche_cli.games.artline.core.record import RULES

    return RULES


class Reader(game.Reader):
    def read_position(self, path: str, text: str, opts: dict):
        from pastiche_cli.games.artline.formats.loader import problems_of_text

        return problems_of_text(path, text)

    def record_reading(self, path: str, opts: dict):
        from pastiche_cli.games.artline.formats.record import reading

        return reading(path)

    def sheet(self):
        from pastiche_cli.games.artline.formats import sheet

        return sheet

    def setup_form(self) -> game.SetupForm:
        from pastiche_cli.games.artline.formats.setup import FORM

        return FORM


class Writer(game.Writer):
    def modules(self):
        from pastiche_cli.games.artline.formats import edits, record

        return edits, record

    def names_problem(self, names: list[str]) -> str | None:
        from pastiche_cli.games.artline.core.setup import names_problem

        return names_problem(names)

    def new_position(self, names: list[str], **choices) -> str:
        from pastiche_cli.games.artline.core.setup import new_game
        from pastiche_cli.games.artline.formats.setup import render

        return render(new_game(names))


class Teller(game.BoardTeller):
    check_words = ("an Artline position", "Artline", "")

    def told(self):
        from pastiche_cli.games.artline.render import record

        return record

    def step_words(self, step: str) -> str:
        from pastiche_cli.games.artline.render.scores import STEP_WORDS

        return STEP_WORDS.get(step, step)

    def scored(self, loaded) -> Scored:
        """`score --json`'s answer and `score`'s note, from the same standing as `score`."""
        from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import provisional_line, score_json

        result = standing(loaded.position)
        note = provisional_line(result) or ""
        reason = note.removeprefix("Note: ").removesuffix(f" [{ARTLINE_WIN}]")
        return Scored(score_json(result), result.provisional, reason, ARTLINE_WIN if note else "")

    def final_lines(self, position) -> list[str]:
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import provisional_line, rows, verdict_lines
        from pastiche_cli.render.told import plural

        result = standing(position)
        heading = "Standing so far" if result.provisional else "Final standing"  # as `score` says it
        out = [f"{heading} (fewest paintings in hand first):"]  # placed as every game's final lines
        out += [f"  {place} {name}: {plural(hand, 'painting')} in hand" for place, name, hand in rows(result)]
        note = provisional_line(result)
        return out + [f"  {line}" for line in verdict_lines(result)] + (["", note] if note else [])

    def unfinished_line(self, position) -> str:
        from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN

        return f"The game is not over: every player still holds paintings, so there is no winner yet [{ARTLINE_WIN}]"

    def turn_line(self, position, player: str | None, again: bool = True) -> str | None:
        from pastiche_cli.games.artline.core.position import DRAW

        if position.turn is None:
            return None
        if position.phase == DRAW:
            return f"{turn_words(position.turn, again)}: the painting is played, the draw that ends the turn is next."
        return f"{turn_words(position.turn, again)}."

    def page_picture(self, positions, titles) -> str | None:
        """Each step's table in the frame of the whole game's cells and galleries, pooled (render/layers.py)."""
        from pastiche_cli.games.artline.render.svg import board_svg
        from pastiche_cli.render.layers import merge

        cells = [p.at for p in positions[-1].table] or [(0, 0)]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        bounds = (min(xs), min(ys), max(xs), max(ys))
        lines = [g.line for g in positions[-1].galleries]
        return merge([board_svg(p, (), t, bounds, lines) for p, t in zip(positions, titles)])

    def race(self, positions) -> Race:
        names = tuple(p.name for p in positions[0].players)
        hands = tuple(tuple(p.hand for p in position.players) for position in positions)
        return Race("paintings in hand (the first to empty their hand wins)", names, hands, 0, "an empty hand wins")

    def standings(self, position) -> ScoreTable | None:
        return self._table(position, provisional=True)

    def score_table(self, position) -> ScoreTable | None:
        return self._table(position, provisional=False)

    def _table(self, position, provisional: bool) -> ScoreTable:
        """The standing (the closest players, the whole verdict) or the final table (the winners, the derivation)."""
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import HEADERS, rows, verdict_lines

        result = standing(position)
        said = verdict_lines(result)
        first, said_after = (result.closest, said) if provisional else (result.winners, said[1:])
        return ScoreTable(HEADERS, tuple(rows(result)), first, said[0], tuple(said_after), bold=2)

    def check_json(self, position) -> dict:
        """check --json's count of every painting, where it lies."""
        from pastiche_cli.games.artline.core.validate import counts

        return {"counts": counts(position)}

    def told_score(self, loaded, path: str, *, detail: bool = False, brief: bool = False):
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import score_told

        return score_told(standing(loaded.position), brief)

    def told_end(self, loaded, path: str):
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import end_told

        return end_told(standing(loaded.position), loaded.position)

    def _spots(self, position) -> list:
        from pastiche_cli.games.artline.core.placement import spots

        return [s.at for s in spots(position)[1]]

    def board_svg(self, position, path: str) -> str:
        from pastiche_cli.games.artline.render.board import title
        from pastiche_cli.games.artline.render.svg import board_svg

        return board_svg(position, self._spots(position), title(position, path))

    def told_board(self, position, path: str, svg_path: str | None, screen):
        from pastiche_cli.games.artline.core.placement import game_over
        from pastiche_cli.games.artline.render.board import told

        return told(position, self._spots(position), game_over(position), path, svg_path, screen)

    def new_written(self, path: str, names: list[str]) -> str:
        return f"Wrote {path} ({len(names)} players, {names[0]} starts). Next: pastiche check {path}"


TELLER = Teller()
# The paintings in hand are dealt unseen by the others (the rules' setup) and the deck lies face down: a
# position holds both as counts only, so every seat sees the whole table.
VIEW = game.View(TELLER)
GAME = game.Game(
    NAME, TITLE, rules=rules, reader=Reader(), writer=Writer(), teller=TELLER, view=VIEW, examples=EXAMPLES
)
