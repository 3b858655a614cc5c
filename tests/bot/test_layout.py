"""The shape of the code: two layers (features side by side on the platform, docs/design.md), SQL only
in the stores, short modules, a terminal that needs no Discord."""

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


FEATURES = {  # each a folder of bot/ (a part); bot/games and bot/lab hold several, each its own
    "boards": (), "games": ("bee", "ladder", "letterbox"),
    "lab": ("anagram", "fivewords", "letterbox", "tileset", "words"),
    "lists": (), "meta": (), "quiz": (), "reminders": (), "study": (),
}
ABOVE = {"app", "operate", "__main__"}  # what composes the features: the bot, wordbot run and db


def imported(path: Path) -> set[str]:
    """The modules of bot/ that a module imports, TYPE_CHECKING and function-level imports included."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = module.split(".")[: -node.level] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            names |= {target} | {f"{target}.{alias.name}" for alias in node.names}
    return {name for name in names if name.startswith("bot.")}


def feature_of(name: str) -> str | None:
    """The feature a module belongs to (``games.bee``, ``quiz``), or None for the platform."""
    bits = name.split(".")[1:]
    if not bits or bits[0] not in FEATURES:
        return None
    inside = FEATURES[bits[0]]
    return f"{bits[0]}.{bits[1]}" if inside and len(bits) > 1 and bits[1] in inside else bits[0]


def crossing(module: str, name: str) -> bool:
    """Whether ``module`` importing ``name`` crosses the layers: a feature importing another (a
    folder's shared modules, as bot/games/buttons.py for the bee and the box, are its games'), or
    the platform importing a feature or what composes them."""
    if module.split(".")[1] in ABOVE:
        return False
    if name.split(".")[1] in ABOVE:
        return True
    mine, theirs = feature_of(module), feature_of(name)
    if theirs is None:
        return False
    if mine is None:
        return True
    return not (mine == theirs or mine.startswith(f"{theirs}.") or theirs.startswith(f"{mine}."))


def test_features_stand_side_by_side_on_the_platform():
    """No feature imports another (what two share lives in the platform), and the platform imports
    no feature and nothing above it (it asks the plug-ins and providers instead)."""
    crossings = [f"{module} imports {name}" for path in sorted(BOT.rglob("*.py"))
                 for module in [".".join(path.relative_to(ROOT).with_suffix("").parts)]
                 for name in sorted(imported(path)) if crossing(module, name)]
    assert crossings == []


def test_the_layer_check_sees_a_crossing():
    assert crossing("bot.study.adding", "bot.games.bee.store")  # study reading the bee's store
    assert crossing("bot.games.bee.cog", "bot.games.letterbox.game")
    assert crossing("bot.lab.words.cog", "bot.lab.anagram")
    assert crossing("bot.chat.router", "bot.quiz.cog") and crossing("bot.views", "bot.app")
    assert not crossing("bot.games.bee.cog", "bot.games.buttons") and not crossing("bot.app", "bot.quiz.cog")
    assert not crossing("bot.quiz.challenges.cog", "bot.quiz.store")
    assert not crossing("bot.boards.cog", "bot.days.store")
    assert "bot.plugins" in imported(BOT / "study" / "adding.py")  # function-level and TYPE_CHECKING imports count too


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
