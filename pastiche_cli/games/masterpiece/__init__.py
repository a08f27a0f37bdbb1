"""Pastiche: The Birth of a Masterpiece (Kubigo, 2016; first published as Laminate Rummy): theses from sets of cards."""

NAME = "masterpiece"
ALIASES = ("laminate-rummy",)
TITLE = "Pastiche: The Birth of a Masterpiece"
SUMMARY = "The rummy-like card game of theses, peer review and citations (from your own thesis cards)."
EXAMPLE = "pastiche masterpiece options game.yaml --player Ana"
