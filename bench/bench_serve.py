"""Requests per second of `judge serve` for /rules/... and /search, from a local load generator.

Starts `judge serve` on 127.0.0.1 (a free port), waits for it, then for each endpoint opens CONNECTIONS
keep-alive connections from one asyncio process and sends requests back to back for SECONDS, counting the
complete 200 responses. Both processes share the machine's cores, so the figure is a floor.

    python bench/bench_serve.py [--seconds 5] [--connections 32] [--rules NAME]

Uses whatever documents the store holds (JUDGE_HOME); import the full CR first for the real figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _client(port: int, path: str, stop: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    while time.monotonic() < stop:
        writer.write(request)
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await reader.readexactly(length)
        if head.startswith(b"HTTP/1.1 200"):
            counts[0] += 1
    writer.close()


async def _load(port: int, path: str, seconds: float, connections: int) -> float:
    counts = [0]
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(_client(port, path, stop, counts) for _ in range(connections)))
    return counts[0] / (time.monotonic() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--rules", default="fab", help="document of the /rules/ path (default: the newest FaB)")
    args = ap.parse_args()
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "judge", "serve", "--port", str(port), "--quiet"],
                              env=os.environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/docs", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        for label, path in (("/rules", f"/rules/{args.rules}/7.5.5b"), ("/search", "/search?q=go%20again&limit=10")):
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}").read()     # warm: load and cache the book
            rate = asyncio.run(_load(port, path, args.seconds, args.connections))
            print(f"{label:<8} {rate:8.0f} requests/s  ({path}, {args.connections} connections, {args.seconds:g} s)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
