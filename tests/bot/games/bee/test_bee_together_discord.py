"""The bee played together, through SimCord: the day's thread, typed guesses (by mention, and plain
with the Message Content intent), one credit per word, the live progress message, a restart
mid-day, the thread deleted, locked or archived, missing thread permissions, the next day's post
with the missed words, and the bee together beside a solo Letter Boxed in one server."""

import datetime as dt

import discord
import pytest

from bot.chat.outcome import CHECK, CROSS, NUMBERS, PANGRAM, WARNING
from bot.daily.posts import POST_CHARS, POST_LINES, message_size
from bot.days.team_store import TeamStore
from bot.games.bee import embeds
from solvers import bee
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, puzzle_of


class Team(Server):
    async def setup(self, time="09:00", timezone="Europe/London", play="together"):
        return await self.admin.slash(self.channel, "bee setup", channel=self.channel, time=time, timezone=timezone,
                                      play=play)

    @property
    def thread(self):
        (thread,) = [t for t in self.channel.threads if t.name.startswith("Spelling Bee ·")]
        return thread

    def progress(self, place=None):
        """The live progress message of the day, where the day is played."""
        place = place or self.thread
        (message,) = [m for m in place.history() if m.embeds and m.embeds[0].title.startswith("Team Spelling Bee")]
        return message

    def reactions(self, message, place=None):
        (stored,) = [m for m in (place or self.thread).history() if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]


@pytest.fixture
async def team(simcord_env):
    server = Team(simcord_env)
    await server.start_day()
    return server


async def settle(env, seconds=3.0):
    await env.advance_time(seconds)  # reactions a quarter second apart, the progress message's next turn


async def moderate(env, thread, *, delete=False, **changes):
    """What a moderator does to the day's thread, through Discord's API (SimCord's actors have no
    channel actions): the bot hears the same THREAD_UPDATE or THREAD_DELETE event a moderator's
    action would send."""
    if delete:
        await env.bot.http.delete_channel(thread.id)
    else:
        await env.bot.http.edit_channel(thread.id, **changes)
    await env.advance_time(0.1)


def mention(env) -> str:
    return env.bot.user.mention


async def test_the_post_opens_a_thread_with_one_progress_message(team, simcord_env):
    post = team.posts()[-1]
    assert "The server plays together today" in post.embeds[0].description
    assert team.thread.name == "Spelling Bee · Thu 1 Jan"
    progress = team.progress()
    puzzle = puzzle_of(START)
    assert progress.embeds[0].description.startswith(f"Words 0/{len(puzzle.answers)} · points 0/{puzzle.max_score}")
    day = await TeamStore(simcord_env.bot.db).team_day("bee", team.guild.id, START)
    assert (day.channel_id, day.message_id) == (team.thread.id, progress.id)


async def test_guesses_by_mention_count_once_for_the_team_with_reactions(team, simcord_env):
    puzzle = puzzle_of(START)
    words = [w for w in puzzle.answers if w not in puzzle.pangrams][:3]
    first = await team.alice.send(team.thread, f"{mention(simcord_env)} {words[0]} {words[1]}")
    again = await team.bob.send(team.thread, f"{mention(simcord_env)} {words[0]}")
    wrong = await team.bob.send(team.thread, f"{mention(simcord_env)} {puzzle.center * 5}")
    crown = await team.bob.send(team.thread, f"{mention(simcord_env)} {puzzle.pangrams[0]}")
    await settle(simcord_env)
    assert team.reactions(first) == [NUMBERS[2]] and team.reactions(again) == [WARNING]
    assert team.reactions(wrong) == [CROSS] and team.reactions(crown) == [CHECK, PANGRAM]
    credits = await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)
    assert {(c.word, c.user_id) for c in credits} == {(words[0], team.alice.id), (words[1], team.alice.id),
                                                     (puzzle.pangrams[0], team.bob.id)}
    points = sum(bee.score(c.word, puzzle) for c in credits)
    shown = team.progress().embeds[0].description
    assert shown.startswith(f"Words 3/{len(puzzle.answers)} · points {points}/{puzzle.max_score}")
    assert f"||{words[0]}||" in shown and f"<@{team.alice.id}> 2 words" in shown
    assert f"{puzzle.center * 5}" not in shown


async def test_plain_messages_are_chat_without_the_intent(team, simcord_env):
    word = puzzle_of(START).answers[0]
    plain = await team.alice.send(team.thread, word)
    await settle(simcord_env)
    assert team.reactions(plain) == [] and await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START) == []


