import discord
import pytest

from bot.db import open_database


class Server:
    """A server with a channel, an admin (Manage Server) and a player."""

    def __init__(self, simcord_env, name="Club"):
        self.env = simcord_env
        self.guild = simcord_env.create_guild(name)
        self.channel = self.guild.create_text_channel("words")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(simcord_env.create_user(f"{name}-admin"), roles=[admins])
        self.player = self.guild.add_member(simcord_env.create_user(f"{name}-player"))

    async def upload(self, name, data, filename="words.txt", who=None):
        return await (who or self.admin).slash(self.channel, "lists upload", name=name, file=(filename, data))

    async def say(self, who, command, **options):
        return await (who or self.admin).slash(self.channel, command, **options)


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


@pytest.fixture
def other(simcord_env):
    return Server(simcord_env, "Elsewhere")


@pytest.fixture(autouse=True)
def private_cache(simcord_env, tmp_path):
    """Each test's words files in its own folder."""
    simcord_env.bot.guild_lists.cache_dir = tmp_path / "lists-cache"


@pytest.fixture
async def db(db_target):
    """An open database, on each backend in turn (``db_target``)."""
    database = await open_database(db_target)
    yield database
    await database.close()
