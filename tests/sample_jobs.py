"""Jobs for the worker-process tests (a worker imports them by name, so they live in a module)."""

import time


def count_up(steps: int, pause: float = 0.01):
    """A generator job: yields its progress, returns a total."""
    for step in range(steps):
        time.sleep(pause)
        yield step
    return steps * 10


def square(n: int) -> int:
    return n * n


def sleeps(seconds: float) -> str:
    time.sleep(seconds)
    return "woke"


def fails() -> None:
    raise ValueError("deliberate")


def lexicon_size(name: str) -> int:
    from solvers.lexicon import Lexicon

    return len(Lexicon.load(name))
