"""The shared verbs (games.SHARED_VERBS): each module's `command_for(game)`, and `serves(game)` if not all."""
