"""`pastiche tally` for every game: the short sheet asked for question by question, each answer checked at once
by the game's sheet reader (a typo is asked again); `<` goes back, `?` lists the names, Tab completes them."""

from __future__ import annotations

import os
import sys

import click

from pastiche_cli import games
from pastiche_cli.cli.game import game_option, terminal
from pastiche_cli.cli.shell import output_file_options, output_options
from pastiche_cli.formats.tallying import VIRTUAL, Tally

HELP_WORD = "?"
NOT_TEXT = "\ufffd"  # an answer whose bytes could not be read as text
TALLY = "the tally"  # a game tallied and written to no file, as the history and its messages name it


def serves(game) -> bool:
    """Every game whose reader has a short sheet (its formats/sheet.py says what the sheet holds)."""
    return games.declares(game) and games.declared(game).reader.has_sheet


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
