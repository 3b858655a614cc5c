import asyncio
import itertools
import logging
import os
import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

# The word lists' cache files (solvers.lexicon_cache) go to the tests' own cache folder, never the
# user's: set before anything loads a list, and inherited by every process a test starts (the
# terminal in a subprocess, the bot's job workers). The folder outlives the run, so the bundled
# lists are built once, not on every run; files no load used for a month are pruned as in any.
# (XDG_CACHE_HOME is what Linux reads: macOS and Windows keep their own folder.)
os.environ["XDG_CACHE_HOME"] = str(
    Path(tempfile.gettempdir()) / f"wordbot-tests-{getattr(os, 'getuid', lambda: 'user')()}")

# The bot's settings never come from the shell that started pytest (a WORDBOT_DATABASE or a
# DISCORD_TOKEN exported there) nor from a .env in a working directory: every variable that
# .env.example lists is set empty, which the bot reads as not set and python-dotenv leaves alone
# (it sets only variables that are not set). A test that wants one sets it (monkeypatch.setenv).
for _line in (Path(__file__).resolve().parents[1] / ".env.example").read_text(encoding="utf-8").splitlines():
    _name, _equals, _ = _line.partition("=")
    if _equals and not _name.lstrip().startswith("#"):
        os.environ[_name.strip()] = ""

import pytest  # noqa: E402
import pytest_asyncio  # noqa: E402  (after the cache folder is set)

import tests.simcord_timers  # noqa: E402, F401  (SimCord's timers fixed for these tests: see there)
from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.db.open import open_database  # noqa: E402
from tests.folders import new_server_folder  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test of 15 s or more, run before the others")


def pytest_collection_modifyitems(config, items):
    """The slow tests first (in their order), then the others (in theirs). With test workers
    (``make test``), a slow test that starts last keeps the run going alone at its end: first, it
    runs while the other workers share the rest."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def working_folder(tmp_path_factory, monkeypatch) -> Path:
    """Each test runs in an empty working folder of its own, not where pytest was started: a
    wordbot.sqlite3 there (the default database, which a command uses when it is there) or a .env
    is never read, let alone written, and a file a command makes by default stays with its test."""
    folder = tmp_path_factory.mktemp("cwd")
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def settings(migrated_sqlite) -> Settings:
    # Two shards: every SimCord test runs the bot sharded, as a big deployment does.
    return Settings(token=None, database=migrated_sqlite, shard_count=2)


def _migrated_in_a_thread(target: str | Path) -> None:
    """``target`` migrated by the bot's own ``open_database``, in a thread of its own (away from
    any test's event loop), then closed."""
    failed: list[BaseException] = []

    async def migrate() -> None:
        db = await open_database(target)
        await db.close()

    def run() -> None:
        try:
            asyncio.run(migrate())
        except BaseException as error:  # handed to the test that asked
            failed.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A SQLite file migrated once in this worker (closed: its WAL in the file), for
    ``migrated_sqlite`` to copy."""
    path = tmp_path_factory.mktemp("template") / "wordbot.sqlite3"
    _migrated_in_a_thread(path)
    return path


@pytest.fixture
def migrated_sqlite(tmp_path, sqlite_template) -> Path:
    """The bot's SQLite file at the latest schema, as a bot finds it after its first start: a copy
    of ``sqlite_template``. The migrations took 50-90 ms of CPU a file here, and the tests start
    some two thousand bots on a file of their own; the tests of migrations and upgrades make
    their files themselves, and a bot's first start on a new file is tested there."""
    path = tmp_path / "wordbot.sqlite3"
    shutil.copyfile(sqlite_template, path)
    return path


@pytest.fixture(autouse=True)
def root_logging_restored():
    """``wordbot run`` in a test sets up logging (a handler writing to that test's captured
    stderr): the root logger gets its handlers and level back, so a later test's output is not
    a "Logging error" about a closed stream."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


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
        if bot.services.db is not None:
            await bot.services.db.close()


@pytest.fixture
def simcord_bot(new_bot):
    """The real bot, against SimCord's simulated Discord."""
    return new_bot()


# ---------------------------------------------------------------------------------- both backends

_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """One real PostgreSQL 16 for the whole run (pgserver's binaries), in a folder of its own
    (``new_server_folder``), deleted afterwards."""
    pgserver = pytest.importorskip("pgserver")
    folder = new_server_folder()
    server = pgserver.get_server(folder / "data", cleanup_mode="delete")
    # What the tests stop is the bot or the server's processes, never the machine: the page cache
    # keeps every commit, so the server need not wait for the disk (each test's new database was
    # 10 MB written and flushed).
    server.psql("ALTER SYSTEM SET fsync = off; "
                "ALTER SYSTEM SET full_page_writes = off; SELECT pg_reload_conf();")
    yield server
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


def _database_url(server, name: str) -> str:
    return urlunsplit(urlsplit(server.get_uri())._replace(path="/" + name))


def _new_database(server, template: str = "template0") -> str:
    """A new database copied from ``template`` file by file: 0.04 s a database here, against 0.25 s
    for PostgreSQL 16's default (template1 written through the WAL), which hundreds of tests paid."""
    name = f"wordbot_test_{next(_databases)}"
    server.psql(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY = FILE_COPY;")
    return name


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL of a fresh, empty database of its own on the session's server, dropped after the test.
    (Kept, a worker's few hundred databases of 10 MB each made the server's stop and the folder's
    removal take 20 to 45 s at the end of a run.)"""
    name = _new_database(postgres_server)
    yield _database_url(postgres_server, name)
    postgres_server.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE);")


@pytest.fixture(scope="session")
def postgres_template(postgres_server) -> str:
    """A database migrated once in this worker, by the bot's own ``open_database`` (in a thread of
    its own, away from any test's event loop), for ``migrated_postgres_url`` to copy."""
    name = _new_database(postgres_server)
    _migrated_in_a_thread(_database_url(postgres_server, name))
    return name


@pytest.fixture
def migrated_postgres_url(postgres_server, postgres_template) -> str:
    """A database of its own at the latest schema, as a bot finds it after its first start: a copy of
    ``postgres_template`` (the migrations take 0.25 s a database here: the bot's tests on PostgreSQL
    start hundreds of bots). The tests of migrations and upgrades take ``postgres_url``."""
    name = _new_database(postgres_server, postgres_template)
    yield _database_url(postgres_server, name)
    postgres_server.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE);")


@pytest.fixture(params=["sqlite", "postgres"])
def db_target(request, tmp_path) -> str | Path:
    """What ``open_database`` takes, once for each backend: a new SQLite file, a new Postgres database."""
    if request.param == "sqlite":
        return tmp_path / "w.sqlite3"
    return request.getfixturevalue("postgres_url")
