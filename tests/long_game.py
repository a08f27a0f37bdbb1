"""A long Pastiche game record for the page's size tests and benchmarks/bench_page.py: two players
(the setup of examples/records/two-player-game.yaml, with no end trigger) playing on until the hexes
run out, each move chosen by a simple greedy player and checked legal by the core as it goes."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "records" / "two-player-game.yaml"
HEXES = [
    "RYBRYB/B",
    "BRYBRY/Y",
    "YBRYBR/R",
    "RRBYYB/B",
    "BYRBYR/Y",
    "YYRRBB/R",
    "RBYRBY/RY",
    "BBYYRR/YB",
    "YRBYRB/R",
    "RYYBBR/B",
    "BRRYYB/Y",
    "YBBRRY/RB",
]


def greedy_game(limit: int) -> str:
    """A record of at most `limit` legal moves (fewer when the hexes run out first), as YAML text.

    The player lays the first legal hex, completes what can be completed, draws a commission when
    one is owed, discards down to the limit, draws hexes back up while any is left, and ends.
    """
    from pastiche_cli.formats.record import move_scalar
    from pastiche_cli.games.pastiche.core import moves
    from pastiche_cli.games.pastiche.core.board import board_of, open_cells
    from pastiche_cli.games.pastiche.core.commissions import in_play, statuses
    from pastiche_cli.games.pastiche.core.record import RULES
    from pastiche_cli.games.pastiche.formats.record import read_record

    text = EXAMPLE.read_text(encoding="utf-8")
    setup_text = text[: text.index("\nmoves:") + 1].replace(
        "house_rules: {end_threshold: 20}", "house_rules: {end_threshold: 400}"
    )
    record, _ = read_record("long.yaml", setup_text + "moves:\n")
    position = RULES.start(record.setup)
    played: list[str] = []
    turn = 0
    while len(played) < limit:
        me = position.player(position.turn.player)
        move = None
        if position.pending_draw is not None:
            deck = [cid for cid, c in position.catalogue.items() if in_play(position, c) is None]
            move = moves.DrawCommission(me.name, deck[0]) if deck else None
        elif position.turn.phase == "mixing":
            cells = open_cells(board_of(position))
            for text_hex in me.hexes:
                tile = moves.parse_hex(text_hex)
                candidates = (moves.Place(me.name, tile.rotated(k), cell) for k in range(6) for cell in cells)
                move = next((m for m in candidates if moves.judge(position, m).legal), None)
                if move:
                    break
            if move is None:
                move = moves.End(me.name)
        else:
            ready = [s for s in statuses(position, me) if s.completable and position.turn.phase == "painting"]
            if ready:
                move = moves.Complete(me.name, ready[0].commission.id)
            elif me.hand_size > 8:
                move = moves.Discard(me.name, list(me.palette.elements())[: me.hand_size - 8])
            elif len(me.hexes) < 2:
                drawn = (moves.DrawHex(me.name, HEXES[(turn + k) % len(HEXES)]) for k in range(len(HEXES)))
                move = next((m for m in drawn if moves.judge(position, m).legal), None) or moves.End(me.name)
            else:
                move = moves.End(me.name)
        if move is None or not moves.judge(position, move).legal:
            break
        if isinstance(move, moves.End):
            turn += 1
            if not me.hexes and not any(p.hexes for p in position.players) and played[-1:] == [str(move)]:
                break
        position = moves.apply(position, move)
        played.append(str(move))
    return setup_text + "moves:\n" + "".join(f"  - {move_scalar(m)}\n" for m in played)
