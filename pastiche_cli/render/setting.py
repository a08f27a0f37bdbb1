"""What a new game's setup on the phones (`pastiche serve --new OUT`) says: in the terminal (its start, each
entry, its end) and on its pages (what each field of the setup is, what a refused entry says)."""

from __future__ import annotations

from collections.abc import Mapping

NOTHING_DEALT = "Nothing is dealt to you face down that the table must know: say you are ready."
HOST_NOTHING = "The table shows nothing to enter: say the table is ready once it is laid out."


def field_label(labels: Mapping[str, tuple[str, str]], key: str) -> dict:
    """A list's title and what one item of it is, as its game names them (SetupForm.labels)."""
    title, each = labels.get(key, (key.replace("_", " ").capitalize(), "a card"))
    return {"title": title, "each": each}


def serving(path: str) -> str:
    return (
        f"Setting up {path}: the host's screen enters what the table shows, each phone its own dealt cards "
        "(unseen by the others); every seat is free, each phone joins with the join link."
    )


def progress(entered: list[str], waiting: list[str], table_done: bool) -> str:
    """One entry accepted: who has entered, who not yet (never what)."""
    table = "the table's cards entered" if table_done else "the table's cards not all entered yet"
    seats = f"entered: {', '.join(entered) or 'nobody yet'}"
    return f"setup: {table}; {seats}" + (f"; waiting for {', '.join(waiting)}" if waiting else "")


def complete(path: str) -> str:
    return f"setup complete: {path} is a record; the live game begins on every phone"


def begins() -> str:
    return "every phone is sent to the live table: moves 0"


def twice(value: str) -> str:
    return f"{value} is entered already elsewhere (every card is dealt once): check this card"


def twice_here(value: str) -> str:
    return f"{value} is entered twice here: check this card"


def twice_on_phones(value: str) -> str:
    said = f"{value} is entered on another phone too (every card is dealt once)"
    return said + ": one of you has it wrong; check this card"


def twice_on_table(value: str, where: str) -> str:
    return f"{value} is in the table's {where} too: check this card, and tell the host if it is right"


def refused_elsewhere() -> str:
    return "the rules refuse this entry with what is entered elsewhere: check your cards"
