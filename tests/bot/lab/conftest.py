import pytest

from tests.bot.conftest import admin_of


@pytest.fixture
def world(simcord_env):
    """A guild with a channel and two members: (channel, alice, bob)."""
    guild = simcord_env.create_guild("Puzzlers")
    channel = guild.create_text_channel("puzzles")
    return channel, guild.add_member(simcord_env.create_user("alice")), guild.add_member(simcord_env.create_user("bob"))


@pytest.fixture
def language_club(simcord_env):
    """A guild for the language tests: (channel, an admin who may set its language, a player)."""
    guild = simcord_env.create_guild("Club de lettres")
    return guild.create_text_channel("mots"), admin_of(simcord_env, guild), guild.add_member(
        simcord_env.create_user("player"))
