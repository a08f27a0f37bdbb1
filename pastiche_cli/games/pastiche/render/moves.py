"""The answers of `trade`, `swap`, `complete`, `discard` and `plan`, as JSON and in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP_HAND_LIMIT, COMMISSION_COMPLETE, SCORE_PALETTE, TRADE
from pastiche_cli.render.answer import BLANK, Lines, Plain, Table, Told
from pastiche_cli.render.told import fields, plural

if TYPE_CHECKING:
    from pastiche_cli.games.pastiche.core.trading import SequenceVerdict, TradeVerdict

FROM_TURN = "whose turn it is (the file's `turn:`)"  # said of a player the file's turn chose


def for_player(name: str, from_turn: bool) -> list[str]:
    """The line naming the player the file's `turn:` chose, when it chose."""
    return [f"For {name}, {FROM_TURN}:"] if from_turn else []


def trade_json(result: SequenceVerdict, applied: bool) -> dict:
    turn = result.turn
    said = {"legal": result.legal} | fields(result.deciding, "rule", "reason") | {"turn_checked": turn.checked}
    trades = [t.as_json() for t in result.trades]
    return said | {"notes": [turn.note] if turn.note else [], "trades": trades, "applied": applied}


def _trade_line(i: int, t: TradeVerdict) -> str:
    what = t.what()
    if not t.judged:
        return f"{i}. {what}: not judged (an earlier trade was refused)"
    word = "legal" if t.legal else "NOT legal"
    return f"{i}. {what}: {word} [{t.rule}]: {t.reason}"


def trade_told(result: SequenceVerdict, player: str, from_turn: bool, path: str, apply: bool, applied: bool) -> Told:
    """`trade`'s answer: each trade judged in order, the hand after, and whether --apply recorded them."""
    lines = for_player(player, from_turn) + [_trade_line(i, t) for i, t in enumerate(result.trades, 1)]
    if result.legal:
        after = result.hands_after[player]
        lines.append(f"{player}'s hand after: {colours.describe(after)} ({sum(after.values())} cards)")
    if result.turn.note:
        lines.append(f"Note: {result.turn.note}.")
    said = [f"Recorded in {path}."] if applied else ["Nothing was recorded: the trade is not legal."]
    text = [Lines(lines)] + ([Plain(said)] if apply else [])  # the file's name stays as it is
    return Told({"player": player, "player_from_turn": from_turn, **trade_json(result, applied)}, text)


def complete_json(player: str, from_turn: bool, answer, shown, applied) -> dict:
    """`complete --json`: the answer, the turn, every commission asked about, which complete together."""
    legal, rule, reason, turn, verdict, together = answer
    out = {"player": player, "player_from_turn": from_turn, "legal": legal, "rule": rule, "reason": reason}
    out |= {"turn_checked": turn.checked, "notes": [turn.note] if turn.note else []}
    out |= {"commissions": [s.as_json() for s in shown], "applied": applied is not None}
    if together is not None:
        sets = [t.as_json() for t in together.sets]
        out["together"] = {"rule": together.rule, "sets": sets, "all_listed": together.whole}
    if applied is not None:
        out["completed"] = applied.commission.title
        out["hand_after"] = list(verdict.hand_after)
        out["draw"] = "hand" if applied.source == "hand" else "gallery"
    return out


def _together_lines(together) -> list[str]:
    """The sets of commissions completable together, when there is a choice to show."""
    if together is None or not together.sets or len(together.sets[0].members) + len(together.sets) <= 2:
        return []
    lines = [f"Completable together with this hand [{together.rule}] (each set as large as it can be):"]
    for n, t in enumerate(together.sets, 1):
        titles = " + ".join(f"'{m.commission.title}'" for m in t.members)
        leaves = ", ".join(t.hand_after) or "nothing"
        lines.append(f"  {n}. {titles}: {t.points} points, using {', '.join(t.cards)}; leaves {leaves}")
    return lines + ([] if together.whole else [f"  (the first {len(together.sets)} sets; there may be more)"])


def _commission_rows(me, shown) -> list:
    holds = f"{me.name} holds {colours.describe(me.palette)}"
    if not shown:
        return [Plain([f"{holds}, no commission card, and the gallery is empty: there is no commission to complete."])]
    rows = [
        [
            s.source,
            s.commission.title,
            s.commission.points,
            ", ".join(s.commission.palette),
            "yes" if s.completable else "no",
            ", ".join(s.missing) or "-",
        ]
        for s in shown
    ]
    headers = ["where", "commission", "points", "palette", "completable", "missing"]
    return [Table(headers, rows, holds, wrap_columns=(1, 3, 5))]  # at 80 columns titles and card lists wrap


