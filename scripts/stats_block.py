"""The statistics block a script keeps in a doc: ``<!-- stats: scripts/NAME.py -->`` ...
``<!-- /stats -->``, rewritten by the script, or checked (``--check``: exit 1 when out of date)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path


def write_or_check(doc: Path, script: str, description: str, fresh: Callable[[], str],
                   argv: list[str] | None = None) -> int:
    """Rewrite ``doc``'s block of ``script`` (its name, ``ladder_stats``) with ``fresh()``, or with
    ``--check`` say whether it is up to date."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help=f"exit 1 when {doc.name}'s block is out of date")
    args = parser.parse_args(argv)
    text = doc.read_text(encoding="utf-8")
    found = re.search(rf"(<!-- stats: scripts/{re.escape(script)}\.py -->\n)(.*?)(<!-- /stats -->)", text, re.S)
    if found is None:
        print(f"{doc.name} has no block <!-- stats: scripts/{script}.py --> ... <!-- /stats -->")
        return 2
    block = fresh()
    if args.check:
        print("up to date" if block == found[2] else f"out of date: run scripts/{script}.py")
        return 0 if block == found[2] else 1
    doc.write_text(text[: found.start(2)] + block + text[found.end(2):], encoding="utf-8")
    print(block, end="")
    return 0
