"""A server's language (``/settings language:``, the setting ``LANGUAGE``) and which list a
command plays in a language (``list_in``), without discord: the terminal reads them too. The
``language:`` option itself is :mod:`bot.lexicons.language`.
"""

from __future__ import annotations

from bot.db.settings import Setting, register
from solvers.alphabets import LANGUAGES
from solvers.list_names import ALL_NAMES as NAMES, LANGUAGE_BUNDLED, LANGUAGE_LISTS, name_in

ENGLISH = "en"


def _check(code: str) -> None:
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")


LANGUAGE = register(Setting("language", ENGLISH, check=_check))


class NotInLanguage(LookupError):
    """A list asked for by name that the language does not have: ``huge``, a name that is no
    list of the language, or a server's own list of another language (``own``: its language)."""

    def __init__(self, language: str, name: str = "", own: str | None = None) -> None:
        super().__init__(language, name, own)
        self.language, self.name, self.own = language, name, own

    def said(self) -> str:
        name = NAMES[self.language]
        if self.own is not None:
            return (f"The list {self.name} is {NAMES[self.own]}: use it with language: {NAMES[self.own]}, or choose "
                    f"one of the {name} lists.")
        return (f"The {name} word lists are {', '.join(LANGUAGE_LISTS)} and this server's own lists uploaded "
                f"in {name} (/lists show): choose one of them, or language: English for huge.")


def list_in(language: str, name: str, asked: bool, own: str | None = None) -> str:
    """The name of the list to use: ``name`` (a list's name, ``asked`` when the player typed it,
    else the server's default) in ``language``: ``fr/full`` for ``full`` in French, ``fr/club``
    for the server's list ``club`` uploaded in French (``own``: the language of the server's list
    of that name, None when it has none). A list the language does not have is refused when
    asked for (NotInLanguage), and is the language's ``full`` when it was a default."""
    if own is not None:
        if own == language:
            return name_in(language, name)
        if asked:
            raise NotInLanguage(language, name, own)
        return name_in(language, "full")
    if language == ENGLISH or name in LANGUAGE_BUNDLED:
        return name
    if name in LANGUAGE_LISTS:
        return f"{language}/{name}"
    if asked:
        raise NotInLanguage(language)
    return f"{language}/full"
