"""What the daily games share when a whole server plays one game together."""
