"""Through SimCord, solo and together: the channel hears of a box solve once per milestone (the
first solve, at par, two words), and a Hint starts with a nudge that fits the chain in progress
and escalates on request, in the same private reply, to the published solution's shape."""

import datetime as dt

import pytest

from bot.games.letterbox.game import LETTERBOX
from tests.bot.games.bee.test_bee_together_discord import mention, settle
from tests.bot.games.letterbox.test_letterbox_discord import START, Server, box_of, chain_of
from tests.bot.games.letterbox.test_letterbox_together_discord import BoxTeam

PAR_FOUR = dt.date(2026, 1, 4)  # a box of par 4: 6 and 5 words are over par, 4 at par


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def solve_news(env, channel, since):
    return [m.content for m in channel.history()[since:] if m.author.id == env.bot.user.id and m.content]


async def test_a_players_better_solves_are_announced_once_per_milestone(server, simcord_env):
    post = await server.start_day(PAR_FOUR)
    box = box_of(PAR_FOUR)
    assert box.par == 4
    alice = server.alice.mention
    heard = []
    for count in (6, 5, 4, 2):
        before = len(server.channel.history())
        played = await server.alice.slash(server.channel, "box play", words=" ".join(chain_of(box, count)))
        assert f"🎉 Solved in {count} words" in played.response.content
        heard.append(solve_news(simcord_env, server.channel, before))
        await server.alice.click(post, label="Restart")
    assert heard == [[f"{LETTERBOX.emoji} {alice} solved today's box in 6 words!"],
                     [],  # 5 words: better, but still over par
                     [f"{LETTERBOX.top_badge} {alice} solved today's box again, now in 4 words, at par!"],
                     [f"{LETTERBOX.perfect_badge} {alice} solved today's box again, now in 2 words, a perfect solve!"]]
    quiet = await server.alice.slash(server.channel, "box play", words=" ".join(chain_of(box, 3)))
    assert "Your best today stays 2 words" in quiet.response.content
    assert solve_news(simcord_env, server.channel, 0)[-1] == heard[-1][0]  # nothing new


async def test_the_teams_better_solves_are_announced_once_per_milestone(simcord_env):
    club = BoxTeam(simcord_env)
    await club.start("box")
    box = await simcord_env.bot.get_cog("DailyLetterBoxed").game.puzzle(START)
    assert box.par == 5
    thread, (ann, bo, _) = club.thread(), club.players
    heard = []
    for count, player in ((7, ann), (6, bo), (5, ann), (2, bo)):
        before = len(thread.history())
        await player.send(thread, f"{mention(simcord_env)} {' '.join(chain_of(box, count))}")
        await settle(simcord_env)
        heard.append(solve_news(simcord_env, thread, before))
        await club.admin.send(thread, f"{mention(simcord_env)} restart")  # a moderator: at once
        await settle(simcord_env)
    assert heard == [[f"{LETTERBOX.emoji} The team solved today's box in 7 words: <@{ann.id}>!"],
                     [],
                     [f"{LETTERBOX.top_badge} The team solved today's box again, now in 5 words, at par: <@{ann.id}>!"],
                     [f"{LETTERBOX.perfect_badge} The team solved today's box again, now in 2 words, a perfect solve: "
                      f"<@{bo.id}>!"]]


def left_after(box, chain):
    return " ".join(ch.upper() for ch in box.box.letters if ch not in "".join(chain))


async def test_hints_escalate_from_a_nudge_that_fits_the_chain_to_the_solutions_shape(server, simcord_env):
    post = await server.start_day()
    box = box_of(START)
    first, second, _ = chain_of(box, 3)
    await server.alice.slash(server.channel, "box play", words=first)
    hint = await server.alice.click(post, label="Hint")
    shown = hint.response.embeds[0]
    assert hint.ephemeral and shown.title == "Hint 1 of 4"
    assert shown.description.startswith(f"Your chain: {first.upper()}\n\n")
    assert f"letters left: **{left_after(box, [first])}**." in shown.description
    assert f"can come next, starting with **{first[-1].upper()}**" in shown.description
    published = f"Today's published solution is two words, of {len(box.solution[0])} and {len(box.solution[1])} letters"
    steps = {2: "Your chain can be finished in", 3: "A good next word has", 4: published}
    message = hint.response
    for level, says in steps.items():
        assert published not in shown.description
        assert [b["label"] for row in message.components for b in row["components"]] == [f"Next hint ({level} of 4)"]
        pressed = await server.alice.click(message, label=f"Next hint ({level} of 4)")
        message = pressed.response
        shown = message.embeds[0]
        assert shown.title == f"Hint {level} of 4" and says in shown.description
        assert f"letters left: **{left_after(box, [first])}**." in shown.description  # the levels before stay
    assert message.components == []  # the last level: no more button
    await server.alice.slash(server.channel, "box play", words=second)
    again = await server.alice.slash(server.general, "box hint")  # a new hint starts again, on the chain as it is now
    shown = again.response.embeds[0]
    assert again.ephemeral and shown.title == "Hint 1 of 4"
    assert shown.description.startswith(f"Your chain: {first.upper()} → {second.upper()}\n\n")
    assert f"left: **{left_after(box, [first, second])}**." in shown.description
    assert f"starting with **{second[-1].upper()}**" in shown.description and published not in shown.description


async def test_on_a_together_day_the_hint_fits_the_teams_chain(simcord_env):
    club = BoxTeam(simcord_env)
    await club.start("box")
    box = await simcord_env.bot.get_cog("DailyLetterBoxed").game.puzzle(START)
    ann, bo, _ = club.players
    first = chain_of(box, 3)[0]
    await ann.send(club.thread(), f"{mention(simcord_env)} {first}")
    await settle(simcord_env)
    post = [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Letter Boxed ·")][-1]
    hint = await bo.click(post, label="Hint")
    shown = hint.response.embeds[0]
    assert hint.ephemeral and shown.description.startswith(f"The team chain: {first.upper()}\n\n")
    assert f"letters left: **{left_after(box, [first])}**." in shown.description
    more = await bo.click(hint.response, label="Next hint (2 of 4)")
    assert "The team's chain can be finished in" in more.response.embeds[0].description
