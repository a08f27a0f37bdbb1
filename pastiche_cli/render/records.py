"""A game record told for every game (`replay`, `play`, `undo`); `game` is its value, whose teller says its own."""

from __future__ import annotations

import os

from pastiche_cli.render.answer import Lines, Plain, Told
from pastiche_cli.render.told import fields


def turns(game, steps) -> list[tuple[int, str, tuple]]:
    """The record's steps by turn (its number, who began it, its steps), closed where `Rules.ends_turn` says."""
    grouped: list[list] = [[]]
    for step in steps:
        grouped[-1].append(step)
        if game.rules.ends_turn(step):
            grouped.append([])
    return [(k, turn[0].move.player, tuple(turn)) for k, turn in enumerate((t for t in grouped if t), 1)]


def playthrough(game, path: str, loaded) -> list[str]:
    """The playthrough as lines of text: the setup, every move turn by turn, the final scores."""
    replayed = loaded.replay
    teller = game.teller
    out = [teller.record_heading(os.path.basename(path), loaded.record, replayed), "", "Setup:"]
    out += teller.position_lines(replayed.setup)
    for number, player, steps in turns(game, replayed.steps):
        out += ["", f"Turn {number}: {player}"]
        for step in steps:
            v = step.verdict
            out.append(f"  {step.n}. {step.move}")
            out.append(f"     legal [{v.rule}]: {v.reason}")
            out += [f"     {line}" for line in teller.step_lines(step)]
    final = replayed.final
    out += ["", f"After move {len(replayed.steps)}:"]
    out += teller.position_lines(final)
    out.append("")
    out += teller.final_lines(final) if replayed.over else [teller.unfinished_line(final)]
    return out


def move_json(game, step) -> dict:
    v = step.verdict
    entry = {"n": step.n, "move": str(step.move), "player": step.move.player} | fields(v, "legal", "rule")
    entry |= {"effects": list(v.effects), "reason": v.reason, "notes": list(v.notes)}
    entry.update(game.teller.step_json(step))
    if step.triggers_end:
        entry["end_triggered"] = True
    if step.ends_game:
        entry["game_over"] = True
    return entry


def replay_json(game, replayed, scores: dict | None) -> dict:
    """`replay --json`: every move judged (the one that stops the replay last), the position after, the scores."""
    entries = [move_json(game, s) for s in replayed.steps]
    stop = replayed.stop
    if stop is not None and stop.verdict is not None:
        v = stop.verdict
        entry = {"n": stop.n, "move": stop.text, "player": stop.text.split()[0], "legal": False, "rule": v.rule}
        entries.append(entry | {"effects": [], "reason": v.reason, "notes": list(v.notes)})
    after = game.teller.position_json(replayed.final)
    return {"moves": entries, "position_after": after, "scores": scores, "over": replayed.over}


def played_json(n: int, move, verdict, rewritten: str | None, played: bool) -> dict:
    """`play --json`: the move, whether it was played, how it was put in the notation (`rewritten`), its verdict."""
    said = {"rewritten": rewritten} if rewritten else {}
    return {"n": n, "move": str(move), "player": move.player, "played": played, **said, **verdict.as_json()}


def played_told(n: int, move, verdict, rewritten: str | None) -> Told:
    """`play`: the move added as move `n`, its verdict and what it did."""
    lines = [f"Move {n} played: {move}", f"  legal [{verdict.rule}]: {verdict.reason}"]
    lines += [f"  ({rewritten})"] if rewritten else []
    lines += [f"  {effect}" for effect in verdict.effects] + [f"  note: {note}" for note in verdict.notes]
    return Told(played_json(n, move, verdict, rewritten, True), [Lines(lines)])


def refused_told(n: int, move, verdict, rewritten: str | None) -> Told:
    """`play` refused: the verdict as JSON, on stderr in words; the record is left as it was."""
    said = f"pastiche: not played: move {n}, `{move}`: {verdict.reason} [{verdict.rule}]"
    return Told(played_json(n, move, verdict, rewritten, False), (), said)


def undone_told(n: int, taken: str, turn: str | None) -> Told:
    """`undo`: the move taken back, and whose turn it is now (`turn`: the game's line, or None)."""
    return Told(None, [Plain([f"Took back move {n}: {taken}", *([turn] if turn else [])])])
