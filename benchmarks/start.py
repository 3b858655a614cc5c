#!/usr/bin/env python3
"""Start-up, as whole processes: terminal commands against their baselines in the same run,
``python -c pass`` for ``wordbot --help`` (Python's own start: the help needs nothing more) and
``python -c "import numpy"`` for the rest (no command that uses numpy can start faster), and the
Discord bot until it is ready, with the memory of the bot and of its worker processes.

Terminal: every process finds our modules and numpy as an installed wordbot does
(``benchmarks/timing.installed``: not through the development install's finder, whose imports
at each start would flatter a command against a bare start). Each command runs ``--processes``
times, in turns with the baselines so a busy moment of the machine hits all alike; the minimum,
median and maximum of the wall time, and the ratio of the medians to the command's baseline
(goals: ``wordbot --help`` within 1.3x, ``wordbot anagram 'AALNST?'`` on full under 2x).
``wordbot fivewords``
reads a ``--words``-word file (the size of the famous puzzle's ``words_alpha.txt``: a sample
of the huge list, written to a scratch folder). One untimed run of each first, so the lexicon
cache files exist (as they do for a user after the first run).

Bot: a fresh process imports the bot, builds it as ``make run`` does (every bundled list, every
cog, a SQLite database) and starts it against SimCord's simulated Discord; ready is the bot's
``on_ready`` (after ``setup_hook``: database, lists, cogs, commands synced), timed from the
process's start. Settled is when SimCord has seen the bot's first tasks end too: on a fresh
database that includes making the day's puzzles, in a thread, while the bot already answers.
The first run makes and migrates the database, the later ones restart on it. Then two jobs run in worker
processes (``bot.jobs``: forked from a server process that preloaded the word lists), and the
memory of each process is read from /proc: VmRSS, and where smaps_rollup is readable PSS (a
page shared by n processes counts 1/n) and the shared part of RSS (the mapped lexicon cache
files and the pages a fork shares).

    .venv/bin/python benchmarks/start.py [--processes 15] [--words 370105] [--bot-runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from benchmarks.timing import installed, ms  # noqa: E402

RACK = "AALNST?"
WORKERS = 2  # the bot's JobRunner runs at most two jobs at once
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""Every process timed runs as on a user's machine, where Python keeps the modules it compiled
(numpy's were compiled when it was installed): without this, each would compile ours anew."""


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=ENVIRONMENT)
    return time.perf_counter() - started


def word_file(folder: Path, count: int) -> Path:
    """``count`` words of the huge list, a seeded sample, one a line (as words_alpha.txt is)."""
    from solvers.lexicon import Lexicon

    words = list(Lexicon.load("huge").words)
    path = folder / "words.txt"
    path.write_text("\n".join(sorted(random.Random(24).sample(words, min(count, len(words))))) + "\n")
    return path