@INTENT_ON
async def test_plain_guesses_count_in_the_thread_with_the_intent_and_chatter_is_left_alone(team, simcord_env):
    puzzle = puzzle_of(START)
    word = puzzle.answers[0]
    guess = await team.alice.send(team.thread, word.upper())
    chatter = [await team.bob.send(team.thread, text) for text in ("lol nice", "good job", "🐝",
                                                                   puzzle.center * 4)]  # hive letters, no answer
    found_again = await team.bob.send(team.thread, f"{word}!")  # the punctuation around a word is dropped
    in_channel = await team.bob.send(team.channel, puzzle.answers[1])  # the channel takes mentions only
    await settle(simcord_env)
    assert team.reactions(guess) == [CHECK] and team.reactions(found_again) == [WARNING]
    assert all(team.reactions(m) == [] for m in chatter) and team.reactions(in_channel, team.channel) == []
    assert [c.word for c in await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)] == [word]


async def test_two_players_typing_one_word_at_once_give_one_credit(team, simcord_env):
    word = puzzle_of(START).answers[0]
    channel = simcord_env.bot.get_channel(team.thread.id)
    players = [team.guild.add_member(simcord_env.create_user(f"p{n}")) for n in range(5)]
    for player in players:  # all sent within the same simulated instant
        await player.send(team.thread, f"{mention(simcord_env)} {word}")
    await settle(simcord_env)
    credits = await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)
    assert [c.word for c in credits] == [word] and credits[0].user_id in {p.id for p in players}
    assert channel is not None


async def test_the_command_and_the_form_add_to_the_team_privately(team, simcord_env):
    puzzle = puzzle_of(START)
    first, second = puzzle.answers[:2]
    result = await team.alice.slash(team.thread, "bee guess", word=f"{first} qqqq")
    assert result.ephemeral and f"You found 1 new word for the team: {first}" in result.response.content
    assert "qqqq" not in result.response.content
    elsewhere = await team.alice.slash(team.general, "bee guess", word=second)
    assert elsewhere.response.content == f"Play the Spelling Bee in <#{team.thread.id}> or <#{team.channel.id}>."
    await settle(simcord_env)
    assert team.progress().embeds[0].description.startswith("Words 1/")


async def test_a_restart_mid_day_carries_on_with_the_same_thread_and_message(team, simcord_env, new_bot):
    word = puzzle_of(START).answers[0]
    await team.alice.send(team.thread, f"{mention(simcord_env)} {word}")
    await settle(simcord_env)
    progress = team.progress()
    await simcord_env.restart_bot(new_bot())
    await settle(simcord_env)
    second = puzzle_of(START).answers[1]
    guess = await team.bob.send(team.thread, f"{mention(simcord_env)} {second}")
    await settle(simcord_env)
    assert team.reactions(guess) == [CHECK]
    assert team.progress().id == progress.id and team.progress().embeds[0].description.startswith("Words 2/")
    await simcord_env.advance_time(24 * HOUR)  # the next day posts once, with its own thread
    assert len(team.posts()) == 2
    assert len([t for t in team.channel.threads if t.name.startswith("Spelling Bee ·")]) == 2


async def test_the_next_days_post_credits_the_team_and_stays_short(team, simcord_env):
    """After a together day the morning post gives the team's result in a line, its finders, who
    found each pangram and the words nobody found, behind spoiler bars, in at most 20 lines and
    1,500 characters; every answer with its definition goes into yesterday's thread, once."""
    puzzle = puzzle_of(START)
    found = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    await team.alice.send(team.thread, f"{mention(simcord_env)} " + " ".join(found))
    await team.bob.send(team.thread, f"{mention(simcord_env)} {puzzle.pangrams[0]}")
    await settle(simcord_env)
    yesterday_thread = team.thread
    await simcord_env.advance_time(24 * HOUR)
    post = team.posts()[-1]
    (result,) = [e for e in post.embeds if e.title.startswith("Yesterday, together")]
    text = result.description
    points = sum(bee.score(w, puzzle) for w in [*found, puzzle.pangrams[0]])
    assert text.splitlines()[0] == (f"The team reached **{bee.rank(points, puzzle.max_score).name}**: 3 of "
                                    f"{len(puzzle.answers)} words, {points} of {puzzle.max_score} points, 2 players.")
    assert f"||{puzzle.pangrams[0].upper()}|| by <@{team.bob.id}>" in text  # the pangram's finder, named
    missed = next(line for line in text.splitlines() if line.startswith("Nobody found"))
    assert missed.startswith(f"Nobody found {len(puzzle.answers) - 3} words, the pangrams above and: ||")
    assert f"||{found[0]}||" not in missed and f"||{puzzle.pangrams[1]}||" not in missed  # named once
    assert f"<#{yesterday_thread.id}>" in text
    assert "Nobody here" not in text and "(0 players)" not in text
    lines, chars = message_size(post.content, post.embeds)
    assert lines <= POST_LINES and chars <= POST_CHARS, (lines, chars)
    recaps = [m for m in yesterday_thread.history() if m.embeds and m.embeds[0].title.startswith("The day's answers")]
    assert len(recaps) == 1  # the full recap, in the day's own thread
    assert all(f"||{word}" in recaps[0].embeds[0].description for word in puzzle.answers if word not in puzzle.pangrams)
    await simcord_env.advance_time(24 * HOUR)  # another day: yesterday's recap is not posted again
    assert len([m for m in yesterday_thread.history() if m.embeds
                and m.embeds[0].title.startswith("The day's answers")]) == 1


