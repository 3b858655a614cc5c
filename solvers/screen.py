"""Text a person typed, judged as the lexicon judges words: may the bot write it back?

A reply that repeats what someone typed (a pattern, a rack, a list's name, a word looked up)
must pass the same check as the words the bot lists (``solvers.offensive``): a slur is never
written back, anywhere; a flagged word only where the server shows flagged words.

Text is judged as it is read, and then some: full-width letters and ligatures (NFKC),
invisible characters dropped, accents stripped, letters of other scripts that look like Latin
ones (Cyrillic ``а``, Greek ``ο``) and the digits and signs people type for letters (``1`` for
``i``, ``@`` for ``a``) read as the Latin letter. The words judged are each run of letters, the
letters of each space-separated piece joined (``n.i.g``…), and all the letters joined, so a
word spelled across dots or spaces is still the word it spells. A piece with one or two
single-letter wildcards (``?``, ``.``, ``_``) is also judged with every letter in their place,
for slurs: ``n?gger`` is not repeated either; a ``*`` there stands for no letter or one
(``n*gger``; a longer run spells too much to judge).

A slur hidden in a longer token is a slur too (``niggger``, ``xniggers``, ``n1ggerss``): where
the letters read hold a slur's, the text is withheld unless every run of letters those letters
come from is a word of the bundled lists (or one a reviewer found innocent, as ``snigger``), so
``abolish`` and ``tab out`` stay and ``aboo`` does not. An entry written ``=word`` in slurs.txt
is a slur as that word alone (``jew`` as a verb), so only the word itself counts there.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .offensive import (
    FLAGGED_TIERS,
    KEEP,
    SLUR,
    Stem,
    Tiers,
    classify,
    data_folder,
    forms,
    regular_forms,
)
from .screen_cache import cached_judge
from .screen_languages import screen_tiers  # noqa: F401  (re-exported: the screen's API)
from .screen_letters import LOOK_ALIKES, read_letters  # noqa: F401  (re-exported)

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_RANK = {SLUR: 0, "vulgar": 1, "offensive": 2, KEEP: 3}
_MAX_JUDGED = 400  # characters: a longer text is judged in full, but no piece of it past this is joined
_WILDCARDS = "?._"
_RUN = "*"  # filled with no letter or one
_MAX_FILLED = 2  # wildcards filled in a piece (26 ** 2 words judged at most, a few milliseconds)


def pieces(text: str) -> set[str]:
    """The words judged in ``text``: each run of letters, each space-separated piece's letters
    joined, and all its letters joined."""
    read = read_letters(text)
    found = set(re.findall(r"[a-z]+", read))
    for piece in read.split():
        found.add(re.sub(r"[^a-z]+", "", piece))
    found.add(re.sub(r"[^a-z]+", "", read[: _MAX_JUDGED * 4]))
    return {word for word in found if word}


Judge = tuple[Mapping[str, str], frozenset[str], frozenset[str], tuple[Stem, ...]]
"""The forms the tiers' entries stand for that have a tier, with it; the forms tier 3 keeps; every
form (or only those without a tier: a word is a form when either holds it); the stems."""


def _judge(tiers: Tiers) -> Judge:
    """Every form the tiers' entries stand for, each with its tier (as ``classify`` decides it),
    the forms tier 3 keeps, and the stems."""
    universe: set[str] = set()
    for _, entry in tiers.entries():
        universe |= {entry.word} | regular_forms(entry.word, entry.kinds)
        universe |= {form for form, _ in tiers.irregular.get(entry.word, ())}
    classified = classify(universe, tiers)
    kept = frozenset(word for tier, entry in tiers.entries() if tier == KEEP
                     for word in forms(entry, universe, tiers.irregular))
    return classified.tiers, kept, frozenset(universe), tiers.stems


def _default_judge() -> Judge:
    return _default_screen()[0]


def word_tier(word: str, tiers: Tiers | None = None) -> str | None:
    """The tier of one word as the lexicon pipeline would give it (``slur``, ``vulgar`` or
    ``offensive``), None for a plain word; the same answer as ``classify([word])``."""
    tier_of, kept, universe, stems = _judge(tiers) if tiers else _default_judge()
    if word in tier_of or word in universe:
        return tier_of.get(word)
    tier = None
    for stem in stems:
        if stem.catches(word) and _RANK[stem.tier] < _RANK[tier or KEEP] and not (word in kept and stem.tier != SLUR):
            tier = stem.tier
    return tier


@dataclass(frozen=True, slots=True)
class HiddenSlurs:
    """The slurs looked for inside longer tokens (``slurs``), their lengths longest first, the
    first letters every one of them starts with (``heads``, as long as the shortest slur), and
    the words a reviewer found innocent though they hold a slur's letters."""

    slurs: frozenset[str]
    lengths: tuple[int, ...]
    heads: frozenset[str]
    innocent: frozenset[str]


