"""What a word player asks of one word (everything but its meaning), and the club judge.

- **Hooks**: a front hook is a letter L such that L + WORD is a word; a back hook, such that
  WORD + L is one. Shown the way Zyzzyva does: front hooks, the word in capitals, back hooks
  (``s CAT es`` on ``full``: scat; cate, cats).
- **Anagrams**: the other words of exactly the same letters (``solvers.anagram``, exact mode).
- **Commonness** in words, from the word's Zipf frequency (log10 of uses per billion words;
  3.3 is about twice in a million words): *everyday* from 3.3 (cat 4.8, sparkle, frown,
  mischief 3.3-3.5), *uncommon* from 2.0 (quixotic 2.3, obsequious 2.1, hyperventilate),
  *rare* below (syzygy 1.7, doab, and words with no figure). Chosen by reading samples of
  the words on either side of each line. Of ``common``'s words 27% are everyday, 45%
  uncommon and 28% rare; of ``full``'s 7%, 16% and 77%; of ``huge``'s 4%, 10% and 85%.
- **The judge** (as Zyzzyva's Word Judge and club play): a play of 1 to 8 words is
  acceptable only when every word is in the list. The verdict is one bool, so no caller can
  tell which word failed.

The API, for the commands that call it::

    parse_word(text) -> str                       # one word, or WordError
    hooks(word, lexicon) -> Hooks                 # .front, .back, .shown()
    anagrams_of(word, lexicon) -> tuple[str, ...] # alphabetical, the word itself left out
    word_facts(word, lexicon, lists=None) -> WordFacts
    parse_play(text_or_words) -> tuple[str, ...]  # 1 to 8 words, or WordError
    judge(words, lexicon) -> bool                 # words: a play's text or its words

Every answer holds only words of the lexicon given: pass ``lexicon.without_vulgar()`` where
vulgar words are not shown (the bundled lists hold no slurs). Input a player can fix raises
:class:`WordError` (a ``ValueError``) with one line saying what to fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from solvers.wording import plural

from .alphabets import LATIN
from .anagram import Query, Rack, solve
from .letters import letters_named
from .lexicon import BUNDLED, LANGUAGE_LISTS, MAX_WORD_LENGTH, Lexicon
from .typed import bad_characters, plain_letters

MAX_PLAY = 8
"""The most words the judge takes at once."""
MAX_PLAY_CHARACTERS = 400
"""The longest play read, in characters (8 words of 45 letters and their spaces fit)."""
EVERYDAY, UNCOMMON = 3.3, 2.0
"""The least Zipf frequency of an everyday and of an uncommon word; below: rare."""
LIST_ORDER = ("common", "full", "huge")
_SEPARATORS = re.compile(r"[\s,;/]+")


class WordError(ValueError):
    """A word or play that cannot be read; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Hooks:
    """The letters that make a word of ``word`` when put before it (``front``) or after it
    (``back``), each alphabetical."""

    word: str
    front: str
    back: str

    def shown(self) -> str:
        """Zyzzyva's way: front hooks, the word in capitals, back hooks (``s CAT es``)."""
        return " ".join(part for part in (self.front, self.word.upper(), self.back) if part)


@dataclass(frozen=True, slots=True)
class WordFacts:
    """A word's card, but for its definitions.

    ``found``: whether the lexicon asked about holds it. ``lists``: the names of the lists
    that hold it (bundled ones in the order common, full, huge, then any others given).
    ``zipf``: its commonness figure (0.0 when unknown) and ``commonness`` the band in words.
    ``anagrams`` and ``hooks`` come from the lexicon asked about. ``vulgar``: whether a list
    holding the word flags it, so a caller that asked a list without vulgar words can say
    "not shown here" rather than "not a word".
    """

    word: str
    found: bool
    vulgar: bool
    lists: tuple[str, ...]
    zipf: float
    commonness: str
    anagrams: tuple[str, ...]
    hooks: Hooks


