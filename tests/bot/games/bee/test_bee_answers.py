"""Every button and form of the bee answers: late, after a restart, when something of ours
breaks, and between local midnight and the day's post."""

import logging

from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, non_pangram, puzzle_of, server  # noqa: F401


async def test_a_guess_form_sent_long_after_it_was_opened_is_answered(server, simcord_env):
    post = await server.start_day()
    word = non_pangram(puzzle_of(START))
    shown = await server.alice.click(post, label="Guess")
    await simcord_env.advance_time(25 * 60)  # a long think
    result = await server.alice.submit_modal(shown, {"word": word})
    assert result.ephemeral and result.response.content.startswith(f"✅ **{word.upper()}**")


async def test_a_guess_form_sent_after_a_restart_is_answered(server, simcord_env, new_bot):
    post = await server.start_day()
    word = non_pangram(puzzle_of(START))
    shown = await server.alice.click(post, label="Guess")
    await simcord_env.restart_bot(new_bot())
    result = await server.alice.submit_modal(shown, {"word": word})
    assert result.ephemeral and result.response.content.startswith(f"✅ **{word.upper()}**")


async def test_an_error_of_ours_in_a_button_or_a_form_gets_an_apology(server, simcord_env, monkeypatch, caplog):
    post = await server.start_day()
    cog = simcord_env.bot.get_cog("Bee")

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(cog.game, "progress", broken)
    monkeypatch.setattr(cog.game, "guess", broken)
    clicked = await server.alice.click(post, label="My words")
    assert clicked.ephemeral and clicked.response.content.startswith("Sorry, something went wrong on our side")
    shown = await server.alice.click(post, label="Guess")
    submitted = await server.alice.submit_modal(shown, {"word": "anything"})
    assert submitted.ephemeral and submitted.response.content.startswith("Sorry, something went wrong on our side")
    logged = [r for r in caplog.records if r.levelno == logging.ERROR and r.exc_info]
    assert len(logged) == 2 and all("database on fire" in str(r.exc_info[1]) for r in logged)
    simcord_env.errors  # noqa: B018  (reading them acknowledges them: they were logged on purpose)


async def test_between_midnight_and_the_post_the_newest_post_is_still_played(server, simcord_env):
    post = await server.start_day()  # 1 January, 09:00 London
    await simcord_env.advance_time(16 * HOUR)  # 01:00 on 2 January: the next hive comes at 09:00
    puzzle = puzzle_of(START)
    word = non_pangram(puzzle)
    shown = await server.alice.click(post, label="Guess")
    assert shown.modal is not None  # not "that hive was for another day"
    result = await server.alice.submit_modal(shown, {"word": word})
    assert result.response.content.startswith(f"✅ **{word.upper()}**")
    today = await server.alice.slash(server.channel, "bee today")
    assert today.response.embeds[0].title == "Spelling Bee · #366 · Thursday 1 January 2026"
    slash = await server.bob.slash(server.channel, "bee guess", word=word)
    assert slash.response.content.startswith(f"✅ **{word.upper()}**")
    await simcord_env.advance_time(8 * HOUR)  # 09:00: the new post, and the old one is yesterday's
    late = await server.alice.click(post, label="Guess")
    assert late.response.content.startswith("That hive was for Thursday 1 January 2026.")


async def test_before_the_first_post_there_is_nothing_to_play_yet(server):
    await server.setup(time="09:00", timezone="Europe/London")  # 00:00 in London: the first hive comes at 09:00
    result = await server.alice.slash(server.channel, "bee guess", word="hello")
    assert result.ephemeral
    assert result.response.content == \
        "The first hive of the Spelling Bee arrives at 09:00 (Europe/London). See you then!"
