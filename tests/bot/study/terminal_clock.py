"""The terminal player's clock in study's tests: a fixed start (``T0``); ``Typed`` standard input
moves it (``tests.clock``). The ``clock`` fixture (conftest.py) puts it in place of ``utc_now``."""

import datetime as dt

from tests.clock import Typed as Typed

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
