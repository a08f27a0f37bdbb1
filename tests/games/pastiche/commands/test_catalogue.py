"""`pastiche catalogue`: the user's commission cards, checked as they are added, kept with comments."""

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.catalogue import check_card, free_id, slug
from pastiche_cli.games.pastiche.core.colours import as_list, parse_cards, table_bonus
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.formats.loader import read_catalogue_file, user_catalogue_path

HARBOUR = ["--title", "Harbour at Dusk", "--artist", "P. Example", "--points", "11", "--palette", "teal,blue,black"]
RED_MILL = ["--title", "Red Mill", "--artist", "Q. Example", "--points", "14", "--palette", "red,red,brown"]
BLUE_MILL = ["--title", "Blue Mill", "--artist", "Q. Example", "--points", "9", "--palette", "blue,white"]


def run(*args, **kw):
    return CliRunner().invoke(root, list(args), prog_name="pastiche", **kw)


def saved() -> pathlib.Path:
    return pathlib.Path(user_catalogue_path())


def card(title="Harbour at Dusk", artist="P. Example", points=11, palette=("teal", "blue"), bonus=None, cid=None):
    return Commission(title, artist, points, tuple(palette), bonus, cid)


# --- the checks, as a table ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "new, others, error",
    [
        (card(points=8), {}, None),
        (card(points=16), {}, None),
        (card(points=7), {}, "commission cards print 8 to 16 points"),
        (card(points=17), {}, "commission cards print 8 to 16 points"),
        (card(palette=("teal",)), {}, "palette of 1 colour;"),
        (card(palette=("teal",) * 7), {}, None),
        (card(palette=("teal",) * 8), {}, "palette of 8 colours"),
        (card(bonus=0), {}, "artist bonus"),
        (
            card(title="Third", artist="Q. Example"),
            {"a": card("A", "Q. Example", cid="a"), "b": card("B", "Q. example", cid="b")},
            "each artist has 2",
        ),
        (card(title="Second", artist="Q. Example"), {"a": card("A", "Q. Example", cid="a")}, None),
        (card(), {"h": card(cid="h")}, "already in the catalogue as 'h'"),
    ],
)
def test_check_card(new, others, error):
    verdict = check_card(new, others)
    if error is None:
        assert verdict.errors == ()
    else:
        assert any(error in e for e in verdict.errors), verdict.errors


@pytest.mark.parametrize(
    "new, partner, warning",
    [
        (card("B", points=9), card("A", points=14, cid="a"), None),  # 23 -> 5, none printed
        (card("B", points=9, bonus=5), card("A", points=14, cid="a"), None),  # printed agrees
        (card("B", points=9, bonus=4), card("A", points=14, cid="a"), "differs from the table's 5"),
        (card("B", points=9, bonus=4), card("A", points=14, bonus=5, cid="a"), "print different artist bonuses"),
        (card("B", points=16), card("A", points=16, cid="a"), "outside the bonus table"),  # 32
        (card("B", points=16, bonus=7), card("A", points=16, cid="a"), None),
    ],
)
def test_check_card_warns_about_the_artist_bonus(new, partner, warning):
    verdict = check_card(new, {"a": partner})
    assert verdict.errors == ()
    if warning is None:
        assert verdict.warnings == ()
    else:
        assert any(warning in w for w in verdict.warnings), verdict.warnings


@pytest.mark.parametrize(
    "points, bonus", [(14, None), (15, 3), (17, 3), (18, 4), (22, 4), (23, 5), (27, 5), (28, 6), (31, 6), (32, None)]
)
def test_table_bonus(points, bonus):
    assert table_bonus(points) == bonus


def test_helpers():
    assert slug("Harbour at Dusk!") == "harbour-at-dusk"
    assert slug("???") == "card"
    assert free_id("a", ["a", "a-2"]) == "a-3"

    def parse_palette(text):
        cards, unknown = parse_cards(text, spaces=True)
        return as_list(cards), unknown

    assert parse_palette("Teal, grey R") == (["red", "teal", "gray"], [])
    assert parse_palette("teal,blu") == (["teal"], ["blu"])


# --- add ------------------------------------------------------------------------------------------


def test_add_writes_the_saved_catalogue_and_the_loader_reads_it():
    result = run("catalogue", "add", *HARBOUR)
    assert result.exit_code == 0, result.output
    assert "Added harbour-at-dusk" in result.output
    cards = read_catalogue_file(saved())
    assert cards["harbour-at-dusk"].palette == ("blue", "teal", "black")
    assert cards["harbour-at-dusk"].points == 11


def test_add_with_an_id_and_bonus():
    assert run("catalogue", "add", "h1", *HARBOUR, "--artist-bonus", "4").exit_code == 0
    assert read_catalogue_file(saved())["h1"].artist_bonus == 4


