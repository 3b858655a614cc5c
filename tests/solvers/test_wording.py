"""Choices named as a sentence names them (solvers.wording.either)."""

import pytest

from solvers.wording import either


@pytest.mark.parametrize("items, said", [
    ([], ""), (["/bee setup"], "/bee setup"), (["/bee setup", "/box setup"], "/bee setup or /box setup"),
    (["a", "b", "c"], "a, b or c"), (iter(["a", "b", "c", "d"]), "a, b, c or d"),
])
def test_either(items, said):
    assert either(items) == said
