"""What the list builds read besides SCOWL, at build time only: the offensive-word source lists,
WordNet's exception lists (irregular forms), WordNet's senses labelled as slurs for a people,
and the Hunspell dictionaries expanded with their affix rules (scripts/build_languages.py).
The bot never imports this module."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

DEFAULT_NODE_MODULES = Path("build/sources/node_modules")
DEFAULT_WORDNET = Path("/usr/share/wordnet")
SETUP = ("pip install '.[build]' && npm install --prefix build/sources naughty-words@1.2.0 profanities@3.0.1 "
         "(and apt-get install scowl wordnet-base; for French, German and Spanish: wfrench wspanish "
         "hunspell-de-de hunspell-es)")


class SourceError(SystemExit):
    """A build input that is missing; the message says how to install it."""


def offensive_sources(node_modules: Path) -> dict[str, list[str]]:
    """Each source list's entries, lowercased: LDNOOBW (the naughty-words npm package),
    better-profanity's word list, wordfilter's bad words and the profanities npm package."""
    try:
        better = resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text(encoding="utf-8")
        wordfilter = resources.files("wordfilter").joinpath("badwords.json").read_text(encoding="utf-8")
        ldnoobw = ldnoobw_text(node_modules, "en")
        profanities = (node_modules / "profanities" / "index.js").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as error:
        raise SourceError(f"a source list is missing ({error}); install them: {SETUP}") from None
    lists = {
        "LDNOOBW (naughty-words 1.2.0)": json.loads(ldnoobw),
        "better-profanity 0.7.0": better.splitlines(),
        "wordfilter 0.2.7": json.loads(wordfilter),
        "profanities 3.0.1": re.findall(r"'([^']*)'", profanities),
    }
    return {name: [entry.strip().lower() for entry in entries if entry.strip()] for name, entries in lists.items()}


def ldnoobw_text(node_modules: Path, language: str) -> str:
    """LDNOOBW's list for ``language`` (en, fr, de, es, ...), as the naughty-words package ships it (JSON)."""
    return (node_modules / "naughty-words" / f"{language}.json").read_text(encoding="utf-8")


def ldnoobw(node_modules: Path, language: str) -> list[str]:
    """LDNOOBW's entries for ``language``, lowercased."""
    try:
        return [entry.strip().lower() for entry in json.loads(ldnoobw_text(node_modules, language)) if entry.strip()]
    except FileNotFoundError as error:
        raise SourceError(f"a source list is missing ({error}); install it: {SETUP}") from None


def hunspell_forms(dictionary: Path) -> list[tuple[str, str, str]]:
    """Every word a Hunspell dictionary (``dictionary``.dic and .aff) accepts without
    compounding, expanded with its affix rules through spylls: (form, entry stem, entry flags)
    for each form of each entry: the stem itself (unless the entry needs an affix), each suffix
    whose condition holds, a second suffix where the first allows one, and each prefix, crossed
    with the suffixes where both allow it. Entries and affixes that only occur inside compounds
    or are forbidden are left out."""
    try:
        from spylls.hunspell import Dictionary
    except ImportError:
        raise SourceError("spylls is needed to expand the Hunspell dictionaries: pip install '.[build]'") from None
    if not dictionary.with_suffix(".dic").is_file():
        raise SourceError(f"{dictionary}.dic not found: install Debian's hunspell dictionaries ({SETUP})")
    found = Dictionary.from_files(str(dictionary))
    aff = found.aff
    barred = {flag for flag in (aff.ONLYINCOMPOUND, aff.FORBIDDENWORD) if flag}

    def suffixed(stem: str, flags: set[str] | frozenset[str]):
        for flag in sorted(flags):
            for suffix in aff.SFX.get(flag, ()):
                if stem.endswith(suffix.strip) and suffix.cond_regexp.search(stem) and not barred & set(suffix.flags):
                    yield stem[: len(stem) - len(suffix.strip)] + suffix.add, suffix

    forms = []
    for word in found.dic.words:
        flags = set(word.flags)
        if barred & flags:
            continue
        made = [] if aff.NEEDAFFIX in flags else [word.stem]
        crossing = []
        for form, suffix in suffixed(word.stem, flags):
            if aff.NEEDAFFIX not in suffix.flags:
                made.append(form)
            if suffix.crossproduct:
                crossing.append(form)
            made.extend(second for second, _ in suffixed(form, set(suffix.flags)))
        for flag in sorted(flags):
            for prefix in aff.PFX.get(flag, ()):
                if barred & set(prefix.flags):
                    continue
                bases = [word.stem] + (crossing if prefix.crossproduct else [])
                made.extend(prefix.add + base[len(prefix.strip):] for base in bases
                            if base.startswith(prefix.strip) and prefix.cond_regexp.search(base))
        entry_flags = "".join(sorted(flags))
        forms.extend((form, word.stem, entry_flags) for form in dict.fromkeys(made))
    return forms


