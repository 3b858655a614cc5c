"""/letterboxed: the fewest words that solve a Letter Boxed box, hints first, answers on request."""

from __future__ import annotations

import io
import re
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.button_rows import buttons_view
from bot.host import host
from bot.jobs import Busy, Job, JobError, JobRunner
from bot.lab.letterbox import embeds, text
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import GuildLists, UnknownList
from bot.lexicons.notes import REMOVED_MEANWHILE
from bot.pictures import png
from bot.pictures.box import render_box
from bot.views import Page, apologise, job_failure, page_sources, send_notice, send_pages, unveiled, veiled
from solvers.alphabets import fold_letters
from solvers.letterbox import Box, BoxError, Solved, parse_box, solve
from solvers.letters import code_letters
from solvers.list_names import is_bundled, language_of
from solvers.wordlist import load_source

if TYPE_CHECKING:
    from bot.host import Host

LIMIT = 150  # solutions listed (the counts are always whole)
SHOW_CHOICES = [app_commands.Choice(name="hints (no spoilers)", value="hints"),
                app_commands.Choice(name="solutions", value="solutions")]
REVEALS = {"first": "First word", "best": "Best solution", "all": "All solutions"}


SECONDS = 2.5  # the time budget of a solve: the proof of the fewest words, then the three-word chains


def solve_in_worker(source: str, lexicon: str, box: Box, show_vulgar: bool) -> Solved:
    """In a worker process (the bundled lists are loaded there; a server's own is read from its
    words file, ``source``): a box's solutions, from the list less its vulgar words unless the
    server shows them."""
    words = load_source(source, lexicon)
    return solve(words if show_vulgar else words.without_vulgar(), box, limit=LIMIT, seconds=SECONDS)


class Solutions:
    """Solved boxes, kept in a small cache; also the page source of the solution pages
    (``full:0:tjo-feb-cuy-hil``: the list, 1 when vulgar words are shown, the sides). A solve
    runs in a worker process: seconds of numpy on a big box must not hold the event loop."""

    command = "letterboxed"

    def __init__(self, jobs: JobRunner, guild_lists: GuildLists) -> None:
        self.jobs, self.guild_lists = jobs, guild_lists
        self._cache: OrderedDict[tuple[int | None, str, Box, bool], Solved] = OrderedDict()

    @staticmethod
    def _key(guild_id: int | None, lexicon: str, box: Box, show_vulgar: bool) -> tuple[int | None, str, Box, bool]:
        """A server's own list is that server's: its solves are kept under its id."""
        return (None if is_bundled(lexicon) else guild_id), lexicon, box, show_vulgar

    def known(self, guild_id: int | None, lexicon: str, box: Box, show_vulgar: bool) -> bool:
        return self._key(guild_id, lexicon, box, show_vulgar) in self._cache

    def reserve(self, guild_id: int | None, lexicon: str, box: Box, show_vulgar: bool, owner: int) -> Job | None:
        """A worker's place when the box is not solved yet (raises ``bot.jobs.Busy``), else None."""
        return None if self.known(guild_id, lexicon, box, show_vulgar) else self.jobs.reserve(owner, "letterboxed")

    async def solved(self, guild_id: int | None, lexicon: str, box: Box, show_vulgar: bool, owner: int,
                     job: Job | None = None) -> Solved:
        """The box solved (raises ``bot.jobs.JobError``, e.g. Busy, when a worker is needed and none
        may start; ``UnknownList`` when the server has no list of that name)."""
        key = self._key(guild_id, lexicon, box, show_vulgar)
        if key not in self._cache:
            job = job or self.jobs.reserve(owner, "letterboxed")
            try:
                source = await self.guild_lists.source(guild_id, lexicon)
            except UnknownList:
                self.jobs.release(job)
                raise
            self._cache[key] = await self.jobs.run(job, solve_in_worker, source, lexicon, box, show_vulgar)
            while len(self._cache) > 64:
                self._cache.popitem(last=False)
        elif job is not None:
            self.jobs.release(job)
        self._cache.move_to_end(key)
        return self._cache[key]

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        lexicon, show_vulgar, sides = read_state(state)
        try:
            solved = await self.solved(interaction.guild_id, lexicon, box_in(lexicon, sides), show_vulgar,
                                       interaction.user.id)
        except UnknownList as unknown:  # the server's list was removed since
            raise ValueError(str(unknown)) from unknown
        return await solution_page(solved, number)


