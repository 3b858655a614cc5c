"""What the list build reads besides SCOWL, at build time only: the offensive-word source lists
and WordNet's exception lists (irregular forms). The bot never imports this module."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

DEFAULT_NODE_MODULES = Path("build/sources/node_modules")
DEFAULT_WORDNET = Path("/usr/share/wordnet")
SETUP = ("pip install '.[build]' && npm install --prefix build/sources naughty-words@1.2.0 profanities@3.0.1 "
         "(and apt-get install scowl wordnet-base)")


class SourceError(SystemExit):
    """A build input that is missing; the message says how to install it."""


def offensive_sources(node_modules: Path) -> dict[str, list[str]]:
    """Each source list's entries, lowercased: LDNOOBW (the naughty-words npm package),
    better-profanity's word list, wordfilter's bad words and the profanities npm package."""
    try:
        better = resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text(encoding="utf-8")
        wordfilter = resources.files("wordfilter").joinpath("badwords.json").read_text(encoding="utf-8")
        ldnoobw = (node_modules / "naughty-words" / "en.json").read_text(encoding="utf-8")
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
