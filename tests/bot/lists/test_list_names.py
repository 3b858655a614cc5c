"""Names users give (issue 30, class 2): a list's name that spells a slur or a flagged word, in any
spelling, is refused with one private line that does not repeat it; a list stored under such a
name by an earlier release is used and shown nowhere (choices, /lists show, a card's lists, the
limit's message), and only `/lists remove` with its exact name removes it.

A list's name is the only name a user chooses that the bot later shows: the other stored options
are a time zone (from the IANA database), a channel, a time and a bundled or existing list."""

import pytest

from bot.lab.tileset.sources import ListChanged, question_key, with_source
from bot.lab.tileset.store import Question
from bot.lexicons.store import ListStore
from bot.lists.upload import Upload
from solvers.wordlist import NAME_NOT_SHOWN, ListError, check_name, name_shown, parse_upload

SLUR = "nigger"  # solvers/data/slurs.txt
REFUSED = [SLUR, SLUR.upper(), "n-i-g-g-e-r", "n1gg3r", "ｎｉｇｇｅｒ", "nig\u200bger", "nіgger",  # a Cyrillic і
           "shit", "b1tch", "fuck-list", "c-u-n-t", "my-cock"]
STORED_BEFORE = ("n-i-g-g-e-r", "shit-list")  # names an earlier release accepted (a-z, 0-9 and -)
INNOCENT = ["club", "nwl-2023", "csw21", "scunthorpe", "cocktail", "classic", "dickens", "assessment", "hancock"]


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_that_spells_a_slur_or_a_flagged_word_is_refused_without_repeating_it(name):
    with pytest.raises(ListError) as refused:
        check_name(name)
    assert str(refused.value) == NAME_NOT_SHOWN and not name_shown(name)


@pytest.mark.parametrize("name", INNOCENT)
def test_a_name_that_only_holds_letters_of_a_flagged_word_is_accepted(name):
    assert check_name(name) == name and name_shown(name)


@pytest.mark.parametrize("name", ["n-i-g-g-e-r", "ｎｉｇｇｅｒ", "b1tch", "my-cock"])
async def test_upload_refuses_the_name_privately_and_stores_nothing(server, name):
    result = await server.upload(name, b"cat\ndog\n")
    assert result.ephemeral and result.response.content == NAME_NOT_SHOWN
    assert await ListStore(server.env.bot.db).lists(server.guild.id) == []


async def store_before(server, name, words=b"cat\ndog\nact\n"):
    """A list stored as an earlier release stored it, name unchecked."""
    upload = Upload.of(parse_upload(words))
    await ListStore(server.env.bot.db).save(server.guild.id, name, upload.blob, upload.word_count, upload.digest, 1)


def values(choices):
    return [choice["value"] for choice in choices] + [choice["name"] for choice in choices]


async def test_a_list_stored_under_such_a_name_is_offered_and_shown_nowhere(server):
    for name in STORED_BEFORE:
        await store_before(server, name)
    await server.upload("club", b"cat\ndog\n")
    for command, filled in (("anagram", {"rack": "ACT"}), ("word", {"word": "cat"}), ("fivewords", {}),
                            ("settings", {})):
        offered = await server.admin.autocomplete(server.channel, command, "lexicon", "", **filled)
        assert [c["value"] for c in offered] == ["full", "common", "huge", "club"], command
        typed = await server.admin.autocomplete(server.channel, command, "lexicon", "n-", **filled)
        assert typed == [], command
    assert values(await server.admin.autocomplete(server.channel, "lists remove", "name", "")) == ["club", "club"]

    shown = (await server.say(server.player, "lists show")).response.content
    assert "club: 2 words" in shown and "Not shown: 2 lists whose name spells a slur or a vulgar word." in shown
    assert not any(name in shown for name in STORED_BEFORE)

    card = await server.say(server.player, "word", word="cat")  # the card names the lists that hold the word
    public = str([embed.to_dict() for embed in card.response.embeds])
    assert not card.ephemeral and "club" in public and not any(name in public for name in STORED_BEFORE)

    for name in STORED_BEFORE:  # never used: a reply would name it ("lexicon: ...")
        refused = await server.say(server.player, "anagram", rack="ACT", lexicon=name)
        assert refused.ephemeral and not refused.response.embeds
        with pytest.raises(LookupError):
            await server.env.bot.guild_lists.lexicon(server.guild.id, name)


async def test_the_limit_counts_such_a_list_and_does_not_name_it(server):
    await store_before(server, "n-i-g-g-e-r")
    for name in ("one", "two"):
        await server.upload(name, b"cat\n")
    refused = await server.upload("three", b"cat\n")
    assert refused.ephemeral \
        and refused.response.content.startswith("This server has 3 lists already (one, two, 1 not shown)")


async def test_remove_by_the_exact_name_removes_it_and_a_default_naming_it_falls_back_to_full(server):
    await store_before(server, "shit-list")
    await server.env.bot.db.set_anagram_lexicon(server.guild.id, "shit-list")  # as an earlier release allowed
    judged = await server.say(server.player, "judge", words="cat")
    assert judged.response.content.endswith("acceptable (in the full word list)") and len(judged.followups) == 1
    assert "shit" not in judged.followups[0].content and judged.followups[0].ephemeral
    assert (await server.env.bot.db.guild_settings(server.guild.id)).anagram_lexicon == "full"
    await server.say(server.admin, "lists remove", name="shit-list")
    assert await ListStore(server.env.bot.db).lists(server.guild.id) == []


async def test_a_tiles_answer_of_such_a_list_is_refused_without_naming_it(server):
    """A /tiles button left from an earlier release names the list in its state: refused, unnamed."""
    await store_before(server, "shit-list")
    question = Question(question_key("shit-list", "0" * 32), 3, 1, "skip", False)
    with pytest.raises(ListChanged) as refused:
        await with_source(server.env.bot.guild_lists, server.guild.id, question)
    assert str(refused.value) == "This server's word list has been replaced or removed since: run `/tiles` again."
