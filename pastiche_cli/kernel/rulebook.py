"""A game's rules reference as values: every rule id it cites, from `data/GAME/rules.json`, in the project's words."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple


class Reference(NamedTuple):
    """How a game's reference is presented (rules.json's "reference" key; cli/verbs/rules.py)."""

    help: str  # the `rules` command's help, its lines joined
    id_prefix: str = ""  # what every id of the game starts with ("canvas."), "" for Pastiche
    text_name: str = "rules text"  # what the entries' sources are called ("rulebook" for Pastiche)
    example_prefix: str = ""  # the prefix the index suggests (default: the first group)
    example_word: str = ""  # the word the index suggests, if any
    title: str = ""  # the Markdown page's title
    source: str = ""  # the rules text the entries cite, for the Markdown page

    @classmethod
    def from_json(cls, raw: dict) -> Reference:
        fields = {k: v for k, v in raw.items() if k in cls._fields}
        if isinstance(fields.get("help"), list):
            fields["help"] = "\n".join(fields["help"])
        return cls(**{"help": "", **fields})


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
    key: str | None = None  # the house_rules key, for house rules
    readings: tuple[Reading, ...] = ()
    is_group: bool = False
    group: str = ""  # the group it belongs to (a group: itself)
    members: tuple[str, ...] = ()  # a group's rule ids, in order

    @property
    def default(self) -> str | None:
        return next((r.reading for r in self.readings if r.default), None)

    def as_json(self) -> dict:
        out: dict[str, object] = {
            "id": self.id,
            "title": self.title,
            "group": self.group,
            "kind": "group" if self.is_group else ("house" if self.group.endswith("house") else "rule"),
            "source": self.source,
            "summary": self.summary,
            "example": self.example,
            "see": list(self.see),
            "open_question": self.open_question,
        }
        if self.is_group:
            out["members"] = list(self.members)
        if self.readings:
            out["house_rules_key"] = self.key
            out["readings"] = [
                {"reading": r.reading, "setting": r.setting, "default": r.default} for r in self.readings
            ]
            out["default"] = self.default
        return out


class Lookup(NamedTuple):
    topic: str
    how: str  # "all", "id", "prefix", "word" or "none"
    matches: tuple[Rule, ...]
    suggestion: str | None = None


def _normalise(topic: str, prefix: str) -> str:
    text = topic.strip().lower().strip("[]")
    if text.startswith("house_rules."):
        text = "house." + text.split(".", 1)[1]
    if prefix and text.startswith(prefix + "house_rules."):
        text = prefix + "house." + text[len(prefix + "house_rules.") :]
    return text


class Rulebook:
    """The entries of one game's rules reference, in the order of its data file."""

    def __init__(self, game: str, raw: dict, prefix: str | None = None):
        """`raw` is the parsed rules.json; a group says `"group": true` or, in a game without a prefix, has no dot."""
        self.game = game
        self.reference = Reference.from_json(raw.get("reference", {}))
        self.prefix = self.reference.id_prefix if prefix is None else prefix
        entries = raw["rules"]
        groups = [e["id"] for e in entries if e.get("group", not self.prefix and "." not in e["id"])]
        table: dict[str, Rule] = {}
        for e in entries:
            rid = e["id"]
            readings = tuple(Reading(r["reading"], r["setting"], bool(r["default"])) for r in e.get("readings", ()))
            is_group = rid in groups
            group = rid if is_group else max((g for g in groups if rid.startswith(g + ".")), key=len, default="")
            members = (
                tuple(x["id"] for x in entries if x["id"].startswith(rid + ".") and x["id"] not in groups)
                if is_group
                else ()
            )
            table[rid] = Rule(
                rid,
                e["title"],
                e["source"],
                e["summary"],
                e["example"],
                tuple(e.get("see", ())),
                bool(e.get("open_question", False)),
                e.get("key"),
                readings,
                is_group,
                group,
                members,
            )
        self.table = table

    def ids(self) -> list[str]:
        return list(self.table)

    def get(self, rule_id: str) -> Rule | None:
        return self.table.get(rule_id)

    def members(self, group: str) -> list[Rule]:
        rule = self.table.get(group)
        return [self.table[m] for m in rule.members] if rule else []

    def lookup(self, topic: str | None) -> Lookup:
        """The entries a topic names: an id (a group id brings its rules), a prefix, or a word."""
        table = self.table
        if topic is None or not topic.strip():
            return Lookup("", "all", tuple(table.values()))
        key = _normalise(topic, self.prefix)
        if self.prefix and key not in table and self.prefix + key in table:
            key = self.prefix + key  # `pastiche rules --game canvas take` means canvas.take
        by_key = {r.key: r.id for r in table.values() if r.key}
        key = by_key.get(key, key)  # a house_rules key names its entry
        if key in table:
            rule = table[key]
            found = [rule] + (self.members(key) if rule.is_group else [])
            return Lookup(topic, "id", tuple(found))
        by_prefix = [
            r for r in table.values() if r.id.startswith(key) or (self.prefix and r.id.startswith(self.prefix + key))
        ]
        if by_prefix and re.fullmatch(r"[a-z.-]+", key):
            return Lookup(topic, "prefix", tuple(by_prefix))
        word = re.compile(r"(?<![a-z])" + re.escape(key), re.IGNORECASE)
        by_word = [
            r
            for r in table.values()
            if any(word.search(text) for text in (r.id, r.key or "", r.title, r.summary, r.example, r.source))
        ]
        if by_word:
            return Lookup(topic, "word", tuple(by_word))
        return Lookup(topic, "none", (), self.suggest(key))

    def vocabulary(self) -> list[str]:
        """Ids and the words of titles and summaries: what a misspelt topic is compared with."""
        words = set(self.table)
        for r in self.table.values():
            words.update(w for w in re.findall(r"[a-z][a-z-]{3,}", f"{r.title} {r.summary}".lower()))
        return sorted(words)

    def suggest(self, topic: str) -> str | None:
        from pastiche_cli.kernel.suggest import suggest as nearest

        key = _normalise(topic, self.prefix)
        return nearest(key, self.ids()) or nearest(key, self.vocabulary())

    def as_markdown(self, title: str, generated_by: str, source: str) -> str:
        """The whole reference as Markdown (each game's docs/rules page is this, checked by a test)."""
        out = [
            f"# {title}",
            "",
            "Every rule id the tool cites, in the project's own words, with the section of the rules text",
            f"it comes from ({source}). The rules text is the authority. Generated from "
            f"`data/{self.game}/rules.json` by",
            f"`{generated_by}`; `pastiche rules ID` shows the same text.",
            "",
        ]
        for rule in self.table.values():
            out.append(f"{'##' if rule.is_group else '###'} `{rule.id}` — {rule.title}")
            out += [
                "",
                f"*Rules text: {rule.source}*" if self.prefix else f"*Rulebook: {rule.source}*",
                "",
                rule.summary,
                "",
            ]
            if rule.open_question:
                out.append("Open question — two readings:")
                out.append("")
                out += [
                    f"- {r.reading} (`house_rules: {r.setting}`){' — **default**' if r.default else ''}"
                    for r in rule.readings
                ]
                out.append("")
            if rule.is_group and rule.members:
                out += ["Rules: " + ", ".join(f"`{m}`" for m in rule.members), ""]
            out += [f"Example: {rule.example}", ""]
            if rule.see:
                out += ["See also: " + ", ".join(f"`{s}`" for s in rule.see), ""]
        return "\n".join(out)


@cache
def book(game: str) -> Rulebook:
    """The rules reference of a game, from data/GAME/rules.json (read once)."""
    from pastiche_cli.facts import game_data

    return Rulebook(game, game_data(game, "rules.json"))
