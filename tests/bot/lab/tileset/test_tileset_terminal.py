"""wordbot tileset: greedy only, a timed search recorded in the database and resumed, JSON, bad input."""

import json

from bot.cli import main
from bot.lab.tileset.text import GREEDY
from solvers import tileset
from solvers.lexicon import Lexicon


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_greedy_only_is_the_published_method(capsys):
    code, out, err = run(capsys, "tileset", "--lexicon", "common", "--tiles", "6", "--greedy-only", "--json")
    document = json.loads(out)
    expected = tileset.greedy(Lexicon.load("common"), 6)
    assert code == 0 and err == ""
    assert document["tiles"] == list(expected.tiles) and document["words"] == expected.words
    assert document["greedy"] == expected.to_json() and document["bound"] is None
    assert document["formable"] == tileset.formable(expected.tiles, Lexicon.load("common"))


def test_a_search_is_recorded_and_the_next_one_starts_from_it(capsys, tmp_path):
    database = str(tmp_path / "w.sqlite3")
    argv = ("tileset", "--lexicon", "common", "--tiles", "5", "--seconds", "1", "--database", database)
    code, out, _ = run(capsys, *argv, "--json")
    first = json.loads(out)
    assert code == 0 and first["words"] >= first["greedy"]["words"] and first["bound"] >= first["words"]
    assert first["best_known"]["words"] == first["words"] and first["best_known"]["improved_by"] == 0
    assert first["formable"] == tileset.formable(first["tiles"], Lexicon.load("common"))
    code, out, _ = run(capsys, *argv, "--seed", "1")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Tileset · 5 tiles of 2 letters · common · odd-length words skipped"
    assert lines[1].startswith(f"{GREEDY}: {first['greedy']['words']} words: ")
    assert f"from the best known {first['words']}" in lines[2]
    assert lines[4] in ("The best known answer stands: this run equalled it.", "A new best known answer: saved.")


def test_a_list_by_path_is_never_recorded(capsys, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("pi\npied\npitied\nti\ntied\ntipi\n", encoding="utf-8")
    database = tmp_path / "w.sqlite3"
    code, out, _ = run(capsys, "tileset", "--lexicon", str(words), "--tiles", "3", "--seconds", "0.5",
                       "--database", str(database), "--json")
    document = json.loads(out)
    assert code == 0 and document["tiles"] == ["ed", "pi", "ti"] and document["words"] == 6
    assert "best_known" not in document and not database.exists()


def test_bad_input_is_one_line(capsys):
    for argv, message in ((("--tiles", "0"), "Choose 1 to 200 tiles; 0"),
                          (("--seconds", "-1"), "--seconds is 0 to 86400"),
                          (("--lexicon", "/no/such/file"), "No word list at")):
        code, out, err = run(capsys, "tileset", *argv)
        assert code != 0 and out == "" and message in err and len(err.strip().splitlines()) == 1
