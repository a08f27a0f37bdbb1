"""pastiche: a rules assistant and scoring calculator for the board game Pastiche."""

__version__ = "0.1.0"
