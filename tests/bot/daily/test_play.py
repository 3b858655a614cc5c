"""Each daily game's ``take`` without Discord (``bot.daily.play``): the day a move plays, each
refusal as a value with its message, the hook that adds a day's places, several words in one
move and the cut at the limit; and the play style, fixed by the day's post. On SQLite and
PostgreSQL (``db_target``)."""

import datetime as dt

import pytest

from bot.chat.words import MAX_WORDS
from bot.daily.calendar import DailyCalendar
from bot.daily.info import TERMINAL_GUILD_ID
from bot.daily.play import Day, Refusal, Refused, Via
from bot.daily.schedule import Play
from bot.db import open_database
from bot.games.bee import text
from bot.games.bee.game import BEE, BeeGame, Guesses, Verdict
from bot.games.letterbox.game import LETTERBOX, LetterBoxedGame, Played, Ruling
from solvers import bee
from solvers.lexicon import Lexicon
from tests.bot.daily.due import due_posts
from tests.bot.games.letterbox.test_letterbox_game import PUBLISHED
from tests.clock import Clock

DAY = PUBLISHED.date  # 23 November 2026; the clock says noon (UTC) that day
GUILD, CHANNEL, THREAD, ELSEWHERE, ADMIN, ALICE = 1, 100, 555, 200, 5, 11
NOON = dt.datetime.combine(DAY, dt.time(12), tzinfo=dt.UTC)


@pytest.fixture
async def world(db_target):
    db = await open_database(db_target)
    clock = Clock(NOON)
    calendar = DailyCalendar(db, clock=clock)
    boxes = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), calendar)
    await boxes.store.save_puzzle(PUBLISHED)
    yield BeeGame(db, Lexicon.load("common"), calendar), boxes, clock
    await db.close()


async def post(calendar, game, date=DAY, guild=GUILD):
    """Make the guild's post of ``date`` as the poster does: claimed with the schedule's style."""
    schedule = await calendar.schedule(game, guild)
    assert await calendar.store.claim_post(game.key, guild, date, schedule.channel_id, calendar.clock(),
                                           calendar.clock(), schedule.play)


async def test_every_refusal_is_a_value_with_its_message(world):
    bees, _, _ = world
    calendar = bees.calendar
    missing = await bees.take(GUILD, CHANNEL, ALICE, "word")
    assert missing == Refusal(Refused.NO_GAME, "There is no Spelling Bee in this server yet. "
                                               "Someone with Manage Server can start one with /bee setup.")
    await calendar.setup(BEE, GUILD, CHANNEL, "18:00", "UTC", ADMIN)
    waiting = await bees.take(GUILD, CHANNEL, ALICE, "word")
    assert waiting == \
        Refusal(Refused.NOT_YET, "The first hive of the Spelling Bee arrives at 18:00 (UTC). See you then!")
    await calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    elsewhere = await bees.take(GUILD, ELSEWHERE, ALICE, "word")
    assert elsewhere == Refusal(Refused.ELSEWHERE, f"Play the Spelling Bee in <#{CHANNEL}>.")
    old = await bees.take(GUILD, CHANNEL, ALICE, "word", post_date=DAY - dt.timedelta(days=1), via=Via.POST)
    assert old == Refusal(Refused.OLD_POST, "That hive was for Sunday 22 November 2026. "
                                            f"Today's hive is in the newest post in <#{CHANNEL}>.")
    await calendar.stop(BEE, GUILD, ADMIN)
    stopped = await bees.take(GUILD, CHANNEL, ALICE, "word")
    assert stopped.reason is Refused.NO_GAME \
        and stopped.message.startswith("The Spelling Bee is stopped in this server.")
    assert await bees.store.found_words(GUILD, DAY, ALICE) == []  # nothing refused was played


