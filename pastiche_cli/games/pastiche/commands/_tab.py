"""Pastiche's Tab completion: `shell_complete` callbacks that never raise (cli/tab.py: the scripts)."""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import chosen_player, file_end, file_key, file_player_names, items, position_path, replace

# What each file came to, in this process (a Tab runs one; several callbacks, and play's words, ask).
_READ: dict[tuple, tuple] = {}


def _loaded(ctx: click.Context) -> tuple:
    """(the position on the command line as far as it parses, a record's at its end, or None; whether it is over)."""
    path = position_path(ctx)
    catalogue = ctx.params.get("catalogue") if ctx is not None else None
    catalogue = catalogue if isinstance(catalogue, str) else None
    if path is None:
        return None, False
    key = (file_key(path), catalogue)
    if key not in _READ:
        _READ[key] = _read(ctx, path, catalogue)
    return _READ[key]


def _read(ctx: click.Context, path: str, catalogue: str | None) -> tuple:
    try:
        from pastiche_cli.formats.gamekey import is_record_text
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, parse_position

        text = read_text(path)
        if is_record_text(text):
            from pastiche_cli.games.pastiche.game import GAME

            return file_end(ctx, GAME, {"catalogue": catalogue})
        return parse_position(path, text, lambda: outside_catalogue(catalogue))[0], False
    except Exception:  # completion must never fail loudly
        return None, False


def player_names(ctx: click.Context) -> list[str]:
    """The players of the position; of a record whose replay stops, those its setup names."""
    position = _loaded(ctx)[0]
    return [p.name for p in position.players] if position is not None else file_player_names(ctx)


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
    position = _loaded(ctx)[0] if whose else None
    player = position.player(whose) if position is not None else None
    if player is None:
        return None
    from collections import Counter

    return Counter(dict(player.palette.items()))


def complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Card names after the last comma: --player's own (--with's for --receive), with how many are left."""
    from collections import Counter

    from pastiche_cli.games.pastiche.core.colours import parse_cards

    done, _, last = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    held = _held(ctx, param)
    if held is None:
        found = items(card_names(), last)
    else:
        left = Counter(held) - Counter(parse_cards(done)[0] if done else Counter())
        names = [n for n in card_names() if left[n] > 0 and n.casefold().startswith(last.casefold())]
        found = [items([n], last, help=f"{left[n]} held")[0] for n in names]
    return [replace(item, prefix + item.value) for item in found]


# swap's options: --give names a commission of the player's hand, --take one of the gallery.
HAND_ONLY = {"give_text", "give"}
GALLERY_ONLY = {"take_text", "take"}


def complete_commission(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Titles and ids of the player's hand and the gallery (for swap: --give the hand, --take the gallery)."""
    position = _loaded(ctx)[0]
    if position is None:
        return []
    player = position.player(chosen_player(ctx))
    name = getattr(param, "name", None)
    pools = []
    if name not in GALLERY_ONLY:
        pools += [player.commissions] if player is not None else [p.commissions for p in position.players]
    if name not in HAND_ONLY:
        pools.append(position.gallery)
    return items(_commissions(*pools), incomplete)


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
    position = _loaded(ctx)[0]
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


def _card_list(held, partial: str, nothing: bool = False) -> list[str]:
    """CARDS with the part after the last comma completed from `held` (None: any colour); `nothing` if empty."""
    from collections import Counter

    from pastiche_cli.games.pastiche.core.colours import parse_cards

    done, comma, _ = partial.rpartition(",")
    listed = parse_cards(done)[0] if comma else Counter()
    left = None if held is None else Counter(held) - Counter(listed)
    names = [n for n in card_names() if left is None or left[n] > 0]
    return [f"{done}{comma}{n}" for n in names] + (["nothing"] if nothing and not comma else [])


def _commissions(*pools) -> list[str]:
    """The ids (where a card has one) and titles of the commissions in `pools`."""
    return [ref for pool in pools for c in pool for ref in ((c.id, c.title) if c.id else (c.title,))]


def _deck(ctx: click.Context, position) -> list[str]:
    """The catalogue ids of the cards not in play (what `draw commission` may name), the outside catalogue's too."""
    from pastiche_cli.games.pastiche.core.commissions import in_play

    cards = dict(position.catalogue)
    try:
        from pastiche_cli.games.pastiche.formats.loader import outside_catalogue

        catalogue = ctx.params.get("catalogue") if ctx is not None else None
        cards = {**outside_catalogue(catalogue if isinstance(catalogue, str) else None), **cards}
    except Exception:  # an unreadable catalogue: the file's own cards
        pass
    return [cid for cid, card in cards.items() if in_play(position, card) is None]


def move_words(ctx: click.Context, done: list[str], partial: str) -> list:
    """The words `play`'s MOVE may take after `done`: the player to move, a verb, then what it names."""
    from collections import Counter

    from pastiche_cli.cli.tab import DONE, LIST, MORE, Word, move_opening, named
    from pastiche_cli.games.pastiche.game import GAME

    position, me, first = move_opening(GAME, _loaded(ctx), done)
    if me is None:
        return first
    verb, args = done[1].lower(), [a.lower() for a in done[2:]]
    hand = Counter(dict(me.palette.items()))
    if verb == "place":
        return _place_words(position, me, done[2:], partial)
    if verb == "trade":
        if not args:
            return [Word(w, LIST) for w in _card_list(hand, partial)]
        if len(args) == 1:
            return [Word("for"), Word("with")]
        if args[1] == "for" and len(args) == 2:
            return [Word(w, DONE) for w in card_names()]
        if args[1] != "with":
            return []
        other = named(position, done[4]) if len(args) > 2 else None
        if len(args) == 2:
            return [Word(p.name) for p in position.players if p is not me]
        if len(args) == 3:
            return [Word("for")]
        held = Counter(dict(other.palette.items())) if other is not None else None
        return [Word(w, DONE) for w in _card_list(held, partial, nothing=True)] if len(args) == 4 else []
    if verb == "swap":
        steps = [_commissions(me.commissions), ["for"], _commissions(position.gallery)]
        return [Word(w, DONE if len(args) == 2 else MORE) for w in steps[len(args)]] if len(args) < 3 else []
    if verb == "complete":
        return [Word(w, DONE) for w in _commissions(me.commissions, position.gallery)] if not args else []
    if verb == "draw":
        if not args:
            return [Word("commission"), Word("hex")]
        return [Word(w, DONE) for w in _deck(ctx, position)] if args == ["commission"] else []
    if verb == "discard":
        return [Word(w, DONE) for w in _card_list(hand, partial)] if not args else []
    return []


def _place_words(position, me, args: list[str], partial: str) -> list:
    """place HEX at Q,R [take COLOUR]: the hexes in hand, `at`, the open cells, `take`, the centre's colours."""
    from pastiche_cli.cli.tab import DONE, Word

    if not args:
        return [Word(h) for h in me.hexes]
    if len(args) == 1:
        return [Word("at")]
    if len(args) == 2:
        if position.start is None:
            return []
        from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
        from pastiche_cli.games.pastiche.core.geometry import cell_text

        return [Word(cell_text(c), DONE) for c in cell_labels(board_of(position)).values()]
    if len(args) == 3:
        return [Word("take")]
    if len(args) == 4:
        from pastiche_cli.games.pastiche.core.colours import DAB_NAMES
        from pastiche_cli.games.pastiche.core.notation import NotationError, parse_hex

        try:
            return [Word(DAB_NAMES[d], DONE) for d in parse_hex(args[0]).centre]
        except NotationError:
            return []
    return []
