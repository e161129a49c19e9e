"""An exclusive advisory lock on an open file, held until the file is closed: how a server
marks files as its own – a game's secrets, its spare files – so that no other server, in this
process or another program, takes them over or removes them; a crash releases the lock with
the process."""

from __future__ import annotations

import sys

if sys.platform != "win32":
    import fcntl


def hold(fd: int, wait: bool = False) -> bool:
    """Take the exclusive lock on open file `fd` (waiting for it with `wait`); False if another
    open file holds it. On Windows there is no such advisory lock: there, one server per log
    directory."""
    if sys.platform == "win32":
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True
