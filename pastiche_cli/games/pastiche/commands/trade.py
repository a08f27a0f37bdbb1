"""`pastiche trade`: is this bank trade (or trade between players) legal, and by which rule?"""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.games.pastiche.commands._shell import cards_option, find_player, parse_cards, player_option, whose
from pastiche_cli.games.pastiche.commands._tab import complete_card, complete_other_player
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.trading import BankTrade, PlayerTrade, judge_sequence
from pastiche_cli.games.pastiche.game import GAME


def _commission_names(pos) -> list[str]:
    names = [c.title for c in pos.gallery]
    for p in pos.players:
        names += [c.title for c in (*p.commissions, *p.completed)]
    names += list(pos.catalogue)
    names += [c.id for c in pos.gallery if c.id]
    for p in pos.players:
        names += [c.id for c in p.commissions if c.id]
    return names


def with_player(pos, me, other_name: str, gives, gets, receives) -> list[PlayerTrade]:
    """--with OTHER: one trade of palette cards per --receive (and --give), or a usage error."""
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
    trades = []
    for i, received in enumerate(receives):
        give, offered = parse_cards(gives[i] if gives else "", "--give", allow_empty=True, commission_names=names)
        receive, offered_back = parse_cards(received, "--receive", allow_empty=True, commission_names=names)
        trades.append(PlayerTrade(other.name, give, receive, offered + offered_back))
    return trades


def with_bank(gives, gets, receives) -> list[BankTrade]:
    """--give CARDS --get CARD: one bank trade per pair, or a usage error."""
    if receives:
        raise click.UsageError("--receive is for trades between players; add --with OTHER")
    if not gives or not gets:
        raise click.UsageError("a bank trade needs --give CARDS and --get CARD")
    if len(gives) != len(gets):
        raise click.UsageError(f"{len(gives)} --give but {len(gets)} --get: give one of each per trade")
    trades = []
    for give_text, get_text in zip(gives, gets):
        give, _ = parse_cards(give_text, "--give")
        get = colours.parse_card(get_text)
        if get is None:
            raise click.BadParameter(colours.unknown_card_message(get_text), param_hint="'--get'")
        trades.append(BankTrade(give, get))
    return trades


def recorded(player: str, trades: list) -> list:
    """The trades as the record's moves, which --apply writes."""
    from pastiche_cli.games.pastiche.core import moves

    return [
        moves.BankTrade(player, t.give, t.get)
        if isinstance(t, BankTrade)
        else moves.PlayerTrade(player, t.other, t.give, t.receive)
        for t in trades
    ]


def ask(game, loaded, path: str, player_name, gives, gets, other_name, receives, apply: bool) -> Answer:
    from pastiche_cli.games.pastiche.render.moves import trade_told

    pos = loaded.position
    me, from_turn = whose(pos, player_name)
    if other_name is not None:
        trades: list = with_player(pos, me, other_name, gives, gets, receives)
    else:
        trades = with_bank(gives, gets, receives)
    result = judge_sequence(pos, me.name, trades)
    made = recorded(me.name, trades) if apply and result.legal else []
    return Answer(
        result.legal, lambda notes: trade_told(result, me.name, from_turn, path, apply, notes is not None), made
    )


command = move_command(
    GAME,
    MoveCommand(
        "trade",
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
        """,
        (
            player_option("The player who trades."),
            cards_option(
                "--give",
                "gives",
                "Cards the player gives, comma-separated (teal,teal,teal). Repeat with --get for several trades.",
                multiple=True,
            ),
            click.option(
                "--get",
                "gets",
                multiple=True,
                metavar="CARD",
                shell_complete=complete_card,
                help="The card asked of the bank.",
            ),
            click.option(
                "--with",
                "other_name",
                metavar="OTHER",
                shell_complete=complete_other_player,
                help="Trade with this player instead of the bank.",
            ),
            cards_option(
                "--receive",
                "receives",
                "With --with: the cards the other player hands over (one per --give).",
                multiple=True,
            ),
            apply_option("Record the trade(s) in the file, if all are legal."),
        ),
        ask,
        needs=("players.palette",),
    ),
)
