"""solvers/wordlist.py and the reader every word list goes through (solvers/word_lines.py,
solvers/word_file.py) against a brute-force reading of the rule, on random files read whole and a
few bytes at a time, and their limits."""

import gzip
import random
import re
import zlib

import pytest

from solvers import word_file, word_lines
from solvers.offensive import Tiers, classify
from solvers.word_file import WordFileError, inflated, read_bytes
from solvers.wordlist import ListError, check_name, pack, parse_upload, unpack

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCZ0123 \t-'é#,;\"ßK\r"
ENDINGS = ["\n", "\r\n", "\r"]


def reference(text):
    """The rule, character by character: (words, skipped) before offensive words are decided."""
    words, skipped = set(), 0
    for line in re.split("\r\n|\r|\n", text):
        first, started = "", False
        for ch in line:
            if ch.isspace() or ch in ",;":
                if started or ch in ",;":
                    break
                continue
            started = True
            first += ch
        if not line.strip():
            continue
        first = first.casefold()
        if len(first) >= 2 and first[0] == first[-1] == '"':
            first = first[1:-1]
        if 1 <= len(first) <= 45 and all("a" <= ch <= "z" for ch in first):
            words.add(first)
        else:
            skipped += 1
    return words, skipped


def random_text(rng):
    lines = []
    for _ in range(rng.randrange(1, 40)):
        size = rng.choice([0, 1, 2, 3, 5, 8, 44, 45, 46, 50])
        lines.append("".join(rng.choice(ALPHABET) for _ in range(size)))
    text = "".join(line + rng.choice(ENDINGS) for line in lines)
    return text if rng.random() < 0.5 else text.rstrip("\r\n")


@pytest.mark.parametrize("seed", range(300))
def test_parsing_matches_the_rule_read_character_by_character(seed):
    rng = random.Random(seed)
    text = random_text(rng)
    words, skipped = reference(text)
    if not words:
        with pytest.raises(ListError):
            parse_upload(text.encode())
        return
    parsed = parse_upload(text.encode())
    slurs = classify(words).removed
    assert parsed.words == tuple(sorted(words - slurs))
    assert parsed.skipped == skipped and parsed.removed == len(slurs)
    assert dict(parsed.by_length()) == \
        {n: sum(len(w) == n for w in parsed.words) for n in {len(w) for w in parsed.words}}
    assert set(parsed.sample()) <= set(parsed.words) - parsed.flagged
    assert parse_upload(gzip.compress(text.encode())) == parsed
    whole = read_bytes(text.encode())
    lines = re.split("\r\n|\r|\n", text)
    assert whole.lines == len(lines) - (lines[-1] == "")  # a break ends a line; text after the last is one more
    for piece in (1, 2, 3, 7) if seed % 10 == 0 else ():  # a CRLF, a UTF-8 letter or a line cut between pieces
        assert read_bytes(text.encode(), piece=piece) == whole
        assert read_bytes(text.encode("utf-16"), piece=piece) == whole


def test_slurs_are_removed_and_vulgar_words_flagged_as_in_the_bundled_lists():
    tiers = Tiers.read()
    slur, vulgar = tiers.slurs[0].word, tiers.vulgar[0].word
    parsed = parse_upload(f"cat\n{slur}\n{vulgar}\ndog\n".encode())
    assert slur not in parsed.words and parsed.removed == 1
    assert vulgar in parsed.words and vulgar in parsed.flagged and vulgar not in parsed.sample()


def test_the_sample_is_spread_through_the_list():
    words = sorted(f"w{a}{b}" for a in "abcdefghij" for b in "abcdefghij")
    parsed = parse_upload("\n".join(reversed(words)).encode())
    assert parsed.sample() == tuple(words[i] for i in (0, 12, 25, 37, 50, 62, 75, 87))
    assert parse_upload(b"cat\ndog\n").sample() == ("cat", "dog")


def test_packed_words_come_back_the_same():
    words = ("aa", "ab", "zyzzyva")
    assert unpack(pack(words)) == list(words)


def test_a_gz_of_several_members_is_read_whole():
    assert parse_upload(gzip.compress(b"cat\n") + gzip.compress(b"dog\n")).words == ("cat", "dog")
    two = gzip.compress(b"cat\r") + gzip.compress(b"dog\r")
    assert read_bytes(two, piece=1).words == ["cat", "dog"]  # a member's magic cut between pieces


def test_a_line_of_megabytes_is_held_in_a_few_characters():
    data = b"cat\n" + b" " * 3_000_000 + b"dog " + b"x" * 3_000_000 + b"\n" + b"e" * 3_000_000 + b"\nemu"
    assert read_bytes(data, piece=4096) == read_bytes(data) == \
        word_file.WordLines(["cat", "dog", "emu"], 4, 1)


