"""Completion in the real shells (issue 14): bash, zsh and fish run in tmux, keys sent with
send-keys and the screen read with capture-pane, as a player at the table types.

For each shell: a commission title with spaces, a comma list, a negative coordinate, a player name
with shell metacharacters (inserted quoted: running the line must not run the `$(...)`), and the
player's own cards offered for --give; the games for --game (`new`, `rules`); and for Canvas,
Masterpiece and Artline the players of the file, Canvas's art card words, Masterpiece's thesis ids
and the player's cards. Issue 33, item 15: titles and ids of a position that names its cards by
catalogue id, a record's names at its end, and `play "MOVE"` word by word in a double-quoted, a
single-quoted and an unquoted move, the completed line run. A shell or tmux that is missing skips its
tests with the reason, except under CI=true, where every one must run.
"""

import os
import re
import shutil
import subprocess
import sys
import time
import uuid

import every_game
import pytest
from conftest import EXAMPLES

SHELLS = ("bash", "zsh", "fish")
EVIL = "B$(touch pwned)"
SHORT = EXAMPLES.parent / "records" / "three-player-short.yaml"
BY_ID = """\
players:
  - {name: Ana, palette: [teal, blue, orange, white], commissions: [harbour-at-dusk, lantern-study], completed: []}
  - {name: Ben, palette: [purple, bisque], commissions: [night-market, paper-boats], completed: []}
gallery: [blue-mill, orchard-in-fog, quiet-canal, fog-lamp]
turn: {player: Ana, phase: painting}
"""
BIN = os.path.dirname(sys.executable)


def need(program):
    if shutil.which(program) is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{program} is needed for the real-shell completion tests (CI installs it: .ci/run)")
        pytest.skip(f"{program} is not installed; the real-shell completion tests need it")


