"""Player days: every score a player (or a team) made on a day of a game, and what every view reads
of them: the boards, /stats, streaks, reminders, the daily posts and Share. The games write them; no
view keeps its own."""
