"""Masterpiece's Tab completion (cli/tab.py); OWNER: words complete in zsh and fish only. A callback never raises."""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import chosen_player, file_end, items, owner_prefixed, replace


def card_id(card) -> str:
    """A card as the command line writes it: one word, `pink-3`."""
    return f"{card.suit}-{card.value}"


def _loaded(ctx: click.Context) -> tuple:
    """cli/tab.file_end (the FILE's position or None, whether its game is over) with the command line's --theses."""
    from pastiche_cli.games.masterpiece.game import GAME

    theses = ctx.params.get("theses") if ctx is not None else None
    return file_end(ctx, GAME, {"theses": theses} if theses else {})


def _hand(ctx: click.Context) -> list[str]:
    """The --player's hand cards as ids ([] when the file or the player is not known)."""
    position = _loaded(ctx)[0]
    player = position.player(chosen_player(ctx)) if position is not None else None
    return [card_id(c) for c in player.hand] if player is not None else []


def _of_owner(ctx: click.Context, incomplete: str, listed) -> list:
    """OWNER:WORD, the words `listed(player)` gives of OWNER."""
    position = _loaded(ctx)[0]

    def words(owner: str):
        player = position.player(owner) if position is not None else None
        return listed(player) if player is not None else []

    return owner_prefixed(ctx, incomplete, words)


def complete_thesis(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The thesis ids of the position's table (present --thesis)."""
    position = _loaded(ctx)[0]
    return items((t.id for t in position.theses), incomplete) if position is not None else []


def complete_hand_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The --player's hand cards as ids, comma-separated: completes the part after the last comma."""
    done, _, last = incomplete.rpartition(",")
    left = _hand(ctx)
    for word in [w.strip().lower() for w in done.split(",")] if done else []:
        if word in left:
            left.remove(word)
    prefix = done + "," if done else ""
    return [replace(item, prefix + item.value) for item in items(left, last)]


def complete_cite(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:CARD, a card under OWNER's accepted thesis (present --cite)."""
    return _of_owner(ctx, incomplete, lambda player: [card_id(c) for a in player.accepted for c in a.cards])


def complete_gift(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:CARD, a card of the --player's hand given to OWNER (present --give)."""
    hand = _hand(ctx)
    return owner_prefixed(ctx, incomplete, lambda owner: hand)


def complete_from(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:THESIS, a thesis OWNER has published, under review (review --from)."""
    return _of_owner(ctx, incomplete, lambda player: [p.thesis for p in player.published])


def complete_review_take(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The cards under the thesis --from names (review --take); every published card without --from."""
    position = _loaded(ctx)[0]
    if position is None:
        return []
    owner, _, thesis = str(ctx.params.get("from_text") or "").partition(":")
    cards = []
    for player in position.players:
        if owner and player.name.casefold() != owner.strip().casefold():
            continue
        for published in player.published:
            if not thesis or published.thesis == thesis.strip():
                cards += [card_id(c) for c in published.cards]
    return items(cards, incomplete)


def move_words(ctx: click.Context, done: list[str], partial: str) -> list:
    """The words `play`'s MOVE may take after `done` (research's cards drawn are unknown here)."""
    from pastiche_cli.cli.tab import DONE, Word, move_opening, named
    from pastiche_cli.games.masterpiece.core.moves import card_word
    from pastiche_cli.games.masterpiece.game import GAME

    position, me, first = move_opening(GAME, _loaded(ctx), done)
    if me is None:
        return first
    verb, args = done[1].lower(), done[2:]
    hand = [card_word(c) for c in me.hand]
    others = [p for p in position.players if p is not me]
    if verb == "research":
        return [Word("keep"), Word("take")] if not args else []
    if verb == "flag":
        return [Word(w, DONE) for w in hand] if not args else []
    if verb == "review":
        owner = named(position, args[0]) if args else None
        if not args:
            return [Word(p.name) for p in others if p.published]
        if owner is None:
            return []
        if len(args) == 1:
            return [Word(p.thesis) for p in owner.published]
        if len(args) == 2:
            return [Word("take")]
        under = [p for p in owner.published if p.thesis == args[1]]
        return [Word(card_word(c), DONE) for p in under for c in p.cards] if len(args) == 3 else []
    if verb != "present":
        return []
    if not args:
        return [Word(t.id) for t in position.theses]
    if len(args) == 1:
        return [Word(w, DONE) for w in _listed(hand, partial)]
    step = (len(args) - 2) % 3
    if step == 0:
        return [Word("cite"), Word("give")]
    if step == 1:
        return [Word(p.name) for p in others]
    owner = named(position, args[-1])
    if owner is None:
        return []
    if args[-2].lower() == "cite":
        cited = [card_word(c) for a in owner.accepted for c in a.cards]
        return [Word(w, DONE) for w in _listed(cited, partial)]
    return [Word(w, DONE) for w in _listed(hand, partial)]


def _listed(cards: list[str], partial: str) -> list[str]:
    """CARDS, a comma list: the part after the last comma completed with the cards not listed before it."""
    done, comma, _ = partial.rpartition(",")
    left = list(cards)
    for word in done.split(",") if comma else ():
        folded = [c.casefold() for c in left]
        if word.strip().casefold() in folded:
            del left[folded.index(word.strip().casefold())]
    return [f"{done}{comma}{c}" for c in dict.fromkeys(left)]
