"""``wordbot fivewords`` and ``wordbot tileset`` with ``--language``: French (a-z) searched on its
own list, against a brute force on a small shape; German and Spanish refused in one line."""

import json
from itertools import combinations

import pytest

from solvers.lexicon import Lexicon
from tests.bot.test_cli import run


def test_french_five_words_of_a_small_shape_match_a_brute_force(capsys):
    code, out, err = run(capsys, "fivewords", "--language", "fr", "--lexicon", "common", "--words", "2",
                         "--letters", "4", "--include", "quai", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["lexicon"] == "fr/common"
    fours = {w for w in Lexicon.load("common", language="fr").words if len(w) == 4 and len(set(w)) == 4}
    expected = {frozenset(("".join(sorted(a)), "".join(sorted(b)))) for a, b in combinations(sorted(fours), 2)
                if "quai" in (a, b) and not set(a) & set(b)}
    assert document["count"] == len(expected) > 0


def test_french_tiles_are_searched_on_the_french_list(capsys):
    code, out, err = run(capsys, "tileset", "--language", "fr", "--tiles", "6", "--greedy-only", "--json")
    assert code == 0, err
    document = json.loads(out)
    french = Lexicon.load("full", language="fr")
    assert document["words"] == len(document["formable"]) > 0 and all(word in french for word in document["formable"])


@pytest.mark.parametrize(("command", "language", "letters"), [("fivewords", "de", "Ä, Ö, Ü"), ("tileset", "es", "Ñ")])
def test_german_and_spanish_are_refused_in_one_line(capsys, command, language, letters):
    code, out, err = run(capsys, command, "--language", language)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith(f"--language {language} has {letters} besides.\n")
    assert "26 letters A-Z" in err
