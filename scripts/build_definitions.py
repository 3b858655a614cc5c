#!/usr/bin/env python3
"""Build the bundled short definitions, ``solvers/data/definitions.txt.gz``, from WordNet 3.0.

Usage (build time only; the bot and the tests never need WordNet)::

    apt-get install wordnet-base
    python scripts/build_definitions.py          # writes the file, then the coverage report

For every word of the huge list (a superset of full and common) it keeps:

- the word's own senses, when it is a WordNet lemma: per part of speech (noun, verb,
  adjective, adverb) the first MAX_SENSES senses in WordNet's order, which is by tag count
  (most tagged first; an untagged name, Ravel of *ravel*, after the other untagged), each the
  definition part of its gloss (the quoted examples dropped), at most MAX_GLOSS characters;
- the lemmas it is an inflected form of, by WordNet's morphology (``morphy``): the exception
  lists (geese -> goose, ran -> run, better -> good) or, for a word not in them, the detachment
  rules of its part of speech (dogs -> dog, baked -> bake, nicest -> nice), and two rules for
  what the exception lists miss (wheezier -> wheezy, presetting -> preset). A form refers to its
  lemma's line; its glosses are not repeated.

A word is never defined by itself (docs/definitions.md): a sense whose definition says first
what the word is by the word (*lenient*: "tolerant or lenient"), a form of it, or a longer name
of it that WordNet gives in a linked sense of the same word (*vet*: "work as a veterinarian")
is skipped for the next. A part of speech whose every sense does so keeps them, after the
word's other parts: each sense then gives its synonyms instead (*pert*: "impertinent,
irreverent, saucy"), or its gloss when it has none (*tarred*: "coat with tar"), the only
definition WordNet has.

The groups (lemma, part of speech) of a word come by their most tagged sense kept, so the first
sense shown is the word's most tagged one that does not use it; on a tie the word's own lemma
first (its count is of this spelling, a lemma's of all its forms: *fried* the adjective before
*fry*), then verb, noun, adjective, adverb (*dive*'s first verb and noun senses are tagged 4
times each: "drop steeply", not the nightclub).

Senses that WordNet marks as an ethnic slur, or whose gloss holds a slur of the reviewed tiers,
are left out: a slur is not a word here.

The file is UTF-8 text, gzip-compressed with no timestamp or name (a rebuild is
byte-identical): a header comment, the glosses (sorted, one a line, numbered from 0; one that
writes a word the offensive-word tiers flag starts with ``!``, so it is shown only where
vulgar words are), a blank
line, then one line per word (sorted): ``word<TAB>group group ...`` where a group is
``POS:G,G`` (the word's own senses, by gloss number), ``POS>lemma`` (the senses of ``lemma``,
a word with its own line), or ``POS>lemma:G,G`` (a lemma that has no line: its senses inline).
POS is n, v, a or r (adverb).
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from solvers.offensive import classify  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from build_lexicons import write_gzip  # noqa: E402
from wordnet_files import (  # noqa: E402,F401  (RULES, EXTRA_RULES and DOUBLED_ENDINGS: for the tests)
    DEFAULT_WORDNET,
    DOUBLED_ENDINGS,
    EXTRA_RULES,
    PARTS,
    RULES,
    WordNetMissing,
    WordSense,
    morphy,
    read_exceptions,
    read_senses,
)

DATA = ROOT / "solvers" / "data"
OUTPUT = "definitions.txt.gz"
MAX_SENSES = 4
MAX_GLOSS = 200
TIE_ORDER = "vnar"  # groups tagged equally often, and neither the word's own: verb, noun, adjective, adverb
HEADER = ("# Short definitions from WordNet 3.0, Copyright 2006 by Princeton University, used under its licence "
          "(WORDNET-LICENSE); written by scripts/build_definitions.py. Glosses (numbered from 0), a blank line, "
          "then word<TAB>groups (a gloss starting ! writes a flagged word): POS:G,G own senses, POS>lemma a lemma's "
          "senses, POS>lemma:G,G inline.\n")
EXAMPLES = re.compile(r"""\s*[;:,]\s*["]""")
MENTION = re.compile(r"`[^`']*'")  # a word quoted is named, not used: (comparative of `good')
GLOSS_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")  # a hyphenated word is one word: well-known is not well
SLUR_MARK = "(ethnic slur)"
FLAGGED = "!"  # before a gloss that writes a flagged (vulgar) word: shown only where those are


Rank = tuple[int, int, int, int]
"""How a lemma's part of speech ranks among a word's groups, smaller first: 0 when it defines the
word otherwise than by itself, 1 by synonyms, 2 by itself only (:func:`chosen_glosses`); minus
the tag count of its most tagged sense kept (an untagged name, Ravel of *ravel*, counts -1: after
an untagged common sense); minus the tag counts of the senses kept; how many senses use the word
(compared after the word's own lemma first: :func:`groups`)."""


