"""A new game's players: 3 to 5 distinct names, in turn order."""

from pastiche_cli.kernel.names import named_twice, twins_note


def names_problem(names: list[str]) -> str | None:
    """Why these names cannot seat a game, or None."""
    from pastiche_cli.facts import game_data

    facts = game_data("masterpiece", "deck.json")["players"]
    if not facts["min"] <= len(names) <= facts["max"]:
        return f"the game is for {facts['min']} to {facts['max']} players, not {len(names)}"
    twice = named_twice(names)
    if twice:
        return f"two players share the name {twice[0]}; give each a name of their own{twins_note(names, twice[0])}"
    return None
