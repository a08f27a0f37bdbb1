"""`pastiche trade`: is this bank trade (or trade between players) legal, and by which rule?"""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._apply import apply_move
from pastiche_cli.games.pastiche.commands._shell import (
    catalogue_option,
    echo_lines,
    find_player,
    parse_cards,
    player_option,
    read,
    whose,
)
from pastiche_cli.games.pastiche.commands._tab import (
    complete_card,
    complete_cards,
    complete_other_player,
)
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.trading import (
    BankTrade,
    PlayerTrade,
    SequenceVerdict,
    TradeVerdict,
    judge_sequence,
)
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


def _commission_names(pos) -> list[str]:
    names = [c.title for c in pos.gallery]
    for p in pos.players:
        names += [c.title for c in (*p.commissions, *p.completed)]
    names += list(pos.catalogue)
    names += [c.id for c in pos.gallery if c.id]
    for p in pos.players:
        names += [c.id for c in p.commissions if c.id]
    return names


def verdict_json(result: SequenceVerdict, applied: bool) -> dict:
    deciding = result.deciding
    return {
        "legal": result.legal,
        "rule": deciding.rule,
        "reason": deciding.reason,
        "turn_checked": result.turn.checked,
        "notes": [result.turn.note] if result.turn.note else [],
        "trades": [t.as_json() for t in result.trades],
        "applied": applied,
    }


def _line(i: int, t: TradeVerdict) -> str:
    if t.kind == "bank":
        what = f"{t.player} gives {' + '.join(t.give)} to the bank for {t.get[0]}"
    else:
        what = f"{t.player} gives {' + '.join(t.give) or 'nothing'} to {t.other} for {' + '.join(t.get) or 'nothing'}"
    if not t.judged:
        return f"{i}. {what}: not judged (an earlier trade was refused)"
    word = "legal" if t.legal else "NOT legal"
    return f"{i}. {what}: {word} [{t.rule}]: {t.reason}"


@click.command("trade")
@position_argument
@player_option("The player who trades.")
@click.option(
    "--give",
    "gives",
    multiple=True,
    metavar="CARDS",
    shell_complete=complete_cards,
    help="Cards the player gives, comma-separated (teal,teal,teal). Repeat with --get for several trades.",
)
@click.option(
    "--get", "gets", multiple=True, metavar="CARD", shell_complete=complete_card, help="The card asked of the bank."
)
@click.option(
    "--with",
    "other_name",
    metavar="OTHER",
    shell_complete=complete_other_player,
    help="Trade with this player instead of the bank.",
)
@click.option(
    "--receive",
    "receives",
    multiple=True,
    metavar="CARDS",
    shell_complete=complete_cards,
    help="With --with: the cards the other player hands over (one per --give).",
)
@click.option("--apply", "apply", is_flag=True, help="Record the trade(s) in the file, if all are legal.")
@catalogue_option
@output_options(tables=False)
def command(
    position: str,
    player_name: str | None,
    gives: tuple[str, ...],
    gets: tuple[str, ...],
    other_name: str | None,
    receives: tuple[str, ...],
    apply: bool,
    catalogue: str | None,
    as_json: bool,
) -> None:
    """Is this trade legal, and by which rule? Several trades are judged in order.

    A bank trade: 3 cards of one colour for black, white, a secondary or a tertiary; yellow + brown
    for bisque; black + white for gray; a primary plus any one card for a different primary. The
    bank must still hold the card. With --with, a trade of palette cards between two players, one of
    whom must be the player to move.

    \b
    Example:
      pastiche trade game.yaml --player Ana --give teal,teal,teal --get olive
      pastiche trade game.yaml --player Ana --give red,orange --get blue --give yellow,brown --get bisque
      pastiche trade game.yaml --player Ana --with Ben --give teal --receive red --apply
      pastiche trade game.yaml --give teal,teal,teal --get olive     # whose turn it is trades
    """
    loaded = read(position, catalogue, as_json=as_json, needs=("players.palette",))
    pos = loaded.position
    me, from_turn = whose(pos, player_name)
    trades: list[BankTrade | PlayerTrade] = []
    if other_name is not None:
        other = find_player(pos, other_name, "--with")
        if other.name == me.name:
            raise click.BadParameter("a player cannot trade with themselves", param_hint="'--with'")
        if gets:
            raise click.UsageError("--get asks the bank; with --with use --receive for what the other player gives")
        if not receives:
            raise click.UsageError("--with needs --receive CARDS (what the other player gives in return)")
        if len(gives) not in (0, len(receives)):
            raise click.UsageError(f"{len(gives)} --give but {len(receives)} --receive: give one of each per trade")
        names = _commission_names(pos)
        for i, received in enumerate(receives):
            give, offered = parse_cards(gives[i] if gives else "", "--give", allow_empty=True, commission_names=names)
            receive, offered_back = parse_cards(received, "--receive", allow_empty=True, commission_names=names)
            trades.append(PlayerTrade(other.name, give, receive, offered + offered_back))
    else:
        if receives:
            raise click.UsageError("--receive is for trades between players; add --with OTHER")
        if not gives or not gets:
            raise click.UsageError("a bank trade needs --give CARDS and --get CARD")
        if len(gives) != len(gets):
            raise click.UsageError(f"{len(gives)} --give but {len(gets)} --get: give one of each per trade")
        for give_text, get_text in zip(gives, gets):
            give, _ = parse_cards(give_text, "--give")
            get = colours.parse_card(get_text)
            if get is None:
                raise click.BadParameter(colours.unknown_card_message(get_text), param_hint="'--get'")
            trades.append(BankTrade(give, get))

    result = judge_sequence(pos, me.name, trades)
    applied = False
    if apply and result.legal:
        from pastiche_cli.games.pastiche.core import moves

        apply_move(
            position,
            catalogue,
            loaded,
            [
                moves.BankTrade(me.name, t.give, t.get)
                if isinstance(t, BankTrade)
                else moves.PlayerTrade(me.name, t.other, t.give, t.receive)
                for t in trades
            ],
        )
        applied = True

    if as_json:
        emit_json({"player": me.name, "player_from_turn": from_turn is not None, **verdict_json(result, applied)})
    else:
        lines = [f"For {me.name}, {from_turn}:"] if from_turn else []
        lines += [_line(i, t) for i, t in enumerate(result.trades, 1)]
        if result.legal:
            after = result.hands_after[me.name]
            lines.append(f"{me.name}'s hand after: {colours.describe(after)} ({sum(after.values())} cards)")
        if result.turn.note:
            lines.append(f"Note: {result.turn.note}.")
        echo_lines(lines)  # card names with their swatches; the file's name below stays as it is
        if apply and applied:
            click.echo(f"Recorded in {position}.")
        elif apply:
            click.echo("Nothing was recorded: the trade is not legal.")
    if not result.legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
