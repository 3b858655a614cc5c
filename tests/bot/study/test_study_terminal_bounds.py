"""``wordbot study import`` within bounds: a binary file is refused in one line, a file longer
than an import reads has its first lines imported and says how many were left out ("at least"
when reading stopped at the byte limit), and a full deck says how many cards it left out."""

import io

import pytest

from bot.study import reading
from bot.study.reading import read_import
from tests.bot.test_cli import run


@pytest.fixture
def database(tmp_path):
    return str(tmp_path / "w.sqlite3")


def test_a_binary_file_is_refused_in_one_line(capsys, database, tmp_path):
    (tmp_path / "a.out").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4000)
    code, out, err = run(capsys, "study", "import", str(tmp_path / "a.out"), "--database", database)
    assert code != 0 and out == "" and err.count("\n") == 1 and "a.out is not a text file" in err


def test_lines_past_the_most_an_import_reads_are_counted_and_said(capsys, monkeypatch, database, tmp_path):
    for where in ("bot.study.reading", "bot.study.adding", "bot.study.text"):
        monkeypatch.setattr(f"{where}.MAX_IMPORT_LINES", 3)
    (tmp_path / "words.txt").write_text("act\ndog\nstare\nbad\ntears\n")
    code, out, err = run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    assert (code, err) == (0, "")
    assert out == "Added 3 cards; 2 lines left out past the first 3: import them from another file.\n"
    monkeypatch.setattr(reading, "MAX_IMPORT_BYTES", 10)  # reading stops before the end: "at least"
    code, out, _ = run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    assert out == "Added 0 cards; 2 were in your deck already; at least 1 line left out past the first 3: import " \
                  "them from another file.\n"


def test_a_full_deck_says_how_many_cards_it_left_out(capsys, monkeypatch, database, tmp_path):
    monkeypatch.setattr("bot.study.adding.MAX_DECK", 2)
    monkeypatch.setattr("bot.study.text.MAX_DECK", 2)
    (tmp_path / "words.txt").write_text("act\ndog\nstare\n")
    code, out, _ = run(capsys, "study", "import", str(tmp_path / "words.txt"), "--database", database)
    assert out == "Added 2 cards; 1 card left out: a deck holds at most 2 cards.\n"


def test_reading_is_bounded_and_keeps_line_endings_apart():
    text = read_import(io.BytesIO(b"act\r\ndog\rstare\n\n" + b"x" * 5000), "f")
    assert text.lines[:4] == ["act", "dog", "stare", ""] and len(text.lines[4]) == reading.MAX_LINE
    assert read_import(io.BytesIO("act\ndog\n".encode("utf-16")), "f").lines == ["act", "dog"]
    many = read_import(io.BytesIO(b"act\n" * 1000), "f", limit=400)
    assert (len(many.lines), many.unread, many.stopped) == (100, 0, True)
