"""/healthz and /metrics over HTTP, on aiohttp's server (which discord.py brings).

Off unless ``WORDBOT_METRICS=HOST:PORT`` or ``wordbot run --metrics HOST:PORT`` asks for them.
The address is loopback (127.0.0.1) unless told otherwise: neither page asks for a password, and
/metrics tells whoever can reach it how busy the bot is and which commands people use. A
container binds 0.0.0.0 inside and publishes the port to the host's loopback only.

- ``/healthz`` answers 200 when every gateway shard of this process is connected and the database
  answers within a second and can keep what it is given, else 503; the body is one JSON line
  naming what failed:
  ``{"status": "fail", "failed": ["database"], "gateway": "ok", "database": "no answer within 1 s"}``.
  For SQLite, "can keep" means the file the bot opened is still the one at its path, is not
  read-only, its last write committed, and its last ``quick_check`` found no damage
  (``bot/db/sqlite_watch.py``, ``bot/db/sqlite_check.py``); for PostgreSQL, a connection of the
  pool answers and the server takes writes.
- ``/metrics`` is the project's registry (``bot.observe.metrics``) in Prometheus's text format.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.config import ConfigError
from bot.observe import metrics_bot
from bot.observe.metrics import REGISTRY

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"
DATABASE_SECONDS = 1.0  # the database must answer the health check's query within this


class HealthServer:
    """The HTTP server of /healthz and /metrics for ``bot``, bound to ``host``:``port`` (port 0: any free one)."""

    def __init__(self, bot: Any, host: str, port: int) -> None:
        self.bot, self.host, self.port = bot, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get(HEALTH_PATH, self.healthz)
        app.router.add_get(METRICS_PATH, self.metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, self.host, self.port)
            await site.start()
        except BaseException as error:
            await self._runner.cleanup()
            self._runner = None
            if isinstance(error, OSError):  # the port taken, a host not of this machine: the setting's to fix
                raise ConfigError(f"Cannot serve {HEALTH_PATH} and {METRICS_PATH} on {self.url}: "
                                  f"{error.strerror or error}. Give WORDBOT_METRICS or --metrics another "
                                  "HOST:PORT.") from None
            raise
        self.port = self._runner.addresses[0][1]  # the port bound (port 0 asks for any free one)
        metrics_bot.watch(self.bot)
        log.info("Serving %s and %s on %s", HEALTH_PATH, METRICS_PATH, self.url)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def stop(self) -> None:
        metrics_bot.unwatch(self.bot)
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def healthz(self, request: web.Request) -> web.Response:
        parts = {"gateway": gateway_problem(self.bot), "database": await database_problem(self.bot)}
        failed = [name for name, problem in parts.items() if problem]
        body = {"status": "fail" if failed else "ok", "failed": failed}
        body.update((name, problem or "ok") for name, problem in parts.items())
        return web.Response(status=503 if failed else 200, text=json.dumps(body) + "\n",
                            content_type="application/json")

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST})


def gateway_problem(bot: Any) -> str | None:
    """Why the gateway is not healthy (not ready yet, closed, a shard of this process down), or None."""
    if bot.is_closed():
        return "closed"
    if not bot.is_ready():
        return "not connected yet"
    down = sorted(shard_id for shard_id, shard in getattr(bot, "shards", {}).items() if shard.is_closed())
    if down:
        return "shard " + ", ".join(map(str, down)) + " disconnected"
    return None


async def database_problem(bot: Any) -> str | None:
    """Why the database is not healthy (not open, failing, slower than ``DATABASE_SECONDS``, or what
    its backend's ``health_problem`` finds: a SQLite file deleted, replaced, read-only, full or
    damaged; a PostgreSQL server that takes no writes), or None. For an error, says only its
    kind: a message could hold a connection string."""
    db = bot.services.db  # None until the bot opened it (``bot.db`` would raise NotReady)
    if db is None:
        return "not open"
    try:
        async with asyncio.timeout(DATABASE_SECONDS):
            return await db.health_problem()
    except TimeoutError:
        return f"no answer within {DATABASE_SECONDS:g} s"
    except Exception as error:
        return f"failed ({type(error).__name__})"


async def serve(bot: Any, address: tuple[str, int]) -> HealthServer:
    """Start serving /healthz and /metrics for ``bot`` at ``address``."""
    server = HealthServer(bot, *address)
    await server.start()
    return server
