import discord

from bot.meta.cog import HELP


async def test_help_lists_every_command_with_an_example(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "help")
    assert result.ephemeral and result.followups == []
    (embed,) = result.response.embeds
    names = [field.name for field in embed.fields]
    registered = {f"/{c.name}" for c in simcord_env.bot.tree.get_commands()}
    assert set(names) == registered == {f"/{name}" for name in HELP} and len(names) == len(set(names))
    assert all("`/" in field.value for field in embed.fields)
    assert len(embed) <= 5000  # Discord refuses a message whose embeds hold over 6,000 characters: room to grow


async def test_help_shows_one_command_in_full(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    for name, (what, examples) in HELP.items():
        (embed,) = (await alice.slash(channel, "help", command=name)).response.embeds
        assert embed.title == f"/{name}" and what in embed.description
        assert all(f"`{example}`" in embed.description for example in examples)
        assert len(embed) <= 6000


async def test_settings_change_the_servers_default_lexicon(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    player = guild.add_member(simcord_env.create_user("player"))

    assert "settings" not in player.available_commands(channel)  # hidden without Manage Server
    result = await admin.slash(channel, "settings", lexicon="common")
    assert result.ephemeral and "common" in result.response.content

    (embed,) = (await player.slash(channel, "anagram", rack="AALNST?")).response.embeds
    assert embed.footer.text.endswith("lexicon: common") and "SALTpAN" not in embed.description
    elsewhere = simcord_env.create_guild("Elsewhere")
    stranger = elsewhere.add_member(simcord_env.create_user("stranger"))
    (embed,) = (await stranger.slash(elsewhere.create_text_channel("x"), "anagram", rack="AALNST?")).response.embeds
    assert embed.footer.text.endswith("lexicon: full")  # one server's setting does not leak into another
