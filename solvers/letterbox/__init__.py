"""Letter Boxed: the box, the words that can be played on it, the fewest words that solve it.

Rules, as in the newspaper's game: letters sit on the sides of a box (the newspaper's: 4
sides of 3). A word is played by connecting its letters; two consecutive letters may not
come from the same side; words have at least 3 letters; letters may be used again; each
word starts with the last letter of the previous one; the box is solved when every letter
has been used.

- :func:`playable` finds the words of a list that can be spelled on the box, in one
  vectorised pass: the word's letters are all on the box, and no two neighbours share a side.
- :func:`fewest_words` (and :func:`shortest_chain`, with a chain) proves the least number of
  words that solves the box: on boxes of up to 16 letters, a breadth-first search over (last
  letter, letters used so far) with a table of what one word can finish; on bigger ones,
  two, three and four words decided over the words with maximal letter sets (four: pairs of
  words joined to pairs, tested on the rarest letters first), split by rare letters, then a
  narrow search for a chain of five and levels of maximal states.
- :func:`words_to_finish` counts the fewest more words that finish a chain in progress.
- :func:`two_word_solutions` lists every pair (first, second) that solves the box: the second
  starts where the first ends, and together they use every letter.
- :func:`check_word` and :func:`check` judge a player's words, saying what is wrong.

Solutions are ranked by how common their words are, read from the lexicon's commonness
figure (``Lexicon.zipf``): the rarer word of a chain decides (a higher minimum first), then
fewer letters in all, then alphabetical order.

- :func:`three_word_solutions` counts the non-redundant three-word chains and lists the best,
  within a time budget (the count is then a lower bound).

The parts: ``box`` (parsing, :func:`playable`), ``words`` (the playable words as arrays),
``fewest`` (with ``halves`` and ``levels`` for big boxes), ``three``, ``solve``, ``judge`` (a player's words) and
``daily`` (:func:`generate`, the box of the day).
"""

from __future__ import annotations

from .box import MAX_PER_SIDE, MAX_SIDES, MIN_PER_SIDE, MIN_SIDES, MIN_WORD, Box, BoxError, parse_box, playable
from .daily import (  # noqa: F401  (prepare: for the bot; the private names are tested directly)
    BLOCK,
    DAILY_EPOCH,
    DAILY_LETTERS,
    DAILY_PER_SIDE,
    DAILY_SIDES,
    LAYOUTS_TRIED,
    MIN_CLASS,
    PAR_THRESHOLDS,
    PLAYABLE_RANGE,
    RARE,
    RARE_SHARES,
    S_SHARE,
    SOLUTION_LETTERS,
    VOWEL_SHARES,
    VOWELLESS_SIDE_SHARE,
    VOWELS,
    DailyBox,
    DailyBoxError,
    _all_pool_sets,
    _partitions,
    _pool,
    _seed_pair,
    generate,
    par_for,
    prepare,
)
from .fewest import Shortest, fewest_words, shortest_chain, words_to_finish
from .judge import Check, Verdict, check, check_word
from .solve import Solution, Solved, rank, solve, two_word_solutions
from .three import COMMONNESS_TIERS, LIST_ALL_BELOW, ThreeWords, rank_order, three_word_solutions
from .words import Words

__all__ = ["BLOCK", "COMMONNESS_TIERS", "DAILY_EPOCH", "DAILY_LETTERS", "DAILY_PER_SIDE", "DAILY_SIDES",
           "LAYOUTS_TRIED", "LIST_ALL_BELOW", "MAX_PER_SIDE", "MAX_SIDES", "MIN_CLASS", "MIN_PER_SIDE", "MIN_SIDES",
           "MIN_WORD", "PAR_THRESHOLDS", "PLAYABLE_RANGE", "RARE", "RARE_SHARES", "SOLUTION_LETTERS", "S_SHARE",
           "VOWELLESS_SIDE_SHARE", "VOWELS", "VOWEL_SHARES", "Box", "BoxError", "Check", "DailyBox", "DailyBoxError",
           "Shortest", "Solution", "Solved", "ThreeWords", "Verdict", "Words", "check", "check_word", "fewest_words",
           "generate", "par_for", "parse_box", "playable", "rank", "rank_order", "shortest_chain", "solve",
           "three_word_solutions", "two_word_solutions", "words_to_finish"]
