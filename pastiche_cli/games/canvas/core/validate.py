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
from pastiche_cli.games.canvas.core.position import Loc, Position
from pastiche_cli.games.canvas.core.rule_ids import END, PAINT, TAKE, TURN
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import RULES, WARNING, Problem


def _at(loc: Loc, code: str, message: str, kind: str = RULES) -> Problem:
    return Problem(kind, code, message, loc.line, loc.column)


def consistency_problems(position: Position, whole: bool = True) -> list[Problem]:
    """Every rule the position breaks (errors) and what no game reaches (warnings). `whole=False`: the position
    was read past format errors (a card or painting left out), so its turns and tokens are not counted."""
    out: list[Problem] = []
    first: dict[str, list] = defaultdict(list)
    for placed in position.places:
        first[placed.word].append(placed)
    for word, places in first.items():
        for again in places[1:]:
            out.append(
                _at(
                    again.loc,
                    "card-twice",
                    f"{word} is in {again.where} and also in {places[0].where} "
                    f"(line {places[0].loc.line}); each art card is in one place only",
                )
            )
    names: dict[str, str] = {}
    for p in position.players:
        key = reading(p.name)
        if key in names:
            out.append(
                _at(p.loc, "duplicate-player", f"two players are named '{p.name}'{explain_twins(names[key], p.name)}")
            )
        names.setdefault(key, p.name)
        if p.hand_size > HAND_LIMIT:  # counted as listed: an unreadable card is still a card
            out.append(
                _at(
                    p.hand_loc,
                    "hand-too-large",
                    f"{p.name} holds {p.hand_size} art cards; a hand never holds more than {HAND_LIMIT} "
                    f"(with {HAND_LIMIT} the next move must be a painting) [{TAKE}]",
                )
            )
        if p.painting_count > PAINTINGS_PER_PLAYER:
            out.append(
                _at(
                    p.paintings_loc,
                    "too-many-paintings",
                    f"{p.name} has {p.painting_count} paintings; each player completes exactly "
                    f"{PAINTINGS_PER_PLAYER} [{PAINT}]",
                )
            )
        if p.inspiration < 0:
            out.append(_at(p.inspiration_loc, "negative-tokens", f"{p.name} has {p.inspiration} inspiration tokens"))
    if len(position.players) > MAX_PLAYERS:
        out.append(
            _at(
                position.players[MAX_PLAYERS].loc,
                "too-many-players",
                f"{len(position.players)} players; Canvas is for 1 to {MAX_PLAYERS}",
            )
        )
    seen: dict[str, int] = {}
    for i, name in enumerate(position.scoring):
        if name in seen:
            loc = position.scoring_locs[i] if i < len(position.scoring_locs) else Loc()
            out.append(
                _at(loc, "scoring-twice", f"the scoring card {name} is active twice; the cards in play are distinct")
            )
        seen[name] = i
    market = position.market or ()
    if len(market) > MARKET_SLOTS:
        out.append(
            _at(
                market[MARKET_SLOTS].loc,
                "market-too-large",
                f"the market has {len(market)} cards; it has {MARKET_SLOTS} slots",
            )
        )
    for i, slot in enumerate(market):
        if slot.tokens < 0:
            out.append(_at(slot.loc, "negative-tokens", f"{slot.card} in slot {i + 1} has {slot.tokens} tokens"))
    total = sum(p.inspiration for p in position.players) + sum(s.tokens for s in market)
    limit = TOKENS_PER_PLAYER * len(position.players)
    if position.players and total > limit and all(p.inspiration_read for p in position.players):
        out.append(
            _at(
                position.players[0].inspiration_loc,
                "too-many-tokens",
                f"{total} inspiration tokens in play (players and market); a game of {len(position.players)} "
                f"has {limit} ({TOKENS_PER_PLAYER} a player) [{TAKE}]",
            )
        )
    if whole:
        out += _impossible(position)
    turn = position.player(position.turn) if position.turn is not None else None
    if turn is not None and turn.painting_count >= PAINTINGS_PER_PLAYER:
        out.append(
            _at(
                position.turn_loc,
                "turn-finished",
                f"it cannot be {turn.name}'s turn: {turn.name} has completed {PAINTINGS_PER_PLAYER} paintings, "
                f"and a finished player's turns are passed over (once every player has finished, no turn "
                f"follows) [{END}]",
            )
        )
    if position.scoring and not 2 <= len(position.scoring) <= 4:
        out.append(
            _at(
                position.scoring_locs[0] if position.scoring_locs else Loc(),
                "scoring-count",
                f"{len(position.scoring)} scoring cards are active; a game uses 4 (2 or 3 in the simpler set-ups)",
                WARNING,
            )
        )
    return out


