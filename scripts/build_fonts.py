"""Build the fonts every picture uses: DejaVu Sans (regular and bold), cut down to the characters
the pictures write, from Debian's ``fonts-dejavu-core`` (``apt-get install fonts-dejavu-core``).

    python scripts/build_fonts.py            # writes bot/pictures/fonts/*.ttf and LICENSE

Bundling the font makes every machine draw the same pictures (Pillow's built-in font changes
between versions, and a system font may be missing). Cutting it down keeps each file small.
Needs fontTools (``pip install -e '.[build]'``), at build time only: the bot never imports it.
"""

from __future__ import annotations

import pathlib
import shutil
import sys

SOURCE = pathlib.Path("/usr/share/fonts/truetype/dejavu")
LICENCE = pathlib.Path("/usr/share/doc/fonts-dejavu-core/copyright")
OUT = pathlib.Path(__file__).resolve().parent.parent / "bot" / "pictures" / "fonts"
FONTS = {"DejaVuSans.ttf": "WordbotSans.ttf", "DejaVuSans-Bold.ttf": "WordbotSans-Bold.ttf"}
# Printable ASCII; the Latin, Greek and Cyrillic letters of players' names on a leaderboard card
# (Latin-1, Latin Extended-A and B, Vietnamese's Latin Extended Additional, Greek, Cyrillic);
# and the marks the pictures draw.
RANGES = ((0x20, 0x7F), (0xA0, 0x250), (0x370, 0x400), (0x400, 0x530), (0x1E00, 0x1F00))
EXTRA = "–—‘’“”…•·→←↑↓↻★☆✓✗✔✘▲▼►◄●○■□◆◇♦"
CHARACTERS = "".join(chr(c) for start, end in RANGES for c in range(start, end)) + EXTRA


def build() -> int:
    try:
        from fontTools import subset
    except ImportError:
        print("build_fonts needs fontTools: pip install -e '.[build]'", file=sys.stderr)
        return 1
    missing = [name for name in FONTS if not (SOURCE / name).exists()]
    if missing or not LICENCE.exists():
        print(f"missing {', '.join(missing) or LICENCE}: apt-get install fonts-dejavu-core", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for source, target in FONTS.items():
        options = subset.Options()
        options.name_IDs = ["*"]  # keep the copyright and licence names in the font itself
        options.notdef_outline = True
        options.hinting = True
        font = subset.load_font(str(SOURCE / source), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=CHARACTERS)
        subsetter.subset(font)
        # The licence forbids "Bitstream" or "Vera" in a modified font's names; DejaVu's names carry
        # neither, but we rename the family anyway so a cut-down copy is never taken for the whole.
        for record in font["name"].names:
            if record.nameID in (1, 3, 4, 6, 16):
                text = record.toUnicode().replace("DejaVu Sans", "Wordbot Sans").replace("DejaVuSans", "WordbotSans")
                record.string = text
        subset.save_font(font, str(OUT / target), options)
        print(f"{target}: {(OUT / target).stat().st_size:,} bytes, {len(CHARACTERS)} characters asked")
    shutil.copyfile(LICENCE, OUT / "LICENSE")
    (OUT / "README.md").write_text(
        "# Fonts\n\n"
        "`WordbotSans.ttf` and `WordbotSans-Bold.ttf` are DejaVu Sans and DejaVu Sans Bold "
        "(https://dejavu-fonts.github.io/),\n"
        "cut down to the characters our pictures write by `scripts/build_fonts.py` from Debian's `fonts-dejavu-core`,\n"
        "and renamed as the licence asks of modified copies. The licence (Bitstream Vera, with "
        "DejaVu's changes in the\n"
        "public domain) is in `LICENSE`.\n")
    return 0


if __name__ == "__main__":
    sys.exit(build())