def complete_told(me, from_turn: bool, answer, shown, path: str, apply: bool, applied) -> Told:
    """`complete`'s answer on the commissions `shown`; `applied`: the one --apply completed, or None."""
    legal, rule, reason, turn, _, together = answer
    lines = [f"{'Yes' if legal else 'No'} [{rule}]: {reason}.", *_together_lines(together)]
    lines += [f"Note: {turn.note}."] if turn.note else []
    text = [Plain(for_player(me.name, from_turn)), *_commission_rows(me, shown), BLANK, Lines(lines)]
    if applied is not None:
        c = applied.commission
        where = f"into {me.name}'s hand" if applied.source == "hand" else "for the gallery"
        said = [
            f"Recorded in {path}: '{c.title}' completed ({c.points} points); "
            f"{colours.describe(c.needs)} went back to the bank.",
            f"Now draw a new commission card {where} and add it to the file.",
        ]
        text.append(Plain(said))
    elif apply:
        text.append(Plain(["Nothing was recorded."]))
    return Told(complete_json(me.name, from_turn, answer, shown, applied), text)


TOO_BIG = "not planned: the exact search passed {:,} hands (too many cards to search every sequence of trades)"


def _plan_json(s, p, lost, limit: int) -> dict:
    reachable = p is not None and p.reachable
    answer = {"title": s.commission.title, "source": s.source, "reachable": None if p is None else p.reachable}
    answer |= {"completable_now": s.completable, "trades": len(p.steps) if reachable else None}
    answer["steps"] = [st.as_json() for st in p.steps] if p else []
    answer |= {key: list(getattr(p, key)) if p else [] for key in ("spent", "given", "hand_after")}
    answer |= {"value_lost": lost if reachable else None, "missing": list(p.missing_now if p else s.missing)}
    answer["blockers"] = list(p.blockers) if p else []
    return answer if p else answer | {"notes": [TOO_BIG.format(limit)]}


def _plan_lines(s, p, lost, limit: int) -> list[str]:
    """One commission's plan in words: the fewest trades, what they spend and what the hand keeps."""
    head = f"{s.commission.title} ({s.source}, needs {', '.join(s.commission.palette)})"
    if p is None:
        return [f"{head}: {TOO_BIG.format(limit)}; missing {', '.join(s.missing)}."]
    if not p.reachable:
        why = [f"  why: {why}" for why in p.blockers]
        return [f"{head}: not reachable by trades alone; missing {', '.join(p.missing_now)}.", *why]
    if not p.steps:
        return [f"{head}: completable now, no trade needed [{COMMISSION_COMPLETE}]."]
    n = len(p.steps)
    lines = [f"{head}: {n} trade{'s' if n > 1 else ''}, the fewest possible:"]
    lines += [f"  {i}. give {' + '.join(st.give)} for {st.get} [{st.rule}]" for i, st in enumerate(p.steps, 1)]
    value = f"{'lost' if lost >= 0 else 'gained'}: {plural(abs(lost), 'usable-palette point')}"
    lines.append(f"  cards spent: {', '.join(p.spent) or 'none'}; end-game value {value} [{SCORE_PALETTE}]")
    return lines + [f"  hand after: {', '.join(p.hand_after)}"]


def plan_told(me, from_turn: bool, turn, results, limit: int) -> Told:
    """`plan`'s answer: each (commission, its plan or None past `limit`, points lost), and the turn's note."""
    notes = ([turn.note] if turn.note else []) + ([] if turn.allowed else [turn.reason])
    answer = {"player": me.name, "player_from_turn": from_turn, "rule": TRADE, "turn_checked": turn.checked}
    answer |= {"notes": notes, "hand": colours.as_list(me.palette)}
    answer["commissions"] = [_plan_json(s, p, lost, limit) for s, p, lost in results]
    lines = [f"{me.name}{', ' + FROM_TURN + ',' if from_turn else ''} holds {colours.describe(me.palette)}."]
    for s, p, lost in results:
        lines += ["", *_plan_lines(s, p, lost, limit)]
    if turn.note:
        lines += ["", f"Note: {turn.note}."]
    elif not turn.allowed:
        lines += ["", f"Note: not now [{turn.rule}]: {turn.reason}."]
    return Told(answer, [Lines(lines)])


