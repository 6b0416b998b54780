"""A small self-play learner for Quantik, with NumPy alone: a linear value of the position
after each move (the 256 numbers of the mover's observation, squashed by tanh), learnt from the
results of games it plays against itself (Monte Carlo targets, ε-greedy moves), then measured
against a random player, half the games with each seat.

    python examples/python/quantik_selfplay.py [--games 3000] [--eval 400] [--seed 1]

It prints the win rate against random before and after training; a move that wins at once is
valued 1 whatever the weights, so "before" is already better than a coin."""

import argparse
import random

import numpy as np

import tabuleiro


def afterstates(state):
    """Each legal action with the mover's view of the position after it, and whether it wins."""
    mover = state.current_player()
    found = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        won = after.is_terminal() and after.returns()[mover] == 1.0
        found.append((action, after.observation(mover).ravel(), won, after))
    return found


def choose(state, weights, rng, epsilon):
    options = afterstates(state)
    if rng.random() < epsilon:
        return rng.choice(options)
    return max(options, key=lambda o: 1.0 if o[2] else float(np.tanh(weights @ o[1])))


def train(weights, games, rng, rate=0.01):
    for k in range(games):
        state = tabuleiro.new_game("quantik", seed=k)
        seen = ([], [])
        epsilon = max(0.05, 0.3 * (1 - k / games))
        while not state.is_terminal():
            mover = state.current_player()
            _, features, _, after = choose(state, weights, rng, epsilon)
            seen[mover].append(features)
            state = after
        returns = state.returns()
        for seat in (0, 1):
            for features in seen[seat]:
                value = np.tanh(weights @ features)
                weights += rate * (returns[seat] - value) * (1 - value * value) * features
    return weights


def win_rate(weights, games, rng):
    wins = 0
    for k in range(games):
        seat = k % 2
        state = tabuleiro.new_game("quantik", seed=10_000 + k)
        while not state.is_terminal():
            if state.current_player() == seat:
                state = choose(state, weights, rng, 0.0)[3]
            else:
                state.apply(rng.choice(state.legal_actions()))
        wins += state.returns()[seat] == 1.0
    return wins / games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="self-play games to learn from")
    parser.add_argument("--eval", type=int, default=400, help="games against random to measure")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    size = int(np.prod(tabuleiro.new_game("quantik").observation_shape()))
    weights = np.zeros(size)
    before = win_rate(weights, args.eval, random.Random(args.seed + 1))
    weights = train(weights, args.games, rng)
    after = win_rate(weights, args.eval, random.Random(args.seed + 1))
    print(f"win rate against random over {args.eval} games: before training {before:.1%}, "
          f"after {args.games} self-play games {after:.1%}")


if __name__ == "__main__":
    main()
