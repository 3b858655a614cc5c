"""/metrics scraped over HTTP on loopback while SimCord drives the bot: commands, buttons and forms
by outcome, a daily post (on time, caught up after downtime, failed), a long job, and the
database's group commits. The registry is the process's own, so each test compares two scrapes."""

import datetime as dt
import logging

import pytest

from bot.daily.posts import RETRY_SECONDS
from bot.quiz.text import MAX_RANK
from tests.bot.conftest import until
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, non_pangram, puzzle_of
from tests.bot.meta.scrape import scrape, with_metrics
from tests.bot.quiz.test_quiz_discord import Quizzers


@pytest.fixture
def settings(settings):
    return with_metrics(settings)


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def url(env):
    return env.bot.health.url


async def test_commands_buttons_and_forms_are_counted_by_name_and_outcome_with_their_latency(server, simcord_env,
                                                                                            monkeypatch, caplog):
    assert simcord_env.bot.health.host == "127.0.0.1"
    before = await scrape(url(simcord_env))
    assert (await server.setup(time="09:00", timezone="UTC")).ephemeral
    refused = await server.alice.slash(server.channel, "bee setup", channel=server.channel, time="09:00",
                                       timezone="UTC")
    assert refused.response.content == "You need the Manage Server permission to use this command."
    await simcord_env.advance_time(9 * HOUR)
    (post,) = server.posts()
    shown = await server.alice.click(post, label="Guess")
    word = non_pangram(puzzle_of(START))
    answered = await server.alice.submit_modal(shown, {"word": word})
    assert answered.response.content.startswith(f"✅ **{word.upper()}**")

    async def broken(*args, **kwargs):
        raise RuntimeError("deliberate")

    monkeypatch.setattr(simcord_env.bot.get_cog("Bee").game, "progress", broken)
    with caplog.at_level(logging.CRITICAL):
        failed = await server.alice.click(post, label="My words")
    assert failed.response.content.startswith("Sorry, something went wrong on our side")
    simcord_env.errors  # noqa: B018  (reading them acknowledges them: the refusal and the error were on purpose)

    after = await scrape(url(simcord_env))
    counted = {(kind, name, outcome): after.delta(before, "wordbot_interactions_total", kind=kind, name=name,
                                                  outcome=outcome)
               for kind, name in (("command", "bee setup"), ("button", "bee:guess"), ("button", "bee:found"),
                                  ("form", "bee:form")) for outcome in ("ok", "refused", "error")}
    assert {key: n for key, n in counted.items() if n} == {
        ("command", "bee setup", "ok"): 1, ("command", "bee setup", "refused"): 1, ("button", "bee:guess", "ok"): 1,
        ("form", "bee:form", "ok"): 1, ("button", "bee:found", "error"): 1}
    timed = {(kind, name): after.delta(before, "wordbot_interaction_seconds_count", kind=kind, name=name)
             for kind, name in (("command", "bee setup"), ("button", "bee:guess"), ("button", "bee:found"),
                                ("form", "bee:form"))}
    assert timed == {("command", "bee setup"): 2, ("button", "bee:guess"): 1, ("button", "bee:found"): 1,
                     ("form", "bee:form"): 1}
    assert after.delta(before, "wordbot_interaction_seconds_bucket", kind="command", name="bee setup", le="+Inf") == 2
    assert after.delta(before, "wordbot_daily_posts_total", game="bee") == 1
    assert after.delta(before, "wordbot_daily_posts_caught_up_total", game="bee") == 0  # on time
    assert after.value("wordbot_guilds") == 1 and after.value("wordbot_shards") == 2
    assert after.value("wordbot_shard_connected", shard="0") == after.value("wordbot_shard_connected", shard="1") == 1


