"""What the benchmarks share: timing a call several times, milliseconds as text, and a Python
that finds our modules as an installed wordbot does (for whole processes)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def timed(function: Callable[[], T], repeats: int) -> tuple[T, list[float]]:
    """The last result of ``repeats`` calls and the seconds each call took."""
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return result, times  # type: ignore[return-value]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def installed(folder: Path) -> tuple[str, str]:
    """A Python and a ``wordbot`` (in a new virtualenv in ``folder``) that find our modules and
    every package as an installed wordbot finds them (``pip install .``, as deploy/Dockerfile
    does): by plain entries of the module path, here one .pth file naming this virtualenv's
    site-packages and the checkout. The development install (``pip install -e``) instead imports
    setuptools' finder at every start of Python (pathlib, re, fnmatch, importlib.util: 28 ms of
    ``python -c pass``'s 52 here), modules our commands import anyway: a command measured against
    a bare start there is flattered by them. Returns the paths of the python and the script."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    site = next(folder.glob("lib/python*/site-packages"))
    (site / "wordbot.pth").write_text(f"{sysconfig.get_paths()['purelib']}\n{Path(__file__).resolve().parent.parent}\n")
    python = folder / "bin" / "python"
    script = folder / "bin" / "wordbot"  # the console script pip wrote, with this Python
    script.write_text(f"#!{python}\n" + Path(sys.executable).with_name("wordbot").read_text().split("\n", 1)[1])
    script.chmod(0o755)
    return str(python), str(script)
