"""The daily games' seeded choices (the bee's and the box's): the same on every machine and Python,
from a salt and a text. ``seeded_key`` is a 64-bit key (SHA-256's first 8 bytes),
``seeded_fraction`` that key in [0, 1), and ``mix`` splitmix64's finaliser, to order arrays of
numbers by a key."""

from __future__ import annotations

import hashlib

import numpy as np

GOLDEN = 0x9E3779B97F4A7C15  # 2**64 / the golden ratio: splitmix64's step
U64 = 1 << 64


def mix(values: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, element-wise (unsigned 64-bit arithmetic, the same everywhere)."""
    z = values + np.uint64(GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def seeded_key(salt: str, text: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{salt}|{text}".encode()).digest()[:8], "big")


def seeded_fraction(salt: str, text: str) -> float:
    return seeded_key(salt, text) / U64