async def box_file(box: Box, chain: tuple[str, ...] = (), *, spoiler: bool = False) -> discord.File | None:
    """The box's picture, with a chain drawn word by word when there is one (behind a spoiler
    when it gives an answer away before it is asked to); None for typed sides that spell a slur or
    a flagged word across them, which are not drawn either (``text.shows_box``)."""
    if not text.shows_box(box):
        return None
    picture = await png.drawn(render_box, box.sides, chain)
    return discord.File(io.BytesIO(picture), filename=embeds.BOX_FILE, description=text.alt_text(box.sides, chain),
                        spoiler=spoiler)


async def solution_page(solved: Solved, number: int) -> Page:
    """Page ``number`` (from 0; past the last: the last) of the ranked solutions, with the
    picture of its first solution: turning the page replaces the picture."""
    pages = embeds.solution_pages(solved)
    number = min(number, len(pages) - 1)
    if not solved.solutions:
        return Page(pages[number], number, len(pages))
    picture = await box_file(solved.box, embeds.pictured(solved, number).words)
    return Page(pages[number], number, len(pages), (picture,) if picture else ())


def box_in(lexicon: str, sides: str) -> Box:
    """The sides of a box, read in the letters of the list's language (``fr/full``: French's;
    German's ä, Spanish ñ are letters of their own, and accents fold as the language folds them)."""
    language = language_of(lexicon)
    return parse_box(fold_letters(sides, language), code_letters(language))


def state_of(lexicon: str, box: Box, show_vulgar: bool) -> str:
    return f"{lexicon}:{int(show_vulgar)}:{'-'.join(box.sides)}"


def read_state(state: str) -> tuple[str, bool, str]:
    """(list, show vulgar words, sides) of a page state; a state from before the setting hides them."""
    parts = state.split(":")
    if len(parts) == 2:
        return parts[0], False, parts[1]
    lexicon, vulgar, sides = parts
    return lexicon, vulgar == "1", sides


async def _defer_or_release(jobs: JobRunner, job: Job, deferring) -> None:
    """Defer the reply; if that fails (the interaction expired), give the reserved place back, so
    the person is never left with a job that will not run holding their slot."""
    try:
        await deferring
    except BaseException:
        jobs.release(job)
        raise


async def reply(interaction: discord.Interaction, message: str, picture: discord.File | None = None) -> None:
    """A private answer (with a picture), following up a deferred one."""
    extra = {"file": picture} if picture is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(message, ephemeral=True, **extra)


class RevealButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"lb:(?P<action>first|best|all):(?P<lexicon>[a-z0-9/\-]+):(?:(?P<vulgar>[01]):)?"
                            r"(?P<sides>~?[a-zäöüñ\-]+)"):
    """Reveals more of a box's answer to whoever presses it, privately. Works after restarts;
    it carries whether the server showed vulgar words (buttons from before that: hidden)."""

    def __init__(self, action: str, lexicon: str, show_vulgar: bool, sides: str) -> None:
        super().__init__(discord.ui.Button(label=REVEALS[action], style=discord.ButtonStyle.secondary,
                                           custom_id=f"lb:{action}:{lexicon}:{int(show_vulgar)}:{veiled(sides)}"))
        self.action, self.lexicon, self.show_vulgar, self.sides = action, lexicon, show_vulgar, sides

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RevealButton:
        return cls(match["action"], match["lexicon"], match["vulgar"] == "1", unveiled(match["sides"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog = host(interaction.client).cog(LetterBoxed)
            box = box_in(self.lexicon, self.sides)
            try:
                job = cog.solutions.reserve(interaction.guild_id, self.lexicon, box, self.show_vulgar,
                                            interaction.user.id)
                if job is not None:
                    await _defer_or_release(cog.solutions.jobs, job, interaction.response.defer(ephemeral=True,
                                                                                                thinking=True))
                solved = await cog.solutions.solved(interaction.guild_id, self.lexicon, box, self.show_vulgar,
                                                    interaction.user.id, job)
            except JobError as error:
                await send_notice(interaction, job_failure(error, "/letterboxed"))
                return
            if not solved.solutions:
                await reply(interaction, text.no_solution(solved))
            elif self.action == "first":
                await reply(interaction, f"The best solution starts with ||{solved.solutions[0].words[0].upper()}||.")
            elif self.action == "best":
                best = solved.solutions[0]
                await reply(interaction, f"The best solution: ||{text.chain(best)}||",
                            await box_file(solved.box, best.words, spoiler=True))
            else:
                await send_pages(interaction, "lb", state_of(self.lexicon, solved.box, self.show_vulgar),
                                 await solution_page(solved, 0), ephemeral=True)


def reveal_view(lexicon: str, box: Box, show_vulgar: bool) -> discord.ui.View:
    return buttons_view(*(RevealButton(action, lexicon, show_vulgar, "-".join(box.sides)) for action in REVEALS))


class LetterBoxed(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.solutions = Solutions(self.bot.jobs, self.bot.guild_lists)
        self.bot.add_dynamic_items(RevealButton)
        page_sources(self.bot)["lb"] = self.solutions

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("lb", None)
        self.bot.remove_dynamic_items(RevealButton)

    @app_commands.command(name="letterboxed", description="Solve a Letter Boxed box: hints first, answers on request")
    @app_commands.describe(sides="The sides, e.g. TJO FEB CUY HIL",
                           lexicon="Word list: full (default), common, huge, or one of this server's own",
                           show="hints (default, no spoilers) or the ranked solutions",
                           language=language_option.DESCRIPTION)
    @app_commands.choices(show=SHOW_CHOICES, language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def letterboxed(self, interaction: discord.Interaction, sides: str,
                          lexicon: str | None = None,
                          show: app_commands.Choice[str] | None = None, language: str | None = None) -> None:
        if (chosen := await lexicon_option.chosen(interaction, lexicon or "full", language)) is None:
            return
        name, _, show_vulgar = chosen
        try:
            box = box_in(name, sides)
        except BoxError as error:
            await send_notice(interaction, str(error))
            return
        try:
            # before deferring: Busy is private
            job = self.solutions.reserve(interaction.guild_id, name, box, show_vulgar, interaction.user.id)
        except Busy as busy:
            await send_notice(interaction, str(busy))
            return
        if job is not None:
            # a worker solves it
            await _defer_or_release(self.solutions.jobs, job, interaction.response.defer(thinking=True))
        try:
            solved = await self.solutions.solved(interaction.guild_id, name, box, show_vulgar, interaction.user.id, job)
        except JobError as error:
            await send_notice(interaction, job_failure(error, "/letterboxed"))
            return
        except UnknownList:  # removed between reading it and handing it to the worker
            await send_notice(interaction, REMOVED_MEANWHILE)
            return
        if show is not None and show.value == "solutions":
            await send_pages(interaction, "lb", state_of(name, box, show_vulgar), await solution_page(solved, 0))
            return
        picture = await box_file(box)
        reply = dict(embed=embeds.hints_embed(solved), view=reveal_view(name, box, show_vulgar),
                     **({"file": picture} if picture else {}))
        if interaction.response.is_done():
            await interaction.followup.send(**reply)
        else:
            await interaction.response.send_message(**reply)


async def setup(bot: Host) -> None:
    await bot.add_cog(LetterBoxed(bot))
