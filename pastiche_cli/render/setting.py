"""What a new game's setup on the phones (`pastiche serve --new OUT`) says: in the terminal (its start, each
entry, its end) and on its pages (what each field of the setup is, what a refused entry says)."""

from __future__ import annotations

# Each list of the setup the phones fill in, as the page names it: (its title, what one entry of it is).
LABELS = {
    "gallery": ("The gallery", "a face-up commission: its id, or the card typed in full"),
    "start": ("The starting piece", "a hex as it lies, e.g. RYBBYR/R"),
    "commissions": ("Your commissions", "a commission on your easel: its id, or the card typed in full"),
    "hexes": ("Your hexes", "a hex you drew, e.g. RYBBYR/R"),
    "scoring": ("The scoring cards", "a face-up scoring card"),
    "market": ("The market", "the title word of an art card, slot 1 (furthest from the deck) first"),
    "hand": ("Your hand", "a card you kept, colour and number, e.g. pink 3"),
    "theses": ("The thesis cards", "a thesis typed in full: {id: ..., requirement: ..., points: ..., copies: ...}"),
}

# The examples a field shows in its empty box.
EXAMPLES = {
    "commission": "{title: ..., artist: ..., points: 9, palette: [red, blue]}",
    "hex": "RYBBYR/R",
    "scoring": "variety",
    "art": "Adventure",
    "card": "pink 3",
    "thesis": "{id: triple, requirement: kind 3, points: 3, copies: 2}",
}

NOTHING_DEALT = "Nothing is dealt to you face down that the table must know: say you are ready."
HOST_NOTHING = "The table shows nothing to enter: say the table is ready once it is laid out."
ARTLINE_TABLE = "The first painting lies face up at [0, 0], landscape; each player holds 5 paintings."


def field_label(key: str) -> dict:
    title, each = LABELS.get(key, (key.replace("_", " ").capitalize(), "a card"))
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
