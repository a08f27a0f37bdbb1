"""`pastiche catalogue`: problems a new user met, each error saying what to do next."""

from click.testing import CliRunner

from pastiche_cli.cli.root import root

RED_MILL = ["--title", "Red Mill", "--artist", "Q. Example", "--points", "14", "--palette", "red,red,brown"]
BLUE_MILL = ["--title", "Blue Mill", "--artist", "Q. Example", "--points", "9", "--palette", "blue,white"]


def run(*args):
    return CliRunner().invoke(root, list(args), prog_name="pastiche")


def test_empty_title_is_bad_usage_not_a_problem_in_the_catalogue_file():
    result = run(
        "catalogue", "add", "--title", " ", "--artist", "P. Example", "--points", "11", "--palette", "teal,blue"
    )
    assert result.exit_code == 2, result.output
    assert "--title" in result.output and "catalogue.yaml:" not in result.output


def test_empty_artist_is_bad_usage():
    result = run("catalogue", "add", "--title", "Harbour", "--artist", "", "--points", "11", "--palette", "teal,blue")
    assert result.exit_code == 2 and "--artist" in result.output


def test_unknown_colours_are_listed_once_with_the_known_names_once():
    result = run(
        "catalogue",
        "add",
        "--title",
        "Harbour",
        "--artist",
        "P. Example",
        "--points",
        "11",
        "--palette",
        "tael,blu,zz,qq",
    )
    assert result.exit_code == 2
    assert result.output.count("palette cards are:") == 1
    assert "'tael'" in result.output and "did you mean 'teal'" in result.output
    assert "did you mean 'blue'" in result.output and "'zz'" in result.output and "'qq'" in result.output


def test_a_third_card_by_one_artist_says_what_to_do():
    assert run("catalogue", "add", *RED_MILL).exit_code == 0
    assert run("catalogue", "add", *BLUE_MILL).exit_code == 0
    result = run(
        "catalogue",
        "add",
        "--title",
        "Green Mill",
        "--artist",
        "Q. Example",
        "--points",
        "9",
        "--palette",
        "green,white",
    )
    assert result.exit_code == 4
    assert "pastiche catalogue remove" in result.output and "artist" in result.output


def test_reading_a_named_catalogue_that_does_not_exist_is_an_error(tmp_path):
    missing = str(tmp_path / "our-box.yaml")
    for args in (["list"], ["show", "red-mill"], ["remove", "red-mill"], ["export"]):
        result = run("catalogue", *args, "--catalogue", missing)
        assert result.exit_code == 3, (args, result.output)
        assert "our-box.yaml" in result.output and "catalogue add" in result.output


def test_adding_to_a_named_catalogue_that_does_not_exist_creates_it(tmp_path):
    path = tmp_path / "our-box.yaml"
    assert run("catalogue", "add", *RED_MILL, "--catalogue", str(path)).exit_code == 0
    assert "red-mill" in path.read_text()


def test_the_saved_catalogue_not_yet_made_is_just_empty():
    result = run("catalogue", "list")
    assert result.exit_code == 0 and "is empty" in result.output