async def test_a_post_button_plays_anywhere_and_the_terminal_needs_no_schedule(world):
    bees, _, _ = world
    await bees.calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    word = (await bees.puzzle(DAY)).answers[0]
    from_post = await bees.take(GUILD, ELSEWHERE, ALICE, word, post_date=DAY, via=Via.POST)
    assert isinstance(from_post, Guesses) and from_post.accepted[0].word == word
    assert from_post.day == Day(BEE, GUILD, DAY, Play.SOLO, await bees.calendar.schedule(BEE, GUILD),
                                frozenset({CHANNEL}))
    terminal = await bees.take(TERMINAL_GUILD_ID, 0, 0, word, post_date=DAY, via=Via.TERMINAL)
    assert terminal.accepted[0].word == word and terminal.day.schedule is None and terminal.day.places == frozenset()
    with pytest.raises(ValueError):
        await bees.take(TERMINAL_GUILD_ID, 0, 0, word, via=Via.TERMINAL)  # the terminal says which day


async def test_a_days_places_grow_through_the_hook(world):
    bees, _, _ = world
    await bees.calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    asked = []

    async def thread_of(schedule, date, play):
        asked.append((schedule.channel_id, date, play))
        return [THREAD]

    bees.days.add_places(thread_of)
    word = (await bees.puzzle(DAY)).answers[0]
    in_thread = await bees.take(GUILD, THREAD, ALICE, word)
    assert in_thread.accepted and in_thread.day.places == frozenset({CHANNEL, THREAD})
    assert asked[0] == (CHANNEL, DAY, Play.SOLO)
    refused = await bees.take(GUILD, ELSEWHERE, ALICE, word)
    assert refused.message == f"Play the Spelling Bee in <#{THREAD}> or <#{CHANNEL}>."
    bees.days.remove_places(thread_of)
    assert (await bees.take(GUILD, THREAD, ALICE, word)).reason is Refused.ELSEWHERE


async def test_several_words_in_one_move_each_get_their_line(world):
    bees, _, _ = world
    await bees.calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    puzzle = await bees.puzzle(DAY)
    first, second = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    await bees.take(GUILD, CHANNEL, ALICE, first)
    typed = f"{first.upper()}, {second}  {puzzle.center * 4}\tab1 {puzzle.pangrams[0]}"
    guesses = await bees.take(GUILD, CHANNEL, ALICE, typed)
    assert [r.verdict for r in guesses.results] == [Verdict.ALREADY_FOUND, Verdict.ACCEPTED, Verdict.NOT_IN_LIST,
                                                    Verdict.NOT_LETTERS, Verdict.ACCEPTED]
    assert guesses.pangrams == (puzzle.pangrams[0],) and guesses.unread == 0
    total = sum(bee.score(w, puzzle) for w in (first, second, puzzle.pangrams[0]))
    lines = text.guesses_reply(guesses).split("\n")
    assert lines[0] == f"You already found {first.upper()}."
    assert lines[1] == f"✅ {second.upper()} +{bee.score(second, puzzle)} point{'s' * (bee.score(second, puzzle) > 1)}."
    assert lines[2] == f"{(puzzle.center * 4).upper()} is not in today's word list."
    assert lines[3] == "AB1: guesses are letters A–Z only: remove '1'."  # among several, the line names its word
    assert lines[4].startswith(f"✅ {puzzle.pangrams[0].upper()} +") and lines[4].endswith("Pangram! ✨")
    assert lines[5] == text.standing(total, bee.rank(total, puzzle.max_score)) and len(lines) == 6


async def test_a_long_move_is_cut_at_the_limit_and_says_so(world):
    bees, _, _ = world
    await bees.calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    puzzle = await bees.puzzle(DAY)
    words = [puzzle.center * 4] * MAX_WORDS + [puzzle.answers[0]] * 3  # the answer is past the limit
    guesses = await bees.take(GUILD, CHANNEL, ALICE, " ".join(words))
    assert len(guesses.results) == MAX_WORDS and guesses.unread == 3 and not guesses.accepted
    assert text.guesses_reply(guesses).split("\n")[-1] == \
        f"Only the first {MAX_WORDS} words were read (3 more words left out)."
    assert await bees.store.found_words(GUILD, DAY, ALICE) == []
    empty = await bees.take(GUILD, CHANNEL, ALICE, " \u200b ")
    assert empty.results == () and text.guesses_reply(empty).startswith("Type a word")


