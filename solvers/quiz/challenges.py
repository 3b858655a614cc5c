"""The daily challenges: for each date a fixed set of question sets, the same everywhere.

Every challenge is drawn from the bundled ``full`` list (``CHALLENGE_LIST``: the widest list
every server has, as Aerolith draws from the whole tournament list), but Common Words, which is
drawn from ``common`` (``COMMON_LIST``) and answered with its words only: every challenge's
answers are words of the list it names. Each is read in the ``clean_only`` view:
an alphagram any of whose words is flagged (or a slur) is never asked, so no answer and no
missed word of a daily challenge is a flagged word, and no one is told a real word is wrong.
An alphagram or rack that itself spells something offensive (``solvers.screen.verdict``) is
skipped too. Each challenge's draw is seeded by ``daily_seed(date, part)``: the first 8 bytes
of SHA-256 of ``"wordbot challenge|<ISO date>|<part>"`` (never Python's salted ``hash``).

- **Today's 4s ... 8s**: 50 alphagrams of that length, a seeded shuffle of the whole set;
- **Bingo Marathon**: 50 sevens and 50 eights, shuffled apart from Today's 7s and 8s;
- **Blank Bingos**: 25 racks of 6 letters and a blank, 25 of 7 and a blank
  (``solvers.quiz.blanks``, each with 1 to 20 answers);
- **Common Words**: 10 alphagrams of each length 4 to 8, drawn from that length's
  ``COMMON_POOL`` most common (``common`` order);
- **Week's Toughies** (a server's own: ``toughies_challenge``): its most-missed alphagrams.

Each other language has the same challenges, drawn from its own lists (``fr/full``, ``fr/common``)
by the same seeds, under keys of their own (``language_key``: ``7s-fr``), so each language's
plays, boards and days are apart from English's (``7s``).

Time limits are Aerolith WordWalls' (``TODAY_SECONDS`` and the others; its
``djAerolith/wordwalls/fixtures/challenge_names.json``): 2s 90 s, 3s 120 s, 4s 180 s, 5s
210 s, 6s 240 s, 7s and 8s 270 s, 9s 300 s, 10s-12s 330 s, 13s-15s 360 s; Bingo Marathon
480 s, Blank Bingos 540 s, Common Words 300 s (its "Common Words (short)"), toughies 300 s.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..alphabets import LANGUAGES
from ..lexicon import Lexicon
from ..screen import verdict
from .blanks import blank_racks
from .sets import Question, QuizError, alphagram, question, questions_of
from .table import CLEAN_ONLY, COMMON, RANDOM, order, random_keys, table

CHALLENGE_LIST = "full"
COMMON_LIST = "common"
QUESTIONS = 50
TODAY_SECONDS = {2: 90, 3: 120, 4: 180, 5: 210, 6: 240, 7: 270, 8: 270, 9: 300, 10: 330, 11: 330, 12: 330,
                 13: 360, 14: 360, 15: 360}
MARATHON_SECONDS, BLANKS_SECONDS, COMMON_SECONDS, TOUGHIES_SECONDS = 480, 540, 300, 300
TODAY_LENGTHS = (4, 5, 6, 7, 8)
BINGO_LENGTHS = (7, 8)
BLANK_RACKS = 25  # of each bingo length
COMMON_LENGTHS, COMMON_EACH, COMMON_POOL = (4, 5, 6, 7, 8), 10, 1000
TITLES = {**{f"{n}s": f"Today's {n}s" for n in TODAY_LENGTHS}, "marathon": "Bingo Marathon",
          "blanks": "Blank Bingos", "common": "Common Words"}
KEYS = tuple(TITLES)
TOUGHIES_KEY, TOUGHIES_TITLE = "toughies", "Week's Toughies"
_RACK = re.compile(r"[a-z]{1,15}\??\??")  # an alphagram as stored: letters, then at most two blanks


@dataclass(frozen=True, slots=True)
class Challenge:
    """One challenge of a date: its key (``7s``, ``marathon`` ...), title, questions in the
    order asked, and time limit in seconds. A question's ``rank`` is its rank in the set it
    was drawn from (its place in that day's shuffle, or its commonness rank)."""

    key: str
    title: str
    questions: tuple[Question, ...]
    seconds: int


def challenge_lexicon(language: str = "en") -> Lexicon:
    return Lexicon.load(CHALLENGE_LIST, language=language)


def common_lexicon(language: str = "en") -> Lexicon:
    return Lexicon.load(COMMON_LIST, language=language)


def daily_seed(date: dt.date, part: str) -> int:
    """The seed of one part of a date's challenges, the same on every machine and run."""
    text = f"wordbot challenge|{_day(date).isoformat()}|{part}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def challenges(date: dt.date, lexicon: Lexicon | None = None, common: Lexicon | None = None) -> list[Challenge]:
    """The date's challenges, in ``KEYS`` order (the Week's Toughies apart: ``toughies_challenge``)."""
    lexicon = lexicon or challenge_lexicon()
    return [challenge(date, key, lexicon, common) for key in KEYS]


def list_of(key: str) -> str:
    """The bundled list a challenge (by its key in a language: ``common-fr``) is drawn from and
    answered with (``fr/common``)."""
    base, language = key_language(key)
    name = COMMON_LIST if base == "common" else CHALLENGE_LIST
    return name if language == "en" else f"{language}/{name}"


def language_key(key: str, language: str) -> str:
    """A challenge's key in ``language``: English's as it is (``7s``), another's with its
    language (``7s-fr``)."""
    return key if language == "en" else f"{key}-{language}"


def key_language(played: str) -> tuple[str, str]:
    """A key in a language read back: (``7s``, ``fr``) for ``7s-fr``, (``7s``, ``en``) for ``7s``."""
    base, _, language = played.rpartition("-")
    return (base, language) if base and language in LANGUAGES and language != "en" else (played, "en")


def challenge(date: dt.date, key: str, lexicon: Lexicon | None = None, common: Lexicon | None = None) -> Challenge:
    """One challenge of the date by its key; :class:`QuizError` for a key not in ``KEYS``.
    ``lexicon``: the challenge list (``full``); ``common``: the Common Words' (``common``)."""
    lexicon = lexicon or challenge_lexicon()
    if key == "marathon":
        questions = [q for n in BINGO_LENGTHS for q in _drawn(lexicon, n, daily_seed(date, f"marathon {n}"), QUESTIONS)]
        seconds = MARATHON_SECONDS
    elif key == "blanks":
        questions = [q for n in BINGO_LENGTHS for q in blank_racks(
            lexicon, n, daily_seed(date, f"blanks {n}"), BLANK_RACKS, clean_only=True, allowed=_may_post)]
        seconds = BLANKS_SECONDS
    elif key == "common":
        common = common or common_lexicon()
        questions = [q for n in COMMON_LENGTHS
                     for q in _drawn(common, n, daily_seed(date, f"common {n}"), COMMON_EACH, COMMON_POOL)]
        seconds = COMMON_SECONDS
    elif key in TITLES:
        length = int(key[:-1])
        questions, seconds = _drawn(lexicon, length, daily_seed(date, key), QUESTIONS), TODAY_SECONDS[length]
    else:
        raise QuizError(f"A challenge is one of {', '.join(KEYS)}, not {str(key)[:20]!r}.")
    return Challenge(key, TITLES[key], tuple(questions), seconds)


def _drawn(lexicon: Lexicon, length: int, seed: int, count: int, pool: int | None = None) -> list[Question]:
    """``count`` alphagrams of ``length`` letters in a seeded shuffle: of the whole clean set, or
    of its ``pool`` most common. Ranks are each alphagram's rank in the shuffle or the pool."""
    groups_of = table(lexicon, length)
    if pool is None:
        ordered = order(groups_of, RANDOM, CLEAN_ONLY, seed)
        ranks = range(1, ordered.size + 1)
    else:
        common = order(groups_of, COMMON, CLEAN_ONLY)[:pool]
        shuffle = random_keys(groups_of.mixed[common], seed).argsort(kind="stable")
        ordered, ranks = common[shuffle], (shuffle + 1).tolist()
    picked: list[Question] = []
    for group, rank in zip(ordered.tolist(), ranks, strict=True):
        if _may_post(groups_of.alphagram(group)):
            picked.append(question(groups_of, lexicon, group, CLEAN_ONLY, rank))
            if len(picked) == count:
                break
    return picked


def _may_post(letters: str) -> bool:
    """Whether an alphagram (or a rack, its ``?`` read as any letter) spells nothing offensive.
    Letters in alphabetical order are no token anyone typed: a slur's letters inside them
    (ABOOT) are not looked for, so every date's challenges stay as they were published."""
    return verdict(letters, hidden=False) is None


def toughies(missed_counts: Mapping[str, int], n: int = QUESTIONS) -> list[str]:
    """The ``n`` most-missed alphagrams: by misses (most first), then alphabetically. Keys are
    read as alphagrams (``alphagram``: any order or case; the counts of equal ones add up);
    alphagrams missed 0 times or fewer, or that are not 2-15 tiles, are not toughies."""
    totals: dict[str, int] = {}
    for letters, misses in missed_counts.items():
        key = alphagram(str(letters))
        if not (_RACK.fullmatch(key) and 2 <= len(key) <= 15):
            continue
        totals[key] = totals.get(key, 0) + int(misses)
    ranked = sorted((item for item in totals.items() if item[1] > 0), key=lambda item: (-item[1], item[0]))
    return [letters for letters, _ in ranked[:n]]


def toughies_challenge(missed_counts: Mapping[str, int], lexicon: Lexicon | None = None,
                       n: int = QUESTIONS) -> Challenge:
    """A server's Week's Toughies: its ``n`` most-missed alphagrams that still have an answer in
    the challenge list (clean only, as every challenge), most missed first."""
    lexicon = lexicon or challenge_lexicon()
    ranked = [letters for letters in toughies(missed_counts, len(missed_counts)) if _may_post(letters)]
    return Challenge(TOUGHIES_KEY, TOUGHIES_TITLE, tuple(questions_of(lexicon, ranked, clean_only=True)[:n]),
                     TOUGHIES_SECONDS)


def _day(date: dt.date) -> dt.date:
    return date.date() if isinstance(date, dt.datetime) else date
