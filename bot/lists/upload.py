"""An upload's way from bytes to a stored list: parsed in a worker process (``parse_in_worker``,
for ``bot.jobs``), then stored in one transaction and its lexicon made ready (``store_upload``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.lexicons.guild_lists import GuildLists
from solvers.list_names import name_in
from solvers.wordlist import ListError, WordList, check_name, digest, pack, parse_upload


@dataclass(frozen=True, slots=True)
class Upload:
    """A parsed list, packed for the database, and the figures its reply shows."""

    blob: bytes
    digest: str
    word_count: int
    by_length: tuple[tuple[int, int], ...]
    skipped: int  # lines that are not words
    removed: int  # slurs removed
    flagged: int  # vulgar words kept and flagged
    sample: tuple[str, ...]  # as written
    language: str = "en"  # what it was read by, and is played in

    @classmethod
    def of(cls, words: WordList) -> Upload:
        blob = pack(words.stored())
        return cls(blob, digest(blob), len(words.words), words.by_length(), words.skipped, words.removed,
                   len(words.flagged), words.sample(), words.language)


def parse_in_worker(data: bytes, language: str = "en") -> Upload | str:
    """In a worker process: the upload parsed by ``language``'s letters and packed, or the one
    line that says what is wrong with the file (a ListError is the user's to fix, not a failure
    of the job)."""
    try:
        return Upload.of(parse_upload(data, language))
    except ListError as error:
        return str(error)


async def store_upload(lists: GuildLists, guild_id: int, name: str, upload: Upload, by: int, *,
                       warm: bool = True) -> bool:
    """Store the list (one transaction: whole or not at all; TooManyLists past the limit) and,
    when ``warm``, build its lexicon into this process's cache. True when it replaced a list."""
    check_name(name)
    replaced = await lists.store.save(guild_id, name, upload.blob, upload.word_count, upload.digest, by,
                                      upload.language)
    lists.forget_all(guild_id, name)
    if warm:
        await lists.lexicon(guild_id, name_in(upload.language, name))
    return replaced
