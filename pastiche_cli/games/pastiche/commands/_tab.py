"""Shell completion: reusable click `shell_complete` callbacks, and the scripts for bash, zsh and fish.

Every callback takes (ctx, param, incomplete) and returns click CompletionItems; none ever raises
(a half-typed command line, a missing or broken file: no completions, never a traceback).

    @click.option("--player", shell_complete=complete_player)     # names from the POSITION argument
    @click.option("--with", "other", shell_complete=complete_other_player)
    @click.option("--give", shell_complete=complete_cards)        # teal,te<TAB> -> teal,teal
    @click.option("--get", shell_complete=complete_card)          # one colour name

The scripts are click's, made safe and right for each shell (`register()` installs them before
click reads _PASTICHE_COMPLETE): bash gets every value quoted for the shell, fish keeps a value's
commas, and an option's value may start with "-" (`--at -2<TAB>`, a negative coordinate).
"""

from __future__ import annotations

import os
from typing import Iterable

import click

SHELLS = ("bash", "zsh", "fish")
PROG = "pastiche"
COMPLETE_VAR = "_PASTICHE_COMPLETE"


def _items(values: Iterable[str], incomplete: str, help: str | None = None) -> list:
    from click.shell_completion import CompletionItem

    folded = incomplete.casefold()
    seen, out = set(), []
    for v in values:
        if v not in seen and v.casefold().startswith(folded):
            seen.add(v)
            out.append(CompletionItem(v, help=help))
    return out


# --- where the position is ----------------------------------------------------------------------

def position_path(ctx: click.Context) -> str | None:
    """The POSITION already on the command line: the parsed argument, else a .yaml word typed so far."""
    value = ctx.params.get("position") if ctx is not None else None
    if isinstance(value, str) and os.path.isfile(value):
        return value
    from click.shell_completion import split_arg_string

    words = split_arg_string(os.environ.get("COMP_WORDS", ""))
    for word in words:
        if word.lower().endswith((".yaml", ".yml")) and os.path.isfile(word):
            return word
    return None


def _position(ctx: click.Context):
    """The position (as far as it parses) or None; warnings and errors are ignored here."""
    path = position_path(ctx)
    if path is None:
        return None
    try:
        from pastiche_cli.games.pastiche.formats.loader import parse_position
        from pastiche_cli.formats.yamlio import read_text

        position, _ = parse_position(path, read_text(path))
        return position
    except Exception:  # completion must never fail loudly
        return None


def player_names(ctx: click.Context) -> list[str]:
    position = _position(ctx)
    return [p.name for p in position.players] if position is not None else []


# --- callbacks ------------------------------------------------------------------------------------

def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Player names from the POSITION on the command line (for --player)."""
    return _items(player_names(ctx), incomplete)


def chosen_player(ctx: click.Context) -> str:
    """The --player value already on the command line ("" if none); commands name it `player_name`."""
    if ctx is None:
        return ""
    return str(ctx.params.get("player_name") or ctx.params.get("player") or "")


def complete_other_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Player names except the one already given with --player (for --with)."""
    chosen = chosen_player(ctx).casefold()
    return _items((n for n in player_names(ctx) if n.casefold() != chosen), incomplete)


def card_names() -> list[str]:
    from pastiche_cli.games.pastiche.core.colours import card_names as names

    return list(names())


