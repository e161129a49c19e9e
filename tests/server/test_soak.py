"""The 30-second soak (bench/soak.py runs the 10-minute one): bot clients in rooms of all
three games against a server process; no errors and no lost games."""

from __future__ import annotations

import asyncio

from bench.loadgen import ServerProcess
from bench.soak import soak


def test_a_short_soak_loses_nothing(tmp_path):
    lines: list[str] = []
    with ServerProcess(tmp_path) as server:
        totals = asyncio.run(
            soak(server, connections=100, rooms=25, minutes=0.5, interval=10, out=lines.append)
        )
        assert server.proc.poll() is None, "the server died"
    assert totals["errors"] == 0, lines
    assert totals["lost"] == 0, lines
    assert totals["games"] >= 5 and totals["actions"] > 1000, lines
    assert len(totals["rss"]) == 3
