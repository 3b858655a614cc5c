"""``wordbot``: the command line. Same solvers and store as the Discord bot, no Discord needed."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import sys
from collections.abc import Sequence

from bot import bee_messages, board_messages, formatting
from bot.config import ConfigError, Settings
from bot.games.bee import BeeSetupError
from bot.games.leaderboard import GAMES, PERIODS
from solvers import bee
from solvers.anagram import MODES, RackError, anagram, parse_board, parse_rack
from solvers.lexicon import Lexicon, LexiconError

NO_TOKEN = """\
wordbot: no Discord bot token is set, so the bot cannot connect.

To run it in Discord:
  1. Open https://discord.com/developers/applications, create an application,
     open its Bot page and press "Reset Token" to get a token.
  2. Copy .env.example to .env and set DISCORD_TOKEN=<your token> (keep .env secret).
  3. Invite the bot: OAuth2 > URL Generator, scopes "bot" and "applications.commands".
  4. Run `make run` again.

Meanwhile everything works offline from the terminal, for example:
  .venv/bin/wordbot anagram 'AALNST?'
  .venv/bin/wordbot anagram 'AALNST?' --board I
  .venv/bin/wordbot --help
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except (RackError, LexiconError, ConfigError, bee.BeeError, BeeSetupError) as error:
        print(f"wordbot: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `wordbot anagram ... | head`: the reader left, which is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wordbot", description="A Discord bot for word puzzles, and its terminal twin.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    anagram_cmd = commands.add_parser(
        "anagram", help="every word a Scrabble rack makes", description="Every word a rack makes. ? is a blank."
    )
    anagram_cmd.add_argument("rack", help="1-15 tiles, letters and up to 3 ? blanks, e.g. 'AALNST?' (quote the ?)")
    anagram_cmd.add_argument("--board", default="", metavar="LETTERS", help="board letters to play through, e.g. I")
    anagram_cmd.add_argument("--mode", choices=MODES, default="exact", help="exact: every tile (default); sub: shorter words too")
    anagram_cmd.add_argument(
        "--lexicon", default="full", metavar="full|common|PATH", help="word list: full (default), common, or a word-per-line file"
    )
    anagram_cmd.add_argument("--json", action="store_true", help="print JSON instead of text")
    anagram_cmd.set_defaults(handler=cmd_anagram)

    bee_cmd = commands.add_parser(
        "bee", help="the daily Spelling Bee: show a day's puzzle, solve any hive, play",
        description="Show a day's Spelling Bee (default: today). Subcommands: solve, play.",
    )
    bee_cmd.add_argument("--date", type=_date, help="YYYY-MM-DD (default: today, local time)")
    bee_cmd.add_argument("--answers", action="store_true", help="list the answers too (spoilers!)")
    bee_cmd.add_argument("--json", action="store_true", help="print JSON, answers included")
    bee_cmd.set_defaults(handler=cmd_bee)
    bee_sub = bee_cmd.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    solve_cmd = bee_sub.add_parser("solve", help="every answer of any hive", description="Every answer of a hive.")
    solve_cmd.add_argument("letters", help="the 7 different letters of the hive, e.g. ACHLNOY")
    solve_cmd.add_argument("center", help="the centre letter, e.g. N")
    solve_cmd.add_argument("--lexicon", default="common", metavar="full|common|PATH", help="word list (default: common)")
    solve_cmd.add_argument("--json", action="store_true", help="print JSON")
    solve_cmd.set_defaults(handler=cmd_bee_solve)
    play_cmd = bee_sub.add_parser("play", help="play a day's puzzle in the terminal (saved in the database)")
    play_cmd.add_argument("--date", type=_date, help="YYYY-MM-DD (default: today, local time)")
    play_cmd.add_argument("--database", metavar="PATH", help="SQLite file (default: WORDBOT_DATABASE or wordbot.sqlite3)")
    play_cmd.set_defaults(handler=cmd_bee_play)

    board_cmd = commands.add_parser("leaderboard", help="a server's leaderboard, from the database")
    board_cmd.add_argument("--guild", type=int, required=True, help="server id (0: the terminal player)")
    board_cmd.add_argument("--game", default="bee", choices=sorted(GAMES), help="which game (default: bee)")
    board_cmd.add_argument("--period", default="week", choices=PERIODS, help="default: week (from Monday)")
    board_cmd.add_argument("--json", action="store_true", help="print JSON")
    board_cmd.add_argument("--database", metavar="PATH", help="SQLite file (default: WORDBOT_DATABASE or wordbot.sqlite3)")
    board_cmd.set_defaults(handler=cmd_leaderboard)
    stats_cmd = commands.add_parser("stats", help="a player's stats in a server, from the database")
    stats_cmd.add_argument("--guild", type=int, required=True, help="server id (0: the terminal player)")
    stats_cmd.add_argument("--user", type=int, required=True, help="user id (0: the terminal player)")
    stats_cmd.add_argument("--game", default="bee", choices=sorted(GAMES), help="which game (default: bee)")
    stats_cmd.add_argument("--json", action="store_true", help="print JSON")
    stats_cmd.add_argument("--database", metavar="PATH", help="SQLite file (default: WORDBOT_DATABASE or wordbot.sqlite3)")
    stats_cmd.set_defaults(handler=cmd_stats)

    run_cmd = commands.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run_cmd.set_defaults(handler=cmd_run)

    db_cmd = commands.add_parser("db", help="database migrations: status, upgrade")
    db_cmd.add_argument("action", choices=("status", "upgrade"))
    db_cmd.add_argument("--database", metavar="PATH", help="SQLite file (default: WORDBOT_DATABASE or wordbot.sqlite3)")
    db_cmd.set_defaults(handler=cmd_db)
    return parser


