"""Counts that agree with their nouns, checked on what a message says (not on how it is built).

A folder's plural test registers renderers: functions of a count that drive the real message
builders with that count everywhere (``renderers.add``), then checks each with 1 and 2
(``renderers.params()`` and :func:`assert_agrees`). The check finds every number in the text
and the first noun of the vocabulary among the words after it on its line: "1 Genius days" and "2 word"
fail, "1 day played", "2 Queen Bee days", "1.0 points" and "1/2" pass. Another folder (the
box, the lab) adds its renderers in its own test module with its own ``Renderers()``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest

# The nouns our messages count, singular -> plural. A noun a message counts that is missing here
# goes unchecked: add it.
NOUNS = {
    "day": "days", "word": "words", "point": "points", "pt": "pts", "pangram": "pangrams", "player": "players",
    "hint": "hints", "letter": "letters", "game": "games", "solve": "solves", "box": "boxes", "line": "lines",
    "list": "lists", "report": "reports", "server": "servers", "second": "seconds", "minute": "minutes",
    "hour": "hours", "message": "messages", "row": "rows", "set": "sets", "tile": "tiles", "sense": "senses",
    "guess": "guesses", "solution": "solutions", "chain": "chains", "side": "sides", "character": "characters",
    "blank": "blanks", "bingo": "bingos", "step": "steps",
}
PLURALS = {plural: singular for singular, plural in NOUNS.items()}
# A whole number standing alone: not part of 1.0, 1/2, 09:00, 2%, w1 or 1st.
NUMBER = re.compile(r"(?<![\w.,/:])(\d{1,3}(?:,\d{3})+|\d+)(?![\w/%:]|[.,]\d)")
FOLLOWING = 3  # words after a number that may come before its noun: "1 Queen Bee day", "2 more seconds"


def disagreements(text: str) -> list[str]:
    """The counts in ``text`` whose noun does not agree: ``["1 Genius days"]``."""
    plain = text.replace("*", "").replace("||", "").replace("`", "")
    found = []
    for match in NUMBER.finditer(plain):
        count = int(match.group(1).replace(",", ""))
        words = []
        for token in plain[match.end():].split("\n", 1)[0].split()[:FOLLOWING]:  # a line ends the phrase
            word = token.strip(".,;:!?()[]“”\"'")
            if not re.fullmatch(r"[A-Za-z][A-Za-z-]*", word):
                break
            words.append(word)
            noun = word.lower()
            if noun in NOUNS or noun in PLURALS:
                if (count == 1) != (noun in NOUNS):
                    found.append(f"{match.group(1)} {' '.join(words)}")
                break
            if token != word:  # punctuation ends the phrase: "1 Beginner to Good, 2 ..."
                break
    return found


def assert_agrees(texts: Iterable[str], count: int, what: str) -> None:
    texts = list(texts)
    assert texts, f"{what} rendered nothing"
    bad = [(wrong, text) for text in texts for wrong in disagreements(text)]
    assert not bad, f"{what} with {count}: " + "; ".join(f"{wrong!r} in {text!r}" for wrong, text in bad)


def embed_parts(*embeds) -> list[str]:
    """Each embed's title, description and footer, each read on its own."""
    return [part for embed in embeds for part in (embed.title, embed.description, embed.footer.text) if part]


Renderer = Callable[[int], Iterable[str]]


class Renderers:
    """A folder's message builders, each driven with one count (every count it writes)."""

    def __init__(self) -> None:
        self.all: dict[str, Renderer] = {}

    def add(self, renderer: Renderer) -> Renderer:
        self.all[renderer.__name__] = renderer
        return renderer

    def params(self, counts: tuple[int, ...] = (1, 2)) -> list:
        return [pytest.param(name, count, id=f"{name}-{count}") for name in sorted(self.all) for count in counts]

    def check(self, name: str, count: int) -> None:
        assert_agrees(self.all[name](count), count, name)