def swap_told(verdict, give: str, take: str, path: str, apply: bool, applied: bool) -> Told:
    """`swap`'s answer: the verdict on swapping hand commission `give` for gallery commission `take`."""
    answer = fields(verdict, "legal", "rule", "reason") | {"give": give, "take": take}
    answer |= {"turn_checked": verdict.turn.checked, "notes": [verdict.turn.note] if verdict.turn.note else []}
    answer["applied"] = applied
    lines = [f"{'Legal' if verdict.legal else 'NOT legal'} [{verdict.rule}]: {verdict.reason}."]
    lines += [f"Note: {verdict.turn.note}."] if verdict.turn.note else []
    if applied:
        lines.append(f"Recorded in {path}; this turn's gallery swap is now used.")
    elif apply:
        lines.append("Nothing was recorded.")
    return Told(answer, [Plain(lines)])


def discard_json(name: str, advice, must: bool, shown, chosen, note: str | None, applied: bool) -> dict:
    answer = {"player": name} | fields(advice, "rule", "hand_size", "limit", "over") | {"must_discard_now": must}
    answer |= {"best": [o.as_json() for o in advice.best], "best_count": advice.best_count}
    answer |= {"options_considered": len(advice.options), "options": [o.as_json() for o in shown]}
    rank = None if chosen is None else {**chosen.as_json(), "rank": advice.options.index(chosen) + 1}
    return answer | {"notes": [note] if note else [], "chosen": rank, "applied": applied}


def discard_refused(name: str, advice, cards, refused) -> Told:
    """`discard`'s refusal: the verdict as JSON, on stderr in words (`cards`: those asked, None for the best)."""
    answer = (
        {"player": name} | fields(refused, "legal", "rule", "reason") | fields(advice, "hand_size", "limit", "over")
    )
    answer |= {"discard": None if cards is None else colours.as_list(cards), "applied": False}
    prefix = "" if cards is not None else "nothing recorded: "
    return Told(answer, (), f"pastiche: {prefix}{refused.reason} [{refused.rule}]")


def _discard_lines(advice, chosen) -> list[str]:
    first = advice.best[0]
    weighed = len(advice.options)
    lines = [
        f"Discard {', '.join(first.discard)} [{CLEANUP_HAND_LIMIT}]: "
        f"{first.palette_points_lost} usable-palette point(s) lost, keeping {', '.join(first.kept)}.",
        f"{advice.best_count - 1} other discard(s) are exactly as good; {weighed} distinct discards were weighed."
        if advice.best_count > 1
        else f"The best of {weighed} distinct discards weighed.",
    ]
    if chosen is not None:
        rank = advice.options.index(chosen) + 1
        lines.append(
            f"Your choice, {', '.join(chosen.discard)}: {chosen.palette_points_lost} point(s) lost, "
            f"rank {rank} of {weighed}."
        )
    return lines


def discard_told(position, player, advice, top: int, chosen, path: str, applied: bool) -> Told:
    """`discard`'s answer: the `top` discards ranked, the best in words, the one chosen, and the write."""
    from pastiche_cli.games.pastiche.core.turns import CLEANUP, hand_limit_timing

    name = player.name
    enforced, note = hand_limit_timing(position.turn, name)
    shown = advice.options[:top]
    if not advice.over:
        within = f"within the limit of {advice.limit}: nothing to discard [{CLEANUP_HAND_LIMIT}]."
        text: list = [Plain([f"{name} holds {advice.hand_size} palette cards, {within}"])]
    else:
        rows = [
            [i, ", ".join(o.discard), o.palette_points_lost, o.needed_cards_lost, o.gallery_cards_lost, o.value_lost]
            for i, o in enumerate(shown, 1)
        ]
        title = (
            f"{name} holds {advice.hand_size} cards ({colours.describe(player.palette)}); "
            f"{advice.over} over the limit of {advice.limit}"
        )
        headers = ["#", "discard", "points lost", "needed lost", "gallery needs lost", "face value"]
        text = [Table(headers, rows, title, ["right", "left", "right", "right", "right", "right"])]
        text += [BLANK, Lines(_discard_lines(advice, chosen))]
    said = [f"Recorded in {path}: {', '.join(chosen.discard)} went back to the bank."] if applied else []
    if applied and note and position.turn is not None and position.turn.phase != CLEANUP:  # it ended the phase
        note = f"the discard ended {name}'s painting phase; the turn is in the clean-up phase now"
    text.append(Plain(said + ([f"Note: {note}."] if note else [])))
    must = advice.over > 0 and enforced
    return Told(discard_json(name, advice, must, shown, chosen, note, applied), text)
