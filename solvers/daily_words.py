"""What each language's daily puzzles are made of: its everyday words, and its letter rules.

**Everyday words** (:func:`everyday_words`): a daily answer, a box's seed word or its published
solution is a word of the language's list with a commonness (Zipf) of at least
``EVERYDAY_ZIPF`` (every word of the French, German and Spanish ``common`` lists is: they hold
Zipf 3 and up) and not flagged vulgar. A word of another language's list must also pass
:func:`solvers.screen.verdict`, in its written and its played form: a slur, vulgar or flagged
word of *any* bundled language (``screen_tiers``: *marica* in a German bee, a French slur in a
Spanish box) is never a daily word, and neither is a word that holds a slur's letters inside it
(the screen's ``hides_slur``: strict, it drops about 120 innocent words a language). English's
everyday words are the lexicon pipeline's verdicts alone, as they always were: every one of its
non-vulgar ``common`` words passes the screen too, so its puzzles do not change.

**Letter rules** (:data:`RULES`), stated per language and why:

- *The bee's excluded letters.* English leaves out S (a plural of every noun would be an
  answer): 56% of its everyday words of 4+ letters hold an S. French and Spanish make their
  plurals with S too (49% of their words hold one) and leave it out. German makes few plurals
  with S, but its S ends genitives (*Mannes*) and joins compounds (43% of its words hold one):
  a hive with S would be half genitives, so German leaves it out as well. Spanish also leaves
  out K and W, which its Scrabble has no tile for (words with them are loanwords: *kilo*,
  *whisky*).
- *The bee's answers*: 20–80 answers and 60–500 points in English (the newspaper's range);
  15–90 answers and 45–560 points elsewhere (the same points per answer), as issue 44 asks.
- *The box's rare letters*, whose count sets a box's class and its par: the letters worth 8
  points or more in the language's Scrabble (English J Q X Z; French J K Q W X Y Z; German Ö Q
  X Y; Spanish J Ñ X Z).
- *The box's vowels*, whose count sets a box's class and whether a side has none: English and
  Spanish A E I O U (Y is mostly a consonant in both); French adds Y (*lycée*, *style*); German
  adds Ä Ö Ü.
- *The box's excluded letters*: none, except Spanish K and W (no tile, as above).
- *The box's playable range and par thresholds* are English's (560–2,240 playable words), but
  twice them in Spanish, whose ``full`` list (every form of every verb: 638,000 words, against
  English's 243,000) makes boxes with twice the playable words: at English's range most of its
  layouts were too big, and a box took a second to find instead of a tenth.
- *The ladder's lengths*: 4 letters on Monday, Wednesday, Friday and Sunday, 5 on the other days,
  in every language (:data:`LADDER_LENGTHS`): each list's everyday words of those lengths hold a
  large connected part with enough starts (4 and 5 letters: French 846 and 1,204, German 730 and
  1,094, Spanish 1,008 and 1,894, against English's 2,050 and 3,003) that a start comes back after
  three years or more (208 days of 4 letters a year, 156 of 5). Players climb through the ``full``
  list less its vulgar words, and par is proven over it.
- *The ladder's everyday words* (start, end and every word of the published ladder):
  :func:`ladder_words`: English's are its ``common`` list's non-vulgar words the screen passes as
  written, as they always were; another language's are its :func:`everyday_words` (screened
  written and played: *mâts* as well as *mats*).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .array_cache import array_key, cached_array
from .lexicon import Lexicon

EVERYDAY_ZIPF = 2.0
"""A daily answer is used at least about once in 10 million words of English (wordfreq's Zipf 2)."""


@dataclass(frozen=True, slots=True)
class LanguageRules:
    """The letter rules of one language's daily puzzles (the module docstring says why)."""

    bee_excluded: str
    bee_answers: tuple[int, int]
    bee_points: tuple[int, int]
    box_rare: str
    box_vowels: str
    box_excluded: str = ""
    box_scale: float = 1.0  # the box's playable range and par thresholds, times English's


RULES = {
    "en": LanguageRules("s", (20, 80), (60, 500), "jqxz", "aeiou"),
    "fr": LanguageRules("s", (15, 90), (45, 560), "jkqwxyz", "aeiouy"),
    "de": LanguageRules("s", (15, 90), (45, 560), "öqxy", "aeiouäöü"),
    "es": LanguageRules("skw", (15, 90), (45, 560), "jñxz", "aeiou", "kw", 2.0),
}


LADDER_LENGTHS = (4, 5, 4, 5, 4, 5, 4)
"""The daily ladder's length by weekday, Monday first, in every language."""


def rules(lexicon: Lexicon) -> LanguageRules:
    """The rules of the lexicon's language."""
    return RULES[lexicon.language]


def everyday_words(lexicon: Lexicon) -> np.ndarray:
    """For each word of ``lexicon``: whether it may be a daily word (the module docstring)."""
    everyday = lexicon.zipf >= EVERYDAY_ZIPF if lexicon.zipf.any() else np.ones(len(lexicon), dtype=bool)
    ok = everyday & ~lexicon.vulgar
    if lexicon.language == "en":
        return ok
    return ok & _screened(lexicon)


def ladder_words(everyday: Lexicon, words: Sequence[str]) -> np.ndarray:
    """For each of ``words``: whether it may be a word of a daily ladder (the module docstring)."""
    if everyday.language == "en":
        chosen = np.array([w in everyday and not everyday.is_vulgar(w) for w in words], dtype=bool)
        chosen[chosen] = screened(tuple(words[i] for i in np.flatnonzero(chosen).tolist()))
        return chosen
    allowed = everyday_words(everyday)
    return np.array([w in everyday and bool(allowed[everyday.index(w)]) for w in words], dtype=bool)


@functools.cache
def _screened(lexicon: Lexicon) -> np.ndarray:
    """Whether each word passes the screen, written and played."""
    return screened(lexicon.words) & screened(tuple(lexicon.display(w) for w in lexicon.words))


def screened(words: Sequence[str]) -> np.ndarray:
    """For each of ``words``: whether the screen lets it through (:func:`solvers.screen.verdict`
    is None). Seconds for tens of thousands of words, so kept in a cache file keyed by the words
    and the screen's judge: a later process reads it back."""
    from .screen import verdict
    from .screen_cache import judge_key

    key = array_key("screened", [Path(__file__)], [judge_key().encode(), "\n".join(words).encode()])
    return cached_array("screened", key, lambda: np.fromiter((verdict(w) is None for w in words), dtype=bool,
                                                             count=len(words)))
