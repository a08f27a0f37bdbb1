"""Does a well-formed position obey the rules of the game? Every problem at once (SPEC 3.2)."""

from __future__ import annotations

from collections import defaultdict

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Loc, Position
from pastiche_cli.games.pastiche.core.rule_ids import (
    CLEANUP_HAND_LIMIT,
    COMMISSION_COMPLETE,
    COMMISSION_SWAP,
    END_ROUND,
    SCORE_BONUS,
)
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import RULES, WARNING, Problem

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_COMMISSIONS = 2
GALLERY_SIZE = 4
HAND_LIMIT = 8
HEXES_IN_HAND = 2
COMMISSION_CARDS = 34
POINTS_RANGE = (8, 16)
PALETTE_SIZE = (2, 7)


def _at(loc: Loc, kind: str, code: str, message: str) -> Problem:
    return Problem(kind, code, message, loc.line, loc.column)


def consistency_problems(position: Position) -> list[Problem]:
    """Every way the position breaks the rules (errors) or looks odd (warnings)."""
    problems: list[Problem] = []
    problems += _player_problems(position)
    problems += _card_problems(position)
    problems += _commission_problems(position)
    problems += _bonus_problems(position)
    problems += _turn_problems(position)
    from pastiche_cli.games.pastiche.core.board import (
        board_problems,
    )  # the hex layout: one hex per cell, connected, at most 54

    problems += board_problems(position)
    return problems


def _turn_problems(position: Position) -> list[Problem]:
    """What `turn:` says that cannot be: a swap before the hex is laid, a game that should have ended."""
    from pastiche_cli.games.pastiche.core.endgame import reached_too_early, threshold_for

    turn = position.turn
    out = []
    if turn is not None and turn.swapped and turn.phase == "mixing":
        out.append(
            _at(
                turn.loc,
                WARNING,
                "stale-swap",
                f"turn.swapped is true in {turn.player}'s mixing phase, but the gallery swap is made in the "
                "painting phase, after the hex is laid: the flag is left from an earlier turn, and laying "
                f"the hex (place --apply) clears it [{COMMISSION_SWAP}]",
            )
        )
    late = reached_too_early(position)
    if late:
        assert turn is not None  # reached_too_early finds no one without a turn
        threshold, _ = threshold_for(position)
        out.append(
            _at(
                turn.loc,
                RULES,
                "ended-a-round-ago",
                f"it cannot be {turn.player}'s turn: {' and '.join(late)}, later in turn order, already "
                f"{'has' if len(late) == 1 else 'have'} {threshold} completed commission points, which can "
                "only have been reached in the round before, and the game ended at the end of that round "
                f"[{END_ROUND}]",
            )
        )
    return out


def _bonus_problems(position: Position) -> list[Problem]:
    """[score.bonus] A completed pair off the bonus table needs its printed value; say when print and table differ."""
    from pastiche_cli.games.pastiche.core.scoring import completed_pairs

    out = []
    for p in position.players:
        for first, second, pair in completed_pairs(p):
            if pair.bonus is None:
                # Only scoring needs the value (and `score` stops on it), so elsewhere this is a warning.
                out.append(
                    _at(
                        second.loc,
                        WARNING,
                        "missing-artist-bonus",
                        f"{p.name}'s pair by {first.artist} sums to {pair.summed_points} points, outside "
                        "the bonus table (15-31): add the 'artist_bonus' printed on the cards, which "
                        f"`score` needs [{SCORE_BONUS}]",
                    )
                )
            elif pair.disagrees:
                out.append(
                    _at(
                        second.loc,
                        WARNING,
                        "artist-bonus-table",
                        f"{first.artist}'s cards print a bonus of {pair.printed} but the table gives "
                        f"{pair.table} for {pair.summed_points} points; the printed value counts [{SCORE_BONUS}]",
                    )
                )
    return out


