"""An unreadable file gets the located error a missing one gets (`FILE:1:1: error: cannot read the file`,
exit 3), not click's usage error (exit 2, "Path ... is not readable").

The tests run as root too, where chmod 000 stops nothing: the refusal is made by the system calls a
non-root user meets (os.access says no, opening fails with EACCES), for that one path.
"""

import errno
import os
import shutil

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root


@pytest.fixture
def unreadable(tmp_path, monkeypatch):
    """A copy of a position that the process may not read, as for a user without read permission."""

    def make(source):
        path = tmp_path / source.name
        shutil.copy(source, path)
        denied = os.path.realpath(path)
        real_access, real_open = os.access, os.open

        def access(p, mode, *a, **k):
            if os.path.realpath(p) == denied and mode & os.R_OK:
                return False
            return real_access(p, mode, *a, **k)

        def opening(p, flags, *a, **k):
            if isinstance(p, (str, os.PathLike)) and os.path.realpath(p) == denied:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(p))
            return real_open(p, flags, *a, **k)

        monkeypatch.setattr(os, "access", access)
        monkeypatch.setattr(os, "open", opening)
        return path

    return make


@pytest.mark.parametrize(
    "args, source",
    [
        (["score"], EXAMPLES / "spec-example.yaml"),
        (["check"], EXAMPLES / "spec-example.yaml"),
        (["end"], EXAMPLES / "canvas" / "midgame.yaml"),
        (["board"], EXAMPLES / "artline" / "midgame.yaml"),
        (["score"], EXAMPLES / "masterpiece" / "midgame.yaml"),
    ],
)
def test_an_unreadable_position_is_a_located_error_like_a_missing_one(unreadable, args, source):
    path = unreadable(source)
    result = CliRunner().invoke(root, [*args, str(path)], prog_name="pastiche")
    assert result.exit_code == 3, result.output
    assert f"{path}:1:1: error: cannot read the file" in result.output
    assert "is not readable" not in result.output


def test_a_missing_position_reads_the_same(tmp_path):
    path = tmp_path / "nowhere.yaml"
    result = CliRunner().invoke(root, ["score", str(path)], prog_name="pastiche")
    assert result.exit_code == 3 and f"{path}:1:1: error: cannot read the file" in result.output


def test_an_unreadable_catalogue_is_located_too(unreadable):
    box = unreadable(EXAMPLES / "spec-example.yaml")  # any file: it is never read
    result = CliRunner().invoke(
        root, ["score", str(EXAMPLES / "spec-example.yaml"), "--catalogue", str(box)], prog_name="pastiche"
    )
    assert result.exit_code == 3, result.output
    assert f"{box}:1:1: error: cannot read the file" in result.output
