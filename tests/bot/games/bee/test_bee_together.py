"""The Spelling Bee played together, over a real database (both backends): one credit per word
for the server, team totals and ranks, the finders, the words nobody found."""

import asyncio
import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar
from bot.days.team_store import BEE_TEAM, TeamStore
from bot.db import open_database
from bot.games.bee.game import BeeGame
from bot.games.bee.together import BeeTeam
from solvers import bee
from solvers.lexicon import Lexicon
from tests.clock import Clock

DAY = dt.date(2026, 11, 21)
GUILD, OTHER = 1, 2


@pytest.fixture
async def team(db_target):
    db = await open_database(db_target)
    calendar = DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 21, 12, tzinfo=dt.UTC)))
    yield BeeTeam(BeeGame(db, Lexicon.load("common"), calendar))
    await db.close()


async def test_a_word_counts_once_for_the_team_and_its_first_finder_is_credited(team):
    puzzle = await team.game.puzzle(DAY)
    first, second = puzzle.answers[:2]
    alice = await team.credit(GUILD, 10, DAY, [first, "zzzz", first])
    assert [c.word for c in alice.new] == [first] and alice.wrong == 1 and alice.already == ()
    assert alice.points == bee.score(first, puzzle)
    bob = await team.credit(GUILD, 20, DAY, [first, second])
    assert [c.word for c in bob.new] == [second] and bob.already == (first,)
    assert bob.points == bee.score(first, puzzle) + bee.score(second, puzzle)
    progress = await team.progress(GUILD, DAY)
    assert {(c.word, c.user_id) for c in progress.credits} == {(first, 10), (second, 20)}
    assert progress.points == bob.points and progress.rank == bee.rank(bob.points, puzzle.max_score)
    other = await team.credit(OTHER, 30, DAY, [first])  # another server's team is its own
    assert [c.word for c in other.new] == [first]


async def test_many_players_typing_the_same_words_at_once_credit_each_word_once(team):
    puzzle = await team.game.puzzle(DAY)
    words = list(puzzle.answers[:10])
    takes = await asyncio.gather(*(team.credit(GUILD, user, DAY, words) for user in range(100, 108)))
    credited = [c.word for t in takes for c in t.new]
    assert sorted(credited) == sorted(words)  # each word once, to one player
    assert max(t.points for t in takes) == sum(bee.score(w, puzzle) for w in words)
    rows = await team.store.db.fetch_all("SELECT SUM(words), SUM(points) FROM player_days WHERE "
                                         "game = ? AND guild_id = ?",
                                         (BEE_TEAM, GUILD))
    assert tuple(rows[0]) == (len(words), sum(bee.score(w, puzzle) for w in words))
    solo = await team.store.db.fetch_one("SELECT COUNT(*) FROM player_days WHERE game = 'bee'")
    assert solo[0] == 0  # a together day never adds to the solo score


async def test_reaching_genius_is_said_once_and_the_pangrams_are_counted(team):
    puzzle = await team.game.puzzle(DAY)
    ordered = sorted(puzzle.answers, key=lambda w: -bee.score(w, puzzle))
    reached = []
    for word in ordered:
        take = await team.credit(GUILD, 10, DAY, [word])
        reached += [take.reached] if take.reached else []
    assert reached == ["Genius", "Queen Bee"]
    progress = await team.progress(GUILD, DAY)
    assert progress.pangrams_found == len(puzzle.pangrams) and progress.points == puzzle.max_score
    assert progress.finders == ((10, len(puzzle.answers), puzzle.max_score),)
    assert set(progress.by_first_letter()) == {w[0] for w in puzzle.answers}


async def test_a_slur_typed_as_a_guess_is_neither_credited_nor_counted(team):
    take = await team.credit(GUILD, 10, DAY, ["nigger", "faggot"])
    assert take.new == () and take.wrong == 0 and take.already == ()


async def test_the_words_nobody_found_name_the_most_and_least_common(team):
    puzzle = await team.game.puzzle(DAY)
    found = puzzle.answers[:3]
    await team.credit(GUILD, 10, DAY, list(found))
    missed = await team.missed(GUILD, DAY)
    assert missed.words == tuple(w for w in puzzle.answers if w not in found)
    commonness = {w: team.game.lexicon.commonness(w) for w in missed.words}
    assert commonness[missed.most_common] == max(commonness.values())
    assert commonness[missed.least_common] == min(commonness.values())
    await team.credit(GUILD, 10, DAY, list(puzzle.answers))
    assert await team.missed(GUILD, DAY) == type(missed)((), None, None)


