"""A game record as one self-contained HTML page, for every game: the final scores, every turn's table and moves, steppable.

Everything is inline (the pictures are each game's SVG, the style and the few lines of script that
step through the turns are in the page) and a Content-Security-Policy forbids any fetch, so the
page works offline, from a mail attachment or a USB stick. The facts come worked out
(cli/verbs/replay.py: page, from the game's declaration); this module only lays them out.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple

from typing import Any


class Frame(NamedTuple):
    """One step of the page: the setup, or one turn with its moves and the table after it."""
    title: str
    first_move: int                               # the number of the turn's first move (0 for the setup)
    moves: tuple[tuple[int, str, str, str, tuple[str, ...]], ...]   # (n, notation, rule, reason, effects)
    picture: str | None                           # the table after the turn as inline SVG (the game's)
    state: list[str]                              # the table after the turn, in words


class PageFacts(NamedTuple):
    game: str                                     # the game's title
    name: str                                     # the record's file name
    frames: tuple[Frame, ...]
    scores: Any                                   # cli/game.ScoreTable once the game is over, or None
    over: bool


STYLE = """
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; background: #fdfbf7; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #c9bda5; padding: 0.25em 0.6em; text-align: left; }
th { background: #efe6d2; }
td.num { text-align: right; }
pre { background: #f4efe4; padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
.stepper { display: flex; gap: 0.6em; align-items: center; margin: 0.8em 0; }
.stepper button { font-size: 1em; padding: 0.2em 0.8em; }
.frame { display: grid; grid-template-columns: minmax(320px, 45%) minmax(0, 1fr); gap: 1em; align-items: start; }
.frame > div { min-width: 0; overflow-wrap: anywhere; }
.frame[hidden] { display: none; }
.frame svg { width: 100%; height: auto; border: 1px solid #ddd; background: #fff; }
ol.moves li { margin-bottom: 0.4em; }
.rule { font-family: monospace; color: #6b4f1d; }
.legal { color: #1d6b2f; font-weight: bold; }
tr.current { background: #fff2c6; }
"""

SCRIPT = """
(function () {
  var frames = document.querySelectorAll('section.frame');
  var slider = document.getElementById('step');
  var label = document.getElementById('step-label');
  var rows = document.querySelectorAll('tr[data-frame]');
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    for (var k = 0; k < frames.length; k++) { frames[k].hidden = (k !== i); }
    for (var r = 0; r < rows.length; r++) {
      rows[r].className = (Number(rows[r].getAttribute('data-frame')) === i) ? 'current' : '';
    }
    slider.value = String(i);
    label.textContent = frames[i].getAttribute('data-title') + ' (' + (i + 1) + ' of ' + frames.length + ')';
  }
  document.getElementById('prev').addEventListener('click', function () { show(Number(slider.value) - 1); });
  document.getElementById('next').addEventListener('click', function () { show(Number(slider.value) + 1); });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  for (var r = 0; r < rows.length; r++) {
    rows[r].addEventListener('click', function () { show(Number(this.getAttribute('data-frame'))); });
  }
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { show(Number(slider.value) - 1); }
    if (e.key === 'ArrowRight') { show(Number(slider.value) + 1); }
  });
  show(frames.length - 1);
})();
"""

POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def inline_svg(text: str) -> str:
    """A picture for inline use: no XML declaration, and no ids (every frame has the same ones)."""
    text = text.split("?>", 1)[1] if text.startswith("<?xml") else text
    return text.replace(' id="', ' data-id="').strip()


def _scores(facts: PageFacts) -> list[str]:
    if facts.scores is None:
        why = ("the game is not over yet: these are the moves so far" if not facts.over
               else "the final scores could not be worked out")
        return [f'<p id="no-scores">No final scores: {escape(why)}.</p>']
    table = facts.scores
    head = "".join(f"<th>{escape(h)}</th>" for h in table.headers)
    out = [f'<table id="scores"><thead><tr>{head}</tr></thead><tbody>']
    for row in table.rows:
        cells = []
        for i, cell in enumerate(row):
            shown = f"<b>{escape(str(cell))}</b>" if i == table.bold else escape(str(cell))
            cells.append(f"<td class=num>{shown}</td>" if isinstance(cell, int) and i else f"<td>{shown}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    winners = " and ".join(table.winners)
    out.append(f"<p>Winner{'s' if len(table.winners) > 1 else ''}: <b>{escape(winners)}</b> "
               f"(decided by: {escape(table.decided_by)})</p>")
    out.append("<details open><summary>Each player's breakdown</summary><pre>"
               + escape("\n".join(table.explanation)) + "</pre></details>")
    return out


def _frame(i: int, frame: Frame) -> list[str]:
    out = [f'<section class="frame" id="frame-{i}" data-title="{escape(frame.title)}" hidden>',
           "<div>" + (inline_svg(frame.picture) if frame.picture is not None else "<p>(no picture of the table)</p>")
           + "</div>", "<div>", f"<h3>{escape(frame.title)}</h3>"]
    if frame.moves:
        out.append(f'<ol class="moves" start="{frame.first_move}">')
        for n, move, rule, reason, effects in frame.moves:
            said = "".join(f"<br>{escape(e)}" for e in effects)
            out.append(f'<li><code>{escape(move)}</code> <span class="legal">legal</span> '
                       f'<span class="rule">[{escape(rule)}]</span>: {escape(reason)}{said}</li>')
        out.append("</ol>")
    out.append("<pre>" + escape("\n".join(frame.state)) + "</pre>")
    out += ["</div>", "</section>"]
    return out


def record_page(facts: PageFacts) -> str:
    """The whole page as text."""
    title = f"{facts.game} game record: {facts.name}"
    last = len(facts.frames) - 1
    body = [f"<h1>{escape(title)}</h1>",
            f"<p>{sum(len(f.moves) for f in facts.frames)} moves, each checked by the rules; "
            f"{len(facts.frames) - 1} turns.</p>",
            "<h2>Final scores</h2>", *_scores(facts),
            "<h2>The game, turn by turn</h2>",
            '<div class="stepper"><button id="prev" type="button">&larr; previous</button>'
            f'<input id="step" type="range" min="0" max="{last}" value="{last}" aria-label="turn">'
            '<button id="next" type="button">next &rarr;</button><span id="step-label"></span></div>']
    for i, frame in enumerate(facts.frames):
        body += _frame(i, frame)
    body += ["<h2>Every move</h2>", '<table id="moves"><thead><tr><th>#</th><th>turn</th><th>move</th>'
             "<th>verdict</th><th>rule</th></tr></thead><tbody>"]
    for i, frame in enumerate(facts.frames):
        for n, move, rule, reason, _ in frame.moves:
            body.append(f'<tr data-frame="{i}"><td>{n}</td><td>{escape(frame.title)}</td>'
                        f"<td><code>{escape(move)}</code></td><td>legal: {escape(reason)}</td>"
                        f'<td class="rule">{escape(rule)}</td></tr>')
    body.append("</tbody></table>")
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        *body, f"<script>{SCRIPT}</script>", "</body>", "</html>", ""])