def parse_word(text: str, letters: str = LATIN) -> str:
    """One word: of ``letters`` only (a list's alphabet: A-Z in English; case, spaces and
    full-width forms forgiven), 1 to 45 of them."""
    word = plain_letters(text or "")
    if not word:
        raise WordError(f"Type a word: letters {letters_named(letters)}.")
    if bad := bad_characters(word, letters):
        raise WordError(f"A word is letters {letters_named(letters)} only; remove {bad}.")
    if len(word) > MAX_WORD_LENGTH:
        raise WordError(f"No word in the lists is over {plural(MAX_WORD_LENGTH, 'letter')}; yours has {len(word)}.")
    return word


def hooks(word: str, lexicon: Lexicon) -> Hooks:
    """The word's front and back hooks in ``lexicon`` (the word itself need not be in it)."""
    front = "".join(letter for letter in lexicon.alphabet if letter + word in lexicon)
    back = "".join(letter for letter in lexicon.alphabet if word + letter in lexicon)
    return Hooks(word, front, back)


def anagrams_of(word: str, lexicon: Lexicon) -> tuple[str, ...]:
    """The other words of ``lexicon`` made of exactly the word's letters, alphabetical."""
    rack = Rack("".join(sorted(word)), 0)
    return tuple(result.word for result in solve(lexicon, Query(rack)).results if result.word != word)


def commonness_band(zipf: float) -> str:
    """``everyday``, ``uncommon`` or ``rare`` (see the module docstring for the thresholds)."""
    zipf = round(zipf, 2)  # the lists keep tenths as float32: 3.3 is stored as 3.2999999
    return "everyday" if zipf >= EVERYDAY else "uncommon" if zipf >= UNCOMMON else "rare"


def word_facts(word: str, lexicon: Lexicon, lists: Iterable[Lexicon] | None = None) -> WordFacts:
    """Everything on a word's card but its definitions. ``lists``: the lists whose names are
    given when they hold the word (by default the bundled ones; add a server's own list).
    The commonness is the highest figure the lexicon or those lists give the word (the
    bundled lists give a word the same one)."""
    holders = [listed for listed in (bundled_lists() if lists is None else lists) if word in listed]
    zipf = round(max([lexicon.commonness(word)] + [listed.commonness(word) for listed in holders]), 2)
    vulgar = any(listed.is_vulgar(word) for listed in [lexicon, *holders])
    return WordFacts(word, word in lexicon, vulgar, tuple(listed.name for listed in holders), zipf,
                     commonness_band(zipf), anagrams_of(word, lexicon), hooks(word, lexicon))


def bundled_lists(language: str = "en") -> tuple[Lexicon, ...]:
    """The bundled lists of ``language``, smallest first (each loaded once per process)."""
    if language != "en":
        return tuple(Lexicon.load(name, language=language) for name in LANGUAGE_LISTS)
    return tuple(Lexicon.load(name) for name in sorted(BUNDLED, key=LIST_ORDER.index))


def parse_play(words: str | Sequence[str], letters: str = LATIN) -> tuple[str, ...]:
    """A play's words: 1 to 8, of ``letters`` only (a list's alphabet), separated by spaces or
    commas (or given as a list)."""
    text = words if isinstance(words, str) else " ".join(words)
    if len(text) > MAX_PLAY_CHARACTERS:
        raise WordError(f"Give at most {plural(MAX_PLAY, 'word')}, at most "
                        f"{plural(MAX_PLAY_CHARACTERS, 'character')} in all.")
    play = tuple(w for w in _SEPARATORS.split(plain_letters(text, keep_spaces=True)) if w)
    if not play:
        raise WordError(f"Type 1 to {plural(MAX_PLAY, 'word')} to judge, separated by spaces.")
    if len(play) > MAX_PLAY:
        raise WordError(f"The judge takes at most {plural(MAX_PLAY, 'word')} at once; you gave {len(play)}.")
    if bad := bad_characters("".join(play), letters):
        raise WordError(f"Words are letters {letters_named(letters)} only; remove {bad}.")
    return play


def judge(words: str | Sequence[str], lexicon: Lexicon) -> bool:
    """Whether the play is acceptable: every one of its words is in ``lexicon``.

    A bool alone, so the answer cannot tell which word failed. Raises :class:`WordError`
    for a play that cannot be read (see :func:`parse_play`)."""
    return all(word in lexicon for word in parse_play(words, lexicon.alphabet))
