"""Another language's lists in the terminal (issue 44): ``wordbot anagram RACK --language fr`` and
``wordbot pattern P --language fr`` search the French lists, read what was typed with or without
accents, answer exactly what a brute force over the French list answers, show each word as it is
written, and refuse German and Spanish (their extra letters are not searched yet) in one line."""

import json
import random
from collections import Counter

import pytest

from bot.cli import main
from solvers.alphabets import fold, fold_letters
from solvers.lexicon import Lexicon, LexiconError


@pytest.fixture(scope="module")
def french():
    return Lexicon.load("full", language="fr")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def brute_force(lexicon, rack):
    """Every word of the list whose letters are the rack's, a ? standing for any letter."""
    letters, blanks = Counter(rack.replace("?", "")), rack.count("?")
    return sorted(word for word in lexicon.words if len(word) == len(rack)
                  and sum((Counter(word) - letters).values()) == blanks and not letters - Counter(word))


def test_the_french_list_is_played_without_accents_and_shown_with_them(french):
    assert french.name == "fr/full" and french.language == "fr" and len(french) > 300_000
    assert "eleve" in french and "élève" not in french and french.display("eleve") in ("élève", "élevé")
    assert french.display("chat") == "chat" and Lexicon.load("full").display("cafe") == "cafe"
    assert all(fold(french.display(word), "fr") == word for word in random.Random(4).sample(list(french.words), 500))


@pytest.mark.parametrize("rack", ["CHIEN", "ÉCOLE", "MAISON?", "ARBRE??", "Œuvre"])
def test_anagrams_in_french_are_the_brute_force_answers(rack, french, capsys):
    code, out, _ = run(capsys, "anagram", rack, "--language", "fr", "--json")
    found = json.loads(out)
    assert code == 0 and found["lexicon"] == "fr/full"
    assert sorted(r["word"] for r in found["results"]) == brute_force(french, fold_letters(rack, "fr").lower())
    assert set(found) == {"rack", "board", "mode", "lexicon", "results"}  # the English command's shape


def test_the_text_shows_how_each_word_is_written(capsys):
    code, out, _ = run(capsys, "anagram", "ÉLÈVE", "--language", "fr")
    assert code == 0 and "ELEVE (élev" in out and "LEVEE (levée)" in out
    code, out, _ = run(capsys, "pattern", "élè?e", "--language", "fr")
    assert code == 0 and "ELEVE (élev" in out


@pytest.mark.parametrize("language, letters", [("de", "ä ö ü"), ("es", "ñ")])
def test_german_and_spanish_say_what_is_missing_in_one_line(language, letters, capsys):
    code, out, err = run(capsys, "anagram", "HAUS", "--language", language)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and letters in err
    with pytest.raises(LexiconError, match="only English and French"):
        Lexicon.load("common", language=language)


def test_a_language_reads_its_bundled_lists_only(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("chat\nchien\n")
    code, _, err = run(capsys, "anagram", "TACH", "--language", "fr", "--lexicon", str(words))
    assert code == 2 and "The French lists are common and full" in err
    with pytest.raises(LexiconError, match="not 'xx'"):
        Lexicon.load("full", language="xx")
