"""A server whose members study through SimCord (``/study``): shared by the study Discord tests.
SimCord's clock starts at 2026-01-01 00:00 UTC."""

from __future__ import annotations

import functools

from solvers.lexicon import Lexicon
from solvers.quiz.sets import question_set


@functools.cache
def answers_of(lexicon: str = "full", length: int = 2, first: int = 1, last: int = 3) -> dict[str, tuple[str, ...]]:
    """The answers of each alphagram of a set, as ``/study add`` takes it."""
    return {q.alphagram: tuple(q.answers)
            for q in question_set(Lexicon.load(lexicon), length, "probability", first, last, clean_only=True)}


def prompt_of(message) -> str:
    """The alphagram a card or a result shows (its first line, in bold: ``**AEINRST · 9 words · new**``)."""
    return message.embeds[0].description.splitlines()[0].strip("*").split(" · ")[0].lower()


def labels(message) -> list[str]:
    """The buttons' labels: of a reply (dicts) or of a message read from a channel (discord.py's rows)."""
    if message.components and hasattr(message.components[0], "children"):
        return [c.label for row in message.components for c in row.children]
    return [c.get("label") for row in message.components for c in row.get("components", [])]


def texts_of(message) -> list[str]:
    """Everything a message shows: its content, its embeds' text, its pictures' alt text."""
    out = [message.content or ""]
    for embed in message.embeds:
        out += [embed.title or "", embed.description or "", embed.footer.text or ""]
    return out + [attachment.description or "" for attachment in message.attachments]


class Club:
    def __init__(self, env, name: str = "Study Club") -> None:
        self.env = env
        self.guild = env.create_guild(name)
        self.channel = self.guild.create_text_channel("words")
        self.users = {who: env.create_user(f"{name}-{who}") for who in ("alice", "bob")}
        self.members = {who: self.guild.add_member(user) for who, user in self.users.items()}

    @property
    def service(self):
        return self.env.bot.get_cog("Study").service

    async def study(self, who: str, command: str = "study review", in_dm: bool = False, **options):
        if in_dm:
            return await self.users[who].slash(command, **options)
        return await self.members[who].slash(self.channel, command, **options)

    async def add(self, who: str, **options):
        return await self.study(who, "study add", **{"length": 2, "from": 1, "to": 3, **options})

    async def answer(self, who: str, message, words: str, in_dm: bool = False):
        """Press Answer on a card and send ``words`` in its form."""
        actor = self.users[who] if in_dm else self.members[who]
        shown = await actor.click(message, label="Answer")
        assert shown.modal is not None, "Answer opened no form"
        return await actor.submit_modal(shown, {"words": words})

    def dms(self, who: str) -> list:
        return [m for m in self.users[who].dm_channel.history() if m.author.id == self.env.bot.user.id]
