"""`pastiche rules` and the rules reference in data/pastiche/rules.json."""

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.cli.verbs.rules import markdown
from pastiche_cli.kernel.rulebook import book

BOOK = book("pastiche")

ROOT = pathlib.Path(__file__).resolve().parents[4]

# SPEC 4: every rule id the tool may cite.
SPEC_RULE_IDS = [
    "place.adjacent",
    "place.mix",
    "place.centre",
    "place.bank",
    "trade.bank.three",
    "trade.bank.bisque",
    "trade.bank.gray",
    "trade.bank.primary",
    "trade.bank.stock",
    "trade.player",
    "commission.complete",
    "commission.swap",
    "cleanup.hand-limit",
    "cleanup.draw",
    "end.trigger",
    "end.round",
    "score.commissions",
    "score.palette",
    "score.bonus",
    "score.total",
    "score.tiebreak",
]
GROUP_IDS = ["place", "trade", "commission", "cleanup", "end", "score"]
# SPEC 5: the house rules, each an open question with a default reading.
HOUSE_IDS = ["house.strict_adjacency", "house.open_hands", "house.end_threshold"]
# Readings taken with no switch, each an entry of the house group (issue 22).
READING_IDS = ["house.primary_penalty", "house.commission_deck"]
HOUSE_KEYS = {
    "house.strict_adjacency": "strict_adjacency",
    "house.open_hands": "open_hands",
    "house.end_threshold": "end_threshold",
}
# Top-level sections of the rulebook an entry may cite.
RULEBOOK_SECTIONS = ("Setup", "Game Play", "End of the Game", "Calculating Scores")


def run(*args):
    return CliRunner().invoke(root, list(args), prog_name="pastiche")


@pytest.mark.parametrize("rule_id", SPEC_RULE_IDS + GROUP_IDS + HOUSE_IDS + READING_IDS)
def test_every_spec_id_is_explained(rule_id):
    rule = BOOK.get(rule_id)
    assert rule is not None, rule_id
    assert rule.title and rule.summary and rule.example
    assert rule.source.startswith(RULEBOOK_SECTIONS), rule.source


def test_no_entry_beyond_the_spec():
    assert set(BOOK.ids()) == set(SPEC_RULE_IDS + GROUP_IDS + HOUSE_IDS + READING_IDS + ["house"])


@pytest.mark.parametrize("rule_id", HOUSE_IDS)
def test_house_rules_are_open_questions_with_both_readings_and_one_default(rule_id):
    rule = BOOK.get(rule_id)
    assert rule.open_question
    assert rule.key == HOUSE_KEYS[rule_id]
    assert len(rule.readings) == 2
    assert [r.default for r in rule.readings].count(True) == 1
    assert all(rule.key in r.setting for r in rule.readings if r.default is False)


def test_house_keys_are_the_loaders():
    from pastiche_cli.games.pastiche.formats.loader import HOUSE_RULE_KEYS

    assert set(HOUSE_RULE_KEYS) == set(HOUSE_KEYS.values())


def test_see_also_points_at_real_entries():
    for rule in BOOK.table.values():
        for other in rule.see:
            assert BOOK.get(other) is not None, (rule.id, other)


def test_the_data_file_is_what_the_package_reads():
    on_disk = json.loads((ROOT / "data" / "pastiche" / "rules.json").read_text("utf-8"))
    assert [e["id"] for e in on_disk["rules"]] == BOOK.ids()


# --- lookup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "topic, how, expected",
    [
        ("trade.bank.primary", "id", ["trade.bank.primary"]),
        ("TRADE.BANK.PRIMARY", "id", ["trade.bank.primary"]),
        ("[score.palette]", "id", ["score.palette"]),
        ("end", "id", ["end", "end.trigger", "end.round"]),
        (
            "trade.bank",
            "prefix",
            ["trade.bank.three", "trade.bank.bisque", "trade.bank.gray", "trade.bank.primary", "trade.bank.stock"],
        ),
        ("score.t", "prefix", ["score.total", "score.tiebreak"]),
        ("house_rules.end_threshold", "id", ["house.end_threshold"]),
        ("strict_adjacency", "id", ["house.strict_adjacency"]),
        ("penalty", "word", ["trade.bank.primary", "house", "house.primary_penalty"]),
    ],
)
def test_lookup(topic, how, expected):
    found = BOOK.lookup(topic)
    assert found.how == how
    assert [r.id for r in found.matches] == expected