def test_add_unknown_colour_is_bad_usage_with_a_suggestion():
    result = run("catalogue", "add", "--title", "X", "--artist", "Y", "--points", "9", "--palette", "teal,blu")
    assert result.exit_code == 2
    assert "did you mean 'blue'?" in result.output
    assert not saved().exists()


def test_add_missing_option_is_bad_usage():
    assert run("catalogue", "add", "--title", "X").exit_code == 2


def test_add_taken_id_needs_replace():
    run("catalogue", "add", *HARBOUR)
    result = run("catalogue", "add", "harbour-at-dusk", *HARBOUR[:-1], "teal,teal")
    assert result.exit_code == 2
    assert "pass --replace" in result.output
    result = run("catalogue", "add", "harbour-at-dusk", "--replace", *HARBOUR[:-1], "teal,teal")
    assert result.exit_code == 0, result.output
    assert read_catalogue_file(saved())["harbour-at-dusk"].palette == ("teal", "teal")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--points", "17"], "8 to 16 points"),
        (["--palette", "teal"], "2 to 7"),
    ],
)
def test_add_a_card_that_cannot_exist_breaks_the_rules(args, message):
    base = dict(zip(HARBOUR[::2], HARBOUR[1::2]))
    base.update(dict(zip(args[::2], args[1::2])))
    result = run("catalogue", "add", *[x for kv in base.items() for x in kv])
    assert result.exit_code == 4
    assert message in result.output
    assert "was not added" in result.output
    assert not saved().exists()


def test_add_a_third_card_by_one_artist_breaks_the_rules():
    run("catalogue", "add", *RED_MILL)
    run("catalogue", "add", *BLUE_MILL)
    before = saved().read_text()
    result = run(
        "catalogue",
        "add",
        "--title",
        "Green Mill",
        "--artist",
        "Q. Example",
        "--points",
        "10",
        "--palette",
        "green,green",
    )
    assert result.exit_code == 4
    assert "each artist has 2" in result.output
    assert saved().read_text() == before


def test_add_keeps_the_files_comments(tmp_path):
    path = tmp_path / "box.yaml"
    path.write_text(
        "# our box, typed on a rainy Sunday\ncatalogue:\n  # the first one\n"
        "  h: {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue]}\n"
    )
    assert run("catalogue", "add", "--catalogue", str(path), *RED_MILL).exit_code == 0
    text = path.read_text()
    assert "# our box, typed on a rainy Sunday" in text and "# the first one" in text
    assert set(read_catalogue_file(path)) == {"h", "red-mill"}


def test_add_to_a_bare_mapping_file(tmp_path):
    path = tmp_path / "bare.yaml"
    path.write_text("h: {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue]}\n")
    assert run("catalogue", "add", "--catalogue", str(path), *RED_MILL).exit_code == 0
    assert set(read_catalogue_file(path)) == {"h", "red-mill"}


def test_pastiche_catalogue_variable_names_the_file(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere" / "cards.yaml"
    monkeypatch.setenv("PASTICHE_CATALOGUE", str(path))
    assert run("catalogue", "add", *HARBOUR).exit_code == 0
    assert "harbour-at-dusk" in read_catalogue_file(path)


# --- a broken catalogue file -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "catalogue:\n  h: {title: Harbour, artist: P. Example, points: eleven, palette: [teal, blue]}\n",
        "catalogue: [unclosed\n",
        "catalogue:\n  h: {title: Harbour, artist: P. Example, points: 11, palette: [teal, bleu]}\n",
    ],
)
@pytest.mark.parametrize("sub", [["list"], ["show", "h"], ["add", *HARBOUR], ["remove", "h"], ["export"]])
def test_a_catalogue_that_cannot_be_read_exits_3_located(tmp_path, text, sub):
    path = tmp_path / "box.yaml"
    path.write_text(text)
    result = run("catalogue", *sub, "--catalogue", str(path))
    assert result.exit_code == 3, result.output
    assert f"{path}:" in result.output
    assert "Traceback" not in result.output
    assert path.read_text() == text


# --- list, show, remove ----------------------------------------------------------------------------


def test_list_empty_says_how_to_add():
    result = run("catalogue", "list")
    assert result.exit_code == 0
    assert "catalogue add" in result.output


def test_list_plain_markdown_and_json():
    run("catalogue", "add", *HARBOUR)
    run("catalogue", "add", *RED_MILL, "--artist-bonus", "5")
    plain = run("catalogue", "list", "--format", "plain")
    assert plain.exit_code == 0 and "harbour-at-dusk" in plain.output and "red, red, brown" in plain.output
    md = run("catalogue", "list", "--format", "markdown")
    assert "| id" in md.output
    data = json.loads(run("catalogue", "list", "--json").output)
    assert [c["id"] for c in data["cards"]] == ["harbour-at-dusk", "red-mill"]
    assert data["cards"][1] == {
        "id": "red-mill",
        "title": "Red Mill",
        "artist": "Q. Example",
        "points": 14,
        "palette": ["red", "red", "brown"],
        "artist_bonus": 5,
    }


