"""The refused count is honest: a reply that tells the player what to fix (bad input, the wrong
place, nothing to do, a limit) counts the interaction "refused", across features, while a
private reply that is what was asked for (a hive, a result) counts "ok". Scraped over HTTP."""

import pytest

from bot.quiz import text as quiz_text
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, non_pangram, puzzle_of
from tests.bot.meta.scrape import scrape, with_metrics


@pytest.fixture
def settings(settings):
    return with_metrics(settings)


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def counted(before, after, *names):
    """{(kind, name, outcome): how many more} for the (kind, name) pairs given, leaving out zeros."""
    deltas = {(kind, name, outcome): after.delta(before, "wordbot_interactions_total", kind=kind, name=name,
                                                 outcome=outcome)
              for kind, name in names for outcome in ("ok", "refused", "error")}
    return {key: n for key, n in deltas.items() if n}


async def test_a_bee_guess_of_a_non_word_and_a_guess_elsewhere_are_refused_a_private_hive_is_ok(server, simcord_env):
    assert (await server.setup(time="09:00", timezone="UTC")).ephemeral
    await simcord_env.advance_time(9 * HOUR)
    (post,) = server.posts()
    puzzle = puzzle_of(START)
    before = await scrape(simcord_env.bot.health.url)

    nonword = puzzle.center * 4
    refused = await server.alice.submit_modal(await server.alice.click(post, label="Guess"), {"word": nonword})
    assert refused.response.content.startswith(f"**{nonword.upper()}** is not in today's word list.")
    word = non_pangram(puzzle)
    found = await server.alice.submit_modal(await server.alice.click(post, label="Guess"), {"word": word})
    assert found.response.content.startswith(f"✅ **{word.upper()}**")
    elsewhere = await server.alice.slash(server.general, "bee guess", word=word)
    assert elsewhere.response.content == f"Play the Spelling Bee in <#{server.channel.id}>."
    hive = await server.alice.slash(server.channel, "bee today")  # a private result card: what was asked
    assert hive.ephemeral and hive.response.embeds

    after = await scrape(simcord_env.bot.health.url)
    assert counted(before, after, ("form", "bee:form"), ("button", "bee:guess"), ("command", "bee guess"),
                   ("command", "bee today")) == {
        ("form", "bee:form", "refused"): 1, ("form", "bee:form", "ok"): 1, ("button", "bee:guess", "ok"): 2,
        ("command", "bee guess", "refused"): 1, ("command", "bee today", "ok"): 1}


async def test_quiz_lab_and_study_refusals_are_refused_and_their_private_results_ok(server, simcord_env):
    before = await scrape(simcord_env.bot.health.url)

    nothing = await server.alice.slash(server.channel, "quiz stop")
    assert nothing.ephemeral and nothing.response.content == quiz_text.NO_ROUND
    too_long = await server.alice.slash(server.channel, "anagram", rack="A" * 500)
    assert too_long.ephemeral and too_long.response.content == "A rack holds at most 15 tiles; yours has 500."
    anagrams = await server.alice.slash(server.channel, "anagram", rack="aalnst?")
    assert anagrams.response.embeds
    backwards = await server.alice.slash(server.channel, "study add", length=2, **{"from": 5, "to": 3})
    assert backwards.ephemeral and backwards.response.content == \
        "`to` is the set's last rank: give one at or after `from`."
    added = await server.alice.slash(server.channel, "study add", length=2, **{"from": 1, "to": 3})
    assert added.ephemeral and added.response.content.startswith("3 new cards from 2s probability 1–3")

    after = await scrape(simcord_env.bot.health.url)
    assert counted(before, after, ("command", "quiz stop"), ("command", "anagram"), ("command", "study add")) == {
        ("command", "quiz stop", "refused"): 1, ("command", "anagram", "refused"): 1, ("command", "anagram", "ok"): 1,
        ("command", "study add", "refused"): 1, ("command", "study add", "ok"): 1}
