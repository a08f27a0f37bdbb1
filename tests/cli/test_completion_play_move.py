"""`pastiche play FILE "MOVE"` completes the move's words (issue 33, item 15): it completed nothing.

MOVE is one argument, quoted in the shell: each answer is the whole MOVE with its last word completed
(the player to move, a verb of the game's notation, then the names that verb takes at the record's
end), and each shell puts it back in the one word: bash gets the text after an open quote written for
that quote, zsh and fish quote it themselves; a word the move goes on after is OPEN, inserted with no
space and its quote left open. Through click's completion machinery; tests/cli/test_completion_shells.py
types the same in real bash, zsh and fish and runs the completed line.
"""

import os
import re

import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli import tab
from pastiche_cli.cli.root import root

RECORDS = ROOT / "examples" / "records"
SHORT = RECORDS / "three-player-short.yaml"


def first_moves(record, n: int, folder) -> str:
    """A copy of `record` with its first n moves only (its comments kept), as a game still going."""
    head, moves = record.read_text().split("\nmoves:", 1)
    kept, count = [], 0
    for line in moves.splitlines()[1:]:
        if line.lstrip().startswith("- "):
            count += 1
            if count > n:
                break
        kept.append(line)
    path = folder / f"{record.stem}-{n}.yaml"
    path.write_text(head + "\nmoves:\n" + "\n".join(kept) + "\n" if kept else head + "\nmoves: []\n")
    return str(path)


def moves_offered(record: str, typed: str, shell: str = "zsh", **env) -> list[tuple[str, str]]:
    """(value, type) of each answer for `pastiche play RECORD <typed>`, the MOVE typed so far unquoted."""
    from pastiche_cli.cli.tab import completion_classes

    env = {"_PASTICHE_COMPLETE": f"{shell}_complete", "COMP_WORDS": f"pastiche play {record}", **env}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        comp = completion_classes()[shell](root, {}, "pastiche", "_PASTICHE_COMPLETE")
        return [(c.value, c.type) for c in comp.get_completions(["play", record], typed)]
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def values(record: str, typed: str) -> list[str]:
    return [value for value, _ in moves_offered(record, typed)]


@pytest.fixture
def short(tmp_path):
    """three-player-short.yaml after Ana's first move (she holds one hex, BYRBYR/Y, and is mixing)."""
    return first_moves(SHORT, 1, tmp_path)


# --- every game: the player to move, then the verbs of its notation ---------------------------------------

GAMES = {
    "pastiche": (RECORDS / "two-player-game.yaml", 3),
    "canvas": (RECORDS / "canvas" / "two-player-game.yaml", 3),
    "masterpiece": (RECORDS / "masterpiece" / "three-player-game.yaml", 3),
    "artline": (RECORDS / "artline" / "three-player-game.yaml", 3),
}


@pytest.mark.parametrize("game", GAMES)
def test_play_offers_the_player_to_move_then_the_verbs_of_the_notation(tmp_path, game):
    from pastiche_cli import games
    from pastiche_cli.formats.reading import load_text
    from pastiche_cli.formats.yamlio import read_text

    value = games.declared(games.known()[game])
    record, n = GAMES[game]
    path = first_moves(record, n, tmp_path)
    end = load_text(value, path, read_text(path), {})[3].final
    mover = value.rules.whose_turn(end)
    verbs = list(value.rules.moves.FORMS)  # what `play --help` lists, from the game's notation data
    assert moves_offered(path, "") == [
        (f"{mover} {verb}" + ("" if form == f"NAME {verb}" else " "), "plain" if form == f"NAME {verb}" else "open")
        for verb, form in value.rules.moves.FORMS.items()
    ]
    assert values(path, f"{mover.lower()} {verbs[0][:2]}")[0].startswith(f"{mover.lower()} {verbs[0]}")


def test_a_record_whose_game_is_over_completes_no_move():
    assert values(str(SHORT), "") == []
    assert values(str(SHORT), "Caro ") == []


