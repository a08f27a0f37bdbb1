"""The verbs the shell serves for every game (games.SHELL_VERBS: each module has `command_for(game)`),
and the tool's own commands (cli/root.py's TOOL_COMMANDS: keep, history, stats, man)."""
