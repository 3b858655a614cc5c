"""Every count agrees with its noun: each message and alt text of the boards, the stats, the bee,
the lists and the chat, rendered with 1 and with 2 of everything it counts (tests/plurals.py
says how the text is read). The box and the lab add their renderers beside their own tests."""

import datetime as dt

import pytest

from bot.boards import embeds as board_embeds, picture
from bot.boards.boards import Board, PlayerStats
from bot.boards.box_team import BoxTeamBoard, box_team_lines
from bot.boards.team import TeamBoard, team_lines
from bot.boards.text import board_alt, stats_alt, stats_lines
from bot.boards.year import Year
from bot.chat.limits import slow_down
from bot.days import text as days_text
from bot.days.chain_store import TeamBoxDay
from bot.days.store import DayResult, Standing
from bot.days.team_store import Credit, TeamTotal
from bot.games.bee import embeds as bee_embeds, team_embeds, team_text, text as bee_text
from bot.games.bee.game import GuessResult, Progress, Verdict
from bot.games.bee.together import Missed, TeamProgress, TeamTake
from bot.lexicons.store import ListInfo, ReportCount
from bot.lists import text as lists_text
from bot.lists.upload import Upload
from bot.plugins import DAILY_GAMES
from bot.text import grouped_pages, skipped_lines
from solvers.bee import Hints, Puzzle, Rank
from tests.plurals import Renderers, assert_agrees, disagreements

BEE, BOX = DAILY_GAMES["bee"], DAILY_GAMES["letterbox"]
TODAY = dt.date(2026, 11, 25)
DAYS = [TODAY - dt.timedelta(days=k) for k in range(3)]
renderers = Renderers()


def standing(n: int, rank: int = 1, user_id: int = 11) -> Standing:
    return Standing(rank, user_id, n, n, n, n, n, n)


def embed_text(embed) -> str:
    return "\n".join(filter(None, [embed.title, embed.description, embed.footer.text if embed.footer else None]))


@renderers.add
def leaderboards(n: int):
    for game in (BEE, BOX):
        for period in ("today", "week"):
            players = [standing(n, 1, 100 + k) for k in range(n)]
            crowd = [standing(n, k + 1, 200 + k) for k in range(11)] + [standing(n, 12, 11)]  # the asker is 12th
            for standings, caller in ((players, players[0]), (crowd, crowd[-1])):
                board = Board(game, period, DAYS[-1], TODAY, standings, caller)
                yield from map(embed_text, board_embeds.board_pages(board))
                yield board_alt(board, {})
            yield days_text.top_three_line(players)


def player_stats(game, n: int) -> PlayerStats:
    return PlayerStats(game, 11, TODAY, n, n, n, n, TODAY, float(n), n, n, n, n, n, [(TODAY, n)])


@renderers.add
def stats(n: int):
    for game in (BEE, BOX):
        player, year = player_stats(game, n), Year.of(game, TODAY, {day: DayResult(n, n, n) for day in DAYS[:n]})
        yield from stats_lines(player)
        yield board_embeds.stats_text(player).description
        yield stats_alt(player, year, "Alice")
        yield year.summary()
        yield from (f"{value} {label}" for value, label, _ in picture.stats_tiles(player, year))


@renderers.add
def team_boards(n: int):
    days = tuple(TeamTotal(day, n, n, n, n) for day in DAYS[:n])
    yield from team_lines(TeamBoard("week", DAYS[-1], TODAY, days, ((11, n, n),), n, n), str)
    boxes = tuple(TeamBoxDay(day, ("word",) * n, (11,), n, n) for day in DAYS[:n])
    yield from box_team_lines(BoxTeamBoard("week", DAYS[-1], TODAY, boxes, n, n), str)


def hive(n: int) -> Puzzle:
    words = ("dialect", "citadel", "deltaic", "acetic", "cadet")[:n]
    return Puzzle("acdeilt", "a", words, words, n, TODAY)


