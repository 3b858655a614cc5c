#!/usr/bin/env python3
"""Build the bundled short definitions, ``solvers/data/definitions.txt.gz``, from WordNet 3.0.

Usage (build time only; the bot and the tests never need WordNet)::

    apt-get install wordnet-base
    python scripts/build_definitions.py          # writes the file, then the coverage report

For every word of the huge list (a superset of full and common) it keeps:

- the word's own senses, when it is a WordNet lemma: per part of speech (noun, verb,
  adjective, adverb) the first MAX_SENSES senses in WordNet's sense order (most used first),
  each the definition part of its gloss (the quoted examples dropped), at most MAX_GLOSS
  characters;
- the lemmas it is an inflected form of, by WordNet's morphology (``morphy``): the exception
  lists (geese -> goose, ran -> run, better -> good) or, for a word not in them, the detachment
  rules of its part of speech (dogs -> dog, baked -> bake, nicest -> nice), and two rules for
  what the exception lists miss (wheezier -> wheezy, presetting -> preset). A form refers to its
  lemma's line; its glosses are not repeated.

Senses that WordNet marks as an ethnic slur, or whose gloss holds a slur of the reviewed tiers,
are left out: a slur is not a word here. The parts of speech of a word come most used first
(WordNet's tag counts, ``cntlist.rev``).

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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from solvers.offensive import classify  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from build_lexicons import write_gzip  # noqa: E402

DEFAULT_WORDNET = Path("/usr/share/wordnet")
DATA = ROOT / "solvers" / "data"
OUTPUT = "definitions.txt.gz"
MAX_SENSES = 4
MAX_GLOSS = 200
PARTS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
SENSE_KEY_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}  # 5: adjective satellite
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
HEADER = ("# Short definitions from WordNet 3.0, Copyright 2006 by Princeton University, used under its licence "
          "(WORDNET-LICENSE); written by scripts/build_definitions.py. Glosses (numbered from 0), a blank line, "
          "then word<TAB>groups (a gloss starting ! writes a flagged word): POS:G,G own senses, POS>lemma a lemma's senses, POS>lemma:G,G inline.\n")
WORD = re.compile(r"[a-z]+")
EXAMPLES = re.compile(r"""\s*[;:,]\s*["]""")
SLUR_MARK = "(ethnic slur)"
FLAGGED = "!"  # before a gloss that writes a flagged (vulgar) word: shown only where those are


class WordNetMissing(SystemExit):
    """WordNet's files are not where the build looks; the message says how to install them."""


@dataclass(frozen=True, slots=True)
class WordNet:
    """What the build reads from WordNet, per part of speech (n, v, a, r)."""

    senses: dict[str, dict[str, tuple[str, ...]]]  # pos -> lemma -> its glosses in sense order (cleaned)
    exceptions: dict[str, dict[str, tuple[str, ...]]]  # pos -> irregular form -> its lemmas
    counts: dict[tuple[str, str], int]  # (lemma, pos) -> how often its senses were tagged


def clean_gloss(gloss: str, limit: int = MAX_GLOSS) -> str:
    """The definition part of a WordNet gloss: the quoted examples after ``;`` (or ``:``, ``,``)
    dropped, at most ``limit`` characters (cut at a word, with an ellipsis)."""
    text = EXAMPLES.split(gloss.strip(), maxsplit=1)[0].strip().rstrip(' ;:,"').strip()
    text = " ".join(text.replace("( ", "(").split())
    if len(text) > limit:
        text = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ;:,") + "…"
    return text


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


def read_glosses(path: Path, offsets: set[int]) -> dict[int, str]:
    """The gloss of each synset of a ``data.POS`` file asked for, by byte offset."""
    data = path.read_bytes()
    glosses = {}
    for offset in offsets:
        line = data[offset : data.index(b"\n", offset)].decode("utf-8")
        glosses[offset] = line.split(" | ", 1)[1] if " | " in line else ""
    return glosses


def read_exceptions(path: Path) -> dict[str, tuple[str, ...]]:
    """An ``.exc`` file: each irregular a-z form with its lemmas (geese -> goose)."""
    found: dict[str, tuple[str, ...]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        form, *lemmas = line.split()
        if WORD.fullmatch(form):
            found[form] = tuple(lemma for lemma in lemmas if WORD.fullmatch(lemma))
    return found


def read_counts(path: Path) -> dict[tuple[str, str], int]:
    """How often each lemma's senses of each part of speech were tagged (``cntlist.rev``)."""
    counts: dict[tuple[str, str], int] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            key, _, count = line.split()
            lemma, _, rest = key.partition("%")
            pos = SENSE_KEY_POS[rest[0]]
            counts[lemma, pos] = counts.get((lemma, pos), 0) + int(count)
    return counts


def is_slur_sense(gloss: str, slurs: frozenset[str]) -> bool:
    """A sense WordNet marks as an ethnic slur, or whose definition writes a slur of the tiers
    (in lower case: the tiers' slurs are lower-case words; Jew in a definition is a noun)."""
    return gloss.startswith(SLUR_MARK) or not slurs.isdisjoint(lower_words(clean_gloss(gloss, len(gloss))))


def lower_words(text: str) -> list[str]:
    """The words of ``text`` written in lower case (Hmong is not mong)."""
    return [word for word in re.findall(r"[A-Za-z]+", text) if word.islower()]


def read_wordnet(wordnet: Path, max_senses: int = MAX_SENSES) -> WordNet:
    """The cleaned first senses of every one-word lemma, the exception lists and the tag counts."""
    senses: dict[str, dict[str, tuple[str, ...]]] = {}
    exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
    for pos, part in PARTS.items():
        for name in (f"index.{part}", f"data.{part}", f"{part}.exc"):
            if not (wordnet / name).is_file():
                raise WordNetMissing(f"{wordnet / name} not found: install Debian's wordnet-base "
                                     "(apt-get install wordnet-base) or give --wordnet")
        index = read_index(wordnet / f"index.{part}")
        raw = read_glosses(wordnet / f"data.{part}", {o for offsets in index.values() for o in offsets})
        slurs = classify({w for gloss in raw.values() for w in lower_words(gloss)}).removed
        kept = {}
        for lemma, offsets in index.items():
            glosses = [clean_gloss(raw[o]) for o in offsets if not is_slur_sense(raw[o], slurs)]
            glosses = [g for g in dict.fromkeys(glosses) if g][:max_senses]
            if glosses:
                kept[lemma] = tuple(glosses)
        senses[pos] = kept
        exceptions[pos] = read_exceptions(wordnet / f"{part}.exc")
    return WordNet(senses, exceptions, read_counts(wordnet / "cntlist.rev"))


def morphy(word: str, pos: str, lemmas: set[str] | dict, exceptions: dict[str, tuple[str, ...]]) -> list[str]:
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


def groups(word: str, wordnet: WordNet) -> list[tuple[str, str]]:
    """The (pos, lemma) groups of ``word``, most used first: its own senses and its lemmas'."""
    found = [(pos, lemma) for pos in PARTS for lemma in morphy(word, pos, wordnet.senses[pos], wordnet.exceptions[pos])]
    order = list(PARTS)
    return sorted(found, key=lambda g: (-wordnet.counts.get((g[1], g[0]), 0), order.index(g[0]), g[1] != word))


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
