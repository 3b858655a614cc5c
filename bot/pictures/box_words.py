"""What goes with a Letter Boxed picture, without Pillow (the terminal's text imports it): the
picture's file name in a message, the colour of the embeds it sits in, and the chain in words for
its alt text. The lab's solver and the daily box both post it."""

from __future__ import annotations

BOX_FILE = "box.png"
BOX_RGB = (252, 113, 107)


def chain_alt(chain: tuple[str, ...]) -> str:
    """The chain in words, for alt text: `` Chain in order, from O: 1 OBJECTIFY, 2 YOUTHFUL.``
    (empty words left out, as the picture leaves them out)."""
    chain = tuple(word for word in chain if word)
    if not chain:
        return ""
    words = ", ".join(f"{number} {word.upper()}" for number, word in enumerate(chain, start=1))
    return f" Chain in order, from {chain[0][0].upper()}: {words}."
