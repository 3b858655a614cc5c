"""``wordbot word``, ``judge``, ``pattern`` and ``define``: their text, JSON and exit codes."""

import json

import pytest

from bot.cli import main
from solvers.definitions import lookup
from solvers.lexicon import Lexicon
from solvers.nearest import nearest
from solvers.pattern import match
from solvers.wordcard import anagrams_of, hooks


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_word_json_holds_the_card(capsys):
    code, out, _ = run(capsys, "word", "Geese", "--json")
    card = json.loads(out)
    assert code == 0 and card["word"] == "geese" and card["found"] and card["lists"] == ["common", "full", "huge"]
    assert card["commonness"] in ("everyday", "uncommon", "rare")
    assert card["definitions"][0] == {"pos": "noun", "gloss": lookup("goose")[0].gloss, "lemma": "goose"}
    full = Lexicon.load("full")
    code, out, _ = run(capsys, "word", "care", "--json")
    card = json.loads(out)
    assert card["anagrams"] == list(anagrams_of("care", full)) and "race" in card["anagrams"]
    assert "".join(card["front_hooks"]) == hooks("care", full).front and "s" in card["front_hooks"]
    assert "".join(card["back_hooks"]) == hooks("care", full).back and "d" in card["back_hooks"]


def test_word_text_and_a_word_of_a_list_given_by_path(capsys, tmp_path):
    code, out, _ = run(capsys, "word", "cat")
    assert code == 0 and out.splitlines()[:2] == ["CAT: a word", "  Word lists: common, full, huge"]
    mine = tmp_path / "club.txt"
    mine.write_text("zax\nzaxes\ncat\n")
    code, out, _ = run(capsys, "word", "zax", "--lexicon", str(mine), "--json")
    card = json.loads(out)
    # zaxes is not zax + one letter
    assert card["found"] and card["lists"][-1] == "club.txt" and card["back_hooks"] == []


@pytest.mark.parametrize(("words", "code", "verdict"), [
    (["cat", "dog"], 0, "CAT DOG: ✅ acceptable (every word is in the full word list)"),
    (["cat", "zzxq"], 1, "CAT ZZXQ: ❌ not acceptable (not every word is in the full word list)"),  # club mode: no help
    (["CAT,", "dog,", "Fish"], 0, "CAT DOG FISH: ✅ acceptable (every word is in the full word list)"),
    (["cat"], 0, "CAT: ✅ acceptable (in the full word list)"),
])
def test_judge_exits_0_when_acceptable_and_1_when_not(capsys, words, code, verdict):
    assert run(capsys, "judge", *words)[:2] == (code, verdict + "\n")


def test_pattern_json_and_text(capsys):
    code, out, _ = run(capsys, "pattern", "c?t*", "--max", "4", "--json")
    found = json.loads(out)
    expected = match(Lexicon.load("full"), "c?t*", max_length=4)
    assert code == 0 and found["count"] == expected.count and found["words"] == list(expected.words)
    code, out, _ = run(capsys, "pattern", "c?t", "--sort", "alpha")
    lines = out.splitlines()
    assert lines[0] == f"C?T: {expected.length_counts[0][1]} words (lexicon: full · A to Z)"
    assert lines[2] == f"3 letters ({expected.length_counts[0][1]})" and lines[3].split() == sorted(lines[3].split())


def test_pattern_capped_says_how_many_of_how_many(capsys):
    code, out, _ = run(capsys, "pattern", "*s", "--limit", "5")
    total = match(Lexicon.load("full"), "*s").count
    assert code == 0 and out.splitlines()[0].startswith(f"*S: {total:,} words (showing 5 of {total:,} · lexicon: full")
    assert len(json.loads(run(capsys, "pattern", "*s", "--limit", "5", "--json")[1])["words"]) == 5


def test_define(capsys):
    code, out, _ = run(capsys, "define", "ran")
    assert code == 0 and out.splitlines()[0].startswith("RAN: ") and "  verb (form of run): move fast" in out
    code, out, _ = run(capsys, "define", "geese", "--json")
    assert json.loads(out)["definitions"][0]["lemma"] == "goose"
    near = " or ".join(w.upper() for w in nearest("zzxq", Lexicon.load("full")))
    assert run(capsys, "define", "zzxq")[1] == ("ZZXQ: no definition\n  WordNet has no definition of it.\n"
                                                f"Did you mean {near}? (the closest spellings in the full word list)\n")
    assert json.loads(run(capsys, "define", "recieve", "--json")[1])["did_you_mean"][0] == "receive"
    assert json.loads(run(capsys, "define", "qi", "--json")[1])["did_you_mean"] == []  # a word: nothing offered


def test_did_you_mean_for_a_word_and_a_judged_word_not_in_the_list(capsys):
    huge = Lexicon.load("huge")
    code, out, _ = run(capsys, "word", "recieve", "--lexicon", "huge")
    offered = nearest("recieve", huge)
    assert code == 0 and offered[0] == "receive"
    assert out.splitlines()[-1] == \
        f"Did you mean {', '.join(w.upper() for w in offered[:-1])} or {offered[-1].upper()}? " \
                                   "(the closest spellings in the huge word list)"
    assert json.loads(run(capsys, "word", "recieve", "--json")[1])["did_you_mean"] == \
        list(nearest("recieve", Lexicon.load("full")))
    assert json.loads(run(capsys, "word", "receive", "--json")[1])["did_you_mean"] == []
    code, out, _ = run(capsys, "judge", "cta")
    assert code == 1 and out.splitlines()[1].startswith("Did you mean CAT, ")


def test_did_you_mean_never_offers_a_slur_even_from_ones_own_file(capsys, tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("nigger\nbigger\ndigger\n")  # the terminal keeps a file's slurs (it is private)
    code, out, _ = run(capsys, "judge", "nogger", "--lexicon", str(mine))  # one letter from the slur
    assert code == 1 and out.splitlines()[1] == \
        "Did you mean BIGGER or DIGGER? (the closest spellings in the word list mine.txt)"
    assert "nigger" not in \
        json.loads(run(capsys, "word", "nogger", "--lexicon", str(mine), "--json")[1])["did_you_mean"]
    # a token that holds a slur ("nig" in nigge) is not repeated, and nothing is offered for it
    assert run(capsys, "judge", "nigge", "--lexicon", str(mine))[1] == \
        "That play of 1 word: ❌ not acceptable (not in the word list mine.txt)\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["word", "c@t"], "A word is letters A–Z only; remove '@'."),
    (["judge", *"abcdefghi"], "The judge takes at most 8 words at once; you gave 9."),
    (["pattern", "[^abcdefghijklmnopqrstuvwxyz]"], "leaves out every letter"),
    (["pattern", "c?t", "--limit", "-1"], "--limit is a number of words, 0 or more."),
    (["pattern", "x" * 101], "A pattern is at most 100 characters; yours has 101."),
    (["word", "cat", "--lexicon", "nowhere.txt"], "No word list at 'nowhere.txt'"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