def _player_problems(position: Position) -> list[Problem]:
    out = []
    n = len(position.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        out.append(
            _at(
                position.loc("players"), RULES, "player-count", f"Pastiche is for 2 to 4 players; this position has {n}"
            )
        )
    seen: dict[str, str] = {}
    for p in position.players:
        key = reading(p.name)
        if key in seen:
            out.append(
                _at(
                    p.loc,
                    RULES,
                    "duplicate-player",
                    f"two players are called '{p.name}'; names must be unique{explain_twins(seen[key], p.name)}",
                )
            )
        seen.setdefault(key, p.name)
        key = p.name.casefold()
        if len(p.commissions) > HAND_COMMISSIONS:
            out.append(
                _at(
                    p.loc,
                    RULES,
                    "too-many-commissions",
                    f"{p.name} holds {len(p.commissions)} commissions; a player has at most "
                    f"{HAND_COMMISSIONS} on their easels",
                )
            )
        if len(p.hexes) > HEXES_IN_HAND:
            out.append(
                _at(
                    p.loc,
                    RULES,
                    "too-many-hexes",
                    f"{p.name} holds {len(p.hexes)} hexes; a player draws back up to {HEXES_IN_HAND}",
                )
            )
        own_turn = position.turn is not None and position.turn.player.casefold() == key
        if p.hand_size > HAND_LIMIT and not own_turn:
            out.append(
                _at(
                    p.loc,
                    WARNING,
                    "over-hand-limit",
                    f"{p.name} holds {p.hand_size} palette cards outside their own turn; the limit of "
                    f"{HAND_LIMIT} is enforced at the end of their turn, so this is legal only if "
                    f"trades since then raised it [{CLEANUP_HAND_LIMIT}]",
                )
            )
    if len(position.gallery) > GALLERY_SIZE:
        out.append(
            _at(
                position.loc("gallery"),
                RULES,
                "gallery-size",
                f"the gallery shows {len(position.gallery)} commissions; it holds {GALLERY_SIZE}",
            )
        )
    out += _short_of_commissions(position)
    return out


def _short_of_commissions(position: Position) -> list[Problem]:
    """[commission.complete] Easels hold two commissions and the gallery four, refilled from the deck at once after
    each completion; fewer is possible only once the deck has run out (or, for easels, when hands are
    secret and the file does not show them all)."""
    accounted = len({(reading(c.title), reading(c.artist)) for _, c in _all_commissions(position)})
    if accounted >= COMMISSION_CARDS:
        return []
    deck = (
        f"the file accounts for {accounted} of the {COMMISSION_CARDS} commission cards, so the deck still "
        f"holds {COMMISSION_CARDS - accounted}"
    )
    out = []
    # Easels are secret (rulebook "Player Setup"), so a file may well list only some of a player's
    # commissions; only with open hands does it show them all. The gallery is always face up.
    for p in position.players if position.house_rules.open_hands else ():
        if "commissions" in p.keys and len(p.commissions) < HAND_COMMISSIONS:
            out.append(
                _at(
                    p.loc,
                    WARNING,
                    "few-commissions",
                    f"{p.name} has {len(p.commissions)} commission{'' if len(p.commissions) == 1 else 's'} "
                    f"on their easels; a player always has {HAND_COMMISSIONS}, a completed one being "
                    f"replaced from the deck straight away, and {deck} [{COMMISSION_COMPLETE}]",
                )
            )
    if "gallery" in position.keys and len(position.gallery) < GALLERY_SIZE:
        n = len(position.gallery)
        out.append(
            _at(
                position.loc("gallery"),
                WARNING,
                "small-gallery",
                f"the gallery shows {n} commission{'' if n == 1 else 's'}; it always shows {GALLERY_SIZE}, "
                f"a completed one being replaced at once (a swap leaves four), and {deck} [{COMMISSION_COMPLETE}]",
            )
        )
    return out


def _card_problems(position: Position) -> list[Problem]:
    out = []
    held_by: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for p in position.players:
        for card, n in p.palette.items():
            if n:
                held_by[card].append((p.name, n))
    for card, holders in held_by.items():
        total = sum(n for _, n in holders)
        if total > colours.copies(card):
            last = position.players[[p.name for p in position.players].index(holders[-1][0])]
            who = ", ".join(f"{name} {n}" for name, n in holders)
            out.append(
                _at(
                    last.loc,
                    RULES,
                    "too-many-copies",
                    f"{total} {card} cards are in hands ({who}), but the game has only {colours.copies(card)}",
                )
            )
    return out


def _all_commissions(position: Position) -> list[tuple[str, Commission]]:
    out = [("the gallery", c) for c in position.gallery]
    for p in position.players:
        out += [(f"{p.name}'s hand", c) for c in p.commissions]
        out += [(f"{p.name}'s completed", c) for c in p.completed]
    return out


def _commission_problems(position: Position) -> list[Problem]:
    out = []
    every = _all_commissions(position)
    first_seen: dict[tuple[str, str], tuple[str, Commission]] = {}
    cards_by_artist: dict[str, dict[tuple[str, str], Commission]] = defaultdict(dict)
    for where, c in every:
        card_key = (reading(c.title), reading(c.artist))
        low, high = POINTS_RANGE
        if not low <= c.points <= high:
            out.append(
                _at(
                    c.loc,
                    RULES,
                    "points-range",
                    f"'{c.title}' is worth {c.points}; commission cards print {low} to {high} points",
                )
            )
        if c.artist_bonus is not None and c.artist_bonus < 1:
            # A bonus is something a pair earns: a zero or negative one would silently change the winner.
            out.append(
                _at(
                    c.loc,
                    RULES,
                    "artist-bonus-range",
                    f"'{c.title}' prints an artist bonus of {c.artist_bonus}; a printed bonus is a "
                    f"positive number of points [{SCORE_BONUS}]",
                )
            )
        if c.has_palette and not PALETTE_SIZE[0] <= len(c.palette) <= PALETTE_SIZE[1]:
            out.append(
                _at(
                    c.loc,
                    RULES,
                    "palette-size",
                    f"'{c.title}' needs {len(c.palette)} colour{'' if len(c.palette) == 1 else 's'}; "
                    "a commission's palette has "
                    f"{PALETTE_SIZE[0]} to {PALETTE_SIZE[1]} dabs",
                )
            )
        if card_key in first_seen:
            other_where, other = first_seen[card_key]
            twins = explain_twins(other.title, c.title) or explain_twins(other.artist, c.artist)
            out.append(
                _at(
                    c.loc,
                    RULES,
                    "duplicate-commission",
                    f"'{c.title}' by {c.artist} is in {where} and also in {other_where}; "
                    f"each commission card exists once{twins}",
                )
            )
        else:
            first_seen[card_key] = (where, c)
        cards_by_artist[reading(c.artist)].setdefault(card_key, c)
    if len(first_seen) > COMMISSION_CARDS:
        out.append(
            _at(
                position.loc("players"),
                RULES,
                "too-many-commissions-in-game",
                f"{len(first_seen)} different commissions appear; the game has {COMMISSION_CARDS}",
            )
        )
    for cards in cards_by_artist.values():
        listed = list(cards.values())
        if len(listed) > 2:
            out.append(
                _at(
                    listed[2].loc,
                    RULES,
                    "artist-cards",
                    f"{len(listed)} paintings by {listed[0].artist} appear; each artist has two",
                )
            )
        printed = {c.artist_bonus for c in listed if c.artist_bonus is not None}
        if len(printed) > 1:
            out.append(
                _at(
                    listed[-1].loc,
                    RULES,
                    "artist-bonus-differs",
                    f"the two cards by {listed[0].artist} print different artist bonuses "
                    f"({', '.join(str(b) for b in sorted(printed))}); check the cards",
                )
            )
    return out