async def test_a_post_made_after_downtime_is_caught_up_and_a_failed_one_is_counted(server, simcord_env, new_bot):
    store = simcord_env.bot.daily.calendar.store
    await simcord_env.bot.timers.stop()  # the bot is down at post time (00:00 UTC, now) ...
    await store.set_schedule("bee", server.guild.id, server.channel.id, dt.time(0, 0), "UTC", server.admin.id)
    await simcord_env.advance_time(2 * HOUR)
    assert server.posts() == []
    before = await scrape(url(simcord_env))
    down = simcord_env.bot
    await simcord_env.restart_bot(new_bot())  # ... and back two hours later: it posts on start-up
    await down.health.stop()
    assert len(server.posts()) == 1
    caught_up = await scrape(url(simcord_env))
    assert caught_up.delta(before, "wordbot_daily_posts_total", game="bee") == 1
    assert caught_up.delta(before, "wordbot_daily_posts_caught_up_total", game="bee") == 1

    simcord_env.inject_error("POST", "/channels/*/messages", status=503)  # the next day's post fails once
    await simcord_env.advance_time(22 * HOUR)
    assert len(server.posts()) == 1
    failed = await scrape(url(simcord_env))
    assert failed.delta(caught_up, "wordbot_daily_post_failures_total", game="bee", then="retry") == 1
    await simcord_env.advance_time(RETRY_SECONDS[0])
    assert len(server.posts()) == 2
    retried = await scrape(url(simcord_env))
    assert retried.delta(failed, "wordbot_daily_posts_total", game="bee") == 1
    # late by a retry, not downtime
    assert retried.delta(failed, "wordbot_daily_posts_caught_up_total", game="bee") == 0


async def test_a_running_job_its_worker_a_refusal_as_busy_and_its_duration(server, simcord_env, jobs_outside):
    reports = jobs_outside()
    before = await scrape(url(simcord_env))
    result = await server.alice.slash(server.channel, "tiles", count=20, lexicon="full", seconds=60)
    await until(lambda: len(reports) >= 1, simcord_env)
    during = await scrape(url(simcord_env))
    assert during.value("wordbot_jobs_running") == 1 and during.value("wordbot_jobs_queued") == 0
    assert during.value("wordbot_worker_processes") == 1
    assert during.value("wordbot_worker_memory_bytes") > 50 << 20  # a worker holds the word lists

    busy = await server.alice.slash(server.channel, "tiles", count=3, lexicon="common", seconds=1)
    assert busy.response.content.startswith("You already have a job running")
    simcord_env.settle_timeout = 30.0
    await server.alice.click(result.response, label="Cancel")
    await until(lambda: not simcord_env.bot.jobs.running, simcord_env)
    after = await scrape(url(simcord_env))
    assert after.delta(before, "wordbot_jobs_refused_total", reason="per_user") == 1
    assert after.delta(before, "wordbot_job_seconds_count", name="tiles", outcome="cancelled") == 1
    assert after.delta(before, "wordbot_job_seconds_count", name="tiles", outcome="ok") == 0
    assert after.value("wordbot_jobs_running") == 0 and after.value("wordbot_worker_processes") == 0
    assert after.delta(before, "wordbot_interactions_total", kind="command", name="tiles", outcome="refused") == 1
    assert after.delta(before, "wordbot_interactions_total", kind="button", name="job:cancel", outcome="ok") == 1


@pytest.mark.both_backends
async def test_group_commits_are_timed_and_sized_on_each_backend(server, simcord_env, backend):
    before = await scrape(url(simcord_env))
    assert (await server.setup(time="09:00", timezone="UTC")).ephemeral  # the schedule is written
    after = await scrape(url(simcord_env))
    batches = after.delta(before, "wordbot_db_batch_size_count", backend=backend)
    assert batches >= 1 and after.delta(before, "wordbot_db_write_seconds_count", backend=backend) == batches
    assert after.delta(before, "wordbot_db_batch_size_sum", backend=backend) >= batches  # a batch has a write or more
    assert after.delta(before, "wordbot_db_write_seconds_sum", backend=backend) > 0
    other = {"sqlite": "postgres", "postgres": "sqlite"}[backend]
    assert after.delta(before, "wordbot_db_batch_size_count", backend=other) == 0


async def test_a_private_line_that_says_it_worked_is_ok_and_one_that_refuses_is_refused(simcord_env):
    club = Quizzers(simcord_env)
    before = await scrape(url(simcord_env))
    started = await club.start()
    assert started.ephemeral and started.response.content.startswith("Your round is on: ")
    past = await club.start(who=club.bob, channel=club.other, **{"from": MAX_RANK})  # past the end of the set
    assert past.response.content.startswith("The 4s of that list are ") and "is past the end" in past.response.content
    after = await scrape(url(simcord_env))
    assert after.delta(before, "wordbot_interactions_total", kind="command", name="quiz start", outcome="ok") == 1
    assert after.delta(before, "wordbot_interactions_total", kind="command", name="quiz start", outcome="refused") == 1
