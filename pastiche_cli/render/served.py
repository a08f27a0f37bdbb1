"""What `pastiche serve` says in its terminal: the two links (fixed by the spec), and the table's news as
the public table sees it."""

from __future__ import annotations


def links(join: str, host: str) -> str:
    """The spec's two lines, before anything else."""
    return f"join: {join}\nhost: {host}"


def serving(path: str) -> str:
    return f"Serving {path}: every seat is free; each phone joins with the join link."


def news(event: str, n: int, path: str, taken: list[str], last: str | None) -> str:
    """One change of the table, in a line: who sits now, the move just played (as the public saw it), an undo."""
    if event == "seat":
        return f"seats taken: {', '.join(taken) or 'none'}"
    if event == "move" and last is not None:
        return f"move {n}: {last}"
    if event == "undo":
        return f"move {n + 1} taken back; {n} moves now"
    return f"{path} changed on disk: {n} moves"
