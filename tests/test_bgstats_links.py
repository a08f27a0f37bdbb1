"""The BG Stats link of every bundled finished record and short sheet, decoded, against its game's golden
(tests/goldens/bgstats.py writes them: `python tests/goldens/bgstats.py`); the record page of a
finished game carries the same play, dated when the record was last saved, and an unfinished one none."""

from __future__ import annotations

import html
import json
import re
import sys

import every_game
import pytest
from click.testing import CliRunner

from pastiche_cli import games
from pastiche_cli.cli.root import root
from pastiche_cli.kernel.bgstats import LINK, decoded

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent / "goldens"))
import bgstats as goldens  # noqa: E402 - tests/goldens/bgstats.py

FILES = goldens.finished_files()
RECORDS = [path for path in FILES if path.suffix == ".yaml"]


HELD = {
    game.name: json.loads((goldens.TESTS / every_game.folder(game) / goldens.GOLDEN).read_text(encoding="utf-8"))
    for game in every_game.GAMES
}


def golden_play(path) -> dict:
    """The play held for a bundled file, but its id: the id is a digest of the file's text (the same for
    the same file, docs/history.md), which a game copied under a new name changes; the id's own test is
    test_a_play_id_is_the_same_for_the_same_text_and_another_for_another."""
    rel = path.relative_to(goldens.ROOT).as_posix()
    for plays in HELD.values():
        if rel in plays:
            return {key: value for key, value in plays[rel].items() if key != "sourcePlayId"}
    raise AssertionError(f"no golden for {rel}: run `python tests/goldens/bgstats.py`")


def named(path) -> str:
    return str(path.relative_to(goldens.ROOT / "examples"))


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_every_game_has_a_finished_record_and_a_sheet_held(game):
    plays = HELD[game.name]
    assert any(f.endswith(".sheet") for f in plays) and any(f.endswith(".yaml") for f in plays), plays
    assert sorted(plays) == sorted(p.relative_to(goldens.ROOT).as_posix() for p in FILES if goldens_game(p) == game)


def test_every_held_play_is_a_bundled_finished_file():
    assert {p.suffix for p in FILES} == {".yaml", ".sheet"} and len(FILES) >= 2 * len(every_game.GAMES)
    assert sorted(f for plays in HELD.values() for f in plays) == sorted(
        p.relative_to(goldens.ROOT).as_posix() for p in FILES
    )


def goldens_game(path):
    return next(game for game in every_game.GAMES if path in every_game.records(game) + every_game.sheets(game))


@pytest.mark.parametrize("path", FILES, ids=named)
def test_the_link_of_a_kept_play_decodes_to_its_golden(path):
    game, play = goldens.link_of(path)
    assert {key: value for key, value in play.items() if key != "sourcePlayId"} == golden_play(path)
    assert set(play) == {"sourceName", "sourcePlayId", "playDate", "game", "players", "comments"}
    assert set(play["game"]) == {"name", "sourceGameId", "highestWins", "noPoints"}  # no bggId without a source
    assert play["game"]["highestWins"] is every_game.facts(games.by_name(game)).HIGHEST_WINS
    assert all(isinstance(p["score"], int) for p in play["players"])
    assert path.name in play["comments"]


def test_a_play_id_is_the_same_for_the_same_text_and_another_for_another(tmp_path):
    ids = [goldens.link_of(path)[1]["sourcePlayId"] for path in FILES]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[0-9a-f]{24}", i) for i in ids), ids
    again = tmp_path / "elsewhere.yaml"  # the same text under another name, in another folder
    again.write_bytes(RECORDS[0].read_bytes())
    assert goldens.link_of(again)[1]["sourcePlayId"] == ids[FILES.index(RECORDS[0])]


@pytest.mark.parametrize("path", RECORDS, ids=named)
def test_the_page_of_a_finished_record_carries_its_link(path, tmp_path):
    out = tmp_path / "page.html"
    assert CliRunner().invoke(root, ["replay", str(path), "--html", str(out)]).exit_code == 0
    found = re.search(r'<p id="bgstats"><a href="([^"]+)"', out.read_text(encoding="utf-8"))
    assert found, "no BG Stats link on the page"
    url = html.unescape(found.group(1))
    assert url.startswith(LINK)
    play = decoded(url)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play.pop("playDate"))
    expected = dict(golden_play(path))
    del expected["playDate"]
    assert play.pop("sourcePlayId") == goldens.link_of(path)[1]["sourcePlayId"]  # the kept play's
    assert play == expected


def test_an_unfinished_record_s_page_has_no_link(tmp_path):
    whole = (goldens.RECORDS / "artline" / "three-player-game.yaml").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(whole) if line.startswith("moves:"))
    record = tmp_path / "unfinished.yaml"
    record.write_text("\n".join(whole[: start + 4]) + "\n", encoding="utf-8")  # its first turn and a comment
    page = tmp_path / "page.html"
    done = CliRunner().invoke(root, ["replay", str(record), "--html", str(page)])
    assert done.exit_code == 0, done.output
    text = page.read_text(encoding="utf-8")
    assert "No final scores" in text and "bgstats" not in text


WIDEST_QR = 105  # docs/history.md: the columns a bundled play's QR code takes at most (QR version 21)
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def drawn_rows(line: str) -> tuple[list[bool], list[bool]]:
    """The two rows of modules (True: dark) a drawn line of upper half blocks carries: each block's
    foreground is its upper module, its background the lower."""
    top: list[bool] = []
    bottom: list[bool] = []
    fg = bg = None
    at = 0
    for found in [*SGR.finditer(line), None]:
        text = line[at : found.start() if found else len(line)]
        for char in text:
            assert char == "▀" and fg is not None and bg is not None, repr(line)
            top.append(fg)
            bottom.append(bg)
        if found is None:
            break
        at = found.end()
        for code in (int(c) for c in found.group(1).split(";") if c):
            if code == 0:
                fg = bg = None
            elif code in (30, 37, 90, 97):
                fg = code in (30, 90)
            elif code in (40, 47, 100, 107):
                bg = code in (40, 100)
    return top, bottom


@pytest.mark.parametrize("path", FILES, ids=named)
def test_the_terminal_qr_code_of_each_bundled_play_is_the_printed_link_s_and_fits_the_width_it_claims(
    path, monkeypatch
):
    """No QR decoder in the stack: the drawn characters are compared with segno's matrix for the printed URL."""
    import segno

    assert CliRunner().invoke(root, ["keep", str(path)]).exit_code == 0
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(WIDEST_QR))
    result = CliRunner().invoke(root, ["history", "--bgstats", "1"])
    assert result.exit_code == 0, result.output
    url, *lines = result.stdout.splitlines()
    assert decoded(url)["players"]
    matrix = [[bool(m) for m in row] for row in segno.make(url, error="l").matrix_iter(scale=1, border=2)]
    width = len(matrix[0])
    assert width <= WIDEST_QR and len(lines) == (len(matrix) + 1) // 2
    rows = [row for line in lines for row in drawn_rows(line)]
    assert all(len(row) == width for row in rows)
    assert rows[: len(matrix)] == matrix and not any(any(row) for row in rows[len(matrix) :])  # a last half row: light
    monkeypatch.setenv("COLUMNS", str(width - 1))
    narrow = CliRunner().invoke(root, ["history", "--bgstats", "1"])
    assert narrow.stdout == url + "\n"
    assert f"needs {width} columns" in narrow.stderr and "--qr" in narrow.stderr
