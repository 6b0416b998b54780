"""A random player against the program's `hard` level, in every game (Q!nto with 2 players),
through the Python module: `python examples/python/random_vs_hard.py [--games 4] [--think-ms 100]`.
Each pairing plays as many games with each seat; the table gives hard's wins, draws and losses."""

import argparse
import random

import tabuleiro


def play(game, seats, seed, rng):
    state = tabuleiro.new_game(game, seed=seed)
    while not state.is_terminal():
        player = seats[state.current_player()]
        move = player.choose_move(state) if player is not None else rng.choice(state.legal_moves())
        state.apply_move(move)
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games a game (half with each seat)")
    parser.add_argument("--think-ms", type=int, default=100, help="hard's thinking time a move")
    args = parser.parse_args()
    rng = random.Random(54)
    hard = tabuleiro.Agent("hard", think_ms=args.think_ms, seed=54)
    print(f"{'game':<14} hard won – drew – lost (of {args.games})")
    for info in tabuleiro.games():
        results = {1.0: 0, 0.0: 0, -1.0: 0}
        for k in range(args.games):
            seat = k % 2
            seats = [None, None]
            seats[seat] = hard
            state = play(info["id"], seats, k, rng)
            results[state.returns()[seat]] += 1
        print(f"{info['name']:<14} {results[1.0]} – {results[0.0]} – {results[-1.0]}")


if __name__ == "__main__":
    main()
