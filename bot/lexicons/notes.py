"""What a command says about the word list it was given, in every feature that takes one (no discord import)."""

from __future__ import annotations

from bot.lexicons.store import DEFAULT_LIST

DEFAULT_GONE = (f"This server's default word list is no longer there, so {DEFAULT_LIST} was used, "
                f"and {DEFAULT_LIST} is "
                "now the default (an admin can choose another with /settings lexicon).")
DEFAULT_RESET = f"It was the server's default word list; the default is now {DEFAULT_LIST}."
REMOVED_MEANWHILE = "That word list was removed a moment ago, as your command began: run it again."
NO_COMMONNESS = "This list has no commonness figures, so words are sorted alphabetically."
