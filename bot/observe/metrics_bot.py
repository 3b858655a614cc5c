"""What the metrics read from a running bot: its gateway, its jobs, and its interactions.

``watch(bot)`` registers a collector that reads the bot at scrape time (the gateway's latency,
the guilds, the shards this process runs, the jobs running and waiting, the worker processes and
their memory, as each worker last reported it through the job runner's pipe) and adds the
listener of commands completed. ``unwatch(bot)`` undoes both.

Each slash command, button press and form is timed from the start of its handling to its end.
It starts in the command tree's ``interaction_check`` and in ``bot.views.apologise`` (around
every button's and form's handler): ``interaction_arrived``. It ends at a command's completion
event (ok), in the command tree's error handler (``interaction_done(interaction, "refused" or
"error")``), and as ``apologise`` ends (``interaction_done(interaction)``). ``send_notice``
marks the interaction refused (``note_refused``): every reply that refuses or corrects the user
(bad input, the wrong place, not yours, nothing to do, a limit) goes through it, and a game move
that took nothing is marked too; a private reply that is what was asked for stays "ok". Nothing
is counted while no bot is watched.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from typing import Any

import discord
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.observe.metrics import REGISTRY, command_done

_STARTED = "wordbot_metrics_started"  # keys in ``interaction.extras``
_OUTCOME = "wordbot_metrics_outcome"
_NAME_PART = re.compile(r"[a-z][a-z0-9_]{0,23}")
_KINDS = {discord.InteractionType.application_command: "command", discord.InteractionType.component: "button",
          discord.InteractionType.modal_submit: "form"}
_watched: dict[int, tuple[Any, BotCollector]] = {}
REFUSALS = (discord.app_commands.CheckFailure, discord.app_commands.TransformerError)
"""The command errors that are refusals (a check failed, an option's value could not be read); any other is ours."""


class BotCollector(Collector):
    """The bot's gauges, read when Prometheus scrapes."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def collect(self) -> Iterator[GaugeMetricFamily]:
        bot = self.bot
        latency = GaugeMetricFamily("wordbot_gateway_latency_seconds",
                                    "Seconds between a gateway heartbeat and its acknowledgement, by shard",
                                    labels=["shard"])
        connected = GaugeMetricFamily("wordbot_shard_connected",
                                      "1 when the shard's gateway connection is up, 0 when it is not, by shard "
                                      "(the shards this process runs)", labels=["shard"])
        for shard_id, shard in sorted(getattr(bot, "shards", {}).items()):
            if not math.isnan(shard.latency) and not math.isinf(shard.latency):
                latency.add_metric([str(shard_id)], shard.latency)
            connected.add_metric([str(shard_id)], 0.0 if shard.is_closed() else 1.0)
        yield latency
        yield connected
        yield GaugeMetricFamily("wordbot_shards", "Gateway shards this process runs",
                                value=len(getattr(bot, "shards", {})))
        yield GaugeMetricFamily("wordbot_guilds", "Servers (guilds) on this process's shards", value=len(bot.guilds))
        jobs = list(bot.jobs.running.values())
        workers = [job for job in jobs if job.process is not None]
        yield GaugeMetricFamily("wordbot_jobs_running", "Long jobs running in a worker process", value=len(workers))
        yield GaugeMetricFamily("wordbot_jobs_queued", "Long jobs given a place but whose worker has not started yet",
                                value=len(jobs) - len(workers))
        # A worker is the job's own process, started for it and stopped as it ends; asking the
        # process itself (is_alive) could wait on it, so the runner's list is what counts.
        yield GaugeMetricFamily("wordbot_worker_processes", "Worker processes of long jobs running now",
                                value=len(workers))
        yield GaugeMetricFamily("wordbot_worker_memory_bytes", "Peak resident memory of the running worker processes, "
                                "summed, as each last reported it to the job runner",
                                value=sum(job.peak_memory_kib for job in workers) * 1024)


def watch(bot: Any) -> None:
    """Count ``bot``'s interactions and read its gauges at scrape time (one bot at a time)."""
    unwatch_all()
    collector = BotCollector(bot)
    REGISTRY.register(collector)
    bot.add_listener(_completed, "on_app_command_completion")
    _watched[id(bot)] = (bot, collector)


def unwatch(bot: Any) -> None:
    entry = _watched.pop(id(bot), None)
    if entry is None:
        return
    REGISTRY.unregister(entry[1])
    bot.remove_listener(_completed, "on_app_command_completion")


def unwatch_all() -> None:
    for bot, _ in list(_watched.values()):
        unwatch(bot)


def interaction_arrived(interaction: discord.Interaction) -> None:
    """``interaction`` reached its handler: its time starts (once). Called first thing by the command
    tree's ``interaction_check`` and by ``apologise``, before anything awaits: an ``on_interaction``
    listener would run as a task of its own, after a quick handler had already answered."""
    interaction.extras.setdefault(_STARTED, time.perf_counter())


async def _completed(interaction: discord.Interaction, command: Any) -> None:
    interaction_done(interaction)


def note_refused(interaction: discord.Interaction) -> None:
    """The bot answered ``interaction`` with a notice (a refusal) rather than what was asked."""
    interaction.extras.setdefault(_OUTCOME, "refused")


def interaction_done(interaction: discord.Interaction, outcome: str | None = None) -> None:
    """``interaction``'s handler ended: count it, by kind, name and outcome ("error" wins over
    "refused", which wins over "ok"), with the seconds since it arrived. Once per interaction."""
    started = interaction.extras.pop(_STARTED, None)
    if started is None or not _watched:
        return
    noted = interaction.extras.get(_OUTCOME)
    final = "error" if "error" in (outcome, noted) else "refused" if "refused" in (outcome, noted) else "ok"
    command_done(interaction_name(interaction), _KINDS.get(interaction.type, "command"), final,
                 time.perf_counter() - started)


def interaction_name(interaction: discord.Interaction) -> str:
    """A command's qualified name ("daily setup"); a button's or form's custom id cut to its fixed
    head ("pg:anagram", "job:cancel", "bee:form"), so each name is one of a few, never user input."""
    if interaction.type is discord.InteractionType.application_command:
        command = interaction.command
        return command.qualified_name if command is not None else "unknown"
    parts = str((interaction.data or {}).get("custom_id", "")).split(":")
    if not _NAME_PART.fullmatch(parts[0]):
        return "other"
    return ":".join(parts[:2]) if len(parts) > 1 and _NAME_PART.fullmatch(parts[1]) else parts[0]
