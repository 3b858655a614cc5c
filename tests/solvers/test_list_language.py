"""A word list read in a language (issue 44, point 5): the reader keeps each line's first column
that the language's letter rule reads as a word, as the language writes it, and skips the
others; checked against a brute force that splits and folds each line alone."""

import random
import unicodedata

import pytest

from solvers.alphabets import LANGUAGES, fold
from solvers.list_language import played_forms, screened
from solvers.word_file import read_bytes
from solvers.wordlist import ListError, build_lexicon, pack, parse_upload, unpack

PIECES = ["élève", "Élève", "eleve", "ÉLÈVE", "e\u0301le\u0300ve", "œuf", "Cœur", "æther", "straße", "STRASSE",
          "Ärger", "öl", "Über", "ÜBER", "año", "Año", "niño", "NIÑO", "pingüino", "Árbol", "ça", "garçon",
          "cat", "Dog", "qi", "ﬁn", "ｃａｔ", "ø", "łódź", "слово", "l'eau", "porte-monnaie", "x2", "12", "?", "",
          "a" * 46, "é" * 46, '"quoted"', '"élan"', '"half', "日本"]
SEPARATORS = ["", " ", "\t", ",", ";", " rest of line", ",noun", "  ", " é"]
BREAKS = ["\n", "\r\n", "\r"]


def brute_force(text: str, language: str) -> tuple[set[str], int, int]:
    """(played words, lines, skipped lines): each line alone, its first column folded."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    words, skipped = set(), 0
    for line in lines:
        stripped = line.lstrip(" \t")
        column = stripped
        for cut in " \t,;":
            column = column.split(cut, 1)[0]
        if len(column) >= 2 and column[0] == column[-1] == '"':
            column = column[1:-1]
        if not column:
            skipped += bool(line.strip())
            continue
        if column.isascii():
            played = column.lower() if column.isalpha() and len(column) <= 45 else None
        else:
            played = fold(column, language)
        if played is None:
            skipped += 1
        else:
            words.add(played)
    return words, len(lines), skipped


def random_text(rng: random.Random, count: int) -> str:
    return "".join(rng.choice([" ", ""]) + rng.choice(PIECES) + rng.choice(SEPARATORS) + rng.choice(BREAKS)
                   for _ in range(count))


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_the_reader_keeps_what_the_language_reads_as_a_word(language):
    rng = random.Random(f"lists {language}")
    for _ in range(20):
        text = random_text(rng, rng.randint(1, 60))
        expected, lines, skipped = brute_force(text, language)
        if not expected:
            continue
        for piece in (7, 64, 1 << 20):  # pieces all ASCII and not: read alike
            read = read_bytes(text.encode(), piece=piece, language=language)
            assert {fold(word, language) for word in read.words} == expected, text
            assert (read.lines, read.skipped) == (lines, skipped), text
            assert all(word == unicodedata.normalize("NFC", word) and word == word.lower() for word in read.words)


def test_each_language_reads_its_own_letters_and_shows_them():
    french = parse_upload("Élève\nŒuf\nGarçon\nstraße\nl'eau\nAño\n".encode(), "fr")
    assert french.words == ("ano", "eleve", "garcon", "oeuf") and french.skipped == 2  # ß, the apostrophe
    assert french.sample() == ("año", "élève", "garçon", "œuf")  # as written
    german = parse_upload("Straße\nÄrger\nÖl\nÜber\nCafé\nniño\n".encode(), "de")
    assert german.words == ("cafe", "nino", "strasse", "ärger", "öl", "über") and german.skipped == 0
    spanish = parse_upload("Año\nÁrbol\nPingüino\nstraße\nÄrger\n".encode(), "es")
    assert spanish.words == ("arbol", "arger", "año", "pinguino") and spanish.skipped == 1  # ñ sorts after z
    english = parse_upload("Élève\ncat\nStraße\n".encode())  # English as it always read: a-z (ß case-folds to ss)
    assert english.words == ("cat", "strasse") and english.skipped == 1


def test_one_written_form_is_kept_for_each_played_word():
    assert played_forms(["pêche", "péché", "peche"], "fr") == {"peche": "peche"}
    assert played_forms(["pêche", "péché"], "fr") == {"peche": "péché"}  # the first in code-point order
    assert played_forms(["straße", "strasse"], "de") == {"strasse": "strasse"}


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_a_stored_list_reads_back_as_it_was_uploaded(language):
    upload = parse_upload("Élève\nAño\nÄrger\nStraße\ncat\n".encode(), language)
    lexicon = build_lexicon(f"{language}/club", unpack(pack(upload.stored())))
    assert sorted(lexicon.words) == sorted(upload.words) and lexicon.language == language
    assert {lexicon.display(word) for word in lexicon.words} == set(upload.stored())


def test_slurs_of_every_language_are_removed_and_vulgar_words_flagged():
    # French's own slur (nègre), an English slur and a Spanish one in a French list: all removed
    slurs, _ = screened(["negre", "nigger", "maricon", "eleve"], "fr")
    assert slurs == {"negre", "nigger", "maricon"}
    french = parse_upload("nègre\nNIGGER\nmaricón\nélève\nmerde\n".encode(), "fr")
    assert french.words == ("eleve", "merde") and french.removed == 3 and french.flagged == {"merde"}
    assert french.sample() == ("élève",)  # a flagged word is not sampled
    with pytest.raises(ListError, match="No words are left once slurs are removed"):
        parse_upload("nègre\n".encode(), "fr")
    lexicon = build_lexicon("fr/club", ["nègre", "élève", "merde"])  # stored before a tier file grew
    assert sorted(lexicon.words) == ["eleve", "merde"] and lexicon.is_vulgar("merde")


def test_a_file_with_no_word_of_the_language_names_its_letters():
    with pytest.raises(ListError, match=r"letters A–Z, Ä, Ö, Ü\)"):
        parse_upload("łódź\nслово\n".encode(), "de")


def test_a_worker_reads_a_list_in_its_language_from_its_words_file(tmp_path):
    """What ``GuildLists.path`` writes (the stored words, one a line) and a job loads by the list's name."""
    from solvers.wordlist import load_source

    path = tmp_path / "words.txt"
    path.write_text("\n".join(unpack(pack(parse_upload("Élève\nCœur\nÄrger\n".encode(), "fr").stored()))) + "\n",
                    encoding="utf-8")
    lexicon = load_source(str(path), "fr/club")
    assert sorted(lexicon.words) == ["arger", "coeur", "eleve"] and lexicon.display("coeur") == "cœur"
    assert lexicon.name == "fr/club" and lexicon.language == "fr"