def test_lookup_by_word_finds_every_rule_that_mentions_it():
    ids = [r.id for r in BOOK.lookup("bisque").matches]
    assert "trade.bank.bisque" in ids and "trade.bank.three" in ids
    assert "score.tiebreak" not in ids


def test_lookup_without_topic_is_everything():
    assert [r.id for r in BOOK.lookup(None).matches] == BOOK.ids()


@pytest.mark.parametrize(
    "typo, suggestion",
    [
        ("bisk", "bisque"),
        ("trade.bank.tree", "trade.bank.three"),
        ("score.tiebrake", "score.tiebreak"),
    ],
)
def test_unknown_topic_suggests_the_nearest(typo, suggestion):
    found = BOOK.lookup(typo)
    assert found.how == "none" and not found.matches
    assert found.suggestion == suggestion


# --- the command ------------------------------------------------------------------------------


def test_cli_index_lists_every_id():
    result = run("rules")
    assert result.exit_code == 0
    for rule_id in BOOK.ids():
        assert rule_id in result.output
    assert "(open question)" in result.output


def test_cli_one_rule_in_full():
    result = run("rules", "score.palette")
    assert result.exit_code == 0
    assert result.output.startswith("score.palette — Usable palette cards")
    assert "Rulebook: Calculating Scores" in result.output
    assert "Example:" in result.output


def test_cli_open_question_shows_both_readings_and_the_default():
    result = run("rules", "house.strict_adjacency")
    assert result.exit_code == 0
    assert "Open question" in result.output
    assert "strict_adjacency: true" in result.output
    assert "(default)" in result.output


def test_cli_group_lists_its_rules():
    result = run("rules", "cleanup")
    assert result.exit_code == 0
    assert "cleanup.hand-limit —" in result.output and "cleanup.draw —" in result.output


def test_cli_all_shows_every_entry_in_full():
    result = run("rules", "--all")
    assert result.exit_code == 0
    assert result.output.count("Example:") == len(BOOK.ids())


def test_cli_unknown_topic_is_bad_usage_with_a_suggestion():
    result = run("rules", "bisk")
    assert result.exit_code == 2
    assert "Did you mean 'bisque'?" in result.output
    assert "Traceback" not in result.output


def test_cli_unknown_topic_without_anything_near():
    result = run("rules", "zzzzqqq")
    assert result.exit_code == 2
    assert "no rule or word matches 'zzzzqqq'" in result.output


def test_cli_json_carries_the_same_facts():
    result = run("rules", "house.end_threshold", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["matched_by"] == "id"
    (entry,) = data["rules"]
    assert entry["id"] == "house.end_threshold"
    assert entry["kind"] == "house" and entry["open_question"] is True
    assert entry["house_rules_key"] == "end_threshold"
    assert entry["default"].startswith("As printed")
    assert {r["default"] for r in entry["readings"]} == {True, False}


def test_cli_json_group_names_its_members():
    data = json.loads(run("rules", "score", "--json").output)
    assert data["rules"][0]["kind"] == "group"
    assert data["rules"][0]["members"] == [
        "score.commissions",
        "score.palette",
        "score.bonus",
        "score.total",
        "score.tiebreak",
    ]


def test_cli_json_without_topic_is_every_entry():
    data = json.loads(run("rules", "--json").output)
    assert data["matched_by"] == "all"
    assert [e["id"] for e in data["rules"]] == BOOK.ids()


def test_docs_rules_md_is_generated_from_the_data():
    assert (ROOT / "docs" / "rules.md").read_text("utf-8") == markdown("pastiche"), (
        "docs/rules.md is stale: python -m pastiche_cli.cli.verbs.rules pastiche > docs/rules.md"
    )
