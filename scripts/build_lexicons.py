#!/usr/bin/env python3
"""Build the bundled word lists in ``solvers/data/`` from Debian's ``scowl`` package and wordfreq.

Usage (build time only; the bot and the tests need none of these)::

    apt-get install scowl wordnet-base
    pip install '.[build]'                     # wordfreq, better-profanity, wordfilter
    npm install --prefix build/sources naughty-words@1.2.0 profanities@3.0.1
    python scripts/build_lexicons.py           # writes solvers/data/{common,full,huge}.* and the reviews

Each lexicon is the union of SCOWL's ``english-words.N`` and ``american-words.N`` files for
every level N up to the lexicon's maximum (common 50, full 80, huge 95), keeping only
lowercase a-z words (no capitals, so no proper names or abbreviations in capitals; no
apostrophes, so no contractions; no accents), less what is not a word (single letters but a
and i; words without a vowel but the reviewed ``vowelless-words.txt``; the reviewed
``not-words.txt``) and less every slur (``solvers/offensive.py`` reads the reviewed tiers),
sorted, one per line, gzip-compressed (``NAME.txt.gz``).

Beside each, ``NAME.meta.gz`` holds three bytes per word, in the same order: its commonness
(wordfreq's English Zipf frequency, times 10, rounded: 0 = not in wordfreq), its SCOWL level,
and flags (bit 0: flagged, a vulgar word or one offensive in a common sense).

The build also checks the review and writes what reviewers read: every word of the four
offensive-word source lists found in SCOWL must be in a tier or in ``cleared.txt`` (it stops
and names the rest otherwise), and so must every word WordNet labels a slur for a people (its
"(ethnic slur)" and "offensive term for" senses: ``word_sources.labels_a_people``);
``irregular-forms.txt`` gets the WordNet irregular forms of the tier entries;
``slur-senses.txt`` those WordNet senses, each word with its verdict; ``stem-matches.txt``
every word each stem catches; ``build-report.txt`` the counts per tier and per list, before
and after.

The gzip headers carry no timestamp or file name, so a rebuild is byte-identical. SCOWL's
copyright notice is copied beside the data, as its licence requires.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from solvers.offensive import KEEP, SLUR, Classified, Tiers, classify, forms, read_words  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from word_sources import (  # noqa: E402
    DEFAULT_NODE_MODULES,
    DEFAULT_WORDNET,
    offensive_sources,
    wordnet_exceptions,
    wordnet_slur_senses,
)

LEXICON_LEVELS = {"common": 50, "full": 80, "huge": 95}
SCOWL_PARTS = ("english-words", "american-words")
NOT_WORD_PARTS = ("abbreviations", "contractions", "proper-names")
DEFAULT_SCOWL = Path("/usr/share/dict/scowl")
DEFAULT_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
DATA = Path(__file__).resolve().parent.parent / "solvers" / "data"
WORD = re.compile(r"[a-z]+")
FLAGGED = 1
VOWELS = frozenset("aeiouy")
ONE_LETTER_WORDS = frozenset("ai")


def scowl_levels(scowl_dir: Path, max_level: int) -> dict[str, int]:
    """Every lowercase a-z word of SCOWL levels <= max_level, with the lowest level it is in."""
    levels: dict[str, int] = {}
    for part in SCOWL_PARTS:
        for path in scowl_dir.glob(f"{part}.*"):
            level = path.suffix.lstrip(".")
            if not (level.isdigit() and int(level) <= max_level):
                continue
            for line in path.read_text(encoding="latin-1").splitlines():
                word = line.strip()
                if WORD.fullmatch(word) and levels.get(word, 999) > int(level):
                    levels[word] = int(level)
    return levels


def wordfreq_commonness(words: list[str], language: str = "en") -> list[int]:
    """Each word's Zipf frequency in ``language`` times 10 (0-255), from wordfreq."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        raise SystemExit("wordfreq is needed to build the lists: pip install '.[build]'") from None
    return [min(255, round(zipf_frequency(word, language) * 10)) for word in words]


def write_gzip(data: bytes, path: Path) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out:
        out.write(data)


def scowl_not_words(scowl_dir: Path, max_level: int) -> set[str]:
    """The lowercase a-z entries of SCOWL's own abbreviation, contraction and proper-name files."""
    found: set[str] = set()
    for kind in NOT_WORD_PARTS:
        for path in scowl_dir.glob(f"*{kind}.*"):
            level = path.suffix.lstrip(".")
            if level.isdigit() and int(level) <= max_level:
                found.update(w.strip() for w in path.read_text(encoding="latin-1").splitlines()
                             if WORD.fullmatch(w.strip()))
    return found