def wordnet_exceptions(wordnet: Path) -> dict[str, set[tuple[str, str]]]:
    """WordNet's irregular forms: each base word and the forms its exception lists give it,
    with their kind (n, v, a): (geese, n) for goose, (pickaninnies, n) for pickaninny."""
    bases: dict[str, set[tuple[str, str]]] = {}
    for part, kind in (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "a")):
        path = wordnet / f"{part}.exc"
        if not path.is_file():
            raise SourceError(f"{path} not found: install Debian's wordnet-base (apt-get install wordnet-base)")
        for line in path.read_text(encoding="utf-8").splitlines():
            form, *lemmas = line.split()
            for lemma in lemmas:
                if lemma != form:
                    bases.setdefault(lemma, set()).add((form, kind))
    return bases


SLUR_LABEL = re.compile(r"\(ethnic slur\)|\b(?:offensive|disparaging|derogatory)\b", re.IGNORECASE)
PEOPLE = re.compile(r"\b(?:descent|blacks?|whites?|asians?|africans?|jews?|non-jewish|catholics?|catholic church|"
                    r"native americans|british|foreigners|people of color|races)\b", re.IGNORECASE)


def labels_a_people(definition: str) -> bool:
    """Whether a WordNet definition labels its sense a slur for a people: "(ethnic slur)", or
    "offensive", "disparaging" or "derogatory" with a people, race or faith named (offensive term
    for a Jew, a disparaging term for a British person, a term for Blacks now considered
    offensive, offensive terms for the practices of the Roman Catholic Church). Insults for other
    kinds of people (runt, hillbilly) are not matched."""
    return "(ethnic slur)" in definition or bool(SLUR_LABEL.search(definition) and PEOPLE.search(definition))


def wordnet_slur_senses(wordnet: Path) -> dict[str, tuple[str, ...]]:
    """Every one-word WordNet lemma (lowercased, hyphens dropped: half-breed is halfbreed) with the
    definitions of its senses that :func:`labels_a_people` accepts (darky: "(ethnic slur) offensive term
    for Black people")."""
    senses: dict[str, set[str]] = {}
    for part in ("noun", "verb", "adj", "adv"):
        path = wordnet / f"data.{part}"
        if not path.is_file():
            raise SourceError(f"{path} not found: install Debian's wordnet-base (apt-get install wordnet-base)")
        for line in path.read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or " | " not in line:
                continue  # the licence at the top of the file
            head, _, gloss = line.partition(" | ")
            definition = gloss.split('; "')[0].strip()
            if not labels_a_people(definition):
                continue
            fields = head.split()
            for k in range(int(fields[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * k]).lower().replace("-", "")  # Jap; adjective markers (a)
                if lemma.isalpha() and lemma.isascii():
                    senses.setdefault(lemma, set()).add(definition)
    return {word: tuple(sorted(glosses)) for word, glosses in sorted(senses.items())}
