"""Workers have a memory cap: a job past it gets a clear answer, and the biggest boxes fit under it."""

import sys

import numpy as np
import pytest

import bot.lab.letterbox.cog  # noqa: F401
from bot.jobs import MEMORY_BYTES, JobRunner, OutOfMemory
from solvers.letterbox import parse_box


async def test_a_job_past_the_memory_cap_is_told_so_in_one_line():
    jobs = JobRunner()
    job = jobs.reserve(1, "greedy")
    with pytest.raises(OutOfMemory) as error:
        await jobs.run(job, np.ones, (MEMORY_BYTES // 8 + 1,))  # one array bigger than the whole cap
    assert str(error.value) == ("That needed more memory than the bot allows (1 GiB); try a smaller box or list.")
    assert not jobs.running


@pytest.mark.parametrize("lexicon", ["full", "huge"])
async def test_the_biggest_box_solves_under_the_cap(lexicon):
    jobs = JobRunner()
    solve_in_worker = sys.modules["bot.lab.letterbox.cog"].solve_in_worker  # as loaded now (a bot restart reloads it)
    solved = await jobs.run(jobs.reserve(1, "letterboxed"), solve_in_worker, lexicon, lexicon,
                            parse_box("ABCDE FGHIJ KLMNO PQRST UVWX YZ"), False)
    assert solved.solutions and len(solved.box.letters) == 26
