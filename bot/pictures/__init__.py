"""What every picture shares: the bundled fonts, the colours that read on Discord's light and
dark themes, and PNG output within Discord's limits. Each picture itself lives beside its
feature (``bot/<feature>/picture.py``); this package holds only the common parts."""
