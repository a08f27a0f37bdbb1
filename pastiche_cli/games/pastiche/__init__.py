"""Pastiche (Gryphon Games, 2011): the home game. Its commands are the tool's top-level commands."""

NAME = "pastiche"
ALIASES = ()
TITLE = "Pastiche"
SUMMARY = "The board game of mixing colours and painting masterpieces (the default game)."
