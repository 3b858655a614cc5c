"""``--guild ID --lexicon NAME``: the lexicon-taking terminal commands read a server's own list."""

import json

import pytest

from bot.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def club(tmp_path, capsys):
    database, words = tmp_path / "wordbot.sqlite3", tmp_path / "club.txt"
    words.write_text("qi\nza\nzax\nxu\ncat\nact\ntac\n")
    code, out, _ = run(capsys, "lists", "add", "--guild", "5", "club", str(words), "--database", str(database))
    assert code == 0 and out.startswith("Added the list club: 7 words.")
    return ["--guild", "5", "--lexicon", "club", "--database", str(database)]


def test_each_command_reads_the_servers_list(club, capsys):
    assert run(capsys, "judge", "qi", "za", *club)[:2] == \
        (0, "QI ZA: ✅ acceptable (every word is in the word list club)\n")
    assert json.loads(run(capsys, "word", "zax", "--json", *club)[1])["lists"][-1] == "club"
    assert [r["word"] for r in json.loads(run(capsys, "anagram", "ACT", "--json", *club)[1])["results"]] == \
        ["act", "cat", "tac"]
    # no commonness: A to Z
    assert json.loads(run(capsys, "pattern", "?a*", "--json", *club)[1])["words"] == ["cat", "tac", "za", "zax"]


def test_another_servers_list_is_one_line_and_exit_2(club, capsys):
    club[1] = "6"
    code, out, err = run(capsys, "judge", "qi", *club)
    assert code == 2 and out == "" and err == \
        "wordbot: This server has no word list called 'club': choose one of full, common, huge.\n"


def test_a_bundled_list_or_a_file_needs_no_server(club, capsys, tmp_path):
    assert run(capsys, "judge", "cat", "--guild", "5", "--lexicon", "common")[0] == 0
    path = tmp_path / "mine.txt"
    path.write_text("zzz\n")
    assert run(capsys, "judge", "zzz", "--lexicon", str(path))[0] == 0


def test_fivewords_reads_the_servers_list(tmp_path, capsys):
    database, words = tmp_path / "wordbot.sqlite3", tmp_path / "tri.txt"
    words.write_text("cab\ndew\nfig\nhot\nbad\n")
    assert run(capsys, "lists", "add", "--guild", "5", "tri", str(words), "--database", str(database))[0] == 0
    code, out, _ = run(capsys, "fivewords", "--words", "3", "--letters", "3", "--json",
                       "--guild", "5", "--lexicon", "tri", "--database", str(database))
    assert code == 0 and json.loads(out)["count"] == 5  # any three of cab dew fig hot, and bad fig hot


def test_tileset_reads_the_servers_list(club, capsys):
    code, out, _ = run(capsys, "tileset", "--tiles", "3", "--size", "1", "--greedy-only", "--json", *club)
    assert code == 0 and json.loads(out)["words"] == 3  # A C T: act, cat, tac
