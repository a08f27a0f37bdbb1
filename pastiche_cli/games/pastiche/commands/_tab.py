"""Pastiche's Tab completion: click `shell_complete` callbacks for its commands' options.

Built on the shell's completion (cli/tab.py: the scripts, `items`, the POSITION on the command
line); like those, a callback never raises (a missing or broken file: no completions).

    @click.option("--player", shell_complete=complete_player)     # names from the POSITION argument
    @click.option("--with", "other", shell_complete=complete_other_player)
    @click.option("--give", shell_complete=complete_cards)        # teal,te<TAB> -> teal,teal
    @click.option("--get", shell_complete=complete_card)          # one colour name
"""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import chosen_player, items, position_path, replace

# --- where the position is ----------------------------------------------------------------------


def _position(ctx: click.Context):
    """The position (as far as it parses) or None; warnings and errors are ignored here."""
    path = position_path(ctx)
    if path is None:
        return None
    try:
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.games.pastiche.formats.loader import parse_position

        position, _ = parse_position(path, read_text(path))
        return position
    except Exception:  # completion must never fail loudly
        return None


def player_names(ctx: click.Context) -> list[str]:
    position = _position(ctx)
    return [p.name for p in position.players] if position is not None else []


# --- callbacks ------------------------------------------------------------------------------------


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Player names from the POSITION on the command line (for --player)."""
    return items(player_names(ctx), incomplete)


def complete_other_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Player names except the one already given with --player (for --with)."""
    chosen = chosen_player(ctx).casefold()
    return items((n for n in player_names(ctx) if n.casefold() != chosen), incomplete)


def card_names() -> list[str]:
    from pastiche_cli.games.pastiche.core.colours import card_names as names

    return list(names())


def complete_card(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """One palette card name (for --get)."""
    return items(card_names(), incomplete)


# Which player's hand a card option draws from: --give and --cards the player's own (--player),
# --receive the other player's (--with); any other CARDS option (a catalogue palette) every colour.
OWN_CARDS = {"gives", "give", "cards_text", "cards"}
OTHERS_CARDS = {"receives", "receive"}


def _held(ctx: click.Context, param: click.Parameter):
    """The cards the option may name from a hand (a Counter), or None: any colour may be named."""
    name = getattr(param, "name", None)
    if name in OWN_CARDS:
        whose = chosen_player(ctx)
    elif name in OTHERS_CARDS:
        whose = str(ctx.params.get("other_name") or ctx.params.get("other") or "") if ctx is not None else ""
    else:
        return None
    position = _position(ctx) if whose else None
    player = position.player(whose) if position is not None else None
    if player is None:
        return None
    from collections import Counter

    return Counter(dict(player.palette.items()))


def complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Comma-separated palette card names: completes the part after the last comma (--give, --cards).

    For --give and --cards the player's own cards (--player), for --receive the other player's
    (--with), each with how many are left after the names already listed; else every colour.
    """
    from collections import Counter

    from pastiche_cli.games.pastiche.core.colours import parse_cards

    done, _, last = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    held = _held(ctx, param)
    if held is None:
        return [replace(item, prefix + item.value) for item in items(card_names(), last)]
    listed, _unknown = parse_cards(done) if done else (Counter(), ())
    left = Counter(held) - Counter(listed)
    return [
        replace(item, prefix + item.value)
        for item in (
            items([n], last, help=f"{left[n]} held")[0]
            for n in card_names()
            if left[n] > 0 and n.casefold().startswith(last.casefold())
        )
    ]


# swap's options: --give names a commission of the player's hand, --take one of the gallery.
HAND_ONLY = {"give_text", "give"}
GALLERY_ONLY = {"take_text", "take"}


def complete_commission(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Titles (and catalogue ids) of the commissions in the position: that player's hand and the gallery.

    Without --player yet, every hand; for swap, --give offers the hand only and --take the gallery only.
    """
    position = _position(ctx)
    if position is None:
        return []
    player = position.player(chosen_player(ctx))
    name = getattr(param, "name", None)
    pools = []
    if name not in GALLERY_ONLY:
        pools += [player.commissions] if player is not None else [p.commissions for p in position.players]
    if name not in HAND_ONLY:
        pools.append(position.gallery)
    values = []
    for pool in pools:
        for c in pool:
            values += [c.id] if c.id else []
            values.append(c.title)
    return items(values, incomplete)


def complete_catalogue_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Ids in the catalogue the command line names (--catalogue) or the user's saved one."""
    try:
        from pastiche_cli.games.pastiche.formats.catalogue import read_cards

        cards = read_cards(ctx.params.get("catalogue") or (ctx.parent.params.get("catalogue") if ctx.parent else None))
    except Exception:
        return []
    return items(cards, incomplete)


def complete_open_cell(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The open cells of the POSITION's board, by the labels `pastiche board` prints (for place --at)."""
    position = _position(ctx)
    if position is None or position.start is None:
        return []
    try:
        from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
        from pastiche_cli.games.pastiche.core.geometry import cell_text

        labels = cell_labels(board_of(position))
    except Exception:  # completion must never fail loudly
        return []
    return items(labels, incomplete) + [item for item in items((cell_text(c) for c in labels.values()), incomplete)]


def complete_take(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """`mix`, or `centre:COLOUR` for each primary the HEX on the command line shows (for place --take)."""
    from pastiche_cli.games.pastiche.core.colours import DAB_NAMES
    from pastiche_cli.games.pastiche.core.notation import NotationError, parse_hex

    # While completing, click may leave the positional arguments unparsed in ctx.args.
    words = [ctx.params.get("hex_text")] + list(getattr(ctx, "args", []))
    centre = "RYB"  # no HEX on the line yet, or a half-typed one: offer every primary
    for word in words:
        try:
            centre = parse_hex(str(word or "")).centre
            break
        except NotationError:
            continue
    return items(["mix"] + [f"centre:{DAB_NAMES[d]}" for d in centre], incomplete)
