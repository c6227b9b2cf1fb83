"""Whether a TCP port is free to listen on (``make serve`` and its keeper wait for it; no Django here)."""
from __future__ import annotations

import socket


def port_is_free(host, port) -> bool:
    """Whether a server could listen on ``host:port`` now (bound as servers bind, with SO_REUSEADDR)."""
    for family, kind, proto, _name, address in socket.getaddrinfo(host or None, int(port), type=socket.SOCK_STREAM,
                                                                   flags=socket.AI_PASSIVE):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError:
                return False
    return True
