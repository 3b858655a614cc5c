"""/letterboxed: the fewest words that solve a Letter Boxed box, hints first, answers on request."""

from __future__ import annotations

import asyncio
import io
import re
from collections import OrderedDict

import discord
from discord import app_commands
from discord.ext import commands

from bot.lab.letterbox import embeds, text
from bot.lab.letterbox.picture import alt_text, render_box
from bot.jobs import JobError, JobRunner
from bot.views import Page, apologise, page_sources, send_notice, send_pages
from solvers.letterbox import Box, BoxError, Solved, parse_box, solve
from solvers.lexicon import Lexicon

LIMIT = 150  # solutions listed (the counts are always whole)
LEXICON_CHOICES = [
    app_commands.Choice(name="full: ~243k words (default)", value="full"),
    app_commands.Choice(name="common: ~61k everyday words", value="common"),
    app_commands.Choice(name="huge: ~425k words", value="huge"),
]
SHOW_CHOICES = [app_commands.Choice(name="hints (no spoilers)", value="hints"),
                app_commands.Choice(name="solutions", value="solutions")]
REVEALS = {"first": "First word", "best": "Best solution", "all": "All solutions"}


def solve_in_worker(lexicon: str, box: Box) -> Solved:
    """In a worker process (the word lists are loaded there): a box's solutions."""
    return solve(Lexicon.load(lexicon), box, limit=LIMIT)


class Solutions:
    """Solved boxes, kept in a small cache; also the page source of the solution pages
    (``full:tjo-feb-cuy-hil``). A solve runs in a worker process: up to a second of numpy
    and Python on a box with many three-word chains must not hold the event loop."""

    command = "letterboxed"

    def __init__(self, lexicons: dict[str, Lexicon], jobs: JobRunner) -> None:
        self.lexicons, self.jobs = lexicons, jobs
        self._cache: OrderedDict[tuple[str, Box], Solved] = OrderedDict()

    def known(self, lexicon: str, box: Box) -> bool:
        return (lexicon, box) in self._cache

    async def solved(self, lexicon: str, box: Box, owner: int) -> Solved:
        """The box solved (raises ``bot.jobs.JobError``, e.g. Busy, when a worker is needed and none may start)."""
        key = (lexicon, box)
        if key not in self._cache:
            job = self.jobs.reserve(owner, "letterboxed")
            self._cache[key] = await self.jobs.run(job, solve_in_worker, lexicon, box)
            while len(self._cache) > 64:
                self._cache.popitem(last=False)
        self._cache.move_to_end(key)
        return self._cache[key]

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        lexicon, sides = state.split(":", 1)
        if lexicon not in self.lexicons:
            raise ValueError(f"unknown word list {lexicon!r}")
        pages = embeds.solution_pages(await self.solved(lexicon, parse_box(sides), interaction.user.id))
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))


def state_of(lexicon: str, box: Box) -> str:
    return f"{lexicon}:{'-'.join(box.sides)}"


class RevealButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"lb:(?P<action>first|best|all):(?P<lexicon>[a-z]+):(?P<sides>[a-z\-]+)"):
    """Reveals more of a box's answer to whoever presses it, privately. Works after restarts."""

    def __init__(self, action: str, lexicon: str, sides: str) -> None:
        super().__init__(discord.ui.Button(label=REVEALS[action], style=discord.ButtonStyle.secondary,
                                           custom_id=f"lb:{action}:{lexicon}:{sides}"))
        self.action, self.lexicon, self.sides = action, lexicon, sides

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> RevealButton:
        return cls(match["action"], match["lexicon"], match["sides"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog: LetterBoxed = interaction.client.get_cog("LetterBoxed")  # type: ignore[assignment]
            try:
                solved = await cog.solutions.solved(self.lexicon, parse_box(self.sides), interaction.user.id)
            except JobError as error:
                await send_notice(interaction, str(error))
                return
            if not solved.solutions:
                await interaction.response.send_message("This box has no solution within 6 words of that list.", ephemeral=True)
            elif self.action == "first":
                await interaction.response.send_message(f"The best solution starts with ||{solved.solutions[0].words[0].upper()}||.", ephemeral=True)
            elif self.action == "best":
                await interaction.response.send_message(f"The best solution: ||{text.chain(solved.solutions[0])}||", ephemeral=True)
            else:
                pages = embeds.solution_pages(solved)
                await send_pages(interaction, "lb", state_of(self.lexicon, solved.box), Page(pages[0], 0, len(pages)), ephemeral=True)


def reveal_view(lexicon: str, box: Box) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in REVEALS:
        view.add_item(RevealButton(action, lexicon, "-".join(box.sides)))
    return view


class LetterBoxed(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.solutions = Solutions(bot.lexicons, bot.jobs)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RevealButton)
        page_sources(self.bot)["lb"] = self.solutions

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("lb", None)
        self.bot.remove_dynamic_items(RevealButton)

    @app_commands.command(name="letterboxed", description="Solve a Letter Boxed box: hints first, answers on request")
    @app_commands.describe(sides="The sides, e.g. TJO FEB CUY HIL", lexicon="Word list (default: full)",
                           show="hints (default, no spoilers) or the ranked solutions")
    @app_commands.choices(lexicon=LEXICON_CHOICES, show=SHOW_CHOICES)
    async def letterboxed(self, interaction: discord.Interaction, sides: str,
                          lexicon: app_commands.Choice[str] | None = None,
                          show: app_commands.Choice[str] | None = None) -> None:
        try:
            box = parse_box(sides)
        except BoxError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        name = lexicon.value if lexicon else "full"
        if not self.solutions.known(name, box):
            await interaction.response.defer(thinking=True)  # a worker solves it: up to a second or two
        try:
            solved = await self.solutions.solved(name, box, interaction.user.id)
        except JobError as error:
            await send_notice(interaction, str(error))
            return
        if show is not None and show.value == "solutions":
            pages = embeds.solution_pages(solved)
            await send_pages(interaction, "lb", state_of(name, box), Page(pages[0], 0, len(pages)))
            return
        png = await asyncio.to_thread(render_box, box.sides)
        picture = discord.File(io.BytesIO(png), filename=embeds.BOX_FILE, description=alt_text(box.sides))
        reply = dict(embed=embeds.hints_embed(solved), file=picture, view=reveal_view(name, box))
        if interaction.response.is_done():
            await interaction.followup.send(**reply)
        else:
            await interaction.response.send_message(**reply)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LetterBoxed(bot))
