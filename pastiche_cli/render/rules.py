"""A game's rules reference told (`pastiche rules`): an entry in words, the index of ids, the JSON of a match."""

from __future__ import annotations

import textwrap

from pastiche_cli.kernel.rulebook import Rule, Rulebook
from pastiche_cli.render.answer import Plain, Runs, Told


def _para(label: str, text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        text, width=width, initial_indent=f"{indent}{label}", subsequent_indent=indent + " " * len(label)
    ) or [indent + label]


def render(rule: Rule, width: int, text_name: str = "rulebook") -> list:
    """One entry in words: heading (its id as a bold run), source, summary, open question, example, see-also."""
    lines: list = [((rule.id, "bold"), (f" — {rule.title}", None))]
    lines += _para(text_name[0].upper() + text_name[1:] + ": ", rule.source, width)
    lines += _para("", rule.summary, width)
    if rule.open_question:
        lines.append(f"  Open question — the {text_name} allows two readings:")
        for r in rule.readings:
            mark = " (default)" if r.default else ""
            lines += _para("- ", f"{r.reading} [house_rules: {r.setting}]{mark}", width, indent="    ")
    if rule.is_group and rule.members:
        lines += _para("Rules: ", ", ".join(rule.members), width)
    lines += _para("Example: ", rule.example, width)
    if rule.see:
        lines.append(f"  See also: {', '.join(rule.see)}")
    return lines


def index_lines(rulebook: Rulebook) -> list[str]:
    """Every id with its title, one line each, groups first."""
    table = rulebook.table
    width = max(len(i) for i in table)
    out = []
    for rule in table.values():
        label = rule.title + ("  (open question)" if rule.open_question else "")
        if rule.is_group and out:
            out.append("")
        out.append(f"{rule.id.ljust(width)}  {label}")
    return out


def rules_told(rulebook: Rulebook, topic: str | None, found, show_all: bool, again: str, tagged: bool, width) -> Told:
    """What TOPIC names (`found`: rulebook.lookup's): the index, or each entry in full within `width()`
    columns (None: the JSON alone); `again` is the command that asks again, `tagged` puts the game in the JSON."""
    answer = {"topic": topic, "matched_by": found.how, "rules": [r.as_json() for r in found.matches]}
    answer = {"game": rulebook.game, **answer} if tagged else answer
    if width is None:
        return Told(answer)
    if found.how == "all" and not show_all:
        reference = rulebook.reference
        word = f", or a word such as '{reference.example_word}'" if reference.example_word else ""
        prefix = reference.example_prefix or next((r.id for r in rulebook.table.values() if r.is_group), "")
        more = f"Show one in full: {again} ID (or a prefix such as '{prefix}'{word}); all of them: {again} --all"
        return Told(answer, (Plain(index_lines(rulebook) + ["", more]),))
    return Told(answer, (Runs(_entries(rulebook, found.matches, width())),))


def _entries(rulebook: Rulebook, rules, width: int) -> list:
    lines: list = []
    for r in rules:
        lines += ([""] if lines else []) + render(r, width, rulebook.reference.text_name)
    return lines