async def test_letter_boxed_takes_a_chain_with_the_same_refusals(world):
    _, boxes, _ = world
    assert (await boxes.take(GUILD, CHANNEL, ALICE, "powerful")).message.startswith("There is no Letter Boxed")
    await boxes.calendar.setup(LETTERBOX, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    elsewhere = await boxes.take(GUILD, ELSEWHERE, ALICE, "powerful")
    assert elsewhere == Refusal(Refused.ELSEWHERE, f"Play the Letter Boxed in <#{CHANNEL}>.")
    old = await boxes.take(GUILD, CHANNEL, ALICE, "powerful", post_date=DAY + dt.timedelta(days=1), via=Via.POST)
    assert old.message.startswith("That box was for Tuesday 24 November 2026.")
    played = await boxes.take(GUILD, CHANNEL, ALICE, ["powerful", "libertine"], name="alice")
    assert isinstance(played, Played) and played.result.outcome is Ruling.SOLVED and played.day.date == DAY
    terminal = await boxes.take(TERMINAL_GUILD_ID, 0, 0, "powerful libertine", post_date=DAY, via=Via.TERMINAL)
    assert terminal.result.outcome is Ruling.SOLVED


async def test_a_days_style_is_fixed_by_its_post(world):
    bees, _, clock = world
    calendar = bees.calendar
    assert await calendar.play_style(BEE, GUILD, DAY) is Play.SOLO  # no schedule: solo
    await calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN)
    await post(calendar, BEE)
    assert await calendar.play_style(BEE, GUILD, DAY) is Play.SOLO
    schedule = await calendar.set_play(BEE, GUILD, Play.TOGETHER, ADMIN)  # mid-day
    assert schedule.play is Play.TOGETHER and (await calendar.schedule(BEE, GUILD)).play is Play.TOGETHER
    assert await calendar.play_style(BEE, GUILD, DAY) is Play.SOLO  # today was posted solo and stays so
    assert (await bees.take(GUILD, CHANNEL, ALICE, "word")).day.play is Play.SOLO
    tomorrow = DAY + dt.timedelta(days=1)
    assert await calendar.play_style(BEE, GUILD, tomorrow) is Play.TOGETHER  # not posted yet: the schedule's
    clock.now += dt.timedelta(days=1)
    (due,) = await due_posts(calendar)
    assert due[0].play is Play.TOGETHER and due[1] == tomorrow
    await post(calendar, BEE, tomorrow)
    await calendar.set_play(BEE, GUILD, Play.SOLO, ADMIN)  # back, once tomorrow is posted
    assert await calendar.play_style(BEE, GUILD, tomorrow) is Play.TOGETHER
    assert (await bees.take(GUILD, CHANNEL, ALICE, "word")).day.play is Play.TOGETHER
    assert await calendar.play_style(BEE, GUILD, DAY) is Play.SOLO


async def test_two_games_of_one_server_keep_their_own_style(world):
    bees, boxes, _ = world
    calendar = bees.calendar
    await calendar.setup(BEE, GUILD, CHANNEL, "09:00", "UTC", ADMIN, Play.TOGETHER)
    await calendar.setup(LETTERBOX, GUILD, CHANNEL + 1, "09:00", "UTC", ADMIN)
    assert {s.game: s.play for s in await calendar.store.guild_schedules(GUILD)} == {"bee": Play.TOGETHER,
                                                                                    "letterbox": Play.SOLO}
    await calendar.setup(BEE, GUILD, CHANNEL, "10:00", "UTC", ADMIN)  # setup again without play: kept
    assert (await calendar.schedule(BEE, GUILD)).play is Play.TOGETHER
    await post(calendar, BEE)
    await post(calendar, LETTERBOX)
    assert (await calendar.play_style(BEE, GUILD, DAY), await calendar.play_style("letterbox", GUILD, DAY)) == (
        Play.TOGETHER, Play.SOLO)
    assert (await bees.take(GUILD, CHANNEL, ALICE, "word")).day.play is Play.TOGETHER
    assert (await boxes.take(GUILD, CHANNEL + 1, ALICE, "powerful")).day.play is Play.SOLO
    assert await calendar.play_style(BEE, GUILD + 1, DAY) is Play.SOLO  # another server
    with pytest.raises(LookupError, match="There is no Spelling Bee in this server yet"):
        await calendar.set_play(BEE, GUILD + 1, Play.TOGETHER, ADMIN)

