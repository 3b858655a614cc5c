"""Text as the screen reads its letters (:mod:`solvers.screen`): full-width letters and
ligatures (NFKC), invisible characters dropped, accents stripped, and the letters of other
scripts that look like Latin ones and the signs people type for letters read as the Latin letter."""

from __future__ import annotations

import unicodedata

# Letters of other scripts that look like a Latin letter, and the signs typed for letters.
LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "e", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ɡ": "g", "г": "r", "ь": "b",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ς": "c", "μ": "u",
    # digits and signs typed for letters
    "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s",
    "!": "i", "|": "l", "+": "t", "€": "e",
})


def read_letters(text: str) -> str:
    """``text`` as the letters it is read as: NFKC (full-width, ligatures), invisible format
    characters dropped, lower case, accents stripped, look-alikes and typed signs as Latin letters.
    Everything else stays, as a separator."""
    text = unicodedata.normalize("NFKC", str(text)).lower()
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if unicodedata.category(ch) not in ("Cf", "Mn", "Me"))
    return text.translate(LOOK_ALIKES)
