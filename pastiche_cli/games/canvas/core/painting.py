"""One painting: which card shows in each swatch [canvas.layer], its ribbons on each scoring card [canvas.score.CARD]
with the icons behind each, its grey bonus ribbons [canvas.bonus]. Pairings are searched exhaustively, never greedily.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import islice
from typing import NamedTuple

from pastiche_cli.games.canvas.core.cards import ELEMENTS, MIRRORS, SWATCHES, ArtCard, bonus_element
from pastiche_cli.games.canvas.core.house import HIERARCHY_TEXTURE_STRICT, HouseRules
from pastiche_cli.games.canvas.core.rule_ids import BONUS, HOUSE_HIERARCHY, score_rule
from pastiche_cli.kernel.words import plural


class Icon(NamedTuple):
    swatch: int  # 0 red … 4 violet
    kind: str  # an element or a bonus icon
    card: str  # the word of the card it is printed on

    def __str__(self) -> str:
        return f"{self.kind} in {SWATCHES[self.swatch]}"

    @property
    def element(self) -> str | None:
        return self.kind if bonus_element(self.kind) is None else None

    def as_json(self) -> dict:
        return {"swatch": SWATCHES[self.swatch], "icon": self.kind, "card": self.card}


class Layered(NamedTuple):
    """A stack of art cards, bottom to top, as it looks [canvas.layer]."""

    cards: tuple[ArtCard, ...]
    shown_by: tuple[str | None, ...]  # per swatch: the word of the card that shows there, or None
    visible: tuple[tuple[Icon, ...], ...]  # per swatch: the icons that show
    hidden: tuple[Icon, ...]  # icons covered by a card above them

    @property
    def icons(self) -> tuple[Icon, ...]:
        return tuple(i for swatch in self.visible for i in swatch)

    @property
    def elements(self) -> tuple[Icon, ...]:
        return tuple(i for i in self.icons if i.element)

    def of(self, element: str) -> tuple[Icon, ...]:
        return tuple(i for i in self.icons if i.kind == element)


def layer(cards: Sequence[ArtCard]) -> Layered:
    """In each swatch the topmost card with icons there shows; what lies beneath it is hidden."""
    shown: list[str | None] = []
    visible: list[tuple[Icon, ...]] = []
    hidden: list[Icon] = []
    for s in range(len(SWATCHES)):
        covering = [c for c in cards if c.covers(s)]
        top = covering[-1] if covering else None
        shown.append(top.word if top else None)
        visible.append(tuple(Icon(s, kind, top.word) for kind in top.icons[s]) if top else ())
        hidden += [Icon(s, kind, c.word) for c in covering[:-1] for kind in c.icons[s]]
    return Layered(tuple(cards), tuple(shown), tuple(visible), tuple(hidden))


class Ribbons(NamedTuple):
    """What one painting earns on one scoring card, and why."""

    card: str
    count: int  # type: ignore[assignment]  # ribbons (shadows tuple.count)
    groups: tuple[tuple[Icon, ...], ...]  # the icons behind each ribbon (one group per ribbon)
    reason: str  # one sentence, for people
    rule: str  # canvas.score.CARD
    reading: str | None = None  # the house rule id, when a house rule changed the reading

    def as_json(self) -> dict:
        out = {
            "card": self.card,
            "ribbons": self.count,
            "rule": self.rule,
            "reason": self.reason,
            "groups": [[i.as_json() for i in g] for g in self.groups],
        }
        if self.reading:
            out["reading"] = self.reading
        return out


def best_pairs(
    left: Sequence[Icon], right: Sequence[Icon], fits: Callable[[Icon, Icon], bool]
) -> tuple[tuple[Icon, Icon], ...]:
    """The largest set of (left, right) pairs with `fits`, no icon in two pairs: every choice tried."""
    best: tuple[tuple[Icon, Icon], ...] = ()

    def search(i: int, used: frozenset, chosen: tuple) -> None:
        nonlocal best
        if len(chosen) + (len(left) - i) <= len(best):
            return  # even pairing every icon left cannot beat what we have
        if i == len(left):
            best = chosen
            return
        for r in right:
            if r not in used and fits(left[i], r):
                search(i + 1, used | {r}, chosen + ((left[i], r),))
        search(i + 1, used, chosen)

    search(0, frozenset(), ())
    return best


def best_proportion_groups(icons: Sequence[Icon]) -> tuple[tuple[Icon, ...], ...]:
    """The most groups of 3 of one element + 2 of one element, no icon in two groups: every choice tried."""
    by_kind = {e: [i for i in icons if i.kind == e] for e in ELEMENTS}

    def search(left: dict[str, int]) -> list[tuple[str, str]]:
        best: list[tuple[str, str]] = []
        for three in ELEMENTS:
            if left[three] < 3:
                continue
            for two in ELEMENTS:
                if left[two] - (3 if two == three else 0) < 2:
                    continue
                rest = dict(left)
                rest[three] -= 3
                rest[two] -= 2
                found = [(three, two)] + search(rest)
                if len(found) > len(best):
                    best = found
        return best

    pools = {e: iter(v) for e, v in by_kind.items()}
    plan = search({e: len(v) for e, v in by_kind.items()})
    return tuple(tuple(islice(pools[three], 3)) + tuple(islice(pools[two], 2)) for three, two in plan)


def _composition(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    empty = [SWATCHES[s] for s in range(5) if not p.visible[s]]
    if empty:
        return 0, (), f"nothing shows in {', '.join(empty)}"
    return 1, (tuple(swatch[0] for swatch in p.visible),), "every swatch shows an icon"


def _consistency(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    n = len(p.elements)
    if n == 6:
        return 1, (p.elements,), "exactly 6 elements show"
    return 0, (), f"{n} elements show, not exactly 6"


def _emphasis(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    hues = p.of("hue")
    if len(hues) == 1:
        return 1, (hues,), f"exactly one hue shows ({hues[0]})"
    return 0, (), f"{plural(len(hues), 'hue')} show, not exactly one"


def _hierarchy(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    counts = {e: len(p.of(e)) for e in ELEMENTS}
    tally = ", ".join(f"{counts[e]} {e}" for e in ELEMENTS)
    if house.hierarchy == HIERARCHY_TEXTURE_STRICT:
        others = max(counts[e] for e in ELEMENTS if e != "texture")
        if counts["texture"] > others:
            return 1, (p.of("texture"),), f"texture is the single most shown element ({tally})"
        return 0, (), f"texture is not the single most shown element ({tally}; a tie does not score)"
    if counts["tone"] == 0:
        return 0, (), f"no tone shows ({tally})"
    beaten = [e for e in ELEMENTS if counts[e] > counts["tone"]]
    if beaten:
        return 0, (), f"{' and '.join(beaten)} show{'s' if len(beaten) == 1 else ''} more often than tone ({tally})"
    return 1, (p.of("tone"),), f"no element shows more often than tone ({tally})"


def _movement(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    groups = []
    for e in ELEMENTS:
        has = [any(i.kind == e for i in p.visible[s]) for s in range(5)]
        longest, run = (0, 0), 0
        for s in range(5):
            run = run + 1 if has[s] else 0
            if run > longest[0]:
                longest = (run, s)
        if longest[0] >= 3:
            length, end = longest
            groups.append(tuple(i for s in range(end - length + 1, end + 1) for i in p.visible[s] if i.kind == e))
    if not groups:
        return 0, (), "no element shows in three swatches in a row"
    words = "; ".join(f"{g[0].kind} from {SWATCHES[g[0].swatch]} to {SWATCHES[g[-1].swatch]}" for g in groups)
    return len(groups), tuple(groups), f"in a row: {words}"


def _pairs_reason(pairs, what: str, none: str) -> str:
    if not pairs:
        return none
    return f"{plural(len(pairs), what)}: " + "; ".join(f"{a} + {b}" for a, b in pairs)


def _proximity(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    pairs = best_pairs(p.of("texture"), p.of("tone"), lambda a, b: abs(a.swatch - b.swatch) == 1)
    none = "no texture has a tone in a neighbouring swatch"
    return len(pairs), pairs, _pairs_reason(pairs, "texture–tone pair", none)


def _proportion(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    groups = best_proportion_groups(p.elements)
    if not groups:
        counts = Counter(i.kind for i in p.elements)
        tally = ", ".join(f"{counts[e]} {e}" for e in ELEMENTS)
        return 0, (), f"no 3 of one element with 2 more of one element ({tally})"
    words = "; ".join(f"3 {g[0].kind} + 2 {g[3].kind}" for g in groups)
    return len(groups), groups, f"{plural(len(groups), 'group')}: {words}"


def _sets(p: Layered, element: str, size: int, word: str) -> tuple[int, tuple, str]:
    icons = p.of(element)
    groups = tuple(tuple(icons[k : k + size]) for k in range(0, len(icons) - size + 1, size))
    shown = plural(len(icons), element)
    if not groups:
        return 0, (), f"{shown} show{'s' if len(icons) == 1 else ''}; a {word} needs {size}"
    return len(groups), groups, f"{shown}: {plural(len(groups), word)}"


def _space(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    pairs = best_pairs(p.of("hue"), p.of("shape"), lambda a, b: abs(a.swatch - b.swatch) >= 2)
    return len(pairs), pairs, _pairs_reason(pairs, "hue–shape pair", "no hue has a shape two or more swatches away")


def _symmetry(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    groups = []
    for a, b in MIRRORS:
        for e in ELEMENTS:
            left = [i for i in p.visible[a] if i.kind == e]
            right = [i for i in p.visible[b] if i.kind == e]
            if left and right:
                groups.append((left[0], right[0]))
    if not groups:
        return 0, (), "no element shows in both red and violet, or in both yellow and blue"
    words = "; ".join(f"{g[0].kind} in {SWATCHES[g[0].swatch]} and {SWATCHES[g[1].swatch]}" for g in groups)
    return len(groups), tuple(groups), f"mirrored: {words}"


def _variety(p: Layered, house: HouseRules) -> tuple[int, tuple, str]:
    by = {e: p.of(e) for e in ELEMENTS}
    n = min(len(v) for v in by.values())
    if n == 0:
        missing = [e for e in ELEMENTS if not by[e]]
        return 0, (), f"no {' or '.join(missing)} shows"
    groups = tuple(tuple(by[e][k] for e in ELEMENTS) for k in range(n))
    return n, groups, f"{plural(n, 'full set')} of the four elements"


JUDGES: dict[str, Callable[[Layered, HouseRules], tuple[int, tuple, str]]] = {
    "composition": _composition,
    "consistency": _consistency,
    "emphasis": _emphasis,
    "hierarchy": _hierarchy,
    "movement": _movement,
    "proximity": _proximity,
    "proportion": _proportion,
    "repetition": lambda p, house: _sets(p, "shape", 2, "pair"),
    "space": _space,
    "style": lambda p, house: _sets(p, "texture", 3, "set"),
    "symmetry": _symmetry,
    "variety": _variety,
}


def ribbons(painting: Layered, card: str, house: HouseRules = HouseRules()) -> Ribbons:
    """The ribbons `painting` earns on scoring card `card` [canvas.score.CARD], with the icons behind each."""
    count, groups, reason = JUDGES[card](painting, house)
    reading = HOUSE_HIERARCHY if card == "hierarchy" and house.hierarchy == HIERARCHY_TEXTURE_STRICT else None
    return Ribbons(card, count, tuple(groups), reason, score_rule(card), reading)


class BonusRibbons(NamedTuple):
    """The grey ribbons one visible bonus icon earns: one per visible element of its type [canvas.bonus]."""

    bonus: Icon
    elements: tuple[Icon, ...]
    rule: str = BONUS

    @property
    def count(self) -> int:  # type: ignore[override]  # ribbons (shadows tuple.count)
        return len(self.elements)

    def as_json(self) -> dict:
        return {**self.bonus.as_json(), "ribbons": self.count, "elements": [i.as_json() for i in self.elements]}


def bonus_ribbons(painting: Layered) -> tuple[BonusRibbons, ...]:
    return tuple(
        BonusRibbons(icon, painting.of(element)) for icon in painting.icons if (element := bonus_element(icon.kind))
    )