def test_a_gz_bomb_stops_at_the_cap_without_inflating_it_all():
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb = b"".join([*(packer.compress(bytes(1 << 20)) for _ in range(200)), packer.flush()])  # 200 MB of zeros
    seen = []
    with pytest.raises(WordFileError, match="unpacks to more than 2 MB"):
        for out in inflated([bomb], 2 << 20, "The .gz file"):
            seen.append(len(out))
    assert sum(seen) <= 2 << 20 and max(seen) <= 1 << 20


@pytest.mark.parametrize(("data", "message"), [
    (b"", "The file is empty"),
    (b"\xef\xbb\xbf\n", "The file is empty"),
    (b"\xff\xfe", "The file is empty"),
    (b"\r\n \r\t\n", "The file is empty"),
    (b"cat\x00dog", "The file is not text"),
    (b"\xc3\x00cat", "The file is not text"),
    ("cat\n".encode("utf-16-be"), "The file is UTF-16 text without a byte-order mark"),
    (b"cat\n\xc3\n", "The file is not UTF-8 text (line 2)"),
    (b"cat\rdog\r\xc3\r", "The file is not UTF-8 text (line 3)"),
    (b"\xff\xfe" + "cat\n".encode("utf-16-le") + b"\x00\xdc", "The file is not UTF-16 text (line 2)"),
    (b"123\n!!!\n", "The file holds no word in 2 lines"),
    (b"\x1f\x8bnot really gzip", "The .gz file is damaged"),
    (gzip.compress(b"cat\ndog\n", mtime=0)[:-6], "The .gz file is cut short"),
])
def test_files_that_are_no_word_list_are_refused_in_one_line(data, message):
    with pytest.raises(ListError, match=re.escape(message)) as refused:
        parse_upload(data)
    assert "\n" not in str(refused.value)


def test_the_upload_size_limit():
    with pytest.raises(ListError, match="a word list may be at most 8 MB"):
        parse_upload(b"a\n" * (4 * 2**20 + 1))


@pytest.mark.parametrize("ending", ENDINGS)
def test_the_line_limit_is_exact_and_a_refusal_gives_the_true_count(monkeypatch, ending):
    monkeypatch.setattr(word_lines, "MAX_LINES", 3)
    assert parse_upload(ending.join(["ab", "cd", "ef"]).encode()).words == ("ab", "cd", "ef")
    assert parse_upload((ending * 2 + "ab").encode()).words == ("ab",)  # 3 lines, 2 of them blank
    assert parse_upload("".join(w + ending for w in ["ab", "cd", "ef"]).encode()).words == ("ab", "cd", "ef")
    for text in ("ab\ncd\nef\ngh", "ab\ncd\nef\ngh\n", "ab\ncd\n\n\n"):
        with pytest.raises(ListError, match="The file has 4 lines; a word list may have at most 3."):
            parse_upload(text.replace("\n", ending).encode())
    with pytest.raises(ListError, match="The file has 1,000 lines; a word list may have at most 3."):
        read_bytes_or_list_error(("ab" + ending) * 1000, piece=8)


def test_the_real_line_limit_is_exact():
    assert word_lines.MAX_LINES == 2_000_000
    assert read_bytes(b"ab\r" * 2_000_000).lines == 2_000_000
    with pytest.raises(WordFileError, match="The file has 2,000,001 lines; a word list may have at most 2,000,000."):
        read_bytes(b"ab\r" * 2_000_000 + b"cd")


def read_bytes_or_list_error(text, piece):
    try:
        return read_bytes(text.encode(), piece=piece)
    except WordFileError as error:
        raise ListError(str(error)) from None


def test_the_word_limit_is_exact_and_an_early_stop_says_at_least(monkeypatch):
    monkeypatch.setattr(word_lines, "MAX_WORDS", 3)
    assert parse_upload(b"ab\ncd\nef\nab\n").words == ("ab", "cd", "ef")
    with pytest.raises(ListError, match="The file has 4 different words; a word list may have at most 3."):
        parse_upload(b"ab\ncd\nef\ngh")
    with pytest.raises(WordFileError, match="The file has at least 4 different words; a word list may have at most 3."):
        read_bytes(b"ab\ncd\nef\ngh\nij\nkl\n", piece=12)  # stops after the piece with 4


@pytest.mark.parametrize(("name", "ok"), [("club", True), ("nwl-2023", True), ("a" * 20, True), ("a" * 21, False),
                                           ("Club", False), ("my list", False), ("", False), ("full", False),
                                           ("common", False), ("huge", False), ("über", False)])
def test_list_names(name, ok):
    if ok:
        assert check_name(name) == name
    else:
        with pytest.raises(ListError):
            check_name(name)
