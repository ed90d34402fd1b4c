"""The ``referee`` command: serve the HTTP API, list games."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``referee`` command."""
    parser = argparse.ArgumentParser(prog="referee", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the HTTP service")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)

    commands.add_parser("games", help="list the games the referee knows")

    args = parser.parse_args(argv)
    if args.command == "serve":
        import uvicorn

        uvicorn.run("api.main:app", host=args.host, port=args.port)
        return 0
    from referee.core.registry import game_names

    for name in game_names():
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
