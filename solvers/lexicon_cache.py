"""A lexicon's arrays built once and kept in a cache file, memory-mapped on every later load.

A word list (bundled or a user's file) is keyed by the SHA-256 of its source bytes, of this
format's version and of the code and reviewed data that build it (``solvers/lexicon.py``,
``solvers/offensive.py``, this module, the offensive-word tiers). The first load builds the
lexicon and writes ``<key>.lex`` into the user's cache directory (``$XDG_CACHE_HOME`` or
``~/.cache``, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows, each then
``wordbot/lexicons``; else a private folder in the temporary directory; else nothing is
written and the lexicon lives in memory). Later loads map the file read-only: the bot and
its worker processes then share one copy of the arrays through the page cache.

A cache file is never trusted: its header must name the key asked for and the exact size
of the data, and the data's CRC-32 must match, or the file is rebuilt (written beside, then
renamed over, so a reader never sees half a file). Writing a file deletes those no load has
used for ``UNUSED_DAYS``.

File layout: ``MAGIC``, the header's length (4 bytes, little-endian), the header (JSON:
key, data size and CRC, each array's dtype, shape and offset, each word length's slice,
checked against the lengths, and the lines of its file that were skipped), then the data from the
next multiple of 64 bytes: the words (``\\n``-joined ASCII, in lexicon order) and the arrays.
"""

from __future__ import annotations

import contextlib
import functools
import json
import mmap
import os
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Protocol, TypeVar

import numpy as np

from .cache_files import StaleCache, cache_dirs, check_owner, fingerprint, write_beside
from .offensive import TIER_FILES

FORMAT_VERSION = 3
MAGIC = b"WBLEXv3\n"
ARRAYS = ("lengths", "counts", "spellings", "masks", "zipf", "levels", "vulgar")
ALIGN = 64
UNUSED_DAYS = 30
_SOURCES = ("lexicon.py", "letters.py", "alphabets.py", "offensive.py", "lexicon_cache.py", "word_file.py",
            "word_lines.py")

__all__ = ["StaleCache", "cache_dirs", "cache_key", "cached_lexicon", "read_lexicon", "write_lexicon"]


class Stored(Protocol):
    """What a cache file keeps of a lexicon: its words in order, the arrays named in ARRAYS (as
    attributes), each word length's slice of the words, and how many lines of its file were
    skipped. This module knows no more of it, so the lexicon's module may use the cache without
    the cache using it."""

    @property
    def words(self) -> tuple[str, ...]: ...

    @property
    def skipped_lines(self) -> int: ...

    @property
    def length_slices(self) -> Mapping[int, slice]: ...


L = TypeVar("L", bound=Stored)
Restore = Callable[[list[str], dict[str, np.ndarray], dict[int, slice], int], L]
"""Makes the lexicon again from a cache file's words, arrays, length slices and skipped lines."""


def cache_key(*sources: bytes) -> str:
    """The SHA-256 (hex) of the sources, this format and the code and data that build a lexicon."""
    import hashlib  # imported when needed: loading OpenSSL is ~7-15 ms of a command's start (issue 46)

    digest = hashlib.sha256(_code_fingerprint())
    for source in sources:
        digest.update(len(source).to_bytes(8, "little"))
        digest.update(source)
    return digest.hexdigest()


@functools.cache
def _code_fingerprint() -> bytes:
    here = Path(__file__).resolve().parent
    return fingerprint(f"wordbot lexicon cache {FORMAT_VERSION}",
                       [here / name for name in _SOURCES] + [here / "data" / name for name in TIER_FILES])


def cached_lexicon(key: str, build: Callable[[], L], restore: Restore[L], dirs: Iterable[Path] | None = None) -> L:
    """The lexicon of ``key`` from the first cache folder holding a sound file for it (made
    by ``restore``); else ``build()`` it, write it to the first folder that takes it, and map
    that file."""
    dirs = cache_dirs() if dirs is None else dirs
    for folder in dirs:
        try:
            return read_lexicon(folder / f"{key}.lex", key, restore)
        except FileNotFoundError:
            continue
        except (OSError, ValueError, KeyError, TypeError) as error:  # rebuilt below, then written over
            _log("Rebuilding lexicon cache %s: %s", folder / f"{key}.lex", error)
    lexicon = build()
    for folder in dirs:
        try:
            path = write_lexicon(lexicon, folder, key)
            return read_lexicon(path, key, restore)
        except (OSError, ValueError, KeyError, TypeError) as error:
            _log("Cannot cache lexicon %s in %s: %s", key[:16], folder, error)
    return lexicon


def _log(message: str, *args: object) -> None:
    import logging  # only when a cache file is made again: not a cost of every start

    logging.getLogger(__name__).info(message, *args)


