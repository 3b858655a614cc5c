"""The shipped French, German and Spanish lists (solvers/data/<lang>/, built by
scripts/build_languages.py): sizes, letters, order, tiers, no slur of any language, display
forms, the name rule on examples, and the build's gzip writer giving the same bytes twice."""

from __future__ import annotations

import functools
import gzip
import importlib.util
import sys
from pathlib import Path

import pytest

from solvers.alphabets import alphabet, fold
from solvers.offensive import Tiers, classify, data_folder, forms

LANGUAGES = ("fr", "de", "es")
# Expected sizes, with room for a rebuild from newer Debian packages or wordfreq.
SIZES = {"fr": {"common": (20_000, 32_000), "full": (290_000, 360_000)},
         "de": {"common": (22_000, 34_000), "full": (250_000, 320_000)},
         "es": {"common": (24_000, 38_000), "full": (560_000, 720_000)}}
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def folder(language: str) -> Path:
    return data_folder() / language


@functools.cache
def words(language: str, tier: str) -> tuple[str, ...]:
    return tuple(gzip.decompress((folder(language) / f"{tier}.txt.gz").read_bytes()).decode("utf-8").splitlines())


@functools.cache
def meta(language: str, tier: str) -> bytes:
    return gzip.decompress((folder(language) / f"{tier}.meta.gz").read_bytes())


@functools.cache
def display(language: str) -> dict[str, str]:
    text = gzip.decompress((folder(language) / "display.txt.gz").read_bytes()).decode("utf-8")
    return dict(line.split("\t") for line in text.splitlines())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("tier", ["common", "full"])
def test_sizes_letters_order(language, tier):
    found = words(language, tier)
    low, high = SIZES[language][tier]
    assert low <= len(found) <= high
    assert list(found) == sorted(set(found))
    letters = set(alphabet(language))
    assert all(set(word) <= letters and len(word) >= 1 for word in found)
    assert all(fold(word, language) == word for word in found[::97])  # a played form folds to itself
    assert len(meta(language, tier)) == 3 * len(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_common_is_within_full_with_the_same_figures(language):
    full = {word: k for k, word in enumerate(words(language, "full"))}
    full_meta, common_meta = meta(language, "full"), meta(language, "common")
    for k, word in enumerate(words(language, "common")):
        at = full[word]
        assert common_meta[3 * k : 3 * k + 3] == full_meta[3 * at : 3 * at + 3]
        assert common_meta[3 * k] >= 30 and common_meta[3 * k + 1] == 50  # Zipf >= 3.0; level 50
    levels = set(full_meta[1::3])
    assert levels == {50, 80}
    assert set(full_meta[2::3]) <= {0, 1}


@functools.cache
def all_tiers() -> dict[str, Tiers]:
    return {"en": Tiers.read(data_folder())} | {language: Tiers.read(folder(language)) for language in LANGUAGES}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_slur_of_any_language_in_any_list(language):
    """No form of any language's slurs, but the words this language's own tier 3 decides (a
    slur of another language that is a word here: pommier in French, hebe in German)."""
    vocabulary = set(words(language, "full"))
    own = classify(vocabulary, all_tiers()[language])
    assert not own.removed
    here = {w for w, tier in own.tiers.items() if tier == "offensive"}
    tiers_here = all_tiers()[language]
    here |= {w for entry in tiers_here.kept for w in forms(entry, vocabulary, tiers_here.irregular)}
    for other, tiers in all_tiers().items():
        if other != language:
            assert not classify(vocabulary, tiers).removed - here, other


@pytest.mark.parametrize("language", LANGUAGES)
def test_flagged_words_are_flagged(language):
    full = words(language, "full")
    flagged = {word for k, word in enumerate(full) if meta(language, "full")[3 * k + 2] & 1}
    assert flagged == set(classify(set(full), all_tiers()[language]).flagged)
    assert flagged  # every language has vulgar words


EXPECTED = {
    "fr": {"in": ["eleve", "etre", "coeur", "garcon", "noel", "maison", "pommier"],
           "out": ["negre", "pede", "gouine", "aujourdhui"], "flagged": ["merde", "putain", "baiser"],
           "display": {"ecole": "école", "etre": "être", "garcon": "garçon"}},
    "de": {"in": ["haus", "baum", "strasse", "grüsse", "äpfel", "vater", "auto", "team", "stadt", "hebe", "abo"],
           "out": ["berlin", "hans", "michael", "münchen", "hamburg", "neger", "schwuchtel"],
           "flagged": ["scheisse", "ficken", "wichser", "hure"],
           "display": {"haus": "Haus", "strasse": "Straße", "äpfel": "Äpfel"}},
    "es": {"in": ["niño", "cancion", "pinguino", "casa", "hablamos", "perro", "negro"],
           "out": ["madrid", "carlos", "barcelona", "maricon", "sudaca", "gringo"],
           "flagged": ["mierda", "puta", "marrano"],
           "display": {"cancion": "canción", "pinguino": "pingüino", "arbol": "árbol"}},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples(language):
    full = set(words(language, "full"))
    expected = EXPECTED[language]
    assert set(expected["in"]) <= full
    assert not set(expected["out"]) & full
    flags = dict(zip(words(language, "full"), meta(language, "full")[2::3], strict=True))
    assert all(flags[word] & 1 for word in expected["flagged"])
    assert {played: display(language)[played] for played in expected["display"]} == expected["display"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_display_forms_fold_back(language):
    full = set(words(language, "full"))
    shown = display(language)
    assert shown and set(shown) <= full
    assert all(fold(written, language) == played != written for played, written in shown.items())


def load_build_script():
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location("build_languages_under_test", SCRIPTS / "build_languages.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


def test_gzip_writer_is_reproducible(tmp_path):
    build = load_build_script()
    data = "".join(w + "\n" for w in words("de", "common")).encode("utf-8")
    build.write_gzip(data, tmp_path / "a.gz")
    build.write_gzip(data, tmp_path / "b.gz")
    assert (tmp_path / "a.gz").read_bytes() == (tmp_path / "b.gz").read_bytes()
    assert (tmp_path / "a.gz").read_bytes() == (folder("de") / "common.txt.gz").read_bytes()


def test_german_name_rule():
    build = load_build_script()
    zipf = {"Team": 5.2, "Teams": 4.6, "München": 5.0, "Münchens": 3.0, "Hans": 4.6}.get

    def name(stem, flags, forms, written=frozenset(), names=frozenset({"Berlin"})):
        return build.german_name(stem, flags, set(forms), set(written), set(names), lambda w: zipf(w, 0.0))

    assert not name("Haus", "Tpmij", {"Haus", "Hauses", "Häuser"})  # declines: a noun
    assert not name("Baum", "STpmij", {"Baum", "Baums", "Baumes", "Bäume"})
    assert name("Berlin", "Sm", {"Berlin", "Berlins"})  # a proper name in another language's list
    assert name("Hans", "", {"Hans"})  # no plural, no genitive flag: a name
    assert name("München", "Sm", {"München", "Münchens"})  # a rare genitive
    assert not name("Vater", "Smij", {"Vater", "Vaters"}, written={"Väter"})  # its plural is a word
    assert not name("Team", "Sm", {"Team", "Teams"})  # its -s form is a plural
    assert not name("Zukunft", "m", {"Zukunft"})  # a feminine noun
    assert not name("Abwasser", "Smij", {"Abwasser", "Abwassers"})  # starts compounds
    assert build.german_plurals("Museum") >= {"Museen"} and "Berliner" not in build.german_plurals("Berlin")