def not_words(vocabulary: set[str], tiers_dir: Path, scowl_dir: Path | None = None) -> dict[str, set[str]]:
    """The entries of ``vocabulary`` that are not words, by the rule that leaves each out."""
    allowed = set(read_words(tiers_dir / "vowelless-words.txt"))
    listed = scowl_not_words(scowl_dir, max(LEXICON_LEVELS.values())) if scowl_dir is not None else set()
    return {
        "SCOWL's abbreviations, contractions and proper names": listed & vocabulary,
        "single letters (but a and i)": {w for w in vocabulary if len(w) == 1 and w not in ONE_LETTER_WORDS},
        "no vowel (but vowelless-words.txt)": {w for w in vocabulary if len(w) > 1 and not VOWELS & set(w)} - allowed,
        "reviewed (not-words.txt)": set(read_words(tiers_dir / "not-words.txt")) & vocabulary,
    }


def verdicts(vocabulary: set[str], classified: Classified, tiers: Tiers, tiers_dir: Path) -> dict[str, str]:
    """Every reviewed word of the vocabulary with what the review made of it: its tier (slur,
    vulgar, offensive), keep (a tier-3 keep entry) or cleared (cleared.txt)."""
    found = dict.fromkeys(set(read_words(tiers_dir / "cleared.txt")) & vocabulary, "cleared")
    for tier, entry in tiers.entries():
        if tier == KEEP:
            found.update(dict.fromkeys(forms(entry, vocabulary, tiers.irregular), KEEP))
    return found | dict(classified.tiers)


def unreviewed(sources: dict[str, list[str]], vocabulary: set[str], classified: Classified, tiers: Tiers,
               tiers_dir: Path) -> list[str]:
    """The source words found in SCOWL that no tier names and cleared.txt does not clear."""
    reviewed = verdicts(vocabulary, classified, tiers, tiers_dir)
    return sorted({w for entries in sources.values() for w in entries if w in vocabulary} - set(reviewed))


def write_slur_senses(senses: dict[str, tuple[str, ...]], vocabulary: set[str], classified: Classified, tiers: Tiers,
                      tiers_dir: Path, path: Path) -> None:
    """Every word WordNet labels a slur for a people, with the review's verdict and WordNet's
    definitions; stops, naming them, when a word of SCOWL has no verdict."""
    reviewed = verdicts(vocabulary, classified, tiers, tiers_dir)
    missing = sorted(w for w in senses if w in vocabulary and w not in reviewed)
    if missing:
        raise SystemExit(f"{len(missing)} words WordNet labels a slur for a people are not reviewed: put each in a "
                         f"tier file (slurs.txt, or offensive-sense.txt as flag or keep): {' '.join(missing)}")
    shown = {SLUR: "slur, removed", "vulgar": "vulgar, flagged", "offensive": "flagged", KEEP: "kept",
             "cleared": "cleared"}
    lines = [f"{word} ({shown[reviewed[word]] if word in vocabulary else 'not in SCOWL'}): {' / '.join(glosses)}\n"
             for word, glosses in senses.items()]
    path.write_text("# Every one-word WordNet 3.0 lemma with a sense WordNet labels a slur for a people, race or faith "
                    "(\"(ethnic slur)\", \"offensive term for ...\"; scripts/word_sources.py), with the verdict of "
                    "the tier files (their headers give the rule) and WordNet's definitions: written by "
                    "scripts/build_lexicons.py, reviewed by hand.\n" + "".join(lines), encoding="utf-8")


def write_irregular_forms(tiers: Tiers, exceptions: dict[str, set[tuple[str, str]]], vocabulary: set[str],
                          path: Path) -> None:
    """The irregular forms (from WordNet) in SCOWL of every tier entry, for the runtime to read."""
    lines = sorted({f"{form} {entry.word} {kind}" for _, entry in tiers.entries() if not entry.alone
                    for form, kind in exceptions.get(entry.word, ()) if form in vocabulary})
    path.write_text("# form base kind (n, v, a): irregular forms of the tier entries, from "
                    "WordNet 3.0's exception lists "
                    "(written by scripts/build_lexicons.py)\n" + "".join(line + "\n" for line in lines),
                    encoding="utf-8")


