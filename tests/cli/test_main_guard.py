"""The console script's last guard: a bug in pastiche shows one sentence and exit 70, never a traceback."""

import pytest

from pastiche_cli.cli import root as cli


def test_a_bug_becomes_one_sentence_and_exit_70(monkeypatch, capsys):
    def broken(**kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(cli, "root", broken)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == cli.EXIT_INTERNAL == 70
    err = capsys.readouterr().err
    assert "internal error (KeyError: 'oops')" in err and "This is a bug in pastiche" in err
    assert "Traceback" not in err


def test_interrupt_exits_130_quietly(monkeypatch, capsys):
    def interrupted(**kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "root", interrupted)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 130
    assert capsys.readouterr().err == "pastiche: interrupted\n"
