"""Pages with buttons that survive restarts, and the apology every button and form owes.

A paged reply keeps nothing in memory: each button's custom id holds what the page needs
(which source, whose pages, until when, which page, and the source's own compact state), and
the source rebuilds the page on demand. So the buttons work after a restart; only the person
who asked may turn the pages; after ``PAGE_MINUTES`` the buttons are switched off, and a click
that arrives later anyway is told to run the command again.
"""

from __future__ import annotations

import codecs
import contextlib
import datetime as dt
import logging
import re
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.db.outage import DATABASE_DOWN as DATABASE_DOWN, is_database_down, report_outage
from bot.jobs import Failed, JobError
from bot.observe import metrics_bot
from bot.observe.errors import report, with_error_id
from solvers.screen import may_repeat

log = logging.getLogger(__name__)

PAGE_MINUTES = 10
APOLOGY = "Sorry, something went wrong on our side. It has been logged; please try again."


def job_failure(error: JobError, command: str, guild_id: int | None = None) -> str:
    """The one line a command's job that did not finish gets, on Discord: a fault of ours (``Failed``:
    the job raised, or its worker died) is logged with its traceback and an error id, and gets
    ``APOLOGY`` with the id, with nothing of the fault in it; a job stopped by a limit the person can
    act on (busy, over its time or its memory) says why in its own words. ``command`` names the job
    in the log, e.g. "/tiles"."""
    if not isinstance(error, Failed):
        return str(error)
    error_id = report(error, where="job", what=f"A {command} job failed: {error}", command=command,
                      guild_id=guild_id, details=error.details, logger=log)
    return with_error_id(APOLOGY, error_id)


_ACTIONS = {"f": "«", "p": "‹ Prev", "x": "", "n": "Next ›", "l": "»"}
VEIL = "~"


def veiled(state: str) -> str:
    """A button's state as its custom id holds it: as it is, or, when it holds typed text that
    may not be written back (a slur's pattern, sides), rot13'd behind ``~``. Discord never shows
    a custom id, but other bots in the server can read it; rot13 keeps its length and letters."""
    return state if may_repeat(state, show_flagged=False) else VEIL + codecs.encode(state, "rot13")


def unveiled(state: str) -> str:
    return codecs.decode(state[len(VEIL):], "rot13") if state.startswith(VEIL) else state


@dataclass(frozen=True, slots=True)
class Page:
    embed: discord.Embed
    number: int  # from 0
    count: int
    files: tuple[discord.File, ...] = ()  # the page's own pictures: they replace the last page's when it is shown

    def attachments(self) -> dict[str, Any]:
        """The edit options that put this page's pictures in place of the last page's (an edit
        that only changes an embed showing an attachment makes Discord show it twice)."""
        return {"attachments": list(self.files)} if self.files else {}


class PageSource(Protocol):
    """Builds page ``number`` of the pages that ``state`` describes (a source's own short text);
    raises ValueError for a state it cannot read. It may take its time: the click is deferred."""

    command: str  # the slash command that makes these pages, for messages

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page: ...


class WithPageSources(Protocol):
    """What the pages need of the bot (``bot.host.Host``)."""

    page_sources: dict[str, PageSource]


