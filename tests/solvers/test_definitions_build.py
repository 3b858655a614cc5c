"""The definitions' build (scripts/build_definitions.py, scripts/wordnet_files.py) and its measure
(scripts/definition_senses.py) run on hand-made WordNets, so none needs Debian's wordnet-base:
gloss cleaning, the morphology against a brute-force reference, the order of senses and groups by
tag counts, and the senses that define a word by itself."""

import collections
import gzip
import importlib.util
import random
from pathlib import Path

import pytest

from solvers.definitions import Definitions

ROOT = Path(__file__).resolve().parents[2]
PARTS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


@pytest.mark.parametrize("raw, clean", [
    ('arrange attractively; "dress my hair for the wedding"  ', "arrange attractively"),
    ("any of numerous shorebirds; closely related to the sandpipers",
     "any of numerous shorebirds; closely related to the sandpipers"),
    ('significant progress (especially in the phrase "make strides"); "big strides"',
     'significant progress (especially in the phrase "make strides")'),
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
    folder = write_wordnet(tmp_path / "wn", SMALL, EXCEPTIONS, counts=[("walk", 2, 30), ("walk", 1, 5),
                                                                       ("glass", 1, 9)])
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


def reference_lemmas(pos, lemmas, exceptions, rules, doubled):
    """Brute force, forwards: every inflection of every lemma by every rule, and so for a word the
    lemmas whose inflection spells it, or the listed ones."""
    made = collections.defaultdict(set)
    for lemma in lemmas:
        for end, base in rules:
            if lemma.endswith(base):
                made[lemma[: len(lemma) - len(base)] + end].add(lemma)
        if len(lemma) >= 2 and lemma[-1] not in "aeiou":
            for end in doubled:  # the consonant doubled: preset -> presetting
                made[lemma + lemma[-1] + end].add(lemma)

    def of(word):
        if word in exceptions:
            return {word, *exceptions[word]} & lemmas
        if (pos == "n" and (word.endswith("ss") or len(word) <= 2)) or (pos == "a" and word in lemmas):
            return {word} & lemmas
        return made[word] | ({word} & lemmas)
    return of


@pytest.mark.parametrize("pos", ["n", "v", "a", "r"])
def test_morphy_matches_brute_force_on_random_words(build, pos):
    rng = random.Random(pos)
    alphabet = "aeshcxzmnyirgdt"
    for _ in range(300):
        lemmas = {"".join(rng.choices(alphabet, k=rng.randint(1, 5))) for _ in range(30)}
        forms = {lemma + end for lemma in lemmas for end, _ in build.RULES[pos]} | lemmas
        forms |= {lemma + lemma[-1] + end for lemma in lemmas for end in build.DOUBLED_ENDINGS.get(pos, ())}
        forms |= {lemma[:-1] + end for lemma in lemmas if lemma.endswith("y")
                  for end, _ in build.EXTRA_RULES.get(pos, ())}
        words = forms | {"".join(rng.choices(alphabet, k=rng.randint(1, 6))) for _ in range(30)}
        exceptions = {w: (rng.choice(sorted(lemmas)),) for w in rng.sample(sorted(words), 3)}
        reference = reference_lemmas(pos, lemmas, exceptions, build.RULES[pos] + build.EXTRA_RULES.get(pos, ()),
                                     build.DOUBLED_ENDINGS.get(pos, ()))
        for word in words:
            got = build.morphy(word, pos, lemmas, exceptions)
            assert len(got) == len(set(got)) and (not got or word not in lemmas or got[0] == word)
            assert set(got) == reference(word), word


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


def write_synsets(folder, synsets, counts=()):
    """A WordNet folder from synsets ``(pos, words, gloss, links)``, a lemma's senses in the order
    given; a link ``(synset number, from word, to word)`` is a derivational one (``+``).
    ``counts``: (lemma, pos, sense number, tag count) lines of cntlist.rev."""
    folder.mkdir()

    def line(words, gloss, pointers):
        return f" 05 {pos} {len(words):02x} " + " ".join(
            f"{w} 0" for w in words) + f" {len(pointers):03d}{''.join(pointers)} | {gloss}  \n"

    offsets, size = [], {pos: len("  1 licence line\n") for pos in PARTS}
    for pos, words, gloss, links in synsets:  # a pointer is of fixed width: offsets are known before them
        offsets.append(size[pos])
        size[pos] += 8 + len(line(words, gloss, [" + 00000000 n 0000"] * len(links)).encode())
    data = {pos: "  1 licence line\n" for pos in PARTS}
    for (pos, words, gloss, links), offset in zip(synsets, offsets, strict=True):
        pointers = [f" + {offsets[n]:08d} {synsets[n][0]} {a:02x}{b:02x}" for n, a, b in links]
        data[pos] += f"{offset:08d}" + line(words, gloss, pointers)
    index: dict[tuple[str, str], list[int]] = {}
    for (pos, words, _, _), offset in zip(synsets, offsets, strict=True):
        for word in words:
            index.setdefault((pos, word.lower()), []).append(offset)
    for pos, part in PARTS.items():
        (folder / f"data.{part}").write_text(data[pos])
        (folder / f"index.{part}").write_text("  1 licence line\n" + "".join(
            f"{lemma} {p} {len(o)} 0 {len(o)} 0 {' '.join(f'{x:08d}' for x in o)}  \n"
            for (p, lemma), o in sorted(index.items()) if p == pos))
        (folder / f"{part}.exc").write_text("")
    codes = {"n": 1, "v": 2, "a": 3, "r": 4}
    (folder / "cntlist.rev").write_text("".join(f"{lemma}%{codes[pos]}:01:00:: {number} {n}\n"
                                                for lemma, pos, number, n in counts))
    return folder


SENSES = [
    ("a", ["lenient"], "tolerant or lenient; \"indulgent parents\"", []),  # 0
    ("a", ["lenient"], "not strict", []),
    ("n", ["vet", "veterinarian"], "a doctor of animals", []),  # 2
    ("v", ["vet"], "work as a veterinarian", [(2, 1, 1)]),  # 3: vet the noun, longer: veterinarian
    ("v", ["vet"], "examine carefully", []),
    ("n", ["cat"], "feline mammal: domestic cats; wildcats", []),  # 5: the head is before ": "
    ("a", ["pert", "saucy", "impertinent"], "a lightly pert quality", []),  # 6: only by itself: synonyms
    ("v", ["tar"], "coat with tar", []),  # 7: by itself, no synonym: the last resort
    ("n", ["tar"], "a dark oily substance", []),
    ("n", ["Ravel"], "French composer", []),  # 9: a name
    ("v", ["ravel"], "disentangle", []),
    ("v", ["harp"], "play the harp", []),  # 11
    ("v", ["harp"], "come back to", []),
    ("n", ["harp"], "a stringed instrument", []),
    ("n", ["dive"], "a nightclub", []),  # 14
    ("v", ["dive"], "drop steeply", []),
    ("n", ["goodness"], "the `good' of it (not `goodness')", []),  # 16: named, not used
    ("n", ["laelia"], "plants of the genus Laelia", []),  # a name written with a capital
    ("n", ["swing"], "a swing-like seat", []),  # a hyphenated word is one word
]


@pytest.fixture
def rich(build, tmp_path):
    counts = [("dive", "n", 1, 4), ("dive", "v", 1, 4), ("harp", "v", 1, 1), ("harp", "n", 1, 1),
              ("lenient", "a", 1, 3), ("tar", "v", 1, 9)]
    folder = write_synsets(tmp_path / "wn", SENSES, counts)
    return folder, build.read_wordnet(folder)


def test_a_sense_whose_definition_uses_the_word_first_is_skipped(rich):
    _, wordnet = rich
    assert wordnet.senses["a"]["lenient"] == ("not strict",)  # the most tagged sense, skipped
    assert wordnet.senses["v"]["vet"] == ("examine carefully",)  # veterinarian: vet's longer name
    assert wordnet.senses["n"]["cat"] == ("feline mammal: domestic cats; wildcats",)
    assert wordnet.senses["n"]["goodness"] and wordnet.senses["n"]["laelia"] and wordnet.senses["n"]["swing"]
    assert wordnet.senses["a"]["pert"] == ("saucy, impertinent",)  # every sense uses it: its synonyms
    assert wordnet.senses["v"]["tar"] == ("coat with tar",)  # none to give: the last resort


def test_a_words_groups_come_by_their_most_tagged_sense_kept(build, rich):
    _, wordnet = rich
    assert build.groups("tar", wordnet) == [("n", "tar"), ("v", "tar")]  # the verb is tagged, but only by itself
    assert build.groups("dive", wordnet) == [("v", "dive"), ("n", "dive")]  # a tie: the verb (TIE_ORDER)
    assert build.groups("harp", wordnet) == [("n", "harp"), ("v", "harp")]  # a tie: the verb uses the word
    assert build.groups("ravel", wordnet) == [("v", "ravel"), ("n", "ravel")]  # an untagged name after
    assert build.groups("vetted", wordnet) == [("v", "vet")]


def test_the_measure_traces_the_shown_senses_to_their_tag_counts(build, rich, tmp_path):
    folder, _ = rich
    spec = importlib.util.spec_from_file_location("definition_senses", ROOT / "scripts" / "definition_senses.py")
    senses = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(senses)
    finder = senses.SenseFinder(folder)
    words = ["lenient", "lenient", "dive", "tarred", "pert", "zzz"]
    build.build(folder, words, tmp_path / "after.txt.gz")
    after = senses.measure(words, Definitions.load(tmp_path / "after.txt.gz"), finder)
    assert after["defined"] == 5 and after[senses.TAGGED] == 4  # pert has no tag count
    assert after[senses.POS_BEST] == 2 and after[senses.POS_OWN] == 4  # lenient's most tagged sense is skipped
    assert after[senses.ITSELF] == 1 and after["not traced to a WordNet sense"] == 0  # tarred: the last resort
    before = tmp_path / "before.txt.gz"  # lenient's first sense shown: the most tagged, and by itself
    before.write_bytes(gzip.compress(b"# h\ntolerant or lenient\n\nlenient\ta:0\n"))
    old = senses.measure(["lenient"], Definitions.load(before), finder)
    assert old[senses.POS_BEST] == 1 and old[senses.POS_OWN] == 0 and old[senses.ITSELF] == 1


@pytest.mark.parametrize("text, first", [
    ("feline mammal: domestic cats; wildcats", "feline mammal"), ("flee; take to one's heels", "flee"),
    ("(of a gait; said of horses) fast: a run", "(of a gait; said of horses) fast"), ("not strict", "not strict"),
])
def test_the_head_of_a_definition(build, text, first):
    assert build.head(text) == first


def test_a_synset_line_is_read_with_its_names_and_derivational_links(build):
    from wordnet_files import parse_synset

    line = "02446504 41 v 02 vet 0 Vet_Med(a) 1 003 @ 02445925 v 0000 + 10749715 n 0104 + 00001740 " \
           "s 0201 01 + 02 00 | work"
    synset = parse_synset(line)
    assert synset.words == ("vet", "vet_med") and synset.names == {"vet_med"} and synset.gloss == "work"
    assert synset.links == ((10749715, "n", 1, 4), (1740, "a", 2, 1))
