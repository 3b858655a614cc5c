"""Golden-image checks: a picture is compared with the PNG committed under ``tests/golden/``.

Fonts are bundled, so pictures are nearly pixel-identical across machines; a small tolerance
absorbs FreeType's and Pillow's anti-aliasing differences between versions. After a deliberate
change to a picture, regenerate the goldens and look at them before committing:

    WORDBOT_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -k golden
"""

from __future__ import annotations

import io
import os
import pathlib

import numpy as np
from PIL import Image

FOLDER = pathlib.Path(__file__).resolve().parent / "golden"
REGENERATE = os.environ.get("WORDBOT_REGENERATE_GOLDEN") == "1"


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"), dtype=np.int16)


BLOCK = 24  # pixels a side of the squares the local check looks at: about a letter's size


def worst_block(changed: np.ndarray, block: int = BLOCK) -> float:
    """The largest share of changed pixels in any ``block``×``block`` square: a wrong letter or
    name changes a few hundredths of a whole card, but most of the squares it sits in."""
    height, width = changed.shape
    padded = np.zeros((-(-height // block) * block, -(-width // block) * block), dtype=np.float32)
    padded[:height, :width] = changed
    squares = padded.reshape(padded.shape[0] // block, block, padded.shape[1] // block, block)
    return float(squares.mean(axis=(1, 3)).max())


def assert_matches_golden(png: bytes, name: str, mean_tolerance: float = 1.5, changed_share: float = 0.01,
                          block_share: float = 0.02) -> None:
    """``png`` must match ``tests/golden/<name>.png``: same size, a mean channel difference under
    ``mean_tolerance`` (of 255), under ``changed_share`` of the pixels off by more than 64, and
    nowhere more than ``block_share`` of a square of ``BLOCK`` pixels so off (a wrong letter)."""
    path = FOLDER / f"{name}.png"
    if REGENERATE or not path.exists():
        if not REGENERATE:
            raise AssertionError(f"no golden image {path.name}: run with WORDBOT_REGENERATE_GOLDEN=1 to make it, "
                                 "then look at it before committing")
        FOLDER.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    why = drift(png, path.read_bytes(), mean_tolerance, changed_share, block_share)
    assert why is None, f"{name}: {why}"


def drift(png: bytes, wanted: bytes, mean_tolerance: float = 1.5, changed_share: float = 0.01,
          block_share: float = 0.02) -> str | None:
    """How the picture ``png`` differs from ``wanted`` past the tolerances; None when it does not."""
    got, want = pixels(png), pixels(wanted)
    if got.shape != want.shape:
        return f"{got.shape[1]}×{got.shape[0]} drawn, the golden is {want.shape[1]}×{want.shape[0]}"
    difference = np.abs(got - want)
    mean = float(difference.mean())
    off = difference.max(axis=2) > 64
    changed, local = float(off.mean()), worst_block(off)
    if mean <= mean_tolerance and changed <= changed_share and local <= block_share:
        return None
    return (
        f"differs from its golden image: mean difference {mean:.2f} (allowed {mean_tolerance}), "
        f"{changed:.2%} of pixels changed (allowed {changed_share:.0%}), {local:.0%} of the worst "
        f"{BLOCK}-pixel square (allowed {block_share:.0%}); if the change is meant, "
        "regenerate with WORDBOT_REGENERATE_GOLDEN=1 and look at the result")
