"""Easing, tweens, and the director that plays queued animation steps one after another."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the default for a card sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: for pops and flourishes."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_cubic(t: float) -> float:
    return t * t * t


class Tween:
    """Calls `apply(eased progress)` from 0 to 1 over `duration` seconds, after `delay`.

    `apply(1.0)` is always called exactly once at the end, then `done()` if given, so a
    finished tween leaves its target exactly at the end value whatever the frame times.
    """

    __slots__ = ("duration", "apply", "ease", "delay", "done", "elapsed", "started", "kind")

    def __init__(
        self,
        duration: float,
        apply: Callable[[float], None],
        ease: Ease = ease_out_cubic,
        delay: float = 0.0,
        done: Callable[[], None] | None = None,
        kind: str = "",
    ) -> None:
        self.kind = kind
        """A label, so that a newer tween of the same kind can replace this one."""
        self.duration = max(0.0, duration)
        self.apply = apply
        self.ease = ease
        self.delay = max(0.0, delay)
        self.done = done
        self.elapsed = 0.0
        self.started = False

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; returns False once finished (and applied at 1.0)."""
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return True
        self.started = True
        if self.duration <= 0 or t >= self.duration:
            self.apply(1.0)
            if self.done is not None:
                self.done()
            return False
        self.apply(self.ease(t / self.duration))
        return True

    def finish(self) -> None:
        """Jump to the end now (apply 1.0, call done)."""
        self.apply(1.0)
        if self.done is not None:
            self.done()


class Tweens:
    """A set of running tweens updated together."""

    def __init__(self) -> None:
        self.running: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.running.append(tween)
        return tween

    def update(self, dt: float) -> None:
        if self.running:
            self.running = [t for t in self.running if t.update(dt)]

    @property
    def busy(self) -> bool:
        return bool(self.running)

    def finish_all(self) -> None:
        """Bring every tween to its end at once (e.g. before a full resync)."""
        running, self.running = self.running, []
        for tween in running:
            tween.finish()


HOLD = math.inf
"""A step that returns HOLD keeps the queue waiting until `Director.release()` (e.g. a round
summary waiting for the player)."""


class Director:
    """Plays animation steps in order. A step is a callable that starts its animations and
    returns how many seconds (at speed 1) the next step must wait. Time runs `speed` times
    faster, and faster still while many steps wait, so a burst of fast bot moves stays
    readable without the table falling far behind."""

    CATCH_UP_AFTER = 6
    """Steps waiting before the director starts hurrying."""

    def __init__(self, speed: float = 1.0) -> None:
        self.queue: deque[Callable[[], float]] = deque()
        self.wait = 0.0
        self.speed = speed
        self.played = 0
        """Steps started so far: a step may change anything a table shows."""

    def add(self, step: Callable[[], float]) -> None:
        self.queue.append(step)

    @property
    def factor(self) -> float:
        """The time multiplier now: the speed setting times the catch-up."""
        backlog = len(self.queue) - self.CATCH_UP_AFTER
        return self.speed * (1.0 + max(0, backlog) / self.CATCH_UP_AFTER)

    def update(self, dt: float) -> float:
        """Advance by `dt` real seconds, starting every step whose turn has come. Returns the
        scaled time step the animations should use."""
        scaled = dt * self.factor
        if self.wait != HOLD:
            self.wait -= scaled
        while self.wait <= 0 and self.queue:
            self.played += 1
            self.wait += self.queue.popleft()()
        if not self.queue and self.wait != HOLD:
            self.wait = max(self.wait, 0.0)
        return scaled

    def release(self) -> None:
        """End a HOLD: the next step may start."""
        if self.wait == HOLD:
            self.wait = 0.0

    @property
    def holding(self) -> bool:
        return self.wait == HOLD

    @property
    def idle(self) -> bool:
        """No step waits and the last one has had its time."""
        return not self.queue and self.wait <= 0

    def clear(self) -> None:
        self.queue.clear()
        self.wait = 0.0
