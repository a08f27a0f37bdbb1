"""The verbs the shell serves for every game (games.SHARED_VERBS): each module has `command_for(game)`,
and `serves(game)` when it serves only some games."""
