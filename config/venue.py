"""The machine the site runs on: its LAN addresses, the secret key file, the public address.

Plain Python (no Django imports): the settings module reads it before Django starts.
"""
from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from pathlib import Path


def lan_addresses() -> list[str]:
    """The machine's own IPv4 addresses on its networks (no loopback), the outward one first.

    The outward address is the one a UDP socket would use for a private address; nothing is sent.
    """
    found: list[str] = []

    def add(address):
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return
        if ip.version == 4 and not ip.is_loopback and not ip.is_unspecified and address not in found:
            found.append(address)

    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 1))
                add(sock.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            add(info[4][0])
    except OSError:
        pass
    return found


def host_names() -> list[str]:
    """The machine's own name and its mDNS name (``laptop.local``), which phones may also type."""
    name = socket.gethostname().strip().lower()
    if not name or name == "localhost":
        return []
    short = name.split(".")[0]
    return sorted({name, short, f"{short}.local"})


def secret_key(data_dir: Path) -> str:
    """The key in ``data_dir/secret_key``, generated on first use (readable by the owner only).

    Two servers starting together on the same folder agree: the file is created exclusively.
    """
    path = Path(data_dir) / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(50))
    for _attempt in range(50):
        key = path.read_text().strip()
        if key:
            return key
        import time  # noqa: PLC0415

        time.sleep(0.02)  # written by another process this very moment
    raise RuntimeError(f"{path} is empty: delete it and start again")


def default_site_url(port: str | int) -> str:
    """The address phones open: the first LAN address and the port (loopback when offline)."""
    addresses = lan_addresses()
    host = addresses[0] if addresses else "127.0.0.1"
    return f"http://{host}:{port}" if str(port) != "80" else f"http://{host}"