def _hidden_slurs(tiers: Tiers, judged: Judge | None = None) -> HiddenSlurs:
    """Every form of each slur entry but those written ``=word`` (a slur only alone), and each
    slur stem's letters; the innocent words are a stem's exceptions and tier 3's kept words."""
    tier_of, kept, _, stems = judged or _judge(tiers)
    alone = {entry.word for tier, entry in tiers.entries() if tier == SLUR and entry.alone}
    slurs = {word for word, tier in tier_of.items() if tier == SLUR and word not in alone}
    slurs |= {stem.text for stem in stems if stem.tier == SLUR}
    lengths = tuple(sorted({len(word) for word in slurs}, reverse=True))
    heads = {word[: lengths[-1]] for word in slurs}
    innocent = kept | {word for stem in stems for word in stem.innocent}
    return HiddenSlurs(frozenset(slurs), lengths, frozenset(heads), frozenset(innocent))


def _default_hidden_slurs() -> HiddenSlurs:
    return _default_screen()[1]


@functools.cache
def _default_screen() -> tuple[Judge, HiddenSlurs]:
    """The screen's judge and hidden slurs (``screen_tiers``), made once for every process and
    then read from a cache file (:mod:`solvers.screen_cache`)."""
    return _from_document(cached_judge(lambda: _document(screen_tiers())))


def _document(tiers: Tiers) -> dict:
    """The judge and hidden slurs of ``tiers`` as JSON values: each set of words sorted and joined
    by newlines (quick to read), the forms without a tier apart from those with one."""
    judged = _judge(tiers)
    tier_of, kept, universe, stems = judged
    hidden = _hidden_slurs(tiers, judged)
    return {"tiers": {tier: _joined(w for w, t in tier_of.items() if t == tier) for tier in set(tier_of.values())},
            "kept": _joined(kept), "untiered": _joined(universe - tier_of.keys()),
            "stems": [[stem.text, stem.tier, stem.anchored, sorted(stem.innocent)] for stem in stems],
            "hidden": {"slurs": _joined(hidden.slurs), "lengths": list(hidden.lengths), "heads": _joined(hidden.heads),
                       "innocent": _joined(hidden.innocent)}}


def _from_document(document: dict) -> tuple[Judge, HiddenSlurs]:
    tier_of: dict[str, str] = {}
    for tier, words in document["tiers"].items():
        tier_of.update(dict.fromkeys(_split(words), tier))
    stems = tuple(Stem(text, tier, anchored, frozenset(innocent))
                  for text, tier, anchored, innocent in document["stems"])
    hidden = document["hidden"]
    return ((tier_of, frozenset(_split(document["kept"])), frozenset(_split(document["untiered"])), stems),
            HiddenSlurs(frozenset(_split(hidden["slurs"])), tuple(hidden["lengths"]),
                        frozenset(_split(hidden["heads"])), frozenset(_split(hidden["innocent"]))))


def _joined(words: Iterable[str]) -> str:
    return "\n".join(sorted(words))


def _split(text: str) -> list[str]:
    return text.split("\n") if text else []


@functools.cache
def _listed_words() -> list[str]:
    """The words of the bundled lists (``huge`` holds the others), in the file's order (sorted):
    read once, when first needed, and searched by bisection (``_is_listed``). A set of them took
    150 ms more to build, which a terminal command's refusal (a path screened) paid every time."""
    return gzip.decompress((data_folder() / "huge.txt.gz").read_bytes()).decode("ascii").split()


