"""A test-only game for the chat router's tests, and a server to play it in.

``TeamGame`` is a hive of seven letters with a few words of the day: each word counts once for
the team (the first to type it gets it), and every call of ``take`` is recorded. ``Club`` is a
server with a game channel, the day's thread opened by the bot, and players."""

from __future__ import annotations

import discord

from bot.chat.outcome import Outcome, Place, Player

LETTERS = "acdegln"
PANGRAMS = frozenset({"glanced", "clanged"})
WORDS = PANGRAMS | {
    "candle", "angle", "glance", "clang", "dance", "lance", "clean", "decal", "gland", "angled", "dangle",
    "legal", "eagle", "laced", "canned", "ganged", "allege", "glade", "lead", "deal", "land", "lane", "lean",
}


class TeamGame:
    def __init__(self) -> None:
        self.calls: list[tuple[Player, tuple[str, ...]]] = []
        self.found: dict[str, int] = {}  # word -> the player credited with it
        self.outcomes: list[Outcome] = []

    async def take(self, player: Player, words: tuple[str, ...]) -> Outcome:
        self.calls.append((player, words))
        new = [word for word in words if word in WORDS and word not in self.found]
        for word in new:
            self.found[word] = player.id
        outcome = Outcome(new_words=len(new), pangram=any(word in PANGRAMS for word in new),
                          already_found=any(word in self.found for word in words if word not in new),
                          nothing_counted=not any(word in WORDS for word in words))
        self.outcomes.append(outcome)
        return outcome

    def place(self, *, plain: bool) -> Place:
        return Place(LETTERS, self.take, plain=plain)


class Club:
    """A server with the game's channel (mentions only) and the day's thread (plain messages too)."""

    def __init__(self, env, players: int = 3) -> None:
        self.env = env
        self.guild = env.create_guild("Bee Club")
        self.channel = self.guild.create_text_channel("bee")
        self.players = [self.guild.add_member(env.create_user(f"player{n}")) for n in range(players)]
        self.game = TeamGame()
        self.thread = None

    async def open(self) -> Club:
        """Open the day's thread (as the bot does) and register both places for the game."""
        parent = self.env.bot.get_channel(self.channel.id)
        await parent.create_thread(name="Spelling Bee · Thu 1 Jan", type=discord.ChannelType.public_thread)
        (self.thread,) = self.channel.threads
        self.env.bot.chat.register(self.thread.id, self.game.place(plain=True))
        self.env.bot.chat.register(self.channel.id, self.game.place(plain=False))
        return self

    @property
    def me(self) -> str:
        return self.env.bot.user.mention

    def reactions(self, message) -> list[str]:
        """The reactions on a message (only the bot reacts in these tests), in the order they were added."""
        (stored,) = [m for m in (self.thread.history() + self.channel.history()) if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]

    def reaction_requests(self) -> list:
        return [r for r in self.env.http_requests if r.method == "PUT" and "/reactions/" in r.path]

    def public_posts(self) -> list:
        """The bot's message posts in the server (its DMs are not)."""
        places = {self.channel.id, self.thread.id}
        return [r for r in self.env.http_requests if r.method == "POST" and r.path.endswith("/messages")
                and int(r.path.split("/")[2]) in places]