def cmd_anagram(args: argparse.Namespace) -> int:
    lexicon = Lexicon.load(args.lexicon)
    results = anagram(lexicon, args.rack, args.board, args.mode)
    rack, board = parse_rack(args.rack), parse_board(args.board)
    if args.json:
        document = {
            "rack": str(rack).lower(),
            "board": board,
            "mode": args.mode,
            "lexicon": lexicon.name,
            "results": [{"word": r.word, "blanks": r.blanks, "board_letter": r.board_letter} for r in results],
        }
        print(json.dumps(document))
        return 0
    heading = formatting.describe_query(rack, board, args.mode)
    print(f"{heading}: {formatting.count_phrase(len(results), rack, board, args.mode)} "
          f"(lexicon {lexicon.name}; {formatting.BLANK_LEGEND})")
    for length, words in formatting.length_groups(results, show_board=len(board) > 1):
        print(f"\n{length} letters ({len(words)})")
        print(_columns(words))
    return 0


def _columns(words: list[str], width: int = 78) -> str:
    cell = max(map(len, words)) + 2
    per_row = max(1, (width - 2) // cell)
    rows = ["  " + "".join(w.ljust(cell) for w in words[i : i + per_row]).rstrip() for i in range(0, len(words), per_row)]
    return "\n".join(rows)


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-11-21") from None


def _puzzle_json(puzzle: bee.Puzzle) -> dict:
    document = {"date": puzzle.date.isoformat()} if puzzle.date else {}
    document |= {"letters": puzzle.letters, "center": puzzle.center, "answers": list(puzzle.answers),
                 "pangrams": list(puzzle.pangrams), "max_score": puzzle.max_score}
    return document


def _print_answers(puzzle: bee.Puzzle) -> None:
    for word in puzzle.answers:
        mark = "  pangram" if word in puzzle.pangrams else ""
        print(f"  {word:<16}{bee.score(word, puzzle):>3}{mark}")


def cmd_bee(args: argparse.Namespace) -> int:
    date = args.date or dt.date.today()
    puzzle = bee.generate(Lexicon.load("common"), date)
    if args.json:
        print(json.dumps(_puzzle_json(puzzle)))
        return 0
    print(f"Spelling Bee · {date:%A} {date.day} {date:%B %Y}")
    print(f"Hive: {_hive(puzzle)}")
    print(bee_messages.counts_line(puzzle))
    if args.answers:
        _print_answers(puzzle)
    else:
        print("(wordbot bee --answers lists the answers; wordbot bee play plays it here)")
    return 0


def cmd_bee_solve(args: argparse.Namespace) -> int:
    letters, center = bee.parse_hive(args.letters, args.center)
    puzzle = bee.Puzzle.from_answers(letters, center, bee.solve(Lexicon.load(args.lexicon), letters, center))
    if args.json:
        print(json.dumps(_puzzle_json(puzzle)))
        return 0
    print(f"Hive: {_hive(puzzle)}: {bee_messages.counts_line(puzzle)}")
    _print_answers(puzzle)
    return 0


def _hive(puzzle: bee.Puzzle, outer: str | None = None) -> str:
    return f"{puzzle.center.upper()} · {' '.join((outer or puzzle.outer).upper())}  (centre {puzzle.center.upper()})"


PLAY_HELP = "Type a word to guess it, or /hints, /found, /rank, /shuffle, /help, /quit (Ctrl-D quits too)."


def cmd_bee_play(args: argparse.Namespace) -> int:
    from bot.games.bee import LOCAL_GUILD, BeeGame

    date = args.date or dt.date.today()

    async def play(store) -> None:
        game = BeeGame(store, Lexicon.load("common"))
        await store.set_player_name(LOCAL_GUILD, LOCAL_GUILD, "you (terminal)")
        puzzle = await game.puzzle(date)
        progress = await game.progress(LOCAL_GUILD, LOCAL_GUILD, date)
        print(f"Spelling Bee · {date:%A} {date.day} {date:%B %Y} · {bee_messages.counts_line(puzzle)}")
        print(f"Hive: {_hive(puzzle)}")
        print(_plain(bee_messages.standing(progress.points, progress.rank)))
        print(PLAY_HELP)
        outer = puzzle.outer
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                print()
                break
            if line in ("/quit", "/exit", "/q"):
                break
            outer = await _play_line(game, puzzle, date, line, outer)

    _with_store(args, play)
    return 0


async def _play_line(game, puzzle: bee.Puzzle, date: dt.date, line: str, outer: str) -> str:
    """Act on one line typed in `wordbot bee play`; return the outer letters as now shown."""
    from bot.games.bee import LOCAL_GUILD
    from bot.hive import shuffled

    if not line:
        return outer
    if line == "/shuffle":
        outer = shuffled(outer)
        print(f"Hive: {_hive(puzzle, outer)}")
    elif line in ("/hints", "/found", "/rank"):
        progress = await game.progress(LOCAL_GUILD, LOCAL_GUILD, date)
        if line == "/found":
            print(", ".join(sorted(progress.found)) or "No words yet.")
        elif line == "/rank":
            print(_plain(bee_messages.standing(progress.points, progress.rank)))
        else:
            hints = bee.hints(puzzle, progress.found)
            plural = "" if hints.pangrams_left == 1 else "s"
            print(f"Left: {hints.words_left} words, {hints.points_left} points, {hints.pangrams_left} pangram{plural}")
            print("\n".join(formatting.hints_grid(hints)) + "\n" + formatting.two_letter_starts(hints))
    elif line.startswith("/"):
        print(PLAY_HELP)
    else:
        result = await game.guess(LOCAL_GUILD, LOCAL_GUILD, date, line)
        print(_plain(bee_messages.guess_reply(result)))
    return outer


def _plain(text: str) -> str:
    """Discord markdown to plain terminal text."""
    return text.replace("**", "")


def _with_store(args: argparse.Namespace, action):
    """Run ``action(store)`` against the configured database and return its result."""
    from bot.store import Store

    async def go():
        store = await Store.open(args.database or Settings.from_env().database)
        try:
            return await action(store)
        finally:
            await store.close()

    return asyncio.run(go())


def _name(names: dict[int, str], user_id: int) -> str:
    return names.get(user_id, f"user {user_id}")


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from bot.games.leaderboard import Leaderboards

    async def fetch(store):
        return await Leaderboards(store).board(args.game, args.guild, args.period, caller_id=-1), await store.player_names(args.guild)

    board, names = _with_store(args, fetch)
    if args.json:
        print(json.dumps({
            "game": board.game, "guild": args.guild, "period": board.period, "first": board.first.isoformat(),
            "last": board.last.isoformat(),
            "standings": [{"rank": s.rank, "user_id": s.user_id, "name": names.get(s.user_id), "points": s.points,
                           "words": s.words, "pangrams": s.pangrams, "days": s.days, "genius_days": s.top_days,
                           "queen_bee_days": s.perfect_days} for s in board.standings],
        }))
        return 0
    print(f"{GAMES[board.game]} leaderboard · {board_messages.period_label(board)}")
    if not board.standings:
        print("No scores yet for this period.")
    for s in board.standings:
        print(f"{s.rank:>4}. {_name(names, s.user_id):<24} {s.points:>6} pts {s.words:>5} words {s.pangrams:>4} pangrams")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    import dataclasses

    from bot.games.leaderboard import Leaderboards

    async def fetch(store):
        return await Leaderboards(store).stats(args.game, args.guild, args.user), await store.player_names(args.guild)

    stats, names = _with_store(args, fetch)
    if args.json:
        document = dataclasses.asdict(stats)
        document |= {"today": stats.today.isoformat(), "best_day": stats.best_day and stats.best_day.isoformat(),
                     "last_days": [[day.isoformat(), points] for day, points in stats.last_days],
                     "name": names.get(args.user), "guild": args.guild}
        print(json.dumps(document))
        return 0
    who = _name(names, args.user)
    if stats.days_played == 0:
        print(f"{who} has not played {GAMES[stats.game]} in server {args.guild} yet.")
        return 0
    best = f"{stats.best_day_points} ({stats.best_day})"
    print(f"{GAMES[stats.game]} stats for {who}")
    print(f"days played {stats.days_played} · total {stats.total_points} points · best day {best} · "
          f"average {stats.average_points:.1f}")
    print(f"words {stats.words} · pangrams {stats.pangrams} · Genius days {stats.genius_days} · "
          f"Queen Bee days {stats.queen_bee_days}")
    print(f"streak {stats.current_streak} (longest {stats.longest_streak})")
    print("last 7 days: " + "  ".join(f"{day:%a} {points}" for day, points in stats.last_days)
          + "  " + board_messages.sparkline([p for _, p in stats.last_days]))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    import discord

    from bot.app import create_bot
    from bot.store import StoreError

    settings = Settings.from_env()
    discord.utils.setup_logging(level=settings.log_level_number)
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 1
    bot = create_bot(settings)

    async def run() -> None:
        async with bot:
            await bot.start(settings.token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        print("wordbot: Discord rejected DISCORD_TOKEN. Copy a fresh token from the Bot page of your "
              "application (Reset Token) into .env.", file=sys.stderr)
        return 1
    except StoreError as error:
        print(f"wordbot: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # DNS failure, refused connection: aiohttp's errors are OSErrors
        print(f"wordbot: cannot reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 1
    return 0


def cmd_db(args: argparse.Namespace) -> int:
    from bot import store

    settings = Settings.from_env()
    path = args.database or settings.database

    async def act() -> int:
        conn = await store.connect(path)
        try:
            if args.action == "upgrade":
                applied = await store.upgrade(conn)
                for migration in applied:
                    print(f"applied {migration.name}")
            status = await store.schema_status(conn)
        finally:
            await conn.close()
        pending = ", ".join(m.name for m in status.pending)
        print(f"database: {path}")
        print(f"schema version: {status.current} (this wordbot knows up to {status.latest})")
        if status.current > status.latest:
            print("the database is newer than this wordbot: upgrade wordbot before using it", file=sys.stderr)
            return 1
        print(f"pending: {pending}" if pending else "up to date")
        return 0

    try:
        return asyncio.run(act())
    except store.StoreError as error:
        print(f"wordbot: {error}", file=sys.stderr)
        return 1