def turns_taken(hand: int, paintings: int) -> int:
    """[canvas.turn] How many turns a player has had: a hand starts empty and every turn either takes one card
    [canvas.take] or paints three of them [canvas.paint], so a player who holds `hand` cards and has completed
    `paintings` has taken hand + 3 × paintings cards and painted `paintings` times."""
    return hand + (CARDS_PER_PAINTING + 1) * paintings


def _impossible(position: Position) -> list[Problem]:
    """Warnings for what no game of Canvas can reach, though each number alone is within its limits: the
    tokens not all in play, tokens on slot 5, a finished player still holding 3 cards, turn counts too far
    apart. Warnings, not errors: a group may have written a position down with a slip and still want it read."""
    out: list[Problem] = []
    players = position.players
    market = position.market or ()
    if len(market) > MARKET_SLOTS - 1 and market[MARKET_SLOTS - 1].tokens > 0:
        slot = market[MARKET_SLOTS - 1]
        out.append(
            _at(
                slot.loc,
                "tokens-on-slot-5",
                f"{slot.card} in slot {MARKET_SLOTS} has {slot.tokens} token{'' if slot.tokens == 1 else 's'}; "
                f"tokens go only on the cards passed over (slots 1 to {MARKET_SLOTS - 1}), and the card in slot "
                f"{MARKET_SLOTS} is always fresh from the deck [{TAKE}]",
                WARNING,
            )
        )
    total = sum(p.inspiration for p in players) + sum(s.tokens for s in market)
    limit = TOKENS_PER_PLAYER * len(players)
    if players and len(market) == MARKET_SLOTS and total < limit:
        out.append(
            _at(
                position.market_loc,
                "tokens-missing",
                f"{total} inspiration tokens in play (players {sum(p.inspiration for p in players)}, market "
                f"{sum(s.tokens for s in market)}), not {limit}: each player starts with {TOKENS_PER_PLAYER} and "
                f"a token only moves between a player and the market, so with the whole market written out "
                f"there are always {limit} [{TAKE}]",
                WARNING,
            )
        )
    for p in players:
        if len(p.paintings) >= PAINTINGS_PER_PLAYER and len(p.hand) >= CARDS_PER_PAINTING:
            out.append(
                _at(
                    p.hand_loc,
                    "finished-hand",
                    f"{p.name} has completed {PAINTINGS_PER_PLAYER} paintings and still holds {len(p.hand)} cards; "
                    f"the third painting left at most {HAND_LIMIT - CARDS_PER_PAINTING} (it was made from a hand "
                    f"of at most {HAND_LIMIT}), and a finished player takes no more turns [{END}]",
                    WARNING,
                )
            )
    counts = [(p, turns_taken(len(p.hand), len(p.paintings))) for p in players]
    playing = [(p, n) for p, n in counts if len(p.paintings) < PAINTINGS_PER_PLAYER]
    if playing:
        most = max(playing, key=lambda pn: pn[1])
        for p, n in counts:
            finished = len(p.paintings) >= PAINTINGS_PER_PLAYER
            # a player still painting is never more than one turn from another; a finished one stopped early
            apart = (most[1] - n > 1) if not finished else (n - min(m for _, m in playing) > 1)
            if p is most[0] or not apart:
                continue
            other, m = most if not finished else min(playing, key=lambda pn: pn[1])
            out.append(
                _at(
                    p.loc,
                    "turns-apart",
                    f"{p.name} has had {n} turn{'' if n == 1 else 's'} ({len(p.hand)} in hand + "
                    f"{CARDS_PER_PAINTING + 1} × {len(p.paintings)} painting{'' if len(p.paintings) == 1 else 's'}) "
                    f"and {other.name} {m}: hands start empty and a turn takes one card or paints three, and turns "
                    f"go round the table (a finished player passed over), so a player still painting is never more "
                    f"than one turn behind another [{TURN}]",
                    WARNING,
                )
            )
    return out
