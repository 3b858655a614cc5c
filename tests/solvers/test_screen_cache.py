"""The screen's judge read back from its cache file is the judge made from the tiers, and a cache
file is trusted only when sound (solvers/screen_cache.py)."""

import json
import os

import pytest

from solvers import screen, screen_cache


def test_the_judge_read_back_is_the_judge_made():
    tiers = screen.screen_tiers()
    made = screen._judge(tiers)
    (tier_of, kept, untiered, stems), hidden = screen._from_document(json.loads(json.dumps(screen._document(tiers))))
    assert tier_of == made[0] and kept == made[1] and stems == made[3]
    assert untiered | tier_of.keys() == made[2] and not untiered & tier_of.keys()
    assert hidden == screen._hidden_slurs(tiers)


def test_the_default_judge_judges_as_the_tiers_do():
    tiers = screen.screen_tiers()
    tier_of, _, universe, _ = screen._judge(tiers)  # made once: word_tier(word, tiers) makes it at every call
    for word in sorted(universe)[::97]:  # a form of an entry: its tier is the judge's
        assert screen.word_tier(word) == tier_of.get(word), word
    for word in ("cat", "snigger", "xniggerx", "shitake"):  # words only stems may catch
        assert screen.word_tier(word) == screen.word_tier(word, tiers), word


def test_a_judge_is_made_once_then_read(tmp_path):
    made = []

    def build():
        made.append(1)
        return {"a": "b"}

    folders = [tmp_path / "one", tmp_path / "two"]
    assert screen_cache.cached_judge(build, folders) == {"a": "b"} and len(made) == 1
    assert screen_cache.cached_judge(build, folders) == {"a": "b"} and len(made) == 1
    assert [p.suffix for p in folders[0].iterdir()] == [".judge"] and not folders[1].exists()


@pytest.mark.parametrize("spoil", ["garbage", "other key", "not a dict", "writable by others"])
def test_an_unsound_judge_file_is_made_again(tmp_path, spoil):
    folders = [tmp_path]
    screen_cache.cached_judge(lambda: {"a": "b"}, folders)
    path = next(tmp_path.iterdir())
    if spoil == "garbage":
        path.write_bytes(b"{\"key\": ")
    elif spoil == "other key":
        path.write_text(json.dumps({"key": "0" * 64, "judge": {"x": "y"}}))
    elif spoil == "not a dict":
        path.write_text(json.dumps({"key": screen_cache.judge_key(), "judge": []}))
    else:
        path.write_text(json.dumps({"key": screen_cache.judge_key(), "judge": {"x": "y"}}))
        os.chmod(path, 0o666)
    assert screen_cache.cached_judge(lambda: {"made": "again"}, folders) == {"made": "again"}
    assert screen_cache.cached_judge(lambda: {"not": "read"}, folders) == {"made": "again"}
