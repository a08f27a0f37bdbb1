"""Canvas as a value (kernel/game.py): its record rules, reader, writer, teller and view."""

from __future__ import annotations

from pastiche_cli.games.canvas import NAME, TITLE
from pastiche_cli.kernel import game
from pastiche_cli.kernel.game import Race, Scored, ScoreTable

EXAMPLES = (  # a bundled record, for the help of the record verbs; a few moves, for `play --help`
    "examples/records/canvas/two-player-game.yaml",
    ("Ana take 1 refill Nature", "Ben take 3 refill Trap", "Ana paint Heavy Fragile Melancholy"),
)


def rules():
    from pastiche_cli.games.canvas.core.record import RULES

    return RULES


class Reader(game.Reader):
    def read_position(self, path: str, text: str, opts: dict):
        from pastiche_cli.games.canvas.core.validate import consistency_problems
        from pastiche_cli.games.canvas.formats.loader import parse_position
        from pastiche_cli.kernel.problems import WARNING, Reading

        position, problems, places = parse_position(path, text)
        if position is None:
            return Reading(position, problems, places)
        # what was read past a format error is partial: no counting of its turns and tokens
        whole = all(p.kind == WARNING for p in problems)
        return Reading(position, problems + consistency_problems(position, places, whole=whole), places)

    def record_reading(self, path: str, opts: dict):
        from pastiche_cli.games.canvas.formats.record import reading

        return reading(path)

    def sheet(self):
        from pastiche_cli.games.canvas.formats import sheet

        return sheet

    def setup_form(self) -> game.SetupForm:
        from pastiche_cli.games.canvas.formats.setup import FORM

        return FORM


class Writer(game.Writer):
    def modules(self):
        from pastiche_cli.games.canvas.formats import edits, record

        return edits, record

    def names_problem(self, names: list[str]) -> str | None:
        from pastiche_cli.games.canvas.core.setup import names_problem

        return names_problem(names)

    def new_position(self, names: list[str], scenario=None, **choices) -> str:
        from pastiche_cli.games.canvas.core.setup import new_game
        from pastiche_cli.games.canvas.formats.setup import render

        return render(new_game(names, scenario))


class Teller(game.Teller):
    check_words = ("a Canvas position", "Canvas", "")

    def told(self):
        from pastiche_cli.games.canvas.render import record

        return record

    def record_heading(self, name: str, record, replay) -> str:
        from pastiche_cli.games.canvas.core.rule_ids import END

        ends = f"; the game ends when every player has completed 3 paintings [{END}]"
        return super().record_heading(name, record, replay) + ends

    def step_words(self, step: str) -> str:
        from pastiche_cli.games.canvas.render.scores import STEP_WORDS

        return STEP_WORDS.get(step, step)

    def scored(self, loaded) -> Scored:
        """`score --json`'s answer and `score`'s note, from the same scoring and standing as `score`."""
        from pastiche_cli.games.canvas.core.scoring import score, standing
        from pastiche_cli.games.canvas.render.scores import score_json
        from pastiche_cli.render.told import scored

        position = loaded.position
        final = standing(position, loaded.over if loaded.is_record else None)
        return scored(score_json(score(position), position.house), final)

    def final_lines(self, position) -> list[str]:
        from pastiche_cli.games.canvas.core.scoring import score, standing
        from pastiche_cli.games.canvas.render.explain import reading_lines
        from pastiche_cli.games.canvas.render.scores import explain, winner_line
        from pastiche_cli.render.told import final_lines, placed

        result = score(position)
        final = standing(position)
        standings = []
        for place, s in placed(result.players):
            cards = ", ".join(f"{c.card} {c.points}" for c in s.cards)
            left = f"({s.inspiration} inspiration left)"
            standings.append(f"{place} {s.name}: {s.total} = {cards} + grey {s.bonus_points} {left}")
        bonus = any(p.bonus for s in result.players for p in s.paintings)
        said = [winner_line(result, final.provisional), *reading_lines(position.house, position.scoring, bonus)]
        return final_lines(final, standings, said, explain(result, position.house))

    def unfinished_line(self, position) -> str:
        from pastiche_cli.games.canvas.core.rule_ids import END
        from pastiche_cli.games.canvas.core.turns import end_state

        waiting = end_state(position).waiting
        still = f"{', '.join(waiting)} still {'has' if len(waiting) == 1 else 'have'} paintings to complete"
        return f"The game is not over: {still}, so there are no final scores yet [{END}]"

    def page_picture(self, positions, titles) -> str | None:
        """Each step's table with room for every painting the game will have, pooled (render/layers.py)."""
        from pastiche_cli.games.canvas.render.svg import table_svg
        from pastiche_cli.render.layers import merge

        return merge([table_svg(p, t, positions[-1]) for p, t in zip(positions, titles)])

    def race(self, positions) -> Race:
        from pastiche_cli.games.canvas.core.scoring import score

        names = tuple(p.name for p in positions[0].players)

        def totals(position) -> tuple[int, ...]:
            by_name = {s.name: s.total for s in score(position).players}
            return tuple(by_name[n] for n in names)

        said = "points from the paintings so far (ribbons by the scoring cards)"
        return Race(said, names, tuple(totals(p) for p in positions))

    def hands(self, position):
        return tuple((p.name, tuple(p.hand)) for p in position.players)

    def score_table(self, position) -> ScoreTable | None:
        from pastiche_cli.games.canvas.core.scoring import score
        from pastiche_cli.games.canvas.render.scores import explain, headers, rows, winner_line

        result = score(position)
        columns = headers(position.scoring)
        said, bold = tuple(explain(result, position.house)), len(columns) - 2
        return ScoreTable(columns, tuple(rows(result)), result.winners, winner_line(result), said, bold=bold)

    def told_score(self, loaded, path: str, *, detail: bool = False, brief: bool = False):
        from pastiche_cli.games.canvas.core.scoring import score, standing
        from pastiche_cli.games.canvas.render.scores import score_told

        final = standing(loaded.position, loaded.over if loaded.is_record else None)
        return score_told(score(loaded.position), final, loaded.position, detail, brief)

    def told_end(self, loaded, path: str):
        from pastiche_cli.games.canvas.core.turns import end_state
        from pastiche_cli.games.canvas.render.scores import end_told

        return end_told(end_state(loaded.position), loaded.position.turn, path)

    def new_written(self, path: str, names: list[str]) -> str:
        from pastiche_cli.formats.nodes import PLACEHOLDER
        from pastiche_cli.render.told import plural

        wrote = f"Wrote {path} ({plural(len(names), 'player')})."
        return f"{wrote} Next: replace each {PLACEHOLDER}, then run `pastiche check {path}`."


TELLER = Teller()
# Canvas's rules keep only the art deck face down, which a position does not hold: every card in a hand
# was taken from the face-up market, so every seat sees the whole table.
VIEW = game.View(TELLER)
GAME = game.Game(
    NAME, TITLE, rules=rules, reader=Reader(), writer=Writer(), teller=TELLER, view=VIEW, examples=EXAMPLES
)
