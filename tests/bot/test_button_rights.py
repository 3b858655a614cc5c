"""Every button and select the bot attaches obeys the rule of its command: who may press it (issue
41). The buttons are found as the bot registers them (its ``DynamicItem`` classes, which answer
after a restart too), not listed by hand, so a new button, or a new action of one, without a rule
here fails the first test; each rule is then checked with SimCord presses by a member it does not
allow and by one it does (``tests.bot.button_checks``).

The rules:

- ``OWNER``: the custom id names whose it is (the pages of whoever asked, a job's Cancel, a
  player's Definitions and Share). Anyone else gets one private line naming the owner, and nothing
  changes. They are shown here on a public message, so that another member can press them at all.
- ``STARTER_OR_MODERATOR``: Stop under a quiz round's scores, as ``/quiz stop``.
- ``MANAGE_SERVER``: the time-zone choice of a daily game's setup, as ``/bee setup``.
- ``ANYONE``: on a public message, answered for whoever presses it, about their own game only (a
  day's post, a quiz round, a solved box, tiles), as the command is anyone's.
- ``PRIVATE``: only ever on a private reply, so Discord shows it to its player alone: another
  member cannot press it at all (SimCord refuses, as Discord does), and the player's press works.
  The service behind it finds only the presser's own deck, play or chain.

A form is opened only by one of these buttons, and Discord lets only whoever opened a form submit
it. The box's Undo and Restart on a day played together follow the team's rules (the player's own
word, or Manage Messages; a restart asked by two players), checked with the together games.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import discord
import pytest

import bot as bot_package
from tests.bot.button_checks import CHECKS, Server

OWNER, STARTER_OR_MODERATOR, MANAGE_SERVER, ANYONE, PRIVATE = (
    "its owner", "the starter or a moderator", "Manage Server", "anyone, for themselves", "its player, privately")

RULES: dict[str, str | dict[str, str]] = {
    "bot.views.PageButton": OWNER,
    "bot.job_buttons.CancelJobButton": OWNER,
    "bot.daily.zone_press.ZoneChoice": MANAGE_SERVER,
    "bot.quiz.buttons.QuizButton": {"answer": ANYONE, "next": ANYONE, "missed": ANYONE, "stop": STARTER_OR_MODERATOR},
    "bot.quiz.challenges.views.ChallengeButton": {"start": PRIVATE, "answer": PRIVATE, "finish": PRIVATE},
    "bot.quiz.challenges.views.ChallengePick": PRIVATE,
    "bot.lab.letterbox.cog.RevealButton": {"first": ANYONE, "best": ANYONE, "all": ANYONE},
    "bot.lab.tileset.buttons.ImproveButton": ANYONE,
    "bot.lab.tileset.buttons.WordsButton": ANYONE,
    "bot.games.bee.cog.BeeButton": {"guess": ANYONE, "hints": ANYONE, "shuffle": ANYONE, "found": ANYONE,
                                    "again": PRIVATE, "defs": OWNER, "share": OWNER},
    "bot.games.letterbox.cog.BoxButton": {"play": ANYONE, "chain": ANYONE, "undo": ANYONE, "restart": ANYONE,
                                          "hint": ANYONE, "again": PRIVATE, "defs": OWNER, "share": OWNER},
    "bot.games.letterbox.hint_view.NextHintButton": PRIVATE,
    "bot.games.ladder.cog.LadderButton": {"play": ANYONE, "climb": ANYONE, "undo": ANYONE, "restart": ANYONE,
                                          "hint": ANYONE, "again": PRIVATE, "defs": OWNER, "share": OWNER},
    "bot.games.ladder.cog.NextHintButton": PRIVATE,
    "bot.study.views.AnswerButton": PRIVATE,
    "bot.study.views.GradeButton": PRIVATE,
    "bot.study.views.NextButton": PRIVATE,
}
CASES = [(name, action) for name, rule in RULES.items()
         for action in (sorted(rule) if isinstance(rule, dict) else [None])]
_ACTIONS = re.compile(r"\(\?P<action>((?:[\w-]+\|)*[\w-]+)\)")


def registered(client: discord.Client) -> dict[str, tuple[type, re.Pattern[str]]]:
    """The bot's ``DynamicItem`` classes by dotted name, with their templates, as discord.py keeps
    them (``Client.add_dynamic_items`` has no public reader: this reads its store, and says so
    loudly if an upgrade moves it)."""
    store = getattr(getattr(client._connection, "_view_store", None), "_dynamic_items", None)
    assert isinstance(store, dict) and store, \
        "discord.py no longer keeps its dynamic items in _view_store._dynamic_items"
    return {f"{item.__module__}.{item.__qualname__}": (item, pattern) for pattern, item in store.items()}


def defined() -> set[str]:
    """Every ``DynamicItem`` class of the bot's modules that can match a custom id (``PostButton``,
    a base whose template matches nothing, cannot)."""
    for module in pkgutil.walk_packages(bot_package.__path__, "bot."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, waiting = set(), list(discord.ui.DynamicItem.__subclasses__())
    while waiting:
        item = waiting.pop()
        waiting += item.__subclasses__()
        if item.__module__.startswith("bot.") and item.__discord_ui_compiled_template__.pattern != "(?!)":
            found.add(f"{item.__module__}.{item.__qualname__}")
    return found


def actions_of(template: re.Pattern[str]) -> set[str] | None:
    """The actions a template names (``(?P<action>next|stop)``), or None when it names none."""
    match = _ACTIONS.search(template.pattern)
    return set(match[1].split("|")) if match else None


async def test_every_button_the_bot_registers_has_a_rule_and_every_rule_a_check(simcord_env):
    items = registered(simcord_env.bot)
    assert set(items) == defined(), "a button class the bot defines but does not register, or the reverse"
    # each language's game (bot.games.variants: the bee's, the box's, the ladder's) answers with the English game's
    # button, subclassed and named for its language (BeeButton_fr): the English button's rule
    languages = {name: english for name in items
                 if (english := re.sub(r"_(fr|de|es)$", "", name)) != name}
    assert len(languages) == 9 and all(issubclass(items[name][0], items[english][0])
                                       for name, english in languages.items())
    assert set(items) - set(languages) == set(RULES) == set(CHECKS), \
        "a button without a rule or a check here, or a rule for none"
    for name, (_, template) in items.items():
        actions, rule = actions_of(template), RULES[languages.get(name, name)]
        if actions is not None and len(actions) > 1:
            assert isinstance(rule, dict) and set(rule) == actions, \
                f"{name}: a rule for each action of {sorted(actions)}"
    assert actions_of(items["bot.quiz.buttons.QuizButton"][1]) == {"answer", "next", "missed", "stop"}
    for view in simcord_env.bot.persistent_views:  # a view registered whole (add_view): its items need rules too
        for item in view.children:
            assert f"{type(item).__module__}.{type(item).__qualname__}" in RULES, item
    await simcord_env.settle(timeout=60)  # the bot's start (the day's boxes made ahead) goes on meanwhile


@pytest.fixture
def server(simcord_env):
    # A box solved, tiles searched: real work, which a busy machine may take more than SimCord's
    # default 5 seconds over (the time is not what is checked here).
    simcord_env.settle_timeout = 30.0
    return Server(simcord_env)


@pytest.mark.parametrize(("name", "action"), CASES, ids=[f"{n.rsplit('.', 1)[1]}-{a}" if a else n.rsplit(".", 1)[1]
                                                          for n, a in CASES])
async def test_each_button_obeys_its_commands_rule(server, simcord_env, name, action):
    await CHECKS[name](server, action)
    assert simcord_env.errors == []