@renderers.add
def bee_replies(n: int):
    puzzle, ranks = hive(n), (Rank("Good", 1, "Solid", n), Rank("Queen Bee", n, None, 0))
    yield bee_text.counts_line(puzzle)
    yield bee_text.unread_line(n)
    yield bee_text.hints_summary(Hints({}, (), {}, n, n, n))
    for rank in ranks:
        yield bee_text.standing(n, rank)
        yield bee_text.guess_reply(GuessResult(Verdict.ACCEPTED, "dialect", puzzle, points=n, total=n, rank=rank,
                                               pangram=True))
        yield bee_embeds.today_embed(Progress(puzzle, puzzle.answers, n, rank)).description
    results = tuple(GuessResult(Verdict.ACCEPTED, w, puzzle, points=n, pangram=True) for w in puzzle.answers)
    yield from bee_embeds.announcements("@alice", results)
    yield bee_embeds.yesterday_answers("", puzzle, {w: n for w in puzzle.pangrams}, ())


@renderers.add
def bee_together(n: int):
    puzzle, rank = hive(n), Rank("Good", 1, "Solid", n)
    credits = tuple(Credit(w, 11, n, True) for w in puzzle.answers)
    progress = TeamProgress(puzzle, credits, n, rank, ((11, n, n),) * n)
    yield team_text.team_line(progress)
    yield team_text.finders_line(progress, str)
    yield team_text.take_notice(TeamTake(credits, puzzle.answers, n, n, n, rank, None))
    yield from team_text.missed_lines(Missed(puzzle.answers, puzzle.answers[0], puzzle.answers[-1]))
    yield team_embeds.progress_embed(progress).description


@renderers.add
def lists(n: int):
    upload = Upload(b"", "", n, ((4, n),), n, n, n, ("word",))
    yield from lists_text.upload_lines("club", upload, replaced=False)
    yield from lists_text.list_lines([ListInfo("club", n, "", 0, "2026-11-25")])
    yield from lists_text.report_lines([ReportCount("word", "not a word", n, n)], across=True)
    yield skipped_lines(n)


@renderers.add
def chat_notices(n: int):
    yield slow_down(n)


@renderers.add
def word_pages(n: int):
    yield from grouped_pages([(n, ["word"] * n)])


# A game's day names written as labels ("Two words days: 1") read as nonsense; the icons name them.
LABELS = {f"{name} days" for game in DAILY_GAMES.values() for name, icon in ((game.top_name, game.top_icon),
                                                                      (game.perfect_name, game.perfect_icon))
          if f"{name} days" != icon.days(2)}


@pytest.mark.parametrize(("name", "count"), renderers.params())
def test_every_count_agrees_with_its_noun(name, count):
    renderers.check(name, count)
    said = "\n".join(renderers.all[name](count))
    assert not [label for label in LABELS if label in said], f"{name}: a game's day name used as a label"


@pytest.mark.parametrize(("text", "wrong"), [
    ("1 days played", ["1 days"]), ("**1** Genius days", ["1 Genius days"]), ("2 word", ["2 word"]),
    ("✅ WORD +1 points.", ["1 points"]), ("You found 1 of 1 words.", ["1 words"]), ("1,234 word", ["1,234 word"]),
    ("1 day played · 2 Queen Bee days · 2 more seconds", []), ("1.0 points a day, 1/2 pangrams, at 09:00", []),
    ("played 1 of 367 days, by level: Beginner to Good 1", []), ("<@123> · 1 word · a 4-letter word", []),
    ("par 2\nChain: POWERFUL", []), ("Box · par 1\n\nYour chain is empty. 2 letter left", ["2 letter"]),
])
def test_the_check_finds_what_disagrees(text, wrong):
    assert disagreements(text) == wrong


def test_a_renderer_that_writes_a_fixed_plural_fails():
    with pytest.raises(AssertionError, match="'1 days'"):
        assert_agrees([f"{1} days played"], 1, "a fixed plural")
