"""Word list files as every platform writes them, for the tests of both doors (an upload, a list
given by path). Each holds the words cat, dog and emu and one line that is not a word ("12")."""

import gzip

import pytest

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


def file_name(data: bytes) -> str:
    return "words.txt.gz" if data.startswith(b"\x1f\x8b") else "words.txt"
