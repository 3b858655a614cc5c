"""Reading the bot's /metrics and /healthz over HTTP, as Prometheus and a supervisor do."""

import dataclasses
import json

import aiohttp
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families

METRICS_ON = ("127.0.0.1", 0)  # loopback, any free port


def with_metrics(settings):
    return dataclasses.replace(settings, metrics=METRICS_ON)


class Samples(dict):
    """One scrape: {(sample name, labels): value}; ``value`` reads one (0 when it is not there yet)."""

    def value(self, metric, /, **labels):
        return self.get((metric, frozenset(labels.items())), 0.0)

    def delta(self, earlier, metric, /, **labels):
        return self.value(metric, **labels) - earlier.value(metric, **labels)


async def scrape(url):
    """The samples of ``url``/metrics, parsed by prometheus-client's own parser."""
    async with aiohttp.ClientSession() as session, session.get(url + "/metrics") as response:
        assert response.status == 200 and response.headers["Content-Type"] == CONTENT_TYPE_LATEST
        text = await response.text()
    samples = Samples()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


async def health(url):
    """(status, the body's one JSON line, parsed)."""
    async with aiohttp.ClientSession() as session, session.get(url + "/healthz") as response:
        text = await response.text()
        assert response.content_type == "application/json" and text.endswith("\n") and text.count("\n") == 1
        return response.status, json.loads(text)
