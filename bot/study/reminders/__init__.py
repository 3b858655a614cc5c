"""Study reminders: one direct message a day, at the player's time in their zone, when cards
are due (``task``). Who asked, who is due and the claims are the study service's."""
