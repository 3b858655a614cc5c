"""Whether a path can be a SQLite database file, checked before anything opens it (and without
loading a database driver: the command line checks ``--database`` this way first)."""

from __future__ import annotations

from pathlib import Path

from bot.db.errors import StoreError


def check_database_path(path: Path, *, make_folder: bool = False) -> None:
    """Refuse, with what to fix, a database path that can never be a database file: a folder, or
    (unless ``make_folder``, as the bot's start-up does) a file in a folder that is not there. The
    command line never makes folders: a mistyped path is refused."""
    if str(path) == ":memory:":
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database: "
                         "give the path of a file (--database, or WORDBOT_DATABASE).")
    if make_folder and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"Cannot make the folder {path.parent} for the database: {error.strerror}.") from None
    if not path.parent.is_dir():
        raise StoreError(f"There is no folder {path.parent} for the database {path.name}: create it first, "
                         "or check the path (--database, or WORDBOT_DATABASE).")
