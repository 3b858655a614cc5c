"""A server's own word list (issue 23) in the lab commands: offered by autocomplete, used by
/anagram, /word, /judge and /pattern and as the server's default, and never by another server."""

import pytest

from bot.lists.text import NO_COMMONNESS
from tests.bot.lists.conftest import Server

CLUB = "qi\nza\nzax\nxu\ncat\nact\ntac\n"


@pytest.fixture
async def club(simcord_env, tmp_path):
    simcord_env.bot.guild_lists.cache_dir = tmp_path / "lists-cache"
    server = Server(simcord_env)
    uploaded = await server.upload("club", CLUB.encode())
    assert uploaded.response.content.startswith("Added the list club: 7 words.")
    return server


def embed_of(result):
    (embed,) = result.response.embeds
    return embed


async def test_the_lexicon_option_offers_the_bundled_lists_then_the_servers_own(club, simcord_env):
    for command, filled in (("anagram", {"rack": "AB"}), ("word", {"word": "cat"}), ("judge", {"words": "cat"}),
                            ("pattern", {"pattern": "c?t"}), ("settings", {})):
        offered = await club.player.autocomplete(club.channel, command,
                                                 "lexicon", "", **filled) if command != "settings" \
            else await club.admin.autocomplete(club.channel, command, "lexicon", "")
        assert [c["value"] for c in offered] == ["full", "common", "huge", "club"], command
    elsewhere = Server(simcord_env, "Elsewhere")
    assert [c["value"] for c in await elsewhere.player.autocomplete(elsewhere.channel, "word",
                                                                    "lexicon", "", word="cat")] == \
        ["full", "common", "huge"]


async def test_anagram_word_judge_and_pattern_read_the_servers_list(club):
    anagrams = embed_of(await club.say(club.player, "anagram", rack="ACT", lexicon="club"))
    assert anagrams.title == "ACT: 3 words" and anagrams.footer.text.endswith("lexicon: club")
    assert NO_COMMONNESS not in anagrams.footer.text  # A to Z was asked for
    by_commonness = embed_of(await club.say(club.player, "anagram", rack="ACT", lexicon="club", sort="common"))
    assert NO_COMMONNESS in by_commonness.footer.text and "ACT · CAT · TAC" in by_commonness.description
    card = embed_of(await club.say(club.player, "word", word="zax", lexicon="club"))
    assert card.title == "ZAX: a word" and "club" in card.description.splitlines()[0]
    judged = await club.say(club.player, "judge", words="qi za xu", lexicon="club")
    assert judged.response.content == "QI ZA XU: ✅ acceptable (every word is in the word list club)"
    assert (await club.say(club.player, "judge", words="qi dog", lexicon="club")).response.content.endswith(
        "not acceptable (not every word is in the word list club)")
    found = embed_of(await club.say(club.player, "pattern", pattern="?a*", lexicon="club"))
    assert found.title == "?A*: 4 words" and found.description.splitlines()[-1] == "CAT · TAC · ZAX"
    assert NO_COMMONNESS in found.footer.text  # an uploaded list knows no commonness: A to Z


async def test_the_servers_list_as_its_default(club):
    assert (await club.say(club.player, "judge", words="qi za")).response.content.endswith("in the full word list)")
    chosen = await club.say(club.admin, "settings", lexicon="club")
    assert chosen.ephemeral and "**club**" in chosen.response.content
    assert (await club.say(club.player, "judge", words="qi za")).response.content == \
        "QI ZA: ✅ acceptable (every word is in the word list club)"
    assert embed_of(await club.say(club.player, "anagram", rack="ACT")).footer.text.endswith("lexicon: club")
    refused = await club.say(club.admin, "settings", lexicon="nosuch")
    assert refused.ephemeral and refused.response.content.startswith("This server has no word list called 'nosuch'")