class Terminal:
    """One shell in a tmux session of its own (a private tmux server, killed at the end)."""

    def __init__(self, shell, cwd, home):
        self.socket = f"pastiche-test-{uuid.uuid4().hex[:12]}"
        self.shell = shell
        env = {
            "PATH": BIN + os.pathsep + os.environ.get("PATH", ""),
            "HOME": str(home),
            "TERM": "xterm",
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "NO_COLOR": "1",
        }
        command = {"bash": "bash --norc --noprofile -i", "zsh": "zsh -f -i", "fish": "fish -i"}[shell]
        self.tmux(
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "230",
            "-y",
            "50",
            "-c",
            str(cwd),
            "env",
            "-i",
            *(f"{k}={v}" for k, v in env.items()),
            *command.split(),
        )
        setup = {
            "bash": ["PS1='READY$ '", "bind 'set show-all-if-ambiguous on'", "source <(pastiche completion bash)"],
            "zsh": [
                "PROMPT='READY%% '",
                "autoload -Uz compinit && compinit -u -D",
                'eval "$(pastiche completion zsh)"',
            ],
            "fish": [
                "function fish_prompt; echo -n 'READY> '; end",
                "set -g fish_autosuggestion_enabled 0",
                "set -g fish_greeting ''",
                "pastiche completion fish | source",
            ],
        }[shell]
        for line in setup + ["echo SETUP''DONE"]:
            self.type(line)
            self.keys("Enter")
        self.wait(lambda s: "SETUPDONE" in s, "the shell to be set up")
        self.clear()

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30)

    def type(self, text):
        self.tmux("send-keys", "-t", "t", "-l", text)

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "t", *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-J", "-t", "t").stdout

    def wait(self, predicate, what, timeout=40):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.screen()
            if predicate(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"{self.shell}: timed out waiting for {what}; the screen:\n{self.screen()}")

    def clear(self):
        """An empty command line on a clear screen, whatever the test before left (a list, a pager, a line)."""
        self.keys("C-e", "C-u")  # drop whatever is on the command line (and a list shown under it)
        time.sleep(0.1)
        self.type("clear")
        self.keys("Enter")
        self.wait(lambda s: s.strip().startswith("READY") and s.strip().count("READY") == 1, "a clear screen")
        time.sleep(0.1)

    def line(self):
        """The command line being typed (the last line with the prompt)."""
        lines = [ln for ln in self.screen().splitlines() if "READY" in ln]
        # (keys typed ahead may be echoed before the prompt is drawn: the line is after the last prompt)
        return lines[-1][lines[-1].rfind("READY") :].split(" ", 1)[1] if lines else ""

    def complete(self, text, expect, tabs=1):
        """Type `text`, press Tab, and wait until the command line matches `expect` (a regex)."""
        self.clear()
        self.type(text)
        for press in range(tabs):
            if press:
                time.sleep(0.3)  # the shell has answered the Tab before
            self.keys("Tab")
        self.wait(lambda s: re.search(expect, self.line()), f"the line to read {expect!r}")
        return self.line()

    def run_line(self):
        """Run the command line and return what it printed (up to the next prompt)."""
        self.keys("Enter")
        text = self.wait(lambda s: s.count("READY") >= 2, "the command to finish")
        return text.split("READY", 2)[1]

    def close(self):
        self.tmux("kill-server")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A game with a player whose name holds shell metacharacters, in a folder of its own."""
    folder = tmp_path_factory.mktemp("table")
    text = (EXAMPLES / "board-midgame-4p.yaml").read_text().replace("Ben", f'"{EVIL}"')
    (folder / "game.yaml").write_text(text)
    for game in every_game.OTHERS:  # the other games' files, as bundled
        (folder / f"{game.name}.yaml").write_text(every_game.midgame(game).read_text())
    (folder / "ids.yaml").write_text(BY_ID)  # its cards named by id, as docs/catalogue.md writes them
    (folder / "box.yaml").write_text((EXAMPLES.parent / "quick" / "box.yaml").read_text())
    (folder / "record.yaml").write_text(SHORT.read_text())  # a Pastiche record played to its end
    home = tmp_path_factory.mktemp("home")
    (home / "config").mkdir()
    (home / "data").mkdir()
    return folder, home


@pytest.fixture(scope="module", params=SHELLS)
def shell(request, table):
    """One terminal per shell for the module: starting a shell with its completion loaded (zsh's
    compinit above all) costs more than a test; each test starts from `clear()`."""
    need("tmux")
    need(request.param)
    if not os.path.exists(os.path.join(BIN, "pastiche")):
        pytest.fail("the pastiche command is not installed beside python (pip install -e .)")
    folder, home = table
    kept = [Terminal(request.param, folder, home)]
    yield kept
    kept[0].close()


@pytest.fixture
def term(request, shell, table):
    """The shell's terminal (each test starts with `clear()`: `complete` begins with it); after a
    test that failed, a new one, so that what it left on the screen fails no other test."""
    yield shell[0]
    if getattr(request.node, "failed_call", False):
        shell[0].close()
        shell[0] = Terminal(shell[0].shell, *table)


def test_a_title_with_spaces_is_inserted_as_one_word(term):
    line = term.complete("pastiche complete game.yaml --player Ana Harb", r"Harbour\\ at\\ Dusk")
    assert line.rstrip().endswith("Harbour\\ at\\ Dusk")
    out = term.run_line()
    assert "unexpected extra argument" not in out
    assert "Harbour at Dusk" in out


def test_a_comma_list_completes_its_last_name(term):
    line = term.complete("pastiche trade game.yaml --player Ana --give orange,te", r"--give orange,teal\b")
    assert line.rstrip().endswith("--give orange,teal")


def test_a_negative_coordinate_completes(term):
    line = term.complete("pastiche place game.yaml RYBBYR/R --player Caro --at -2,-", r"--at -2,-1\b")
    assert line.rstrip().endswith("--at -2,-1")
    out = term.run_line()
    assert "-2,-1" in out and "Error" not in out


def test_a_player_name_with_shell_metacharacters_is_inserted_quoted(term, table):
    folder, _ = table
    line = term.complete("pastiche moves game.yaml --top 1 --player B", r"--player B.*pwned")
    assert "B$(touch pwned)" not in line.replace("\\$\\(touch\\ pwned\\)", "")  # never raw
    out = term.run_line()
    assert not (folder / "pwned").exists(), "the shell ran the $(...) in a completed name"
    assert f"{EVIL}'s hexes" in out


def test_give_offers_the_players_own_cards(term):
    term.clear()
    term.type("pastiche trade game.yaml --player Ana --give ")
    term.keys("Tab")
    time.sleep(0.5)
    if term.shell == "bash":
        term.keys("Tab")
    # Ana holds orange, green, teal, blue and scarlet; no other colour is offered
    screen = term.wait(
        lambda s: all(c in s.split("--give", 1)[-1] for c in ("orange", "scarlet", "teal")), "Ana's cards to be listed"
    )
    listed = screen.split("--give", 1)[-1]
    for card in ("orange", "green", "teal", "blue", "scarlet"):
        assert card in listed
    for card in ("magenta", "violet", "bisque", "amber", "olive"):
        assert card not in listed
    if term.shell == "fish":
        assert "1 held" in listed  # fish shows the counts


# --- every game (issue 22): --game, players, card words, thesis ids ---------------------------------


@pytest.mark.parametrize("verb", ["new", "rules", "score"])
def test_game_completes_the_games(term, verb):
    line = term.complete(f"pastiche {verb} --game mas", r"--game masterpiece\b")
    assert line.rstrip().endswith("--game masterpiece")


def player_lines() -> list[tuple[str, str]]:
    """(what is typed, what completes it): the last player of each other game's file, after its first command
    that takes --player, typed up to the letter that makes the name unique."""
    out = []
    for game in every_game.OTHERS:
        *others, name = every_game.players(every_game.midgame(game))
        typed = next(name[:n] for n in range(1, len(name) + 1) if not any(o.startswith(name[:n]) for o in others))
        command = " ".join(every_game.player_commands(game)[0])
        out.append((f"pastiche {command} {game.name}.yaml --player {typed}", f"--player {name}"))
    return out


@pytest.mark.parametrize("typed, expect", player_lines(), ids=[game.name for game in every_game.OTHERS])
def test_player_names_complete_for_every_game(term, typed, expect):
    line = term.complete(typed, re.escape(expect) + r"\b")
    assert line.rstrip().endswith(expect)


def test_canvas_draw_completes_a_card_word_from_the_deck(term):
    # Truth is in Ben's hand, Trap in the deck: only Trap is offered
    line = term.complete("pastiche canvas take canvas.yaml --player Ben --slot 1 --draw Tr", r"--draw Trap\b")
    assert line.rstrip().endswith("--draw Trap")
    # (were Truth offered too, "Tr" would not complete to one word)


def test_masterpiece_thesis_ids_and_hand_cards_complete(term):
    line = term.complete("pastiche masterpiece present masterpiece.yaml --player Ana --thesis sev", r"seven-run\b")
    assert line.rstrip().endswith("--thesis seven-run")
    line = term.complete(
        "pastiche masterpiece present masterpiece.yaml --player Ana --thesis triple --cards pink-3,pur",
        r"--cards pink-3,purple-8\b",
    )
    assert line.rstrip().endswith("--cards pink-3,purple-8")


# --- issue 33, item 15: cards named by id, records, and play "MOVE" -------------------------------------


def test_commission_titles_complete_when_the_position_names_cards_by_id(term):
    line = term.complete("pastiche complete ids.yaml --catalogue box.yaml --player Ana Lan", r"Lantern\\ Study")
    assert line.rstrip().endswith("Lantern\\ Study")
    out = term.run_line()
    assert "unexpected extra argument" not in out and "orange, orange, white, gray" in out
    line = term.complete("pastiche complete ids.yaml --catalogue box.yaml --player Ana orch", r"orchard-in-fog\b")
    assert line.rstrip().endswith("--player Ana orchard-in-fog")


def test_a_record_completes_from_its_end(term):
    # Ben drew Brick Kiln during the game: the record's setup has no such card in his hand
    line = term.complete("pastiche complete record.yaml --player Ben Bri", r"Brick\\ Kiln")
    assert line.rstrip().endswith("--player Ben Brick\\ Kiln")
    out = term.run_line()
    assert "Brick Kiln" in out and "Error" not in out


def fresh_record(folder, shell: str) -> str:
    """three-player-short.yaml after its first move, in a file of the shell's own (`play` writes to it)."""
    head, moves = SHORT.read_text().split("\nmoves:", 1)
    name = f"play-{shell}.yaml"
    (folder / name).write_text(head + "\nmoves:\n  - Ana place YYBBRR/R at 0,-1\n")
    return name


