"""Every count the daily box writes agrees with its noun: the post and yesterday's solution, the
rules, the replies to a play, the channel's news, the chain, Share, each hint level, the team's
chain and the box picture's alt text, each rendered with 1 and with 2 of everything it counts
(the game's scoring constants included). tests/plurals.py says how the text is read."""

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.daily.play import Day
from bot.daily.schedule import Play
from bot.days.chain_store import TeamChain, TeamSolve
from bot.days.store import Standing
from bot.games.letterbox import embeds, game, rooms, share, team_text, text
from bot.games.letterbox.game import LETTERBOX, ChainState, DailyPost, PlayResult, Ruling
from bot.games.letterbox.hints import Hint, NextWord
from bot.games.letterbox.store import BestFound, Solve
from bot.games.letterbox.together import BoxProgress, TeamPlay
from bot.games.together.chain import Command, TeamCommand
from solvers.letterbox import Box, DailyBox, judge
from solvers.lexicon import Lexicon
from tests.plurals import Renderers, embed_parts

DAY = dt.date(2026, 11, 23)
BOX = Box(("tuw", "bno", "efi", "lpr"))
CHAIN = ("powerful", "libertine", "enrol")  # the first two solve BOX
VULGAR = "cock"  # flagged vulgar: a reply that hides it counts it instead
renderers = Renderers()


def box(n: int, box: Box = BOX) -> DailyBox:
    """The day's box with par ``n`` and ``n`` playable words."""
    return DailyBox(DAY, box, n, ("powerful", "libertine"), n)


def chain(n: int) -> tuple[str, ...]:
    return CHAIN[:n]


def left(n: int) -> str:
    return "bn"[:n]


def solve(n: int) -> Solve:
    return Solve(chain(n), n)


@contextmanager
def scoring(n: int) -> Iterator[None]:
    """The game's constants set to ``n``: points at par and for two words, the longest chain."""
    with pytest.MonkeyPatch.context() as patch:
        for module in (game, text):
            patch.setattr(module, "PAR_POINTS", n)
            patch.setattr(module, "MAX_POINTS", n)
        patch.setattr(text, "MAX_CHAIN", n)
        patch.setattr(text, "LOOKAHEAD", n)
        patch.setattr(judge, "MIN_WORD", n)
        yield


@renderers.add
def daily_post(n: int):
    standings = [Standing(k + 1, 100 + k, n, n, n, n, n, n) for k in range(n)]
    post = DailyPost(box(n), box(n), [BestFound(chain(n), n)] * n, n, standings)
    yield text.par_line(post.puzzle)
    for together in (False, True):
        yield from embed_parts(*embeds.daily_post_embeds(post, together))
    yield from embed_parts(embeds.yesterday_embed(DailyPost(box(n), box(n), [], 0, [])))


@renderers.add
def rules(n: int):
    with scoring(n):
        yield from text.rules_lines()
        yield from text.rules_lines(text.terminal_command)
        yield from embed_parts(embeds.rules_embed())


def played(n: int, outcome: Ruling, *, best: Solve | None = None, previous: Solve | None = None,
           refused=None, unplayed: tuple[str, ...] = ()) -> PlayResult:
    return PlayResult(outcome, box(n), chain(n), refused, chain(n), left(n), best, previous, unplayed)


@renderers.add
def play_replies(n: int):
    with scoring(n):
        short = judge.check_word(Lexicon("small", CHAIN), BOX, "lit"[:n - 1])
        results = [
            played(n, Ruling.PLAYED),
            played(n, Ruling.SOLVED, best=solve(n)),  # the first solve: n words, n points (MAX_POINTS)
            played(n, Ruling.SOLVED, best=solve(n), previous=solve(n)),  # the best stays
            played(n, Ruling.SOLVED, best=solve(n), previous=Solve(CHAIN + ("lit",) * n, n)),  # a new best
            played(n, Ruling.SOLVED, best=solve(n), previous=Solve(chain(n), n + 1)),  # down from n words
            played(n, Ruling.ALREADY_SOLVED, best=solve(n)),
            played(n, Ruling.CHAIN_FULL),
            played(n, Ruling.REFUSED, refused=short, unplayed=(VULGAR,) * n),
            played(n, Ruling.PLAYED, unplayed=(VULGAR,) * n),
        ]
        for result in results:
            yield text.play_reply(result, show_vulgar=False)
            yield embeds.play_reply(result, show_vulgar=False)
            yield text.play_reply(result, action=text.terminal_command)


@renderers.add
def news(n: int):
    firsts = [played(n, Ruling.SOLVED, best=solve(n)),
              played(n, Ruling.SOLVED, best=solve(n), previous=Solve(CHAIN + ("lit",) * n, n))]
    for result in firsts:
        assert result.announced
        yield text.solved_news("@alice", result)
        yield embeds.announcement("@alice", result)
        team = TeamPlay(team_day(), 11, result, (11, 12, 13)[:n])
        yield team_text.solved_line(team, rooms.mention)


@renderers.add
def chain_and_share(n: int):
    for best in (solve(n), None):
        for chained in (chain(n), ()):
            state = ChainState(box(n), chained, left(n), best)
            yield text.state_text(state)
            yield embeds.state_text(state)
            yield from embed_parts(embeds.chain_embed(state), embeds.today_embed(state))
            yield share.share_text(state, "@alice") or "(no share before a word)"
    yield text.solve_line(Solve(chain(n), n), n)


def hint(n: int, chained: tuple[str, ...], **changes) -> Hint:
    """A hint with every count ``n``, on a box of ``n`` letters whose published words have ``n`` letters."""
    letters = Box(("lp"[:n],))
    puzzle = DailyBox(DAY, letters, n, ("p" * n, "l" * n), n)
    fields = dict(puzzle=puzzle, chain=chained, letters_left=left(n), next_words=n, useful_words=n, most_new_letters=n,
                  to_finish=n, next_word=NextWord("po", n, n, False))
    return Hint(**fields | changes)


@renderers.add
def hints(n: int):
    with scoring(n):
        ladder = [hint(n, ()), hint(n, chain(n)), hint(n, chain(n), to_finish=None), hint(n, (), to_finish=None),
                  hint(n, chain(n), team=True), hint(n, chain(n), letters_left="", next_word=None),
                  hint(n, chain(1), to_finish=n - 1)]  # n words in all
        for each in ladder:
            for level in range(1, each.levels + 1):
                yield from text.hint_level(each, level)
                yield from embed_parts(embeds.hint_embed(each, level))


def team_day() -> Day:
    return Day(LETTERBOX, 1, DAY, Play.TOGETHER, None, frozenset({5}))


@renderers.add
def team(n: int):
    players = (11, 12, 13)[:n]
    best = TeamSolve(chain(n), players, n)
    for chained in (TeamChain(chain(n), players, best), TeamChain((), (), None)):
        progress = BoxProgress(box(n), chained, left(n))
        yield from team_text.chain_lines(progress, rooms.mention, rooms.spoiled)
        yield from embed_parts(rooms.progress_embed(progress))
    restart = TeamCommand(team_day(), 11, Command.RESTARTED, cleared=n)
    yield team_text.command_line(restart, rooms.mention)


@renderers.add
def box_pictures(n: int):
    yield embeds.box_alt(box(n), chain(n))
    yield text.picture_line("box.png", chain(n))


@pytest.mark.parametrize(("name", "count"), renderers.params())
def test_every_count_agrees_with_its_noun(name, count):
    renderers.check(name, count)

