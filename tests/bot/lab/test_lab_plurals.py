"""Every count the lab writes agrees with its noun: /anagram, /fivewords, /letterboxed, /tiles and
the word tools, in Discord, in the terminal and in alt text, and the solvers' refusals they pass
on, each rendered with 1 and with 2 of everything it counts (a limit too: it is set to 1 and 2).
tests/plurals.py says how the text is read."""

import contextlib
import io
import tempfile
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from bot import jobs
from bot.cli import main
from bot.lab.anagram import embeds as anagram_embeds, text as anagram_text
from bot.lab.fivewords import embeds as five_embeds, text as five_text
from bot.lab.letterbox import embeds as box_embeds, text as box_text
from bot.lab.tileset import embeds as tile_embeds, text as tile_text
from bot.lab.tileset.store import BestKnown, Question
from bot.lab.words import embeds as word_embeds, text as word_text
from solvers import anagram, pattern, rack as rack_rules, wordcard
from solvers.definitions import lookup
from solvers.fivewords import check_query, search
from solvers.letterbox import Box, Solution, Solved
from solvers.lexicon import Lexicon
from solvers.tileset import Progress, build, problem
from tests.plurals import Renderers, embed_parts

VULGAR = "cock"  # flagged vulgar: where those are hidden, a reply counts the words instead of naming them
renderers = Renderers()


def run(words: Iterable[str], *argv: str) -> str:
    """What ``wordbot <argv> --lexicon <a file of words>`` prints, its errors included."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "club.txt")
        path.write_text("".join(f"{word}\n" for word in words))
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            main([*argv, "--lexicon", str(path)])
    return said.getvalue()


def refusals(module, limits: dict[str, int], *asks: Callable[[], object]) -> list[str]:
    """What each ask is told, with ``module``'s limits set as given."""
    told = []
    with pytest.MonkeyPatch.context() as patch:
        for name, value in limits.items():
            patch.setattr(module, name, value)
        for ask in asks:
            with pytest.raises(ValueError) as refused:
                ask()
            told.append(str(refused.value))
    return told


@renderers.add
def anagrams(n: int):
    words, bingos = ["ab", "ba"][:n], ["plaster", "psalter"][:n]  # n words of AB; n bingos of AELPRST
    small = Lexicon("small", words + bingos)
    for rack in ("AB", "AELPRST"):
        query = anagram.parse_query(rack)
        solution = anagram.solve(small, query)
        assert solution.total == n
        yield anagram_text.title(query, solution.total, show_vulgar=True)
        yield from embed_parts(*anagram_embeds.anagram_pages(query, solution, "small", show_vulgar=True))
        yield run(words + bingos, "anagram", rack)
    yield from refusals(rack_rules, {"MAX_TILES": n}, lambda: rack_rules.parse_rack("A" * (n + 1)))
    yield from refusals(rack_rules, {"MAX_BLANKS": n}, lambda: rack_rules.parse_rack("?" * (n + 1)))
    yield from refusals(rack_rules, {"MAX_BOARD": n}, lambda: rack_rules.parse_board("ABC"[:n + 1]))


SETS = {1: ["ab", "cd"], 2: ["ab", "cd", "ac", "bd"]}
"""Sets of two 2-letter words: 1 of the first list, 2 of the second, leaving out the same letters."""
MORE = ["ab", "cd", "ac", "bd", "ad", "bc"]  # 3 sets


def five(words: list[str], **options):
    return deque(search(Lexicon("small", words), 2, 2, **options), maxlen=1)[0]


