"""Safe words in public: slurs never appear; vulgar words only where a server turned them on."""

import collections

import discord

from bot.cli import main
from tests.bot.lab.anagram.test_anagram_discord import embed_of


def admin_and_player(simcord_env):
    guild = simcord_env.create_guild("Words")
    channel = guild.create_text_channel("general")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild, channel, guild.add_member(simcord_env.create_user("admin"), roles=[admins]), guild.add_member(
        simcord_env.create_user("p"))


def words(embed):
    """The words of an /anagram page, in lower case (blank letters are shown in lower case)."""
    return embed.description.replace("·", " ").lower().split()


async def test_a_rack_that_makes_a_slur_does_not_list_it(simcord_env):
    _, channel, admin, player = admin_and_player(simcord_env)
    await admin.slash(channel, "settings", vulgar_words=True)  # even with everything allowed
    for lexicon in ("full", "huge"):
        embed = embed_of(await player.slash(channel, "anagram", rack="EGGINR", lexicon=lexicon))
        assert "ginger" in words(embed) and "nigger" not in words(embed)


async def test_vulgar_words_are_hidden_until_the_server_turns_them_on(simcord_env, capsys):
    _, channel, admin, player = admin_and_player(simcord_env)
    hidden = embed_of(await player.slash(channel, "anagram", rack="CKO?", mode="sub"))
    assert "cock" not in words(hidden) and "coke" in words(hidden)
    shown = await admin.slash(channel, "settings", vulgar_words=True)
    assert shown.ephemeral and shown.response.content == "Public replies now show vulgar words in this server."
    allowed = embed_of(await player.slash(channel, "anagram", rack="CKO?", mode="sub"))
    assert "cock" in words(allowed)
    settings = await admin.slash(channel, "settings")
    assert settings.response.content.startswith("Settings: word list **full**, vulgar words **shown**")
    assert main(["anagram", "CKO?", "--mode", "sub"]) == 0  # an adult at a terminal asked: shown there
    assert "cock" in capsys.readouterr().out.lower().split()


async def test_racks_built_to_make_flagged_words_never_list_them_in_public(simcord_env):
    from solvers.lexicon import Lexicon

    _, channel, admin, player = admin_and_player(simcord_env)
    full = Lexicon.load("full")
    flagged = sorted(w for w in full.words if full.is_vulgar(w) and 4 <= len(w) <= 8)
    chosen = flagged[:: max(1, len(flagged) // 25)]  # some 25 flagged words, spread over the alphabet
    assert len(chosen) >= 20
    racks = {"".join(sorted(word)) for word in chosen}
    anagrams_of = collections.defaultdict(set)  # brute force: each word of the list whose letters are a rack's
    for w in full.words:
        if 4 <= len(w) <= 8 and "".join(sorted(w)) in racks:
            anagrams_of["".join(sorted(w))].add(w)
    for word in chosen:
        rack = "".join(sorted(word)).upper()
        shown = set(words(embed_of(await player.slash(channel, "anagram", rack=rack))))
        anagrams = anagrams_of[rack.lower()]
        assert not {w for w in anagrams if full.is_vulgar(w)} & shown, rack
        assert {w for w in anagrams if not full.is_vulgar(w)} <= shown, rack  # the clean anagrams still are
    await admin.slash(channel, "settings", vulgar_words=True)
    rack = "".join(sorted(chosen[0])).upper()
    assert chosen[0] in words(embed_of(await player.slash(channel, "anagram", rack=rack)))  # where the server asked


async def test_racks_built_from_slurs_never_list_them_anywhere(simcord_env, capsys):
    from solvers.offensive import Tiers

    _, channel, admin, player = admin_and_player(simcord_env)
    await admin.slash(channel, "settings", vulgar_words=True)
    slurs = [entry.word for entry in Tiers.read().slurs if 3 <= len(entry.word) <= 10][::4]
    for slur in slurs + ["niggaz", "pickaninnies", "spazzes"]:
        rack = "".join(sorted(slur)).upper()
        for lexicon in ("full", "huge"):
            reply = await player.slash(channel, "anagram", rack=rack, lexicon=lexicon)
            shown = set(words(embed_of(reply))) if reply.response.embeds else set()
            assert slur not in shown, (slur, lexicon)
