"""``wordbot leaderboard`` and ``wordbot stats``: the boards of the database, in the terminal."""

from __future__ import annotations

import argparse
import json
import sys

from bot.boards.boards import BOARD_GAMES, PERIODS, Leaderboards
from bot.boards.teams import TEAM_KEYS, team_view
from bot.boards.text import badges, board_title, sparkline, stats_lines, together_lines
from bot.cli import CommandLine, discord_id
from bot.cli_db import run_with_database
from bot.daily.info import TERMINAL_GUILD_ID, TERMINAL_USER_ID
from bot.days.store import BoardsStore
from bot.pictures.terminal import add_png_option, write_png
from bot.text import counted


def add_commands(cli: CommandLine) -> None:
    board_cmd = cli.add("leaderboard", cmd_leaderboard, help="a server's leaderboard, from the database",
                        parents=[cli.database, cli.json])
    board_cmd.add_argument("--guild", type=discord_id, default=TERMINAL_GUILD_ID,
                           help="server id (default: 0, the terminal player's games)")
    board_cmd.add_argument("--game", default="bee", choices=sorted([*BOARD_GAMES, *TEAM_KEYS]),
                           help=f"which game (default: bee; {', '.join(TEAM_KEYS)}: the days the "
                                "server played together)")
    board_cmd.add_argument("--period", default="week", choices=PERIODS, help="default: week (from Monday)")
    add_png_option(board_cmd, "the leaderboard card the bot posts")
    stats_cmd = cli.add("stats", cmd_stats, help="a player's stats in a server, from the database",
                        parents=[cli.database, cli.json])
    stats_cmd.add_argument("--guild", type=discord_id, default=TERMINAL_GUILD_ID,
                           help="server id (default: 0, the terminal player's games)")
    stats_cmd.add_argument("--user", type=discord_id, default=TERMINAL_USER_ID,
                           help="user id (default: 0, the terminal player)")
    stats_cmd.add_argument("--game", default="bee", choices=sorted(BOARD_GAMES), help="which game (default: bee)")
    add_png_option(stats_cmd, "the calendar picture the bot posts")


def _name(names: dict[int, str], user_id: int) -> str:
    return names.get(user_id, f"user {user_id}")


def cmd_leaderboard(args: argparse.Namespace) -> int:
    if args.game in TEAM_KEYS:
        return team_leaderboard(args)

    async def fetch(db):
        board = await Leaderboards(db).board(args.game, args.guild, args.period, caller_id=-1)
        return board, await BoardsStore(db).player_names(args.guild)

    board, names = run_with_database(args, fetch, must_exist=True)
    if args.png is not None:
        from bot.boards.card import render_leaderboard  # Pillow only when a picture is asked for

        if failed := write_png(args.png, render_leaderboard(board, names, False)):
            return failed
    if args.json:
        print(json.dumps(board.to_json(args.guild, names)))
        return 0
    print(board_title(board))
    if not board.standings:
        print("No scores yet for this period.")
    highlight = board.game.highlight
    for s in board.standings:
        print(f"{s.rank:>4}. {_name(names, s.user_id):<24} {s.points:>6} {counted(s.points, 'pt'):<3} "
              f"{s.words:>5} {counted(s.words, 'word'):<5} {s.highlights:>4} {counted(s.highlights, highlight)}"
              + "".join(f" {icon.emoji}{f' {count}' if count else ''}" for icon, count in badges(board, s)))
    return 0


def no_picture() -> int:
    print("wordbot: the team's view has no picture; leave out --png.", file=sys.stderr)
    return 2


def team_leaderboard(args: argparse.Namespace) -> int:
    """A team view (``bot.boards.teams``): the days the server played a game together, and each player's part."""
    if args.png is not None:
        return no_picture()

    async def fetch(db):
        view = await team_view(db, args.game, args.guild, args.period, await Leaderboards(db).today(args.guild))
        return view, await BoardsStore(db).player_names(args.guild)

    view, names = run_with_database(args, fetch, must_exist=True)
    if args.json:
        print(json.dumps(view.to_json(args.guild, names)))
        return 0
    print(view.title)
    for line in view.lines(lambda user: _name(names, user)):
        print(line)
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    async def fetch(db):
        boards = Leaderboards(db)
        stats = await boards.stats(args.game, args.guild, args.user)
        year = await boards.year(args.game, args.guild, args.user, stats.today) if args.png is not None else None
        return stats, year, await BoardsStore(db).player_names(args.guild)

    stats, year, names = run_with_database(args, fetch, must_exist=True)
    if args.png is not None:
        from bot.boards.picture import render_stats

        if failed := write_png(args.png, render_stats(stats, year, _name(names, args.user))):
            return failed
    if args.json:
        print(json.dumps(stats.to_json(args.guild, names.get(args.user))))
        return 0
    who, game = _name(names, args.user), stats.game
    if stats.days_played == 0:
        print(f"{who} has played {game.title} only together in server {args.guild} so far." if stats.played_together
              else f"{who} has not played {game.title} in server {args.guild} yet.")
        for line in together_lines(stats):
            print(line)
        return 0
    print(f"{game.title} stats for {who}")
    for line in stats_lines(stats) + together_lines(stats):
        print(line)
    print("Last 7 days: " + "  ".join(f"{day:%a} {points}" for day, points in stats.last_days)
          + "  " + sparkline([p for _, p in stats.last_days]))
    return 0
