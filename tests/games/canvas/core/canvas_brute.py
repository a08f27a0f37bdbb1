"""An independent brute force for Canvas ribbons, written apart from the core, for the property tests.

It knows only the rules of spec/canvas.md section 1: it lists every group of icons each scoring card
could make a ribbon from, and tries every set of groups that share no icon. It shares no code with
pastiche_cli.games.canvas.core.painting (only the card facts: which icon is where).
"""

from __future__ import annotations

from itertools import combinations

SWATCH_COUNT = 5
ELEMENT_NAMES = ("hue", "shape", "texture", "tone")


def visible_icons(stack):
    """[(swatch, icon)] that show: per swatch the icons of the last (topmost) card printed there."""
    out = []
    for s in range(SWATCH_COUNT):
        top = None
        for card in stack:
            if card.icons[s]:
                top = card
        if top is not None:
            out += [(s, kind) for kind in top.icons[s]]
    return out


def most_disjoint(groups) -> int:
    """The largest number of groups no two of which share an icon: every subset, largest first."""
    groups = [frozenset(g) for g in groups]
    best = 0

    def grow(start, used, count):
        nonlocal best
        best = max(best, count)
        for k in range(start, len(groups)):
            if not (groups[k] & used):
                grow(k + 1, used | groups[k], count + 1)

    grow(0, frozenset(), 0)
    return best


def ribbons(icons, card: str, hierarchy: str = "tone") -> int:
    elements = [i for i in icons if i[1] in ELEMENT_NAMES]
    of = lambda kind: [i for i in elements if i[1] == kind]  # noqa: E731
    if card == "composition":
        return int(all(any(s == k for s, _ in icons) for k in range(SWATCH_COUNT)))
    if card == "consistency":
        return int(len(elements) == 6)
    if card == "emphasis":
        return int(len(of("hue")) == 1)
    if card == "hierarchy":
        counts = {e: len(of(e)) for e in ELEMENT_NAMES}
        if hierarchy == "texture-strict":
            return int(all(counts["texture"] > counts[e] for e in ELEMENT_NAMES if e != "texture"))
        return int(counts["tone"] >= 1 and all(counts["tone"] >= counts[e] for e in ELEMENT_NAMES))
    if card == "movement":
        return sum(
            1
            for e in ELEMENT_NAMES
            if any(all(any(i == (s, e) for i in elements) for s in range(a, a + 3)) for a in range(3))
        )
    if card == "symmetry":
        return sum(1 for a, b in ((0, 4), (1, 3)) for e in ELEMENT_NAMES if (a, e) in elements and (b, e) in elements)
    if card == "proximity":
        pairs = [(t, o) for t in of("texture") for o in of("tone") if abs(t[0] - o[0]) == 1]
    elif card == "space":
        pairs = [(h, s) for h in of("hue") for s in of("shape") if abs(h[0] - s[0]) >= 2]
    elif card == "repetition":
        pairs = list(combinations(of("shape"), 2))
    elif card == "style":
        pairs = list(combinations(of("texture"), 3))
    elif card == "variety":
        pairs = [g for g in combinations(elements, 4) if {i[1] for i in g} == set(ELEMENT_NAMES)]
    elif card == "proportion":
        pairs = []
        for five in combinations(elements, 5):
            for three in combinations(five, 3):
                two = [i for i in five if i not in three]
                if len({i[1] for i in three}) == 1 and len({i[1] for i in two}) == 1:
                    pairs.append(five)
                    break
    else:
        raise ValueError(card)
    return most_disjoint(pairs)


def grey_ribbons(icons) -> int:
    return sum(1 for _, b in icons if b.startswith("bonus-") for _, e in icons if e == b[len("bonus-") :])
