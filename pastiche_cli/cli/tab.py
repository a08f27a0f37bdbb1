"""Shell completion: click's bash, zsh and fish scripts made right for each (`register()`), the `completion`
command, and what every game's callbacks build on (`items`); none ever raises: a broken file, no completions."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import NamedTuple

import click

from pastiche_cli.cli.shell import echo_file

SHELLS = ("bash", "zsh", "fish")
PROG = "pastiche"
COMPLETE_VAR = "_PASTICHE_COMPLETE"


def matching(values: Iterable[str], incomplete: str) -> list[str]:
    """The values that start with what is typed, once each, in order: those typed in the same case when
    there are any (`Harb` is the title `Harbour at Dusk`, `harb` the id `harbour-at-dusk`), else any case
    (`ana` is `Ana`). A shell inserts what its answers share, and a title and an id share nothing."""
    folded = incomplete.casefold()
    found = list(dict.fromkeys(v for v in values if v.casefold().startswith(folded)))
    same_case = [v for v in found if v.startswith(incomplete)]
    return same_case or found


def items(values: Iterable[str], incomplete: str, help: str | None = None) -> list:
    """The values that start with what is typed (`matching`), as click's completion items."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(v, help=help) for v in matching(values, incomplete)]


def replace(item, value: str):
    """The item with another value (its type and help kept)."""
    from click.shell_completion import CompletionItem

    return CompletionItem(value, type=item.type, help=item.help)


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
    """The `players[].name` of the POSITION on the command line (or its `setup:`), read as YAML only, for any game."""
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


# What each file on the command line came to, in this process (a Tab runs one; several callbacks may ask).
_ENDS: dict[tuple, tuple] = {}


def file_end(ctx: click.Context, game, opts: dict | None = None) -> tuple:
    """(the position of the file on the command line, a record's at its end, or None; whether its game is over)."""
    path = position_path(ctx)
    if path is None:
        return None, False
    options = dict(opts or {})
    key = (game.name, file_key(path), repr(sorted(options.items())))
    if key not in _ENDS:
        _ENDS[key] = _end_of(game, path, options)
    return _ENDS[key]


def file_key(path: str) -> tuple:
    """The file as it is now (where it really is, its size and time of change), for what is kept of it."""
    try:
        found = os.stat(path)
        return os.path.realpath(path), found.st_ino, found.st_size, found.st_mtime_ns
    except OSError:
        return (path,)


def _end_of(game, path: str, opts: dict) -> tuple:
    try:
        from pastiche_cli.formats.reading import load_text
        from pastiche_cli.formats.yamlio import read_text

        text = read_text(path)
        game.reader.prepare(path, opts)
        position, _, record, replay, _ = load_text(game, path, text, opts)
        if record is None:
            return position, False
        if replay is None or replay.stop is not None:
            return None, False
        return replay.final, replay.over
    except Exception:  # completion must never fail loudly
        return None, False


def named(position, name: str):
    """The player of that name in the position (any case), or None."""
    return next((p for p in position.players if p.name.casefold() == name.casefold()), None)


def owner_prefixed(ctx: click.Context, incomplete: str, values_of: Callable[[str], Iterable[str]]) -> list:
    """`OWNER:VALUE` words (masterpiece --cite): the player names with a colon, then that player's `values_of`."""
    if os.environ.get(COMPLETE_VAR, "").startswith("bash"):
        return []  # bash breaks the word at ':' (COMP_WORDBREAKS): an OWNER:VALUE cannot complete there
    owner, colon, rest = incomplete.partition(":")
    if not colon:
        return items((f"{name}:" for name in file_player_names(ctx)), incomplete)
    return [replace(item, f"{owner}:{item.value}") for item in items(values_of(owner), rest)]


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


# What may follow a word of a move: nothing (the move may end there), more words, or more of a comma list.
DONE, MORE, LIST = "done", "more", "list"
# A completion item that is the start of a longer word (`"Ana place `): the shells insert it with no
# space after it and leave its quote open, so that the rest of the move is typed in the same word.
OPEN = "open"


class Word(NamedTuple):
    """A word a move may take next (a game's `move_words`) and what may follow it: DONE, MORE or LIST."""

    text: str
    then: str = MORE


def verb_words(forms: dict[str, str]) -> list[Word]:
    """The verbs of a game's notation (its FORMS); DONE for a verb that is the whole move (`NAME end`)."""
    return [Word(verb, DONE if form.strip() == f"NAME {verb}" else MORE) for verb, form in forms.items()]


def move_start(game, position, done: list[str]) -> list[Word] | None:
    """A move's first words: the player to move (else every player), then a verb; None once both are typed."""
    if not done:
        names = [p.name for p in position.players]
        mover = game.rules.whose_turn(position)
        return [Word(mover)] if mover in names else [Word(name) for name in names]
    if len(done) == 1:
        return verb_words(game.rules.moves.FORMS)
    return None


