"""/challenge: the daily anagram challenges in Discord, played privately, with a board per server."""