async def test_a_deleted_thread_moves_the_day_to_the_channel(team, simcord_env):
    thread_id = team.thread.id
    await moderate(simcord_env, team.thread, delete=True)
    await settle(simcord_env)
    progress = team.progress(team.channel)
    day = await TeamStore(simcord_env.bot.db).team_day("bee", team.guild.id, START)
    assert (day.channel_id, day.message_id) == (team.channel.id, progress.id) and day.channel_id != thread_id
    guess = await team.alice.send(team.channel, f"{mention(simcord_env)} {puzzle_of(START).answers[0]}")
    await settle(simcord_env)
    assert team.reactions(guess, team.channel) == [CHECK]


async def test_an_archived_thread_is_opened_again(team, simcord_env):
    await moderate(simcord_env, team.thread, archived=True)
    await settle(simcord_env)
    reopened = [r for r in simcord_env.http_requests if r.method == "PATCH" and r.path == f"/channels/{team.thread.id}"
                and r.json == {"archived": False}]
    assert len(reopened) == 1 and not simcord_env.bot.get_channel(team.thread.id).archived


async def test_a_locked_thread_moves_the_day_to_the_channel(team, simcord_env):
    await moderate(simcord_env, team.thread, locked=True)
    await settle(simcord_env)
    assert team.progress(team.channel).embeds[0].title.startswith("Team Spelling Bee")


