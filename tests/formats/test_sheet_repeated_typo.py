"""Issue 33's closing sweep: a sheet of 98 KB holding one unknown word 24,405 times looked for a "did
you mean" at every one, over every name (7 s). A word is looked for once; each place is still named."""

from pastiche_cli.formats.sheet import Names, Token


def test_an_unknown_word_written_many_times_is_looked_for_once(monkeypatch):
    looked = []
    real = Names._near_start
    monkeypatch.setattr(Names, "_near_start", lambda self, key: looked.append(key) or real(self, key))
    names = Names("commission", {"Quiet Canal": "quiet", "Red Mill": "red"})
    problems: list = []
    for n in range(500):
        assert names.pick(Token("{a:", n + 1, 7), problems) is None
    assert names.pick(Token("qiuet", 501, 7), problems) is None
    assert looked == ["{a:", "qiuet"]
    assert len(problems) == 501 and [p.line for p in problems] == list(range(1, 502))
    assert "did you mean 'Quiet Canal'" in problems[-1].message
