"""Tweens end exactly where they should, and the director plays steps in order, holds, and
hurries when many steps wait."""

from game.client.tween import (
    HOLD,
    Director,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)


def test_easings_start_at_zero_and_end_at_one():
    for ease in (linear, ease_out_cubic, ease_in_out_cubic, ease_out_back):
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9


def test_a_tween_lands_exactly_whatever_the_frame_times():
    seen = []
    done = []
    tween = Tween(0.3, seen.append, delay=0.1, done=lambda: done.append(True))
    for dt in (0.05, 0.05, 0.07, 0.5):
        running = tween.update(dt)
    assert not running and seen[-1] == 1.0 and done == [True]
    assert all(0.0 <= v <= 1.0 for v in seen)


def test_the_director_waits_for_each_step_and_holds():
    started = []
    director = Director(speed=1.0)
    director.add(lambda: started.append("a") or 0.5)
    director.add(lambda: started.append("b") or HOLD)
    director.add(lambda: started.append("c") or 0.0)
    director.update(0.1)
    assert started == ["a"]
    director.update(0.5)
    assert started == ["a", "b"] and director.holding
    director.update(10)
    assert started == ["a", "b"]
    director.release()
    director.update(0.01)
    assert started == ["a", "b", "c"] and director.idle


def test_a_backlog_makes_the_director_hurry():
    director = Director(speed=2.0)
    assert director.factor == 2.0
    for _ in range(Director.CATCH_UP_AFTER * 3):
        director.add(lambda: 1.0)
    assert director.factor > 2.0 * 2