@dataclass(frozen=True, slots=True)
class WordNet:
    """What the build keeps of WordNet, per part of speech (n, v, a, r)."""

    senses: dict[str, dict[str, tuple[str, ...]]]  # pos -> lemma -> its glosses as chosen, most tagged first
    exceptions: dict[str, dict[str, tuple[str, ...]]]  # pos -> irregular form -> its lemmas
    ranks: dict[tuple[str, str], Rank]  # (lemma, pos) -> how it ranks among a word's groups


def definition(gloss: str) -> str:
    """The definition part of a WordNet gloss: the quoted examples after ``;`` (or ``:``, ``,``) dropped."""
    text = EXAMPLES.split(gloss.strip(), maxsplit=1)[0].strip().rstrip(' ;:,"').strip()
    return " ".join(text.replace("( ", "(").split())


def cut(text: str, limit: int = MAX_GLOSS) -> str:
    """``text``, or its first ``limit`` characters cut at a word, with an ellipsis."""
    if len(text) > limit:
        text = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ;:,") + "…"
    return text


def clean_gloss(gloss: str, limit: int = MAX_GLOSS) -> str:
    """The definition part of a WordNet gloss, at most ``limit`` characters."""
    return cut(definition(gloss), limit)


def head(text: str) -> str:
    """What a definition says first: its text before the first "; " or ": " outside parentheses
    (*cat*: "feline mammal usually having thick soft fur and no ability to roar", not the list
    "domestic cats; wildcats" after it)."""
    depth = 0
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and text.startswith(("; ", ": "), i):
            return text[:i]
    return text


def uses_word(text: str, lemma: str, names: Collection[str], lemmas: Mapping[str, Collection[str]],
              exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]) -> bool:
    """Whether ``text`` uses ``lemma``: the lemma, a form of it in a part of speech it has (by the
    exception lists, or the rules even where those list the word: lenient, walking, carols,
    geese; matted of matte, which verb.exc gives to mat), or one of its longer ``names``
    (veterinarian for vet), as a word in lower case that is not quoted (Laelia, the genus, is a
    name; `good' is named, not used)."""
    for word in GLOSS_WORD.findall(MENTION.sub(" ", text)):
        if word == lemma or word in names:
            return True
        if word.islower() and any(lemma in lemmas[pos]
                                  and (lemma in exceptions[pos].get(word, ())
                                       or word[:2] == lemma[:2] and morphy(word, pos, (lemma,), {}))
                                  for pos in PARTS):
            return True
    return False


def defines_by_itself(gloss: str, lemma: str, names: Collection[str], lemmas: Mapping[str, Collection[str]],
                      exceptions: Mapping[str, Mapping[str, tuple[str, ...]]]) -> bool:
    """Whether a gloss says what ``lemma`` is by the word itself: the :func:`head` of its definition
    uses it (*lenient*: "tolerant or lenient"; *vet*: "work as a veterinarian"; *lava* "rock that
    in its molten form (as magma) issues from volcanos; lava is what magma is called..." does not)."""
    return uses_word(head(definition(gloss)), lemma, names, lemmas, exceptions)


def chosen_glosses(lemma: str, senses: list[WordSense], lemmas: Mapping[str, Collection[str]],
                   exceptions: Mapping[str, Mapping[str, tuple[str, ...]]],
                   max_senses: int) -> tuple[tuple[str, ...], Rank]:
    """A lemma's glosses of one part of speech in WordNet's order, most tagged first (an untagged
    name, such as Ravel the composer of *ravel*, after the others), none twice, at most
    ``max_senses``; a sense that :func:`defines_by_itself` is skipped. When every sense does, the
    senses' synonyms instead (*pert*: "impertinent, irreverent, saucy"; those that use the word
    too left out), and when no sense has any, the glosses as WordNet gives them: the last resort
    (*tarred*: "coat with tar")."""
    ordered = sorted(senses, key=lambda sense: sense.name and not sense.count)
    itself = {sense: defines_by_itself(sense.gloss, lemma, sense.longer_names, lemmas, exceptions) for sense in ordered}
    kept = [sense for sense in ordered if not itself[sense]]
    glosses = [clean_gloss(sense.gloss) for sense in kept]
    resort = 0
    if ordered and not kept:  # every sense uses the word
        named = {sense: ", ".join(w for w in sense.synonyms if not uses_word(w, lemma, (), lemmas, exceptions))
                 for sense in ordered}
        kept = [sense for sense in ordered if named[sense]] or ordered
        glosses = [cut(named[sense]) if named[sense] else clean_gloss(sense.gloss) for sense in kept]
        resort = 1 if named[kept[0]] else 2
    best = max((sense.count if sense.count or not sense.name else -1 for sense in kept), default=0)
    rank = (resort, -best, -sum(sense.count for sense in kept), sum(itself.values()))
    return tuple(g for g in dict.fromkeys(glosses) if g)[:max_senses], rank


