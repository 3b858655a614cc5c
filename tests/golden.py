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


def assert_matches_golden(png: bytes, name: str, mean_tolerance: float = 1.5, changed_share: float = 0.01) -> None:
    """``png`` must match ``tests/golden/<name>.png``: same size, a mean channel difference under
    ``mean_tolerance`` (of 255), and under ``changed_share`` of the pixels off by more than 64."""
    path = FOLDER / f"{name}.png"
    if REGENERATE or not path.exists():
        if not REGENERATE:
            raise AssertionError(f"no golden image {path.name}: run with WORDBOT_REGENERATE_GOLDEN=1 to make it, "
                                 "then look at it before committing")
        FOLDER.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    got, want = pixels(png), pixels(path.read_bytes())
    assert got.shape == want.shape, f"{name}: {got.shape[1]}×{got.shape[0]} drawn, golden is {want.shape[1]}×{want.shape[0]}"
    difference = np.abs(got - want)
    mean = float(difference.mean())
    changed = float((difference.max(axis=2) > 64).mean())
    assert mean <= mean_tolerance and changed <= changed_share, (
        f"{name} differs from its golden image: mean difference {mean:.2f} (allowed {mean_tolerance}), "
        f"{changed:.2%} of pixels changed (allowed {changed_share:.0%}); if the change is meant, "
        "regenerate with WORDBOT_REGENERATE_GOLDEN=1 and look at the result")
