"""/fivewords through SimCord: a quick search and its pages, an answer remembered, pages worked out
again after a restart, vulgar words left out unless the server shows them, bad input, busy."""

import pytest

from bot.lab.fivewords import embeds
from solvers.fivewords import five_words, most_common_first
from solvers.lexicon import Lexicon
from tests.bot.conftest import until


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


def spy_on_jobs(simcord_env, monkeypatch):
    ran, run = [], simcord_env.bot.jobs.run

    async def spy(job, function, *args, **kwargs):
        ran.append((job.owner, function.__name__))
        return await run(job, function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.jobs, "run", spy)
    return ran


async def test_by_default_the_full_list_the_most_common_words_first(world, simcord_env):
    channel, alice, _ = world
    result = await alice.slash(channel, "fivewords")
    first = result.response.embeds[0]
    full = Lexicon.load("full")
    expected = most_common_first(five_words(full, hide=full.vulgar), full.commonness)
    assert first.title == f"{expected.count} sets ({expected.count_with_anagrams} counting anagrams apart) · 5 " \
                          "words × 5 letters · full"
    assert first.description == \
        "**without Q** · 2 sets\n`chunk fjord gymps vibex waltz`\n`fjord gucks nymph vibex waltz`"
    assert first.footer.text == "page 1/1 · most common words first · anagrams shown as a/b"
    option = simcord_env.bot.tree.get_command("fivewords").get_parameter("lexicon")
    assert option.description.startswith("Word list: full (default), huge (many more sets")  # one option away
    huge = await alice.slash(channel, "fivewords", lexicon="huge")
    assert huge.response.embeds[0].title.endswith("· 5 words × 5 letters · huge")


async def test_a_quick_search_answers_with_pages_grouped_by_the_letter_left_out(world, simcord_env, monkeypatch):
    channel, alice, bob = world
    ran = spy_on_jobs(simcord_env, monkeypatch)
    result = await alice.slash(channel, "fivewords", lexicon="huge")
    assert ran == [(alice.id, "search_in_worker")] and not result.ephemeral
    huge = Lexicon.load("huge")
    # the server does not show vulgar words
    expected = most_common_first(five_words(huge, hide=huge.vulgar), huge.commonness)
    pages = embeds.pages("5 words × 5 letters · huge", expected)
    first = result.response.embeds[0]
    assert first.title == f"{expected.count} sets ({expected.count_with_anagrams} counting anagrams apart) · 5 " \
                          "words × 5 letters · huge"
    assert first.description == pages[0].description
    assert first.description.startswith("**without Q** · ") and "\n`dwarf glyph jocks muntz vibex`\n" in \
        first.description
    assert labels(result.response) == ["«", "‹ Prev", f"1/{len(pages)}", "Next ›", "»"]

    turned = await alice.click(result.response, label="Next ›")
    assert turned.response.embeds[0].description == pages[1].description
    refused = await bob.click(result.response, label="»")
    assert refused.ephemeral and "Only <@" in refused.response.content

    again = await bob.slash(channel, "fivewords", lexicon="huge")  # remembered: no second search
    assert ran == [(alice.id, "search_in_worker")]
    assert again.response.embeds[0].description == pages[0].description

    simcord_env.bot.get_cog("FiveWords").answers.remembered.clear()  # as after a restart
    last = await alice.click(result.response, label="»")
    assert ran[-1] == (alice.id, "search_in_worker")  # worked out again for the page
    assert last.response.embeds[0].description == pages[-1].description


async def test_vulgar_words_take_part_only_where_the_server_shows_them(world, simcord_env):
    channel, alice, _ = world
    common = Lexicon.load("common")
    hidden = await alice.slash(channel, "fivewords", words=3, letters=6, lexicon="common")
    await simcord_env.bot.db.set_show_vulgar(channel.guild.id, True)
    shown = await alice.slash(channel, "fivewords", words=3, letters=6, lexicon="common")
    clean, everything = five_words(common, 3, 6, hide=common.vulgar, keep=0), five_words(common, 3, 6, keep=0)
    assert clean.count < everything.count  # the common list has vulgar words in such sets
    assert hidden.response.embeds[0].title.startswith(f"{clean.count:,} sets")
    assert shown.response.embeds[0].title.startswith(f"{everything.count:,} sets")
    assert "3,000 listed of" in shown.response.embeds[0].footer.text  # the pages list the first 3,000


@pytest.mark.parametrize(("options", "message"), [
    ({"words": 6}, "6 words of 5 letters need 30 different letters, but the alphabet has 26"),
    ({"words": 0}, "words is the number of words in a set, from 1 to 26; you gave 0."),
    ({"include": "fjor"}, "Include words must have 5 letters, like every word of the set; 'fjor' has 4."),
    ({"include": "fjord vozhd"}, "Include words must not share a letter; 'fjord' and 'vozhd' both use 'o'."),
    ({"include": "llama"}, "Include words must not repeat a letter"),
    ({"include": "qxzvj"}, "'qxzvj' is not in the full word list"),
    ({"include": "fjörd"}, "Include words are letters a-z only"),
    ({"exclude": "qz"}, "exclude at most 1."),
    ({"exclude": "q" * 5000 + "!"}, "Exclude only letters a-z; remove '!'."),
])
async def test_bad_input_gets_one_clear_private_line(world, options, message):
    channel, alice, _ = world
    result = await alice.slash(channel, "fivewords", **options)
    assert result.ephemeral and message in result.response.content
    assert len(result.response.content) < 300


async def test_one_search_at_a_time_per_person(world, simcord_env):
    channel, alice, _ = world
    simcord_env.bot.jobs.reserve(alice.id, "something long")
    busy = await alice.slash(channel, "fivewords", words=4, letters=6)
    assert busy.ephemeral and "You already have a job running." in busy.response.content


async def test_a_long_search_shows_its_progress_and_only_the_person_who_asked_can_cancel(world, simcord_env,
                                                                                         jobs_outside):
    channel, alice, bob = world
    cog = simcord_env.bot.get_cog("FiveWords")
    cog.edit_every = cog.quiet_for = 0.0  # every progress report the worker relays is shown
    reports = jobs_outside()
    # some seconds: long enough to see progress
    result = await alice.slash(channel, "fivewords", words=7, letters=3, lexicon="huge")
    await until(lambda: len(reports) >= 3 and reports[-1].found > 0, simcord_env)
    running = result.response.embeds[0]
    assert running.title == "Five words · 7 words × 3 letters · huge"
    assert running.description.startswith("Searching… ") and " sets so far · " in running.description
    assert labels(result.response) == ["Cancel"]

    refused = await bob.click(result.response, label="Cancel")
    assert refused.ephemeral and refused.response.content == f"Only <@{alice.id}> can cancel this."
    assert simcord_env.bot.jobs.running  # still searching

    stopped = await alice.click(result.response, label="Cancel")
    assert stopped.ephemeral and stopped.response.content == "Cancelled."
    await until(lambda: not simcord_env.bot.jobs.running, simcord_env)
    final = result.response.embeds[0]
    assert final.description.startswith("Cancelled after ") and f"at least {reports[-1].found:,} sets found" in \
        final.description
    assert labels(result.response) == []
    # nothing half-done is remembered
    assert cog.answers.get(cog.question("huge", Lexicon.load("huge"), 7, 3, "", "", False)) is None