@pytest.mark.parametrize("quote", ['"', "'", ""], ids=["double-quoted", "single-quoted", "unquoted"])
def test_play_completes_a_move_word_by_word_in_one_argument(term, table, quote):
    folder, _ = table
    record = fresh_record(folder, term.shell)
    space = " " if quote else "\\ "
    line = term.complete(
        f"pastiche play {record} {quote}Ana{space}tr", re.escape(f"{quote}Ana{space}trade{space}") + "$"
    )
    assert line.endswith(f"{quote}Ana{space}trade{space}")  # the quote still open: the move goes on
    term.type(f"violet,violet,violet{space}for{space}ol")
    term.keys("Tab")
    done = f"{quote}Ana{space}trade{space}violet,violet,violet{space}for{space}olive{quote} "
    term.wait(lambda s: term.line().endswith(done), f"the line to end {done!r}")
    term.keys("C-l")  # the choices listed on the way (bash draws its prompt again under them) cleared
    term.wait(lambda s: s.count("READY") == 1 and term.line().endswith(done), "the screen cleared, the line kept")
    out = term.run_line()
    assert "Move 2 played: Ana trade violet,violet,violet for olive" in out


@pytest.mark.parametrize("quote", ['"', "'"], ids=["double-quoted", "single-quoted"])
def test_play_keeps_the_quote_open_after_a_word_with_one_way_on(term, table, quote):
    folder, _ = table
    record = fresh_record(folder, term.shell)
    line = term.complete(f"pastiche play {record} {quote}Ana draw h", re.escape(f"{quote}Ana draw hex ") + "$")
    assert line.endswith(f"{quote}Ana draw hex ")  # not `"Ana draw hex" `: the hex is typed next


def test_play_completes_a_title_quoted_inside_the_move(term, table):
    folder, _ = table
    record = fresh_record(folder, term.shell)
    line = term.complete(f"pastiche play {record} 'Ana complete \"Gr", r"Green Gate\"' $")
    assert line.endswith("""'Ana complete "Green Gate"' """)
    out = term.run_line()  # one MOVE, judged (Ana is mixing, not painting: not played, exit 1)
    assert 'not played: move 2, `Ana complete "Green Gate"`' in out
