"""LiveMessage's timing on an event loop whose clock a test owns: the loop jumps to its next timer
instead of sleeping, so bursts over many simulated seconds run at once. The edit here is a plain
coroutine that notes when it ran and what it showed (Discord itself: test_live.py)."""

import asyncio
import selectors

import pytest

from bot.chat.live import WINDOW_EDITS, WINDOW_SECONDS, LiveMessage


class _Selector(selectors.SelectSelector):
    """Never blocks: a wait for the next timer moves the clock to it."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 1000.0

    def select(self, timeout=None):
        ready = super().select(0)
        if not ready:
            if timeout is None:
                raise RuntimeError("the loop would wait forever: nothing is scheduled")
            self.now += timeout
        return ready


class ClockLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self.clock = _Selector()
        super().__init__(self.clock)

    def time(self) -> float:
        return self.clock.now


def run(main):
    loop = ClockLoop()
    try:
        return loop.run_until_complete(main(loop))
    finally:
        loop.close()


class Board:
    """A state and the message showing it: each edit is noted (when, what), and takes ``latency``."""

    def __init__(self, loop, latency=0.0, **options) -> None:
        self.loop, self.latency, self.state = loop, latency, 0
        self.edits: list[tuple[float, int]] = []
        self.editing = 0
        self.overlapped = False
        self.live = LiveMessage(self.render, self.edit, clock=loop.time, **options)

    def change(self, state) -> None:
        self.state = state
        self.live.changed()

    async def render(self):
        return {"content": self.state}

    async def edit(self, content):
        self.overlapped |= self.editing > 0
        self.editing += 1
        self.edits.append((self.loop.time(), content))
        await asyncio.sleep(self.latency)
        self.editing -= 1


def turns(loop) -> int:
    """How many turns of a LiveMessage the loop holds (timers and callbacks due now)."""
    handles = [*loop._scheduled, *loop._ready]  # asyncio's own queues: there is no public view of them
    return sum(not h.cancelled() and getattr(h._callback, "__name__", "") == "_turn" for h in handles)


def most_in_a_window(times) -> int:
    """The most edits in any WINDOW_SECONDS (a half-open window starting at an edit holds the most)."""
    return max((sum(start <= t < start + WINDOW_SECONDS for t in times) for start in times), default=0)


@pytest.mark.parametrize("every", [0.0, 0.3, 1.2])
@pytest.mark.parametrize("latency", [0.0, 0.25])
def test_a_burst_of_changes_becomes_few_edits_within_the_window_showing_the_latest(every, latency):
    async def main(loop):
        board, most = Board(loop, latency, every=every), 0
        for state in range(1, 1001):  # a thousand changes over twenty seconds, in bursts
            board.change(state)
            most = max(most, turns(loop))
            if state % 25 == 0:
                await asyncio.sleep(0.5)
        await asyncio.sleep(30)  # the last turn comes
        return board, most, turns(loop)

    board, most, left = run(main)
    assert most == 1 and left == 0  # one turn at a time, none once all is shown
    times = [at for at, _ in board.edits]
    assert most_in_a_window(times) <= WINDOW_EDITS
    assert all(later - earlier >= every for earlier, later in zip(times, times[1:], strict=False))
    assert board.edits[-1][1] == 1000  # the latest state, shown once it settled
    assert [shown for _, shown in board.edits] == sorted({shown for _, shown in board.edits})  # never an older one
    assert len(board.edits) <= 30  # a thousand changes, coalesced: one edit per turn
    assert not board.overlapped


def test_flush_shows_the_state_at_once_within_the_window_and_close_stops_everything():
    async def main(loop):
        board = Board(loop, every=10.0)
        board.change(1)
        await asyncio.sleep(0.1)  # the first turn is due at once
        board.change(2)  # its turn is ten seconds away...
        start = loop.time()
        await board.live.flush()  # ...but a flush shows it now
        flushed = loop.time() - start, board.edits[-1][1]
        for state in range(3, 8):  # five flushes more: the sixth edit in five seconds waits its turn
            board.change(state)
            await board.live.flush()
        await board.live.close()
        board.change(99)  # after close: nothing
        await board.live.flush()
        await asyncio.sleep(60)
        return board, flushed

    board, (waited, shown) = run(main)
    assert (waited, shown) == (0.0, 2)
    times = [at for at, _ in board.edits]
    assert [s for _, s in board.edits] == [1, 2, 3, 4, 5, 6, 7]
    assert most_in_a_window(times) <= WINDOW_EDITS
    assert times[5] - times[0] >= WINDOW_SECONDS  # the sixth waited for the window, not for every


def test_a_job_that_ends_while_quiet_never_shows_its_progress_and_nothing_is_left_scheduled():
    async def main(loop):
        board = Board(loop, every=3.0, quiet_for=1.0)
        board.change(1)
        await asyncio.sleep(0.9)
        await board.live.close()
        quiet, left = list(board.edits), turns(loop)
        later = Board(loop, every=3.0, quiet_for=1.0)
        later.change(1)
        await asyncio.sleep(0.5)
        later.change(2)
        await asyncio.sleep(0.6)  # past the quiet second: the latest is shown
        return quiet, left, later.edits, turns(loop)

    quiet, left, shown, left_later = run(main)
    assert quiet == [] and left == 0  # closed: its timer is gone
    assert [s for _, s in shown] == [2] and left_later == 0


def test_a_change_during_an_edit_gets_one_more_edit_after_it():
    async def main(loop):
        board = Board(loop, latency=2.0, every=0.5)
        board.change(1)
        await asyncio.sleep(0.1)  # the edit of 1 is under way
        for state in range(2, 50):
            board.change(state)
        await asyncio.sleep(10)
        return board

    board = run(main)
    assert [s for _, s in board.edits] == [1, 49]
    assert board.edits[1][0] >= board.edits[0][0] + 2.0 and not board.overlapped
