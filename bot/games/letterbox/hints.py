"""The box's hints: a ladder from a nudge that fits the chain in progress to the published
solution's shape, one level more each time the player asks (no discord import).

A hint is worked out from the chain as it stands (a player's, or on a together day the
team's); ``text.hint_level`` words each level, each adding to the ones before:

1. the letters left; how many playable words may come next (they start with the chain's last
   letter), how many of them use a letter left, and the most letters left one of them uses;
2. how far the chain is from a solve: the fewest more words that finish it, against par;
3. the shape of a good next word: its length and first two letters (a familiar word first,
   then the most letters left);
4. the published solution's shape: the lengths of its two words, the first one's first letter.

No level names a word: a hint never plays for the player. The level shown next travels in the
hint reply's button (``bot.games.letterbox.hint_view``) and in the terminal's session, so no
table keeps it: a new hint (the post's Hint button, ``/box hint``) starts again at level 1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers import letterbox
from solvers.letterbox import DailyBox, Words
from solvers.lexicon import Lexicon

HINT_LEVELS = 4
LOOKAHEAD = 3  # level 2 counts the words that finish a chain up to this many


def letters_left(box: letterbox.Box, chain: tuple[str, ...]) -> str:
    used = set("".join(chain))
    return "".join(ch for ch in box.letters if ch not in used)


@dataclass(frozen=True, slots=True)
class NextWord:
    """The shape of a good next word (level 3): never the word itself."""

    start: str  # its first two letters
    length: int
    new_letters: int  # letters left that it uses
    finishes: bool  # it uses every letter left


@dataclass(frozen=True, slots=True)
class Hint:
    puzzle: DailyBox
    chain: tuple[str, ...]
    letters_left: str
    next_words: int  # playable words that may come next
    useful_words: int  # of them, those that use a letter left
    most_new_letters: int  # the most letters left one of them uses
    to_finish: int | None  # the fewest more words that finish the chain (None: more than LOOKAHEAD)
    next_word: NextWord | None  # None: no next word uses a letter left (or the chain is solved)
    team: bool = False  # the team's chain (a together day)

    @property
    def next_letter(self) -> str | None:
        """The letter the next word starts with (None: a fresh chain)."""
        return self.chain[-1][-1] if self.chain else None

    @property
    def solved(self) -> bool:
        return bool(self.chain) and not self.letters_left

    @property
    def levels(self) -> int:
        """How many levels this hint has: one for a solved chain (nothing to nudge towards)."""
        return 1 if self.solved else HINT_LEVELS

    @property
    def solution_start(self) -> str:
        return self.puzzle.solution[0][0]

    @property
    def solution_lengths(self) -> tuple[int, int]:
        first, second = self.puzzle.solution
        return len(first), len(second)


def make_hint(puzzle: DailyBox, chain: tuple[str, ...], words: Words, accepted: Lexicon, familiar: Lexicon,
              team: bool = False) -> Hint:
    """The hint for ``chain`` on the day's box: ``words`` are the box's playable words of the
    ``accepted`` list; a next word from ``familiar`` (the everyday list) is shown first."""
    box = puzzle.box
    letters = set("".join(chain))
    used = sum(1 << k for k, ch in enumerate(box.letters) if ch in letters)
    last = box.letters.index(chain[-1][-1]) if chain else None
    following = np.arange(words.index.size) if last is None else np.flatnonzero(words.first == last)
    new = np.bitwise_count(words.mask[following] & ~used).astype(np.int64)
    useful = following[new > 0]
    left = letters_left(box, chain)
    to_finish = letterbox.words_to_finish(words, last, used, LOOKAHEAD) if left else 0
    return Hint(puzzle, chain, left, int(following.size), int(useful.size), int(new.max(initial=0)), to_finish,
                _next_word(words, useful, used, accepted, familiar) if left else None, team)


def _next_word(words: Words, useful: np.ndarray, used: int, accepted: Lexicon, familiar: Lexicon) -> NextWord | None:
    """A familiar next word (from the everyday list) if one uses a letter left, else any: the one using
    the most letters left, then the most common."""
    if useful.size == 0:
        return None

    def rank(k: int) -> tuple[bool, int, float, int]:
        word = accepted.words[int(words.index[k])]
        return word in familiar, int(words.mask[k] & ~used).bit_count(), float(words.zipf[k]), -int(words.alpha[k])

    best = max(useful.tolist(), key=rank)
    word = accepted.words[int(words.index[best])]
    return NextWord(word[:2], len(word), rank(best)[1], int(words.mask[best]) | used == words.full)