def test_show_with_the_pair():
    run("catalogue", "add", *RED_MILL)
    run("catalogue", "add", *BLUE_MILL)
    result = run("catalogue", "show", "red-mill")
    assert result.exit_code == 0
    assert "with blue-mill (Blue Mill, 9): 23 points, bonus 5 [score.bonus]" in result.output
    data = json.loads(run("catalogue", "show", "blue-mill", "--json").output)
    assert data["pair"] == {"partner": "red-mill", "summed_points": 23, "table_bonus": 5, "printed_bonus": None}


def test_show_unknown_id_suggests():
    run("catalogue", "add", *RED_MILL)
    result = run("catalogue", "show", "red-mil")
    assert result.exit_code == 2
    assert "Did you mean 'red-mill'?" in result.output


def test_show_in_an_empty_catalogue_says_how_to_add():
    result = run("catalogue", "show", "x")
    assert result.exit_code == 2
    assert "catalogue is empty" in result.output


def test_remove():
    run("catalogue", "add", *RED_MILL)
    run("catalogue", "add", *BLUE_MILL)
    result = run("catalogue", "remove", "red-mill")
    assert result.exit_code == 0
    assert set(read_catalogue_file(saved())) == {"blue-mill"}


def test_remove_unknown_changes_nothing():
    run("catalogue", "add", *RED_MILL)
    before = saved().read_text()
    result = run("catalogue", "remove", "red-mill", "nope")
    assert result.exit_code == 2
    assert saved().read_text() == before


# --- import, export ---------------------------------------------------------------------------------

POSITION = """\
catalogue:
  sea: {title: Sea Study, artist: R. Example, points: 10, palette: [blue, teal]}
players:
  - name: Ana
    palette: [teal]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
      - sea
    completed:
      - {title: Red Mill, artist: Q. Example, points: 14}
  - name: Ben
    commissions: []
gallery:
  - {title: Quiet Field, artist: S. Example, points: 8, palette: [green, olive], artist_bonus: 3}
"""


def test_import_takes_the_inline_commissions(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(POSITION)
    dry = run("catalogue", "import", str(game), "--dry-run")
    assert dry.exit_code == 0
    assert "would add harbour-at-dusk" in dry.output
    assert not saved().exists()
    result = run("catalogue", "import", str(game))
    assert result.exit_code == 0, result.output
    assert "Red Mill" in result.output and "without its palette" in result.output
    assert set(read_catalogue_file(saved())) == {"sea", "harbour-at-dusk", "quiet-field"}
    assert read_catalogue_file(saved())["quiet-field"].artist_bonus == 3
    again = run("catalogue", "import", str(game))
    assert again.exit_code == 0 and "Nothing new to import." in again.output


def test_import_refuses_everything_when_a_card_fails(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(POSITION.replace("points: 8,", "points: 20,"))
    result = run("catalogue", "import", str(game))
    assert result.exit_code == 4
    assert f"{game}:14:5: error: 'Quiet Field' is worth 20" in result.output
    assert not saved().exists()


def test_import_a_position_that_cannot_be_read(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text("players: [\n")
    result = run("catalogue", "import", str(game))
    assert result.exit_code == 3
    assert f"{game}:" in result.output
    assert run("catalogue", "import", str(tmp_path / "missing.yaml")).exit_code == 3


def test_export_to_stdout_and_to_a_file(tmp_path):
    run("catalogue", "add", *HARBOUR)
    out = run("catalogue", "export")
    assert out.exit_code == 0
    assert out.output.startswith("# Commission cards")
    target = tmp_path / "share.yaml"
    assert run("catalogue", "export", "-o", str(target)).exit_code == 0
    assert set(read_catalogue_file(target)) == {"harbour-at-dusk"}
    refused = run("catalogue", "export", "-o", str(target))
    assert refused.exit_code == 2 and "--force" in refused.output
    assert run("catalogue", "export", "-o", str(target), "--force").exit_code == 0


def test_a_position_can_name_catalogue_cards_by_id(tmp_path):
    run("catalogue", "add", *HARBOUR)
    game = tmp_path / "game.yaml"
    game.write_text(
        "players:\n  - {name: Ana, palette: [teal, blue], commissions: [harbour-at-dusk], completed: []}\n"
        "  - {name: Ben, palette: [], commissions: [], completed: []}\n"
    )
    result = run("score", str(game), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"][0]["palette_points"] == 6


def test_catalogue_help_has_examples():
    for sub in ("add", "list", "show", "remove", "import", "export"):
        result = run("catalogue", sub, "--help")
        assert result.exit_code == 0 and "Example:" in result.output
