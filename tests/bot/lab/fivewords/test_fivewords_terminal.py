"""wordbot fivewords: the counts and the sets grouped by missing letters, JSON, a limit, a list by path, bad input."""

import json

from bot.cli import main
from bot.lab.fivewords import text
from solvers.fivewords import five_words, most_common_first
from solvers.lexicon import Lexicon


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_famous_puzzle_on_full_by_default_the_most_common_words_first(capsys):
    full = Lexicon.load("full")
    expected = most_common_first(five_words(full), full.commonness)
    code, out, err = run(capsys, "fivewords")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[:3] == ["Five words · 5 words × 5 letters · full",
                         f"{expected.count} sets ({expected.count_with_anagrams} counting anagrams apart)",
                         "Grouped by the letters left out, most common words first; anagrams shown as a/b."]
    listed = [line.strip() for line in lines if line.startswith("  ")]
    assert listed == [text.set_line(s) for s in expected.sets] and "fjord gucks nymph vibex waltz" in listed
    assert listed[0] == "chunk fjord gymps vibex waltz"  # its words after the two rarest (0.0) are more common


def test_huge_is_one_option_away_grouped_by_missing_letters_most_common_first(capsys):
    huge = Lexicon.load("huge")
    expected = most_common_first(five_words(huge), huge.commonness)
    lines = run(capsys, "fivewords", "--lexicon", "huge")[1].splitlines()
    assert lines[0] == "Five words · 5 words × 5 letters · huge"
    listed = [line.strip() for line in lines if line.startswith("  ")]
    assert listed == [text.set_line(s) for s in expected.sets]
    headings = [line for line in lines if line.startswith("without ")]
    assert len(headings) == len({s.missing for s in expected.sets})  # each group of missing letters once
    assert listed != [text.set_line(s) for s in five_words(huge).sets]  # not the alphabetical order


def test_json_is_the_whole_answer_and_the_same_every_run(capsys):
    code, out, _ = run(capsys, "fivewords", "--words", "4", "--letters", "6", "--json")
    again = run(capsys, "fivewords", "--words", "4", "--letters", "6", "--json")[1]
    document = json.loads(out)
    full = Lexicon.load("full")
    expected = most_common_first(five_words(full, 4, 6), full.commonness)
    assert code == 0 and out == again
    assert (document["lexicon"], document["words"], document["letters"]) == ("full", 4, 6)
    assert (document["count"], document["count_with_anagrams"], document["complete"]) == \
        (expected.count, expected.count_with_anagrams, True)
    assert document["sets"] == [s.to_json() for s in expected.sets]


def test_a_limit_says_at_least(capsys):
    code, out, _ = run(capsys, "fivewords", "--words", "6", "--letters", "4", "--limit", "1000", "--list", "5",
                       "--json")
    document = json.loads(out)
    assert code == 0 and not document["complete"] and document["count"] >= 1000 and len(document["sets"]) == 5
    code, out, _ = run(capsys, "fivewords", "--words", "6", "--letters", "4", "--limit", "1000", "--list", "5")
    assert out.splitlines()[1].startswith("at least ") and " · stopped at --limit 1,000" in out
    assert f"5 sets listed of {document['count']:,}" in out


def test_a_word_list_by_path_with_include_and_exclude(capsys, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("abc\ncab\ndef\nghi\nxyz\nabd\nFED\n", encoding="utf-8")
    code, out, _ = run(capsys, "fivewords", "--lexicon", str(words), "--words", "3", "--letters", "3",
                       "--include", "xyz", "--exclude", "a", "--json")
    document = json.loads(out)
    assert code == 0 and document["count"] == 1 and document["count_with_anagrams"] == 2
    assert document["sets"] == [{"groups": [["def", "fed"], ["ghi"], ["xyz"]], "missing": "abcjklmnopqrstuvw"}]


def test_include_reads_full_width_letters_and_drops_invisible_ones(capsys, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("abc\ndef\nghi\nxyz\n", encoding="utf-8")
    code, out, err = run(capsys, "fivewords", "--lexicon", str(words), "--words", "3", "--letters", "3",
                         "--include", "ＸＹ\u200bＺ", "\u2060ghi", "--exclude", "\u200bＡ", "--json")
    document = json.loads(out)
    assert code == 0 and err == "" and document["count"] == 1
    assert document["sets"] == [{"groups": [["def"], ["ghi"], ["xyz"]], "missing": "abcjklmnopqrstuvw"}]


def test_bad_input_is_one_line(capsys):
    for argv, message in ((("--words", "6"), "need 30 different letters"),
                          (("--include", "fjord", "vozhd"), "must not share a letter"),
                          (("--exclude", "qz"), "exclude at most 1"),
                          (("--limit", "0"), "--limit is a number of sets, at least 1"),
                          (("--lexicon", "/no/such/file"), "No word list at")):
        code, out, err = run(capsys, "fivewords", *argv)
        assert code != 0 and out == "" and message in err and len(err.strip().splitlines()) == 1
