"""The wire between the window and the server: framing, the message schema and its validation,
and the client connection."""
