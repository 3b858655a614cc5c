"""/report through SimCord: stored per server, private, one report per person, a slur never echoed,
and admins (only) see their own server's reports in /lists show."""

import pytest

from solvers.offensive import Tiers, classify

pytestmark = pytest.mark.both_backends


def a_slur():
    word = Tiers.read().slurs[0].word
    assert classify([word]).removed == {word}
    return word


async def test_reports_are_private_counted_once_per_person_and_shown_to_admins(server, other, backend):
    first = await server.say(server.player, "report", word="Xyzzy", reason="not a word")
    assert first.ephemeral and first.response.content.startswith("Thanks: “xyzzy” is reported as not a word.")
    again = await server.say(server.player, "report", word="xyzzy", reason="not a word")
    assert again.response.content == "You have reported “xyzzy” as not a word already; it is noted once."
    await server.say(server.admin, "report", word="xyzzy", reason="not a word")
    await server.say(server.admin, "report", word="qi", reason="missing")
    await other.say(other.player, "report", word="zax", reason="missing")

    shown = (await server.say(server.admin, "lists show")).response.content
    assert shown.splitlines()[-3:] == \
        ["**Words reported here**", "xyzzy — not a word: 2 reports", "qi — missing: 1 report"]
    assert "zax" not in shown  # another server's report
    assert "reported" not in (await server.say(server.player, "lists show")).response.content
    assert "xyzzy" not in (await other.say(other.admin, "lists show")).response.content


async def test_a_slur_reported_is_never_written_back(server, backend):
    slur = a_slur()
    result = await server.say(server.player, "report", word=slur, reason="offensive")
    assert result.ephemeral and slur not in result.response.content.lower()
    assert result.response.content.startswith("Thanks: that word is reported as offensive.")
    shown = (await server.say(server.admin, "lists show")).response.content
    assert slur not in shown.lower() and "(a slur, not shown) — offensive: 1 report" in shown


@pytest.mark.parametrize("word", ["two words", "café", "x" * 46, "42"])
async def test_a_report_of_something_not_a_word_is_refused(server, word):
    result = await server.say(server.player, "report", word=word, reason="missing")
    assert result.ephemeral and result.response.content == "A word is the letters a-z only, at most 45 of them."
    assert await server.env.bot.guild_lists.store.reports(server.guild.id) == []
