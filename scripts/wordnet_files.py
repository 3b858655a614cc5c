"""Reading WordNet 3.0's database files (Debian's ``wordnet-base``) at build time.

The facts the definitions' build (``scripts/build_definitions.py``) and its measure
(``scripts/definition_senses.py``) need, per part of speech (n, v, a, r):

- ``index.POS``: each lemma's synsets in sense order; WordNet numbers a lemma's senses by how
  often they were tagged in its sense-tagged corpora, the untagged ones last in no particular order;
- ``data.POS``: each synset's gloss, its words, and the derivational links between words
  (``+``: *vet* the verb "work as a veterinarian" is made from *vet* the noun, a synset that
  also holds *veterinarian*: a longer name of the word itself);
- ``cntlist.rev``: the tag counts, ``sense_key sense_number tag_count`` a line. The counts are
  read by the sense number, which agrees with the index order everywhere but 34 adjectives;
  the sense keys of this file are partly those of an older WordNet (``acknowledge%2:31:00::``
  names no synset of 3.0), so they are not used;
- ``POS.exc``: the irregular forms (geese -> goose), and WordNet's morphology (``morphy``) with them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_WORDNET = Path("/usr/share/wordnet")
PARTS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: adjective satellite
WORD = re.compile(r"[a-z]+")
_MARKER = re.compile(r"\([a-z]+\)$")  # an adjective's syntactic marker: galore(ip)
DERIVED = "+"  # the pointer symbol of a derivationally related form
RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
EXTRA_RULES = {"a": (("ier", "y"), ("iest", "y"))}  # WordNet leaves these to adj.exc, which misses many
DOUBLED_ENDINGS = {"v": ("ed", "ing"), "a": ("er", "est")}  # -tting -> t, -pped -> p, -gger -> g
VOWELS = "aeiou"


class WordNetMissing(SystemExit):
    """WordNet's files are not where the build looks; the message says how to install them."""


@dataclass(frozen=True, slots=True)
class WordSense:
    """One sense of a lemma, as WordNet gives it."""

    number: int  # WordNet's sense number (1 is the first of the index)
    count: int  # how often this sense was tagged (cntlist.rev); 0 when never
    gloss: str  # the synset's gloss, examples included
    name: bool  # WordNet writes the lemma with a capital here: a name (Ravel, the composer, of ravel)
    synonyms: tuple[str, ...]  # the synset's other words, in WordNet's order (dry out, born-again)
    longer_names: frozenset[str]  # longer names of the lemma itself, from the senses of the same word
    # this one is derivationally linked to (vet, the verb "work as a veterinarian": veterinarian)


def check_files(wordnet: Path) -> None:
    """Stop with a message that says what to install when a file the build reads is missing."""
    for part in PARTS.values():
        for name in (f"index.{part}", f"data.{part}", f"{part}.exc"):
            if not (wordnet / name).is_file():
                raise WordNetMissing(f"{wordnet / name} not found: install Debian's wordnet-base "
                                     "(apt-get install wordnet-base) or give --wordnet")