def _is_listed(run: str) -> bool:
    words = _listed_words()
    at = bisect.bisect_left(words, run)
    return at < len(words) and words[at] == run


def hides_slur(text: str, tiers: Tiers | None = None) -> bool:
    """Whether the letters ``text`` is read as hold a slur (``HiddenSlurs``) that is not inside
    words: some run of letters it takes letters from is neither a word of the bundled lists nor
    one found innocent. Each run is judged alone, and the runs of the text's first characters
    joined, so a slur spelled across dots or spaces is found whatever is around it."""
    hidden = _hidden_slurs(tiers) if tiers else _default_hidden_slurs()
    read = read_letters(text)
    return bool(hidden.slurs) and (any(_holds_slur(hidden, [run]) for run in set(re.findall(r"[a-z]+", read)))
                                   or _holds_slur(hidden, re.findall(r"[a-z]+", read[: _MAX_JUDGED * 4])))


def _holds_slur(hidden: HiddenSlurs, runs: list[str]) -> bool:
    """Whether ``runs`` joined hold a slur that takes letters from a run that is no word."""
    joined = "".join(runs)
    run_of = [i for i, run in enumerate(runs) for _ in run]  # the run each letter of ``joined`` is from
    shortest = hidden.lengths[-1]
    for start in range(len(joined) - shortest + 1):
        if joined[start : start + shortest] not in hidden.heads:
            continue
        # the longest slur starting here decides: a shorter one takes letters from fewer runs
        found = next((n for n in hidden.lengths if start + n <= len(joined)
                      and joined[start : start + n] in hidden.slurs), 0)
        taken = runs[run_of[start] : run_of[start + found - 1] + 1] if found else ()
        if any(run not in hidden.innocent and not _is_listed(run) for run in taken):
            return True
    return False


def filled(text: str) -> set[str]:
    """The words a piece with one or two wildcards spells, each letter in their place (a ``*``:
    no letter or one); a ``*`` that ends a piece is left out (pieces with more wildcards, or with
    fewer than three letters, spell too much to judge)."""
    found = set()
    for piece in read_letters(text).split():
        piece = re.sub(r"[^a-z?._*]+", "", piece).strip(_RUN)
        holes = sum(piece.count(ch) for ch in _WILDCARDS + _RUN)
        if not 0 < holes <= _MAX_FILLED or len(piece) - holes < 3 or len(piece) > _MAX_JUDGED:
            continue
        words = [""]
        for ch in piece:
            choices = ALPHABET if ch in _WILDCARDS else ["", *ALPHABET] if ch == _RUN else ch
            words = [w + letter for w in words for letter in choices]
        found.update(words)
    return found


def verdict(text: str, tiers: Tiers | None = None, *, hidden: bool = True) -> str | None:
    """The worst tier of what ``text`` spells (``slur`` first), None when it spells nothing
    offensive; a piece with wildcards counts as a slur when a letter in their place makes one,
    and so does a slur hidden in a longer token (``hides_slur``) unless ``hidden`` is False: for
    letters the bot drew itself (an alphagram is letters in order, not a token anyone typed)."""
    found = [tier for word in pieces(text) if (tier := word_tier(word, tiers)) is not None]
    if any(word_tier(word, tiers) == SLUR for word in filled(text)) or hidden and hides_slur(text, tiers):
        found.append(SLUR)
    return min(found, key=_RANK.__getitem__) if found else None


def is_slur(text: str) -> bool:
    return verdict(text) == SLUR


def may_repeat(text: str, show_flagged: bool) -> bool:
    """Whether the bot may write ``text`` back: never a slur; a flagged word only where flagged
    words are shown."""
    tier = verdict(text)
    return tier is None or (show_flagged and tier in FLAGGED_TIERS)


def quoted(text: str, stand_in: str, show_flagged: bool = False) -> str:
    """``text`` when the bot may write it back (``may_repeat``), else ``stand_in``: a neutral name
    for it ("Your pattern", "That word") that gives nothing of it away. Every reply that quotes
    what someone typed goes through here; without ``show_flagged`` a flagged word is not repeated
    either (an error line, the terminal's solvers: where no server's setting is known)."""
    return text if may_repeat(text, show_flagged) else stand_in