def complete_card(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """One palette card name (for --get)."""
    return _items(card_names(), incomplete)


# Which player's hand a card option draws from: --give and --cards the player's own (--player),
# --receive the other player's (--with); any other CARDS option (a catalogue palette) every colour.
OWN_CARDS = {"gives", "give", "cards_text", "cards"}
OTHERS_CARDS = {"receives", "receive"}


def _held(ctx: click.Context, param: click.Parameter):
    """The cards the option may name from a hand (a Counter), or None: any colour may be named."""
    name = getattr(param, "name", None)
    if name in OWN_CARDS:
        whose = chosen_player(ctx)
    elif name in OTHERS_CARDS:
        whose = str(ctx.params.get("other_name") or ctx.params.get("other") or "") if ctx is not None else ""
    else:
        return None
    position = _position(ctx) if whose else None
    player = position.player(whose) if position is not None else None
    if player is None:
        return None
    from collections import Counter

    return Counter(dict(player.palette.items()))


def complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Comma-separated palette card names: completes the part after the last comma (--give, --cards).

    For --give and --cards the player's own cards (--player), for --receive the other player's
    (--with), each with how many are left after the names already listed; else every colour.
    """
    from collections import Counter

    from pastiche_cli.games.pastiche.core.colours import parse_cards

    done, _, last = incomplete.rpartition(",")
    prefix = done + "," if done else ""
    held = _held(ctx, param)
    if held is None:
        return [_replace(item, prefix + item.value) for item in _items(card_names(), last)]
    listed, _unknown = parse_cards(done) if done else (Counter(), ())
    left = Counter(held) - Counter(listed)
    return [_replace(item, prefix + item.value) for item in
            (_items([n], last, help=f"{left[n]} held")[0] for n in card_names()
             if left[n] > 0 and n.casefold().startswith(last.casefold()))]


def _replace(item, value: str):
    from click.shell_completion import CompletionItem

    return CompletionItem(value, type=item.type, help=item.help)


# swap's options: --give names a commission of the player's hand, --take one of the gallery.
HAND_ONLY = {"give_text", "give"}
GALLERY_ONLY = {"take_text", "take"}


def complete_commission(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Titles (and catalogue ids) of the commissions in the position: that player's hand and the gallery.

    Without --player yet, every hand; for swap, --give offers the hand only and --take the gallery only.
    """
    position = _position(ctx)
    if position is None:
        return []
    player = position.player(chosen_player(ctx))
    name = getattr(param, "name", None)
    pools = []
    if name not in GALLERY_ONLY:
        pools += [player.commissions] if player is not None else [p.commissions for p in position.players]
    if name not in HAND_ONLY:
        pools.append(position.gallery)
    values = []
    for pool in pools:
        for c in pool:
            values += [c.id] if c.id else []
            values.append(c.title)
    return _items(values, incomplete)


def complete_new_start(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The names given with --players (for `pastiche new --start`)."""
    text = str(ctx.params.get("players_text") or "") if ctx is not None else ""
    return _items((n.strip() for n in text.split(",") if n.strip()), incomplete)


def complete_rule_topic(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Rule ids (for `pastiche rules`)."""
    from pastiche_cli.games.pastiche.core.rulebook import ids

    return _items(ids(), incomplete)


def complete_catalogue_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Ids in the catalogue the command line names (--catalogue) or the user's saved one."""
    try:
        from pastiche_cli.games.pastiche.formats.catalogue import read_cards

        cards = read_cards(ctx.params.get("catalogue") or (ctx.parent.params.get("catalogue") if ctx.parent else None))
    except Exception:
        return []
    return _items(cards, incomplete)


# --- scripts ------------------------------------------------------------------------------------------

def script(shell: str) -> str:
    """The completion script for a shell, as `_PASTICHE_COMPLETE=<shell>_source` writes it."""
    from pastiche_cli.cli.root import root

    if shell not in SHELLS:
        raise ValueError(f"no completion for the shell '{shell}'; choose {', '.join(SHELLS)}")
    return completion_classes()[shell](root, {}, PROG, COMPLETE_VAR).source()


# Characters a bash word may hold unquoted; any other is backslash-escaped, as bash itself quotes
# a file name it completes (printf %q), so a title with spaces stays one word and `B$(cmd)` is a name.
_BASH_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%^")


def bash_quote(value: str) -> str:
    """The word as bash must see it to read back `value` (one word, nothing expanded)."""
    if not value:
        return "''"
    if "\n" in value:
        return "$'" + value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"
    return "".join(ch if ch in _BASH_PLAIN or not ch.isascii() and ch.isprintable() else "\\" + ch
                   for ch in value)


# bash: click's script splits and globs each answer (`COMPREPLY+=($value)`) and inserts it raw; this
# one reads the answers line by line (mapfile) and inserts each as bash_quote wrote it.
_SOURCE_BASH = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response completion type value
    mapfile -t response < <(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
%(complete_var)s=bash_complete $1)
    COMPREPLY=()
    for completion in "${response[@]}"; do
        type=${completion%%%%,*}
        value=${completion#*,}
        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=("$value")
        fi
    done
    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""

# fish: click's script splits each answer at every comma (`teal,teal` became `teal`); split once.
_SOURCE_FISH = """\
function %(complete_func)s;
    set -l response (env %(complete_var)s=fish_complete COMP_WORDS=(commandline -cp) \\
COMP_CWORD=(commandline -t) %(prog_name)s);

    for completion in $response;
        set -l metadata (string split -m 1 "," -- $completion);

        if test $metadata[1] = "dir";
            __fish_complete_directories $metadata[2];
        else if test $metadata[1] = "file";
            __fish_complete_path $metadata[2];
        else if test $metadata[1] = "plain";
            echo $metadata[2];
        end;
    end;
end;

complete --no-files --command %(prog_name)s --arguments \\
"(%(complete_func)s)";
"""


def completion_classes() -> dict:
    """Shell name -> click's completion class for it, made safe and right for pastiche."""
    from click.shell_completion import BashComplete, FishComplete, ZshComplete

    class ValuesFirst:
        """An option's value may start with "-" (`--at -2,4`): click would offer option names."""

        def get_completions(self, args, incomplete):
            if incomplete.startswith("-") and "--" not in args:
                param, ctx = _option_awaiting_value(self, args)
                if param is not None:
                    return param.shell_complete(ctx, incomplete)
            return super().get_completions(args, incomplete)

    class Bash(ValuesFirst, BashComplete):
        source_template = _SOURCE_BASH

        def format_completion(self, item) -> str:
            return f"{item.type},{bash_quote(item.value) if item.type == 'plain' else item.value}"

    class Zsh(ValuesFirst, ZshComplete):
        """zsh's compadd quotes what it inserts itself."""

    class Fish(ValuesFirst, FishComplete):
        """fish escapes what it inserts itself; its script keeps a value's commas."""

        source_template = _SOURCE_FISH

    return {"bash": Bash, "zsh": Zsh, "fish": Fish}


def _option_awaiting_value(comp, args: list[str]):
    """(the option whose value is being typed, the context) or (None, None)."""
    try:
        from click.shell_completion import _is_incomplete_option, _resolve_context

        ctx = _resolve_context(comp.cli, comp.ctx_args, comp.prog_name, args)
        for param in ctx.command.get_params(ctx):
            if _is_incomplete_option(ctx, args, param):
                return param, ctx
    except Exception:  # completion must never fail loudly; click's own way then
        pass
    return None, None


def register() -> None:
    """Install pastiche's completion classes for bash, zsh and fish (before click reads the request)."""
    from click.shell_completion import add_completion_class

    for name, cls in completion_classes().items():
        add_completion_class(cls, name)


def complete_open_cell(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The open cells of the POSITION's board, by the labels `pastiche board` prints (for place --at)."""
    position = _position(ctx)
    if position is None or position.start is None:
        return []
    try:
        from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
        from pastiche_cli.games.pastiche.core.geometry import cell_text

        labels = cell_labels(board_of(position))
    except Exception:  # completion must never fail loudly
        return []
    return _items(labels, incomplete) + [
        item for item in _items((cell_text(c) for c in labels.values()), incomplete)]


def complete_take(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """`mix`, or `centre:COLOUR` for each primary the HEX on the command line shows (for place --take)."""
    from pastiche_cli.games.pastiche.core.colours import DAB_NAMES
    from pastiche_cli.games.pastiche.core.notation import NotationError, parse_hex

    # While completing, click may leave the positional arguments unparsed in ctx.args.
    words = [ctx.params.get("hex_text")] + list(getattr(ctx, "args", []))
    centre = "RYB"   # no HEX on the line yet, or a half-typed one: offer every primary
    for word in words:
        try:
            centre = parse_hex(str(word or "")).centre
            break
        except NotationError:
            continue
    return _items(["mix"] + [f"centre:{DAB_NAMES[d]}" for d in centre], incomplete)
