import pytest_asyncio
import pytest

from bot.app import create_bot
from bot.config import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    # Two shards: every SimCord test runs the bot sharded, as a big deployment does.
    return Settings(token=None, database=tmp_path / "wordbot.sqlite3", shard_count=2)


@pytest_asyncio.fixture
async def new_bot(settings):
    """Build bots as `make run` does (e.g. to restart with), and close their databases afterwards:
    SimCord detaches a bot without closing it, and an open database would keep pytest alive."""
    bots = []

    def build(custom_settings: Settings | None = None):
        bots.append(create_bot(custom_settings or settings))
        return bots[-1]

    yield build
    for bot in bots:
        if bot.db is not None:
            await bot.db.close()


@pytest.fixture
def simcord_bot(new_bot):
    """The real bot, against SimCord's simulated Discord."""
    return new_bot()
