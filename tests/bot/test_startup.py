"""Start-up: migrations, cog isolation, and syncing slash commands only when they changed."""

import dataclasses

import discord

import bot.app


def command_syncs(env) -> int:
    return sum(1 for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands"))


async def test_commands_sync_once_and_not_again_after_a_restart(simcord_env, settings, new_bot):
    assert command_syncs(simcord_env) == 1  # a fresh database: the tree was never synced
    restarted = new_bot()
    await simcord_env.restart_bot(restarted)
    assert command_syncs(simcord_env) == 1  # same commands, same database: no sync
    guild = simcord_env.create_guild()
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(guild.create_text_channel("c"), "anagram", rack="AALNST?")
    assert result.response.embeds[0].title == "AALNST?: 9 bingos"


async def test_a_changed_command_tree_is_synced(simcord_env, settings, new_bot):
    restarted = new_bot()
    original_setup = restarted.setup_hook

    async def setup_with_a_new_command():
        @restarted.tree.command(name="ping", description="A command added in a new release")
        async def ping(interaction):
            await interaction.response.send_message("pong")

        await original_setup()

    restarted.setup_hook = setup_with_a_new_command
    await simcord_env.restart_bot(restarted)
    assert command_syncs(simcord_env) == 2


async def test_a_broken_extension_does_not_stop_the_others(simcord_env, settings, monkeypatch, new_bot):
    monkeypatch.setattr(bot.app, "EXTENSIONS", ("bot.lab.does_not_exist.cog", *bot.app.EXTENSIONS))
    restarted = new_bot()
    await simcord_env.restart_bot(restarted)
    assert list(restarted.failed_extensions) == ["bot.lab.does_not_exist.cog"]
    guild = simcord_env.create_guild()
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(guild.create_text_channel("c"), "help")
    assert result.response.embeds


async def test_a_development_guild_gets_its_commands_instantly(simcord_env, settings, new_bot):
    guild = simcord_env.create_guild("Dev")
    restarted = new_bot(dataclasses.replace(settings, dev_guild_id=guild.id))
    await simcord_env.restart_bot(restarted)
    guild_syncs = [r for r in simcord_env.http_requests if r.method == "PUT"
                   and r.path.endswith(f"/guilds/{guild.id}/commands")]
    assert len(guild_syncs) == 1 and command_syncs(simcord_env) == 2  # one global (first start), one guild
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(guild.create_text_channel("c"), "anagram", rack="AALNST?")
    assert result.response.embeds[0].title == "AALNST?: 9 bingos"


async def test_an_error_of_ours_is_logged_and_the_user_gets_an_apology(simcord_env, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr("bot.lab.anagram.pages.solve", broken)
    guild = simcord_env.create_guild()
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(guild.create_text_channel("c"), "anagram", rack="AALNST?")
    assert result.ephemeral
    assert result.response.content.startswith("Sorry, something went wrong on our side")
    assert "solver exploded" not in result.response.content
    errors = simcord_env.errors  # acknowledges the error SimCord saw
    assert len(errors) == 1 and "solver exploded" in str(errors[0].__cause__ or errors[0])
    assert any(r.levelname == "ERROR" and r.exc_info and "Command /anagram failed" in r.getMessage()
               for r in caplog.records)


async def test_the_bot_runs_sharded_and_answers_on_every_shard(simcord_env):
    bot = simcord_env.bot
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_count == 2 and set(bot.shards) == {0, 1}
    for shard in (0, 1):
        guild = simcord_env.create_guild(f"on shard {shard}", shard_id=shard)
        assert (guild.id >> 22) % bot.shard_count == shard and bot.get_guild(guild.id).shard_id == shard
        member = guild.add_member(simcord_env.create_user(f"player{guild.id}"))
        result = await member.slash(guild.create_text_channel("c"), "anagram", rack="AALNST?")
        assert result.response.embeds[0].title == "AALNST?: 9 bingos"
