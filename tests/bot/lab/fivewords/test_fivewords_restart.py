"""/fivewords across restarts and busy people: a bot that closes mid-search finishes the reply with
what it found so far; someone with a job running is told privately, and nothing is posted."""

from tests.bot.conftest import until


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


async def test_a_restart_mid_search_finishes_the_reply_with_what_was_found(world, simcord_env, jobs_outside, new_bot):
    channel, alice, _ = world
    cog = simcord_env.bot.get_cog("FiveWords")
    cog.edit_every = cog.quiet_for = 0.0
    reports = jobs_outside()
    # some seconds: long enough to stop it
    result = await alice.slash(channel, "fivewords", words=7, letters=3, lexicon="huge")
    await until(lambda: len(reports) >= 2 and reports[-1].found > 0, simcord_env)
    assert labels(result.response) == ["Cancel"]

    simcord_env.settle_timeout = 30.0
    await simcord_env.bot.close()
    await simcord_env.restart_bot(new_bot())

    final = result.response.embeds[0]
    assert final.description.startswith("Stopped by a restart after ")
    assert f"with at least {reports[-1].found:,} sets found" in final.description
    assert labels(result.response) == []


async def test_someone_with_a_job_running_is_told_privately_and_nothing_is_posted(world, simcord_env):
    channel, alice, _ = world
    simcord_env.bot.jobs.reserve(alice.id, "something long")
    for command, options in (("fivewords", {"words": 4, "letters": 6}), ("tiles", {"count": 3, "lexicon": "common"})):
        busy = await alice.slash(channel, command, **options)
        assert busy.ephemeral and busy.response.content.startswith("You already have a job running.")
        assert not busy.deferred
    answers = [r.json for r in simcord_env.http_requests if r.path.endswith("/callback")]
    assert len(answers) == 2 and all(a["data"]["flags"] & 64 for a in answers)  # each a private line, no public one
    assert channel.last_message is None


async def test_include_reads_full_width_letters_and_drops_invisible_ones(world, simcord_env):
    channel, alice, _ = world
    plain = await alice.slash(channel, "fivewords", include="fjord", exclude="q")
    typed = await alice.slash(channel, "fivewords", include="ＦＪＯ\u200bＲＤ", exclude="\u200dＱ")
    assert not typed.ephemeral
    assert typed.response.embeds[0].title == plain.response.embeds[0].title
    assert "with fjord · without q" in typed.response.embeds[0].title
