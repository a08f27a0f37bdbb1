"""The table server (`pastiche serve`): a live game on every player's phone, a face of the game value.

table.py holds the game being served (its record, seats, tokens) and decides nothing the rules decide:
every verdict comes from the game's rules, every write goes through the one apply driver and the one
safe write, and everything a caller receives is built from the game's view for that caller. guard.py
refuses what the spec refuses, in its order; app.py is the Starlette application, imported only by
`serve` (cli/verbs/serve.py).
"""
