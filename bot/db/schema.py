"""The migrations shipped with this code, and where a database stands against them.

Migrations are numbered sequences, one per dialect: ``migrations/NNNN_name.sql`` for SQLite and
``migrations/postgres/NNNN_name.sql`` for PostgreSQL. Each backend's module applies them
(``bot/db/sqlite_schema.py``, ``bot/db/postgres.py``); this one only reads the files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from bot.db.errors import StoreError

MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    current: int
    latest: int
    pending: tuple[Migration, ...]


def available_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migrations of a dialect ('sqlite' or 'postgres') shipped with this code, in version order."""
    found = []
    folder = resources.files("migrations")
    for entry in (folder if dialect == "sqlite" else folder / dialect).iterdir():
        match = MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), f"{match[1]}_{match[2]}", entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"Migration files must be numbered 0001, 0002, ... without gaps; found {versions}.")
    return found


def status_of(current: int, dialect: str) -> SchemaStatus:
    """Where a database at schema version ``current`` stands against this code's migrations."""
    migrations = available_migrations(dialect)
    latest = migrations[-1].version if migrations else 0
    return SchemaStatus(current, latest, tuple(m for m in migrations if m.version > current))


def newer_than_ours(status: SchemaStatus, where: str) -> StoreError:
    """The refusal of a database whose schema is newer than this code (it is never touched)."""
    return StoreError(f"The database is at schema version {status.current}, newer than this wordbot knows "
                      f"(up to {status.latest}). Upgrade wordbot, or point WORDBOT_DATABASE at another {where}.")
