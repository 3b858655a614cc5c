import pytest


@pytest.fixture
def world(simcord_env):
    """A guild with a channel and two members: (channel, alice, bob)."""
    guild = simcord_env.create_guild("Puzzlers")
    channel = guild.create_text_channel("puzzles")
    return channel, guild.add_member(simcord_env.create_user("alice")), guild.add_member(simcord_env.create_user("bob"))
