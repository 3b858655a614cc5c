"""Definitions: the bundled file's known words and forms, and which sense comes first (issue 32:
WordNet's tag counts, the inflection's part of speech, never a word by itself), over every entry.
The build script on hand-made WordNets: test_definitions_build.py."""

import gzip
import itertools
import re
from pathlib import Path

import pytest

from solvers.definitions import Definitions, DefinitionsError, Sense, form_of, lookup
from solvers.lexicon import Lexicon
from solvers.offensive import classify

ROOT = Path(__file__).resolve().parents[2]


def lemmas_of(word, pos):
    return {s.lemma for s in lookup(word) if s.pos == pos}


@pytest.mark.parametrize("word, pos, lemma", [
    ("geese", "noun", "goose"), ("ran", "verb", "run"), ("better", "adjective", "good"),
    ("running", "verb", "run"), ("dogs", "noun", "dog"), ("GEESE", "noun", "goose"), (" Ran ", "verb", "run"),
])
def test_inflected_forms_give_their_lemmas_senses(word, pos, lemma):
    senses = lookup(word)
    assert lemma in lemmas_of(word, pos)
    assert [s for s in senses if s.lemma == lemma and s.pos == pos] == [
        s for s in lookup(lemma) if s.lemma == lemma and s.pos == pos]  # the lemma's own senses, not copies


def test_a_lemma_has_its_own_senses_first_by_use():
    senses = lookup("goose")
    assert senses and {s.lemma for s in senses} == {"goose"}
    assert senses[0].pos == "noun"
    parts = [s.pos for s in lookup("run")]
    assert parts[0] == "verb" and parts == sorted(parts, key=parts.index)  # most used part first, each together
    assert len([s for s in lookup("run") if s.pos == "verb"]) == 4  # capped at the first four


@pytest.mark.parametrize("word", ["xyzzyq", "", "with", "dog!", "zzxjoanw"])
def test_words_without_an_entry_give_nothing(word):
    assert lookup(word) == ()
    assert word not in Definitions.load()


def test_form_names():
    goose = Sense("noun", "a bird", "goose")
    assert form_of("geese", goose) == "plural of goose" and form_of("goose", goose) == ""
    run = Sense("verb", "move fast", "run")
    assert [form_of(w, run) for w in ("running", "ran", "runs")] == \
        ["-ing form of run", "form of run", "-s form of run"]
    assert form_of("walked", Sense("verb", "go on foot", "walk")) == "past of walk"
    good = Sense("adjective", "fine", "good")
    assert [form_of(w, good) for w in ("better", "best", "Worse")] == ["comparative of good", "superlative of good",
                                                                        "form of good"]


def test_the_file_defines_only_huge_words_and_every_entry_resolves():
    defined = Definitions.load()
    huge = set(Lexicon.load("huge").words)
    words = defined.words()
    assert len(words) > 100_000 and set(words) <= huge
    assert words == sorted(words)
    for word in words:  # every group gives senses: a reference finds its lemma's own senses of that part
        groups = defined._lines[word].split()
        parts = [(s.pos, s.lemma) for s in defined.lookup(word)]
        assert len(dict.fromkeys(parts)) == len(groups), word
    assert all(0 < len(g) <= 200 and '"' not in g[-1:] for g in defined.glosses)


def test_most_common_words_are_defined():
    common = Lexicon.load("common").words
    defined = Definitions.load()
    assert sum(w in defined for w in common) / len(common) > 0.9


def test_a_file_that_is_not_definitions_is_refused(tmp_path):
    path = tmp_path / "bad.txt.gz"
    path.write_bytes(gzip.compress(b"dog\tn:0\n"))
    with pytest.raises(DefinitionsError):
        Definitions.load(path)
    with pytest.raises(DefinitionsError):
        Definitions.load(tmp_path / "missing.txt.gz")
    with pytest.raises(DefinitionsError, match="no tab"):
        Definitions.parse("# header\na gloss\n\ndog n:0\n")


def test_gloss_numbers_in_lines_are_all_valid():
    defined = Definitions.load()
    used = {int(n) for line in itertools.islice(defined._lines.values(), None)
            for group in line.split() if ":" in group for n in group.split(":")[1].split(",")}
    assert used == set(range(len(defined.glosses)))  # every gloss is used, none is missing


def test_no_gloss_writes_a_slur(build):
    glosses = Definitions.load().glosses
    assert not any(g.startswith("(ethnic slur)") for g in glosses)
    assert not classify({w for g in glosses for w in build.lower_words(g)}).removed


def test_the_committed_report_counts_the_bundled_lists():
    report = (ROOT / "solvers" / "data" / "definitions-report.txt").read_text()
    defined = Definitions.load()
    for name in ("common", "full", "huge"):
        words = Lexicon.load(name).words
        hit = sum(w in defined for w in words)
        assert f"{name} words: {hit:,} of {len(words):,} defined ({100 * hit / len(words):.1f}%)" in report
    docs = (ROOT / "docs" / "word-lists.md").read_text()
    for line in report.splitlines()[1:-1]:  # every figure of the report is the one the docs give
        label, _, figures = line.partition(": ")
        assert figures.split(" defined")[0] in docs and figures.split("(")[1].rstrip(")") in docs, line


