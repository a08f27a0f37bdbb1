"""Every rule id the code cites ("trade.bank.three", "[score.palette]") is explained by `pastiche rules`.

Covers every module under pastiche_cli/, including commands written after this test. Only string
literals are read (with the tokenizer), so `by_artist[commission.artist_key]` is code, not a citation.
"""

import io
import pathlib
import re
import tokenize

from pastiche_cli.kernel.rulebook import book

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "pastiche_cli"
BOOK = book("pastiche")
# A rule id as written in code: "trade.bank.three", "[score.palette]": a group of Pastiche's reference,
# then one or two lower-case parts.
GROUPS = ("place", "trade", "commission", "cleanup", "end", "score", "house")
RULE_ID = r"(?:" + "|".join(GROUPS) + r")(?:\.[a-z][a-z0-9_-]*){1,2}"
# An id that is a whole string, or in brackets inside one: "trade.bank.three", "… [score.palette] …".
CITED = re.compile(r"""(?<=["'\[])(""" + RULE_ID + r""")(?=["'\]])""")
NOT_IDS = re.compile(r"\.(py|json|ya?ml|txt|svg|png|md)$")
STRING_PARTS = {tokenize.STRING} | {
    getattr(tokenize, n) for n in ("FSTRING_MIDDLE", "TSTRING_MIDDLE") if hasattr(tokenize, n)
}


def ids_in_source(text: str) -> list[tuple[str, int]]:
    """(rule id, line) for every id cited in a string literal of the source."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in STRING_PARTS:
            continue
        literal = tok.string if tok.type == tokenize.STRING else f'"{tok.string}"'
        for match in CITED.finditer(literal):
            if not NOT_IDS.search(match.group(1)):
                out.append((match.group(1), tok.start[0] + literal.count("\n", 0, match.start())))
    return out


def cited_ids() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for rule_id, line in ids_in_source(path.read_text("utf-8")):
            found.setdefault(rule_id, []).append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    return found


def test_every_rule_id_in_the_code_is_explained():
    known = set(BOOK.ids())
    unknown = {rule_id: where for rule_id, where in cited_ids().items() if rule_id not in known}
    assert not unknown, "rule ids cited in the code but missing from data/pastiche/rules.json: " + "; ".join(
        f"{rule_id} at {', '.join(where)}" for rule_id, where in sorted(unknown.items())
    )


def test_the_scan_finds_ids_already_cited():
    found = cited_ids()
    # The foundation cites these (scoring, end of game, hand-limit warning); the scan must see them.
    for rule_id in ("score.palette", "score.tiebreak", "end.trigger", "cleanup.hand-limit"):
        assert rule_id in found, rule_id


def test_the_scan_reads_strings_and_nothing_else():
    source = '''
RULE = "trade.bank.three"
x = by_artist[commission.artist_key] + score.total
def f(rule):
    """[score.palette] A docstring citing a rule."""
    return f"{rule}: no [place.mix] here? yes, here [{rule}]", 'house.strict_adjacency', "score.py", "foo.bar"
msg = ("two lines "
       "[cleanup.hand-limit]")
'''
    assert ids_in_source(source) == [
        ("trade.bank.three", 2),
        ("score.palette", 5),
        ("place.mix", 6),
        ("house.strict_adjacency", 6),
        ("cleanup.hand-limit", 8),
    ]


# --- named once ---------------------------------------------------------------------------------


def test_rule_ids_module_names_every_rule_of_the_reference_exactly_once():
    from pastiche_cli.games.pastiche.core import rule_ids

    named = {name: value for name, value in vars(rule_ids).items() if name.isupper()}
    assert sorted(named.values()) == sorted(BOOK.ids())
    assert all(name == value.upper().replace(".", "_").replace("-", "_") for name, value in named.items())


def _docstring_lines(text: str) -> set[int]:
    import ast

    lines = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def test_game_code_cites_rules_by_name_not_by_string():
    """A rule id is written once, in core/rule_ids.py; docstrings may still mention one."""
    written = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        if path.name == "rule_ids.py":
            continue
        text = path.read_text("utf-8")
        docs = _docstring_lines(text)
        written += [
            f"{path.relative_to(PACKAGE.parent)}:{line}: {rule_id}"
            for rule_id, line in ids_in_source(text)
            if line not in docs and "." in rule_id
        ]
    assert not written, "cite these through core/rule_ids.py: " + "; ".join(written)
