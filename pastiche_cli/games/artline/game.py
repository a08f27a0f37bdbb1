"""Artline as the shared shell sees it (cli/game.py): its loader, record rules, file edits and tellings."""

from __future__ import annotations

from pastiche_cli.cli.game import GameShell, Race, Scored, ScoreTable, turn_words


class Artline(GameShell):
    name = "artline"
    title = "Artline"
    record_example = "examples/records/artline/three-player-game.yaml"
    move_examples = ("Ana place 1,0 row dogs", "Ana draw", "Ben discard")

    # --- reading ---------------------------------------------------------------------------------

    def read_position(self, path: str, text: str, opts: dict):
        from pastiche_cli.games.artline.formats.loader import problems_of_text

        return problems_of_text(path, text)

    def record_reading(self, path: str, opts: dict):
        from pastiche_cli.games.artline.formats.record import reading

        return reading(path)

    def consistency(self, position):
        from pastiche_cli.games.artline.core.validate import rule_problems

        return rule_problems(position)

    # --- writing ---------------------------------------------------------------------------------

    def edit(self, data, moves, positions) -> list[str]:
        """The turn's edit: a place (or a discard) and the draw that ends it change the file as one step."""
        from pastiche_cli.games.artline.core.moves import Discard, Place
        from pastiche_cli.games.artline.formats import edits

        first = moves[0]
        change = (
            edits.place if isinstance(first, Place) else edits.discard if isinstance(first, Discard) else edits.draw
        )
        return change(data, positions[0], positions[-1])

    def refused(self, path: str, exc) -> None:
        """Artline's refusals of a write: exit 4 when the result would not be a valid position, else 3."""
        from pastiche_cli.cli.shell import abort, err, report_problems
        from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES

        if exc.kind == "invalid":
            for line in exc.problems:
                err(line)
            abort(f"not applied: the result would not be a valid position; {path} is unchanged", EXIT_BREAKS_RULES)
        if exc.kind == "unreadable" and exc.cause is not None and hasattr(exc.cause, "problems"):
            report_problems(exc.cause.filename, exc.cause.problems)
            abort(f"not applied: {path} is unchanged", EXIT_BAD_FILE)  # the problems say why
        why = (exc.cause.strerror or exc.cause) if isinstance(exc.cause, OSError) else exc
        abort(f"not applied: cannot rewrite {path}: {why}; it is unchanged", EXIT_BAD_FILE)

    # --- telling ---------------------------------------------------------------------------------

    def scores_json(self, position) -> dict | None:
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import score_json

        return score_json(standing(position))

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

        result = standing(position)
        heading = "Standing so far" if result.provisional else "Final standing"  # as `score` says it
        out = [f"{heading} (fewest paintings in hand first):"]  # placed as every game's final lines
        out += [f"  {place} {name}: {_paintings(hand)} in hand" for place, name, hand in rows(result)]
        note = provisional_line(result)
        return out + [f"  {line}" for line in verdict_lines(result)] + (["", note] if note else [])

    def unfinished_line(self, position) -> str:
        from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN

        return f"The game is not over: every player still holds paintings, so there is no winner yet [{ARTLINE_WIN}]"

    def turn_line(self, position, again: bool = True) -> str | None:
        from pastiche_cli.games.artline.core.position import DRAW

        if position.turn is None:
            return None
        if position.phase == DRAW:
            return f"{turn_words(position.turn, again)}: the painting is played, the draw that ends the turn is next."
        return f"{turn_words(position.turn, again)}."

    def picture(self, position, title: str) -> str | None:
        from pastiche_cli.games.artline.render.svg import board_svg

        return board_svg(position, (), title)

    def page_picture(self, positions, titles) -> str | None:
        """Each step's table in the frame of the whole game's cells and galleries, pooled (render/layers.py)."""
        from pastiche_cli.games.artline.render.svg import board_svg
        from pastiche_cli.render.layers import merge

        cells = [p.at for p in positions[-1].table] or [(0, 0)]
        bounds = (
            min(c[0] for c in cells),
            min(c[1] for c in cells),
            max(c[0] for c in cells),
            max(c[1] for c in cells),
        )
        lines = [g.line for g in positions[-1].galleries]
        return merge([board_svg(p, (), t, bounds, lines) for p, t in zip(positions, titles)])

    def race(self, positions) -> Race:
        names = tuple(p.name for p in positions[0].players)
        return Race(
            "paintings in hand (the first to empty their hand wins)",
            names,
            tuple(tuple(p.hand for p in position.players) for position in positions),
            0,
            "an empty hand wins",
        )

    def standings(self, position) -> ScoreTable | None:
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import rows, verdict_lines

        result = standing(position)
        return ScoreTable(
            ("place", "player", "in hand"),
            tuple(tuple(r) for r in rows(result)),
            result.closest,
            verdict_lines(result)[0],
            tuple(verdict_lines(result)),
            bold=2,
        )

    def score_table(self, position) -> ScoreTable | None:
        from pastiche_cli.games.artline.core.standing import standing
        from pastiche_cli.games.artline.render.scores import rows, verdict_lines

        result = standing(position)
        return ScoreTable(
            ("place", "player", "in hand"),
            tuple(tuple(r) for r in rows(result)),
            result.winners,
            verdict_lines(result)[0],
            tuple(verdict_lines(result)[1:]),
            bold=2,
        )


def _paintings(n: int) -> str:
    return f"{n} painting{'' if n == 1 else 's'}"


GAME = Artline()
