"""``wordbot word``, ``judge`` and ``define`` with ``--language`` (issue 44): a word typed with or
without its accents is read in the language's letters, the card names the language's lists and
shows how the word is written, and ``define`` says in one line that definitions are English only."""

import json

import pytest

from bot.cli import main
from bot.lab.words.text import ENGLISH_ONLY


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("language, typed, played", [
    ("fr", "élève", "eleve"), ("fr", "ELEVE", "eleve"), ("de", "Straße", "strasse"), ("de", "HÄUSER", "häuser"),
    ("es", "niño", "niño"), ("es", "canción", "cancion"), ("es", "cancion", "cancion"),
])
def test_a_word_typed_with_or_without_accents_is_found(language, typed, played, capsys):
    code, out, _ = run(capsys, "word", typed, "--language", language, "--json")
    card = json.loads(out)
    assert code == 0 and card["word"] == played and card["found"]
    assert card["lists"] == [f"{language}/common", f"{language}/full"] and card["definitions"] == []
    code, out, _ = run(capsys, "word", typed, "--language", language)
    assert code == 0 and ENGLISH_ONLY in out and f"{played.upper()}" in out.splitlines()[0]


def test_the_card_shows_the_written_form_and_the_language(capsys):
    out = run(capsys, "word", "strasse", "--language", "de")[1]
    assert out.startswith("STRASSE (Straße): a word") and "words of German" in out


def test_the_judge_reads_the_language_s_letters(capsys):
    code, out, _ = run(capsys, "judge", "élève", "ÉCOLE", "--language", "fr")
    assert code == 0 and "the French full word list" in out
    assert run(capsys, "judge", "häuser", "--language", "de")[0] == 0
    assert run(capsys, "judge", "hauser", "--language", "de")[0] == 1  # ä is a letter of its own
    assert run(capsys, "judge", "año", "--language", "es", "--lexicon", "common")[0] == 0


def test_define_says_definitions_are_english_only(capsys):
    code, out, _ = run(capsys, "define", "élève", "--language", "fr")
    assert code == 0 and out.strip() == ENGLISH_ONLY
    code, out, _ = run(capsys, "define", "élève", "--language", "fr", "--json")
    assert json.loads(out) == {"word": "eleve", "definitions": [], "did_you_mean": []}
