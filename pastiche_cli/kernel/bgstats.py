"""A kept play as BG Stats takes one from another app: a link that opens the app on the play.

The form many score apps use: `https://app.bgstatsapp.com/createPlay.html?data=` and the play as
URL-encoded JSON, `sourceName`, `sourcePlayId`, `playDate` (YYYY-MM-DD HH:MM:SS), `game` (`name`,
`sourceGameId`, `highestWins`, `noPoints`, and `bggId` only where the game's data carries it with its
source), `players` (`name`, `score`, `winner`, `rank`, `sourcePlayerId`, and `startPlayer` for the
player known to have started, a record's first mover) and `comments`. The game's facts are its
data/GAME/bgstats.json (pastiche_cli/facts.py reads it).
"""

from __future__ import annotations

import json
from urllib.parse import quote, unquote, urlsplit

from pastiche_cli.kernel.plays import Play

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "pastiche"


def bgstats_play(play: Play, facts: dict, decided: str = "") -> dict:
    """The play as BG Stats' JSON; `facts` the game's bgstats.json (`name`, `highestWins`, `noPoints`);
    `decided` the step that decided first place in the game's words (else its id)."""
    game = {
        "name": facts["name"],
        "sourceGameId": play.game,
        "highestWins": facts["highestWins"],
        "noPoints": facts["noPoints"],
    }
    if facts.get("bggId") is not None and facts.get("bggIdSource"):  # never a number without its source
        game["bggId"] = facts["bggId"]
    players = [
        {
            "name": s.name,
            "score": s.points,
            "winner": s.winner,
            "rank": s.place,
            "sourcePlayerId": player_id(s.name),
        }
        | ({"startPlayer": True} if s.started else {})  # BG Stats' default is false: said only when known
        for s in play.seats
    ]
    return {
        "sourceName": SOURCE,
        "sourcePlayId": play.source_id,
        "playDate": play.played,
        "game": game,
        "players": players,
        "comments": comments(play, decided),
    }


def player_id(name: str) -> str:
    """A player's id for BG Stats, the same for every play of theirs: the name in any case is one player."""
    return f"{SOURCE}:{name.casefold()}"


def comments(play: Play, decided: str = "") -> str:
    """The play's note in BG Stats: the file it was scored from, and how first place was decided (in
    the game's words, `decided`, as `score` says it; else the step's id)."""
    name = play.file.rsplit("/", 1)[-1]  # the file's name, without its folders
    return f"Scored by pastiche from {name} (decided by {decided or play.decided_by})."


# What a link's query may carry as it is (RFC 3986's pchar): JSON's most frequent punctuation. The
# rest is percent-encoded: quotes, braces and brackets, which some link readers stop at, and &, +, =,
# # and %, which a query reader would take for its own.
KEPT_AS_IS = ":,@/"


def link(play: Play, facts: dict, decided: str = "") -> str:
    """The link that opens BG Stats on this play: compact JSON, percent-encoded only where it must be, so
    its QR code is as small as can be (docs/history.md: the width it needs)."""
    data = json.dumps(bgstats_play(play, facts, decided), ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(data, safe=KEPT_AS_IS)


def decoded(url: str) -> dict:
    """The play a link carries (for tests and for a reader who wants to see what is sent)."""
    query = urlsplit(url).query
    if not query.startswith("data="):
        raise ValueError(f"not a BG Stats play link: {url[:60]}")
    return json.loads(unquote(query[len("data=") :]))