def terminal(processes: int, words: int) -> None:
    with tempfile.TemporaryDirectory(prefix="wordbot-bench-start-") as scratch:
        path = word_file(Path(scratch), words)
        python, wordbot = installed(Path(scratch) / "installed")  # every process found as installed
        numpy_import = [python, "-c", "import numpy"]
        commands = {"python -c pass (baseline of --help)": [python, "-c", "pass"],
                    "wordbot --help": [wordbot, "--help"],
                    "python -c 'import numpy' (baseline)": numpy_import,
                    # numpy as wordbot's terminal commands import it (bot.cli: OpenBLAS starts no
                    # threads), so that what that saves is seen apart from the rest
                    "the same, OPENBLAS_NUM_THREADS=1 (as wordbot imports it)":
                        ["env", "OPENBLAS_NUM_THREADS=1", *numpy_import]}
        commands |= {f"wordbot anagram '{RACK}' --lexicon {name}": [wordbot, "anagram", RACK, "--lexicon", name]
                     for name in ("common", "full", "huge")}
        commands[f"wordbot fivewords --lexicon words.txt ({words:,} words)"] = \
            [wordbot, "fivewords", "--lexicon", str(path)]
        for command in commands.values():
            seconds(command)  # untimed: caches built, files in the page cache
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(processes):
            for label, command in commands.items():
                times[label].append(seconds(command))
    median = {label: float(np.median(values)) for label, values in times.items()}
    python, numpy = median["python -c pass (baseline of --help)"], median["python -c 'import numpy' (baseline)"]
    print(f"{'whole process (wall time)':<58}{'min':>9}{'median':>9}{'max':>9}  x baseline (medians)")
    for label, values in times.items():
        baseline = python if label in ("wordbot --help", "python -c pass (baseline of --help)") else numpy
        print(f"{label:<58}{ms(min(values)):>9}{ms(median[label]):>9}{ms(max(values)):>9}  "
              f"{median[label] / baseline:5.2f}x")
    helped = median["wordbot --help"] / python
    full = median[f"wordbot anagram '{RACK}' --lexicon full"] / numpy
    print(f"goal: wordbot --help within 1.3x python -c pass · now {helped:.2f}x "
          f"({'met' if helped <= 1.3 else 'not met'})")
    one_thread = median[f"wordbot anagram '{RACK}' --lexicon full"] / \
        median["the same, OPENBLAS_NUM_THREADS=1 (as wordbot imports it)"]
    print(f"goal: wordbot anagram on full under 2x python -c 'import numpy' · now {full:.2f}x "
          f"({'met' if full < 2 else 'not met'}; {one_thread:.2f}x numpy imported as wordbot imports it)")


# ---------------------------------------------------------------------------------------- the bot

def memory(pid: int) -> dict[str, int]:
    """The process's resident memory in KiB: rss, and pss and shared where smaps_rollup is readable."""
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    figures = {"rss": int(status["VmRSS"].split()[0])}
    try:
        rollup = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])
    except OSError:
        return figures
    kib = {key: int(value.split()[0]) for key, value in rollup.items()}
    figures.update(pss=kib["Pss"], shared=kib["Shared_Clean"] + kib["Shared_Dirty"])
    return figures


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)


def role(pid: int) -> str:
    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    return "forkserver" if "forkserver" in command else "resource tracker" if "resource_tracker" in command else "child"


def processes_of(bot_pid: int) -> list[tuple[str, int]]:
    """The bot and every process under it, named: the job server (forkserver), each worker it forked."""
    named = [("bot", bot_pid)]
    for pid in children(bot_pid):
        kind = role(pid)
        named.append((f"{kind} (preloads the word lists)" if kind == "forkserver" else kind, pid))
        if kind == "forkserver":
            named += [(f"worker {n}", worker) for n, worker in enumerate(children(pid), 1)]
    return named


async def bot_child(database: str) -> None:
    """In the bot's process: start it against SimCord, say when ready, then run jobs until told to stop."""
    from bot.app import create_bot
    from bot.config import Settings

    started = time.perf_counter()
    from simcord import Env  # on top of discord.py: what `wordbot run` does not import

    imported, ready = time.perf_counter(), []
    bot = create_bot(Settings(token=None, database=Path(database), shard_count=2))

    async def on_ready() -> None:  # after setup_hook: the lists, the cogs, the commands synced
        ready.append(time.perf_counter())

    bot.add_listener(on_ready)
    env = Env(bot)
    await env.start()  # returns when the bot has settled: its first tasks done too
    assert ready and bot.is_ready() and set(bot.lexicons) == {"common", "full", "huge"}, "the bot is not ready"
    print(json.dumps({"imported": imported, "ready": ready[0], "settled": time.perf_counter(),
                      "simcord": imported - started}), flush=True)
    input()  # the parent has read the bot's memory alone
    await env.shutdown()  # SimCord's clock stands still; the jobs below run in real time
    jobs = [bot.jobs.reserve(owner, "bench") for owner in range(WORKERS)]
    running = [asyncio.create_task(bot.jobs.run(job, time.sleep, 60)) for job in jobs]
    while not all(job.process is not None and job.process.pid for job in jobs):
        await asyncio.sleep(0.01)
    print(json.dumps({"workers": [job.process.pid for job in jobs]}), flush=True)
    await asyncio.to_thread(input)  # the parent has read the workers' memory
    bot.jobs.cancel_all()
    await asyncio.gather(*running, return_exceptions=True)
    await bot.db.close()


