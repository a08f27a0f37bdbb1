"""What every game's catalogue of box cards answers (cli/box.py: Pastiche's commissions, Masterpiece's
theses): the cards an import added, or would add, and where they went."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.render.answer import Plain, Told


def imported_told(label: Callable, count: Callable, added: dict, dry_run: bool, written: str | None) -> Told:
    """`import`: each card added (`label(id, card)`), or with `dry_run` each it would add; then how many
    went to `written` (`count(n)`), or that nothing was new."""
    lines = [f"{'would add' if dry_run else 'added'} {label(k, card)}" for k, card in added.items()]
    if not added:
        lines.append("Nothing new to import.")
    elif written is not None:
        lines.append(f"{count(len(added))} -> {written}")
    return Told(None, [Plain(lines)])
