"""A fix, for these tests, of SimCord's real-time fallback timers (simcord 3.2.1).

SimCord runs each of the bot's timers on its virtual clock and also arms a real-time fallback for
it on the event loop. A timer that fires cancels its fallback, but a timer the bot cancels (every
``asyncio.wait_for`` and ``asyncio.timeout`` that finished in time, every sleep cut short) is only
dropped from SimCord's list (``_active_callbacks``): its fallback stays on the loop until its real
time, hours away. SimCord scans the loop's timers for every parked task at every settle, so a
test got slower the longer it ran: the daily posts' run of thirteen weeks ended with 1,700 timers on
the loop, and their file took 31.5 s of CPU, 26.9 s with this fix.

Here the fallback of a cancelled timer is cancelled as its record is dropped. Nothing else changes:
the virtual clock, and what fires when, are SimCord's own."""

import simcord.env
from simcord import _settlement


def _active_callbacks_cancelling_fallbacks(state):
    for record in state.work.callbacks:
        real = record.real_handle
        if record.handle is not None and record.handle.cancelled() and real is not None and not real.cancelled():
            real.cancel()
    return _settlement._active_callbacks(state)


simcord.env._active_callbacks = _active_callbacks_cancelling_fallbacks
