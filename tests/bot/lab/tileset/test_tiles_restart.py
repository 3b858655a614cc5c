"""/tiles across restarts: a bot that closes mid-search saves the best tiles so far and finishes
the reply; a reply left behind by a bot that was killed is put right by its Cancel button."""

from bot.job_buttons import JOB_RESTARTED
from bot.lab.tileset.store import Question, TilesetStore
from tests.bot.conftest import until


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


async def test_a_restart_mid_search_saves_the_best_so_far_and_says_so(world, simcord_env, jobs_outside, new_bot):
    channel, alice, _ = world
    reports = jobs_outside()
    result = await alice.slash(channel, "tiles", count=20, lexicon="full", seconds=60)
    await until(lambda: len(reports) >= 2, simcord_env)  # the greedy answer, then the search's start
    assert labels(result.response) == ["Cancel"]

    simcord_env.settle_timeout = 30.0
    await simcord_env.bot.close()  # as Ctrl-C or SIGTERM does
    await simcord_env.restart_bot(new_bot())

    final = result.response.embeds[0]
    assert "Stopped by a restart: the best tiles so far are kept. This run:" in final.description
    assert "Searching" not in (final.footer.text or "")
    assert labels(result.response) == ["Keep improving (60 s)", "Words"]  # no Cancel left behind
    best = await TilesetStore(simcord_env.bot.db).best(Question("full", 20, 2, "skip", vulgar=False))
    assert best is not None and best.improved_by == alice.id and best.words == reports[-1].best_words
    assert final.description.startswith("```\n" + " ".join(t.upper() for t in best.tiles))
    assert simcord_env.bot.jobs.running == {}


async def test_a_new_search_while_the_bot_closes_is_refused_privately(world, simcord_env):
    channel, alice, _ = world
    await simcord_env.bot.jobs.stop_all()  # what close() does first
    refused = await alice.slash(channel, "tiles", count=3, lexicon="common", seconds=1)
    assert refused.ephemeral and refused.response.content == "The bot is restarting. Please try again in a minute."


async def test_cancel_on_a_reply_left_by_a_killed_bot_says_so_and_puts_the_reply_right(world, simcord_env, jobs_outside,
                                                                                       new_bot):
    channel, alice, bob = world
    reports = jobs_outside()
    result = await alice.slash(channel, "tiles", count=20, lexicon="full", seconds=60)
    await until(lambda: len(reports) >= 1, simcord_env)
    await simcord_env.restart_bot(new_bot())  # no close(): as when the process is killed
    assert labels(result.response) == ["Cancel"] and "Searching" in result.response.embeds[0].footer.text

    click = await bob.click(result.response, label="Cancel")  # anyone's click puts the stale reply right
    (notice,) = click.followups
    assert notice.flags.ephemeral and notice.content == "That job was stopped by a restart; run the command again."
    assert labels(result.response) == []
    assert result.response.embeds[0].footer.text == JOB_RESTARTED
    assert "Best so far" in result.response.embeds[0].description  # what it showed stays