def build(scowl_dir: Path, out_dir: Path, copyright_file: Path | None, tiers_dir: Path = DATA,
          commonness: Callable[[list[str]], list[int]] = wordfreq_commonness,
          sources: dict[str, list[str]] | None = None, exceptions: dict[str, set[tuple[str, str]]] | None = None,
          slur_senses: dict[str, tuple[str, ...]] | None = None) -> dict[str, int]:
    """Write every lexicon, its figures and the review files; return the word count of each.
    ``sources`` (the offensive-word lists) are checked to be reviewed when given; ``exceptions``
    (WordNet's irregular forms) are written to ``irregular-forms.txt`` when given; ``slur_senses``
    (WordNet's words labelled a slur for a people) are checked and written to ``slur-senses.txt``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    everything = scowl_levels(scowl_dir, max(LEXICON_LEVELS.values()))
    if not everything:
        raise SystemExit(f"no SCOWL word files found in {scowl_dir} (apt-get install scowl)")
    vocabulary = set(everything)
    if exceptions is not None:
        write_irregular_forms(Tiers.read(tiers_dir), exceptions, vocabulary, tiers_dir / "irregular-forms.txt")
    tiers = Tiers.read(tiers_dir)
    classified = classify(vocabulary, tiers)
    if sources is not None:
        missing = unreviewed(sources, vocabulary, classified, tiers, tiers_dir)
        if missing:
            raise SystemExit(f"{len(missing)} source words are not reviewed: put each in a tier file or "
                             f"cleared.txt: {' '.join(missing)}")
    if slur_senses is not None:
        write_slur_senses(slur_senses, vocabulary, classified, tiers, tiers_dir, out_dir / "slur-senses.txt")
    rules = not_words(vocabulary, tiers_dir, scowl_dir)
    dropped = set().union(*rules.values())
    kept = sorted(vocabulary - classified.removed - dropped)
    figures = dict(zip(kept, commonness(kept), strict=True))
    counts = {}
    for name, max_level in LEXICON_LEVELS.items():
        words = [w for w in kept if everything[w] <= max_level]
        write_gzip("".join(w + "\n" for w in words).encode("ascii"), out_dir / f"{name}.txt.gz")
        meta = bytearray()
        for word in words:
            meta += bytes((figures[word], everything[word], FLAGGED if word in classified.flagged else 0))
        write_gzip(bytes(meta), out_dir / f"{name}.meta.gz")
        counts[name] = len(words)
    write_review(out_dir, everything, classified, rules, tiers)
    if copyright_file is not None:
        shutil.copyfile(copyright_file, out_dir / "SCOWL-COPYRIGHT")
    return counts


def write_review(out_dir: Path, everything: dict[str, int], classified: Classified, rules: dict[str, set[str]],
                 tiers: Tiers) -> None:
    """stem-matches.txt (every word each stem catches) and build-report.txt (the counts)."""
    stems = ["# Every word of SCOWL (levels <= 95) each stem of stems.txt catches, with the verdict: "
             "written by scripts/build_lexicons.py, reviewed by hand.\n"]
    for stem in tiers.stems:
        caught = classified.stem_words[str(stem)]
        stems.append(f"{stem} ({stem.tier}, {len(caught)} words): {' '.join(caught)}\n")
        if stem.innocent:
            stems.append(f"{stem} innocent, left alone: {' '.join(sorted(stem.innocent & set(everything)))}\n")
    (out_dir / "stem-matches.txt").write_text("".join(stems), encoding="utf-8")
    report = ["# The bundled lists, before (SCOWL's lowercase a-z words) and after the build: "
              "written by scripts/build_lexicons.py.\n"]
    tier_names = {SLUR: "slurs (removed)", "vulgar": "vulgar (flagged)",
                  "offensive": "offensive in a common sense (flagged)"}
    for name, max_level in LEXICON_LEVELS.items():
        scowl = {w for w, level in everything.items() if level <= max_level}
        dropped = {rule: words & scowl for rule, words in rules.items()}
        after = scowl - classified.removed - set().union(*dropped.values())
        report.append(f"{name} (SCOWL <= {max_level}): {len(scowl)} before, {len(after)} after\n")
        for tier, label in tier_names.items():
            count = sum(1 for w in scowl if classified.tiers.get(w) == tier)
            report.append(f"  {label}: {count}\n")
        for rule, words in dropped.items():
            report.append(f"  not words, {rule}: {len(words)}\n")
        two = sorted(w for w in after if len(w) == 2)
        report.append(f"  two-letter words ({len(two)}): {' '.join(two)}\n")
    report.append("stems: " + ", ".join(f"{stem} {len(classified.stem_words[str(stem)])}" for stem in tiers.stems)
                  + "\n")
    (out_dir / "build-report.txt").write_text("".join(report), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=DEFAULT_SCOWL, help="SCOWL word-file folder")
    parser.add_argument("--copyright", type=Path, default=DEFAULT_COPYRIGHT, help="SCOWL copyright file")
    parser.add_argument("--out", type=Path, default=DATA, help="output folder")
    parser.add_argument("--sources", type=Path, default=DEFAULT_NODE_MODULES, metavar="NODE_MODULES",
                        help="where npm installed naughty-words and profanities")
    parser.add_argument("--wordnet", type=Path, default=DEFAULT_WORDNET, help="WordNet's dict folder")
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"{args.scowl} not found: install Debian's scowl package (apt-get install scowl)", file=sys.stderr)
        return 2
    copyright_file = args.copyright if args.copyright.is_file() else None
    sources, exceptions = offensive_sources(args.sources), wordnet_exceptions(args.wordnet)
    slur_senses = wordnet_slur_senses(args.wordnet)
    for name, count in build(args.scowl, args.out, copyright_file, sources=sources, exceptions=exceptions,
                             slur_senses=slur_senses).items():
        print(f"{name}: {count} words (SCOWL levels <= {LEXICON_LEVELS[name]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
