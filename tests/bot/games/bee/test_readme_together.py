"""The README's transcript of a thread in play (section "Playing together") is what the bot does:
this test plays the scene through SimCord and compares. When the bot's words change, the failure
shows the new transcript to paste between the README's ``together transcript`` markers."""

from pathlib import Path

from solvers import bee
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_discord import START, puzzle_of
from tests.bot.games.bee.test_bee_together_discord import Team, settle

README = Path(__file__).resolve().parents[4] / "README.md"
START_MARK, END_MARK = "<!-- together transcript -->\n```text\n", "```\n<!-- /together transcript -->"


def readme_transcript() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index(START_MARK) + len(START_MARK): text.index(END_MARK)]


def line(name: str, text: str, reactions: list[str] = ()) -> str:
    shown = f"{name:<8} {text}"
    return (f"{shown:<44} {' '.join(reactions)}" if reactions else shown).rstrip() + "\n"


@INTENT_ON
async def test_the_readme_transcript_of_a_thread_in_play_is_the_bots(simcord_env):
    team = Team(simcord_env)
    await team.start_day()
    puzzle = puzzle_of(START)
    plain = sorted((w for w in puzzle.answers if w not in puzzle.pangrams), key=lambda w: (len(w), w))
    names = {team.alice.id: "alice", team.bob.id: "bob"}
    carol = team.guild.add_member(simcord_env.create_user("carol"))
    names[carol.id] = "carol"
    me = simcord_env.bot.user
    scene = [(team.alice, f"{me.mention} {plain[0]} {plain[1]}"), (team.bob, plain[0].upper()),
             (carol, "lol nice"), (carol, f"{plain[2]}!"), (team.bob, f"{plain[3]}x {plain[3]}"),
             (team.bob, f"{me.mention} {puzzle.center * 4}"),
             (team.alice, f"{me.mention} {puzzle.pangrams[0]}")]
    for player, text in scene:
        await player.send(team.thread, text)
    await settle(simcord_env)
    lines = [line("wordbot", f"[post] {team.posts()[-1].embeds[0].title}: the hive, its buttons, and a thread:"),
             line("", f"🧵 {team.thread.name}")]
    for message in team.thread.history():  # oldest first
        if message.author.id == me.id:
            continue  # the progress message is shown last, as it stands at the end
        text = message.content.replace(me.mention, "@wordbot")
        lines.append(line(names[message.author.id], text, team.reactions(message)))
    progress = team.progress().embeds[0]
    lines.append(line("wordbot", f"[progress, edited live] {progress.title}"))
    readable = progress.description.replace("**", "")
    for user_id, name in names.items():
        readable = readable.replace(f"<@{user_id}>", f"@{name}")
    lines += [line("", row) for row in readable.splitlines() if row]
    shown = "".join(lines)
    assert sum(bee.score(w, puzzle) for w in (plain[0], plain[1], plain[2], puzzle.pangrams[0])) > 0
    assert shown == readme_transcript(), "README.md's transcript is out of date; it should read:\n" + shown
