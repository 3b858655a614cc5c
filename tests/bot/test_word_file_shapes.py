"""Word list files from every platform read every word, by both doors: an upload (the parse the
worker runs) and a list given by path (Lexicon.load, five words' quick read, the terminal's
--lexicon); the line that is not a word is counted and said. /lists upload of the same shapes:
tests/bot/lists/test_file_shapes.py."""

import json

import pytest

from bot.lists.upload import Upload, parse_in_worker
from solvers.fivewords import words_of_length
from solvers.lexicon import Lexicon
from tests.bot.test_cli import run
from tests.word_file_shapes import file_name, shapes


@pytest.fixture
def path(tmp_path, data):
    """The shape's bytes as a file (``.gz`` when gzip'd)."""
    path = tmp_path / file_name(data)
    path.write_bytes(data)
    return path


@shapes
def test_an_upload_reads_every_word_and_counts_the_skipped_line(data):
    upload = parse_in_worker(data)
    assert isinstance(upload, Upload), upload
    assert (upload.word_count, upload.by_length, upload.skipped) == (3, ((3, 3),), 1)
    assert upload.sample == ("cat", "dog", "emu")


@shapes
def test_a_list_given_by_path_reads_every_word_and_counts_the_skipped_line(path):
    lexicon = Lexicon.load(path)
    assert sorted(lexicon.words) == ["cat", "dog", "emu"] and lexicon.skipped_lines == 1
    assert Lexicon.load(path).skipped_lines == 1  # from the cache file too
    assert words_of_length(path, 3) == ["cat", "dog", "emu"]


@shapes
def test_the_terminal_uses_every_word_and_says_the_skipped_line(capsys, path):
    code, out, err = run(capsys, "anagram", "CATDOGEMU", "--mode", "sub", "--lexicon", str(path), "--json")
    assert code == 0 and {r["word"] for r in json.loads(out)["results"]} == {"cat", "dog", "emu"}
    assert err == f"{path}: 1 line skipped: not a-z words.\n"
