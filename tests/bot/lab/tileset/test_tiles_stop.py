"""SIGTERM during a /tiles search (issue 35), through the handler the signal calls: what arrives
meanwhile is refused with "restarting", the search ends as a restart ends it (the reply finished,
the best tiles kept), and the bot closes its database."""

import signal

from bot.lab.tileset.store import Question, TilesetStore
from bot.shutdown import RESTARTING
from tests.bot.conftest import until
from tests.bot.lab.tileset.test_tiles_restart import labels


async def test_sigterm_mid_search_finishes_the_reply_keeps_the_best_and_refuses_new_work(world, simcord_env,
                                                                                         jobs_outside,
                                                                                        new_bot):
    channel, alice, bob = world
    reports = jobs_outside()
    result = await alice.slash(channel, "tiles", count=20, lexicon="full", seconds=60)
    await until(lambda: len(reports) >= 2, simcord_env)  # the greedy answer, then the search's start
    bot = simcord_env.bot
    simcord_env.settle_timeout = 30.0

    bot.stopper.signalled(signal.SIGTERM)  # what SIGTERM (or Ctrl-C) calls
    refused = await bob.slash(channel, "anagram", rack="AALNST")
    assert refused.ephemeral and refused.response.content == RESTARTING
    await bot.close()  # waits for the stop the signal began: once, however often it is asked for
    assert bot.is_closed() and bot.jobs.running == {} and not bot.stopper.in_flight

    await simcord_env.restart_bot(new_bot())
    final = result.response.embeds[0]
    assert "Stopped by a restart: the best tiles so far are kept. This run:" in final.description
    assert labels(result.response) == ["Keep improving (60 s)", "Words"]  # the reply is finished: no Cancel
    best = await TilesetStore(simcord_env.bot.db).best(Question("full", 20, 2, "skip", vulgar=False))
    assert best is not None and best.improved_by == alice.id and best.words == reports[-1].best_words


async def test_a_second_signal_exits_at_once(world, simcord_env):
    bot, codes = simcord_env.bot, []
    bot.stopper.exit_at_once = codes.append
    bot.stopper.signalled(signal.SIGTERM)
    assert codes == []
    bot.stopper.signalled(signal.SIGINT)
    assert codes == [1]
    await bot.close()
