"""What a YAML parser sees in a text, for tests that check what a rewrite wrote."""

import io


def anchors_and_aliases(text: str) -> tuple[list[str], list[str]]:
    """The anchors (&name) and aliases (*name) of a YAML text, as a parser sees them."""
    from ruamel.yaml import YAML

    anchors, aliases = [], []
    for event in YAML(typ="safe").parse(io.StringIO(text)):
        if type(event).__name__ == "AliasEvent":
            aliases.append(event.anchor)
        elif getattr(event, "anchor", None):
            anchors.append(event.anchor)
    return sorted(anchors), sorted(aliases)
