"""Shell completion for the whole tool: the scripts for bash, zsh and fish, the `completion` command,
and what any game's `shell_complete` callbacks build on.

A callback takes (ctx, param, incomplete) and returns click CompletionItems (`items`); none ever
raises (a half-typed command line, a missing or broken file: no completions, never a traceback).
A game's own callbacks (Pastiche's players, cards and cells: games/pastiche/commands/_tab.py) read
its position through `position_path`; the rules command of every game completes its rule ids
(`rule_topics`).

The scripts are click's, made safe and right for each shell (`register()` installs them before
click reads _PASTICHE_COMPLETE): bash gets every value quoted for the shell, fish keeps a value's
commas, and an option's value may start with "-" (`--at -2<TAB>`, a negative coordinate).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

import click

from pastiche_cli.cli.shell import echo_file

SHELLS = ("bash", "zsh", "fish")
PROG = "pastiche"
COMPLETE_VAR = "_PASTICHE_COMPLETE"


def items(values: Iterable[str], incomplete: str, help: str | None = None) -> list:
    """The values that start with what is typed (case-insensitive), once each, in order."""
    from click.shell_completion import CompletionItem

    folded = incomplete.casefold()
    seen, out = set(), []
    for v in values:
        if v not in seen and v.casefold().startswith(folded):
            seen.add(v)
            out.append(CompletionItem(v, help=help))
    return out


def replace(item, value: str):
    """The item with another value (its type and help kept)."""
    from click.shell_completion import CompletionItem

    return CompletionItem(value, type=item.type, help=item.help)


# --- what is on the command line already ------------------------------------------------------------


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


def chosen_player(ctx: click.Context) -> str:
    """The --player value already on the command line ("" if none); commands name it `player_name`."""
    if ctx is None:
        return ""
    return str(ctx.params.get("player_name") or ctx.params.get("player") or "")


def _field(node, key: str):
    """The value node of `key` in a YAML mapping node, or None."""
    from pastiche_cli.formats.nodes import MAP

    if node is None or node.tag != MAP:
        return None
    return next((v for k, v in node.value if getattr(k, "value", None) == key), None)


def file_player_names(ctx: click.Context) -> list[str]:
    """The players' names in the POSITION on the command line, for every game: `players[].name` of a
    position, or of a record's `setup:`; read as YAML only, so a file with other mistakes still gives them."""
    path = position_path(ctx)
    if path is None:
        return []
    try:
        from pastiche_cli.formats.nodes import SEQ
        from pastiche_cli.formats.yamlio import compose, read_text

        root = compose(path, read_text(path))
        players = _field(root, "players") or _field(_field(root, "setup"), "players")
        if players is None or players.tag != SEQ:
            return []
        names = (_field(item, "name") for item in players.value)
        return [str(n.value) for n in names if n is not None and isinstance(n.value, str)]
    except Exception:  # completion must never fail loudly
        return []


def owner_prefixed(ctx: click.Context, incomplete: str, values_of: Callable[[str], Iterable[str]]) -> list:
    """`OWNER:VALUE` words (masterpiece --cite, --from): the player names with a colon, then, once a
    name and its colon are typed, that player's values (`values_of(name)`)."""
    if os.environ.get(COMPLETE_VAR, "").startswith("bash"):
        return []  # bash breaks the word at ':' (COMP_WORDBREAKS): an OWNER:VALUE cannot complete there
    owner, colon, rest = incomplete.partition(":")
    if not colon:
        return items((f"{name}:" for name in file_player_names(ctx)), incomplete)
    return [replace(item, f"{owner}:{item.value}") for item in items(values_of(owner), rest)]


# --- callbacks any game may use ------------------------------------------------------------------------


def complete_file_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Player names from the POSITION on the command line, for any game's --player."""
    return items(file_player_names(ctx), incomplete)


def complete_new_start(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The names given with --players (for `new --start`)."""
    text = str(ctx.params.get("players_text") or "") if ctx is not None else ""
    return items((n.strip() for n in text.split(",") if n.strip()), incomplete)


def rule_topics(book: Callable) -> Callable:
    """A callback completing the rule ids of `book()` (a game's Rulebook), for its `rules` command."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        return items(book().ids(), incomplete)

    return complete


# --- scripts ------------------------------------------------------------------------------------------


def script(cli: click.Command, shell: str) -> str:
    """The completion script of `cli` (the root command) for a shell, as `_PASTICHE_COMPLETE=<shell>_source`
    writes it."""
    if shell not in SHELLS:
        raise ValueError(f"no completion for the shell '{shell}'; choose {', '.join(SHELLS)}")
    return completion_classes()[shell](cli, {}, PROG, COMPLETE_VAR).source()


# Characters a bash word may hold unquoted; any other is backslash-escaped, as bash itself quotes
# a file name it completes (printf %q), so a title with spaces stays one word and `B$(cmd)` is a name.
_BASH_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%^")


def bash_quote(value: str) -> str:
    """The word as bash must see it to read back `value` (one word, nothing expanded)."""
    if not value:
        return "''"
    if "\n" in value:
        return "$'" + value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"
    return "".join(ch if ch in _BASH_PLAIN or not ch.isascii() and ch.isprintable() else "\\" + ch for ch in value)


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


# --- the command --------------------------------------------------------------------------------------------


@click.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
@click.pass_context
def command(ctx: click.Context, shell: str) -> None:
    """Print the completion script for SHELL (bash, zsh or fish).

    It completes commands, options, the games (--game), player names (from the file on the command
    line, for every game), colour names (comma-separated lists too), Canvas's card words,
    Masterpiece's thesis ids and card ids, and rule ids.

    \b
    Example:
      eval "$(pastiche completion bash)"        # in ~/.bashrc
      eval "$(pastiche completion zsh)"         # in ~/.zshrc, after compinit
      pastiche completion fish > ~/.config/fish/completions/pastiche.fish
    """
    echo_file(script(ctx.find_root().command, shell))
