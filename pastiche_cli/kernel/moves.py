"""What every game's moves share: the errors, the value base, and the words of the one-line notation.

A notation is `NAME verb ...`, a word with a space or a quote double-quoted (`"Salt Marsh"`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from pastiche_cli.kernel.verdict import Verdict


class MoveError(ValueError):
    """A move that names what the position does not have (a player): not a rules verdict."""


class MoveSyntaxError(MoveError):
    """Text that is not a move in the game's notation; `column` is the 0-based place it goes wrong."""

    def __init__(self, message: str, column: int = 0):
        super().__init__(message)
        self.column = column


class IllegalMove(MoveError):
    """`apply` of a move the rules do not allow; carries the judge's verdict."""

    def __init__(self, move: object, verdict: Verdict):
        super().__init__(f"{move}: {verdict.reason} [{verdict.rule}]")
        self.move = move
        self.verdict = verdict


def seated(position, name: str):
    """The position's player of this name; MoveError (not a rules verdict) when there is none."""
    found = position.player(name)
    if found is None:
        raise MoveError(f"no player '{name}' in the position")
    return found


def allowed(judge, position, move) -> Verdict:
    """`judge`'s verdict on a move about to be applied; IllegalMove, carrying it, when the rules refuse the move."""
    verdict = judge(position, move)
    if not verdict.legal:
        raise IllegalMove(move, verdict)
    return verdict


class MoveValue:
    """The base of every move value (mixed in before a NamedTuple): equal only to a move of its own kind."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))  # type: ignore[arg-type]

    if not TYPE_CHECKING:  # hidden from mypy, to which it differs from each NamedTuple's own _make

        @classmethod
        def _make(cls, iterable):  # `_replace` builds through here, so values stay normalised
            return cls(*iterable)

    def __str__(self) -> str:
        return self.notation()  # type: ignore[attr-defined]  # every game's move class defines notation()


class Token(NamedTuple):
    """One word of a move's text: as meant (quotes and escapes undone), whether it was quoted, where it starts."""

    text: str
    quoted: bool
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def is_word(self, word: str) -> bool:
        """Is this the keyword `word` (unquoted, any case)?"""
        return not self.quoted and self.text.lower() == word


_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|[^\s"]+')
_UNESCAPE = re.compile(r"\\(.)")
_BARE = re.compile(r'[^\s"\\]+\Z')


def tokens(text: str) -> list[Token]:
    """The words of a move's text; a double-quoted word may hold spaces. Raises MoveSyntaxError on an open quote."""
    out: list[Token] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return out
        match = _TOKEN.match(text, at)
        if match is None:  # a '"' that never closes
            raise MoveSyntaxError("a double-quoted name or title is not closed", at)
        if match.group(1) is not None:
            out.append(Token(_UNESCAPE.sub(r"\1", match.group(1)), True, at))
        else:
            out.append(Token(match.group(0), False, at))
        at = match.end()


def word(text: str) -> str:
    """A name or title as written in a move: bare when it has no space or quote, else double-quoted."""
    if _BARE.match(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_shape(form: str, verb: Token, args: list[Token], *words: str | None) -> None:
    """The argument count and fixed keywords of one form (None: any word), or MoveSyntaxError saying how to write it."""
    quotes = _single_quotes(args)
    for i, expected in enumerate(words):
        if i >= len(args):
            end = args[-1].end if args else verb.end
            raise MoveSyntaxError(f"incomplete move: write {form}{quotes}", end)
        if expected is not None and not args[i].is_word(expected):
            raise MoveSyntaxError(
                f"expected '{expected}' here, not '{args[i].text}': write {form}{quotes}", args[i].start
            )
    if len(args) > len(words):
        raise MoveSyntaxError(
            f"unexpected '{args[len(words)].text}' after the move: write {form}{quotes}", args[len(words)].start
        )


def _single_quotes(args: list[Token]) -> str:
    """The hint for a move that single-quotes a title: the notation quotes with double quotes only."""
    if any(not a.quoted and (a.text.startswith("'") or a.text.endswith("'")) for a in args):
        return """ (a name or title with spaces is written in double quotes, "Salt Marsh", not single quotes)"""
    return ""


def one_of(choices: list[str], token: Token, suggest, missing: str, listing: str) -> str:
    """The choice a word names (exact, then any case), or MoveSyntaxError with a did-you-mean.

    `missing` says what is not there, with {} for the word ("no player '{}'"); `listing` names the
    choices when none is close ("players")."""
    if token.text in choices:
        return token.text
    folded = token.text.casefold()
    for choice in choices:
        if choice.casefold() == folded:
            return choice
    near = suggest(token.text, choices)
    hint = f"; did you mean '{near}'?" if near else f" ({listing}: {', '.join(choices)})"
    raise MoveSyntaxError(missing.format(token.text) + hint, token.start)


def player_token(names: list[str], token: Token, suggest) -> str:
    """The player a move's first word names (exact, then any case), or MoveSyntaxError with a did-you-mean."""
    return one_of(names, token, suggest, "no player '{}'", "players")


def verb_of(tokens_: list[Token], forms: dict[str, str], suggest, example: str) -> str:
    """The move's verb (its second word), checked against the game's `forms` (verb -> how to write it)."""
    if len(tokens_) < 2:
        raise MoveSyntaxError(
            f"a move is a player's name and what they do, e.g. '{example}'", tokens_[0].end if tokens_ else 0
        )
    verb = tokens_[1].text.lower() if not tokens_[1].quoted else ""
    if verb not in forms:
        near = suggest(tokens_[1].text, list(forms))
        hint = f"; did you mean '{near}'?" if near else f" (moves: {', '.join(forms)})"
        raise MoveSyntaxError(f"'{tokens_[1].text}' is not a move{hint}", tokens_[1].start)
    return verb


def head(
    text: str, names: list[str], forms: dict[str, str], suggest, example: str
) -> tuple[list[Token], str, str, list[Token]]:
    """A move's words, player, verb and the words after the verb: what every game's parse_move reads first."""
    words = tokens(str(text))
    if len(words) < 2:
        verb_of(words, forms, suggest, example)  # raises: a move is a name and a verb
    player = player_token(names, words[0], suggest)
    return words, player, verb_of(words, forms, suggest, example), words[2:]
