"""Study's tests: the terminal player's clock (``terminal_clock``), fixed at ``T0``."""

import pytest

from bot.study import terminal, terminal_review
from tests.bot.study.terminal_clock import T0
from tests.clock import Clock


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """``utc_now`` of the terminal's study commands, at T0 until a typed line moves it."""
    clock = Clock(T0)
    monkeypatch.setattr(terminal_review, "utc_now", clock)
    monkeypatch.setattr(terminal, "utc_now", clock)
    return clock
