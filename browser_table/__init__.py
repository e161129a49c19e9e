"""The browser table: the page the host serves to phones and browsers (game/host/web.py)."""
