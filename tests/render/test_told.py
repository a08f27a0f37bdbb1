"""render/told.py and kernel/ranking.py's precedence lines: what every game's answers tell alike."""

from __future__ import annotations

from types import SimpleNamespace as Of

from pastiche_cli.kernel.ranking import precedence_lines
from pastiche_cli.render.told import fields, note_line, plural, score_json, verdict_lines, winner_line

WORDS = {"total": "the higher total", "tokens": "more tokens left"}
RULES = {"total": "g.score", "shared": "g.tiebreak"}  # "tokens" has no rule of its own: the tiebreak's


def test_plural():
    assert [plural(1, "token"), plural(0, "token"), plural(2, "token")] == ["1 token", "0 tokens", "2 tokens"]
    assert plural(1, "thesis", "theses") == "1 thesis" and plural(3, "thesis", "theses") == "3 theses"


def test_a_moves_effects_come_before_its_notes():
    verdict = Of(effects=("Ana takes Heavy",), notes=("the deck is empty", "slot 5 stays empty"))
    assert verdict_lines(verdict) == ["Ana takes Heavy", "note: the deck is empty", "note: slot 5 stays empty"]


def test_the_winner_line_names_the_deciding_step_and_its_rule():
    won = Of(winners=("Ana",), decided_by="total")
    assert winner_line(won, WORDS, RULES, "equal [g.tiebreak]") == "Winner: Ana, decided by the higher total [g.score]"
    assert winner_line(won, WORDS, RULES, "", True) == "Ahead so far: Ana, decided by the higher total [g.score]"
    tokens = Of(winners=("Ben",), decided_by="tokens")
    assert winner_line(tokens, WORDS, RULES, "") == "Winner: Ben, decided by more tokens left [g.tiebreak]"
    shared = Of(winners=("Ana", "Ben"), decided_by="shared")
    assert winner_line(shared, WORDS, RULES, "equal in all [g.tiebreak]") == (
        "Winners: Ana and Ben, sharing first place: equal in all [g.tiebreak]"
    )


def test_the_note_names_end_only_where_there_is_a_file():
    final = Of(reason="turns remain", rule="g.end")
    assert note_line(final) == "Note: turns remain [g.end]"
    assert note_line(final, "game.yaml") == "Note: turns remain (`pastiche end game.yaml`) [g.end]"


def test_score_json_is_each_players_entry_then_winners_and_the_deciding_step():
    ana = Of(name="Ana", total=9, decided_by="total", extra="x")
    result = Of(players=[ana], winners=("Ana",), decided_by="total")
    assert score_json(result, lambda s: fields(s, "total", "name")) == {
        "players": [{"total": 9, "name": "Ana"}],
        "winners": ["Ana"],
        "decided_by": "total",
    }
    detailed = score_json(result, lambda s: {"name": s.name}, lambda s: {"extra": s.extra})
    assert list(detailed["players"][0]["detail"].items()) == [("decided_by", "total"), ("extra", "x")]


def test_each_player_above_the_next_says_the_step_both_values_and_the_rule():
    players = [
        Of(name="Ana", total=12, tokens=3, rank=1, decided_by="tokens"),
        Of(name="Ben", total=12, tokens=1, rank=2, decided_by="total"),
        Of(name="Caro", total=7, tokens=0, rank=3, decided_by="shared"),
        Of(name="Dev", total=7, tokens=0, rank=3, decided_by=None),
    ]
    assert precedence_lines(players, WORDS, RULES, lambda s: f"{s.total} points each") == [
        "Ana above Ben: more tokens left, 3 to 1 (tied on 12 points) [g.tiebreak]",
        "Ben above Caro: the higher total, 12 to 7 [g.score]",
        "Caro and Dev: 7 points each, they share 3rd place [g.tiebreak]",
    ]
