"""Paths that cannot be used, one of each kind the system refuses, for the tests of every command
that takes a path (``--png``, ``--lexicon``, ``--database``, a list's file); and the commands
that take an option, found by walking the parser, so a new one cannot be left out.

    path = bad_path("a loop of links", tmp_path, "picture.png")
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from bot.cli import build_parser

KINDS = ("a name too long", "a path too long", "a missing folder", "a folder", "a file used as a folder",
         "a loop of links", "a place this user may not use")


def bad_path(kind: str, folder: Path, name: str) -> Path:
    """A path of ``kind`` under ``folder`` (made there as needed), ending in ``name`` where it can."""
    if kind == "a name too long":  # ENAMETOOLONG: one name past the file system's 255 bytes
        return folder / ("n" * 300 + name)
    if kind == "a path too long":  # ENAMETOOLONG: every name short, the whole past PATH_MAX
        return folder.joinpath(*["d" * 200] * 25, name)
    if kind == "a missing folder":
        return folder / "no" / "such" / "folder" / name
    if kind == "a folder":
        return folder
    if kind == "a file used as a folder":  # ENOTDIR
        (folder / "a-file").write_text("not a folder\n")
        return folder / "a-file" / name
    if kind == "a loop of links":  # ELOOP
        (folder / "loop-a").symlink_to(folder / "loop-b")
        (folder / "loop-b").symlink_to(folder / "loop-a")
        return folder / "loop-a"
    assert kind == "a place this user may not use", kind
    if os.geteuid() != 0:  # EACCES: a folder nobody may look in
        locked = folder / "locked"
        locked.mkdir()
        locked.chmod(0)
        return locked / name
    if Path("/sys").is_dir():  # root may use any folder, but may make no file in sysfs (EACCES)
        return Path("/sys") / f"wordbot-test-{name}"
    pytest.skip("running as root, which may use any path, and there is no /sys here")


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file, folder and link under ``folder``, with a file's bytes: to show nothing changed."""
    seen: dict[str, bytes | str] = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(parent) / name
            relative = str(path.relative_to(folder))
            if path.is_symlink():
                seen[relative] = f"link to {os.readlink(path)}"
            elif path.is_dir():
                seen[relative] = "folder"
            else:
                try:
                    seen[relative] = path.read_bytes()
                except PermissionError:
                    seen[relative] = "unreadable"
    return seen


def commands_with(option: str) -> set[tuple[str, ...]]:
    """Every ``wordbot`` command (the words typed, e.g. ``("bee", "solve")``) that takes ``option``."""
    found: set[tuple[str, ...]] = set()

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        for action in parser._actions:
            if option in action.option_strings and words:
                found.add(words)
            if isinstance(action, argparse._SubParsersAction):
                for name, command in action.choices.items():
                    walk(command, (*words, name))

    walk(build_parser()[0], ())
    return found


def one_line_error(err: str) -> str:
    """The one line a command said on stderr; fails on a traceback or on more than one line."""
    assert "Traceback" not in err and "went wrong on our side" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("wordbot: "), err
    return lines[0]
