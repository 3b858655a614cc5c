"""Letters as players type them: full-width letters read as A-Z, invisible characters dropped,
look-alikes from other scripts named for what they are."""

from __future__ import annotations

import unicodedata

MAX_WORDS = 20
"""The most words one move reads (a typed message, a slash command, a form); the rest are named as unread."""


def plain_letters(text: str, *, keep_spaces: bool = False) -> str:
    """``text`` in plain lowercase: NFKC folds full-width letters (ＡＢ) and ligatures to A-Z;
    invisible format characters (zero-width spaces and joiners, direction marks, soft hyphens)
    are dropped; spaces are dropped too unless ``keep_spaces`` (for text that holds several words)."""
    text = unicodedata.normalize("NFKC", str(text))
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf" and (keep_spaces or not ch.isspace())).lower()


def describe(ch: str) -> str:
    """A character for a message: ``'x'``, or ``'а' (Cyrillic)`` for a letter of another script
    that looks like a Latin one, so a player knows why a word that looks right is refused."""
    shown = repr(ch)
    if ch.isalpha() and not ch.isascii():
        name = unicodedata.name(ch, "")
        script = name.split(" ", 1)[0].title() if name else ""
        if script and script != "Latin":
            return f"{shown} ({script})"
        if script == "Latin":
            return f"{shown} (an accented letter)"
    return shown


def bad_characters(text: str, allowed: str) -> str:
    """The characters of ``text`` not in ``allowed``, described, at most five."""
    bad = list(dict.fromkeys(ch for ch in text if ch not in allowed))
    if not bad:
        return ""
    shown = ", ".join(describe(ch) for ch in bad[:5])
    return shown + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