async def test_without_thread_permissions_setup_says_so_and_the_channel_is_the_room(simcord_env):
    server = Team(simcord_env)
    server.channel = server.guild.create_text_channel(
        "no-threads", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    reply = await server.setup()
    assert "Create Public Threads" in reply.response.content
    await simcord_env.advance_time(9 * HOUR)
    assert [t for t in server.channel.threads if t.name.startswith("Spelling Bee ·")] == []
    guess = await server.alice.send(server.channel, f"{mention(simcord_env)} {puzzle_of(START).answers[0]}")
    await settle(simcord_env)
    assert server.reactions(guess, server.channel) == [CHECK]
    assert server.progress(server.channel).embeds[0].description.startswith("Words 1/")


async def test_the_bee_together_beside_a_solo_letter_boxed_in_one_channel(team, simcord_env):
    await team.admin.slash(team.channel, "box setup", channel=team.channel, time="09:00", timezone="Europe/London")
    await simcord_env.advance_time(24 * HOUR)  # both games post on 2 January
    day = START + dt.timedelta(days=1)
    boxes = [m for m in team.channel.history() if m.embeds and m.embeds[0].title.startswith("Letter Boxed")]
    assert "together" not in boxes[-1].embeds[0].description and str(day.day) in boxes[-1].embeds[0].title
    word = puzzle_of(day).answers[0]
    guess = await team.alice.send(team.channel, f"{mention(simcord_env)} {word}")  # the bee's channel place
    await settle(simcord_env)
    assert team.reactions(guess, team.channel) == [CHECK]
    solo = await team.bob.slash(team.channel, "bee guess", word=word)
    assert "already" in solo.response.content.lower() or "Already" in solo.response.content


async def test_hints_and_my_words_show_the_teams_day_privately(team, simcord_env):
    puzzle = puzzle_of(START)
    await team.alice.send(team.thread, f"{mention(simcord_env)} {puzzle.answers[0]}")
    await settle(simcord_env)
    post = team.posts()[-1]
    words = await team.bob.click(post, label="My words")  # bob found nothing himself: the team did
    assert words.ephemeral and words.response.embeds[0].title.startswith("Team Spelling Bee")
    assert f"||{puzzle.answers[0]}||" in words.response.embeds[0].description
    hints = await team.bob.click(post, label="Hints")
    team_left = embeds.hints_embed(puzzle, bee.hints(puzzle, (puzzle.answers[0],)), team=True).description
    assert hints.ephemeral and hints.response.embeds[0].description == team_left
    assert "Left for the team: " in team_left and "Left for you" not in team_left  # worded as the team's
    assert team_left.split("Left")[1] != embeds.hints_embed(puzzle, bee.hints(puzzle, ())).description.split(
        "Left")[1]  # not bob's own (empty) day


async def test_today_and_share_on_a_together_day_are_the_teams(team, simcord_env):
    """/bee today shows the team's progress as the team's; My words carries Share, which posts the
    team's result (rank, words of the total, players), spoiler-free, with the sharer's part."""
    puzzle = puzzle_of(START)
    words = [w for w in puzzle.answers if w not in puzzle.pangrams][:3]
    await team.alice.send(team.thread, f"{mention(simcord_env)} {words[0]} {words[1]}")
    await team.bob.send(team.thread, f"{mention(simcord_env)} {words[2]}")
    await settle(simcord_env)
    today = await team.admin.slash(team.channel, "bee today")
    shown = today.response.embeds[0].description
    assert today.ephemeral and f"The team found 3 of {len(puzzle.answers)} words" in shown
    assert "You found" not in shown
    mine = await team.bob.click(team.posts()[-1], label="My words")
    before = len(team.channel.history())
    shared = await team.bob.click(mine.response, label="Share")
    (message,) = team.channel.history()[before:]
    text = message.content
    assert not shared.ephemeral and text.startswith("🐝 Team Spelling Bee · #366 · ")
    assert f"3 of {len(puzzle.answers)} words" in text and "2 players" in text
    assert f"<@{team.bob.id}> found 1 word first" in text
    assert not any(word in text.lower() for word in puzzle.answers)  # spoiler-free


async def test_stats_and_the_default_leaderboard_read_the_teams_days(team, simcord_env):
    """/stats of a player who played only together shows their together days, never "not played";
    /leaderboard without a game shows the team's board where the server plays together, and says so."""
    puzzle = puzzle_of(START)
    words = [w for w in puzzle.answers if w not in puzzle.pangrams][:2]
    await team.alice.send(team.thread, f"{mention(simcord_env)} {words[0]} {words[1]}")
    await settle(simcord_env)
    stats = await team.alice.slash(team.channel, "stats")
    said = stats.response.embeds[0].description
    assert "has not played" not in said and "has played only together in this server so far" in said
    assert "Together: **1** day played · **2** words found first" in said and "streak **1 day**" in said
    board = await team.bob.slash(team.channel, "leaderboard")
    assert board.response.content == "This server plays Spelling Bee together: its board. Pick `game:` for another."
    assert board.response.embeds[0].title.startswith("Spelling Bee together")
    assert f"<@{team.alice.id}>: 2 words" in board.response.embeds[0].description


async def test_nothing_the_bot_sends_or_edits_can_ping(team, simcord_env):
    """Mentions never ping: every message the bot sends or edits allows no mentions at all, the
    progress message's top finders and the interaction replies included."""
    puzzle = puzzle_of(START)
    await team.alice.send(team.thread, f"@everyone {mention(simcord_env)} <@{team.bob.id}> {puzzle.answers[0]}")
    await team.bob.slash(team.thread, "bee guess", word=puzzle.answers[1])
    await settle(simcord_env)
    sent = [r for r in simcord_env.http_requests if r.method in ("POST", "PATCH") and isinstance(r.json, dict)
            and ("content" in r.json or "embeds" in r.json or "data" in r.json)]
    assert len(sent) >= 4  # the post, the progress message and its edit, the reply
    for request in sent:
        body = request.json.get("data", request.json) if isinstance(request.json.get("data"), dict) else request.json
        assert body.get("allowed_mentions", {}).get("parse") == [], \
            (request.method, request.path, body.get("allowed_mentions"))


async def test_a_time_zone_move_keeps_the_days_room_and_the_next_day_posts_once(team, simcord_env):
    word = puzzle_of(START).answers[0]
    await team.setup(timezone="America/New_York")  # 09:00 in New York is 14:00 in London
    guess = await team.alice.send(team.thread, f"{mention(simcord_env)} {word}")
    await settle(simcord_env)
    assert team.reactions(guess) == [CHECK]  # the day posted in London is still played in its thread
    await simcord_env.advance_time(29 * HOUR)  # to 14:00 UTC on 2 January: 09:00 in New York
    assert len(team.posts()) == 2
    threads = [t for t in team.channel.threads if t.name.startswith("Spelling Bee ·")]
    assert [t.name for t in threads] == ["Spelling Bee · Thu 1 Jan", "Spelling Bee · Fri 2 Jan"]
    await simcord_env.advance_time(2 * HOUR)
    assert len(team.posts()) == 2  # posted once
