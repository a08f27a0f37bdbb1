"""The play history told (docs/history.md): `keep`'s lines, `history`'s list and one play, and `stats`'
tables, as JSON and as text. `step_words(game, step)` says a tiebreak step in its game's words."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.kernel.ranking import ordinal, places
from pastiche_cli.render.answer import BLANK, Plain, Table, Told

BAR = 10  # the cells of a full bar
NOTHING_KEPT = "`pastiche keep FILE` keeps a finished game."


def play_json(play) -> dict:
    """A play as `history --json` lists it."""
    return {
        "id": play.id,
        "game": play.game,
        "date": play.played,
        "file": play.file,
        "decided_by": play.decided_by,
        "players": [{"name": s.name, "points": s.points, "place": s.place, "winner": s.winner} for s in play.seats],
    }


def _winners(play) -> str:
    """`winner Ana`, `winners Ana and Ben`."""
    return f"winner{'s' if len(play.winners) > 1 else ''} {' and '.join(play.winners) or 'nobody'}"


# --- keep ----------------------------------------------------------------------------------------


def kept_told(kept: list, refused: list, where: str, title_of: Callable, step_words: Callable) -> Told:
    """`keep`'s answer: each play kept (a line each), or with `refused` (Refusal values) nothing kept."""
    answer = {"kept": [play_json(p) for p in kept], "refused": [r.as_json() for r in refused], "history": where}
    lines = [
        f"Kept play {p.id}: {p.file}, {title_of(p.game)}, {p.played}; {_winners(p)}, decided by "
        f"{step_words(p.game, p.decided_by)}"
        for p in kept
    ]
    return Told(answer, [Plain(lines)])


def tallied_json(sheet: str, scores: dict | None, kept: int | None) -> dict:
    """`tally --json`: the sheet written, `score --json`'s answer, and the play kept (its id) or None."""
    return {"sheet": sheet, "scores": scores, "kept": kept}


# --- history -------------------------------------------------------------------------------------


def plays_told(plays: list, game: str | None, player: str | None, step_words: Callable) -> Told:
    """`history`'s list, newest first: a row a play, or that none is kept (of this game, with this player)."""
    if not plays:
        filters = " and ".join(f for f in (f"of {game}" if game else "", f"with {player}" if player else "") if f)
        return Told([], [Plain([f"No plays kept {filters or 'at all'} yet: {NOTHING_KEPT}"])])
    rows = [
        [
            p.id,
            p.played[:16],
            p.game,
            " and ".join(p.winners),
            ", ".join(f"{s.name} {s.points}" for s in sorted(p.seats, key=lambda s: s.place)),
            step_words(p.game, p.decided_by),
            p.file,
        ]
        for p in plays
    ]
    headers = ["id", "date", "game", "winner", "players (by place, with points)", "decided by", "file"]
    title = f"Plays kept ({len(plays)}, newest first)"
    table = Table(headers, rows, title, ["right", "left", "left", "left", "left", "left", "left"], (4, 6))
    return Told([play_json(p) for p in plays], [table])


def play_told(play, title: str, scored: tuple, step_words: Callable) -> Told:
    """`history --show`: one play, scored again by this pastiche (`scored`: (its lines, "") or (None, why
    it cannot be)), else its scores as kept."""
    answer = play_json(play) | {
        "kind": play.kind,
        "kept": play.kept,
        "scores": play.answer,
        "text": play.text,
        "used": [{"name": n, "text": t} for n, t in play.used],
    }
    with_files = f" with {', '.join(n for n, _ in play.used)}" if play.used else ""
    head = [f"Play {play.id}: {title}, played {play.played}; the {play.kind} {play.file}, kept {play.kept} UTC"]
    tail = Plain([f"`pastiche history --show {play.id} --json` gives the kept play, its text{with_files}."])
    lines, why = scored
    if lines is not None:
        said = [f"Scored again from the kept text{with_files}, as `pastiche score` tells it:", "", *lines, ""]
        return Told(answer, [Plain(head + said), tail])
    head += [f"It cannot be scored again ({why}); the scores as kept:", ""]
    ranked = play.answer.get("players", [])
    columns = _breakdown_columns(ranked)
    rows = [
        [place, p.get("name", ""), *(_cell(p, c) for c in columns)]
        for place, p in zip(places([int(p.get("rank", 0)) for p in ranked]), ranked)
    ]
    table = Table(
        ["place", "player", *columns], rows, "The scores as kept", ["left", "left", *(["right"] * len(columns))]
    )
    said = [
        f"Winner{'s' if len(play.winners) > 1 else ''}: {' and '.join(play.winners)}, decided by "
        f"{step_words(play.game, play.decided_by)}",
        f"Turn order: {', '.join(s.name for s in play.seats)}.",
    ]
    return Told(answer, [Plain(head), table, BLANK, Plain(said), tail])


def _breakdown_columns(players: list[dict]) -> list[str]:
    """The keys of `score --json`'s players, a nested one as `key.part` (Canvas's points per card)."""
    columns: list[str] = []
    for p in players:
        for key, value in p.items():
            names = [f"{key}.{k}" for k in value] if isinstance(value, dict) else [key]
            for name in names:
                if name not in ("name", "rank") and name not in columns:
                    columns.append(name)
    return columns


