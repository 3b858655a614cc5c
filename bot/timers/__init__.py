"""The one timer service (``service.Timers``) and its table (``store.TimerStore``): see service.py."""
