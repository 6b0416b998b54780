#!/usr/bin/env python3
"""A random player for any of tabuleiro's games, over the engine protocol
(docs/engine-protocol.md), with Python's standard library only.

It knows no rules: it asks the host for the legal moves (`want legal`) and plays one of
them at random. Try it: tabuleiro engine's test host plays it in crates/cli/tests/engine.rs.
"""

import random
import sys


def main() -> None:
    legal: list[str] = []
    for line in sys.stdin:
        words = line.split(maxsplit=1)
        if not words:
            continue
        command, rest = words[0], (words[1].strip() if len(words) > 1 else "")
        if command == "protocol":
            print("id name random player (Python)")
            print("want legal")
            print("ok")
        elif command == "game":
            legal = []
            print("ok")
        elif command == "legal":
            legal = [move for move in rest.split(";") if move]
        elif command == "go":
            if legal:
                print("move " + random.choice(legal))
            else:
                print("info no legal move was given")
        elif command == "quit":
            break
        # `moved`, `private`, `end` and anything unknown: nothing to do.
        sys.stdout.flush()


if __name__ == "__main__":
    main()
