"""solvers/wordlist.py against a brute-force reading of the rule, on random files, and its limits."""

import gzip
import random
import re
import zlib

import pytest

from solvers import wordlist
from solvers.offensive import Tiers, classify
from solvers.wordlist import ListError, check_name, inflate, pack, parse_upload, unpack

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCZ0123 \t-'é#"


def reference(text):
    """The rule, character by character: (words, skipped) before offensive words are decided."""
    words, skipped = set(), 0
    for line in text.split("\n"):
        first, started = "", False
        for ch in line:
            if ch in " \t\r\x0b\x0c":
                if started:
                    break
                continue
            started = True
            first += ch
        if not started:
            continue
        first = first.lower()
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
    return rng.choice(["\n", "\r\n"]).join(lines) + rng.choice(["", "\n"])


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
    assert dict(parsed.by_length()) == {n: sum(len(w) == n for w in parsed.words) for n in {len(w) for w in parsed.words}}
    assert set(parsed.sample()) <= set(parsed.words) - parsed.flagged
    assert parse_upload(gzip.compress(text.encode())) == parsed


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


def test_a_gz_bomb_stops_at_the_cap_without_inflating_it_all():
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb = b"".join([*(packer.compress(bytes(1 << 20)) for _ in range(200)), packer.flush()])  # 200 MB of zeros
    seen = []
    real = zlib.decompressobj

    class Spy:
        def __init__(self, *args, **kwargs):
            self.inner = real(*args, **kwargs)

        def decompress(self, data, max_length=0):
            out = self.inner.decompress(data, max_length)
            seen.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(zlib, "decompressobj", Spy)
        with pytest.raises(ListError, match="unpacks to more than 2 MB"):
            inflate(bomb, limit=2 << 20)
    assert sum(seen) <= (2 << 20) + (1 << 20) and max(seen) <= 1 << 20


@pytest.mark.parametrize(("data", "message"), [
    (b"", "The file is empty"),
    (b"\xef\xbb\xbf\n", "The file is empty"),
    (b"cat\x00dog", "The file is not text"),
    ("cat\n".encode("utf-16-be"), "The file is UTF-16 text"),
    (b"\xff\xfe", "The file is UTF-16 text"),
    (b"cat\n\xc3\n", "The file is not UTF-8 text (line 2)"),
    (b"\x1f\x8bnot really gzip", "The .gz file is damaged"),
])
def test_files_that_are_no_word_list_are_refused_in_one_line(data, message):
    with pytest.raises(ListError, match=re.escape(message)) as refused:
        parse_upload(data)
    assert "\n" not in str(refused.value)


def test_a_utf8_byte_order_mark_is_dropped():
    assert parse_upload(b"\xef\xbb\xbfcat\ndog\n").words == ("cat", "dog")


def test_limits(monkeypatch):
    with pytest.raises(ListError, match="at most 8 MB"):
        parse_upload(b"a\n" * (4 * 2**20 + 1))
    monkeypatch.setattr(wordlist, "MAX_WORDS", 2)
    with pytest.raises(ListError, match="3 words; a server's list may have at most 2"):
        parse_upload(b"ab\ncd\nef\n")
    monkeypatch.setattr(wordlist, "MAX_LINES", 3)
    with pytest.raises(ListError, match="4 lines"):
        parse_upload(b"ab\ncd\nef\ngh")


@pytest.mark.parametrize(("name", "ok"), [("club", True), ("nwl-2023", True), ("a" * 20, True), ("a" * 21, False),
                                           ("Club", False), ("my list", False), ("", False), ("full", False),
                                           ("common", False), ("huge", False), ("über", False)])
def test_list_names(name, ok):
    if ok:
        assert check_name(name) == name
    else:
        with pytest.raises(ListError):
            check_name(name)
