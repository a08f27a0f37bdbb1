"""The verbs the shell serves for every game (games.SHELL_VERBS): each module has `command_for(game)`."""
