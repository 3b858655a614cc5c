"""The team's view of the boards: the days a server played the bee together, in Discord and in
the terminal; solo and together days never mix in one score."""

import datetime as dt
import itertools
import json

import pytest

from bot.boards.team import streaks
from bot.cli import main
from bot.days.team_store import TeamStore
from bot.db import open_database
from bot.games.bee.store import BeeStore
from solvers import bee
from tests.bot.games.bee.test_bee_discord import START, Server, puzzle_of

AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def brute_streaks(days, today):
    """Every run of consecutive days, counted day by day."""
    played = set(days)
    longest = max((n for start in played for n in range(1, len(played) + 1)
                   if all(start + dt.timedelta(days=k) in played for k in range(n))), default=0)
    current = 0
    for last in (today, today - dt.timedelta(days=1)):
        while last - dt.timedelta(days=current) in played:
            current += 1
        if current:
            break
    return current, longest


def test_streaks_agree_with_counting_day_by_day():
    today = dt.date(2026, 1, 10)
    span = [today - dt.timedelta(days=k) for k in range(8)]
    for n in range(len(span) + 1):
        for chosen in itertools.combinations(span, n):
            days = sorted(chosen)
            assert streaks(days, today) == brute_streaks(days, today), days


async def credit(db, guild, user, day, words):
    """Credit the day's answers ``words`` as typed together (the store real takes go through; the
    day's puzzle is stored already, so the day has its maximum)."""
    puzzle = puzzle_of(day)
    scored = [(w, bee.score(w, puzzle), w in puzzle.pangrams) for w in words]
    return await TeamStore(db).credit_bee_words(guild, day, user, scored, AT)


@pytest.fixture
async def club(simcord_env):
    server = Server(simcord_env)
    await server.start_day()  # the bee set up and 1 January's hive posted (solo)
    return server


@pytest.mark.both_backends
async def test_leaderboard_and_stats_show_the_teams_days_and_words_found_first(club, simcord_env):
    db = simcord_env.bot.db
    puzzle = puzzle_of(START)
    await credit(db, club.guild.id, club.alice.id, START, puzzle.answers[:3])
    await credit(db, club.guild.id, club.bob.id, START, puzzle.answers[2:5])  # the third was alice's first
    result = await club.alice.slash(club.channel, "leaderboard", game="bee-team", period="today")
    embed = result.response.embeds[0]
    assert embed.title == "Spelling Bee together · today (Thu 1 Jan)"
    lines = embed.description.splitlines()
    points = sum(bee.score(w, puzzle) for w in puzzle.answers[:5])
    assert lines[0] == "The team played 1 day: ⭐ 0 Genius days, 👑 0 Queen Bee days."
    assert lines[1] == "Streak: 1 day (longest 1 day)."
    assert lines[2].startswith(f"Best day: Thu 1 Jan, {bee.rank(points, puzzle.max_score).name} with "
                               f"{points}/{puzzle.max_score}")
    assert lines[-2].startswith(f"1. <@{club.alice.id}>: 3 words") \
        and lines[-1].startswith(f"2. <@{club.bob.id}>: 2 words")
    solo = await club.alice.slash(club.channel, "leaderboard", period="today")
    assert "No scores yet" in solo.response.embeds[0].description  # together days stay out of the solo board
    stats = await club.bob.slash(club.channel, "stats", game="bee-team")
    assert stats.response.embeds[0].title.startswith("Spelling Bee together · all time")


async def test_the_team_view_of_a_server_that_never_played_together_says_how_to_start(club):
    result = await club.alice.slash(club.channel, "leaderboard", game="bee-team")
    assert "`/bee setup play:together`" in result.response.embeds[0].description


def test_the_terminal_prints_the_team_view_and_its_json(tmp_path, capsys):
    import asyncio

    path = tmp_path / "w.sqlite3"

    async def seed():
        db = await open_database(path)
        for day, user in ((START, 7), (START + dt.timedelta(days=1), 8)):
            await BeeStore(db).save_puzzle(_stored(puzzle_of(day), day))
            await credit(db, 5, user, day, puzzle_of(day).answers[:2])
        await db.close()

    asyncio.run(seed())
    assert main(["leaderboard", "--guild", "5", "--game", "bee-team", "--period", "all", "--database", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Spelling Bee together · all time"
    assert out[1].startswith("The team played 2 days") and "1. user 7: 2 words" in out[-2:][0] + out[-1]
    assert main(["leaderboard", "--guild", "5", "--game", "bee-team", "--period", "all", "--json",
                 "--database", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [d["day"] for d in document["days"]] == [START.isoformat(), (START + dt.timedelta(days=1)).isoformat()]
    assert document["longest_streak"] == 2 and {f["user_id"] for f in document["finders"]} == {7, 8}
    assert main(["leaderboard", "--guild", "5", "--game", "bee-team", "--png", str(tmp_path / "x.png"),
                 "--database", str(path)]) == 2
    assert capsys.readouterr().err == "wordbot: the team's view has no picture; leave out --png.\n"


def _stored(puzzle, day):
    from bot.games.bee.store import StoredPuzzle

    return StoredPuzzle(day, puzzle.letters, puzzle.center, puzzle.answers, puzzle.max_score)


async def test_the_letter_boxed_teams_view_counts_solved_days_and_each_players_words(club, simcord_env):
    from bot.daily.play import Day
    from bot.daily.schedule import Play
    from bot.games.letterbox.game import LETTERBOX
    from bot.games.letterbox.together import BoxTeam

    boxes = BoxTeam(simcord_env.bot.get_cog("DailyLetterBoxed").game)
    box = await boxes.game.puzzle(START)
    day = Day(LETTERBOX, club.guild.id, START, Play.TOGETHER, None, frozenset())
    await boxes.play(day, club.alice.id, [box.solution[0]])
    await boxes.play(day, club.bob.id, [box.solution[1]])
    result = await club.alice.slash(club.channel, "leaderboard", game="letterbox-team", period="today")
    lines = result.response.embeds[0].description.splitlines()
    assert result.response.embeds[0].title == "Letter Boxed together · today (Thu 1 Jan)"
    assert lines[0] == "The team solved 1 box: 🎯 1 at-par day, 💎 1 two-word day."
    assert lines[2] == f"Best day: Thu 1 Jan, 2 words (par {box.par})."
    assert lines[-2:] == [f"1. <@{club.alice.id}>: 1 word", f"2. <@{club.bob.id}>: 1 word"]
    none = await club.alice.slash(club.channel, "leaderboard", game="letterbox-team", period="all")
    assert none.response.embeds[0].description.splitlines()[0].startswith("The team solved 1 box")


def test_the_terminal_prints_the_letter_boxed_teams_view(tmp_path, capsys):
    import asyncio

    path = tmp_path / "w.sqlite3"
    asyncio.run(_open_and_close(path))
    assert main(["leaderboard", "--guild", "5", "--game", "letterbox-team", "--database", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Letter Boxed together · this week") and "solved no Letter Boxed together" in out[1]
    assert main(["leaderboard", "--guild", "5", "--game", "letterbox-team", "--json", "--database", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["days"] == []
    assert main(["leaderboard", "--game", "letterbox-team", "--png", str(tmp_path / "x.png"),
                 "--database", str(path)]) == 2


async def _open_and_close(path):
    db = await open_database(path)
    await db.close()
