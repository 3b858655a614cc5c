"""A lab job that fails on our side gets the same one line from every command (issue 32): the
worker really raises (``tests.sample_jobs.fails``), in place of the command's own search."""

import logging

from bot.views import APOLOGY
from tests import sample_jobs


def failing_jobs(simcord_env, monkeypatch):
    """Every job the bot runs from now on raises in its worker; the names of the jobs replaced."""
    replaced, run = [], simcord_env.bot.jobs.run

    async def fails(job, function, *args, on_progress=None, **kwargs):
        replaced.append(function.__name__)
        return await run(job, sample_jobs.fails)

    monkeypatch.setattr(simcord_env.bot.jobs, "run", fails)
    return replaced


async def test_a_failed_fivewords_search_and_a_failed_tiles_search_say_the_same_one_line(world, simcord_env,
                                                                                         monkeypatch,
                                                                                          caplog):
    channel, alice, _ = world
    replaced = failing_jobs(simcord_env, monkeypatch)
    with caplog.at_level(logging.ERROR, logger="bot.views"):
        five = await alice.slash(channel, "fivewords", words=3, letters=6, lexicon="common")
        tiles = await alice.slash(channel, "tiles", count=3, lexicon="common", seconds=1)
    assert replaced == ["search_in_worker", "search_in_worker"]  # both searches ran, and failed, in a worker
    lines = [five.response.content, tiles.response.content]
    assert all(line.startswith(APOLOGY + " (error id: ") and "\n" not in line for line in lines), lines
    assert five.response.embeds == [] and tiles.response.embeds == []  # nothing found: the line alone
    assert five.response.components == [] and tiles.response.components == []  # no Cancel left behind
    logged = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("A /fivewords job failed") and "ValueError: deliberate" in m for m in logged)
    assert any(m.startswith("A /tiles job failed") and "ValueError: deliberate" in m for m in logged)
    for line in lines:  # the error id the user may paste finds the log line
        error_id = line.removeprefix(APOLOGY + " (error id: ").removesuffix(")")
        assert len(error_id) == 6 and sum(f"[error id {error_id}]" in m for m in logged) == 1
