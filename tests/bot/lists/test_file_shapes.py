"""Word list files from every platform read every word, by both doors: an upload (the parse the
worker runs, and /lists upload through SimCord) and a list given by path (Lexicon.load, five words'
quick read, the terminal's --lexicon). Each shape holds the words cat, dog and emu and one line
that is not a word ("12"), which is counted and said."""

import gzip
import json

import pytest

from bot.lists.upload import Upload, parse_in_worker
from solvers.fivewords import words_of_length
from solvers.lexicon import Lexicon
from tests.bot.test_cli import run

LINES = ["cat", "dog", "12", "emu"]


def joined(ending, lines=LINES, last=True):
    return ending.join(lines) + (ending if last else "")


SHAPES = {
    "lf": joined("\n").encode(),
    "cr (old Mac)": joined("\r").encode(),
    "crlf (Windows)": joined("\r\n").encode(),
    "mixed endings": b"cat\r\ndog\r12\nemu",
    "no last line break": joined("\n", last=False).encode(),
    "utf-8 byte-order mark": b"\xef\xbb\xbf" + joined("\r\n").encode(),
    "utf-16 le (Notepad)": joined("\r\n").encode("utf-16"),
    "utf-16 be with a mark": b"\xfe\xff" + joined("\n").encode("utf-16-be"),
    "tabs": b"\tcat\tnoun\ndog\t\t3\n12\t1\n\temu\n",
    "word,definition": b'cat,a small cat\n"dog","a dog, barking"\n12,twelve\nemu;a bird\n',
    "word count": b"cat 120\ndog 33\n12 4\nemu 1\n",
    "blank lines, trailing spaces": b"\n\ncat   \n\n  dog\t\n12  \n\n emu \n\n",
    "capitals": b"CAT\nDog\n12\nEMU\n",
    "gz of cr": gzip.compress(joined("\r").encode()),
    "gz of utf-16": gzip.compress(joined("\r\n").encode("utf-16")),
}
shapes = pytest.mark.parametrize("data", SHAPES.values(), ids=SHAPES.keys())


@pytest.fixture
def path(tmp_path, request):
    """The shape's bytes as a file (``.gz`` when gzip'd)."""
    data = request.getfixturevalue("data")
    path = tmp_path / ("words.txt.gz" if data.startswith(b"\x1f\x8b") else "words.txt")
    path.write_bytes(data)
    return path


@shapes
def test_an_upload_reads_every_word_and_counts_the_skipped_line(data):
    upload = parse_in_worker(data)
    assert isinstance(upload, Upload), upload
    assert (upload.word_count, upload.by_length, upload.skipped) == (3, ((3, 3),), 1)
    assert upload.sample == ("cat", "dog", "emu")


@shapes
def test_a_list_given_by_path_reads_every_word_and_counts_the_skipped_line(data, path):
    lexicon = Lexicon.load(path)
    assert sorted(lexicon.words) == ["cat", "dog", "emu"] and lexicon.skipped_lines == 1
    assert Lexicon.load(path).skipped_lines == 1  # from the cache file too
    assert words_of_length(path, 3) == ["cat", "dog", "emu"]


@shapes
def test_the_terminal_uses_every_word_and_says_the_skipped_line(capsys, data, path):
    code, out, err = run(capsys, "anagram", "CATDOGEMU", "--mode", "sub", "--lexicon", str(path), "--json")
    assert code == 0 and {r["word"] for r in json.loads(out)["results"]} == {"cat", "dog", "emu"}
    assert err == f"{path}: 1 line skipped: not a-z words.\n"


@shapes
async def test_lists_upload_reads_every_word_and_says_the_skipped_line(server, data):
    result = await server.upload("club", data, filename="words.txt.gz" if data.startswith(b"\x1f\x8b") else "words.txt")
    lines = result.response.content.splitlines()
    assert lines[0] == "Added the list club: 3 words."
    assert lines[2].startswith("1 line skipped: not a-z words. Slurs removed: 0.")
    assert sorted(await server.env.bot.guild_lists.lexicon(server.guild.id, "club")) == ["cat", "dog", "emu"]
