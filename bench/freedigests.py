"""The two digests made free, for measuring the floor under them: the log's state digest and
the updates' view digests become constant bytes (which no client could check), and the rest
of the server's work is what is left. `bench/roomstep.py --without-digests` calls
`make_digests_free` in its own process; `bench/server.py --without-digests` runs the server
through this file:

    python bench/freedigests.py [server.py's arguments]
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.base import State  # noqa: E402


def make_digests_free() -> None:
    """Make every engine's two digests constant bytes for this process."""
    state_digest, view_digest = bytes(16), bytes(8)
    State.digest = lambda self: state_digest  # type: ignore[method-assign]
    State.view_digests = lambda self, seats: [view_digest] * len(seats)  # type: ignore[method-assign]


if __name__ == "__main__":
    make_digests_free()
    sys.argv[0] = str(ROOT / "server.py")
    runpy.run_path(sys.argv[0], run_name="__main__")
