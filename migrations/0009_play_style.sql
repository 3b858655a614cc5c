-- 0009: a play style per daily game and server (issue 31): 'solo', each player alone and
-- privately (the game as it always was), or 'together', the server plays one game of the day.
-- A schedule holds the style its next posts get; a day's post holds the style it was posted
-- with, fixed for that day, so a switch applies from the next post. Every row so far is solo.
ALTER TABLE daily_schedules ADD COLUMN play TEXT NOT NULL DEFAULT 'solo' CHECK (play IN ('solo', 'together'));
ALTER TABLE daily_posts ADD COLUMN play TEXT NOT NULL DEFAULT 'solo' CHECK (play IN ('solo', 'together'));
