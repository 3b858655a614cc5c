"""The anagram quiz: WordWalls-style rounds in a channel, and the daily challenges."""
