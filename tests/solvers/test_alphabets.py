"""Letters as each language's players use them (solvers/alphabets.py): folding, typed input,
the play alphabets and each Scrabble bag against its published figures."""

from __future__ import annotations

import unicodedata

import pytest

from solvers.alphabets import ALPHABETS, BAGS, LANGUAGES, MAX_LETTERS, alphabet, bag, fold, letter_counts

FOLDS = {
    "fr": [
        ("élève", "eleve"), ("ÉLÈVE", "eleve"), ("eleve", "eleve"), ("Élève", "eleve"), ("être", "etre"),
        ("noël", "noel"), ("NOËL", "noel"), ("garçon", "garcon"), ("GARÇON", "garcon"), ("cœur", "coeur"),
        ("Œuvre", "oeuvre"), ("ŒUF", "oeuf"), ("nævus", "naevus"), ("Æschne", "aeschne"), ("à", "a"),
        ("âme", "ame"), ("île", "ile"), ("maïs", "mais"), ("hôte", "hote"), ("goût", "gout"), ("où", "ou"),
        ("capharnaüm", "capharnaum"), ("L'haÿ", None), ("ÿ", "y"), ("déjà", "deja"), ("crème", "creme"),
        ("français", "francais"), ("ïambe", "iambe"), ("straße", None), ("niño", "nino"), ("über", "uber"),
    ],
    "de": [
        ("Straße", "strasse"), ("STRASSE", "strasse"), ("strasse", "strasse"), ("Grüße", "grüsse"),
        ("Äpfel", "äpfel"), ("ÄPFEL", "äpfel"), ("Öl", "öl"), ("über", "über"), ("ÜBER", "über"),
        ("Haus", "haus"), ("Fuß", "fuss"), ("weiß", "weiss"), ("ẞ", "ss"), ("GROẞ", "gross"),
        ("Café", "cafe"), ("Crème", "creme"), ("Señor", "senor"), ("naïv", "naiv"), ("Œuvre", "oeuvre"),
        ("schön", "schön"), ("Mädchen", "mädchen"), ("Müller", "müller"), ("Ähre", "ähre"),
    ],
    "es": [
        ("niño", "niño"), ("NIÑO", "niño"), ("Ñandú", "ñandu"), ("canción", "cancion"), ("CANCIÓN", "cancion"),
        ("pingüino", "pinguino"), ("PINGÜINO", "pinguino"), ("árbol", "arbol"), ("éxito", "exito"),
        ("índice", "indice"), ("ópera", "opera"), ("útil", "util"), ("chorro", "chorro"), ("llama", "llama"),
        ("perro", "perro"), ("año", "año"), ("ano", "ano"), ("façade", "facade"), ("straße", None),
        ("cigüeña", "cigueña"),
    ],
    "en": [
        ("café", "cafe"), ("naïve", "naive"), ("Résumé", "resume"), ("HELLO", "hello"),
        ("encyclopædia", "encyclopaedia"), ("straße", None), ("piñata", "pinata"),
    ],
}

NOT_WORDS = [
    "aujourd'hui", "aujourd’hui", "porte-monnaie", "ice cream", "c3po", "x2", "2", "", " ", "a.b", "a_b", "a\u200bb",
    "ø", "Ærø", "łódź", "αβγ", "кот", "сat",  # Cyrillic с
    "\u0301a", "a\tb", "a\nb", "🙂", "a🙂", "abc!", "#", "a" * (MAX_LETTERS + 1), "é" * (MAX_LETTERS + 1),
    "x" * 10_000,
]


@pytest.mark.parametrize(("language", "word", "played"),
                         [(lang, word, played) for lang, cases in FOLDS.items() for word, played in cases])
def test_fold(language, word, played):
    assert fold(word, language) == played


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("text", NOT_WORDS)
def test_not_words_fold_to_none(language, text):
    assert fold(text, language) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_typed_forms_read_alike(language):
    """What a player types: with or without accents, any case, decomposed accents, full-width
    letters, spaces around the word."""
    word = {"fr": "élève", "de": "Grüße", "es": "canción", "en": "café"}[language]
    played = fold(word, language)
    typed = [word, word.upper(), word.lower(), unicodedata.normalize("NFD", word), f"  {word}\n",
             "".join(chr(ord(c) + 0xFEE0) if "a" <= c <= "z" else c for c in word)]
    assert {fold(t, language) for t in typed} == {played}
    assert fold(played, language) == played  # a played form is its own fold


def test_dotted_capital_i_folds_to_i():
    assert fold("İstanbul", "fr") == "istanbul"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_letter_of_the_alphabet_is_kept_and_nothing_else_comes_out(language):
    letters = alphabet(language)
    assert all(fold(ch, language) == ch for ch in letters)
    for code in range(0x20, 0x2000):
        played = fold(chr(code), language)
        assert played is None or set(played) <= set(letters), chr(code)


def test_alphabets():
    assert ALPHABETS["en"] == ALPHABETS["fr"] == "abcdefghijklmnopqrstuvwxyz"
    assert ALPHABETS["de"] == "abcdefghijklmnopqrstuvwxyzäöü"
    assert ALPHABETS["es"] == "abcdefghijklmnñopqrstuvwxyz"
    with pytest.raises(ValueError, match="no such language"):
        fold("word", "it")


# The published sets: tiles with blanks, blanks, and the letters with the most tiles.
PUBLISHED = {"en": (100, 2, {"e": 12, "a": 9, "i": 9, "o": 8}), "fr": (102, 2, {"e": 15, "a": 9, "i": 8}),
             "de": (102, 2, {"e": 15, "n": 9, "s": 7}), "es": (100, 2, {"a": 12, "e": 12, "o": 9})}


@pytest.mark.parametrize("language", LANGUAGES)
def test_bags_match_the_published_sets(language):
    total, blanks, most = PUBLISHED[language]
    assert bag(language).total == total
    assert bag(language).blanks == blanks
    assert {tile: bag(language).tiles[tile] for tile in most} == most
    assert all(count >= 1 for count in bag(language).tiles.values())


def test_bag_details():
    assert {t: BAGS["de"].tiles[t] for t in "äöü"} == {"ä": 1, "ö": 1, "ü": 1}
    assert {t: BAGS["es"].tiles[t] for t in ("ch", "ll", "rr", "ñ")} == {"ch": 1, "ll": 1, "rr": 1, "ñ": 1}
    assert "k" not in BAGS["es"].tiles and "w" not in BAGS["es"].tiles
    assert sum(BAGS["en"].tiles.values()) == 98 and sum(BAGS["fr"].tiles.values()) == 100


def test_letter_counts_split_digraph_tiles():
    counts = letter_counts("es")
    assert (counts["c"], counts["h"], counts["l"], counts["r"]) == (5, 3, 6, 7)
    assert counts["k"] == counts["w"] == 0
    assert sum(counts.values()) == 98 + 3
    assert set(counts) == set(alphabet("es"))
    for language in ("en", "fr", "de"):
        assert letter_counts(language) == {ch: bag(language).tiles.get(ch, 0) for ch in alphabet(language)}
