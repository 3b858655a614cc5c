"""``wordbot run`` in a real process, stopped by a real SIGTERM or Ctrl-C (issue 35): it stops
cleanly and exits 0; a second signal while it waits for work in flight ends it at once. The child
runs the real ``wordbot run`` with only Discord's login and gateway replaced (there is no Discord
here): the signal handlers, the stop and the exit status are the real ones. The SimCord tests of
the same stop mid-job and mid-burst: tests/bot/lab/tileset/test_tiles_stop.py and
tests/bot/games/bee/test_bee_together_stop.py."""

import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from tests.processes import start_child

CHILD = """
import asyncio, sys
from bot.app import WordBot

async def login(self, token):  # no Discord here: what is checked is the stop
    pass

async def connect(self, *, reconnect=True):
    if sys.argv[1] == "busy":  # work in flight that will not end within the grace period
        self.stopper.in_flight.add(asyncio.get_running_loop().create_task(asyncio.sleep(3600)))
    if sys.argv[1] == "slow-close":  # the database takes a while to close, after the gateway has closed
        close = self.services.db.close

        async def slow_close():
            await asyncio.sleep(0.5)
            await close()
            print("database closed", flush=True)
        self.services.db.close = slow_close
    print("running", flush=True)
    while not self.is_closed():
        await asyncio.sleep(0.02)

WordBot.login, WordBot.connect = login, connect
from bot.cli import main
sys.exit(main(["run"]))
"""


def start(mode, tmp_path, grace="10"):
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "WORDBOT_DATABASE": str(tmp_path / "w.sqlite3"),
           "WORDBOT_STOP_GRACE": grace}
    child = start_child([sys.executable, "-c", CHILD, mode], env=env, text=True,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.readline() == "running\n"
    return child


def wait_for_line(stream, text):
    """The lines of ``stream`` up to the first that holds ``text``."""
    lines = []
    while not lines or text not in lines[-1]:
        line = stream.readline()
        assert line, "".join(lines)
        lines.append(line)
    return lines


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_stops_cleanly_and_exits_0(number, tmp_path):
    child = start("idle", tmp_path)
    child.send_signal(number)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert f"{number.name}: stopping cleanly" in err and "Stopped" in err and "Traceback" not in err
    with sqlite3.connect(tmp_path / "w.sqlite3") as db:  # closed, whole: the writer finished
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_the_process_waits_for_the_database_to_close(tmp_path):
    """The gateway closes first and ends ``start``; leaving the bot still waits for the database."""
    child = start("slow-close", tmp_path)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert out == "database closed\n" and "Stopped" in err and "Traceback" not in err, err


def test_a_second_sigterm_exits_at_once(tmp_path):
    child = start("busy", tmp_path, grace="600")  # the stop would wait ten minutes for the work in flight
    child.send_signal(signal.SIGTERM)
    wait_for_line(child.stderr, "stopping cleanly")
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 1 and "SIGTERM again while stopping: exiting at once" in err