def move_opening(game, loaded: tuple, done: list[str]) -> tuple:
    """(the position, the player the move names or None, `move_start`'s words: none for no file or a game over)."""
    position, over = loaded
    if position is None or over:
        return position, None, []
    start = move_start(game, position, done)
    me = named(position, done[0]) if start is None else None
    return position, me, start or []


def typed_move(text: str) -> tuple[list[str], str, int]:
    """(the words typed whole, the word being typed, where it starts): "a quoted name" is one word, open or not."""
    import re

    from pastiche_cli.kernel.moves import MoveSyntaxError, tokens

    try:
        words = tokens(text)
    except MoveSyntaxError as exc:  # a quote that is not closed yet
        before = [w.text for w in tokens(text[: exc.column])]
        return before, re.sub(r"\\(.)", r"\1", text[exc.column + 1 :]), exc.column
    if not words or text[-1:].isspace():
        return [w.text for w in words], "", len(text)
    return [w.text for w in words[:-1]], words[-1].text, words[-1].start


def move_completions(move_words: Callable[[list[str], str], list[Word]], incomplete: str, depth: int = 6) -> list:
    """The whole MOVE typed so far with its last word completed; where one word only can come, the words after it
    (`Ana pl` -> `Ana place BRYBRY/Y`, `Ana place YBYRBY/RY`): the shell inserts what they share."""
    from click.shell_completion import CompletionItem

    from pastiche_cli.kernel.moves import word

    done, partial, start = typed_move(incomplete)
    head = incomplete[:start]
    offered = {w.text: w for w in move_words(done, partial)}
    chosen = [offered[text] for text in matching(offered, partial)]
    if len(chosen) == 1 and depth:
        only = chosen[0]
        goes_on = only.then == MORE or (only.then == LIST and only.text.casefold() == partial.casefold())
        if goes_on and move_words([*done, only.text], ""):
            return move_completions(move_words, f"{head}{word(only.text)} ", depth - 1)
    out = []
    for w in chosen:
        value = head + word(w.text)
        if w.then == DONE:
            out.append(CompletionItem(value))
        else:
            out.append(CompletionItem(value + (" " if w.then == MORE else ""), type=OPEN))
    return out


def complete_move(game_name: str) -> Callable:
    """The callback completing `play`'s MOVE for a game, word by word from its terminal's `move_words`."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        try:
            from pastiche_cli import games
            from pastiche_cli.cli.game import terminal
            from pastiche_cli.formats.gamekey import is_record_text
            from pastiche_cli.formats.yamlio import read_text

            path = position_path(ctx)
            if path is None or not is_record_text(read_text(path)):
                return []  # `play` takes a record
            words = terminal(games.declared(games.known()[game_name])).move_words
            return move_completions(lambda done, partial: words(ctx, done, partial), incomplete)
        except Exception:  # completion must never fail loudly
            return []

    return complete


def script(cli: click.Command, shell: str) -> str:
    """The completion script of `cli` (the root command) for a shell, as `_PASTICHE_COMPLETE=<shell>_source` does."""
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


def open_quote(typed: str) -> tuple[str, str]:
    """(the quote open in a word typed in bash or "", the text before it, unquoted): readline replaces what follows."""
    quote, text, before = "", "", ""
    chars = iter(typed)
    for ch in chars:
        if quote == "'":
            quote, text = ("", text) if ch == "'" else (quote, text + ch)
        elif quote == '"':
            if ch == '"':
                quote = ""
            elif ch == "\\":
                following = next(chars, "")
                text += following if following in '"\\$`' else ch + following
            else:
                text += ch
        elif ch in "'\"":
            quote, before = ch, text
        else:
            text += next(chars, "") if ch == "\\" else ch
    return (quote, before) if quote else ("", "")


def in_quote(text: str, quote: str) -> str:
    """`text` as it reads back inside an open `quote`: in `"`, \\ " $ and ` backslashed; in `'`, `'` as '\\''."""
    if quote == "'":
        return text.replace("'", "'\\''")
    return "".join("\\" + ch if ch in '\\"$`' else ch for ch in text)


# bash: click's script splits and globs each answer (`COMPREPLY+=($value)`) and inserts it raw; this
# one reads the answers line by line (mapfile) and inserts each as Bash.format_completion wrote it,
# an OPEN one with no space after it. COMP_WORD is the word being completed as typed (its quotes too).
_SOURCE_BASH = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response completion type value
    mapfile -t response < <(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
COMP_WORD="${COMP_WORDS[COMP_CWORD]}" %(complete_var)s=bash_complete $1)
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
        elif [[ $type == 'open' ]]; then
            COMPREPLY+=("$value")
            compopt -o nospace
        fi
    done
    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""

