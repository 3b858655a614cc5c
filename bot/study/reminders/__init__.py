"""Study reminders: one direct message a day, at the player's time in their zone, when cards
are due (``task``); the reminder times anyone asked for (``store``), so the task sleeps until
the next one and idles while nobody asked."""
