#!/usr/bin/env python3
"""Five words without numpy: a yardstick for issue 46's goal (2x a pure-Python peer).

``wordbot fivewords`` searches with numpy, whose import alone takes about as long as the 2x
budget. Would a search in plain Python, which never imports numpy, meet the goal? This script
is that search, as quick as we could make it, run as a whole process beside ours and the peer
(``benchmarks/fivewords.py --list words_alpha.txt --peer 5words.py --plain``). It is not the
product: it reads only plain files (letters and line breaks), knows one shape (5x5, one letter
left out), and keeps none of the command's rules and limits.

The search is ours, in Python integers instead of numpy arrays: letters renumbered by rarity
(bit 0 the rarest), the distinct letter masks ordered as numbers (the commonest letter's bit
highest), and for each letter and each mask a bitset over the masks, a Python int (the masks
with the letter; those disjoint from the mask). A state is the letters used and its candidates
(a bitset); its rarest free letter is covered by a candidate or, once, left out; a child's
candidates are one AND; with one word left, every candidate completes a set.

    .venv/bin/python benchmarks/fivewords_plain.py words_alpha.txt [--stages]

Prints the count of sets (letter masks) and with anagrams, then every set, one per line; with
``--stages``, the milliseconds of reading, indexing and searching on the first line.
"""

from __future__ import annotations

import sys
import time

LETTERS = bytes(range(97, 123)) + bytes(range(65, 91))
SIZE, WORDS = 5, 5


def read(path: str) -> list[str]:
    """The different five-letter words of a plain word list, lower case."""
    with open(path, "rb") as file:
        data = file.read()
    if data.translate(None, LETTERS + b"\r\n"):
        raise SystemExit("only a file of letters and line breaks is read here")
    return sorted({word for word in data.lower().decode("ascii").split() if len(word) == SIZE})


def index(words: list[str]) -> tuple[list[int], list[list[str]], list[int], list[int]]:
    """The letter masks (renumbered, ordered), each one's words, and the bitsets per letter and per mask."""
    groups: dict[int, list[str]] = {}
    for word in words:
        mask = 0
        for code in word.encode("ascii"):
            mask |= 1 << (code - 97)
        if mask.bit_count() == SIZE:
            groups.setdefault(mask, []).append(word)
    columns = list(map("".join, zip(*[format(mask, "026b") for mask in groups], strict=True)))  # bit 25 first
    frequency = [column.count("1") for column in reversed(columns)] if groups else [0] * 26
    renumber = [0] * 26
    for rank, bit in enumerate(sorted(range(26), key=lambda bit: (frequency[bit], bit))):
        renumber[bit] = rank
    pairs = sorted((_renumbered(mask, renumber), words) for mask, words in groups.items())
    masks, group_words = [mask for mask, _ in pairs], [words for _, words in pairs]
    every = (1 << len(masks)) - 1
    columns = list(map("".join, zip(*[format(mask, "026b") for mask in masks], strict=True)))
    having = [int(column[::-1], 2) for column in reversed(columns)] if masks else [0] * 26
    lacking = [every ^ bits for bits in having]
    disjoint = []
    for mask in masks:
        bits = every
        while mask:
            low = mask & -mask
            bits &= lacking[low.bit_length() - 1]
            mask ^= low
        disjoint.append(bits)
    return masks, group_words, having, disjoint


def _renumbered(mask: int, renumber: list[int]) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << renumber[low.bit_length() - 1]
        mask ^= low
    return out


def search(masks: list[int], having: list[int], disjoint: list[int]) -> list[list[int]]:
    """Every set of five disjoint masks (as lists of mask numbers)."""
    found: list[list[int]] = []
    every = (1 << len(masks)) - 1
    lacking = [every ^ bits for bits in having]

    def walk(used: int, candidates: int, remaining: int, skips: int, path: list[int]) -> None:
        if remaining == 1:
            while candidates:
                top = candidates.bit_length() - 1
                candidates ^= 1 << top
                found.append([*path, top])
            return
        while True:
            letter = (~used & (used + 1)).bit_length() - 1  # the rarest free letter
            covering = candidates & having[letter]
            while covering:
                top = covering.bit_length() - 1
                covering ^= 1 << top
                after = candidates & disjoint[top]
                if after.bit_count() >= remaining - 1:
                    path.append(top)
                    walk(used | masks[top], after, remaining - 1, skips, path)
                    path.pop()
            if not skips:
                return
            skips -= 1
            used |= 1 << letter
            candidates &= lacking[letter]

    if masks:
        walk(0, every, WORDS, 26 - WORDS * SIZE, [])
    return found


def main() -> int:
    started = time.perf_counter()
    words = read(sys.argv[1])
    read_at = time.perf_counter()
    masks, group_words, having, disjoint = index(words)
    indexed_at = time.perf_counter()
    found = search(masks, having, disjoint)
    searched_at = time.perf_counter()
    if "--stages" in sys.argv[2:]:
        print(" ".join(f"{1000 * (b - a):.1f}" for a, b in
                       ((started, read_at), (read_at, indexed_at), (indexed_at, searched_at))))
    with_anagrams = 0
    lines = []
    for row in found:
        groups = sorted(group_words[i] for i in row)
        count = 1
        for group in groups:
            count *= len(group)
        with_anagrams += count
        lines.append(" ".join("/".join(group) for group in groups))
    print(len(found), with_anagrams)
    print("\n".join(sorted(lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
