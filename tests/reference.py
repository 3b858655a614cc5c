"""Brute-force references the solvers are checked against: obvious, slow, independent."""

from __future__ import annotations

from collections import Counter


def blank_letters(word: str, pool: Counter) -> str:
    """The letters blanks stand for when real tiles take the first occurrences."""
    available = Counter(pool)
    blank_at = []
    for index, letter in enumerate(word):
        if available[letter] > 0:
            available[letter] -= 1
        else:
            blank_at.append(index)
    return "".join(word[i] for i in blank_at)


def anagrams(words, rack: str, board: str = "", mode: str = "exact") -> list[tuple[str, str, str | None]]:
    """Scan every word: can the rack (plus one board letter) make it? Sorted as the solver sorts."""
    tiles = rack.lower().replace(" ", "")
    letters = Counter(tiles.replace("?", ""))
    blanks = tiles.count("?")
    found = set()
    for through in sorted(set(board.lower())) or [None]:
        pool = letters + Counter(through or "")
        size = len(tiles) + (1 if through else 0)
        for word in set(words):
            if mode == "exact" and len(word) != size:
                continue
            if mode == "sub" and not 2 <= len(word) <= size:
                continue
            if through and through not in word:
                continue
            missing = Counter(word) - pool
            if sum(missing.values()) <= blanks:
                found.add((word, blank_letters(word, pool), through))
    return sorted(found, key=lambda r: (-len(r[0]), r[0], r[2] or ""))


def pangram_hives(words) -> list[str]:  # of a list whose every word may be an answer
    """The letter sets (sorted) of the words that could be bee pangrams: 7 letters, no S, 4+ long."""
    return sorted({"".join(sorted(set(w))) for w in words if len(w) >= 4 and "s" not in w and len(set(w)) == 7})


def valid_centers(lexicon, letters: str) -> str:
    """The centres that make ``letters`` a good puzzle, by solving each one: 20-80 answers, 60-500 points."""
    from solvers import bee

    centers = ""
    allowed = bee.answer_words(lexicon)
    for center in letters:
        answers = [w for w in bee.solve(lexicon, letters, center) if allowed[lexicon.index(w)]]
        total = sum(bee.word_score(w, letters) for w in answers)
        if 20 <= len(answers) <= 80 and 60 <= total <= 500:
            centers += center
    return centers


def one_letter_apart(a: str, b: str) -> bool:
    """Same length, exactly one position different."""
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def simple_ladders(words, start: str, end: str, most: int) -> list[tuple[str, ...]]:
    """Every ladder of at most ``most`` rungs from start to end that visits no word twice, by
    depth-first search comparing every pair of words."""
    words = sorted(set(words))
    found: list[tuple[str, ...]] = []

    def walk(path: list[str]) -> None:
        if path[-1] == end:
            found.append(tuple(path))
            return
        if len(path) > most:
            return
        for word in words:
            if word not in path and one_letter_apart(path[-1], word):
                walk(path + [word])

    walk([start])
    return found


def shortest_simple_ladders(words, start: str, end: str) -> list[tuple[str, ...]]:
    """The ladders from start to end with the fewest rungs, by trying at most 0 rungs, then 1,
    then 2 ... (every simple path each time): none when no ladder joins them."""
    for most in range(len(set(words))):
        if found := simple_ladders(words, start, end, most):
            fewest = min(len(path) for path in found)
            return sorted(path for path in found if len(path) == fewest)
    return []


def plain_levels(words, letters: str, start: str, most: int | None = None) -> dict[str, tuple[int, int]]:
    """Breadth-first search the plain way: a word's neighbours are found by trying every letter of
    ``letters`` at every position and looking the result up. Word -> (fewest rungs from start, how
    many ladders of that many rungs), for the words at most ``most`` rungs away when given."""
    known = set(words)
    found = {start: (0, 1)}
    frontier = [start]
    while frontier and (most is None or found[frontier[0]][0] < most):
        reached: dict[str, int] = {}
        for word in frontier:
            ways = found[word][1]
            for k in range(len(word)):
                for letter in letters:
                    other = word[:k] + letter + word[k + 1:]
                    if other != word and other in known and other not in found:
                        reached[other] = reached.get(other, 0) + ways
        distance = found[frontier[0]][0] + 1
        found.update((word, (distance, ways)) for word, ways in reached.items())
        frontier = list(reached)
    return found
