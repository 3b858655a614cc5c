"""The daily Letter Boxed game."""
