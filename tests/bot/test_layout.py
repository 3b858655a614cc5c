"""The shape of the code: SQL only in the stores, short modules, a terminal that needs no Discord."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import run_child

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|COMMIT|ROLLBACK)\b")


def sql_strings(path: Path) -> list[str]:
    """String literals (f-strings included) of a module that start like a SQL statement."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value):
            found.append(node.value)
    return found


def test_the_detector_sees_sql():
    assert sql_strings(BOT / "db" / "sqlite_schema.py") and sql_strings(BOT / "games" / "bee" / "store.py")


def test_sql_lives_only_in_db_and_the_stores():
    """A store is a module named store.py, or <what>_store.py where one folder holds two."""
    stray = {str(p.relative_to(ROOT)): sql_strings(p)[:1] for p in BOT.rglob("*.py")
             if not p.name.endswith("store.py") and (BOT / "db") not in p.parents and sql_strings(p)}
    assert stray == {}


def test_no_module_under_bot_is_much_longer_than_300_lines():
    long = {str(p.relative_to(ROOT)): n for p in BOT.rglob("*.py") if (n := len(p.read_text().splitlines())) > 320}
    assert long == {}


@pytest.mark.parametrize("argv", [
    ["anagram", "AALNST?"],
    ["bee", "--date", "2026-11-21"],
    ["leaderboard", "--guild", "0", "--database", "{db}"],
    ["stats", "--guild", "0", "--user", "0", "--database", "{db}"],
    ["quiz", "--questions", "2", "--database", "{db}"],  # a round, ended at once (no input)
    ["challenge", "--date", "2026-11-22", "--database", "{db}"],
    ["challenge", "--date", "2026-11-22", "7s", "--database", "{db}"],
    ["study", "--database", "{db}"],  # nothing to study (no input)
    ["study", "stats", "--database", "{db}"],
])
def test_terminal_commands_do_not_import_discord(argv, tmp_path):
    from bot.cli import main

    assert main(["db", "upgrade", "--database", str(tmp_path / "w.sqlite3")]) == 0
    argv = [a.replace("{db}", str(tmp_path / "w.sqlite3")) for a in argv]
    program = ("import sys, contextlib, io\nfrom bot.cli import main\n"
               f"with contextlib.redirect_stdout(io.StringIO()):\n    code = main({argv!r})\n"
               "print(code, sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.')))")
    result = run_child([sys.executable, "-c", program], capture_output=True, text=True, timeout=120,
                       stdin=subprocess.DEVNULL)
    assert result.stdout.split(None, 1) == ["0", "[]\n"], result.stderr
