"""The README's example outputs and figures are the code's own: scripts/readme_examples.py makes them."""

import importlib.util
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
    assert len(examples.BLOCK.findall(text)) >= 5
    assert "`make test`" in text and "`make run`" in text


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
