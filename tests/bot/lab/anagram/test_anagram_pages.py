"""/anagram's pages survive restarts and expire politely; heavy racks go to a worker process."""

from types import SimpleNamespace

import pytest

from bot.lab.anagram import pages as anagram_pages
from solvers.anagram import parse_query, solve
from solvers.lexicon import Lexicon
from tests.bot.lab.anagram.test_anagram_discord import embed_of, world  # noqa: F401  (fixture)

HEAVY_RACK, HEAVY_BOARD = "AEINRSTLOCDU???", "BFGHKMPVWYZJQXE"


async def test_page_buttons_work_after_a_restart(world, simcord_env, new_bot):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    first = embed_of(result).description
    await simcord_env.restart_bot(new_bot())  # nothing of the pages is left in memory
    turned = await alice.click(result.response, label="Next ›")
    assert not turned.ephemeral
    assert embed_of(result).description != first \
        and embed_of(result).footer.text.endswith("page 2/" + embed_of(result).footer.text.rsplit("/", 1)[1])


async def test_a_click_after_the_pages_expired_is_answered(world, simcord_env, new_bot):
    _, channel, alice, _ = world
    result = await alice.slash(channel, "anagram", rack="AELRST?", mode="sub")
    await simcord_env.restart_bot(new_bot())  # the restart stops the timer that would switch the buttons off
    await simcord_env.advance_time(11 * 60)
    late = await alice.click(result.response, label="Next ›")
    assert late.ephemeral and late.response.content == "These pages have expired: run `/anagram` again."


async def test_a_heavy_rack_runs_in_a_worker_and_says_how_much_it_shows(world, simcord_env, monkeypatch):
    _, channel, alice, _ = world
    query = parse_query(HEAVY_RACK, HEAVY_BOARD, "sub")
    full = Lexicon.load("full")
    assert anagram_pages.work(full, query) > anagram_pages.HEAVY_WORK
    ran = []
    monkeypatch.setattr(simcord_env.bot.jobs, "run", _spy(simcord_env.bot.jobs.run, ran))
    result = await alice.slash(channel, "anagram", rack=HEAVY_RACK, board=HEAVY_BOARD, mode="sub")
    assert ran == [anagram_pages.solve_in_worker]
    total = solve(full, query, 0, hide=full.vulgar).total
    embed = embed_of(result)
    assert embed.title == f"{HEAVY_RACK} through {' or '.join(sorted(HEAVY_BOARD))} (any length): {total:,} words"
    assert embed.footer.text.startswith(f"showing the first {anagram_pages.MAX_SHOWN:,} of {total:,} · ")


async def test_a_person_with_a_job_running_is_told_to_wait(world, simcord_env):
    _, channel, alice, bob = world
    simcord_env.bot.jobs.reserve(alice.id, "something long")
    busy = await alice.slash(channel, "anagram", rack=HEAVY_RACK, board=HEAVY_BOARD, mode="sub")
    assert busy.ephemeral and busy.response.content.startswith("You already have a job running.")
    quick = await alice.slash(channel, "anagram", rack="AALNST?")  # quick racks need no worker
    assert embed_of(quick).title == "AALNST?: 9 bingos"


def _spy(run, calls):
    async def spy(job, function, *args, **kwargs):
        calls.append(function)
        return await run(job, function, *args, **kwargs)

    return spy


@pytest.mark.parametrize("state", ["full:sub", "klingon:sub:alpha:0:AB:", "full:sub:alpha:0:A1B:",
                                   "full:sub:random:0:AB:"])
async def test_a_damaged_page_id_is_refused_not_crashed(state, world, simcord_env):
    with pytest.raises(ValueError):
        await anagram_pages.AnagramPages(simcord_env.bot.jobs, simcord_env.bot.guild_lists).page(
            SimpleNamespace(guild_id=None), state, 0)
