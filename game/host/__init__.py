"""The host: the server's parts, with no command line (server.py is the command).

- `room`: one room – seats, tokens, the authoritative engine, bots standing in, the turn timer
- `limits`: what one server allows (each a command-line flag)
- `history`: a room's steps, packed, for late joiners and the bots
- `records`: a room's files in the log directory – its replay log and secrets, and reloading
- `spare`: log files made ahead and names removed behind, on a helper thread
- `locks`: the lock on an open file that marks it as one server's (a game's secrets, a spare)
- `protocol`: one connection's rules with no socket – frames, hello, rate, idle
- `server`: the asyncio server – connections (a thin adapter over `protocol`), rooms, bots
- `embedded`: a server on a background thread, as the client starts one
- `loop`: the event loop the server runs on
"""