async def test_a_team_day_remembers_where_it_is_played_and_its_message(team):
    store = TeamStore(team.store.db)
    day = await store.open_day("bee", GUILD, DAY, 555)
    assert (day.channel_id, day.message_id) == (555, None)
    assert (await store.open_day("bee", GUILD, DAY, 777)).channel_id == 555  # opened once
    await store.set_message("bee", GUILD, DAY, 999)
    assert (await store.team_day("bee", GUILD, DAY)).message_id == 999
    await store.move_day("bee", GUILD, DAY, 888)  # the thread was deleted: the channel, and a new message
    moved = await store.team_day("bee", GUILD, DAY)
    assert (moved.channel_id, moved.message_id) == (888, None)
    assert [d.guild_id for d in await store.open_days("bee", DAY, [GUILD, OTHER])] == [GUILD]
    assert await store.open_days("bee", DAY, []) == []


async def test_the_team_view_sums_the_days_and_counts_words_found_first(team):
    puzzle = await team.game.puzzle(DAY)
    await team.store.open_day("bee", GUILD, DAY, 555)
    await team.credit(GUILD, 10, DAY, list(puzzle.answers[:3]))
    await team.credit(GUILD, 20, DAY, list(puzzle.answers[:5]))
    totals = await team.store.team_totals(BEE_TEAM, GUILD, DAY, DAY)
    assert [(t.day, t.words, t.max_points) for t in totals] == [(DAY, 5, puzzle.max_score)]
    assert [(u, w) for u, w, _ in await team.store.finders(BEE_TEAM, GUILD, DAY, DAY)] == [(10, 3), (20, 2)]


async def test_two_processes_on_one_postgres_credit_each_word_once(postgres_url):
    """Two bot processes (a rolling re-shard) taking the same server's words: one credit each, exact totals."""
    dbs = [await open_database(postgres_url) for _ in range(2)]
    try:
        clock = Clock(dt.datetime(2026, 11, 21, 12, tzinfo=dt.UTC))
        teams = [BeeTeam(BeeGame(db, Lexicon.load("common"), DailyCalendar(db, clock=clock))) for db in dbs]
        puzzle = await teams[0].game.puzzle(DAY)
        await teams[0].store.open_day("bee", GUILD, DAY, 555)
        takes = await asyncio.gather(*(t.credit(GUILD, 10 + n, DAY, [w]) for n, t in enumerate(teams)
                                       for w in puzzle.answers))
        assert sorted(c.word for t in takes for c in t.new) == sorted(puzzle.answers)
        assert sorted(t.points for t in takes if t.new)[-1] == puzzle.max_score
        assert sum(t.reached == "Queen Bee" for t in takes) == 1
    finally:
        for db in dbs:
            await db.close()


async def test_the_team_words_name_counts_ranks_and_finders_without_wrong_words(team):
    from bot.games.bee import team_text

    puzzle = await team.game.puzzle(DAY)
    spoiled = lambda w: f"||{w}||"  # noqa: E731 - as Discord shows them
    progress = await team.progress(GUILD, DAY)
    assert team_text.team_line(progress).startswith(f"Words 0/{len(puzzle.answers)} · points "
                                                    f"0/{puzzle.max_score} · Beginner")
    assert "Nobody has found" in team_text.finders_line(progress, str)
    take = await team.credit(GUILD, 10, DAY, [puzzle.answers[0], "qqqqzz", "nigger"])
    notice = team_text.take_notice(take)
    assert puzzle.answers[0] in notice and "qqqqzz" not in notice and "nigg" not in notice
    assert "1 word of yours is not in today's answers" in notice
    progress = await team.progress(GUILD, DAY)
    assert team_text.found_lines(progress, spoiled) == [f"{puzzle.answers[0][0].upper()} (1): ||{puzzle.answers[0]}||"]
    assert team_text.finders_line(progress, lambda u: f"<@{u}>") == (
        f"Top finders: <@10> 1 word ({bee.score(puzzle.answers[0], puzzle)} point"
        f"{'' if bee.score(puzzle.answers[0], puzzle) == 1 else 's'})")
    lines = team_text.missed_lines(await team.missed(GUILD, DAY), spoiled)
    assert lines[0].startswith(f"Nobody found {len(puzzle.answers) - 1} words: ||") and len(lines) == 3
