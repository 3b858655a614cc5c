#!/usr/bin/env python3
"""Build the French, German and Spanish word lists in ``solvers/data/<lang>/`` from Debian's
word lists and Hunspell dictionaries, with wordfreq's commonness.

Usage (build time only; the bot and the tests need none of these)::

    apt-get install wfrench wspanish hunspell-de-de hunspell-es
    pip install '.[build]'                     # wordfreq, spylls
    npm install --prefix build/sources naughty-words@1.2.0
    python scripts/build_languages.py          # writes solvers/data/{fr,de,es}/*

The words of each language:

- ``fr``: Debian's ``wfrench`` (every inflected form already, lowercase, no proper names).
- ``de``: Debian's ``hunspell-de-de`` (igerman98) expanded with its affix rules through spylls
  (``word_sources.hunspell_forms``; Debian's ``wngerman`` is the same igerman98 list without the
  flags the name rule below reads). Compounds that Hunspell only accepts by its compounding
  rules are not words of the list: only the entries and their affixed forms.
- ``es``: Debian's ``hunspell-es`` (es_ES) expanded the same way (``wspanish`` has the lemmas
  only: no plurals, no conjugations), and ``wspanish``'s words.

Left out, in this order, each counted in ``build-report.txt``:

1. Abbreviations and names. An entry written with two capitals or more (``ADSL``, ``MySQL``,
   ``GmbH``) or with a dot is an abbreviation. A capitalised Spanish entry is a name (Spanish
   writes its nouns in lower case). A capitalised German entry is a noun, kept, when it declines
   beyond the genitive -s (its affix flags give it another ending: ``Haus``: Hauses, Häuser).
   Otherwise it is a name when another language's list has it as a proper name (the capitalised
   entries of the French and Spanish dictionaries: ``Berlin``, ``Michael``); a noun when its
   plural is a word of the dictionary (``Thema``: Themen, ``Museum``: Museen, ``Vater``: Väter),
   when Hunspell lets it start a compound (flags i, j: ``Abwasser``, Abwasserrohr) or end one
   without a genitive -s (flag m without S: a feminine noun, ``Zukunft``), or when its -s form is
   nearly as common as it (wordfreq: a plural, ``Team``: Teams); else a name (``München``,
   ``Hamburg``: no plural, a rare genitive). The rule is a heuristic: build-report.txt lists
   the entries it leaves out, most common first, for review; the reviewed ``names.txt`` and
   ``nouns.txt`` beside the German data decide before it.
   A form a kept entry also makes stays (``Essen``, from the verb essen); a word of a Debian word
   list only, whose capitalised spelling is a Hunspell entry left out as a name, is left out too
   (wspanish's ``barcelona``, ``carlos``).
2. What the language's letters cannot spell (``solvers.alphabets.fold``): words with a hyphen,
   an apostrophe, a space, a digit or a foreign letter.
3. Single letters (but the one-letter words of ``ONE_LETTER_WORDS``) and words without a vowel.
4. Slurs: every form (``solvers/offensive.py``) of an entry of the language's ``slurs.txt``, and
   of every other language's slurs (a slur of any language is in no list).

The played form of each word is its fold (``élève`` → ``eleve``, ``Straße`` → ``strasse``);
``display.txt.gz`` maps a played form to how it is written (``eleve<TAB>élève``) where the two
differ, taking the most common written form (wordfreq; on a tie the one closest to the
played form) when several fold together. Each word's commonness is the Zipf frequency of its
most common written form in the language (wordfreq). ``common`` holds the words of Zipf
``COMMON_ZIPF`` or more, ``full`` every word. ``NAME.meta.gz`` holds three bytes a word, as the
English lists: commonness × 10, a level (50 for a word of ``common``, 80 for the rest, on the
scale of the English lists' SCOWL levels) and flags (bit 0: vulgar or offensive in a common
sense, from the language's ``vulgar.txt`` and ``offensive-sense.txt``).

Every entry of LDNOOBW's list for the language found in the words must be reviewed into a tier
file or ``cleared.txt``; the build stops and names the rest. The gzip headers carry no
timestamp or file name, so a rebuild is byte-identical; the sources' notices are copied beside
the data.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from solvers.alphabets import fold  # noqa: E402
from solvers.offensive import KEEP, OFFENSIVE, Tiers, classify, read_words  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_lexicons import DATA, FLAGGED, unreviewed, verdicts, write_gzip  # noqa: E402
from word_sources import (  # noqa: E402
    DEFAULT_NODE_MODULES,
    SourceError,
    hunspell_forms as expand_hunspell,  # noqa: E402
    ldnoobw,
)

LANGUAGES = ("fr", "de", "es")
COMMON_ZIPF = 3.0  # commonness of a word of ``common``: about once in a million words
COMMON_LEVEL, FULL_LEVEL = 50, 80
ONE_LETTER_WORDS = {"fr": frozenset("ay"), "de": frozenset(), "es": frozenset("aeouy")}
VOWELS = frozenset("aeiouyäöü")
COMPOUND_START = frozenset("ij")  # de_DE's flags of a word that may start a compound (Abwasser: Abwasserrohr)
PLURAL_S_GAP = 0.8  # a German -s form this close in Zipf to its word is a plural, not a genitive
HUNSPELL = Path("/usr/share/hunspell")
DICT = Path("/usr/share/dict")
DOC = Path("/usr/share/doc")


@dataclass(frozen=True)
class Sources:
    """Where a language's words come from: Debian word lists (one word a line) and Hunspell
    dictionaries (a path without .dic/.aff), and the notices shipped beside the data."""

    word_lists: tuple[str, ...] = ()
    hunspell: tuple[str, ...] = ()
    lemmas: str = ""  # the Hunspell dictionary whose entries give the forms of a tier entry
    notices: dict[str, Path] = field(default_factory=dict)


SOURCES = {
    "fr": Sources(word_lists=("french",), lemmas="fr",
                  notices={"WFRENCH-COPYRIGHT": DOC / "wfrench" / "copyright",
                           "HUNSPELL-FR-COPYRIGHT": DOC / "hunspell-fr-classical" / "copyright"}),
    "de": Sources(hunspell=("de_DE",), lemmas="de_DE",
                  notices={"HUNSPELL-DE-DE-COPYRIGHT": DOC / "hunspell-de-de" / "copyright"}),
    "es": Sources(word_lists=("spanish",), hunspell=("es_ES",), lemmas="es_ES",
                  notices={"WSPANISH-COPYRIGHT": DOC / "wspanish" / "copyright",
                           "HUNSPELL-ES-COPYRIGHT": DOC / "hunspell-es" / "copyright"}),
}
SHARED_NOTICES = ("WORDFREQ-NOTICE", "LDNOOBW-LICENSE")


@dataclass
class Words:
    """A language's written forms, each with the sources that have it, and the forms left out
    as abbreviations or names (with the rule)."""

    sources: dict[str, set[str]] = field(default_factory=dict)
    left_out: dict[str, dict[str, str]] = field(default_factory=dict)  # rule: {form: entry}

    def add(self, form: str, source: str) -> None:
        self.sources.setdefault(form, set()).add(source)


@cache
def hunspell_forms(dictionary: Path) -> list[tuple[str, str, str]]:
    """``word_sources.hunspell_forms``, once per dictionary (the words and the tiers' forms read it)."""
    return expand_hunspell(dictionary)


def lemma_forms(language: str, dictionary: Path) -> dict[str, set[str]]:
    """Each Hunspell entry's played form with the played forms of its inflections (chier: chie,
    chié, chiait, ...), for the tier entries' forms."""
    lemmas: dict[str, set[str]] = {}
    for form, stem, _ in hunspell_forms(dictionary):
        played, base = fold(form, language), fold(stem, language)
        if played and base and played != base:
            lemmas.setdefault(base, set()).add(played)
    return lemmas


def write_irregular_forms(tiers_dir: Path, lemmas: dict[str, set[str]], vocabulary: set[str]) -> None:
    """irregular-forms.txt: the Hunspell forms in the list of every tier entry (not =word), for
    ``solvers/offensive.py`` to read (kind v: every entry without a kind takes them)."""
    tiers = Tiers.read(tiers_dir)
    lines = sorted({f"{form} {entry.word} v" for _, entry in tiers.entries() if not entry.alone
                    for form in lemmas.get(entry.word, ()) if form in vocabulary})
    (tiers_dir / "irregular-forms.txt").write_text(
        "# form base kind: the Hunspell forms of the tier entries found in the list "
        "(written by scripts/build_languages.py)\n" + "".join(line + "\n" for line in lines), encoding="utf-8")


def is_abbreviation(stem: str) -> bool:
    return sum(ch.isupper() for ch in stem) >= 2 or not stem.replace("-", "").isalpha()


def proper_names(hunspell: Path = HUNSPELL) -> set[str]:
    """Proper names in other languages' lists: the capitalised entries of the French and Spanish
    Hunspell dictionaries (English lists of names hold too many surnames that are German nouns:
    Vogel, Hammer)."""
    names: set[str] = set()
    for name in ("fr", "es_ES"):
        path = hunspell / f"{name}.dic"
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines()[1:]:
                stem = line.split("/")[0].strip()
                if stem[:1].isupper() and stem[1:].islower():
                    names.add(stem)
    return names


def umlauted(stem: str) -> str:
    """``stem`` with its last a, o, u (or au) umlauted: Vater → Väter, Haus → Häus."""
    for plain, umlaut in (("au", "äu"), ("a", "ä"), ("o", "ö"), ("u", "ü")):
        at = stem.rfind(plain)
        if at > 0 or (at == 0 and len(stem) > 1):
            return stem[:at] + umlaut + stem[at + len(plain):]
    return stem


def german_plurals(stem: str) -> set[str]:
    """The written forms a German noun's plural may take (not -s, which a genitive shares, nor a
    bare -er, which a name's demonym shares: Berliner, Wiener)."""
    forms = {stem + "e", stem + "en", stem + "n", stem + "ien"}
    if umlauted(stem) != stem:
        forms |= {umlauted(stem), umlauted(stem) + "e", umlauted(stem) + "er"}  # Vögel, Gärten, Häuser
    if stem.endswith(("a", "o", "e")):
        forms.add(stem[:-1] + "en")
    if stem.endswith(("um", "us", "on", "is")):
        forms |= {stem[:-2] + "en", stem[:-2] + "a"}
    return forms - {stem}


def german_name(stem: str, flags: str, forms: set[str], written: set[str], names: set[str],
                zipf: Callable[[str], float]) -> bool:
    """Whether a capitalised German entry is a name: the rule of the module docstring.
    ``forms``: the entry's forms; ``written``: every form of the dictionary; ``names``: the
    proper names of the other lists."""
    if forms - {stem, stem + "s"}:
        return False  # declines beyond the genitive: a noun
    if stem in names:
        return True
    if german_plurals(stem) & written:
        return False
    if COMPOUND_START & set(flags) or ("m" in flags and "S" not in flags):
        return False  # may start a compound (Abwasserrohr), or a feminine noun ending one (Zukunft)
    return not (stem + "s" in forms and not stem.endswith(("s", "x", "z", "ß")) and zipf(stem) > 0
                and zipf(stem + "s") >= zipf(stem) - PLURAL_S_GAP)


def gather(language: str, sources: Sources, dict_dir: Path, hunspell_dir: Path, zipf: Callable[[str], float],
           names: set[str], reviewed: Path) -> Words:
    """Every written form of the language's sources, less abbreviations and names (``reviewed``:
    the folder of the reviewed names.txt and nouns.txt, which decide before the rule)."""
    words = Words()
    reviewed_names, reviewed_nouns = (set(read_words(reviewed / f"{kind}.txt")) for kind in ("names", "nouns"))
    for name in sources.word_lists:
        path = dict_dir / name
        if not path.is_file():
            raise SourceError(f"{path} not found: apt-get install w{name}")
        for line in path.read_text(encoding="utf-8").splitlines():
            form = line.strip()
            if form and form[0].isupper():
                words.left_out.setdefault("capitalised, in a word list", {})[form] = form
            elif form:
                words.add(form, f"w{name}")
    for name in sources.hunspell:
        expanded = hunspell_forms(hunspell_dir / name)
        by_entry: dict[tuple[str, str], set[str]] = {}
        for form, stem, flags in expanded:
            if "-" not in form:
                by_entry.setdefault((stem, flags), set()).add(form)
        written = {form for forms in by_entry.values() for form in forms}
        kept: set[str] = set()
        for (stem, flags), forms in by_entry.items():
            if is_abbreviation(stem):
                rule = "abbreviations"
            elif not stem[:1].isupper() or stem in reviewed_nouns:
                rule = None
            elif stem in reviewed_names:
                rule = "names (reviewed, names.txt)"
            elif language != "de":
                rule = "names (capitalised entries)"
            elif german_name(stem, flags, forms, written, names, zipf):
                rule = "names (capitalised entries that do not decline as nouns)"
            else:
                rule = None
            if rule is None:
                kept |= forms
                for form in forms:
                    words.add(form, f"hunspell {name}")
            else:
                words.left_out.setdefault(rule, {}).update(dict.fromkeys(forms, stem))
        played = {fold(form, language) for form in kept}
        for rule, forms in words.left_out.items():
            words.left_out[rule] = {form: stem for form, stem in forms.items() if fold(form, language) not in played}
        named = {stem for rule, forms in words.left_out.items() if rule.startswith("names") for stem in forms.values()}
        lowered = {form: form[:1].upper() + form[1:] for form, sources in words.sources.items()
                   if form not in kept and not any(source.startswith("hunspell") for source in sources)}
        for form, capital in lowered.items():
            if capital in named:  # wspanish's barcelona, carlos: Hunspell's names Barcelona, Carlos
                del words.sources[form]
                words.left_out.setdefault("names (a word list's lowercase spelling of a name)", {})[form] = form
    return words


@dataclass
class Built:
    """A language's lists and what the build did, for the report."""

    full: list[str]
    common: list[str]
    display: dict[str, str]
    commonness: dict[str, int]
    flagged: set[str]
    dropped: dict[str, set[str]]
    words: Words
    tier_counts: dict[str, int]
    stem_words: dict[str, tuple[str, ...]]


def played_forms(language: str, words: Words, zipf: Callable[[str], float]) -> tuple[dict[str, str], dict[str, int],
                                                                                     dict[str, set[str]]]:
    """The played form of every written form: its display form, its commonness, and the written
    forms that are not words of the language's letters, by rule."""
    candidates: dict[str, list[tuple[float, str]]] = {}
    dropped: dict[str, set[str]] = {"letters outside the alphabet, hyphens, apostrophes, digits": set()}
    for form in sorted(words.sources):
        played = fold(form, language)
        if played is None:
            dropped["letters outside the alphabet, hyphens, apostrophes, digits"].add(form)
        else:
            candidates.setdefault(played, []).append((zipf(form), form))
    display, commonness = {}, {}
    for played, written in candidates.items():
        best = max(written, key=lambda zf: (zf[0], zf[1] == played, zf[1].islower(), [-ord(c) for c in zf[1]]))
        display[played] = best[1]
        commonness[played] = min(255, round(best[0] * 10))
    return display, commonness, dropped


def build_language(language: str, out_dir: Path, tiers_dirs: dict[str, Path], node_modules: Path | None,
                   zipf: Callable[[str], float], names: set[str], dict_dir: Path = DICT,
                   hunspell_dir: Path = HUNSPELL) -> Built:
    """Gather, fold, screen and write one language's lists; return what was built."""
    words = gather(language, SOURCES[language], dict_dir, hunspell_dir, zipf, names, tiers_dirs[language])
    display, commonness, dropped = played_forms(language, words, zipf)
    vocabulary = set(display)
    dropped["single letters"] = {w for w in vocabulary if len(w) == 1 and w not in ONE_LETTER_WORDS[language]}
    dropped["no vowel"] = {w for w in vocabulary if len(w) > 1 and not VOWELS & set(w)}
    dropped["reviewed (not-words.txt)"] = set(read_words(tiers_dirs[language] / "not-words.txt")) & vocabulary
    if SOURCES[language].lemmas:
        write_irregular_forms(tiers_dirs[language], lemma_forms(language, hunspell_dir / SOURCES[language].lemmas),
                              vocabulary)
    tiers = Tiers.read(tiers_dirs[language])
    classified = classify(vocabulary, tiers)
    if node_modules is not None:
        source = {f"LDNOOBW {language}": [p for p in (fold(e, language) for e in ldnoobw(node_modules, language)) if p]}
        missing = unreviewed(source, vocabulary, classified, tiers, tiers_dirs[language])
        if missing:
            raise SystemExit(f"{language}: {len(missing)} source words are not reviewed: put each in a tier file "
                             f"or cleared.txt in {tiers_dirs[language]}: {' '.join(missing)}")
    decided_here = {w for w, verdict in verdicts(vocabulary, classified, tiers, tiers_dirs[language]).items()
                    if verdict in (KEEP, OFFENSIVE)}
    foreign = set()
    for other, folder in tiers_dirs.items():
        if other != language:
            foreign |= classify(vocabulary, Tiers.read(folder)).removed - decided_here
    dropped["slurs"] = set(classified.removed)
    dropped["slurs of another language"] = foreign - classified.removed
    full = sorted(vocabulary - set().union(*dropped.values()))
    common = [w for w in full if commonness[w] >= round(COMMON_ZIPF * 10)]
    flagged = set(classified.flagged) & set(full)
    counts = {tier: sum(1 for w in full if classified.tiers.get(w) == tier) for tier in ("vulgar", "offensive")}
    built = Built(full, common, display, commonness, flagged, dropped, words, counts, classified.stem_words)
    write_language(out_dir, built)
    return built


def write_language(out_dir: Path, built: Built) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    common = set(built.common)
    for name, words in (("common", built.common), ("full", built.full)):
        write_gzip("".join(w + "\n" for w in words).encode("utf-8"), out_dir / f"{name}.txt.gz")
        meta = bytearray()
        for word in words:
            meta += bytes((built.commonness[word], COMMON_LEVEL if word in common else FULL_LEVEL,
                           FLAGGED if word in built.flagged else 0))
        write_gzip(bytes(meta), out_dir / f"{name}.meta.gz")
    shown = "".join(f"{w}\t{built.display[w]}\n" for w in built.full if built.display[w] != w)
    write_gzip(shown.encode("utf-8"), out_dir / "display.txt.gz")


def report(language: str, built: Built, zipf: Callable[[str], float]) -> str:
    """build-report.txt: counts per tier and source, before and after, examples of each rule."""
    def examples(forms: Iterable[str], count: int = 12) -> str:
        ranked = sorted(forms, key=lambda f: (-built.commonness.get(fold(f, language) or "", 0), f))
        return " ".join(ranked[:count])

    by_source: dict[str, int] = {}
    for sources in built.words.sources.values():
        for source in sources:
            by_source[source] = by_source.get(source, 0) + 1
    lines = [f"# The {language} lists, before and after the build: written by scripts/build_languages.py.\n",
             f"sources (written forms): {', '.join(f'{s} {n}' for s, n in sorted(by_source.items()))}\n",
             f"written forms, all sources: {len(built.words.sources)}; played forms: {len(built.display)}\n"]
    for rule, forms in sorted(built.words.left_out.items()):
        entries = sorted({stem for stem in forms.values() if fold(stem, language) not in built.display},
                         key=lambda stem: (-zipf(stem), stem))  # entries whose word is not in the list otherwise
        lines.append(f"left out, {rule}: {len(forms)} forms of {len(set(forms.values()))} entries, "
                     f"most common first: {' '.join(entries[:150])}\n")
    for rule, forms in built.dropped.items():
        lines.append(f"left out, {rule}: {len(forms)}{', e.g. ' + examples(forms) if forms else ''}\n")
    lines.append(f"full: {len(built.full)} words; common (Zipf >= {COMMON_ZIPF}): {len(built.common)} words\n")
    for tier, count in built.tier_counts.items():
        common = sum(1 for w in built.common if w in built.flagged)
        lines.append(f"  {tier} (flagged), in full: {count}\n")
    lines.append(f"  flagged in common: {common}\n")
    for stem, caught in built.stem_words.items():
        lines.append(f"stem {stem} catches {len(caught)}: {' '.join(caught)}\n")
    lines.append(f"display forms that differ from the played form: "
                 f"{sum(1 for w in built.full if built.display[w] != w)}\n")
    for length in (2, 3):
        short = [w for w in built.common if len(w) == length]
        lines.append(f"common {length}-letter words ({len(short)}): {' '.join(short)}\n")
    return "".join(lines)


def copy_notices(language: str, out_dir: Path) -> None:
    for name, path in SOURCES[language].notices.items():
        if not path.is_file():
            raise SourceError(f"{path} not found: install the Debian package it belongs to")
        shutil.copyfile(path, out_dir / name)
    for name in SHARED_NOTICES:
        shutil.copyfile(DATA / name, out_dir / name)


def wordfreq_zipf(language: str) -> Callable[[str], float]:
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        raise SystemExit("wordfreq is needed to build the lists: pip install '.[build]'") from None
    cache: dict[str, float] = {}

    def zipf(word: str) -> float:
        if word not in cache:
            cache[word] = zipf_frequency(word, language)
        return cache[word]
    return zipf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", metavar="LANGUAGE",
                        help="fr, de, es (default: all)")
    parser.add_argument("--out", type=Path, default=DATA, help="output folder (one subfolder a language)")
    parser.add_argument("--sources", type=Path, default=DEFAULT_NODE_MODULES, metavar="NODE_MODULES",
                        help="where npm installed naughty-words")
    args = parser.parse_args(argv)
    if set(args.languages) - set(LANGUAGES):
        parser.error(f"a language is one of {', '.join(LANGUAGES)}")
    tiers_dirs = {"en": DATA} | {language: DATA / language for language in LANGUAGES}
    names = proper_names()
    for language in args.languages or LANGUAGES:
        start = time.monotonic()
        out_dir = args.out / language
        zipf = wordfreq_zipf(language)
        built = build_language(language, out_dir, tiers_dirs, args.sources, zipf, names)
        copy_notices(language, out_dir)
        (out_dir / "build-report.txt").write_text(report(language, built, zipf), encoding="utf-8")
        print(f"{language}: full {len(built.full)} words, common {len(built.common)} words "
              f"({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