def read_index(path: Path) -> dict[str, list[int]]:
    """Each one-word a-z lemma of an ``index.POS`` file with its synset offsets, in sense order."""
    lemmas: dict[str, list[int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue  # the licence at the top
        fields = line.split()
        if WORD.fullmatch(fields[0]):
            lemmas[fields[0]] = [int(offset) for offset in fields[-int(fields[2]):]]
    return lemmas


def read_exceptions(path: Path) -> dict[str, tuple[str, ...]]:
    """An ``.exc`` file: each irregular a-z form with its lemmas (geese -> goose)."""
    found: dict[str, tuple[str, ...]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        form, *lemmas = line.split()
        if WORD.fullmatch(form):
            found[form] = tuple(lemma for lemma in lemmas if WORD.fullmatch(lemma))
    return found


def read_sense_counts(path: Path) -> dict[tuple[str, str, int], int]:
    """How often each (lemma, pos, sense number) was tagged (``cntlist.rev``; {} without the file)."""
    counts: dict[tuple[str, str, int], int] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            key, number, count = line.split()
            lemma, _, rest = key.partition("%")
            sense = (lemma, SENSE_KEY_POS[rest[0]], int(number))
            counts[sense] = counts.get(sense, 0) + int(count)
    return counts


@dataclass(frozen=True, slots=True)
class Synset:
    gloss: str
    words: tuple[str, ...]  # lower case, multiword ones with _
    names: frozenset[str]  # the words WordNet writes with a capital: a name (Ravel, Canton)
    links: tuple[tuple[int, str, int, int], ...]  # derivational links: (offset, pos, from word, to word); 0 is any


def parse_synset(line: str) -> Synset:
    """A ``data.POS`` line: ``offset lexfile type count word lex_id ... pointers ... | gloss``."""
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    count = int(fields[3], 16)
    written = [_MARKER.sub("", fields[4 + 2 * i]) for i in range(count)]
    words = tuple(word.lower() for word in written)
    at = 4 + 2 * count
    links = []
    for i in range(int(fields[at])):
        symbol, offset, pos, ends = fields[at + 1 + 4 * i : at + 5 + 4 * i]
        if symbol == DERIVED:
            links.append((int(offset), "a" if pos == "s" else pos, int(ends[:2], 16), int(ends[2:], 16)))
    return Synset(gloss, words, frozenset(w.lower() for w in written if w != w.lower()), tuple(links))


class SynsetReader:
    """The synsets of the four ``data.POS`` files, parsed when first asked for."""

    def __init__(self, wordnet: Path) -> None:
        self.data = {pos: (wordnet / f"data.{part}").read_bytes() for pos, part in PARTS.items()}
        self.parsed: dict[tuple[str, int], Synset] = {}

    def __call__(self, pos: str, offset: int) -> Synset:
        key = (pos, offset)
        if key not in self.parsed:
            data = self.data[pos]
            self.parsed[key] = parse_synset(data[offset : data.index(b"\n", offset)].decode("utf-8"))
        return self.parsed[key]


def longer_names(lemma: str, synset: Synset, synsets: SynsetReader) -> frozenset[str]:
    """The one-word names that begin with ``lemma`` in the synsets its sense in ``synset`` is
    derivationally linked to where the link ends at ``lemma`` itself: the word's longer names
    (vet, the noun: veterinarian; taxi: taxicab; zip: zipper)."""
    if lemma not in synset.words:
        return frozenset()
    here = synset.words.index(lemma) + 1
    names: set[str] = set()
    for offset, pos, source, target in synset.links:
        if source not in (0, here):
            continue
        words = synsets(pos, offset).words
        if (words[target - 1] if target else lemma if lemma in words else "") == lemma:
            names.update(word for word in words if word != lemma and word.startswith(lemma) and WORD.fullmatch(word))
    return frozenset(names)


def read_senses(wordnet: Path) -> dict[str, dict[str, tuple[WordSense, ...]]]:
    """pos -> lemma -> its senses in WordNet's sense order, for every one-word a-z lemma."""
    check_files(wordnet)
    counts = read_sense_counts(wordnet / "cntlist.rev")
    synsets = SynsetReader(wordnet)
    senses: dict[str, dict[str, tuple[WordSense, ...]]] = {}
    for pos, part in PARTS.items():
        senses[pos] = {}
        for lemma, offsets in read_index(wordnet / f"index.{part}").items():
            found = []
            for number, offset in enumerate(offsets, start=1):
                synset = synsets(pos, offset)
                synonyms = tuple(word.replace("_", " ") for word in synset.words if word != lemma)
                found.append(WordSense(number, counts.get((lemma, pos, number), 0), synset.gloss,
                                       lemma in synset.names, synonyms,
                                       longer_names(lemma, synset, synsets)))
            senses[pos][lemma] = tuple(found)
    return senses


def morphy(word: str, pos: str, lemmas: Collection[str], exceptions: Mapping[str, tuple[str, ...]]) -> list[str]:
    """WordNet's morphology: the lemmas of ``pos`` that ``word`` may be a form of, itself first
    when it is one. An irregular form takes its exception-list lemmas; any other word the
    detachment rules of ``pos`` (a noun ending in ss, or of two letters, keeps its ending, as in
    WordNet; an adjective that is itself a lemma is not detached: after is not a form of aft),
    and two rules WordNet leaves to its exception lists: -ier/-iest adjectives of -y ones
    (wheezier), and a doubled last consonant before -ed -ing -er -est (windmilled, presetting)."""
    if word in exceptions:
        candidates = [word, *exceptions[word]]
    elif (pos == "n" and (word.endswith("ss") or len(word) <= 2)) or (pos == "a" and word in lemmas):
        candidates = [word]
    else:
        rules = RULES[pos] + EXTRA_RULES.get(pos, ())
        candidates = [word] + [word[: -len(end)] + base for end, base in rules if word.endswith(end)]
        candidates += undoubled(word, pos)
    return [c for c in dict.fromkeys(candidates) if c in lemmas]


def undoubled(word: str, pos: str) -> list[str]:
    """The stem of a form that doubled its last consonant (dogtrotting -> dogtrot): WordNet lists
    only some of these in its exception lists."""
    stems = []
    for end in DOUBLED_ENDINGS.get(pos, ()):
        stem = word[: -len(end)]
        if word.endswith(end) and len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in VOWELS:
            stems.append(stem[:-1])
    return stems
