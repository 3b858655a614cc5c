"""A PostgreSQL of a test module's own, which its tests may stop, shut down slowly and start again
(the session's server, ``postgres_server`` in tests/conftest.py, is shared and must stay up).

    from tests.bot.stoppable_postgres import postgres, settings  # noqa: F401 - fixtures

``postgres`` is the server (a ``Stoppable``); ``settings`` a bot's settings on a new database of
its own there."""

import shutil

import pytest
from pgserver._commands import pg_ctl

from bot.config import Settings
from tests.folders import new_server_folder


class Stoppable:
    def __init__(self, server):
        self.server = server

    def stop(self):
        """A fast shutdown: the sessions are ended, and the server is gone until ``start``."""
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=self.server.pgdata, user=self.server.system_user)

    def begin_smart_stop(self):
        """A smart shutdown, not waited for: the server lets its sessions finish, and meanwhile
        refuses every new connection with 57P03 ("the database system is shutting down") until the
        last one ends, then stops."""
        pg_ctl(["-W", "-m", "smart", "stop"], pgdata=self.server.pgdata, user=self.server.system_user)

    def start(self):
        self.server.ensure_postgres_running()


@pytest.fixture(scope="module")
def postgres():
    pgserver = pytest.importorskip("pgserver")
    folder = new_server_folder()
    server = pgserver.get_server(folder / "data", cleanup_mode="delete")
    yield Stoppable(server)
    server.ensure_postgres_running()
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def settings(postgres, request) -> Settings:
    name = "outage_" + request.node.name.lower().replace("test_", "")[:40]
    postgres.server.psql(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY = FILE_COPY;")  # as tests/conftest.py
    return Settings(token=None, database=postgres.server.get_uri(name), shard_count=2)
