"""The words of /lists, /report, ``wordbot lists`` and ``wordbot reports`` (no discord import)."""

from __future__ import annotations

from bot.lexicons.notes import DEFAULT_GONE, DEFAULT_RESET, NO_COMMONNESS, REMOVED_MEANWHILE  # noqa: F401 - its words too
from bot.lexicons.store import MAX_LISTS, ListInfo, ReportCount
from bot.lists.upload import Upload
from bot.text import plural, skipped_lines
from solvers.letters import code_letters, letters_named
from solvers.list_names import language_name
from solvers.screen import may_repeat, quoted
from solvers.wordlist import MAX_UPLOAD_BYTES, MAX_WORDS, NAME_NOT_SHOWN, name_shown

HIDDEN = "(a slur, not shown)"
NOT_SHOWN_HERE = "(a vulgar word, not shown here)"
NAME_REFUSED = "That name can't be used: a list's name is 1 to 20 of the letters a-z, digits and '-', and " \
               "not a word the bot hides."
LIMITS = f"A list holds up to {MAX_WORDS:,} words in a file of up to {MAX_UPLOAD_BYTES >> 20} MB (plain text or .gz)."


def name_refused(name: str, error: Exception, show_flagged: bool = True) -> str:
    """A refused list name's message (``check_name``): as given when it does not quote the name
    (NAME_NOT_SHOWN) or the name may be written back, else NAME_REFUSED."""
    said = str(error)
    return said if said == NAME_NOT_SHOWN or may_repeat(name, show_flagged) else NAME_REFUSED


def list_named(name: str, show_flagged: bool = True) -> str:
    """``the list club``, or ``that list`` for a name that may not be written back."""
    return quoted(f"the list {name}", "that list", show_flagged)


def upload_lines(name: str, upload: Upload, replaced: bool, show_flagged: bool = True) -> list[str]:
    """What an upload answers: its counts, what was set aside, and a sample."""
    lengths = ", ".join(f"{length}: {count:,}" for length, count in upload.by_length)
    letters = letters_named(code_letters(upload.language))
    lines = [f"{'Replaced' if replaced else 'Added'} {list_named(name, show_flagged)}: "
             f"{plural(upload.word_count, 'word')}.",
             f"By length: {lengths}.",
             f"{skipped_lines(upload.skipped, 'a-z' if upload.language == 'en' else letters)} "
             f"Slurs removed: {upload.removed:,}. "
             f"Vulgar words flagged: {upload.flagged:,} (hidden where the server hides them).",
             f"Sample: {', '.join(upload.sample)}.",
             f"Language: {language_name(upload.language)}, played in the letters {letters}."]
    return lines


def too_many_lists(names: list[str]) -> str:
    """The refusal of a list past MAX_LISTS, naming the lists (those whose name may be shown)."""
    hidden = sum(not name_shown(name) for name in names)
    shown = [name for name in names if name_shown(name)] + ([f"{hidden} not shown"] if hidden else [])
    return (f"This server has {MAX_LISTS} lists already ({', '.join(shown)}): remove one first "
            f"(`/lists remove`), or upload with the name of one to replace it.")


def list_lines(lists: list[ListInfo]) -> list[str]:
    """A line per list; a list stored under a name that spells a slur or a flagged word (uploaded
    before names were checked) is counted, never named: it can only be removed, by its exact name."""
    if not lists:
        return [f"No word lists of this server's own yet (up to {MAX_LISTS}). {LIMITS}"]
    hidden = sum(not name_shown(info.name) for info in lists)
    return [f"{info.name}: {plural(info.word_count, 'word')} in {language_name(info.language)}, added "
            f"{info.created_at[:10]} by "
            f"{'the terminal' if info.uploaded_by == 0 else f'<@{info.uploaded_by}>'}"
            for info in lists if name_shown(info.name)] + \
        ([f"Not shown: {plural(hidden, 'list')} whose name spells a slur or a vulgar word. No command uses such a "
          "list; `/lists remove` with its exact name removes it."] if hidden else [])


def shown_word(word: str, show_flagged: bool = True) -> str:
    """A reported word as it may be written: a slur never is, a flagged word only where the
    server shows them (the terminal does)."""
    return quoted(word, NOT_SHOWN_HERE, show_flagged) if may_repeat(word, show_flagged=True) else HIDDEN


def report_lines(reports: list[ReportCount], *, across: bool = False, show_flagged: bool = True) -> list[str]:
    """``word — reason: N reports`` (``in M servers`` across servers), the most reported first."""
    if not reports:
        return ["No words reported."]
    return [f"{shown_word(r.word, show_flagged)} — {r.reason}: {plural(r.reports, 'report')}"
            + (f" in {plural(r.servers, 'server')}" if across else "") for r in reports]


def report_thanks(word: str, reason: str, new: bool, show_flagged: bool) -> str:
    shown = shown_word(word, show_flagged)
    what = f"“{shown}”" if shown == word else "that word"
    if not new:
        return f"You have reported {what} as {reason} already; it is noted once."
    return f"Thanks: {what} is reported as {reason}. This server's admins see reports in /lists show."