def test_a_position_file_completes_no_move(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(SHORT.read_text().split("\nmoves:")[0].replace("setup:", "").replace("\n  ", "\n"))
    result = CliRunner().invoke(root, ["play", str(path), "Ana end"])
    assert "is a position, not a game record" in result.output  # `play` takes a record only
    assert values(str(path), "") == []


# --- Pastiche: the names each verb takes, at the record's end --------------------------------------------


def test_place_completes_the_hexes_in_hand_at_and_the_open_cells(tmp_path):
    start = first_moves(SHORT, 0, tmp_path)
    assert values(start, "Ana place ") == ["Ana place RRYYBB/R ", "Ana place BYRBYR/Y "]
    assert values(start, "Ana place BYRBYR/Y a") == [
        f"Ana place BYRBYR/Y at {cell}"
        for cell in ("0,-1", "1,-1", "2,-1", "-1,0", "2,0", "-1,1", "1,1", "-1,2", "0,2")
    ]
    assert values(start, "Ana place BYRBYR/Y at 2,0 ") == ["Ana place BYRBYR/Y at 2,0 take yellow"]
    assert values(start, "Ana place RRYYBB/R at 2,0 take ") == ["Ana place RRYYBB/R at 2,0 take red"]


def test_one_way_on_offers_the_words_after_it(short):
    # Ana holds one hex: `place` can only go on with it and `at`, so the cells are offered
    offered = values(short, "Ana pl")
    assert offered and all(v.startswith("Ana place BYRBYR/Y at ") for v in offered)
    assert "Ana place BYRBYR/Y at 0,-1" not in offered  # her first hex took that cell


def test_trade_completes_cards_held_then_for_or_with_a_player(short):
    assert values(short, "Ana trade ") == [f"Ana trade {c}" for c in ("orange", "green", "violet", "brown")]
    assert moves_offered(short, "Ana trade vi") == [("Ana trade violet", tab.OPEN)]  # a comma list goes on
    # she holds three violet and one of each other card: what is left after those listed
    assert values(short, "Ana trade violet,v") == ["Ana trade violet,violet"]
    assert values(short, "Ana trade violet,violet,violet,") == [
        f"Ana trade violet,violet,violet,{c}" for c in ("orange", "green", "brown")
    ]
    assert values(short, "Ana trade violet,violet,violet") == [
        "Ana trade violet,violet,violet for ",
        "Ana trade violet,violet,violet with ",
    ]
    assert values(short, "Ana trade violet for ol") == ["Ana trade violet for olive"]
    assert values(short, "Ana trade violet with ") == ["Ana trade violet with Ben ", "Ana trade violet with Caro "]
    assert values(short, "Ana trade violet with Caro for ") == [
        f"Ana trade violet with Caro for {c}" for c in ("orange", "green", "violet", "brown", "nothing")
    ]


def test_commissions_complete_by_id_and_by_title_quoted(short):
    assert values(short, "Ana complete ") == [
        f"Ana complete {ref}"
        for ref in ("gate", '"Green Gate"', "cliffs", '"Chalk Cliffs"', "attic", '"Dusty Attic"', "bridge")
        + ('"Rope Bridge"', "comet", '"Comet Night"', "dusk", '"Red Dusk"')
    ]
    assert values(short, 'Ana complete "Ch') == ['Ana complete "Chalk Cliffs"']
    assert values(short, "Ana swap ") == [
        f"Ana swap {r} " for r in ("gate", '"Green Gate"', "cliffs", '"Chalk Cliffs"')
    ]
    assert values(short, "Ana swap gate f") == [f"Ana swap gate for {r}" for r in ("attic", '"Dusty Attic"')] + [
        f"Ana swap gate for {r}" for r in ("bridge", '"Rope Bridge"', "comet", '"Comet Night"', "dusk", '"Red Dusk"')
    ]
    # the deck: the catalogue's cards in no hand, gallery or completed pile
    assert values(short, "Ana draw c") == ["Ana draw commission kiln", "Ana draw commission ships"]


def test_draw_hex_and_discard(short):
    assert moves_offered(short, "Ana draw h") == [("Ana draw hex ", tab.OPEN)]  # any hex: typed, not offered
    assert values(short, "Ana draw hex ") == []
    assert values(short, "Ana discard vi") == ["Ana discard violet"]
    assert values(short, "Ana e") == ["Ana end"]
    assert values(short, "ana E") == ["ana end"]  # what is typed stays as typed


def test_a_name_typed_in_quotes_inside_the_move_is_one_word(tmp_path):
    record = first_moves(SHORT, 0, tmp_path)
    text = open(record).read().replace("Caro", "Caro Lee")
    open(record, "w").write(text)
    assert values(record, "Ana trade orange with ") == [
        "Ana trade orange with Ben ",
        'Ana trade orange with "Caro Lee" ',
    ]
    assert values(record, 'Ana trade orange with "Caro Lee" f') == [
        f'Ana trade orange with "Caro Lee" for {c}' for c in ("orange", "green", "violet", "brown", "nothing")
    ]


# --- the other games: the names that are easy to know --------------------------------------------------


def test_canvas_take_and_paint(tmp_path):
    record = first_moves(RECORDS / "canvas" / "two-player-game.yaml", 5, tmp_path)
    assert values(record, "Ben take ") == [f"Ben take {n} " for n in range(1, 6)]
    assert values(record, "Ben take 2 refill Tr") == ["Ben take 2 refill Trap"]
    assert values(record, "Ana paint ") == [f"Ana paint {w} " for w in ("Unashamed", "Chosen", "Truth")]
    assert values(record, "Ana paint Truth Chosen ") == ["Ana paint Truth Chosen Unashamed"]


def test_masterpiece_present_review_and_flag(tmp_path):
    record = first_moves(RECORDS / "masterpiece" / "three-player-game.yaml", 7, tmp_path)
    assert values(record, "Ana present t") == ["Ana present triple ", "Ana present three-pairs "]
    assert values(record, "Ana present triple ") == ["Ana present triple purple-2", "Ana present triple purple-3"]
    assert values(record, "Ana present triple purple-2,") == ["Ana present triple purple-2,purple-3"]
    assert values(record, "Ana present triple purple-2 ") == [
        "Ana present triple purple-2 cite ",
        "Ana present triple purple-2 give ",
    ]
    assert values(record, "Ana flag ") == ["Ana flag purple-2", "Ana flag purple-3"]


def test_artline_place_words_in_their_order(tmp_path):
    record = first_moves(RECORDS / "artline" / "three-player-game.yaml", 3, tmp_path)
    assert values(record, "Ana place 1,0 ") == ["Ana place 1,0 row ", "Ana place 1,0 column ", "Ana place 1,0 unclear "]
    assert values(record, "Ana place 1,0 column dogs ") == ["Ana place 1,0 column dogs unclear "]


# --- each shell puts the completed MOVE back in its one word ----------------------------------------------


def shell_lines(shell: str, record: str, typed_word: str) -> list[str]:
    """The lines a shell's script reads for `pastiche play RECORD <typed_word>` (as typed: its quotes too)."""
    from click.shell_completion import split_arg_string

    words = ["pastiche", "play", record, typed_word]
    env = {"_PASTICHE_COMPLETE": f"{shell}_complete"}
    if shell == "bash":
        env |= {"COMP_WORDS": "\n".join(words), "COMP_CWORD": "3", "COMP_WORD": typed_word}
    elif shell == "zsh":
        env |= {"COMP_WORDS": " ".join(words), "COMP_CWORD": "3"}
    else:
        env |= {"COMP_WORDS": " ".join(words), "COMP_CWORD": typed_word}
    assert split_arg_string(" ".join(words))[-1]  # the word as click reads it, quotes undone
    result = CliRunner().invoke(root, [], env=env, prog_name="pastiche")
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output.splitlines()


@pytest.mark.parametrize(
    "typed, inserted",
    [
        ('"Ana pl', "plain,Ana place BYRBYR/Y at 1,-1"),  # after the open quote, as it reads inside it
        ("'Ana pl", "plain,Ana place BYRBYR/Y at 1,-1"),
        ("Ana\\ pl", "plain,Ana\\ place\\ BYRBYR/Y\\ at\\ 1,-1"),  # no quote: every space escaped
        ('"Ana complete \\"Gr', 'plain,Ana complete \\"Green Gate\\""'),  # ends with \" : closed here
        ("'Ana complete \"Gr", 'plain,Ana complete "Green Gate"'),
        ('"Ana draw h', "open,Ana draw hex "),
        ('"Ana e', "plain,Ana end"),
    ],
)
def test_bash_writes_the_move_for_the_quote_it_is_typed_in(short, typed, inserted):
    lines = shell_lines("bash", short, typed)
    assert inserted in lines if "place" in inserted else lines[0] == inserted, lines


def test_a_lone_open_answer_comes_with_a_second_to_keep_the_quote_open(short):
    # fish (and bash inside a quote) close the quote of a word completed to its one answer
    assert shell_lines("fish", short, '"Ana draw h') == ["plain,Ana draw hex ", "plain,Ana draw hex ."]
    assert shell_lines("bash", short, '"Ana draw h') == ["open,Ana draw hex ", "open,Ana draw hex ."]
    assert shell_lines("bash", short, "Ana\\ draw\\ h") == ["open,Ana\\ draw\\ hex\\ "]  # nospace does it
    assert shell_lines("zsh", short, '"Ana draw h') == ["open", "Ana draw hex ", "_"]  # compadd -S ''


def test_the_scripts_insert_open_answers_with_no_space():
    bash = CliRunner().invoke(root, ["completion", "bash"]).output
    assert re.search(r"'open' \]\]; then\s+COMPREPLY\+=\(\"\$value\"\)\s+compopt -o nospace", bash)
    assert 'COMP_WORD="${COMP_WORDS[COMP_CWORD]}"' in bash
    zsh = CliRunner().invoke(root, ["completion", "zsh"]).output
    assert "compadd -U -S '' -V unsorted -a open_completions" in zsh


@pytest.mark.parametrize(
    "typed, quote, before",
    [
        ('"Ana pl', '"', ""),
        ("'Ana pl", "'", ""),
        ("Ana\\ pl", "", ""),
        ('"Ana place "RY', "", ""),  # closed, then more: no quote open
        ('"Ana place "\'RY', "'", "Ana place "),
        ('"say \\"hi', '"', ""),
        ("Ana", "", ""),
    ],
)
def test_open_quote_reads_a_word_as_bash_does(typed, quote, before):
    assert tab.open_quote(typed) == (quote, before)


def test_in_quote_writes_text_that_reads_back_inside_the_quote():
    import subprocess

    text = 'B$(touch pwned) "x" `y` \\ it\'s'
    for quote in ('"', "'"):
        out = subprocess.run(
            ["bash", "-c", f"printf %s {quote}{tab.in_quote(text, quote)}{quote}"], capture_output=True
        )
        assert out.stdout.decode() == text
