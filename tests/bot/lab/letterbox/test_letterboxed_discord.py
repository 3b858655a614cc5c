"""/letterboxed through SimCord: hints without spoilers, the reveal buttons, paging, a bad box."""

import pytest

from solvers.letterbox import parse_box, solve
from solvers.lexicon import Lexicon


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


async def test_hints_give_nothing_away_and_the_buttons_reveal_privately(world, simcord_env, new_bot):
    channel, alice, bob = world
    solved = solve(Lexicon.load("full"), parse_box("TJO FEB CUY HIL"), limit=150)
    result = await alice.slash(channel, "letterboxed", sides="tjo feb cuy hil")
    assert not result.ephemeral
    (embed,) = result.response.embeds
    assert embed.title == "Letter Boxed · TJO FEB CUY HIL"
    assert f"{solved.playable} playable words · fewest 2 words · 1 two-word and {solved.three_word_count} three-word" in embed.description
    assert "O········ → Y·······" in embed.description and "OBJECTIFY" not in embed.description
    (picture,) = result.response.attachments
    assert picture.filename == "box.png" and picture.description.startswith("Letter Boxed box with 4 sides.")
    assert labels(result.response) == ["First word", "Best solution", "All solutions"]

    first = await bob.click(result.response, label="First word")
    assert first.ephemeral and first.response.content == "The best solution starts with ||OBJECTIFY||."
    await simcord_env.restart_bot(new_bot())  # the buttons carry the box: they work after a restart
    best = await bob.click(result.response, label="Best solution")
    assert best.ephemeral and best.response.content == "The best solution: ||OBJECTIFY → YOUTHFUL||"
    everything = await alice.click(result.response, label="All solutions")
    assert everything.ephemeral
    page = everything.response.embeds[0]
    assert page.title.endswith(f"1 two-word, {solved.three_word_count} three-word solutions")
    assert page.description.splitlines()[0] == "**1.** OBJECTIFY → YOUTHFUL · 2.3"


async def test_solutions_page_by_page(world):
    channel, alice, bob = world
    result = await alice.slash(channel, "letterboxed", sides="TJO-FEB-CUY-HIL", show="solutions")
    first = result.response.embeds[0]
    assert first.description.startswith("**1.** OBJECTIFY → YOUTHFUL")
    pages = int(first.footer.text.rsplit("/", 1)[1])
    assert pages > 1
    await alice.click(result.response, label="Next ›")
    assert result.response.embeds[0].description.startswith("**16.** ")
    refused = await bob.click(result.response, label="Next ›")
    assert refused.ephemeral and "Only" in refused.response.content


@pytest.mark.parametrize(("sides", "message"), [("TJO FEB", "A box has 3 to 6 sides"), ("TJO FEB CUY HIT", "T is there twice")])
async def test_a_bad_box_says_what_to_fix(world, sides, message):
    channel, alice, _ = world
    result = await alice.slash(channel, "letterboxed", sides=sides)
    assert result.ephemeral and message in result.response.content


async def test_the_solve_runs_in_a_worker_and_a_busy_person_is_told(world, simcord_env, monkeypatch):
    channel, alice, bob = world
    ran = []
    run = simcord_env.bot.jobs.run

    async def spy(job, function, *args, **kwargs):
        ran.append(function.__name__)
        return await run(job, function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.jobs, "run", spy)
    await alice.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")
    assert ran == ["solve_in_worker"]
    simcord_env.bot.jobs.reserve(bob.id, "something long")
    busy = await bob.slash(channel, "letterboxed", sides="ABC DEF GHI JKL")
    assert "You already have a job running." in (busy.response.content or "")
    known = await bob.slash(channel, "letterboxed", sides="TJO FEB CUY HIL")  # solved already: no worker needed
    assert known.response.embeds[0].title == "Letter Boxed · TJO FEB CUY HIL" and ran == ["solve_in_worker"]
