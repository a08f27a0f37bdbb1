"""`pastiche history`: the kept plays, newest first; one play's full score again; one forgotten; one sent
on to BG Stats (docs/history.md)."""

from __future__ import annotations

import click

from pastiche_cli.cli.keeping import game_option
from pastiche_cli.cli.shell import output_options, written_file_option

PLAY_ID = click.IntRange(min=1)


@click.command("history")
@game_option
@click.option("--player", metavar="NAME", help="Only the plays this player sat in (any case).")
@click.option("--show", "show", type=PLAY_ID, metavar="ID", help="One play's full score again, and what was kept.")
@click.option("--forget", "forget", type=PLAY_ID, metavar="ID", help="Remove one play (asks first in a terminal).")
@click.option("--yes", is_flag=True, help="With --forget: do not ask.")
@click.option(
    "--bgstats",
    "bgstats",
    type=PLAY_ID,
    metavar="ID",
    help="The link that opens BG Stats on this play (and its QR code, in a terminal).",
)
@written_file_option(
    "--qr",
    "qr",
    metavar="OUT",
    help="With --bgstats: write the link's QR code to OUT, an SVG picture (-: stdout).",
    force="With --qr: overwrite OUT if it exists.",
)
@click.option("--csv", "as_csv", is_flag=True, help="The plays as CSV, a row per player of each play.")
@output_options
def command(
    game: str | None,
    player: str | None,
    show: int | None,
    forget: int | None,
    yes: bool,
    bgstats: int | None,
    qr: str | None,
    force: bool,
    as_csv: bool,
    as_json: bool,
    fmt: str,
) -> None:
    """The plays kept in your history (`pastiche keep`), newest first; or one play shown, forgotten or
    sent on to BG Stats.

    \b
    Example:
      pastiche history --game pastiche --player Ana
      pastiche history --show 3
      pastiche history --bgstats 3          # the link (and a QR code) for BG Stats
      pastiche history --csv > plays.csv
      pastiche history --forget 3
    """
    from pastiche_cli.kernel.problems import EXIT_USAGE

    chosen = [name for name, value in (("--show", show), ("--forget", forget), ("--bgstats", bgstats)) if value]
    if len(chosen) > 1:
        from pastiche_cli.cli.shell import abort

        abort(f"{' and '.join(chosen)} each take one play: choose one", EXIT_USAGE)
    apart = [
        "--yes goes only with --forget ID" if yes and not forget else "",
        "--qr writes the QR code of --bgstats ID: give both" if qr and not bgstats else "",
        "--force goes only with --qr OUT (it lets OUT be overwritten)" if force and not qr else "",
        "--csv and --json are two answers: choose one" if as_csv and as_json else "",
    ]
    if chosen:  # one play: the filters and the list's CSV say nothing of it
        listing = [o for o, value in (("--game", game), ("--player", player), ("--csv", as_csv)) if value]
        if listing:
            go = "goes" if len(listing) == 1 else "go"
            apart.append(f"{' and '.join(listing)} {go} only with the list, not with {chosen[0]}")
    said = [line for line in apart if line]
    if said:
        raise click.UsageError("; ".join(said))
    if show:
        _show(show, as_json, fmt)
    elif forget:
        _forget(forget, yes, as_json)
    elif bgstats:
        _bgstats(bgstats, qr, force, as_json)
    else:
        _list(game, player, as_csv, as_json, fmt)


def _list(game: str | None, player: str | None, as_csv: bool, as_json: bool, fmt: str) -> None:
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import open_history, step_words
    from pastiche_cli.cli.shell import err
    from pastiche_cli.render.plays import plays_told

    with open_history() as history:
        plays = history.plays(game, player)
    if as_csv and not as_json:
        _csv(plays)
        return
    show(plays_told(plays, game, player, step_words), as_json, fmt)
    if plays and not as_json:
        err("`pastiche history --show ID` gives one play's full score; `pastiche stats` counts them.")


def _csv(plays) -> None:
    import csv
    import io

    from pastiche_cli.cli.shell import echo_verbatim, safe

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "date", "game", "file", "decided_by", "seat", "name", "points", "place", "winner"])
    for p in plays:
        for k, s in enumerate(p.seats, 1):
            winner = "yes" if s.winner else "no"
            writer.writerow([p.id, p.played, p.game, p.file, p.decided_by, k, s.name, s.points, s.place, winner])
    echo_verbatim(safe(out.getvalue()), nl=False)


