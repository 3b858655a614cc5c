"""The tiers the screen judges typed text by (:mod:`solvers.screen`): English's and the slurs of
every other bundled language, read as the screen reads letters."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from .offensive import SLUR, Tiers, data_folder, default_tiers
from .screen_cache import OTHER_LANGUAGES
from .screen_letters import read_letters


def latin(word: str) -> str:
    """A word of another language's list as the screen reads letters (ä → a, ñ → n)."""
    return re.sub(r"[^a-z]+", "", read_letters(word))


@functools.cache
def screen_tiers() -> Tiers:
    """The tiers typed text is judged by: English's (the lexicon pipeline's, ``default_tiers``)
    and the slurs of every other bundled language (their entries, their stems and the forms their
    Hunspell dictionaries give them, read as the screen reads letters), so a slur of any language
    is never written back, in any server. The words their reviews keep are innocent inside a
    token, as English's are, unless a language names them a slur (French keeps ``tortillera``, a
    verb form; Spanish names it a slur: it is one). A word English's own review decides
    (``negro``, flagged there) keeps English's verdict, and English's regular forms of its own
    slurs stay slurs (French ``pommier`` reads as a form of ``pommy``); a foreign entry also
    stands for the English regular endings: the screen errs towards withholding."""
    base = default_tiers()
    reviewed = {entry.word for _, entry in base.entries()}
    slurs, kept, stems = list(base.slurs), list(base.kept), list(base.stems)
    irregular = {word: list(found) for word, found in base.irregular.items()}
    others = [Tiers.read(data_folder() / language) for language in OTHER_LANGUAGES]
    # every language's slurs first: a word one language keeps (French "tortillera") and another
    # names a slur (Spanish) is a slur; then the kept words, innocent inside a longer token
    for tiers, pick, into in [(t, "slurs", slurs) for t in others] + [(t, "kept", kept) for t in others]:
        for entry in getattr(tiers, pick):
            word = latin(entry.word)
            if not word or word in reviewed:
                continue
            reviewed.add(word)
            into.append(replace(entry, word=word))
            irregular.setdefault(word, []).extend((latin(form), kind) for form, kind in
                                                  tiers.irregular.get(entry.word, ()) if latin(form))
    stems += [replace(stem, text=latin(stem.text), innocent=frozenset(map(latin, stem.innocent)))
              for tiers in others for stem in tiers.stems if stem.tier == SLUR and latin(stem.text)]
    return replace(base, slurs=tuple(slurs), kept=tuple(kept), stems=tuple(stems),
                   irregular={word: tuple(dict.fromkeys(found)) for word, found in irregular.items()})
