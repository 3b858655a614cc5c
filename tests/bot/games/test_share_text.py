"""The Share buttons' summaries (bee: ``text.share_text``; box: ``share.share_text``): a player's
day for anyone to read, with never a letter or a word of the puzzle, on several days' puzzles,
at every stage of a day (a first word, some, every word; a chain, a solve over and under par)."""

import datetime as dt
import re

import pytest

from bot.games.bee import text as bee_text
from bot.games.bee.game import Progress
from bot.games.letterbox import share as box_share
from bot.games.letterbox.game import ChainState, letters_left, points
from bot.games.letterbox.store import Solve
from bot.text import markdown_bold
from solvers import bee, letterbox
from solvers.lexicon import Lexicon

DATES = [dt.date(2026, 1, 1), dt.date(2026, 3, 14), dt.date(2026, 11, 21)]
WHO = "<@1234>"


def reveals(text, words, letters):
    """What of the puzzle ``text`` gives away: its words (as words) and its letters, as a run or alone."""
    said = set(re.findall(r"[a-z]+", text.lower()))
    shown = said & {w.lower() for w in words}
    shown |= {letters.lower()} & said  # the letters run together
    shown |= set(re.findall(r"\b[A-Z]\b", text))  # a lone letter, as puzzles show them
    return shown


def progress(puzzle, found):
    points_ = sum(bee.score(w, puzzle) for w in found)
    return Progress(puzzle, tuple(found), points_, bee.rank(points_, puzzle.max_score))


@pytest.mark.parametrize("date", DATES)
def test_the_bee_summary_counts_and_never_spells(date):
    puzzle = bee.generate(Lexicon.load("common"), date)
    others = [w for w in puzzle.answers if w not in puzzle.pangrams]
    for found in ([others[0]], [puzzle.pangrams[0], *others[:5]], list(puzzle.answers)):
        said = bee_text.share_text(progress(puzzle, found), WHO, markdown_bold)
        assert not reveals(said, puzzle.answers, puzzle.letters), (found, said)
        assert not reveals(said, [], puzzle.center + puzzle.outer)
        head, line, bar = said.splitlines()
        assert head.startswith("🐝 Spelling Bee · ") and str(date.year) in head
        assert f"{len(found)} of {len(puzzle.answers)} words" in line
        assert len(bar) == len(bee.RANKS) and bar.count("🟨") >= 1
    assert "Queen Bee" in said and bar == "🟨" * len(bee.RANKS)  # every word found
    first = progress(puzzle, [others[0]])
    reached = [name for name, _ in bee.RANKS].index(first.rank.name) + 1
    assert bee_text.share_text(first, WHO).endswith("no pangram\n" + "🟨" * reached + "⬜" * (len(bee.RANKS) - reached))


@pytest.mark.parametrize("date", DATES[:2])
def test_the_box_summary_counts_against_par_and_never_spells(date):
    box = letterbox.generate(date)
    sides = "".join(box.box.sides)
    for chain, best in (((box.solution[0],), None), ((), Solve(box.solution, 24)),
                        ((box.solution[0],), Solve(("x",) * (box.par + 2), points(box.par + 2, box.par)))):
        state = ChainState(box, chain, letters_left(box.box, chain), best)
        said = box_share.share_text(state, WHO, markdown_bold)
        assert not reveals(said, [*box.solution, *box.box.sides], sides), said
        if best is None:
            assert said.endswith(f"not solved yet · 1 word so far, {len(state.letters_left)} "
                                 f"letters left · par {box.par}")
        else:
            assert f"solved in **{len(best.words)} words** · par {box.par}" in said
    assert said.splitlines()[-1] == "🟩" * box.par + "🟧🟧"  # two words over par
    assert box_share.share_text(ChainState(box, (), box.box.letters, None), WHO) is None  # nothing played yet


def test_the_par_bar():
    assert box_share.par_bar(2, 5) == "🟩🟩⬜⬜⬜"
    assert box_share.par_bar(5, 5) == "🟩" * 5
    assert box_share.par_bar(6, 4) == "🟩" * 4 + "🟧🟧"