def _one(pid: int, create: bool = False):
    """The play of that id in full, or a usage error naming the ids there are."""
    from pastiche_cli.cli.keeping import open_history

    with open_history() as history:
        play = history.play(pid)
        ids = [] if play is not None else history.ids()
    if play is None:
        there = f"the ids are {_ranges(ids)}" if ids else "no play is kept yet"
        raise click.BadParameter(f"there is no play {pid} in the history: {there}", param_hint="ID")
    return play


def _ranges(ids: list[int]) -> str:
    """1-4, 7, 9-10."""
    parts: list[str] = []
    start = prev = None
    for i in ids + [None]:
        if start is not None and (i is None or i != prev + 1):
            parts.append(f"{start}" if start == prev else f"{start}-{prev}")
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return ", ".join(parts)


def _show(pid: int, as_json: bool, fmt: str) -> None:
    from pastiche_cli import games
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import scored_again, step_words
    from pastiche_cli.render.plays import play_told

    play = _one(pid)
    registered = games.by_name(play.game)
    title = registered.title if registered else play.game
    show(play_told(play, title, (None, "") if as_json else scored_again(play), step_words), as_json, fmt)


def _in_terminal() -> bool:
    """Is stdin a terminal (someone to ask)?"""
    import sys

    try:
        return sys.stdin.isatty()
    except (ValueError, AttributeError):
        return False


def _forget(pid: int, yes: bool, as_json: bool) -> None:
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import open_history
    from pastiche_cli.cli.shell import abort, err
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO
    from pastiche_cli.render.plays import forgot_told, said_of

    play = _one(pid)
    if _in_terminal() and not yes and not click.confirm(f"Forget {said_of(play)}?", default=False, err=True):
        abort("nothing forgotten", EXIT_RULES_SAY_NO)
    with open_history() as history:
        gone = history.forget(pid)
    show(forgot_told(play, gone), as_json)
    if not gone and not as_json:
        err(f"pastiche: play {pid} was forgotten meanwhile")


def _bgstats(pid: int, qr: str | None, force: bool, as_json: bool) -> None:
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import bgstats_link
    from pastiche_cli.cli.shell import err, write_output
    from pastiche_cli.cli.terminal import drawn
    from pastiche_cli.kernel.bgstats import decoded
    from pastiche_cli.render.plays import link_told

    play = _one(pid)
    url = bgstats_link(play)
    if qr:
        import io

        import segno  # only here and for the terminal's code: 40 ms of imports no other command pays

        out = io.BytesIO()
        segno.make(url, error="l").save(out, kind="svg", scale=4, border=4, xmldecl=False)
        if write_output(qr, out.getvalue().decode("ascii"), force):
            return
        err(f"Wrote {qr}: the QR code of play {play.id}'s link")
    show(link_told(play, url, decoded(url)), as_json)
    if not as_json and drawn() and not qr:
        _terminal_qr(url)


def _terminal_qr(url: str) -> None:
    """The link's QR code in the terminal, two rows of modules a line, dark on light whatever the
    terminal's colours; said instead when the terminal is too narrow for it."""
    import segno

    from pastiche_cli.cli.shell import err
    from pastiche_cli.cli.tables import echo_styled
    from pastiche_cli.cli.terminal import columns

    code = segno.make(url, error="l")
    rows = [list(row) for row in code.matrix_iter(scale=1, border=2)]
    width = columns(None) or 80
    if len(rows[0]) > width:
        err(
            f"(the QR code needs {len(rows[0])} columns, the terminal has {width}: widen it, or write it "
            "to a file with --qr OUT.svg)"
        )
        return
    colour = {True: "black", False: "white"}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2] + [[False] * len(rows[0])]):
        runs: list[tuple[str, str | None]] = []
        for a, b in zip(top, bottom):
            style = f"{colour[bool(a)]} on {colour[bool(b)]}"
            if runs and runs[-1][1] == style:
                runs[-1] = (runs[-1][0] + "▀", style)
            else:
                runs.append(("▀", style))
        lines.append(runs)
    echo_styled(lines)
