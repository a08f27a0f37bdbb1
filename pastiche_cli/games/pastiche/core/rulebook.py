"""Pastiche's rules reference: every rule id the tool cites, explained in our own words (data/pastiche/rules.json).

Lookup by exact id, by prefix (`trade` or `trade.bank`) or by a word (`bisque`); an unknown topic
gets the nearest id or word as a suggestion.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

GROUPS = ("place", "trade", "commission", "cleanup", "end", "score", "house")

# A rule id as written in code: "trade.bank.three", "[score.palette]" — a known group, then one or
# two lower-case parts. Used by the test that every id the code cites is explained here.
RULE_ID = re.compile(r"(?:%s)(?:\.[a-z][a-z0-9_-]*){1,2}" % "|".join(GROUPS))


class Reading(NamedTuple):
    reading: str
    setting: str
    default: bool


class Rule(NamedTuple):
    id: str
    title: str
    source: str
    summary: str
    example: str
    see: tuple[str, ...] = ()
    open_question: bool = False
    key: str | None = None                 # the house_rules key, for house rules
    readings: tuple[Reading, ...] = ()

    @property
    def group(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def is_group(self) -> bool:
        return "." not in self.id

    @property
    def default(self) -> str | None:
        return next((r.reading for r in self.readings if r.default), None)

    def as_json(self) -> dict:
        out = {"id": self.id, "title": self.title, "group": self.group,
               "kind": "group" if self.is_group else ("house" if self.group == "house" else "rule"),
               "source": self.source, "summary": self.summary, "example": self.example,
               "see": list(self.see), "open_question": self.open_question}
        if self.is_group:
            out["members"] = [r.id for r in members(self.id)]
        if self.readings:
            out["house_rules_key"] = self.key
            out["readings"] = [{"reading": r.reading, "setting": r.setting, "default": r.default}
                               for r in self.readings]
            out["default"] = self.default
        return out


@lru_cache(maxsize=None)
def rules() -> dict[str, Rule]:
    """Every entry of the rules reference, by id, in the order of its data file (groups first)."""
    from pastiche_cli.formats.data import game_data

    raw = game_data("pastiche", "rules.json")
    out = {}
    for e in raw["rules"]:
        readings = tuple(Reading(r["reading"], r["setting"], bool(r["default"])) for r in e.get("readings", ()))
        out[e["id"]] = Rule(e["id"], e["title"], e["source"], e["summary"], e["example"],
                            tuple(e.get("see", ())), bool(e.get("open_question", False)), e.get("key"), readings)
    return out


def ids() -> list[str]:
    return list(rules())


def get(rule_id: str) -> Rule | None:
    return rules().get(rule_id)


def members(group: str) -> list[Rule]:
    return [r for r in rules().values() if r.group == group and not r.is_group]


class Lookup(NamedTuple):
    topic: str
    how: str                   # "all", "id", "prefix", "word" or "none"
    matches: tuple[Rule, ...]
    suggestion: str | None = None


def _normalise(topic: str) -> str:
    text = topic.strip().lower().strip("[]")
    if text.startswith("house_rules."):
        text = "house." + text.split(".", 1)[1]
    return text


def lookup(topic: str | None) -> Lookup:
    """The entries a topic names: an id (a group id brings its rules), a prefix, or a word."""
    table = rules()
    if topic is None or not topic.strip():
        return Lookup("", "all", tuple(table.values()))
    key = _normalise(topic)
    by_key = {r.key: r.id for r in table.values() if r.key}
    key = by_key.get(key, key)          # a house_rules key names its entry
    if key in table:
        rule = table[key]
        found = [rule] + (members(key) if rule.is_group else [])
        return Lookup(topic, "id", tuple(found))
    by_prefix = [r for r in table.values() if r.id.startswith(key + ".") or r.id.startswith(key)]
    if by_prefix and re.fullmatch(r"[a-z.-]+", key):
        return Lookup(topic, "prefix", tuple(by_prefix))
    word = re.compile(r"(?<![a-z])" + re.escape(key), re.IGNORECASE)
    by_word = [r for r in table.values()
               if any(word.search(text) for text in (r.id, r.key or "", r.title, r.summary, r.example, r.source))]
    if by_word:
        return Lookup(topic, "word", tuple(by_word))
    return Lookup(topic, "none", (), suggest(key))


def vocabulary() -> list[str]:
    """Ids and the words of titles and summaries: what a misspelt topic is compared with."""
    words = set(rules())
    for r in rules().values():
        words.update(w for w in re.findall(r"[a-z][a-z-]{3,}", f"{r.title} {r.summary}".lower()))
    return sorted(words)


def suggest(topic: str) -> str | None:
    from pastiche_cli.kernel.suggest import suggest as nearest

    key = _normalise(topic)
    return nearest(key, ids()) or nearest(key, vocabulary())


def as_markdown() -> str:
    """The whole reference as Markdown (docs/rules.md is this, checked by a test)."""
    out = ["# The rules as pastiche applies them", "",
           "Every rule id the tool cites, in the project's own words, with the rulebook section it comes",
           "from. The rulebook is the authority. Generated from `data/pastiche/rules.json` by",
           "`python -m pastiche_cli.games.pastiche.core.rulebook > docs/rules.md`; `pastiche rules ID` shows the same text.", ""]
    for rule in rules().values():
        out.append(f"{'##' if rule.is_group else '###'} `{rule.id}` — {rule.title}")
        out += ["", f"*Rulebook: {rule.source}*", "", rule.summary, ""]
        if rule.open_question:
            out.append("Open question — two readings:")
            out.append("")
            out += [f"- {r.reading} (`house_rules: {r.setting}`){' — **default**' if r.default else ''}"
                    for r in rule.readings]
            out.append("")
        if rule.is_group and members(rule.id):
            out += ["Rules: " + ", ".join(f"`{m.id}`" for m in members(rule.id)), ""]
        out += [f"Example: {rule.example}", ""]
        if rule.see:
            out += ["See also: " + ", ".join(f"`{s}`" for s in rule.see), ""]
    return "\n".join(out)


if __name__ == "__main__":
    print(as_markdown(), end="")
