"""The card-picture prewarmer keeps each quiet frame's drawing to its budget by the pictures'
cost: a picture that would overrun it waits for the next frame, and every frame still
draws one, so the pictures all get drawn; a frame's fixed steps share one budget, and a
frame other work took draws none."""

from __future__ import annotations

import time

from game.client.cards import QUANDO
from game.client.tables.prewarm import BUDGET, SAME_FRAME, Prewarmer


def test_a_frame_with_no_budget_left_draws_one_picture(make_app):
    make_app()
    pictures = 2 * (1 + len(QUANDO.codes))  # the back and every face, then lit
    prewarmer = Prewarmer(QUANDO, (57,), 57)
    for _frame in range(pictures):
        assert not prewarmer.done
        prewarmer.run(0.0)
    prewarmer.run(0.0)  # nothing left to draw
    assert prewarmer.done


def test_an_ample_budget_draws_them_all_at_once(make_app):
    make_app()
    prewarmer = Prewarmer(QUANDO, (57,), 57)
    prewarmer.run(60.0)
    assert prewarmer.done


def test_a_frame_draws_once_and_none_when_other_work_took_it(make_app):
    make_app()
    prewarmer = Prewarmer(QUANDO, (57,), 57)
    prewarmer.frame(BUDGET / 4)  # a move was played this frame: it is taken
    prewarmer.frame(60.0)  # the same frame's next fixed step
    assert not prewarmer.done
    time.sleep(2 * SAME_FRAME)  # the next frame
    prewarmer.frame(60.0)
    assert prewarmer.done
