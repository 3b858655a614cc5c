"""fivewords in Discord and the terminal."""
