"""Definitions: the bundled file's known words, and the build script run on a hand-made WordNet
(so neither needs Debian's wordnet-base), its morphology against a brute-force reference."""

import gzip
import importlib.util
import itertools
import random
import re
import sys
from pathlib import Path

import pytest

from solvers.definitions import Definitions, DefinitionsError, Sense, form_of, lookup
from solvers.lexicon import Lexicon
from solvers.offensive import classify

ROOT = Path(__file__).resolve().parents[2]
PARTS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("build_definitions", ROOT / "scripts" / "build_definitions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


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
    assert [form_of(w, run) for w in ("running", "ran", "runs")] == ["-ing form of run", "form of run", "-s form of run"]
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


@pytest.mark.parametrize("raw, clean", [
    ('arrange attractively; "dress my hair for the wedding"  ', "arrange attractively"),
    ("any of numerous shorebirds; closely related to the sandpipers", "any of numerous shorebirds; closely related to the sandpipers"),
    ('significant progress (especially in the phrase "make strides"); "big strides"', 'significant progress (especially in the phrase "make strides")'),
    ('a complete extent or range: "a gamut of emotions"', "a complete extent or range"),
    ('restrict or confine, "I limit you to two visits"', "restrict or confine"),
    ('a local branch where postal services are available"', "a local branch where postal services are available"),
    ("( especially used in belief)  defiling ;", "(especially used in belief) defiling"),
])
def test_gloss_cleaning(build, raw, clean):
    assert build.clean_gloss(raw) == clean


def test_long_glosses_are_cut_at_a_word(build):
    cut = build.clean_gloss("word " * 100, limit=30)
    assert len(cut) <= 30 and cut.endswith("…") and cut[:-1].split() == ["word"] * len(cut[:-1].split())


def write_wordnet(folder, senses, exceptions=None, counts=()):
    """A WordNet folder: ``senses`` maps pos to lemma to glosses (one synset each, in sense order)."""
    folder.mkdir()
    for pos, part in PARTS.items():
        data, index = "  1 licence line\n", ["  1 licence line\n"]
        for lemma, glosses in sorted(senses.get(pos, {}).items()):
            offsets = []
            for gloss in glosses:
                offsets.append(len(data.encode()))
                data += f"{len(data.encode()):08d} 05 {pos} 01 {lemma} 0 000 | {gloss}  \n"
            index.append(f"{lemma} {pos} {len(offsets)} 0 {len(offsets)} 0 {' '.join(f'{o:08d}' for o in offsets)}  \n")
        (folder / f"data.{part}").write_text(data)
        (folder / f"index.{part}").write_text("".join(index))
        (folder / f"{part}.exc").write_text("".join(f"{form} {' '.join(bases)}\n"
                                                     for form, bases in (exceptions or {}).get(pos, {}).items()))
    (folder / "cntlist.rev").write_text("".join(f"{lemma}%{code}:01:00:: 1 {n}\n" for lemma, code, n in counts))
    return folder


SMALL = {
    "n": {"goose": ["a bird; \"a goose\"", "a fool", "its flesh", "a poke", "a fifth sense"], "box": ["a container"],
          "church": ["a place of worship"], "woman": ["an adult female"], "pony": ["a small horse"],
          "glass": ["a material"], "glasses": ["spectacles"], "bus": ["a vehicle"], "walk": ["a stroll"],
          "spade": ["a shovel", "(ethnic slur) a slur sense"], "ox": ["a bovine"],
          "boss": ["a person in charge"], "bos": ["a genus of cattle"], "as": ["a unit of weight"]},
    "v": {"run": ["move fast"], "walk": ["go on foot"], "bake": ["cook in an oven"], "hope": ["wish"],
          "box": ["put into a box"], "glass": ["enclose with glass"],
          "windmill": ["turn like a windmill"], "preset": ["set beforehand"], "add": ["put together"]},
    "a": {"good": ["fine"], "big": ["large"], "late": ["after time"], "after": ["behind"], "aft": ["at the stern"],
          "nice": ["pleasant"], "well": ["in good health"],
          "wheezy": ["breathing with a whistle"], "trig": ["neat"]},
    "r": {"well": ["in a good way"]},
}
EXCEPTIONS = {"n": {"geese": ["goose"], "oxen": ["ox"]}, "v": {"ran": ["run"], "running": ["run"]},
              "a": {"better": ["good", "well"], "bigger": ["big"]}, "r": {"better": ["well"]}}


@pytest.fixture
def small(build, tmp_path):
    folder = write_wordnet(tmp_path / "wn", SMALL, EXCEPTIONS, counts=[("walk", 2, 30), ("walk", 1, 5), ("glass", 1, 9)])
    return build.read_wordnet(folder)


@pytest.mark.parametrize("word, expected", [
    ("geese", [("n", "goose")]), ("oxen", [("n", "ox")]), ("ran", [("v", "run")]), ("running", [("v", "run")]),
    ("boxes", [("n", "box"), ("v", "box")]), ("churches", [("n", "church")]), ("women", [("n", "woman")]),
    ("ponies", [("n", "pony")]), ("buses", [("n", "bus")]), ("baked", [("v", "bake")]), ("walked", [("v", "walk")]),
    ("hoping", [("v", "hope")]), ("walks", [("v", "walk"), ("n", "walk")]),  # walk is tagged more as a verb
    ("glasses", [("n", "glass"), ("n", "glasses"), ("v", "glass")]), ("glass", [("n", "glass"), ("v", "glass")]),
    ("better", [("a", "good"), ("a", "well"), ("r", "well")]), ("bigger", [("a", "big")]), ("nicest", [("a", "nice")]),
    ("later", [("a", "late")]), ("after", [("a", "after")]), ("bus", [("n", "bus")]), ("xyz", []),
    ("wheezier", [("a", "wheezy")]), ("wheeziest", [("a", "wheezy")]), ("triggest", [("a", "trig")]),
    ("windmilled", [("v", "windmill")]), ("presetting", [("v", "preset")]), ("added", [("v", "add")]),
    ("boss", [("n", "boss")]), ("ass", []),  # a noun ending in ss keeps it (not bos, nor as)
])
def test_morphology_of_the_small_wordnet(build, small, word, expected):
    assert build.groups(word, small) == expected


def test_senses_are_capped_in_order_and_slurs_left_out(small):
    assert small.senses["n"]["goose"] == ("a bird", "a fool", "its flesh", "a poke")
    assert small.senses["n"]["spade"] == ("a shovel",)


def reference_lemmas(word, pos, lemmas, exceptions, rules, doubled):
    """Brute force: every lemma whose inflection by some rule spells ``word``, or the listed ones."""
    if word in exceptions:
        return {word, *exceptions[word]} & lemmas
    if (pos == "n" and (word.endswith("ss") or len(word) <= 2)) or (pos == "a" and word in lemmas):
        return {word} & lemmas
    made = {lemma for lemma in lemmas for end, base in rules
            if lemma.endswith(base) and lemma[: len(lemma) - len(base)] + end == word}
    made |= {lemma for lemma in lemmas for end in doubled if len(lemma) >= 2 and lemma[-1] not in "aeiou"
             and lemma + lemma[-1] + end == word}  # the consonant doubled: preset -> presetting
    return made | ({word} & lemmas)


@pytest.mark.parametrize("pos", ["n", "v", "a", "r"])
def test_morphy_matches_brute_force_on_random_words(build, pos):
    rng = random.Random(pos)
    alphabet = "aeshcxzmnyirgdt"
    for _ in range(300):
        lemmas = {"".join(rng.choices(alphabet, k=rng.randint(1, 5))) for _ in range(30)}
        forms = {lemma + end for lemma in lemmas for end, _ in build.RULES[pos]} | lemmas
        forms |= {lemma + lemma[-1] + end for lemma in lemmas for end in build.DOUBLED_ENDINGS.get(pos, ())}
        forms |= {lemma[:-1] + end for lemma in lemmas if lemma.endswith("y") for end, _ in build.EXTRA_RULES.get(pos, ())}
        words = forms | {"".join(rng.choices(alphabet, k=rng.randint(1, 6))) for _ in range(30)}
        exceptions = {w: (rng.choice(sorted(lemmas)),) for w in rng.sample(sorted(words), 3)}
        for word in words:
            got = build.morphy(word, pos, lemmas, exceptions)
            assert len(got) == len(set(got)) and (not got or word not in lemmas or got[0] == word)
            rules = build.RULES[pos] + build.EXTRA_RULES.get(pos, ())
            assert set(got) == reference_lemmas(word, pos, lemmas, exceptions, rules, build.DOUBLED_ENDINGS.get(pos, ())), word


def test_the_build_is_reproducible_and_readable(build, tmp_path):
    folder = write_wordnet(tmp_path / "wn", SMALL, EXCEPTIONS)
    words = ["geese", "goose", "ran", "boxes", "box", "oxen", "better", "zzz", "nicest"]
    first, second = tmp_path / "one.txt.gz", tmp_path / "two.txt.gz"
    build.build(folder, words, first)
    build.build(folder, list(reversed(words)), second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes()[4:8] == b"\0\0\0\0"  # no timestamp in the gzip header
    defined = Definitions.load(first)
    assert defined.words() == sorted(set(words) - {"zzz"})
    assert lookup_pairs(defined, "geese") == [("noun", "goose", "a bird"), ("noun", "goose", "a fool"),
                                              ("noun", "goose", "its flesh"), ("noun", "goose", "a poke")]
    assert lookup_pairs(defined, "oxen") == [("noun", "ox", "a bovine")]  # ox has no line: its senses inline
    assert lookup_pairs(defined, "nicest") == [("adjective", "nice", "pleasant")]
    assert {(p, lemma) for p, lemma, _ in lookup_pairs(defined, "better")} == {
        ("adjective", "good"), ("adjective", "well"), ("adverb", "well")}
    text = gzip.decompress(first.read_bytes()).decode()
    assert "\tn>goose" in text and text.count("a bird") == 1  # a form refers to its lemma's line


def lookup_pairs(defined, word):
    return [(s.pos, s.lemma, s.gloss) for s in defined.lookup(word)]


def test_missing_wordnet_says_what_to_install(build, tmp_path):
    with pytest.raises(SystemExit, match="wordnet-base"):
        build.read_wordnet(tmp_path)


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
