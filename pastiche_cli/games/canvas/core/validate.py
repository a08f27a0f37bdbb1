"""What `check` reports about the rules (exit 4): the position is well formed but cannot happen in Canvas."""

from __future__ import annotations

from collections import defaultdict

from pastiche_cli.games.canvas.core.cards import (
    CARDS_PER_PAINTING,
    HAND_LIMIT,
    MARKET_SLOTS,
    MAX_PLAYERS,
    PAINTINGS_PER_PLAYER,
    TOKENS_PER_PLAYER,
)
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.games.canvas.core.rule_ids import END, PAINT, TAKE, TURN
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import NOWHERE, WARNING, Loc, Places, Problem, player_key, problem_at
from pastiche_cli.kernel.words import plural


def consistency_problems(position: Position, places: Places = NOWHERE, whole: bool = True) -> list[Problem]:
    """Every rule the position breaks (errors) and what no game reaches (warnings), located through `places`.

    `whole=False`: the position was read past format errors, so its turns and tokens are not counted."""
    out = _cards_once(position) + _players(position, places) + _scoring_twice(position, places)
    out += _market(position, places)
    if whole:
        out += _impossible(position, places)
    return out + _finished_turn(position, places) + _scoring_count(position, places)


def _player_at(places: Places, player, key: str) -> Loc:
    """Where the file gives this player's `key`, else the player's entry."""
    return places.loc(player_key(player.index, key), player.loc)


def _cards_once(position: Position) -> list[Problem]:
    """Each art card is in one place only."""
    first: dict[str, list] = defaultdict(list)
    for placed in position.places:
        first[placed.word].append(placed)
    out = []
    for word, places in first.items():
        for again in places[1:]:
            why = f"{word} is in {again.where} and also in {places[0].where} (line {places[0].loc.line}); "
            out.append(problem_at(again.loc, "card-twice", why + "each art card is in one place only"))
    return out


def _players(position: Position, places: Places) -> list[Problem]:
    """[canvas.take] [canvas.paint] Each player's name, hand, paintings and tokens, and how many play."""
    out: list[Problem] = []
    names: dict[str, str] = {}
    for p in position.players:
        key = reading(p.name)
        if key in names:
            twins = explain_twins(names[key], p.name)
            out.append(problem_at(p.loc, "duplicate-player", f"two players are named '{p.name}'{twins}"))
        names.setdefault(key, p.name)
        if p.hand_size > HAND_LIMIT:  # counted as listed: an unreadable card is still a card
            why = f"{p.name} holds {p.hand_size} art cards; a hand never holds more than {HAND_LIMIT} "
            why += f"(with {HAND_LIMIT} the next move must be a painting) [{TAKE}]"
            out.append(problem_at(_player_at(places, p, "hand"), "hand-too-large", why))
        if p.painting_count > PAINTINGS_PER_PLAYER:
            why = f"{p.name} has {p.painting_count} paintings; each player completes exactly {PAINTINGS_PER_PLAYER}"
            why += f" [{PAINT}]"
            out.append(problem_at(_player_at(places, p, "paintings"), "too-many-paintings", why))
        if p.inspiration < 0:
            why = f"{p.name} has {p.inspiration} inspiration tokens"
            out.append(problem_at(_player_at(places, p, "inspiration"), "negative-tokens", why))
    if len(position.players) > MAX_PLAYERS:
        why = f"{len(position.players)} players; Canvas is for 1 to {MAX_PLAYERS}"
        out.append(problem_at(position.players[MAX_PLAYERS].loc, "too-many-players", why))
    return out


def _scoring_twice(position: Position, places: Places) -> list[Problem]:
    """The scoring cards in play are distinct."""
    out, seen = [], set()
    for i, name in enumerate(position.scoring):
        if name in seen:
            why = f"the scoring card {name} is active twice; the cards in play are distinct"
            out.append(problem_at(places.loc(f"scoring[{i}]"), "scoring-twice", why))
        seen.add(name)
    return out


def _market(position: Position, places: Places) -> list[Problem]:
    """[canvas.take] Five slots, no negative tokens, and no more tokens in play than the players began with."""
    out = []
    market = position.market or ()
    if len(market) > MARKET_SLOTS:
        why = f"the market has {len(market)} cards; it has {MARKET_SLOTS} slots"
        out.append(problem_at(market[MARKET_SLOTS].loc, "market-too-large", why))
    for i, slot in enumerate(market):
        if slot.tokens < 0:
            out.append(problem_at(slot.loc, "negative-tokens", f"{slot.card} in slot {i + 1} has {slot.tokens} tokens"))
    players = position.players
    total = sum(p.inspiration for p in players) + sum(s.tokens for s in market)
    limit = TOKENS_PER_PLAYER * len(players)
    if players and total > limit and all(p.inspiration_read for p in players):
        why = f"{total} inspiration tokens in play (players and market); a game of {len(players)} "
        why += f"has {limit} ({TOKENS_PER_PLAYER} a player) [{TAKE}]"
        out.append(problem_at(_player_at(places, players[0], "inspiration"), "too-many-tokens", why))
    return out


