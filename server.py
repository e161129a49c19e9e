"""The card-table server's command in a checkout: `python server.py --help` (installed, the
same command is `cardtable-server`; it lives in game/host/cli.py)."""

from game.host.cli import main

if __name__ == "__main__":
    main()
