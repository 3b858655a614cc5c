import pytest_asyncio
import pytest

from bot.app import create_bot
from bot.config import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token=None, database=tmp_path / "wordbot.sqlite3")


@pytest_asyncio.fixture
async def simcord_bot(settings):
    """The real bot, as `make run` builds it, against SimCord's simulated Discord.

    SimCord detaches the bot at the end without closing it, so the store is closed here.
    """
    bot = create_bot(settings)
    yield bot
    if bot.store is not None:
        await bot.store.close()
