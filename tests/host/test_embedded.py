"""The embedded server the client starts: one call, a real server on 127.0.0.1 until stopped."""

from __future__ import annotations

import socket

import pytest

from game.host.embedded import start_embedded
from net.framing import CLIENT_MAX_FRAME, FrameDecoder, encode
from net.schema import PROTOCOL_VERSION


def greeting(address: tuple[str, int]) -> dict:
    """The server's answer to a hello, over a blocking socket."""
    decoder = FrameDecoder(CLIENT_MAX_FRAME)
    with socket.create_connection(address, timeout=5) as sock:
        sock.sendall(encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "Ann"}))
        while not (messages := decoder.feed(sock.recv(65536))):
            pass
    return messages[0]


def test_it_serves_on_a_free_port_until_stopped(tmp_path):
    server = start_embedded(log_dir=tmp_path / "logs", restore="none")
    try:
        host, port = server.address
        assert host == "127.0.0.1" and port > 0
        assert greeting(server.address)["t"] == "welcome"
        assert (tmp_path / "logs").is_dir()
    finally:
        server.stop()
    server.stop()  # twice is harmless
    with pytest.raises(OSError):
        socket.create_connection((host, port), timeout=2).close()


def test_a_port_in_use_is_an_oserror_for_the_caller():
    first = start_embedded()
    try:
        with pytest.raises(OSError):
            start_embedded(port=first.port)
        assert greeting(first.address)["t"] == "welcome"  # the first one is unharmed
    finally:
        first.stop()


def test_only_a_server_on_this_computer_alone_may_let_its_player_choose_seeds():
    with pytest.raises(ValueError):
        start_embedded("0.0.0.0", chosen_seeds=True)