async def test_another_server_cannot_use_the_list(club, simcord_env):
    elsewhere = Server(simcord_env, "Elsewhere")
    for command, options in (("anagram", {"rack": "ACT"}), ("word", {"word": "za"}), ("judge", {"words": "za"}),
                             ("pattern", {"pattern": "z*"})):
        refused = await elsewhere.say(elsewhere.player, command, lexicon="club", **options)
        assert refused.ephemeral and refused.response.content == \
            "This server has no word list called 'club': choose one of full, common, huge.", command


async def test_letterboxed_solves_with_the_servers_list_in_a_worker_and_its_buttons_use_it(club, simcord_env):
    box_words = "objectify\nyouthful\nhelo\nyou\n"
    assert (await club.upload("box", box_words.encode())).response.content.startswith("Added the list box: 4 words.")
    result = await club.say(club.player, "letterboxed", sides="TJO FEB CUY HIL", lexicon="box")
    hints = embed_of(result)
    assert hints.footer.text == "lexicon: box" and "1 two-word solution and 1 three-word solution" in hints.description
    best = await club.player.click(result.response, label="Best solution")
    assert best.ephemeral and "OBJECTIFY" in \
        (best.response.content or "").upper() + str([e.to_dict() for e in best.response.embeds]).upper()
    shown = embed_of(await club.say(club.player, "letterboxed", sides="TJO FEB CUY HIL", lexicon="box",
                                    show="solutions"))
    assert "YOUTHFUL" in shown.description.upper() and "HUB" not in shown.description.upper()
    elsewhere = Server(simcord_env, "Elsewhere")
    refused = await elsewhere.say(elsewhere.player, "letterboxed", sides="TJO FEB CUY HIL", lexicon="box")
    assert refused.ephemeral and refused.response.content.startswith("This server has no word list called 'box'")


async def test_fivewords_searches_the_servers_list_in_a_worker(club, simcord_env):
    assert (await club.upload("tri", b"cab\ndew\nfig\nhot\nbad\n")).response.content.startswith(
        "Added the list tri: 5 words.")
    found = embed_of(await club.say(club.player, "fivewords", words=3, letters=3, lexicon="tri"))
    assert found.title.endswith("3 words × 3 letters · tri")
    # any three of cab, dew, fig, hot, and bad fig hot (bad and cab share)
    assert found.title.startswith("5 sets (5 counting anagrams apart) ·")
    elsewhere = Server(simcord_env, "Elsewhere")
    refused = await elsewhere.say(elsewhere.player, "fivewords", words=3, letters=3, lexicon="tri")
    assert refused.ephemeral and refused.response.content.startswith("This server has no word list called 'tri'")


async def test_tiles_search_the_servers_list_and_a_replaced_list_starts_afresh(club, simcord_env):
    result = await club.say(club.player, "tiles", count=3, size=1, lexicon="club", seconds=1)
    answer = result.response.embeds[0]
    assert answer.title == "Tiles · 3 tiles of 1 letter · club · odd-length words skipped · no vulgar words"
    assert "A C T" in answer.description and "3 words" in answer.description  # act, cat, tac
    words = await club.player.click(result.response, label="Words")
    assert words.ephemeral and "act, cat, tac" in words.response.embeds[0].description
    await club.upload("club", b"tax\nzax\nax\n")  # replaced: the old best no longer answers for it
    stale = await club.player.click(result.response, label="Keep improving (1 s)")
    assert stale.ephemeral and stale.response.content == \
        "This server's word list 'club' has been replaced or removed since: run `/tiles` again."
    fresh = (await club.say(club.player, "tiles", count=3, size=1, lexicon="club", seconds=1)).response.embeds[0]
    assert "A C T" not in fresh.description
    elsewhere = Server(simcord_env, "Elsewhere")
    refused = await elsewhere.say(elsewhere.player, "tiles", count=3, size=1, lexicon="club")
    assert refused.ephemeral and refused.response.content.startswith("This server has no word list called 'club'")
