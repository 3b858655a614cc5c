"""The bot's services are made apart from it and handed in (``WordBot(settings, services)``), and
read through typed accessors that say clearly when something is not there yet."""

import pytest

from bot.app import create_bot
from bot.db.open import open_database
from bot.games.bee.cog import Bee
from bot.host import host
from bot.services import NotReady, Services


def test_a_service_read_before_setup_says_so(settings):
    bot = create_bot(settings)
    for name in ("db", "daily", "guild_lists"):
        with pytest.raises(NotReady, match="made in setup_hook"):
            getattr(bot, name)
    assert bot.jobs is bot.services.jobs and bot.lexicons == {}


async def test_the_database_handed_in_is_the_one_the_bot_uses(settings, simcord_env):
    db = await open_database(settings.database)
    try:
        bot = create_bot(settings, Services(db=db))
        assert bot.db is db
    finally:
        await db.close()
    running = simcord_env.bot  # built by create_bot(settings): its setup_hook opened the database
    assert running.db is running.services.db and running.daily is running.services.daily
    assert running.guild_lists is running.services.guild_lists and set(running.lexicons) >= {"full", "common"}


async def test_a_cog_is_found_by_its_class(simcord_env):
    bot = host(simcord_env.bot)
    assert bot.cog(Bee) is bot.get_cog("Bee") is not None
    await bot.remove_cog("Bee")
    with pytest.raises(LookupError, match="The Bee cog is not loaded"):
        bot.cog(Bee)
