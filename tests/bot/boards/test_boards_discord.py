"""/leaderboard and /stats driven through SimCord."""

import datetime as dt
import io

import pytest
from PIL import Image

from bot.boards import card, picture
from bot.chat.words import MAX_WORDS
from bot.days.store import BoardsStore
from bot.games.bee.store import BeeStore
from solvers import bee
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, puzzle_of

pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]


async def seed(store, guild_id, user_id, day, *points):
    """Accepted words of the given points (the store is what real guesses go through)."""
    for k, p in enumerate(points):
        await store.add_guess(guild_id, day, user_id, f"w{k}", p, False, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


@pytest.fixture
async def club(simcord_env):
    server = Server(simcord_env)
    await server.start_day()  # bee set up (Europe/London) and 1 January's hive posted
    return server


def lines(embed):
    return [line for line in embed.description.splitlines() if line.startswith("**")]


async def test_the_weekly_board_with_shared_ranks_and_the_callers_place(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    players = [club.guild.add_member(simcord_env.create_user(f"player{k}")) for k in range(12)]
    for k, player in enumerate(players):
        await seed(store, club.guild.id, player.id, START, 50 - 3 * k)  # 50, 47, ..., 17
    await seed(store, club.guild.id, club.bob.id, START, 47)  # ties player1 for 2nd
    await seed(store, club.guild.id, club.alice.id, START, 2)  # last: 14th
    result = await club.alice.slash(club.channel, "leaderboard")
    assert not result.ephemeral
    first = result.response.embeds[0]
    assert first.title == "Spelling Bee leaderboard · this week (Mon 29 Dec – Thu 1 Jan)"
    shown = lines(first)
    assert len(shown) == 10
    assert shown[0] == f"**1.** <@{players[0].id}> · 50 points · 1 word · 0 pangrams"
    assert {shown[1], shown[2]} == {f"**2.** <@{players[1].id}> · 47 points · 1 word · 0 pangrams",
                                    f"**2.** <@{club.bob.id}> · 47 points · 1 word · 0 pangrams"}
    assert shown[3].startswith("**4.** ")
    assert first.description.endswith(f"You: **14.** <@{club.alice.id}> · 2 points · 1 word · 0 pangrams")
    assert first.footer.text == "14 players · page 1/2"

    await club.alice.click(result.response, label="Next ›")
    second = result.response.embeds[0]
    assert [line.split()[0] for line in lines(second)] == ["**11.**", "**12.**", "**13.**", "**14.**"]
    assert "You:" not in second.description  # the caller is on this page
    refused = await club.bob.click(result.response, label="‹ Prev")
    assert refused.ephemeral and "Only" in refused.response.content


async def test_today_shows_genius_and_queen_bee_badges(club, simcord_env):
    puzzle = puzzle_of(START)
    answers = sorted(puzzle.answers)
    for first in range(0, len(answers), MAX_WORDS):  # Bob finds every word, as many at once as a guess reads
        await club.bob.slash(club.channel, "bee guess", word=" ".join(answers[first:first + MAX_WORDS]))
    alices, points = [], 0  # the longest words, until they make Alice a Genius
    for word in sorted(puzzle.answers, key=len, reverse=True):
        if bee.rank(points, puzzle.max_score).name == "Genius":
            break
        alices, points = alices + [word], points + bee.score(word, puzzle)
    assert points < puzzle.max_score
    for first in range(0, len(alices), MAX_WORDS):
        result = await club.alice.slash(club.channel, "bee guess", word=" ".join(alices[first:first + MAX_WORDS]))
    assert f"You have {points} points: **Genius**" in result.response.content
    board = (await club.alice.slash(club.channel, "leaderboard", period="today")).response.embeds[0]
    shown = lines(board)
    assert shown[0].startswith(f"**1.** <@{club.bob.id}> · {puzzle.max_score} points") and shown[0].endswith("👑")
    assert shown[1].startswith(f"**2.** <@{club.alice.id}>") and shown[1].endswith("⭐")
    assert "⭐ Genius · 👑 Queen Bee" in board.footer.text


async def test_stats_for_yourself_and_for_another_player(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    for day_offset, points in ((0, 9), (1, 12), (2, 3)):
        if day_offset:
            await simcord_env.advance_time(24 * HOUR)
        await seed(store, club.guild.id, club.alice.id, START + dt.timedelta(days=day_offset), points)
    result = await club.alice.slash(club.channel, "stats")
    embed = result.response.embeds[0]
    assert embed.title == "Spelling Bee stats"
    text = embed.description
    assert "**3** days played · **24** points · best day **12** (Fri 2 Jan)" in text
    assert "Average **8.0** points a day" in text
    assert "⭐ **0** Genius days · 👑 **0** Queen Bee days" in text
    assert "Streak **3 days** (longest 3 days)" in text
    assert text.rstrip("`\n").splitlines()[-1].split() == ["0", "0", "0", "0", "9", "12", "3"]
    other = (await club.bob.slash(club.channel, "stats", user=club.alice)).response.embeds[0]
    assert other.description == text


async def test_stats_are_private_by_default_and_public_when_asked(club, simcord_env):
    """/stats answers only the asker unless ``private:False``; the reply is the same either way."""
    await seed(BeeStore(simcord_env.bot.db), club.guild.id, club.alice.id, START, 9)
    in_channel = len(list(club.channel.history()))
    default = await club.alice.slash(club.channel, "stats")
    assert default.ephemeral and default.response.attachments[0].filename == "stats.png"
    asked = await club.bob.slash(club.channel, "stats", user=club.alice, private=True)
    assert asked.ephemeral
    assert len(list(club.channel.history())) == in_channel  # nothing posted for the channel
    shown = await club.alice.slash(club.channel, "stats", private=False)
    assert not shown.ephemeral and shown.response.embeds[0].description == default.response.embeds[0].description
    assert len(list(club.channel.history())) == in_channel + 1
    nothing = await club.bob.slash(club.channel, "stats", game="letterbox")  # no picture: still private
    assert nothing.ephemeral and nothing.response.attachments == []
    team = await club.bob.slash(club.channel, "stats", game="bee-team")  # the team's view follows the option too
    assert team.ephemeral
    assert not (await club.bob.slash(club.channel, "stats", game="bee-team", private=False)).ephemeral


async def test_a_player_with_no_history(club):
    embed = (await club.bob.slash(club.channel, "stats")).response.embeds[0]
    assert embed.description == f"<@{club.bob.id}> has not played in this server yet."


async def test_a_guild_with_no_players_yet(simcord_env):
    guild = simcord_env.create_guild("Empty")
    member = guild.add_member(simcord_env.create_user("first"))
    embed = (await member.slash(guild.create_text_channel("c"), "leaderboard", period="all")).response.embeds[0]
    assert embed.title == "Spelling Bee leaderboard · all time"
    assert embed.description == "No scores yet for this period. Be the first!"


async def test_a_player_who_left_keeps_their_scores_and_nothing_leaks_between_servers(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    await seed(store, club.guild.id, club.bob.id, START, 30)
    await seed(store, club.guild.id, club.alice.id, START, 10)
    club.guild.remove_member(club.bob)
    board = (await club.alice.slash(club.channel, "leaderboard")).response.embeds[0]
    assert lines(board) == [f"**1.** <@{club.bob.id}> · 30 points · 1 word · 0 pangrams",
                            f"**2.** <@{club.alice.id}> · 10 points · 1 word · 0 pangrams"]
    elsewhere = simcord_env.create_guild("Elsewhere")
    stranger = elsewhere.add_member(simcord_env.create_user("stranger"))
    channel = elsewhere.create_text_channel("c")
    assert "No scores yet" in \
        (await stranger.slash(channel, "leaderboard", period="all")).response.embeds[0].description
    alice_there = elsewhere.add_member(club.alice.user)  # the same person, in another server
    assert "has not played in this server" in (await alice_there.slash(channel, "stats")).response.embeds[0].description


async def test_the_daily_post_names_yesterdays_top_three(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    extra = club.guild.add_member(simcord_env.create_user("carol"))
    fourth = club.guild.add_member(simcord_env.create_user("dave"))
    for member, points in ((club.alice, 20), (club.bob, 35), (extra, 20), (fourth, 5)):
        await seed(store, club.guild.id, member.id, START, points)
    await simcord_env.advance_time(24 * HOUR)
    reveal = club.posts()[-1].embeds[1]
    top = next(line for line in reveal.description.splitlines() if line.startswith("Top players:"))
    first, *tied = top.removeprefix("Top players: ").split(" · ")
    assert first == f"🥇 <@{club.bob.id}> 35"
    assert sorted(tied) == sorted([f"🥈 <@{club.alice.id}> 20", f"🥈 <@{extra.id}> 20"])
    assert f"<@{fourth.id}>" not in reveal.description


async def picture_of(message, filename):
    """The message's attached picture (name, alt text, pixel size), shown as its embed's image."""
    (attachment,) = message.attachments
    assert attachment.filename == filename
    assert message.embeds[0].image.url.endswith(filename)  # in the embed, not loose below it
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.format == "PNG"
    return attachment.description, image


async def test_stats_come_with_the_calendar_picture_and_its_alt_text(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    await seed(store, club.guild.id, club.alice.id, START, 9)
    result = await club.alice.slash(club.channel, "stats")
    message = result.response
    assert "**1** day played · **9** points" in message.embeds[0].description  # the text stays
    alt, image = await picture_of(message, "stats.png")
    assert image.size == picture.SIZE
    assert alt.startswith("Spelling Bee calendar of alice, the last 52 weeks (Mon 30 Dec 2024 to "
                          "Thu 1 Jan 2026): played 1 of 368 days, by level: Beginner to Good 1. "
                          "Streak 1 day, best 1 day. "
                          "1 day played, 9 points, 0 Genius days, 0 Queen Bee days.")
    await seed(store, club.guild.id, club.bob.id, START, 20, 19, 18)
    bobs = (await club.bob.slash(club.channel, "stats")).response
    _, bob_image = await picture_of(bobs, "stats.png")
    assert bob_image.tobytes() != image.tobytes()  # two histories, two pictures


async def test_no_picture_for_a_player_with_nothing_to_draw(club):
    message = (await club.bob.slash(club.channel, "stats", game="letterbox")).response
    assert message.attachments == [] and message.embeds[0].image.url is None
    assert message.embeds[0].description == f"<@{club.bob.id}> has not played in this server yet."


async def test_a_box_played_but_not_solved_still_shows_on_the_calendar(club, simcord_env):
    await simcord_env.bot.db.write(
        "INSERT INTO letterbox_chains (guild_id, puzzle_date, user_id, words, updated_at) VALUES (?, ?, ?, ?, ?)",
        (club.guild.id, START.isoformat(), club.bob.id, "chain", "2026-01-01T09:00:00"))
    message = (await club.bob.slash(club.channel, "stats", game="letterbox")).response
    alt, _ = await picture_of(message, "stats.png")
    assert "played 1 of 368 days, by level: played 1." in alt and "0 days solved" in alt
    assert message.embeds[0].description == f"<@{club.bob.id}> has played but not finished a box yet."


async def test_the_leaderboard_card_names_the_asker_and_the_players_the_bot_has_seen(club, simcord_env):
    """Without the members intent the bot knows the asker as a member; everyone else by the name
    the players table last saw (a player who left too), or not at all."""
    store, boards = BeeStore(simcord_env.bot.db), BoardsStore(simcord_env.bot.db)
    odd = club.guild.add_member(simcord_env.create_user("odd"))
    gone = club.guild.add_member(simcord_env.create_user("gone"))
    unknown = club.guild.add_member(simcord_env.create_user("unknown"))
    for member, points in ((club.alice, 30), (club.bob, 20), (odd, 10), (gone, 5), (unknown, 1)):
        await seed(store, club.guild.id, member.id, START, points)
    await boards.set_player_name(club.guild.id, club.alice.id, "Alice A.")
    await boards.set_player_name(club.guild.id, odd.id, "🌸 زهرة " + "x" * 200)
    await boards.set_player_name(club.guild.id, gone.id, "Gone Player")
    club.guild.remove_member(gone)
    message = (await club.bob.slash(club.channel, "leaderboard")).response
    alt, image = await picture_of(message, "leaderboard.png")
    assert image.size == (card.WIDTH, card.ROWS_TOP + 5 * card.ROW + 44)  # five rows, the asker's among them
    assert alt == \
        ("Spelling Bee leaderboard · this week (Mon 29 Dec – Thu 1 Jan): 1. Alice A., 30 points; 2. bob, 20 points; "
                   f"3. 🌸 زهرة {'x' * 33}, 10 points; 4. Gone Player, 5 points; 5. a player, 1 point.")
    # live mentions stay
    assert lines(message.embeds[0])[0] == f"**1.** <@{club.alice.id}> · 30 points · 1 word · 0 pangrams"


async def test_every_page_of_a_long_board_keeps_the_card(club, simcord_env):
    store = BeeStore(simcord_env.bot.db)
    for k in range(12):
        await seed(store, club.guild.id, club.guild.add_member(simcord_env.create_user(f"p{k}")).id, START, 40 - k)
    result = await club.alice.slash(club.channel, "leaderboard")
    await picture_of(result.response, "leaderboard.png")
    await club.alice.click(result.response, label="Next ›")
    alt, _ = await picture_of(result.response, "leaderboard.png")
    assert "you:" not in alt and lines(result.response.embeds[0])[0].startswith("**11.**")


async def test_no_card_for_an_empty_board(simcord_env):
    guild = simcord_env.create_guild("Quiet")
    member = guild.add_member(simcord_env.create_user("first"))
    message = (await member.slash(guild.create_text_channel("c"), "leaderboard")).response
    assert message.attachments == [] and message.embeds[0].image.url is None