def is_slur_sense(gloss: str, slurs: frozenset[str]) -> bool:
    """A sense WordNet marks as an ethnic slur, or whose definition writes a slur of the tiers
    (in lower case: the tiers' slurs are lower-case words; Jew in a definition is a noun)."""
    return gloss.startswith(SLUR_MARK) or not slurs.isdisjoint(lower_words(definition(gloss)))


def lower_words(text: str) -> list[str]:
    """The words of ``text`` written in lower case (Hmong is not mong)."""
    return [word for word in re.findall(r"[A-Za-z]+", text) if word.islower()]


def read_wordnet(wordnet: Path, max_senses: int = MAX_SENSES) -> WordNet:
    """The chosen senses of every one-word lemma (:func:`chosen_glosses`, slurs left out, and
    slurs among the synonyms), the exception lists and the tag counts."""
    every = read_senses(wordnet)
    exceptions = {pos: read_exceptions(wordnet / f"{part}.exc") for pos, part in PARTS.items()}
    senses: dict[str, dict[str, tuple[str, ...]]] = {}
    ranks: dict[tuple[str, str], Rank] = {}
    for pos, lemmas in every.items():
        slurs = classify({w for found in lemmas.values() for s in found
                          for w in lower_words(" ".join((s.gloss, *s.synonyms)))}).removed
        senses[pos] = {}
        for lemma, found in lemmas.items():
            kept = [replace(sense, synonyms=tuple(w for w in sense.synonyms if slurs.isdisjoint(lower_words(w))))
                    for sense in found if not is_slur_sense(sense.gloss, slurs)]
            glosses, ranks[lemma, pos] = chosen_glosses(lemma, kept, every, exceptions, max_senses)
            if glosses:
                senses[pos][lemma] = glosses
    return WordNet(senses, exceptions, ranks)


def groups(word: str, wordnet: WordNet) -> list[tuple[str, str]]:
    """The (pos, lemma) groups of ``word``: its own senses and its lemmas', in the order of
    :data:`Rank`, then the word's own lemma first (its count is of this spelling, a lemma's of all
    its forms), then the group with fewer senses that use the word (the part of speech made from
    the other: *harp*, "play the harp"), then by TIE_ORDER."""
    found = [(pos, lemma) for pos in PARTS for lemma in morphy(word, pos, wordnet.senses[pos], wordnet.exceptions[pos])]

    def order(group: tuple[str, str]) -> tuple[int, int, int, bool, int, int]:
        pos, lemma = group
        resort, best, total, uses = wordnet.ranks[lemma, pos]
        return resort, best, total, lemma != word, uses, TIE_ORDER.index(pos)

    return sorted(found, key=order)


def definitions_text(words: list[str], wordnet: WordNet) -> str:
    """The file's text for the given words (see the module docstring)."""
    entries = {w: g for w in sorted(set(words)) if (g := groups(w, wordnet))}
    with_lines = {w for w, found in entries.items() if any(lemma == w for _, lemma in found)}
    glosses = sorted({g for found in entries.values() for pos, lemma in found for g in wordnet.senses[pos][lemma]})
    number = {g: str(i) for i, g in enumerate(glosses)}
    flagged = classify({w for g in glosses for w in lower_words(g)}).flagged
    lines = []
    for word, found in entries.items():
        parts = []
        for pos, lemma in found:
            listed = ",".join(number[g] for g in wordnet.senses[pos][lemma])
            parts.append(f"{pos}:{listed}" if lemma == word else f"{pos}>{lemma}" if lemma in with_lines
                         else f"{pos}>{lemma}:{listed}")
        lines.append(f"{word}\t{' '.join(parts)}\n")
    shown = (FLAGGED + g if flagged.intersection(lower_words(g)) else g for g in glosses)
    return HEADER + "".join(g + "\n" for g in shown) + "\n" + "".join(lines)


def build(wordnet_dir: Path, words: list[str], out: Path) -> str:
    """Read WordNet, write the definitions of ``words`` to ``out``; return the text written."""
    text = definitions_text(words, read_wordnet(wordnet_dir))
    write_gzip(text.encode("utf-8"), out)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=DEFAULT_WORDNET, help="WordNet's dict folder")
    parser.add_argument("--out", type=Path, default=DATA / OUTPUT, help="the file to write")
    parser.add_argument("--no-coverage", action="store_true", help="skip the coverage report (some seconds)")
    args = parser.parse_args(argv)
    huge = gzip.decompress((DATA / "huge.txt.gz").read_bytes()).decode("ascii").split()
    text = build(args.wordnet, huge, args.out)
    entries = text.split("\n\n", 1)[1].count("\n")
    print(f"{args.out}: {entries} words defined of {len(huge)} in huge, {args.out.stat().st_size:,} bytes")
    if not args.no_coverage:
        from definitions_coverage import main as coverage
        return coverage([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
