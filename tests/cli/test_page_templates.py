"""The record page is written from templates (render/templates/, render/static/, render/pages.py): every
value a record holds is escaped by autoescaping, the page is made from the package's own files as they
are on disk, and its policy pins the script it really holds, whatever that script is.
"""

from __future__ import annotations

import base64
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys

from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.render import pages

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "records" / "three-player-short.yaml"
MARKUP_NAME = "<script>Ana&amp;'s</script>"
SHOWN = "&lt;script&gt;Ana&amp;amp;&#x27;s&lt;/script&gt;"


def page_of(record: pathlib.Path, tmp_path: pathlib.Path) -> str:
    out = tmp_path / f"{record.stem}.html"
    result = CliRunner().invoke(root, ["replay", str(record), "--html", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def pinned_and_held(page: str) -> tuple[str, str]:
    """The script hash the page's policy allows, and the hash of the one script the page holds."""
    [pinned] = re.findall(r"script-src 'sha256-([A-Za-z0-9+/=]+)'", page)
    [script] = re.findall(r"<script>(.*?)</script>", page, flags=re.DOTALL)
    return pinned, base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")


def test_the_templates_autoescape_and_show_controls():
    made = pages.environment().from_string("<p title='{{ x }}'>{{ x }}</p>")
    assert made.render(x="<b>'\u202e") == "<p title='&lt;b&gt;&#x27;\\u202e'>&lt;b&gt;&#x27;\\u202e</p>"


def test_a_name_that_is_markup_is_written_on_the_page_as_text(tmp_path):
    record = tmp_path / "record.yaml"
    record.write_text(RECORD.read_text(encoding="utf-8").replace("Ana", MARKUP_NAME), encoding="utf-8")
    page = page_of(record, tmp_path)
    assert page.count("<script") == 1 and "<script>Ana" not in page  # the page's own script alone
    assert f"<td>{SHOWN}</td>" in page  # the scores
    assert f'data-title="Turn 1: {SHOWN}"' in page and f"<h3>Turn 1: {SHOWN}</h3>" in page  # a turn
    assert f"<title>{SHOWN}</title></polyline>" in page  # the race
    assert f"<li><b>{SHOWN}</b> (4 cards)" in page  # the hands
    assert f"<code>{SHOWN} place YYBBRR/R at 0,-1</code>" in page  # a move


def test_the_policy_pins_the_script_the_page_holds_and_forbids_base(tmp_path):
    page = page_of(RECORD, tmp_path)
    pinned, held = pinned_and_held(page)
    assert pinned == held
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert "default-src 'none'" in policy and "base-uri 'none'" in policy


def test_the_page_is_written_from_the_packages_template_files_as_they_are(tmp_path):
    """A copy of the package with a template and the script changed writes the change, the policy
    pinning the changed script: no copy of the markup is kept anywhere else."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "pastiche_cli", tree / "pastiche_cli", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data", tree / "data")
    templates, static = tree / "pastiche_cli" / "render" / "templates", tree / "pastiche_cli" / "render" / "static"
    record = templates / "record.html"
    record.write_text(record.read_text().replace("<header>\n", '<header>\n<p id="changed">changed</p>\n', 1))
    (static / "record.js").write_text("// changed\n" + (static / "record.js").read_text())
    (static / "page.css").write_text((static / "page.css").read_text() + "/* changed */\n")
    out = tmp_path / "game.html"
    code = "import sys; from pastiche_cli.cli.root import run; sys.argv[0] = 'pastiche'; run()"
    done = subprocess.run(
        [sys.executable, "-c", code, "replay", str(RECORD), "--html", str(out)],
        env={**os.environ, "PYTHONPATH": str(tree)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert '<header>\n<p id="changed">changed</p>\n<h1>' in page
    assert "<script>\n// changed\n" in page and "/* changed */\n/* phone first" in page
    pinned, held = pinned_and_held(page)
    assert pinned == held
    assert pinned != pinned_and_held(page_of(RECORD, tmp_path / "tree"))[0]
