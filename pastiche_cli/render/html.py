"""A game record as one self-contained HTML page, for every game: the scores, the score race, the table
at every move, steppable by move and by turn; phone first, desktop too, and a score sheet when printed.

Everything is inline (the table is the game's one pooled SVG, render/layers.py; the race chart is
drawn here; the style and the script that steps through the moves are in the page) and a
Content-Security-Policy forbids any fetch, so the page works offline, from a mail attachment or a
USB stick. The facts come worked out (cli/verbs/replay.py: page, from the game's declaration); this
module only lays them out, and imports no game.

The page grows with the moves, not with moves times table: the table is drawn once, its parts
marked with the steps they show at; each move is written once, in its turn and in the table of
every move; the hands are written once a turn.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, NamedTuple

from pastiche_cli.render.svgxml import xml_safe


def escape(text: str, quote: bool = True) -> str:
    """Text for the page: HTML-escaped, and every control, bidi control or byte that was not UTF-8 (a file
    name's) shown as its escape (`\\x1b`, `\\u202e`), so no name can reorder or hide what the page says."""
    return html.escape(xml_safe(str(text)), quote)


class Move(NamedTuple):
    """One legal move as the page shows it."""

    n: int
    notation: str
    rule: str
    reason: str
    effects: tuple[str, ...]
    gained: tuple[str, ...] = ()  # the cards it gave its player, by name
    spent: tuple[str, ...] = ()  # the cards it cost them


class Frame(NamedTuple):
    """One turn of the page (or the setup): its moves, and the table after it."""

    title: str
    first_move: int  # the number of the turn's first move (0 for the setup)
    moves: tuple[Move, ...]
    state: list[str]  # the table after the turn, in words
    hands: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # each player's cards after the turn


class PageFacts(NamedTuple):
    game: str  # the game's title
    name: str  # the record's file name
    frames: tuple[Frame, ...]
    scores: Any  # cli/game.ScoreTable once the game is over, or None
    over: bool
    picture: str | None = None  # the table at every step, pooled (render/layers.py)
    race: Any = None  # cli/game.Race, or None
    standings: Any = None  # a ScoreTable of the scores so far, for a game not over
    colours: dict[str, str] | None = None  # card name -> CSS colour, for the chips
    unfinished: str = ""  # why there are no final scores, in the game's words
    bgstats: str = ""  # the link that opens BG Stats on this play, once the game is over (kernel/bgstats.py)


def policy() -> str:
    """The page's Content-Security-Policy: no fetch at all, and no script but the page's own one, pinned by
    its SHA-256 (an injected <script> or event handler would not run), no <base> to move the page's links."""
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    return (
        f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; img-src data:; "
        "base-uri 'none'; form-action 'none'"
    )


STYLE = """
:root { color-scheme: light dark; --ink: #222; --paper: #fdfbf7; --line: #c9bda5; --head: #efe6d2;
  --soft: #f4efe4; --accent: #6b4f1d; --good: #1d6b2f; --now: #fff2c6; --dim: #6d6657; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ece8df; --paper: #1c1a17; --line: #5d5444; --head: #2f2a21; --soft: #27241e;
    --accent: #e7bd72; --good: #84d49a; --now: #4d4120; --dim: #aaa294; }
}
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0; padding: 0.75rem;
  color: var(--ink); background: var(--paper); line-height: 1.45; overflow-wrap: anywhere; }
header, main { max-width: 1240px; margin: 0 auto; }
h1 { font-size: 1.35em; margin: 0.2em 0 0.3em; }
h2 { font-size: 1.15em; margin: 1.3em 0 0.5em; }
h3 { font-size: 1.05em; margin: 0.3em 0 0.4em; }
h4 { font-size: 0.95em; margin: 0.8em 0 0.3em; }
p { margin: 0.4em 0; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid var(--line); padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: var(--head); white-space: nowrap; overflow-wrap: normal; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: var(--soft); padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere;
  font-size: 0.85em; margin: 0.4em 0; }
details > summary { cursor: pointer; padding: 0.35em 0; }
.badge { display: inline-block; font-size: 0.75em; padding: 0 0.5em; border-radius: 1em; margin-left: 0.4em;
  border: 1px solid var(--accent); color: var(--accent); vertical-align: middle; }
.rule { font-family: monospace; color: var(--accent); overflow-wrap: normal; }
.legal { color: var(--good); font-weight: bold; }
.chip { display: inline-block; white-space: nowrap; border-radius: 1em; padding: 0 0.55em;
  margin: 0.12em 0.2em 0.12em 0; font-size: 0.85em; line-height: 1.6; border: 1px solid rgba(0, 0, 0, 0.5);
  background: var(--soft); color: var(--ink); }
@media (prefers-color-scheme: dark) { .chip { border-color: rgba(255, 255, 255, 0.65); } }
.what { font-size: 0.85em; color: var(--dim); margin-right: 0.2em; }
.cards { margin: 0.2em 0; }
.effects { color: var(--dim); font-size: 0.9em; }
/* phone first: tables of records are stacked, a card a row, each value under its column's name */
#scores, #standings, #moves { width: 100%; }
#scores, #scores tbody, #scores tr, #standings, #standings tbody, #standings tr,
#moves, #moves tbody, #moves tr { display: block; }
#scores thead, #standings thead, #moves thead { display: none; }
#scores tr, #standings tr, #moves tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 0.5em;
  padding: 0.3em 0.6em; }
#scores tr, #standings tr { display: grid; grid-template-columns: repeat(auto-fill, minmax(10.5em, 1fr)); gap: 0 1em; }
#scores td, #standings td, #moves td { display: grid; grid-template-columns: minmax(5.5em, 45%) minmax(0, 1fr);
  gap: 0.6em; border: 0; padding: 0.12em 0; text-align: left; }
#scores td::before, #standings td::before, #moves td::before { font-weight: bold; color: var(--dim); }
#moves tr, #moves li, .moves li { cursor: pointer; }
tr.current, li.current { background: var(--now); }
.moves { padding-left: 2.2em; margin: 0.3em 0; }
.moves li { margin-bottom: 0.45em; padding: 0.2em 0.3em; border-radius: 4px; }
.moves li.later { opacity: 0.55; }
.hands ul { list-style: none; padding: 0; margin: 0; }
.hands li { margin: 0.15em 0 0.35em; }
.board, figure.race { margin: 0; }
.board svg { display: block; width: 100%; height: auto; max-height: 75vh; border: 1px solid var(--line);
  background: #fff; touch-action: pan-y pinch-zoom; }
.race svg { display: block; width: 100%; max-width: 680px; height: auto; }
.stepper { position: sticky; bottom: 0; z-index: 2; background: var(--paper); border-top: 1px solid var(--line);
  padding: 0.4em 0 0.5em; margin: 0.6em 0; display: grid;
  grid-template-columns: minmax(90px, 7em) minmax(0, 1fr) minmax(90px, 7em);
  grid-template-areas: "prev slider next" "back label on"; gap: 0.35em 0.4em; align-items: center; }
.stepper input[type=range] { grid-area: slider; width: 100%; height: 44px; margin: 0; accent-color: var(--accent); }
.stepper button { min-height: 44px; font: inherit; font-size: 0.95em; padding: 0.2em; border-radius: 8px;
  border: 1px solid var(--line); background: var(--head); color: var(--ink); touch-action: manipulation; }
#prev { grid-area: prev; } #next { grid-area: next; } #prev-turn { grid-area: back; } #next-turn { grid-area: on; }
#step-label { grid-area: label; margin: 0; text-align: center; font-size: 0.9em; }
.frame[hidden] { display: none; }
@media (min-width: 720px) {
  body { padding: 1rem 1.5rem; }
  .overview { display: flex; flex-wrap: wrap; gap: 0 2.5em; align-items: flex-start; }
  .overview > #result { flex: 0 1 auto; max-width: 100%; }
  .overview > .race { flex: 1 1 460px; max-width: 680px; }
  #scores, #standings, #moves { display: table; width: auto; }
  #scores tbody, #standings tbody, #moves tbody { display: table-row-group; }
  #scores thead, #standings thead, #moves thead { display: table-header-group; }
  #scores tr, #standings tr, #moves tr { display: table-row; border: 0; }
  #scores td, #standings td, #moves td { display: table-cell; border: 1px solid var(--line);
    padding: 0.3em 0.6em; min-width: 90px; }
  #scores td.num, #standings td.num { text-align: right; }
  #scores td::before, #standings td::before, #moves td::before { content: none; }
  #scores th, #standings th, #moves th { min-width: 90px; }
}
@media (min-width: 1000px) {
  .play { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 1.2em; align-items: start; }
  .board { position: sticky; top: 0.5em; }
  .stepper { position: static; border: 0; }
  .stepper { max-width: 48em; }
}
@media print {
  :root { --ink: #000; --paper: #fff; --line: #999; --head: #eee; --soft: #f6f6f6; --now: transparent; }
  body { padding: 0; font-size: 10pt; }
  #game, .stepper, .noprint { display: none !important; }
  .overview { display: block; }
  #scores, #standings, #moves { display: table; width: 100%; }
  #scores thead, #standings thead, #moves thead { display: table-header-group; }
  #scores tr, #standings tr, #moves tr { display: table-row; break-inside: avoid; }
  #scores td, #standings td, #moves td { display: table-cell; border: 1px solid var(--line); }
  #scores td::before, #standings td::before, #moves td::before { content: none; }
  .chip, .race svg { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .race svg { max-width: 16cm; }
  h2 { break-after: avoid; }
  details > summary { list-style: none; font-weight: bold; cursor: auto; }
  details > summary::-webkit-details-marker { display: none; }
}
/* Printed, a breakdown is open without the script (turned off, or a print that fires no beforeprint):
   a rule of its own, since a browser that knows no ::details-content drops the whole rule. */
@media print { details::details-content { content-visibility: visible; } }
"""

SCRIPT = """
(function () {
  var slider = document.getElementById('step');
  if (!slider) { return; }
  var last = Number(slider.max);
  var frames = document.querySelectorAll('section.frame');
  var label = document.getElementById('step-label');
  var rows = document.querySelectorAll('tr[data-step]');
  var items = document.querySelectorAll('li[data-step]');
  var board = document.getElementById('board');
  var svg = board ? board.querySelector('svg') : null;
  var parts = svg ? svg.querySelectorAll('[data-s]') : [];
  var spans = [];
  for (var p = 0; p < parts.length; p++) {
    spans.push(parts[p].getAttribute('data-s').split(' ').map(function (r) { return r.split('-').map(Number); }));
  }
  var views = svg && svg.getAttribute('data-views') ? svg.getAttribute('data-views').split(';') : null;
  var chart = document.getElementById('race-chart');
  var marker = document.getElementById('race-marker');
  var dots = chart ? chart.querySelectorAll('[data-y]') : [];
  var dotYs = [];
  for (var d = 0; d < dots.length; d++) { dotYs.push(dots[d].getAttribute('data-y').split(' ')); }
  var turnOf = [], firstOf = [], lastOf = [];
  for (var k = 0; k < frames.length; k++) {
    var steps = frames[k].querySelectorAll('li[data-step]');
    var lo = steps.length ? Number(steps[0].getAttribute('data-step')) : 0;
    var hi = steps.length ? Number(steps[steps.length - 1].getAttribute('data-step')) : 0;
    firstOf.push(lo); lastOf.push(hi);
    for (var s = lo; s <= hi; s++) { turnOf[s] = k; }
  }
  var current = -1;
  function show(i, why) {
    i = Math.max(0, Math.min(last, Math.round(i)));
    if (isNaN(i)) { return; }
    current = i;
    var turn = turnOf[i] === undefined ? frames.length - 1 : turnOf[i];
    for (var k = 0; k < frames.length; k++) { frames[k].hidden = (k !== turn); }
    for (var m = 0; m < items.length; m++) {
      var n = Number(items[m].getAttribute('data-step'));
      items[m].className = n === i ? 'current' : (n > i ? 'later' : '');
    }
    for (var r = 0; r < rows.length; r++) {
      rows[r].className = Number(rows[r].getAttribute('data-step')) === i ? 'current' : '';
    }
    for (var q = 0; q < parts.length; q++) {
      var on = false;
      for (var t = 0; t < spans[q].length; t++) {
        if (spans[q][t][0] <= i && i <= spans[q][t][1]) { on = true; break; }
      }
      parts[q].style.display = on ? '' : 'none';
    }
    if (views && views[i]) { svg.setAttribute('viewBox', views[i]); }
    if (marker) {
      var x = Number(chart.getAttribute('data-x0')) + i * Number(chart.getAttribute('data-dx'));
      marker.setAttribute('x1', x.toFixed(1)); marker.setAttribute('x2', x.toFixed(1));
      for (var e = 0; e < dots.length; e++) {
        dots[e].setAttribute('transform', 'translate(' + x.toFixed(1) + ' ' + dotYs[e][i] + ')');
      }
    }
    slider.value = String(i);
    label.textContent = frames[turn].getAttribute('data-title') + ' (' + (turn + 1) + ' of ' + frames.length + ')'
      + ' \\u00b7 ' + (i === 0 ? 'the setup' : 'after move ' + i + ' of ' + last);
    if (why !== 'load' && why !== 'hash' && window.history && history.replaceState) {
      try { history.replaceState(null, '', '#move-' + i); } catch (err) { /* a page opened where it cannot */ }
    }
  }
  function turnStep(direction) {
    var k = turnOf[current];
    if (direction > 0) { show(current < lastOf[k] ? lastOf[k] : lastOf[Math.min(frames.length - 1, k + 1)]); }
    else { show(lastOf[Math.max(0, k - 1)]); }
  }
  function reveal() {
    if (!board) { return; }
    var box = board.getBoundingClientRect();
    if (box.top < -2 || box.top > window.innerHeight * 0.5) { board.scrollIntoView({block: 'start'}); }
  }
  function fromHash() {
    var m = /^#move-(\\d+)$/.exec(window.location.hash);
    var t = /^#turn-(\\d+)$/.exec(window.location.hash);
    if (m) { show(Number(m[1]), 'hash'); return true; }
    if (t) { show(lastOf[Math.min(frames.length - 1, Number(t[1]))], 'hash'); return true; }
    return false;
  }
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('prev-turn').addEventListener('click', function () { turnStep(-1); });
  document.getElementById('next-turn').addEventListener('click', function () { turnStep(1); });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  function pick() { show(Number(this.getAttribute('data-step'))); reveal(); }
  for (var a = 0; a < rows.length; a++) { rows[a].addEventListener('click', pick); }
  for (var b = 0; b < items.length; b++) { items[b].addEventListener('click', pick); }
  // One step a key press, whatever has the focus: the slider's own step is cancelled, ours is taken.
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      var tag = e.target && e.target.tagName;
      if ((tag === 'INPUT' && e.target !== slider) || tag === 'TEXTAREA' || tag === 'SELECT') { return; }
      e.preventDefault();
      var direction = e.key === 'ArrowRight' ? 1 : -1;
      if (e.shiftKey) { turnStep(direction); } else { show(current + direction); }
    }
  });
  if (board) {
    var startX = null, startY = null;
    board.addEventListener('touchstart', function (e) {
      if (e.touches.length === 1) { startX = e.touches[0].clientX; startY = e.touches[0].clientY; }
    }, {passive: true});
    board.addEventListener('touchend', function (e) {
      if (startX === null || !e.changedTouches.length) { return; }
      var dx = e.changedTouches[0].clientX - startX, dy = e.changedTouches[0].clientY - startY;
      startX = null;
      if (Math.abs(dx) > 50 && Math.abs(dy) < 40) { show(current + (dx < 0 ? 1 : -1)); }
    }, {passive: true});
  }
  window.addEventListener('hashchange', fromHash);
  var opened = [];
  window.addEventListener('beforeprint', function () {
    var all = document.querySelectorAll('details:not([open])');
    for (var o = 0; o < all.length; o++) { all[o].open = true; opened.push(all[o]); }
  });
  window.addEventListener('afterprint', function () {
    for (var o = 0; o < opened.length; o++) { opened[o].open = false; }
    opened = [];
  });
  if (fromHash()) { reveal(); } else { show(last, 'load'); }
})();
"""

# Players' lines in the race: told apart by colour (a colour-blind-safe set), by dash and by marker shape.
RACE_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c564b")
RACE_DASHES = ("", "9 4", "2 3", "12 3 3 3", "6 2", "1 2", "14 4", "4 4")
RACE_MARKERS = (
    "M-6,0a6,6 0 1,0 12,0a6,6 0 1,0 -12,0z",
    "M-5,-5h10v10h-10z",
    "M0,-6L6,5H-6z",
    "M0,-6.5L6.5,0L0,6.5L-6.5,0z",
    "M-6,-2h12v4h-12z",
    "M-2,-6h4v12h-4z",
    "M0,6L6,-5H-6z",
    "M-5,-5L5,5M5,-5L-5,5",
)


def inline_svg(text: str) -> str:
    """A picture for inline use: no XML declaration, and no ids (the page has its own)."""
    text = text.split("?>", 1)[1] if text.startswith("<?xml") else text
    return text.replace(' id="', ' data-id="').strip()


def _css_text(text: str) -> str:
    """A CSS string literal (for a `content:`): quotes, backslashes, line ends and '<' escaped."""
    body = "".join(ch if ch.isalnum() or ch in " .,:;()-_/+#%&'" else f"\\{ord(ch):x} " for ch in xml_safe(str(text)))
    return f'"{body}"'


def _contrast_ink(colour: str) -> str:
    """Black or white, whichever reads better on the colour (WCAG's relative luminance)."""
    try:
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#000"

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#fff"


class _Chips:
    """Card names as colour chips: a class per colour, written once in the style."""

    def __init__(self, colours: dict[str, str] | None):
        self.colours = {
            name: colour
            for name, colour in (colours or {}).items()
            if isinstance(colour, str) and len(colour) == 7 and colour.startswith("#")
        }
        self.classes: dict[str, str] = {}

    def chip(self, name: str) -> str:
        colour = self.colours.get(name)
        if colour is None:
            return f'<span class="chip">{escape(name)}</span>'
        cls = self.classes.setdefault(name, f"k{len(self.classes)}")
        return f'<span class="chip {cls}">{escape(name)}</span>'

    def chips(self, names: Sequence[str]) -> str:
        return "".join(self.chip(n) for n in names)

    def style(self) -> str:
        return "".join(
            f".{cls}{{background:{self.colours[name]};color:{_contrast_ink(self.colours[name])}}}"
            for name, cls in self.classes.items()
        )


def _labels(table_id: str, headers: Sequence[str]) -> str:
    """The stacked table's labels: each cell shows its column's name before it (phone layout)."""
    return "".join(
        f"#{table_id} td:nth-child({i + 1})::before{{content:{_css_text(h)}}}" for i, h in enumerate(headers)
    )


def _score_table(table, table_id: str) -> list[str]:
    head = "".join(f"<th>{escape(h)}</th>" for h in table.headers)
    out = [f'<table id="{table_id}"><thead><tr>{head}</tr></thead><tbody>']
    for row in table.rows:
        cells = []
        for i, cell in enumerate(row):
            shown = f"<b>{escape(str(cell))}</b>" if i == table.bold else escape(str(cell))
            cells.append(f"<td class=num>{shown}</td>" if isinstance(cell, int) and i else f"<td>{shown}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return out


def _breakdown(table) -> list[str]:
    if not table.explanation:
        return []
    return [
        "<details><summary>Each player's breakdown</summary><pre>"
        + escape("\n".join(table.explanation))
        + "</pre></details>"
    ]


def _verdict(table) -> str:
    """The winner line as `score` says it ("Winner: Ana, decided by ... [rule]"), the winners in bold."""
    head = f"Winner{'s' if len(table.winners) > 1 else ''}: "
    winners = " and ".join(table.winners)
    if not table.verdict.startswith(head + winners):
        return f"<p>{escape(table.verdict)}</p>"
    rest = table.verdict[len(head + winners) :]
    return f"<p>{escape(head)}<b>{escape(winners)}</b>{escape(rest)}</p>"


def _bgstats(url: str) -> list[str]:
    """The link to BG Stats, for a phone that keeps its plays there (a link leaves the page: no fetch)."""
    if not url:
        return []
    return [
        f'<p id="bgstats"><a href="{escape(url)}" rel="noopener noreferrer">Add this play to BG Stats</a> '
        "(the app, or its web page, opens with the players, scores and winner filled in)</p>"
    ]


def _scores(facts: PageFacts) -> list[str]:
    if facts.scores is not None:
        table = facts.scores
        return [
            "<h2>Final scores</h2>",
            *_score_table(table, "scores"),
            _verdict(table),
            *_breakdown(table),
            *_bgstats(facts.bgstats),
        ]
    why = (
        "the game is not over yet: these are the moves so far"
        if not facts.over
        else "the final scores could not be worked out"
    )
    out = [
        '<h2>Standings so far<span class="badge">provisional</span></h2>'
        if facts.standings is not None
        else "<h2>Final scores</h2>",
        f'<p id="no-scores">No final scores: {escape(why)}.</p>',
    ]
    if facts.unfinished:
        out.append(f"<p>{escape(facts.unfinished)}</p>")
    if facts.standings is not None:
        table = facts.standings
        out += _score_table(table, "standings")
        leaders = " and ".join(table.winners)
        out.append(f"<p>Ahead so far: <b>{escape(leaders)}</b> (provisional: the game is not over)</p>")
        out += _breakdown(table)
    return out


def _nice(span: float) -> int:
    """A tick step near span/4: 1, 2 or 5 times a power of ten."""
    raw = max(span / 4, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    return next(power * m for m in (1, 2, 5, 10) if power * m >= raw)


def race_chart(race, title_id: str = "race-title") -> str:
    """The score race as an inline SVG: a line per player over the steps, the threshold, a marker."""
    width, height, left, right, top, bottom = 560, 300, 44, 118, 16, 42
    plot_w, plot_h = width - left - right, height - top - bottom
    steps = len(race.points) - 1
    highest = max([v for row in race.points for v in row] + [race.threshold or 0, 1])
    tick = _nice(highest)
    ceiling = -(-highest // tick) * tick
    dx = plot_w / max(steps, 1)

    def x(i: int) -> float:
        return left + i * dx

    def y(v: float) -> float:
        return top + plot_h * (1 - v / ceiling)

    finals = race.points[-1]
    said = ", ".join(f"{p} {v}" for p, v in zip(race.players, finals))
    title = f"Score race, {race.measure} after each move: {said}"
    if race.threshold is not None:
        title += f"; {race.threshold_label or f'the end at {race.threshold}'}"
    out = [
        f'<svg id="race-chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{title_id}" '
        f'data-x0="{left}" data-dx="{dx:.4f}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f'<title id="{title_id}">{escape(title)}</title>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
    ]
    for v in range(0, ceiling + 1, tick):
        out.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>'
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="12" text-anchor="end" fill="#444">{v}</text>'
        )
    xtick = _nice(steps) if steps > 4 else 1
    for i in range(0, steps + 1, xtick):
        out.append(
            f'<text x="{x(i):.1f}" y="{top + plot_h + 16}" font-size="12" text-anchor="middle" fill="#444">{i}</text>'
        )
    out.append(
        f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="#888"/>'
        f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" stroke="#888"/>'
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" font-size="13" text-anchor="middle" '
        f'fill="#333">move</text>'
    )
    if race.threshold is not None:
        ty = y(race.threshold)
        out.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#a33" '
            f'stroke-width="1.5" stroke-dasharray="6 4"/>'
            f'<text x="{left + 4}" y="{ty - 5:.1f}" font-size="12" fill="#a33">'
            f"{escape(race.threshold_label or f'end at {race.threshold}')}</text>"
        )
    # the players' lines, then their names at the lines' ends, kept apart
    labels = []
    for k, player in enumerate(race.players):
        colour, dash = RACE_COLOURS[k % len(RACE_COLOURS)], RACE_DASHES[k % len(RACE_DASHES)]
        points, previous = [], None
        series = [row[k] for row in race.points]
        for i, v in enumerate(series):
            if previous is not None and v == previous and i + 1 < len(series) and series[i + 1] == v:
                continue
            points.append(f"{x(i):.1f},{y(v):.1f}")
            previous = v
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline points="{" ".join(points)}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f'{dashing} stroke-linejoin="round"><title>{escape(player)}</title></polyline>'
        )
        labels.append([y(series[-1]), k, player, series[-1]])
    labels.sort()
    for a in range(1, len(labels)):
        labels[a][0] = max(labels[a][0], labels[a - 1][0] + 16)
    for shown_y, k, player, value in labels:
        colour, shape = RACE_COLOURS[k % len(RACE_COLOURS)], RACE_MARKERS[k % len(RACE_MARKERS)]
        name = player if len(player) <= 9 else player[:8] + "\u2026"
        out.append(
            f'<path d="{shape}" transform="translate({left + plot_w + 24} {shown_y:.1f}) scale(0.8)" '
            f'fill="{colour}" stroke="{colour}"/>'
            f'<text x="{left + plot_w + 33}" y="{shown_y + 4:.1f}" font-size="13" fill="#222">'
            f"{escape(name)} {value}</text>"
        )
    # the marker: the step shown (the script moves it), a line and each player's marker on it
    out.append(
        f'<line id="race-marker" x1="{x(steps):.1f}" x2="{x(steps):.1f}" y1="{top}" y2="{top + plot_h}" '
        f'stroke="#555" stroke-width="1.2"/>'
    )
    for k, player in enumerate(race.players):
        colour, shape = RACE_COLOURS[k % len(RACE_COLOURS)], RACE_MARKERS[k % len(RACE_MARKERS)]
        ys = " ".join(f"{y(row[k]):.1f}" for row in race.points)
        out.append(
            f'<path d="{shape}" data-y="{ys}" transform="translate({x(steps):.1f} {y(finals[k]):.1f})" '
            f'fill="{colour}" stroke="#fff" stroke-width="1"><title>{escape(player)}</title></path>'
        )
    out.append("</svg>")
    return "".join(out)


def _race(facts: PageFacts) -> list[str]:
    if facts.race is None or not facts.race.players:
        return []
    race = facts.race
    return [
        '<section class="race" id="race"><h2>The score race</h2>',
        f'<figure class="race" aria-label="score race">{race_chart(race)}</figure>',
        f"<p>{escape(race.measure[:1].upper() + race.measure[1:])} after each move; the line "
        "marks the move shown below.</p>",
        "</section>",
    ]


def _move_item(move: Move, chips: _Chips) -> str:
    cards = ""
    if move.gained or move.spent:
        cards = (
            '<div class="cards">'
            + (f'<span class="what">gets</span>{chips.chips(move.gained)} ' if move.gained else "")
            + (f'<span class="what">gives</span>{chips.chips(move.spent)}' if move.spent else "")
            + "</div>"
        )
    effects = '<div class="effects">' + "<br>".join(escape(e) for e in move.effects) + "</div>" if move.effects else ""
    return (
        f'<li data-step="{move.n}"><code>{escape(move.notation)}</code> '
        f'<span class="legal">legal</span> <span class="rule">[{escape(move.rule)}]</span>: '
        f"{escape(move.reason)}{cards}{effects}</li>"
    )


def _frame(i: int, frame: Frame, chips: _Chips) -> list[str]:
    out = [
        f'<section class="frame" id="frame-{i}" data-title="{escape(frame.title)}" hidden>',
        f"<h3>{escape(frame.title)}</h3>",
    ]
    if frame.moves:
        out.append(f'<ol class="moves" start="{frame.first_move}">')
        out += [_move_item(move, chips) for move in frame.moves]
        out.append("</ol>")
    else:
        out.append('<ol class="moves" start="0"><li data-step="0">The table as the game starts.</li></ol>')
    if frame.hands:
        out.append(
            '<div class="hands"><h4>'
            + ("Hands at the start" if not frame.moves else "Hands after this turn")
            + "</h4><ul>"
        )
        for player, cards in frame.hands:
            out.append(
                f"<li><b>{escape(player)}</b> ({len(cards)} card{'' if len(cards) == 1 else 's'}) "
                + (chips.chips(cards) or "no cards")
                + "</li>"
            )
        out.append("</ul></div>")
    out.append(
        "<details><summary>The table "
        + ("at the start" if not frame.moves else "after this turn")
        + ", in words</summary><pre>"
        + escape("\n".join(frame.state))
        + "</pre></details>"
    )
    out.append("</section>")
    return out


MOVE_HEADERS = ("#", "turn", "move", "verdict", "rule")


def record_page(facts: PageFacts) -> str:
    """The whole page as text."""
    title = f"{facts.game} game record: {facts.name}"
    moves = sum(len(f.moves) for f in facts.frames)
    chips = _Chips(facts.colours)
    body = [
        "<header>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{moves} moves, each checked by the rules; {len(facts.frames) - 1} turns.</p>",
        "</header>",
        "<main>",
        '<div class="overview"><section id="result">',
        *_scores(facts),
        "</section>",
        *_race(facts),
        "</div>",
        '<section id="game"><h2>The game, move by move</h2><div class="play">',
        '<figure class="board" id="board" aria-label="the table at the move shown">'
        + (inline_svg(facts.picture) if facts.picture else "<p>(no picture of the table)</p>")
        + "</figure>",
        '<div class="turns">',
    ]
    for i, frame in enumerate(facts.frames):
        body += _frame(i, frame, chips)
    body += [
        "</div></div>",
        '<div class="stepper" role="group" aria-label="step through the game">'
        f'<input id="step" type="range" min="0" max="{moves}" value="{moves}" step="1" aria-label="move">'
        '<button id="prev" type="button" aria-label="previous move">&lsaquo; move</button>'
        '<button id="next" type="button" aria-label="next move">move &rsaquo;</button>'
        '<button id="prev-turn" type="button" aria-label="previous turn">&laquo; turn</button>'
        '<button id="next-turn" type="button" aria-label="next turn">turn &raquo;</button>'
        '<p id="step-label" aria-live="polite"></p></div>',
        "</section>",
        '<section id="every-move"><h2>Every move</h2><table id="moves"><thead><tr>'
        + "".join(f"<th>{h}</th>" for h in MOVE_HEADERS)
        + "</tr></thead><tbody>",
    ]
    for i, frame in enumerate(facts.frames):
        for move in frame.moves:
            body.append(
                f'<tr data-frame="{i}" data-step="{move.n}"><td>{move.n}</td><td>{escape(frame.title)}</td>'
                f"<td><code>{escape(move.notation)}</code></td><td>legal: {escape(move.reason)}</td>"
                f'<td class="rule">{escape(move.rule)}</td></tr>'
            )
    body += ["</tbody></table></section>", "</main>"]
    labels = _labels("moves", MOVE_HEADERS)
    for table, table_id in ((facts.scores, "scores"), (facts.standings, "standings")):
        if table is not None:
            labels += _labels(table_id, table.headers)
    style = STYLE + "@media (max-width: 719.98px) {" + labels + "}\n" + chips.style() + "\n"
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{policy()}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{style}</style>",
            "</head>",
            "<body>",
            *body,
            f"<script>{SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )
