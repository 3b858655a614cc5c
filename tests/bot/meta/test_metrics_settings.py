"""Health and metrics are off unless WORDBOT_METRICS or `wordbot run --metrics` asks; loopback by
default; every metric /metrics exposes is in docs/metrics.md, one line each, and nothing else is."""

import argparse
import re
import socket
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import create_bot
from bot.cli import build_parser
from bot.config import ConfigError, Settings
from bot.health import HealthServer
from bot.operate.terminal import run_settings
from tests.bot.meta.scrape import METRICS_ON

DOCS = Path(__file__).resolve().parents[3] / "docs" / "metrics.md"


def run_args(*argv: str) -> argparse.Namespace:
    return build_parser()[0].parse_args(["run", *argv])


def test_off_by_default_on_with_the_variable_or_the_option_which_wins():
    assert Settings.from_env({}).metrics is None
    assert Settings.from_env({"WORDBOT_METRICS": " "}).metrics is None
    assert Settings.from_env({"WORDBOT_METRICS": "127.0.0.1:9108"}).metrics == ("127.0.0.1", 9108)
    assert Settings.from_env({"WORDBOT_METRICS": "[::1]:9108"}).metrics == ("::1", 9108)
    # said plainly: not loopback
    assert Settings.from_env({"WORDBOT_METRICS": "0.0.0.0:9108"}).metrics == ("0.0.0.0", 9108)
    assert Settings.from_env({"WORDBOT_METRICS": "9108"}).metrics == ("127.0.0.1", 9108)  # a bare port: loopback
    assert run_settings(run_args(), {}).metrics is None
    assert run_settings(run_args("--metrics", ":9200"), {"WORDBOT_METRICS": "127.0.0.1:9108"}).metrics == \
        ("127.0.0.1", 9200)
    assert run_settings(run_args(), {"WORDBOT_METRICS": "127.0.0.1:9108"}).metrics == ("127.0.0.1", 9108)


@pytest.mark.parametrize(("env", "argv", "message"), [
    ({"WORDBOT_METRICS": "localhost"}, [], "WORDBOT_METRICS must be HOST:PORT, like 127.0.0.1:9108"),
    ({"WORDBOT_METRICS": "127.0.0.1:99999"}, [], "WORDBOT_METRICS must be HOST:PORT"),
    ({}, ["--metrics", "::1:9108"], r"--metrics must be HOST:PORT, like 127.0.0.1:9108 \(an IPv6 host in brackets"),
])
def test_a_bad_address_is_refused_in_one_line_naming_where_it_came_from(env, argv, message):
    with pytest.raises(ConfigError, match=message) as refused:
        run_settings(run_args(*argv), env)
    assert "\n" not in str(refused.value)


async def test_a_port_in_use_is_refused_in_one_line(settings):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ConfigError, match=r"^Cannot serve /healthz and /metrics on "
                                              rf"http://127.0.0.1:{port}: ") as refused:
            await HealthServer(create_bot(settings), "127.0.0.1", port).start()
    assert "\n" not in str(refused.value) and "WORDBOT_METRICS or --metrics" in str(refused.value)


async def test_a_bot_without_the_setting_serves_nothing(simcord_env):
    assert simcord_env.bot.settings.metrics is None and simcord_env.bot.health is None


async def test_every_metric_is_documented_in_one_line_and_every_documented_one_is_exposed(settings):
    import aiohttp

    server = HealthServer(create_bot(settings), *METRICS_ON)
    await server.start()
    try:
        async with aiohttp.ClientSession() as session, session.get(server.url + "/metrics") as response:
            text = await response.text()
    finally:
        await server.stop()
    exposed = {}
    for family in text_string_to_metric_families(text):
        if family.name.startswith("wordbot_"):
            exposed[family.name + ("_total" if family.type == "counter" else "")] = family.documentation
    assert all(len(help) > 20 for help in exposed.values())  # each with a help text of its own
    assert not any(name.startswith(("python_", "process_")) for name in text.split())  # the project's registry only
    documented = re.findall(r"^- `(wordbot_[a-z_]+)` \(", DOCS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert len(documented) == len(set(documented))
    assert set(documented) == set(exposed)
