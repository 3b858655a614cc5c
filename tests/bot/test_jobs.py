"""Worker-process jobs: results, progress, limits, cancel, time-outs and failures, for real."""

import asyncio

import pytest

from bot.jobs import RESTART, Busy, Cancelled, Failed, JobRunner, Stopped, TimedOut
from solvers.lexicon import Lexicon
from tests import sample_jobs


async def test_a_result_and_its_progress_come_back_from_another_process():
    runner = JobRunner()
    seen = []
    job = runner.reserve(owner=1, name="count")
    assert await runner.run(job, sample_jobs.count_up, 30, 0.05, on_progress=seen.append) == 300
    assert seen and seen == sorted(seen) and all(0 <= s < 30 for s in seen)
    assert runner.running == {} and job.peak_memory_kib > 0


async def test_workers_start_with_the_word_lists_loaded():
    runner = JobRunner()
    job = runner.reserve(owner=1, name="size")
    assert await runner.run(job, sample_jobs.lexicon_size, "common") == len(Lexicon.load("common"))


async def test_limits_per_person_and_in_all():
    runner = JobRunner(max_jobs=2, per_user=1)
    runner.reserve(owner=1, name="a")
    with pytest.raises(Busy, match="You already have a job running"):
        runner.reserve(owner=1, name="b")
    runner.reserve(owner=2, name="c")
    with pytest.raises(Busy, match="The bot is busy"):
        runner.reserve(owner=3, name="d")


async def test_cancel_stops_the_worker_and_only_its_owner_may():
    runner = JobRunner()
    job = runner.reserve(owner=1, name="sleep")
    task = asyncio.create_task(runner.run(job, sample_jobs.sleeps, 60))
    while job.process is None or not job.process.is_alive():
        await asyncio.sleep(0.05)
    assert not runner.cancel(job.id, requester=2)
    assert runner.cancel(job.id, requester=1)
    with pytest.raises(Cancelled):
        await task
    assert not job.process.is_alive() and runner.running == {}


async def test_a_job_over_its_time_is_stopped():
    runner = JobRunner(max_seconds=0.5)
    job = runner.reserve(owner=1, name="sleep")
    with pytest.raises(TimedOut, match="limit of 0 seconds"):
        await runner.run(job, sample_jobs.sleeps, 30)
    assert not job.process.is_alive()


async def test_a_failing_job_reports_its_traceback_for_the_log():
    runner = JobRunner()
    job = runner.reserve(owner=1, name="fail")
    with pytest.raises(Failed) as failure:
        await runner.run(job, sample_jobs.fails)
    assert "ValueError: deliberate" in failure.value.details and "deliberate" not in str(failure.value)


async def test_stop_all_stops_every_job_waits_for_its_handler_and_takes_no_new_ones():
    runner = JobRunner()
    finished = []

    async def handler():  # as a cog's: reserve, run, then finish the reply with what it has
        job = runner.reserve(owner=1, name="sleep")
        try:
            await runner.run(job, sample_jobs.sleeps, 60)
        except Stopped as stop:
            await asyncio.sleep(0.2)  # editing the reply takes a moment
            finished.append(str(stop))

    task = asyncio.create_task(handler())
    while not runner.running or next(iter(runner.running.values())).process is None:
        await asyncio.sleep(0.05)
    job = next(iter(runner.running.values()))
    while not job.process.is_alive():
        await asyncio.sleep(0.05)
    await runner.stop_all()
    assert finished == [RESTART] == ["Stopped by a restart."] and task.done()
    assert not job.process.is_alive() and runner.running == {}
    with pytest.raises(Busy, match="The bot is restarting"):
        runner.reserve(owner=2, name="late")


async def test_a_job_of_an_earlier_run_is_known_as_such():
    earlier = JobRunner()
    old = earlier.reserve(owner=1, name="a")
    await asyncio.sleep(0.01)
    later = JobRunner()
    assert later.from_before_restart(old.id) and not earlier.from_before_restart(old.id)
    assert not later.from_before_restart(later.reserve(owner=1, name="b").id)
