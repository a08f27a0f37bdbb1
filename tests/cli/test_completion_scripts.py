"""Shell completion for the whole tool (cli/tab.py): the scripts, the `completion` command, every game."""

import os
import shlex

import pytest
from click.testing import CliRunner

from pastiche_cli.cli import tab
from pastiche_cli.cli.root import root


def complete(words: str) -> list[str]:
    """What bash gets back for the last word, as click's script asks for it (COMP_WORDS / COMP_CWORD)."""
    env = {"_PASTICHE_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    result = CliRunner().invoke(root, [], env=env, prog_name="pastiche")
    assert result.exit_code == 0, result.output
    return [shlex.split(line.split(",", 1)[1])[0] for line in result.output.splitlines() if line.startswith("plain,")]


# --- the scripts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shell, marker",
    [
        ("bash", "complete -o nosort -F _pastiche_completion pastiche"),
        ("zsh", "#compdef pastiche"),
        ("fish", "complete --no-files --command pastiche"),
    ],
)
def test_completion_command_prints_the_script(shell, marker):
    result = CliRunner().invoke(root, ["completion", shell], prog_name="pastiche")
    assert result.exit_code == 0
    assert marker in result.output
    assert "_PASTICHE_COMPLETE" in result.output


def test_the_script_is_what_click_sources():
    env = {"_PASTICHE_COMPLETE": "bash_source"}
    sourced = CliRunner().invoke(root, [], env=env, prog_name="pastiche").output
    printed = CliRunner().invoke(root, ["completion", "bash"], prog_name="pastiche").output
    # (older click, 8.2.1 to 8.3.1 tried, echoes the script with one more newline at its end)
    assert sourced in (printed, printed + "\n")


def test_unknown_shell_is_bad_usage():
    result = CliRunner().invoke(root, ["completion", "tcsh"], prog_name="pastiche")
    assert result.exit_code == 2
    assert "'bash', 'zsh', 'fish'" in result.output or "bash" in result.output
    with pytest.raises(ValueError):
        tab.script(root, "tcsh")


def test_real_bash_sources_the_script_and_completes(tmp_path):
    """The script `pastiche completion bash` prints, run by bash itself, as an interactive shell would."""
    import shutil
    import subprocess
    import sys

    bash = shutil.which("bash")
    assert bash, "bash is needed for this test"
    bindir = os.path.dirname(sys.executable)
    assert os.path.exists(os.path.join(bindir, "pastiche")), "the pastiche entry point is installed next to python"
    script = (
        "source <(pastiche completion bash)\n"
        "COMP_WORDS=(pastiche rules score.t); COMP_CWORD=2; _pastiche_completion pastiche\n"
        'echo "${COMPREPLY[@]}"\n'
        "COMP_WORDS=(pastiche catalogue add --palette teal,o); COMP_CWORD=4; COMPREPLY=()\n"
        '_pastiche_completion pastiche; echo "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}
    out = subprocess.run([bash, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=30)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["score.total score.tiebreak", "teal,orange teal,olive"]


# --- every game completes through the same scripts ------------------------------------------------------


@pytest.mark.parametrize(
    "words, expected",
    [
        ("pastiche canv", ["canvas"]),
        ("pastiche comp", ["complete", "completion"]),
        ("pastiche canvas b", ["best"]),
        ("pastiche masterpiece pre", ["present"]),
        ("pastiche artline sp", ["spots"]),
    ],
)
def test_commands_of_every_game_complete(words, expected):
    assert complete(words) == expected


def test_the_completion_command_is_the_tools_not_a_games():
    from pastiche_cli import games

    assert "completion" not in games.command_modules(games.known()[games.DEFAULT])
    assert root.get_command(None, "completion") is tab.command


@pytest.mark.parametrize(
    "words, expected",
    [
        ("pastiche rules score.t", ["score.total", "score.tiebreak"]),
        ("pastiche rules trade.bank.b", ["trade.bank.bisque"]),
        ("pastiche rules --game canvas canvas.score.p", ["canvas.score.proximity", "canvas.score.proportion"]),
        (
            "pastiche rules --game masterpiece masterpiece.thesis.k",
            ["masterpiece.thesis.kind", "masterpiece.thesis.kinds"],
        ),
        ("pastiche rules --game artline artline.d", ["artline.discard", "artline.draw"]),
    ],
)
def test_the_rules_command_of_every_game_completes_its_rule_ids(words, expected):
    assert complete(words) == expected
