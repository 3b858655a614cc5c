"""discord.py's private parts the bot relies on (``bot.discord_internals``), checked against the
installed discord.py: an upgrade that changes one fails here, by name, not the bot at run time."""

import inspect

import discord
from discord.ext import commands

from bot.app import WordBot
from bot.discord_internals import cog_name, gateway_parsers, interaction_of


async def test_the_gateway_parsers_of_interactions_and_messages_are_there(simcord_env):
    parsers = gateway_parsers(simcord_env.bot)
    assert parsers is simcord_env.bot._connection.parsers  # the client's own table, which the stop wraps
    for event in ("INTERACTION_CREATE", "MESSAGE_CREATE"):
        assert callable(parsers[event])
        assert parsers[event].__name__ == "parse_and_follow"  # wrapped by bot.shutdown at setup_hook


def test_an_interaction_is_made_from_its_payload_and_the_state():
    parameters = inspect.signature(discord.Interaction.__init__).parameters
    assert [name for name in parameters if name != "self"] == ["data", "state"]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for name, p in parameters.items() if name != "self")
    assert "client" in inspect.signature(interaction_of).parameters


def test_a_cog_class_knows_the_name_it_is_registered_under():
    class Example(commands.Cog, name="Example Cog"):
        pass

    assert cog_name(Example) == "Example Cog" == Example().qualified_name


def test_discords_own_exit_still_waits_for_its_close_only():
    """WordBot.__aexit__ waits for the whole stop because discord.py's exit waits for its
    ``_closing_task``, the gateway's close alone; if discord.py's exit changes, look again."""
    assert "_closing_task" in inspect.getsource(discord.Client.__aexit__)
    assert WordBot.__aexit__ is not discord.Client.__aexit__
