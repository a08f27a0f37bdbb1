"""The fixtures of the tests that drive real servers and browsers (tests/serve/test_phones.py,
test_setup_phones.py, test_setup_kill.py): what a test opens or starts is closed or stopped at its end,
passed or failed."""

from __future__ import annotations

import pytest


@pytest.fixture
def contexts():
    """The browser contexts a test opens, each closed at its end (a phone's cookies go with it)."""
    made: list = []
    yield made
    for context in made:
        context.close()


@pytest.fixture
def serving():
    """The servers a test starts, each stopped at its end, passed or failed."""
    started: list = []  # phones.Process or live.Live: each has stop()
    yield started
    for server in started:
        server.stop()
