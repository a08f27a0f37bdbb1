"""Reading a Canvas position file (spec/canvas.md section 4), every format problem at once; the rules are core's."""

from __future__ import annotations

from pastiche_cli.formats import nodes
from pastiche_cli.formats.nodes import MAP, NULL, SEQ, read_with, spelt_as
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.house import BONUS_RIBBON_POINTS, HIERARCHY_READINGS, HouseRules
from pastiche_cli.games.canvas.core.position import MarketSlot, Placed, Player, Position
from pastiche_cli.games.canvas.core.rule_ids import HOUSE_UNITY
from pastiche_cli.kernel.problems import Reading, player_key

TOP_KEYS = ("game", "scoring", "players", "market", "turn", "house_rules")
PLAYER_KEYS = ("name", "inspiration", "hand", "paintings")
SLOT_KEYS = ("card", "tokens")
HOUSE_RULE_KEYS = ("hierarchy", "bonus_ribbon_points")


class PositionReader(nodes.Reader):
    """The generic node reader, with Canvas's pieces: art card words and scoring card names."""

    def __init__(self, filename: str):
        super().__init__(filename)
        self.places: list[Placed] = []

    def art_card(self, node, what: str) -> str | None:
        def unknown(word: str) -> str:
            offer = self.did_you_mean(word, cards.card_words(), " (`pastiche canvas cards` lists the 60 words)")
            return f"{what}: '{word}' is not the title word of an art card" + offer

        found = self.known(node, what, cards.find_card, "unknown-card", unknown)
        return None if found is None else found.word

    def scoring_card(self, node, what: str) -> tuple[str, str | None] | None:
        def unknown(word: str) -> str:
            names = list(cards.scoring_cards())
            listed = f" (the scoring cards: {', '.join(names)})"
            offer = self.did_you_mean(word.lower(), names + list(cards.scoring_aliases()), listed)
            return f"'{word}' is not a scoring card" + offer

        return self.known(node, what, cards.parse_scoring, "unknown-scoring-card", unknown)

    def card_list(self, node, what: str, where: str) -> tuple[list[str], bool]:
        """The art cards of a list, each remembered where it is; and whether every entry was readable."""
        items = self.sequence(node, what)
        if items is None:
            return [], False
        out, ok = [], True
        for item in items:
            word = self.art_card(item, f"a card in {what}")
            if word is None:
                ok = False
                continue
            out.append(word)
            self.places.append(Placed(word, where, self.loc(item)))
        return out, ok

    def player(self, node, index: int) -> Player | None:
        what = f"players[{index}]"
        fields, name = self.player_entry(node, what, PLAYER_KEYS)
        if fields is None:
            return None
        label = name or what
        inspiration = None
        if "inspiration" not in fields:
            why = f"{label} has no 'inspiration' (the tokens left; the tiebreak needs them: write `inspiration: 0` "
            self.error(node, "missing-key", why + "if none are left)")
        else:
            inspiration = self.integer(fields["inspiration"][1], f"{label}'s inspiration")
        hand: list[str] = []
        hand_unread = paintings_unread = 0
        if "hand" in fields:
            node_hand = fields["hand"][1]
            hand, _ = self.card_list(node_hand, f"{label}'s hand", f"{label}'s hand")
            hand_unread = len(node_hand.value) - len(hand) if node_hand.tag == SEQ else 0
        paintings: list[tuple[str, ...]] = []
        if "paintings" in fields:
            for i, item in enumerate(self.sequence(fields["paintings"][1], f"{label}'s paintings") or []):
                words, ok = self.card_list(item, f"{label}'s painting {i + 1}", f"{label}'s painting {i + 1}")
                count = len(item.value) if item.tag == SEQ else 0 if item.tag == NULL else None
                if count is not None and count != cards.CARDS_PER_PAINTING:
                    why = f"{label}'s painting {i + 1} has {count} card{'' if count == 1 else 's'}; a painting is "
                    self.error(item, "painting-size", why + f"{cards.CARDS_PER_PAINTING} art cards, bottom to top")
                    paintings_unread += 1
                elif ok and count is not None:
                    paintings.append(tuple(words))
                else:
                    paintings_unread += 1  # there, but not readable: it still counts as a painting
        if name is None:
            return None
        # A broken inspiration does not hide the rest of the player: the checks that need no tokens still run.
        for key in ("inspiration", "hand", "paintings"):
            if key in fields:
                self.place(player_key(index, key), fields[key][1])
        unread = (hand_unread, paintings_unread, inspiration is not None)
        return Player(name, index, inspiration or 0, tuple(hand), tuple(paintings), self.loc(node), *unread)

    def market(self, node) -> tuple[MarketSlot, ...]:
        out = []
        for i, item in enumerate(self.sequence(node, "the market") or []):
            where = f"the market (slot {i + 1})"
            if item.tag == MAP:
                fields = self.mapping(item, f"market slot {i + 1}", SLOT_KEYS)
                if fields is None:
                    continue
                if "card" not in fields:
                    self.error(item, "missing-key", f"market slot {i + 1} has no 'card'")
                    continue
                word = self.art_card(fields["card"][1], f"market slot {i + 1}")
                tokens: int | None = 0
                if "tokens" in fields:
                    tokens = self.integer(fields["tokens"][1], f"the tokens on market slot {i + 1}")
                if word is None or tokens is None:
                    continue
                self.places.append(Placed(word, where, self.loc(fields["card"][1])))
                out.append(MarketSlot(word, tokens, self.loc(item)))
                continue
            word = self.art_card(item, f"market slot {i + 1}")
            if word is not None:
                self.places.append(Placed(word, where, self.loc(item)))
                out.append(MarketSlot(word, 0, self.loc(item)))
        return tuple(out)

    def scoring(self, node) -> tuple[list[str], list[tuple[str, str]]]:
        names, aliases = [], []
        items = self.sequence(node, "scoring")
        for item in items or []:
            found = self.scoring_card(item, "a scoring card")
            if found is None:
                continue
            name, alias = found
            self.place(f"scoring[{len(names)}]", item)
            names.append(name)
            if alias:
                aliases.append((alias, name))
                why = f"'{alias}' is read as {name}: the early rules text's name for it [{HOUSE_UNITY}]"
                self.warn(item, "alias", why)
        if items is not None and not items:
            why = "scoring lists no card; name the active scoring cards, e.g. "
            self.error(node, "empty", why + "[composition, emphasis, repetition, variety]")
        return names, aliases

    def house_rules(self, node) -> HouseRules:
        fields = self.mapping(node, "house_rules", HOUSE_RULE_KEYS)
        if not fields:
            return HouseRules()
        hierarchy = HouseRules().hierarchy
        if "hierarchy" in fields:
            value = self.text(fields["hierarchy"][1], "house_rules.hierarchy", lambda t: t.strip().lower())
            if value is not None and value not in HIERARCHY_READINGS:
                why = f"hierarchy: '{value}' is not a reading{self.did_you_mean(value, HIERARCHY_READINGS)} "
                why += f"(the readings: {', '.join(HIERARCHY_READINGS)})"
                self.error(fields["hierarchy"][1], "unknown-reading", why)
            elif value is not None:
                hierarchy = value
        points = HouseRules().bonus_ribbon_points
        if "bonus_ribbon_points" in fields:
            value = self.integer(fields["bonus_ribbon_points"][1], "house_rules.bonus_ribbon_points")
            if value is not None and value not in BONUS_RIBBON_POINTS:
                why = f"bonus_ribbon_points is {value}; the readings are 2 (the default) and 1"
                self.error(fields["bonus_ribbon_points"][1], "unknown-reading", why)
            elif value is not None:
                points = value
        return HouseRules(hierarchy, points)

    def turn(self, node, players: list[Player]) -> str | None:
        """`turn: NAME`, whose turn it is [canvas.turn]: a player of the file (exactly, then in any case)."""
        name = self.text(node, "turn")
        if name is None:
            return None
        names = [p.name for p in players]
        found = spelt_as(name, names)
        if found is None:
            if names:
                offer = self.did_you_mean(name, names, f" (players: {', '.join(names)})")
                self.error(node, "unknown-player", f"turn: no player '{name}'" + offer)
            return None
        self.place("turn", node)
        return found

    def position(self, root) -> Position | None:
        empty = "the file is empty; a Canvas position needs 'game: canvas', 'scoring:' and 'players:'"
        fields = self.top(root, TOP_KEYS, "canvas", empty)
        if fields is None:
            return None
        scoring, aliases = [], []
        if "scoring" not in fields:
            self.error(root, "missing-key", "the position has no 'scoring' list (the active scoring cards)")
        else:
            scoring, aliases = self.scoring(fields["scoring"][1])
        nobody = "players lists nobody; a game has 1 to 5 players"
        players: list[Player] = self.player_list(root, fields, "the position has no 'players' list", nobody)
        market = self.market(fields["market"][1]) if "market" in fields else None
        house = self.house_rules(fields["house_rules"][1]) if "house_rules" in fields else HouseRules()
        turn = self.turn(fields["turn"][1], players) if "turn" in fields else None
        return Position(tuple(scoring), tuple(players), market, house, tuple(self.places), tuple(aliases), turn)


def parse_position(filename: str, text: str) -> Reading:
    """The position in `text` (with format problems, what could be read) and its format problems."""
    return read_with(PositionReader(filename), text)
