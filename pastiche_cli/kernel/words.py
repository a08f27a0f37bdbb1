"""Words every game's verdicts share."""


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 card`, `2 cards` (`many` where the plural is not word + s: `2 copies`)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listed(items) -> str:
    """Items as a message lists them: `pink-3, blue-9`."""
    return ", ".join(map(str, items))
