"""The daily games, each in its folder with its plug-in (``bot.plugins``), and what they share."""