def test_the_wordnet_licence_ships_beside_the_data():
    notice = (ROOT / "solvers" / "data" / "WORDNET-LICENSE").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved." in notice


def test_a_gloss_is_marked_flagged_exactly_when_it_writes_a_flagged_word():
    definitions = Definitions.load()
    senses = {s for word in definitions.words() for s in definitions.lookup(word)}

    def lower_words(gloss):  # words written in lower case: Hmong is not mong
        return [w for w in re.findall("[A-Za-z]+", gloss) if w.islower()]

    flagged = classify({w for s in senses for w in lower_words(s.gloss)}).flagged
    for sense in senses:
        assert sense.flagged == bool(flagged.intersection(lower_words(sense.gloss))), sense
    assert any(s.flagged for s in lookup("donkey")) and not all(s.flagged for s in lookup("donkey"))


# Issue 32, point 4: senses by WordNet's tag counts, the inflection's part of speech, never a word by itself.

def first_sense(word):
    return lookup(word)[0]


def test_the_issues_examples_get_a_sensible_sense():
    vetted = first_sense("vetted")
    assert (vetted.pos, vetted.lemma) == ("verb", "vet") and "examine" in vetted.gloss  # not "work as a veterinarian"
    dive = first_sense("dive")  # noun and verb are tagged alike (4 + 1): the verb, "drop steeply"
    assert dive.pos == "verb" and "nightclub" not in dive.gloss
    assert all(not re.search(r"\blenient\b", s.gloss) for s in lookup("lenient"))  # not "tolerant or lenient"
    assert lookup("lenient")[0].gloss == "not strict"
    reeve = first_sense("reeve")  # no sense of reeve is tagged: a tie, the verb first (build_definitions.TIE_ORDER)
    assert (reeve.pos, reeve.gloss) == ("verb", "pass a rope through")
    assert "female ruff" in [s.gloss for s in lookup("reeve")]


def forms_of(lemma, pos):
    """Brute force, by part of speech: the regular forms of a lemma (a subset of what the build's morphy finds)."""
    forms = {lemma}
    if pos in ("noun", "verb"):
        forms |= {lemma + "s", lemma + "es"} | ({lemma[:-1] + "ies"} if lemma.endswith("y") else set())
    if pos == "verb":
        forms |= {lemma + "ed", lemma + "ing"} | ({lemma + "d", lemma[:-1] + "ing"} if lemma.endswith("e") else set())
    if pos == "adjective":
        forms |= {lemma + "er", lemma + "est"} | ({lemma + "r", lemma + "st"} if lemma.endswith("e") else set())
    return forms


def head(gloss):
    """What a definition says first: before "; " or ": " (outside parentheses, which glosses rarely nest)."""
    for found in re.finditer(r"[;:] ", gloss):  # the first outside parentheses: as many ( as ) before it
        before = gloss[: found.start()]
        if before.count("(") == before.count(")"):
            return before
    return gloss


def by_itself(sense):
    words = set(re.findall(r"[a-z]+(?:-[a-z]+)*", re.sub(r"`[^`']*'", " ", head(sense.gloss))))
    return not words.isdisjoint(forms_of(sense.lemma, sense.pos))


def test_no_entry_defines_a_word_by_itself_before_it_defines_it_otherwise():
    definitions = Definitions.load()
    last_resort = 0
    for word in definitions.words():
        itself = [by_itself(s) for s in definitions.lookup(word)]
        assert itself == sorted(itself), (word, definitions.lookup(word))  # such senses come only after every other
        last_resort += itself[0]
    assert 0 < last_resort < len(definitions) / 50  # tarred: "coat with tar", WordNet's only sense of tar the verb


@pytest.mark.parametrize("word", ["lenient", "walk", "admit", "geese", "opened", "reach"])
def test_a_sense_that_defines_the_word_by_itself_is_skipped(word):
    senses = lookup(word)
    assert senses and not any(by_itself(s) for s in senses), senses


def test_inflected_forms_take_the_part_of_speech_of_the_inflection():
    definitions = Definitions.load()
    for word in definitions.words():
        senses = definitions.lookup(word)
        if word.endswith(("ed", "ing")) and all(s.lemma != word for s in senses):
            assert {s.pos for s in senses} == {"verb"}, word  # a verb form only: vetted, the past of vet
    assert {s.pos for s in lookup("vetted")} == {"verb"}
    assert first_sense("dives").pos == "verb"  # plural noun or verb: dive's noun and verb are tagged alike
    # its own, on a tie with fry
    assert (first_sense("fried").pos, first_sense("fried").lemma) == ("adjective", "fried")


def test_the_first_sense_is_the_most_tagged():
    """Within a part of speech the file keeps WordNet's tag-count order: the first sense of run is
    the most tagged verb sense, and a word's first part of speech is the one with the most tagged sense."""
    assert first_sense("run").gloss.startswith("move fast by using one's feet")
    # work's most tagged sense is the noun's (90) though the verb has more in all
    assert first_sense("work").pos == "noun"
    assert first_sense("ravel").pos == "verb"  # the noun is only Ravel, the composer: a name after a common sense
