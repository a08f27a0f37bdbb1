"""Does a well-formed position obey the rules of the game? Every problem at once (SPEC 3.2)."""

from __future__ import annotations

from collections import defaultdict

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import (
    CLEANUP_HAND_LIMIT,
    COMMISSION_COMPLETE,
    COMMISSION_SWAP,
    END_ROUND,
    SCORE_BONUS,
)
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import NOWHERE, WARNING, Places, Problem, player_key, problem_at
from pastiche_cli.kernel.words import plural

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_COMMISSIONS = 2
GALLERY_SIZE = 4
HAND_LIMIT = 8
HEXES_IN_HAND = 2
COMMISSION_CARDS = 34
POINTS_RANGE = (8, 16)
PALETTE_SIZE = (2, 7)


def consistency_problems(position: Position, places: Places = NOWHERE) -> list[Problem]:
    """Every way the position breaks the rules (errors) or looks odd (warnings), located through `places`."""
    from pastiche_cli.games.pastiche.core.board import board_problems  # one hex a cell, connected, at most 54

    return (
        _player_problems(position, places)
        + _card_problems(position)
        + _commission_problems(position, places)
        + _bonus_problems(position)
        + _turn_problems(position)
        + board_problems(position, places)
    )


def _turn_problems(position: Position) -> list[Problem]:
    """What `turn:` says that cannot be: a swap before the hex is laid, a game that should have ended."""
    from pastiche_cli.games.pastiche.core.endgame import reached_too_early, threshold_for

    turn = position.turn
    out = []
    if turn is not None and turn.swapped and turn.phase == "mixing":
        why = (
            f"turn.swapped is true in {turn.player}'s mixing phase, but the gallery swap is made in the painting "
            "phase, after the hex is laid: the flag is left from an earlier turn, and laying the hex (place "
            f"--apply) clears it [{COMMISSION_SWAP}]"
        )
        out.append(problem_at(turn.loc, "stale-swap", why, WARNING))
    late = reached_too_early(position)
    if late:
        assert turn is not None  # reached_too_early finds no one without a turn
        threshold, _ = threshold_for(position)
        why = (
            f"it cannot be {turn.player}'s turn: {' and '.join(late)}, later in turn order, already "
            f"{'has' if len(late) == 1 else 'have'} {threshold} completed commission points, which can only have "
            f"been reached in the round before, and the game ended at the end of that round [{END_ROUND}]"
        )
        out.append(problem_at(turn.loc, "ended-a-round-ago", why))
    return out


def _bonus_problems(position: Position) -> list[Problem]:
    """[score.bonus] A completed pair off the bonus table needs its printed value; say when print and table differ."""
    from pastiche_cli.games.pastiche.core.scoring import completed_pairs

    out = []
    for p in position.players:
        for first, second, pair in completed_pairs(p):
            if pair.bonus is None:
                # Only scoring needs the value (and `score` stops on it), so elsewhere this is a warning.
                why = (
                    f"{p.name}'s pair by {first.artist} sums to {pair.summed_points} points, outside the bonus "
                    f"table (15-31): add the 'artist_bonus' printed on the cards, which `score` needs [{SCORE_BONUS}]"
                )
                out.append(problem_at(second.loc, "missing-artist-bonus", why, WARNING))
            elif pair.disagrees:
                why = (
                    f"{first.artist}'s cards print a bonus of {pair.printed} but the table gives {pair.table} for "
                    f"{pair.summed_points} points; the printed value counts [{SCORE_BONUS}]"
                )
                out.append(problem_at(second.loc, "artist-bonus-table", why, WARNING))
    return out


