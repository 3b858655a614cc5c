"""An array that takes seconds to compute, kept in a cache file and read back in milliseconds.

The daily box's pool of letter sets (:mod:`solvers.letterbox.daily`) is a few seconds of numpy
work in every process that makes a box: each ``wordbot box`` and every start of the bot. It
depends only on its inputs (arrays of the word list) and on the code that computes it, so it is
kept in a file named by the SHA-256 of both, in the folders of the lexicon cache files
(:mod:`solvers.cache_files`), and read back from there on every later run.

A file is never trusted: it must start with ``MAGIC`` and the key asked for, its header must give
the exact size of the data, and the data's CRC-32 must match; else the array is computed again
and the file written over (beside, then renamed, so a reader never sees half a file). Files no
run has read for ``lexicon_cache.UNUSED_DAYS`` are pruned with the lexicons' (suffix ``.arr``).

File layout: ``MAGIC``, the key (32 bytes), the header's length (4 bytes, little-endian), the
header (JSON: dtype, shape, size and CRC of the data), then the data (C order).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from .cache_files import StaleCache, cache_dirs, check_owner, fingerprint, write_beside

FORMAT_VERSION = 1
MAGIC = b"WBARRv1\n"
SUFFIX = ".arr"


def array_key(label: str, code: Iterable[Path], inputs: Iterable[bytes]) -> bytes:
    """The SHA-256 of ``label``, of the code files that compute the array (and this module),
    and of its inputs."""
    digest = hashlib.sha256(fingerprint(f"wordbot array {FORMAT_VERSION} {label}", [*code, Path(__file__)]))
    for part in inputs:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.digest()


def cached_array(label: str, key: bytes, build: Callable[[], np.ndarray],
                 dirs: Iterable[Path] | None = None) -> np.ndarray:
    """The array of ``key`` from the first cache folder holding a sound file for it; else
    ``build()`` it and write it to the first folder that takes it. Read-only either way."""
    dirs = cache_dirs() if dirs is None else dirs
    name = f"{label}-{key.hex()[:32]}{SUFFIX}"
    for folder in dirs:
        try:
            return read_array(folder / name, key)
        except FileNotFoundError:
            continue
        except (OSError, ValueError, KeyError, TypeError):  # computed below, and written over
            pass
    array = np.ascontiguousarray(build())
    array.flags.writeable = False
    for folder in dirs:
        try:
            write_array(array, folder, name, key)
            break
        except (OSError, ValueError):
            continue
    return array


def read_array(path: Path, key: bytes) -> np.ndarray:
    """The array in ``path``; :class:`StaleCache` when the file is not a sound one for ``key``."""
    with open(path, "rb") as file:
        check_owner(os.fstat(file.fileno()))
        data = file.read()
        with contextlib.suppress(OSError):
            os.utime(file.fileno() if os.utime in os.supports_fd else path)  # in use: not pruned
    head = len(MAGIC) + len(key)
    if data[: len(MAGIC)] != MAGIC or data[len(MAGIC) : head] != key:
        raise StaleCache("not a cache file of this array")
    length = int.from_bytes(data[head : head + 4], "little")
    header = json.loads(data[head + 4 : head + 4 + length])
    payload = memoryview(data)[head + 4 + length :]
    if len(payload) != header["size"] or zlib.crc32(payload) != header["crc"]:
        raise StaleCache("data does not match its size or checksum")
    array = np.frombuffer(payload, dtype=np.dtype(header["dtype"])).reshape(header["shape"])
    array.flags.writeable = False
    return array


def write_array(array: np.ndarray, folder: Path, name: str, key: bytes) -> Path:
    """Write ``array`` to ``folder/name`` (through a temporary file renamed over it)."""
    payload = np.ascontiguousarray(array).tobytes()
    header = json.dumps({"dtype": array.dtype.str, "shape": list(array.shape), "size": len(payload),
                         "crc": zlib.crc32(payload)}).encode()
    return write_beside(folder, name, [MAGIC, key, len(header).to_bytes(4, "little"), header, payload])
