"""tileset in Discord and the terminal."""
