"""``wordbot letterboxed SIDES --language de|es|fr`` (issue 44): a box of the language's letters
(German Ä, Spanish Ñ), typed with or without accents, solved on that language's list: every
solution's words are words of the list, played by the box's rule, each shown as it is written."""

import json

import pytest

from bot.cli import main
from solvers.lexicon import Lexicon


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def plays_on(box, word):
    side = {ch: number for number, letters in enumerate(box) for ch in letters}
    return len(word) >= 3 and all(ch in side for ch in word) \
        and all(side[a] != side[b] for a, b in zip(word, word[1:], strict=False))


@pytest.mark.parametrize("language, sides", [
    ("de", "ÄRT SIE NUL HBO"), ("es", "ÑOS ALE TIC RUP"), ("fr", "ÉCO LTR ISN AUP"),
])
def test_a_box_of_the_language_s_letters_is_solved_on_its_list(language, sides, capsys):
    code, out, _ = run(capsys, "letterboxed", *sides.split(), "--language", language, "--lexicon", "common",
                       "--json", "--limit", "5", "--max-words", "3")
    solved = json.loads(out)
    lexicon = Lexicon.load("common", language=language)
    box = sides.lower().replace("é", "e").split()
    assert code == 0 and solved["solutions"]
    for solution in solved["solutions"]:
        words = solution["words"]
        assert all(word in lexicon and plays_on(box, word) for word in words)
        assert all(a[-1] == b[0] for a, b in zip(words, words[1:], strict=False))
        assert set("".join(words)) == set("".join(box))


def test_the_text_shows_each_word_as_written(capsys):
    code, out, _ = run(capsys, "letterboxed", "ECO", "LTR", "ISN", "AUP", "--language", "fr", "--limit", "3",
                       "--lexicon", "common", "--max-words", "3")
    assert code == 0 and "(lexicon fr/common)" in out and "é" in out
    code, out, err = run(capsys, "letterboxed", "ÑOS", "ALE", "TIC", "RUP", "--language", "de")
    assert code == 0 and "NOS ALE TIC RUP" in out  # German reads Ñ as N