def bot_start(runs: int) -> None:
    rows = []
    with tempfile.TemporaryDirectory(prefix="wordbot-bench-start-") as scratch:
        database = str(Path(scratch) / "wordbot.sqlite3")
        for run in range(runs):
            started = time.perf_counter()
            child = subprocess.Popen([sys.executable, __file__, "--bot-child", database], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=scratch, env=ENVIRONMENT)
            line = child.stdout.readline()
            if not line:
                raise SystemExit(f"the bot did not start (exit code {child.wait()}): see its error above")
            ready = json.loads(line)
            # timed from the process's start, less the import of SimCord (the stand-in for Discord)
            wall, settled = (ready[moment] - started - ready["simcord"] for moment in ("ready", "settled"))
            bot_alone = memory(child.pid)
            child.stdin.write("\n")
            child.stdin.flush()
            json.loads(child.stdout.readline())
            time.sleep(0.2)  # the workers settle into their sleep
            named = processes_of(child.pid)
            rows.append((wall, ready["ready"] - ready["imported"], bot_alone, [(n, memory(p)) for n, p in named]))
            child.stdin.write("\n")
            child.stdin.close()
            child.wait(timeout=60)
            print(f"run {run + 1} ({'fresh database' if run == 0 else 'restart'}): ready {ms(wall)} after the process "
                  f"started, {ms(rows[-1][1])} of it from create_bot (database, lists, cogs, sync); settled at "
                  f"{ms(settled)}")
    walls = [row[0] for row in rows]
    print(f"bot ready: p50 {ms(float(np.percentile(walls, 50)))}, max {ms(max(walls))} over {runs} starts "
          f"· goal under 1 s ({'met' if max(walls) < 1 else 'not met'})")

    def mib(kib: int | None) -> str:
        return "-" if kib is None else f"{kib / 1024:,.0f} MiB"

    print(f"\nmemory (last run){'':<26}{'RSS':>10}{'PSS':>10}{'shared':>10}")
    alone = rows[-1][2]
    print(f"{'bot, ready, no job yet':<43}{mib(alone['rss']):>10}{mib(alone.get('pss')):>10}"
          f"{mib(alone.get('shared')):>10}")
    for name, figures in rows[-1][3]:
        print(f"{name + (' (running a job)' if name.startswith('worker') else ''):<43}{mib(figures['rss']):>10}"
              f"{mib(figures.get('pss')):>10}{mib(figures.get('shared')):>10}")
    total = [figures.get("pss") for _, figures in rows[-1][3]]
    if None not in total:
        print(f"{'all of them (PSS adds up)':<43}{'':>10}{mib(sum(total)):>10}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=15, help="timed runs of each terminal command (0: none)")
    parser.add_argument("--words", type=int, default=370_105, help="words in the list wordbot fivewords reads")
    parser.add_argument("--bot-runs", type=int, default=3, help="bot starts, the first on a fresh database (0: none)")
    parser.add_argument("--bot-child", metavar="DATABASE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bot_child:
        asyncio.run(bot_child(args.bot_child))
        return 0
    print(f"Start-up benchmark · {platform.python_implementation()} {platform.python_version()}, "
          f"numpy {np.__version__}, {os.cpu_count()} cores\n")
    if args.processes:
        terminal(args.processes, args.words)
    if args.bot_runs:
        print()
        bot_start(args.bot_runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