def page_sources(client: discord.Client) -> dict[str, PageSource]:
    """The bot's registry of page sources, by kind (a cog registers its own when it loads)."""
    return cast(WithPageSources, client).page_sources


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pg:(?P<kind>[a-z]+):(?P<owner>\d+):(?P<until>\d+):(?P<action>[fpxnl])(?P<page>\d+):(?P<state>.*)"):
    def __init__(self, kind: str, owner: int, until: int, action: str, page: int, state: str, *,
                 label: str | None = None, disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if action in "pn" else discord.ButtonStyle.secondary
        custom_id = f"pg:{kind}:{owner}:{until}:{action}{page}:{veiled(state)}"
        super().__init__(discord.ui.Button(label=label or _ACTIONS[action], style=style, custom_id=custom_id,
                                           disabled=disabled or action == "x"))
        self.kind, self.owner, self.until, self.action, self.page, self.state = kind, owner, until, action, page, state

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> PageButton:
        return cls(match["kind"], int(match["owner"]), int(match["until"]), match["action"], int(match["page"]),
                   unveiled(match["state"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            source = page_sources(interaction.client).get(self.kind)
            command = source.command if source else self.kind
            if interaction.user.id != self.owner:
                await send_notice(interaction, f"Only <@{self.owner}> can turn these pages. Run "
                                               f"`/{command}` to get your own.",
                                  allowed_mentions=discord.AllowedMentions.none())
                return
            if source is None or _minutes(discord.utils.utcnow()) >= self.until:
                await send_notice(interaction, f"These pages have expired: run `/{command}` again.")
                return
            await interaction.response.defer()  # a page may need a moment to rebuild
            try:
                page = await source.page(interaction, self.state, self.page)
            except ValueError:  # a custom id that no longer describes pages we can make
                await send_notice(interaction, f"These pages can't be shown any more: run `/{command}` again.")
                return
            except JobError as error:  # a heavy page rebuilt in a worker: busy, or it failed
                await send_notice(interaction, job_failure(error, f"/{command} page"))
                return
            view = PageView.for_page(self.kind, self.owner, self.until, page, self.state)
            await interaction.edit_original_response(embed=page.embed, view=view, **page.attachments())
            if interaction.message is not None and (first := _FIRST_VIEWS.get(interaction.message.id)) is not None:
                first.showing = view  # it switches off these buttons, the page shown, when they expire


class PageView(discord.ui.View):
    """The buttons of one page; the message's first view also switches them off when they expire,
    those of the page the message shows then (``showing``, which a turn of the page updates)."""

    def __init__(self, *, timeout: float) -> None:
        super().__init__(timeout=timeout)
        self.message: discord.Message | discord.InteractionMessage | None = None
        self.showing: PageView = self

    def watch(self, message: discord.Message | discord.InteractionMessage) -> None:
        """Switch off ``message``'s buttons when they expire (this is its first view)."""
        self.message = message
        _FIRST_VIEWS[message.id] = self

    @classmethod
    def for_page(cls, kind: str, owner: int, until: int, page: Page, state: str) -> PageView:
        view = cls(timeout=max(1.0, (until - _minutes(discord.utils.utcnow())) * 60.0))
        last = page.count - 1
        for action, target, disabled in (("f", 0, page.number == 0), ("p", page.number - 1, page.number == 0),
                                         ("x", page.number, True), ("n", page.number + 1, page.number == last),
                                         ("l", last, page.number == last)):
            label = f"{page.number + 1}/{page.count}" if action == "x" else None
            view.add_item(PageButton(kind, owner, until, action, max(0, target), state, label=label, disabled=disabled))
        return view

    async def on_timeout(self) -> None:
        if self.message is None:  # a later page's view: the message's first view switches its buttons off
            return
        shown = self.showing
        for item in shown.children:
            if isinstance(item, PageButton):
                item.item.disabled = True
        try:
            await self.message.edit(view=shown)
        except discord.HTTPException:
            log.debug("Could not switch off the buttons of expired pages", exc_info=True)


# Each paged message's first view, by message id: a click there tells it which page it shows.
# Weak: discord.py holds a view until it times out (a restart forgets them, as it forgets the timers).
_FIRST_VIEWS: weakref.WeakValueDictionary[int, PageView] = weakref.WeakValueDictionary()


async def send_pages(interaction: discord.Interaction, kind: str, state: str, first: Page, **send_options: Any) -> None:
    """Reply (or follow up a deferred reply) with the first page (and its pictures), and buttons when there are more."""
    if first.files:
        send_options = {"files": list(first.files), **send_options}
    if first.count <= 1:
        await _reply(interaction, embed=first.embed, **send_options)
        return
    until = _minutes(discord.utils.utcnow()) + PAGE_MINUTES
    view = PageView.for_page(kind, interaction.user.id, until, first, state)
    view.watch(await _reply(interaction, embed=first.embed, view=view, **send_options))


async def show_pages(interaction: discord.Interaction, kind: str, state: str, first: Page) -> None:
    """Put the first page in the interaction's reply (a deferred one, or one showing progress),
    with buttons when there are more, and nothing else (its content and other buttons go)."""
    view = None
    if first.count > 1:
        view = PageView.for_page(kind, interaction.user.id, _minutes(discord.utils.utcnow()) + PAGE_MINUTES, first,
                                 state)
    message = await interaction.edit_original_response(content=None, embed=first.embed, view=view,
                                                       **first.attachments())
    if view is not None:
        view.watch(message)


async def _reply(interaction: discord.Interaction, **options: Any) -> discord.Message | discord.InteractionMessage:
    if interaction.response.is_done():
        return await interaction.followup.send(wait=True, **options)
    await interaction.response.send_message(**options)
    return await interaction.original_response()


def _minutes(moment: dt.datetime) -> int:
    return int(moment.timestamp() // 60)


def form_values(interaction: discord.Interaction) -> dict[str, str]:
    """A submitted form's values by field custom id, read from the interaction itself."""
    values = {}
    for row in (interaction.data or {}).get("components", []):
        for field in row.get("components", [row]):
            if "custom_id" in field:
                values[field["custom_id"]] = field.get("value", "")
    return values


@contextlib.asynccontextmanager
async def apologise(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around a button's or a form's handler: an error of ours is logged and the user gets an apology;
    a database that went away (PostgreSQL down or restarting, SQLite locked or gone) is not a bug
    to trace (``bot.db.outage``: a warning), and the user is told to try again in a minute, as a slash
    command would say. Both carry an error id, as the log line does (``bot.observe.errors``)."""
    metrics_bot.interaction_arrived(interaction)
    try:
        yield
    except Exception as error:
        command = _custom_id(interaction)
        if is_database_down(error):
            error_id = report_outage(error, what=f"Handling {command} could not use the database", command=command,
                                     guild_id=interaction.guild_id, logger=log)
            message = DATABASE_DOWN
        else:
            error_id = report(error, where="button", what=f"Handling {command} failed", command=command,
                              guild_id=interaction.guild_id, logger=log)
            message = APOLOGY
        metrics_bot.interaction_done(interaction, "error")
        await send_notice(interaction, with_error_id(message, error_id))
    else:
        metrics_bot.interaction_done(interaction)


def _custom_id(interaction: discord.Interaction) -> str:
    return (interaction.data or {}).get("custom_id", "?")


async def send_notice(interaction: discord.Interaction, message: str, *, refused: bool = True, **options: Any) -> None:
    """Reply privately (a notice: an error, a refusal, what to fix), whether or not the interaction
    was already answered. A public "thinking…" placeholder (a deferred reply) becomes the message
    instead, so it does not hang there for ever. ``options`` go with the message (``view``,
    ``allowed_mentions``). The metrics count the interaction refused, unless ``refused`` is False
    (a private line that says it worked)."""
    if refused:
        metrics_bot.note_refused(interaction)
    try:
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=message, **options)
        elif interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True, **options)
        else:
            await interaction.response.send_message(message, ephemeral=True, **options)
    except discord.HTTPException:
        log.warning("Could not send a private reply", exc_info=True)