def _finished_turn(position: Position, places: Places) -> list[Problem]:
    """[canvas.end] A player who has completed every painting has no turn."""
    turn = position.player(position.turn) if position.turn is not None else None
    if turn is None or turn.painting_count < PAINTINGS_PER_PLAYER:
        return []
    why = f"it cannot be {turn.name}'s turn: {turn.name} has completed {PAINTINGS_PER_PLAYER} paintings, "
    why += f"and a finished player's turns are passed over (once every player has finished, no turn follows) [{END}]"
    return [problem_at(places.loc("turn"), "turn-finished", why)]


def _scoring_count(position: Position, places: Places) -> list[Problem]:
    """A game uses four scoring cards (two or three in the simpler set-ups): a warning otherwise."""
    if not position.scoring or 2 <= len(position.scoring) <= 4:
        return []
    why = f"{len(position.scoring)} scoring cards are active; a game uses 4 (2 or 3 in the simpler set-ups)"
    return [problem_at(places.loc("scoring[0]"), "scoring-count", why, WARNING)]


def turns_taken(hand: int, paintings: int) -> int:
    """[canvas.turn] A player's turns so far: each took one card [canvas.take] or painted three [canvas.paint]."""
    return hand + (CARDS_PER_PAINTING + 1) * paintings


def _impossible(position: Position, places: Places) -> list[Problem]:
    """Warnings (a slip in writing a position down is still read) for what no game reaches, each number in bounds."""
    return _market_tokens(position, places) + _finished_hands(position, places) + _turns_apart(position)


def _market_tokens(position: Position, places: Places) -> list[Problem]:
    """[canvas.take] Slot 5 is fresh from the deck; with the whole market written out, every token is in play."""
    out: list[Problem] = []
    players, market = position.players, position.market or ()
    if len(market) > MARKET_SLOTS - 1 and market[MARKET_SLOTS - 1].tokens > 0:
        slot = market[MARKET_SLOTS - 1]
        why = f"{slot.card} in slot {MARKET_SLOTS} has {plural(slot.tokens, 'token')}; tokens go only on the cards "
        why += f"passed over (slots 1 to {MARKET_SLOTS - 1}), and the card in slot {MARKET_SLOTS} is always fresh "
        why += f"from the deck [{TAKE}]"
        out.append(problem_at(slot.loc, "tokens-on-slot-5", why, WARNING))
    held, laid = sum(p.inspiration for p in players), sum(s.tokens for s in market)
    limit = TOKENS_PER_PLAYER * len(players)
    if players and len(market) == MARKET_SLOTS and held + laid < limit:
        why = f"{held + laid} inspiration tokens in play (players {held}, market {laid}), not {limit}: each player "
        why += f"starts with {TOKENS_PER_PLAYER} and a token only moves between a player and the market, so with the "
        why += f"whole market written out there are always {limit} [{TAKE}]"
        out.append(problem_at(places.loc("market"), "tokens-missing", why, WARNING))
    return out


def _finished_hands(position: Position, places: Places) -> list[Problem]:
    """[canvas.end] The third painting leaves at most HAND_LIMIT - 3 cards, and a finished player takes none."""
    out = []
    for p in position.players:
        if len(p.paintings) >= PAINTINGS_PER_PLAYER and len(p.hand) >= CARDS_PER_PAINTING:
            why = f"{p.name} has completed {PAINTINGS_PER_PLAYER} paintings and still holds {len(p.hand)} cards; "
            why += f"the third painting left at most {HAND_LIMIT - CARDS_PER_PAINTING} (it was made from a hand "
            why += f"of at most {HAND_LIMIT}), and a finished player takes no more turns [{END}]"
            out.append(problem_at(_player_at(places, p, "hand"), "finished-hand", why, WARNING))
    return out


def _turns_apart(position: Position) -> list[Problem]:
    """[canvas.turn] Turns go round: one still painting is at most a turn from another; a finished one stopped early."""
    counts = [(p, turns_taken(len(p.hand), len(p.paintings))) for p in position.players]
    playing = [(p, n) for p, n in counts if len(p.paintings) < PAINTINGS_PER_PLAYER]
    if not playing:
        return []
    most, fewest = max(playing, key=lambda pn: pn[1]), min(playing, key=lambda pn: pn[1])
    out = []
    for p, n in counts:
        finished = len(p.paintings) >= PAINTINGS_PER_PLAYER
        apart = (most[1] - n > 1) if not finished else (n - fewest[1] > 1)
        if p is most[0] or not apart:
            continue
        other, m = most if not finished else fewest
        why = f"{p.name} has had {plural(n, 'turn')} ({len(p.hand)} in hand + {CARDS_PER_PAINTING + 1} × "
        why += f"{plural(len(p.paintings), 'painting')}) and {other.name} {m}: hands start empty and a turn takes one "
        why += "card or paints three, and turns go round the table (a finished player passed over), so a player "
        why += f"still painting is never more than one turn behind another [{TURN}]"
        out.append(problem_at(p.loc, "turns-apart", why, WARNING))
    return out