def _player_problems(position: Position, places: Places) -> list[Problem]:
    """Two to four players, each named once, within the hand's limits; a gallery of four."""
    out = []
    n = len(position.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        why = f"Pastiche is for 2 to 4 players; this position has {n}"
        out.append(problem_at(places.loc("players"), "player-count", why))
    seen: dict[str, str] = {}
    for p in position.players:
        key = reading(p.name)
        if key in seen:
            why = f"two players are called '{p.name}'; names must be unique{explain_twins(seen[key], p.name)}"
            out.append(problem_at(p.loc, "duplicate-player", why))
        seen.setdefault(key, p.name)
        out += _hand_problems(position, p)
    if len(position.gallery) > GALLERY_SIZE:
        why = f"the gallery shows {len(position.gallery)} commissions; it holds {GALLERY_SIZE}"
        out.append(problem_at(places.loc("gallery"), "gallery-size", why))
    return out + _short_of_commissions(position, places)


def _hand_problems(position: Position, p: Player) -> list[Problem]:
    """Two commissions on the easels, two hexes, and [cleanup.hand-limit] eight cards at the turn's end."""
    out = []
    if len(p.commissions) > HAND_COMMISSIONS:
        why = (
            f"{p.name} holds {len(p.commissions)} commissions; a player has at most {HAND_COMMISSIONS} on their easels"
        )
        out.append(problem_at(p.loc, "too-many-commissions", why))
    if len(p.hexes) > HEXES_IN_HAND:
        why = f"{p.name} holds {len(p.hexes)} hexes; a player draws back up to {HEXES_IN_HAND}"
        out.append(problem_at(p.loc, "too-many-hexes", why))
    own_turn = position.turn is not None and position.turn.player.casefold() == p.name.casefold()
    if p.hand_size > HAND_LIMIT and not own_turn:
        why = (
            f"{p.name} holds {p.hand_size} palette cards outside their own turn; the limit of {HAND_LIMIT} is "
            f"enforced at the end of their turn, so this is legal only if trades since then raised it "
            f"[{CLEANUP_HAND_LIMIT}]"
        )
        out.append(problem_at(p.loc, "over-hand-limit", why, WARNING))
    return out


def _short_of_commissions(position: Position, places: Places) -> list[Problem]:
    """[commission.complete] Easels hold two commissions and the gallery four, until the deck runs out."""
    accounted = len({(reading(c.title), reading(c.artist)) for _, c in position.every_commission()})
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
        if player_key(p.index, "commissions") in places and len(p.commissions) < HAND_COMMISSIONS:
            why = (
                f"{p.name} has {plural(len(p.commissions), 'commission')} on their easels; a player always has "
                f"{HAND_COMMISSIONS}, a completed one being replaced from the deck straight away, and {deck} "
                f"[{COMMISSION_COMPLETE}]"
            )
            out.append(problem_at(p.loc, "few-commissions", why, WARNING))
    if "gallery" in places and len(position.gallery) < GALLERY_SIZE:
        why = (
            f"the gallery shows {plural(len(position.gallery), 'commission')}; it always shows {GALLERY_SIZE}, a "
            f"completed one being replaced at once (a swap leaves four), and {deck} [{COMMISSION_COMPLETE}]"
        )
        out.append(problem_at(places.loc("gallery"), "small-gallery", why, WARNING))
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
            why = f"{total} {card} cards are in hands ({who}), but the game has only {colours.copies(card)}"
            out.append(problem_at(last.loc, "too-many-copies", why))
    return out


def _commission_problems(position: Position, places: Places) -> list[Problem]:
    """Every commission card as printed, each card once, 34 in the game, two a painter with one bonus."""
    out = []
    first_seen: dict[tuple[str, str], tuple[str, Commission]] = {}
    cards_by_artist: dict[str, dict[tuple[str, str], Commission]] = defaultdict(dict)
    for where, c in position.every_commission():
        out += _printed_problems(c)
        card_key = (reading(c.title), reading(c.artist))
        if card_key in first_seen:
            other_where, other = first_seen[card_key]
            twins = explain_twins(other.title, c.title) or explain_twins(other.artist, c.artist)
            why = f"'{c.title}' by {c.artist} is in {where} and also in {other_where}; each commission card exists once"
            out.append(problem_at(c.loc, "duplicate-commission", why + twins))
        else:
            first_seen[card_key] = (where, c)
        cards_by_artist[reading(c.artist)].setdefault(card_key, c)
    if len(first_seen) > COMMISSION_CARDS:
        why = f"{len(first_seen)} different commissions appear; the game has {COMMISSION_CARDS}"
        out.append(problem_at(places.loc("players"), "too-many-commissions-in-game", why))
    for cards in cards_by_artist.values():
        out += _artist_problems(list(cards.values()))
    return out


def _printed_problems(c: Commission) -> list[Problem]:
    """What a commission card prints: 8 to 16 points, a positive artist bonus, a palette of 2 to 7 dabs."""
    out = []
    low, high = POINTS_RANGE
    if not low <= c.points <= high:
        why = f"'{c.title}' is worth {c.points}; commission cards print {low} to {high} points"
        out.append(problem_at(c.loc, "points-range", why))
    if c.artist_bonus is not None and c.artist_bonus < 1:
        # A bonus is something a pair earns: a zero or negative one would silently change the winner.
        why = f"'{c.title}' prints an artist bonus of {c.artist_bonus}; a printed bonus is a positive number of points"
        out.append(problem_at(c.loc, "artist-bonus-range", f"{why} [{SCORE_BONUS}]"))
    if c.has_palette and not PALETTE_SIZE[0] <= len(c.palette) <= PALETTE_SIZE[1]:
        why = (
            f"'{c.title}' needs {len(c.palette)} colour{'' if len(c.palette) == 1 else 's'}; a commission's "
            f"palette has {PALETTE_SIZE[0]} to {PALETTE_SIZE[1]} dabs"
        )
        out.append(problem_at(c.loc, "palette-size", why))
    return out


def _artist_problems(listed: list[Commission]) -> list[Problem]:
    """Each artist painted two commissions, whose cards print one artist bonus."""
    out = []
    artist = listed[0].artist
    if len(listed) > 2:
        why = f"{len(listed)} paintings by {artist} appear; each artist has two"
        out.append(problem_at(listed[2].loc, "artist-cards", why))
    printed = sorted({c.artist_bonus for c in listed if c.artist_bonus is not None})
    if len(printed) > 1:
        bonuses = ", ".join(map(str, printed))
        why = f"the two cards by {artist} print different artist bonuses ({bonuses}); check the cards"
        out.append(problem_at(listed[-1].loc, "artist-bonus-differs", why))
    return out