def _cell(player: dict, column: str) -> object:
    key, _, part = column.partition(".")
    value = player.get(key)
    if part and isinstance(value, dict):
        value = value.get(part)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return "" if value is None else value


def said_of(play) -> str:
    """A play as `history --forget` asks about it and says it forgot it."""
    return f"play {play.id} ({play.game}, {play.played}, {play.file}; winner {' and '.join(play.winners)})"


def forgot_told(play, gone: bool) -> Told:
    """`history --forget`: the play forgotten (`gone`), or nothing (another program forgot it meanwhile)."""
    return Told({"forgotten": play.id if gone else None}, [Plain([f"Forgot {said_of(play)}."] if gone else [])])


def link_told(play, url: str, decoded: dict) -> Told:
    """`history --bgstats`: the link that opens BG Stats on the play."""
    return Told({"id": play.id, "url": url, "play": decoded}, [Plain([url])])


# --- stats ---------------------------------------------------------------------------------------


def bar(percent: int, fmt: str) -> str:
    """A share in whole percents drawn as a bar beside its percentage in a terminal (rich), the
    percentage alone elsewhere."""
    said = f"{percent}%"
    if fmt != "rich":
        return said
    full = (percent * BAR + 50) // 100
    return "█" * full + "░" * (BAR - full) + f" {said}"


def _number(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")


def stats_json(plays: int, rows, found) -> dict:
    players = []
    for p in rows:
        entry = p._asdict() | {"win_rate": round(p.win_rate, 4), "average": round(p.average, 2)}
        players.append(entry | {"margin": round(p.margin, 2), "places": {str(k): v for k, v in p.places.items()}})
    games = [g._asdict() | {"winning_average": round(g.winning_average, 2)} for g in found.games]
    return {
        "plays": plays,
        "players": players,
        "games": games,
        "head_to_head": [h._asdict() for h in found.head_to_head],
    }


def stats_told(plays: int, rows, found, pair, fmt: str, step_words: Callable, fewest: list[str], them: bool) -> Told:
    """`stats`: the players' table, the games' (`fewest`: the games where the fewest points win), and
    with `pair` the two head to head; bars drawn for `fmt`. None kept: says so (`them`: of the players asked)."""
    answer = stats_json(plays, rows, found)
    if not plays:
        return Told(answer, [Plain([f"No plays kept yet{' with them' if them else ''}: {NOTHING_KEPT}"])])
    text = [_players_table(rows, fmt), BLANK, _games_table(found, fmt, step_words, fewest)]
    if pair is not None:
        text += [BLANK, _together(found, fmt, pair)]
    return Told(answer, text)


def _players_table(rows, fmt: str) -> Table:
    from pastiche_cli.kernel.plays import percent

    cells = [
        [p.name, p.game, p.plays, p.wins, bar(percent(p.wins, p.plays), fmt), _number(p.average), p.best, p.worst]
        + [_number(p.margin), ", ".join(f"{ordinal(k)} ×{n}" for k, n in p.places.items())]
        for p in rows
    ]
    return Table(
        ["player", "game", "plays", "wins", "win rate", "average", "best", "worst", "behind the winner", "places"],
        cells,
        "Players (points are each game's own; behind the winner: points on average)",
        ["left", "left", "right", "right", "left", "right", "right", "right", "right", "left"],
        (9,),
    )


def _games_table(found, fmt: str, step_words: Callable, fewest: list[str]) -> Table:
    from pastiche_cli.kernel.plays import percents

    cells = [
        [
            g.game,
            g.plays,
            _number(g.winning_average) + (" (fewest win)" if g.game in fewest else ""),
            f"{g.winning_low}-{g.winning_high}",
            ", ".join(
                f"{step_words(g.game, step)} {bar(share, fmt)}"
                for step, share in zip(g.decided_by, percents(list(g.decided_by.values())))
            ),
        ]
        for g in found.games
    ]
    title = "Games (the winning score: its average and range; how often each step decided first place)"
    title += f"; {' and '.join(fewest)}: the paintings left in hand, the fewest win" if fewest else ""
    return Table(
        ["game", "plays", "winning score", "range", "decided by"],
        cells,
        title,
        ["left", "right", "right", "right", "left"],
        (4,),
    )


def _together(found, fmt: str, pair) -> Plain | Table:
    from pastiche_cli.kernel.plays import percents

    if not found.head_to_head:
        return Plain([f"{pair[0]} and {pair[1]} have not sat at the same table in the plays kept."])
    first, second = found.head_to_head[0].first, found.head_to_head[0].second
    cells = [
        [
            h.game,
            h.plays,
            bar(shares[0], fmt) + f" ({h.first_ahead})",
            bar(shares[1], fmt) + f" ({h.second_ahead})",
            h.level,
            f"{_number(h.first_average)} : {_number(h.second_average)}",
        ]
        for h in found.head_to_head
        for shares in [percents([h.first_ahead, h.second_ahead, h.level])]
    ]
    headers = ["game", "plays together", f"{first} ahead", f"{second} ahead", "level", "averages"]
    title = f"{first} against {second} (ahead: placed higher)"
    return Table(headers, cells, title, ["left", "right", "left", "left", "right", "right"])