# zsh: click's script, with OPEN answers added by `compadd -S ''` (no space, the quote left open).
_SOURCE_ZSH = """\
#compdef %(prog_name)s

%(complete_func)s() {
    local -a completions
    local -a completions_with_descriptions
    local -a open_completions
    local -a response
    (( ! $+commands[%(prog_name)s] )) && return 1

    response=("${(@f)$(env COMP_WORDS="${words[*]}" COMP_CWORD=$((CURRENT-1)) \\
%(complete_var)s=zsh_complete %(prog_name)s)}")

    for type key descr in ${response}; do
        if [[ "$type" == "plain" ]]; then
            if [[ "$descr" == "_" ]]; then
                completions+=("$key")
            else
                completions_with_descriptions+=("$key":"$descr")
            fi
        elif [[ "$type" == "open" ]]; then
            open_completions+=("$key")
        elif [[ "$type" == "dir" ]]; then
            _path_files -/
        elif [[ "$type" == "file" ]]; then
            _path_files -f
        fi
    done

    if [ -n "$completions_with_descriptions" ]; then
        _describe -V unsorted completions_with_descriptions -U
    fi

    if [ -n "$completions" ]; then
        compadd -U -V unsorted -a completions
    fi

    if [ -n "$open_completions" ]; then
        compadd -U -S '' -V unsorted -a open_completions
    fi
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    # autoload from fpath, call function directly
    %(complete_func)s "$@"
else
    # eval/source/. command, register function for later
    compdef %(complete_func)s %(prog_name)s
fi
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


def kept_open(found: list) -> list:
    """A lone OPEN answer, and a second one a dot longer: a shell closes the quote of a word it completes to its
    one answer (fish, and bash in a quote, cannot be told not to), not of one two answers share."""
    from click.shell_completion import CompletionItem

    if len(found) == 1 and found[0].type == OPEN:
        return [*found, CompletionItem(found[0].value + ".", type=OPEN)]
    return found


def bash_answer(kind: str, value: str) -> str:
    """One answer as pastiche's bash script reads it: quoted for bash, or inside an open quote written for it."""
    if kind not in ("plain", OPEN):
        return f"{kind},{value}"
    quote, before = open_quote(os.environ.get("COMP_WORD", ""))
    if not quote:
        return f"{kind},{bash_quote(value)}"
    value = in_quote(value[len(before) :], quote)
    if kind == "plain" and value.endswith(quote):
        value += quote  # readline closes a quote unless the text already ends with one (`\"`)
    return f"{kind},{value}"


def fish_words() -> tuple[list[str], str]:
    """(the words before, the word being completed) as fish gives them (`"Ana pl`), unquoted as COMP_WORDS's
    words are (click's own, before pallets/click#3013, compared the quoted word with the unquoted ones)."""
    from click.shell_completion import split_arg_string

    words = split_arg_string(os.environ["COMP_WORDS"])
    typed = os.environ["COMP_CWORD"]
    incomplete = (split_arg_string(typed) or [""])[0] if typed else ""
    args = words[1:]
    if incomplete and args and args[-1] == incomplete:
        args.pop()
    return args, incomplete


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
        """Every value quoted for bash; inside an open quote, only what follows the quote, written for it."""

        source_template = _SOURCE_BASH

        def get_completions(self, args, incomplete):
            found = super().get_completions(args, incomplete)
            return kept_open(found) if open_quote(os.environ.get("COMP_WORD", ""))[0] else found

        def format_completion(self, item) -> str:
            return bash_answer(item.type, item.value)

    class Zsh(ValuesFirst, ZshComplete):
        """zsh's compadd quotes what it inserts itself; an OPEN value is added with no suffix."""

        source_template = _SOURCE_ZSH

    class Fish(ValuesFirst, FishComplete):
        """fish escapes what it inserts itself; its script keeps a value's commas."""

        source_template = _SOURCE_FISH

        def get_completion_args(self):
            return fish_words()

        def get_completions(self, args, incomplete):
            return kept_open(super().get_completions(args, incomplete))

        def format_completion(self, item) -> str:
            from click.shell_completion import CompletionItem

            plain = CompletionItem(item.value, help=item.help) if item.type == OPEN else item
            return super().format_completion(plain)  # the dot answer keeps fish's quote open (kept_open)

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


@click.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
@click.pass_context
def command(ctx: click.Context, shell: str) -> None:
    """Print the completion script for SHELL (bash, zsh or fish).

    It completes commands, options, the games (--game), player names (from the file on the command
    line, for every game; a record's at its end), colour names (comma-separated lists too),
    commission titles and catalogue ids, Canvas's card words, Masterpiece's thesis ids and card ids,
    rule ids, and `play FILE "MOVE"` word by word.

    \b
    Example:
      eval "$(pastiche completion bash)"        # in ~/.bashrc
      eval "$(pastiche completion zsh)"         # in ~/.zshrc, after compinit
      pastiche completion fish > ~/.config/fish/completions/pastiche.fish
    """
    echo_file(script(ctx.find_root().command, shell))
