"""The example outputs and figures of README.md and docs/*.md (docs/terminal.md, the terminal manual, above all)
are the code's own: scripts/readme_examples.py makes them. The README stays short, and every link of it and of
the docs leads somewhere."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("readme_examples", ROOT / "scripts" / "readme_examples.py")
examples = sys.modules.setdefault("readme_examples", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(examples)


@pytest.mark.parametrize("path", examples.files(list(examples.DEFAULT_FILES)), ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_are_the_output_of_the_current_code(path):
    _, changed = examples.regenerate(path.read_text(encoding="utf-8"))
    assert not changed, (f"{path.name} shows outputs the code no longer gives: run "
                         "`.venv/bin/python scripts/readme_examples.py` and commit the result.\n" + "\n".join(changed))


def test_the_readme_has_examples_and_keeps_its_test_command():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(examples.BLOCK.findall(text)) >= 2
    assert "`make test`" in text and "`make run`" in text


README_LINES = 700
"""The README is the user's front door (issue 42): what the bot does, how to run it, the Discord commands and a
short terminal section. Manuals and internals live in docs/."""


def test_the_readme_is_short():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_LINES, (f"README.md has {lines} lines, more than {README_LINES}: move a manual or an "
                                   "internal part to docs/ and leave a line and a link")


def test_the_terminal_manual_is_regenerated_and_checked_as_the_readme_is():
    assert ROOT / "docs" / "terminal.md" in examples.files(list(examples.DEFAULT_FILES))
    text = (ROOT / "docs" / "terminal.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    assert len(sections) >= 11
    assert not [s.partition("\n")[0] for s in sections if not examples.BLOCK.search(s)], \
        "every command of docs/terminal.md shows its real output"


def test_a_stale_block_is_found_and_rewritten():
    stale = ("<!-- example: wordbot anagram 'AB*'; echo \"exit $?\" -->\n```console\n$ old\n```\n<!-- /example -->\n"
             "<!-- value: words common -->1<!-- /value -->\n")
    fresh, changed = examples.regenerate(stale)
    assert len(changed) == 2
    assert "$ wordbot anagram 'AB*'; echo \"exit $?\"\nwordbot: A rack holds only letters" in fresh
    assert "\nexit 2\n```\n<!-- /example -->" in fresh
    assert examples.regenerate(fresh)[1] == []


def test_typed_lines_are_echoed_after_the_prompt():
    with examples.sandbox():
        shown = examples.run(examples.parse("wordbot bee play --date 2026-11-21 --database b.sqlite3 <<< after /quit"))
    assert shown.startswith("$ wordbot bee play --date 2026-11-21 --database b.sqlite3\n")
    assert "\n> after\n" in shown and shown.endswith("> /quit")


@pytest.mark.parametrize("command", ["ls", "wordbot anagram A | grep a", "wordbot anagram A | head"])
def test_only_wordbot_and_simple_filters_run(command):
    with pytest.raises(ValueError):
        examples.parse(command)


def test_the_pictures_the_readme_shows_are_the_codes_own():
    spec = importlib.util.spec_from_file_location("readme_pictures", ROOT / "scripts" / "readme_pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    drifted = {name: why for name, draw in pictures.PICTURES.items()
               if (why := pictures.drifted(draw(), pictures.DOCS / name)) is not None}
    assert not drifted, ("docs pictures drifted from the code: run `.venv/bin/python scripts/readme_pictures.py`, "
                         f"look at them, and commit the result: {drifted}")
    shown = (ROOT / "README.md").read_text()
    assert all(f"(docs/{name})" in shown for name in pictures.PICTURES)


FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"\]\(([^()\s]+)\)")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as
    hyphens, and -1, -2, ... after a heading's second, third, ... use."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", path.read_text(encoding="utf-8")), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.replace("`", "").strip().lower()).replace(" ", "-")
        seen[slug] = seen.get(slug, -1) + 1
        found.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
    return found


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no such heading")
    return broken


def test_a_link_to_a_missing_file_or_heading_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# A\n\n## Two words\n\n## A\n\n[ok](#two-words) [ok](#a-1) [ok](a.md#a) "
                                   "[ok](https://x.org/y) [bad](#three) [bad](b.md)\n```\n[not a link](c.md)\n```\n")
    assert broken_links(tmp_path / "a.md") == ["#three: no such heading", "b.md: no such file"]


@pytest.mark.parametrize("path", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(path):
    assert not broken_links(path), f"{path.name} links to what is not there: {broken_links(path)}"