def read_lexicon(path: Path, key: str, restore: Restore[L]) -> L:
    """The lexicon in cache file ``path`` (made by ``restore``), its arrays mapped read-only;
    :class:`StaleCache` when the file is not a sound one for ``key``."""
    with open(path, "rb") as file:
        check_owner(os.fstat(file.fileno()))
        data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        with contextlib.suppress(OSError):
            os.utime(file.fileno() if os.utime in os.supports_fd else path)  # in use: not pruned
    header, start = _header(data, key)
    checksum = _Checksum(memoryview(data)[start:])  # on another core, while the words are split
    offset, size = header["words"]
    text = str(data[start + offset : start + offset + size], "utf-8")
    words = text.split("\n") if text else []
    if checksum.result() != header["crc"]:
        raise StaleCache("data does not match its checksum")
    arrays = {array: np.frombuffer(data, dtype=dtype, count=int(np.prod(shape)), offset=start + at).reshape(shape)
              for array, dtype, shape, at in header["arrays"]}
    if sorted(arrays) != sorted(ARRAYS) or any(len(a) != len(words) for a in arrays.values() if a.ndim == 1):
        raise StaleCache("arrays do not match the words")
    return restore(words, arrays, _length_slices(header["slices"], arrays["lengths"]), int(header["skipped"]))


def _length_slices(stored: list[list[int]], lengths: np.ndarray) -> dict[int, slice]:
    """The header's slice of each word length, checked: they tile the words, longest first, and
    the (checksummed) lengths at both ends of each are that length."""
    slices, position = {}, 0
    for length, start, stop in stored:
        if start != position or stop <= start or lengths[start] != length or lengths[stop - 1] != length \
                or (slices and length >= min(slices)):
            raise StaleCache("length slices do not match the lengths")
        slices[length], position = slice(start, stop), stop
    if position != lengths.size:
        raise StaleCache("length slices do not cover the words")
    return slices


class _Checksum(threading.Thread):
    """The CRC-32 of a buffer, computed in a thread (zlib lets go of the GIL on big buffers)."""

    def __init__(self, buffer: memoryview) -> None:
        super().__init__(daemon=True)
        self.buffer, self.crc = buffer, -1
        self.start()

    def run(self) -> None:
        self.crc = zlib.crc32(self.buffer)
        self.buffer.release()

    def result(self) -> int:
        self.join()
        return self.crc


def _header(data: mmap.mmap, key: str) -> tuple[dict, int]:
    if data[: len(MAGIC)] != MAGIC:
        raise StaleCache("not a lexicon cache file")
    length = int.from_bytes(data[len(MAGIC) : len(MAGIC) + 4], "little")
    end = len(MAGIC) + 4 + length
    header = json.loads(bytes(data[len(MAGIC) + 4 : end]))
    if header.get("key") != key:
        raise StaleCache("made for other sources")
    start = _aligned(end)
    if len(data) != start + header["size"]:
        raise StaleCache(f"{len(data)} bytes, not {start + header['size']}")
    return header, start


def write_lexicon(lexicon: Stored, folder: Path, key: str) -> Path:
    """Write ``lexicon`` to ``folder/<key>.lex`` (through a temporary file renamed over it)."""
    blobs = ["\n".join(lexicon.words).encode("utf-8")]
    entries, offset = [], _aligned(len(blobs[0]))
    for array_name in ARRAYS:
        array = np.ascontiguousarray(getattr(lexicon, array_name))
        entries.append([array_name, array.dtype.str, list(array.shape), offset])
        blobs += [b"\0" * (offset - sum(map(len, blobs))), array.tobytes()]
        offset = _aligned(offset + array.nbytes)
    payload = b"".join(blobs)
    header = json.dumps({"key": key, "size": len(payload), "crc": zlib.crc32(payload),
                         "words": [0, len(blobs[0])], "arrays": entries,
                         "slices": [[n, s.start, s.stop] for n, s in lexicon.length_slices.items()],
                         "skipped": int(lexicon.skipped_lines)}).encode()
    head = MAGIC + len(header).to_bytes(4, "little") + header
    head += b"\0" * (_aligned(len(head)) - len(head))
    path = write_beside(folder, f"{key}.lex", [head, payload])
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    """Delete the cache files no load has used for UNUSED_DAYS (a load touches its file), and
    temporary files a crash left behind: old versions' files do not pile up."""
    now = time.time()
    for path in folder.iterdir():
        try:
            age = now - path.stat().st_mtime
            if (path.suffix in (".lex", ".judge", ".arr") and age > UNUSED_DAYS * 86400) \
                    or (path.suffix == ".tmp" and age > 86400):
                path.unlink()
        except OSError:
            continue


def _aligned(offset: int) -> int:
    return -(-offset // ALIGN) * ALIGN
