"""Requests per second of `judge serve` for /rules/... and /search, from a local load generator.

Starts `judge serve` on 127.0.0.1 (a free port), waits for it, then for each endpoint opens CONNECTIONS
keep-alive connections from one asyncio process and sends requests back to back for SECONDS, counting the
complete 200 responses. Both processes share the machine's cores, so the figure is a floor.

Each endpoint is measured twice: ``same`` asks one URL again and again (the server's response cache answers
after the first), ``varied`` cycles over distinct URLs, more than the response cache holds for /search
(every rule of the document; word pairs from the rules' text), so most answers are computed. Beside each
rate: the server's own CPU time per request (Linux ``/proc``), whose inverse is what one core can serve
when the load generator and the other users of the machine are not on it.

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


async def _client(port: int, paths: list[str], stop: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    requests = [f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode() for path in paths]
    while time.monotonic() < stop:
        writer.write(requests[counts[1] % len(requests)])
        counts[1] += 1
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await reader.readexactly(length)
        if head.startswith(b"HTTP/1.1 200"):
            counts[0] += 1
    writer.close()


async def _load(port: int, paths: list[str], seconds: float, connections: int) -> tuple[float, int]:
    counts = [0, 0]     # complete 200 answers, requests sent (the next URL to ask)
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(_client(port, paths, stop, counts) for _ in range(connections)))
    return counts[0] / (time.monotonic() - start), counts[0]


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux), or None."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _varied(rules: str) -> tuple[list[str], list[str]]:
    """Distinct /rules URLs (every rule of the document) and /search URLs (word pairs from its rules' text)."""
    import re
    import urllib.parse

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from judge.rulebook import store

    book = store.load(store.resolve(None, rules) if rules in ("fab", "ga", "mc", "mtg") else store.resolve(rules))
    ids = [f"/rules/{rules}/{urllib.parse.quote(rid, safe='')}" for rid in book.rules]
    pairs = {}
    for rule in book.rules.values():
        words = re.findall(r"[a-z]{4,}", rule.text.lower())
        for a, b in zip(words, words[1:]):
            pairs.setdefault(f"{a} {b}", None)
    queries = [f"/search?q={urllib.parse.quote(q)}&limit=10" for q in pairs]
    return ids, queries


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
        ids, queries = _varied(args.rules)
        runs = (("/rules", "same", [f"/rules/{args.rules}/7.5.5b"]), ("/rules", "varied", ids),
                ("/search", "same", ["/search?q=go%20again&limit=10"]), ("/search", "varied", queries))
        for label, kind, paths in runs:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{paths[0]}").read()     # warm: load the book
            cpu = _cpu_seconds(server.pid)
            rate, answered = asyncio.run(_load(port, paths, args.seconds, args.connections))
            used = _cpu_seconds(server.pid)
            per = f", server CPU {(used - cpu) / answered * 1e6:6.0f} µs a request" if cpu is not None and answered else ""
            print(f"{label:<8} {kind:<6} {rate:8.0f} requests/s{per}  ({len(paths)} URL(s), "
                  f"{args.connections} connections, {args.seconds:g} s)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
