import pathlib

import pytest
from hypothesis import HealthCheck, settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "positions"


@pytest.fixture
def game(tmp_path, request):
    """The test module's POSITION text, written to a file the test may change."""
    path = tmp_path / "game.yaml"
    path.write_text(request.module.POSITION)
    return path


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path, monkeypatch):
    """No test reads or writes the real user's saved catalogue or play history: the data folder
    ($PASTICHE_DATA) is where XDG_DATA_HOME's would be, so the saved catalogue's old place and new are one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("PASTICHE_DATA", str(tmp_path / "xdg-data" / "pastiche"))
    monkeypatch.delenv("PASTICHE_CATALOGUE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """`item.failed_call`: the test itself failed (for fixtures that must not hand on what it left)."""
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True
    return report


# Property tests judge correctness, not speed: no per-example deadline, so a busy CI machine
# cannot turn a slow example into a failure.
settings.register_profile("pastiche", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pastiche")
