"""Canvas (Road to Infamy Games, 2021): layered paintings scored on public cards. Constants only."""

NAME = "canvas"
ALIASES = ()
TITLE = "Canvas"
SUMMARY = "Layer three transparent art cards into a painting and score it on the public scoring cards."
EXAMPLE = "pastiche canvas painting Delicate Revolution Masked"