@renderers.add
def fivewords(n: int):
    yield five_text.asked("small", n, n, ["ab"], "q")
    for result in (five(SETS[n]), five(MORE, limit=n), five(MORE, keep=n)):
        yield five_text.counts(result)
        yield from embed_parts(*five_embeds.pages(five_text.shape(2, 2), result))
    yield from embed_parts(five_embeds.progress_embed("asked", n, n, n, n),
                           five_embeds.stopped_embed("asked", n, n, "Stopped"))
    yield run(SETS[n], "fivewords", "--words", str(n), "--letters", "2")
    for option in ("--list", "--limit"):
        yield run(MORE, "fivewords", "--words", "2", "--letters", "2", option, str(n))
    asks = [lambda: check_query(n, 26 // n, exclude="abc"[:n]), lambda: check_query(26 // n, n, exclude="abc"[:n]),
            lambda: check_query(n, 2, include=["ab", "cd", "ef"][:n + 1]), lambda: check_query(2, n, include=["xyz"])]
    if n > 1:  # a shape of more than 26 letters has at least 2 of each
        asks += [lambda: check_query(n, 14), lambda: check_query(14, n)]
    yield from refusals(None, {}, *asks)


CHAIN = ("objectify", "youthful")


def solved(n: int, **changes) -> Solved:
    """A box's answer with every count ``n``: playable words, the fewest words, the two- and
    three-word solutions, the words of the best one."""
    fields = dict(box=Box(("tjo", "feb", "cuy", "hil")), lexicon="small", playable=n, fewest_words=n, two_word_count=n,
                  three_word_count=n, solutions=(Solution(CHAIN[:n], 3.0),) * n, max_words=n, fewest_at_least=n)
    return Solved(**fields | changes)


@renderers.add
def letterboxed(n: int):
    answers = [solved(n), solved(n, three_word_at_least=True), solved(n, fewest_words=None),
               solved(n, fewest_words=None, fewest_complete=False), solved(n, fewest_words=None, solutions=()),
               solved(n, fewest_words=None, fewest_complete=False, solutions=())]
    for answer in answers:
        yield box_text.counts_line(answer)
        yield box_text.no_solution(answer)
        yield from embed_parts(box_embeds.hints_embed(answer), *box_embeds.solution_pages(answer))
    yield box_text.alt_text(("tjo", "feb")[:n], CHAIN[:n])


TILES = ("al", "ca")


@renderers.add
def tiles(n: int):
    question, tiles = Question("small", n, n, "skip"), TILES[:n]
    progress = Progress(tiles, n, n, float(n), n)
    best = BestKnown(question, tiles, n, n, n, float(n), 0, "2026-11-25T09:00:00")
    yield tile_text.question_line(question)
    yield tile_text.counts_line(n, n, None)
    yield tile_text.progress_line(progress, n)
    yield tile_text.outcome_line(False, False, n + 1, best)
    yield tile_text.tiles_alt(tiles)
    yield from embed_parts(tile_embeds.progress_embed(question, progress, n, n),
                           tile_embeds.answer_embed(best, "alice"),
                           *tile_embeds.word_pages(question, tiles, ("al", "ca")[:n]))
    for search_options in (("--seconds", "0"), ("--greedy-only",)):
        yield run(["a", "ab"][:n], "tileset", "--tiles", str(n), "--size", "1", *search_options)
    yield from refusals(None, {}, lambda: problem.parse_tiles("xyz", build(Lexicon("small", ["ab"]), n, "skip")))
    # too many of n letters
    yield from refusals(problem, {"MAX_TILES": 10**6}, lambda: problem.check_tiles(10**6, size=n))


LENGTHS = {1: ["a"], 2: ["ab", "cd"]}  # n words of n letters


@renderers.add
def word_tools(n: int):
    senses = lookup("run")
    yield from word_text.sense_lines("run", senses, len(senses) - n)
    yield word_text.define_title("run", senses[:n])
    yield from embed_parts(word_embeds.define_embed("run", senses[:n], show_vulgar=True))
    yield word_text.judge_line((VULGAR,) * n, True, "full", show_vulgar=False)
    result = pattern.match(Lexicon("small", LENGTHS[n]), "*", min_length=n, max_length=n)
    assert result.count == n
    yield word_text.pattern_title("*", result, show_vulgar=True)
    yield from embed_parts(*word_embeds.pattern_pages(result, "small", "common", show_vulgar=True))
    yield run(LENGTHS[n], "pattern", "*", "--min", str(n), "--max", str(n))
    yield from refusals(pattern, {"MAX_PATTERN": n}, lambda: pattern.parse_pattern("a" * (n + 1)))
    yield from refusals(pattern, {"MAX_WORD_LENGTH": n}, lambda: pattern.parse_pattern("a", min_length=n + 1),
                        lambda: pattern.parse_pattern("a", includes="abc"[:n + 1]))
    yield from refusals(wordcard, {"MAX_WORD_LENGTH": n}, lambda: wordcard.parse_word("a" * (n + 1)))
    yield from refusals(wordcard, {"MAX_PLAY": n, "MAX_PLAY_CHARACTERS": n}, lambda: wordcard.parse_play("a" * (n + 1)),
                        lambda: wordcard.parse_play(""))
    yield from refusals(wordcard, {"MAX_PLAY": n}, lambda: wordcard.parse_play("a " * (n + 1)))


@renderers.add
def job_limits(n: int):
    yield jobs.over_time(n)


@pytest.mark.parametrize(("name", "count"), renderers.params())
def test_every_count_agrees_with_its_noun(name, count):
    renderers.check(name, count)
