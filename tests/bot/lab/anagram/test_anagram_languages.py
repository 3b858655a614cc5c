"""Another language's lists in the terminal (issue 44): ``wordbot anagram RACK --language fr|de|es``
and ``wordbot pattern P --language ...`` search that language's lists in its own letters (German
ä ö ü, Spanish ñ, a blank standing for them too), read what was typed with or without accents,
answer exactly what a brute force over the list answers, and show each word as it is written."""

import json
import random
import re
from collections import Counter

import pytest

from bot.cli import main
from solvers.alphabets import fold, fold_letters
from solvers.lexicon import Lexicon, LexiconError


@pytest.fixture(scope="module")
def french():
    return Lexicon.load("full", language="fr")


@pytest.fixture(scope="module")
def lists():
    return {language: Lexicon.load("full", language=language) for language in ("fr", "de", "es")}


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


@pytest.mark.parametrize("language, rack", [
    ("de", "HÄUSER"), ("de", "häuse?"), ("de", "GRÜ?E"), ("de", "Straße"), ("de", "M?DCHEN"), ("de", "??ERN"),
    ("es", "NIÑO"), ("es", "ni?o"), ("es", "AÑOS?"), ("es", "canción"), ("es", "??ERA"),
])
def test_german_and_spanish_anagrams_are_the_brute_force_answers(language, rack, lists, capsys):
    """Their own letters are letters (ä, ñ) and a blank may stand for them."""
    code, out, _ = run(capsys, "anagram", rack, "--language", language, "--json")
    found = json.loads(out)
    typed = fold_letters(rack, language).lower()
    assert code == 0 and found["lexicon"] == f"{language}/full"
    assert sorted(r["word"] for r in found["results"]) == brute_force(lists[language], typed)
    assert set(found) == {"rack", "board", "mode", "lexicon", "results"}
    for result in found["results"]:
        missing = Counter(result["word"]) - Counter(typed.replace("?", ""))
        assert sorted(result["blanks"]) == sorted(missing.elements())


def test_a_blank_stands_for_a_language_s_own_letter(lists, capsys):
    assert any(r["blanks"] == "ñ" and r["word"] == "niño"
               for r in json.loads(run(capsys, "anagram", "NI?O", "--language", "es", "--json")[1])["results"])
    assert any("ä" in r["blanks"] for r in json.loads(
        run(capsys, "anagram", "H?USER", "--language", "de", "--json")[1])["results"])
    code, out, _ = run(capsys, "anagram", "HÄUSER", "--language", "de")
    assert code == 0 and "HÄUSER (Häuser)" in out


@pytest.mark.parametrize("language, pattern", [
    ("de", "h?user"), ("de", "*ö*ü*"), ("de", "gr[üu]?e"), ("de", "[^aeiouäöü]ä??"),
    ("es", "ni?o"), ("es", "*ñ"), ("es", "[ñn]?[^ñ]o"), ("fr", "élè?e"), ("fr", "?[^e]*œ*"),
])
def test_patterns_in_each_language_are_the_regex_answers(language, pattern, lists, capsys):
    code, out, _ = run(capsys, "pattern", pattern, "--language", language, "--json", "--limit", "0")
    found = json.loads(out)
    typed = fold_letters(pattern, language).lower()
    regex = re.compile(typed.replace("?", ".").replace("*", ".*").replace("[^", "[^\\n"))
    letters = lists[language].alphabet
    expected = [w for w in lists[language].words if regex.fullmatch(w) and all(ch in letters for ch in w)]
    assert code == 0 and found["count"] == len(expected) and found["lexicon"] == f"{language}/full"
    code, out, _ = run(capsys, "pattern", pattern, "--language", language, "--json", "--sort", "alpha")
    assert sorted(json.loads(out)["words"]) == sorted(expected)[:10_000]


def test_another_language_s_letters_are_folded_or_named(capsys):
    """Spanish reads Ä as A and German Ñ as N (accents they fold); ß is a letter of German only."""
    assert run(capsys, "anagram", "HÄUS", "--language", "es", "--json")[1] == \
        run(capsys, "anagram", "HAUS", "--language", "es", "--json")[1]
    assert '"niño"' not in run(capsys, "anagram", "NIÑO", "--language", "de", "--json")[1]
    code, out, err = run(capsys, "anagram", "STRAßE", "--language", "es")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "'ß'" in err
    code, out, err = run(capsys, "anagram", "ΑΒ", "--language", "de")
    assert code == 2 and "A–Z, Ä, Ö, Ü" in err


def test_a_language_reads_its_bundled_lists_only(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("chat\nchien\n")
    code, _, err = run(capsys, "anagram", "TACH", "--language", "fr", "--lexicon", str(words))
    assert code == 2 and "The French lists are common and full" in err
    with pytest.raises(LexiconError, match="not 'xx'"):
        Lexicon.load("full", language="xx")
