"""What a word card shows of its word without giving it away (no discord import): a pattern, its
first letter and its length (``R······``), and a short definition with the word, its lemma and
their forms masked (``plural of —: web-footed…``). A word without a definition that may be shown
shows its last letter too (``R·····L``), so a hive's words of one length are told apart.

The definition is the one the daily games show (``bot.glosses``: WordNet's first sense
whose text writes no flagged word, and never naming a flagged lemma), and is shown only when
``solvers.screen.may_repeat`` passes it too: never a flagged or offensive text.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from bot.glosses import Glosses
from solvers.screen import may_repeat

LIMIT = 70  # characters of the definition
MASK = "—"
DOT = "·"
_TOKEN = re.compile(r"[A-Za-z]+")
_FORM_WORDS = frozenset({"plural", "of", "past", "form", "ing", "s", "comparative", "superlative"})


@dataclass(frozen=True, slots=True)
class Hint:
    pattern: str  # R······ or R·····L
    definition: str = ""  # masked; "" when none may be shown


def gives_away(token: str, roots: set[str]) -> bool:
    """Whether ``token`` (a word of a definition) is one of ``roots`` or a form of one: the
    same word, the root with an ending (recitals, running), or sharing all of the root but its
    ending (writes for writer, recite for recital)."""
    token = token.lower()
    for root in roots:
        if token == root or (token.startswith(root) and len(token) <= len(root) + 4):
            return True
        shared = len(os.path.commonprefix([token, root]))
        if shared >= 4 and shared >= len(root) - 2 and shared >= len(token) - 4:
            return True
    return False


def masked(text: str, roots: set[str]) -> str:
    """``text`` with each word that gives a root away written as a dash."""
    return _TOKEN.sub(lambda m: MASK if gives_away(m[0], roots) else m[0], text)


def pattern(word: str, last: bool) -> str:
    """``R······`` (the first letter, a dot for each other), or ``R·····L`` with ``last``."""
    word = word.upper()
    if len(word) < 3 or not last:
        return word[:1] + DOT * (len(word) - 1)
    return word[0] + DOT * (len(word) - 2) + word[-1]


def word_hint(word: str, glosses: Glosses | None = None) -> Hint:
    """The pattern and masked definition of a word card's ``word`` (loads the definitions once
    per process: call it off the event loop)."""
    word = word.strip().lower()
    glosses = glosses or Glosses.load()
    text = glosses.gloss(word, LIMIT).text
    roots = {word} | {sense.lemma for sense in glosses.definitions.lookup(word)}
    definition = masked(text, roots) if text else ""
    kept = [t for t in _TOKEN.findall(definition.partition(": ")[2] or definition) if t.lower() not in _FORM_WORDS]
    if len(kept) < 2 or not may_repeat(definition, show_flagged=False):
        definition = ""
    return Hint(pattern(word, last=not definition), definition)
