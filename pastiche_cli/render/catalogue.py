"""What every game's catalogue of box cards answers (cli/box.py): the cards an import added, or would add."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.render.answer import Plain, Told


def listed_json(where: str, key: str, cards: list[dict]) -> dict:
    """`list --json`: the catalogue's file and its cards, under the game's key."""
    return {"catalogue": where, key: cards}


def written_told(replaced: bool, said: str, written: str) -> Told:
    """`add`: the card added, or put in place of the one with its id (`replaced`), and where it went."""
    return Told(None, [Plain([f"{'Replaced' if replaced else 'Added'} {said} -> {written}"])])


def removed_told(labels: list[str]) -> Told:
    """`remove`: each card taken out, by its label."""
    return Told(None, [Plain([f"Removed {label}" for label in labels])])


def imported_told(label: Callable, count: Callable, added: dict, dry_run: bool, written: str | None) -> Told:
    """`import`: each card added (or with `dry_run` would add), then how many went to `written`, or none new."""
    lines = [f"{'would add' if dry_run else 'added'} {label(k, card)}" for k, card in added.items()]
    if not added:
        lines.append("Nothing new to import.")
    elif written is not None:
        lines.append(f"{count(len(added))} -> {written}")
    return Told(None, [Plain(lines)])
