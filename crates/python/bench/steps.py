"""Random legal steps per second from Python, side by side in one run (issue 54's figures):

- tabuleiro's single-game API: `legal_actions()`, a random choice, `apply(action)`;
- `tabuleiro.VectorEnv` of 1,024 games: random legal actions drawn in Rust (`step()`), and
  actions drawn in NumPy from the masks (`step(actions)`); observations and masks included;
- the same PettingZoo AEC loop (`agent_iter`, `last`, a masked sample, `step`) over
  tabuleiro's environments and PettingZoo's own classic tic-tac-toe and connect four, each as
  `env()` (with its wrappers) and as `raw_env()`; and tabuleiro's `env()` once more with
  gymnasium's own `Discrete` sampling the mask instead of its `MaskedDiscrete`, to show what
  the sampler alone is worth.

Q!nto's observations are 14 x 125 x 125: its VectorEnv holds 16 games, not 1,024.

Usage (a release build: `pip install crates/python`, then `pip install pettingzoo pygame`):
    taskset -c 0 python crates/python/bench/steps.py [--seconds 2] [--json]
"""

import argparse
import json
import random
import time

import numpy as np
from gymnasium import spaces

import tabuleiro
from tabuleiro.pettingzoo import env as tabuleiro_env
from tabuleiro.pettingzoo import raw_env as tabuleiro_raw_env

GAMES = {"quantik": {}, "nudge": {}, "qinto": {}, "taiji": {"size": 9}, "pushee": {"size": "6x6"}}
BATCH = {"qinto": 16}


def single(game, options, seconds):
    rng = random.Random(0)
    state = tabuleiro.new_game(game, **options)
    steps, start = 0, time.perf_counter()
    while True:
        for _ in range(1000):
            if state.is_terminal():
                state = tabuleiro.new_game(game, **options)
            state.apply(rng.choice(state.legal_actions()))
        steps += 1000
        if time.perf_counter() - start >= seconds:
            return steps / (time.perf_counter() - start)


def vector(game, options, seconds, given):
    n = BATCH.get(game, 1024)
    batch = tabuleiro.VectorEnv(game, n, **options)
    _, masks, _ = batch.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if given:
            # A random legal action in each game: the largest random number among the legal.
            actions = np.argmax(masks * rng.random(masks.shape), axis=1)
            _, masks, _, _, _ = batch.step(actions)
        else:
            batch.step()
        steps += n
    return steps / (time.perf_counter() - start)


def aec(make, seconds):
    environment = make()
    environment.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        environment.reset()
        for agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                action = None
            else:
                action = environment.action_space(agent).sample(observation["action_mask"])
            environment.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def with_gymnasium_sampler(make):
    """`make`, its action spaces gymnasium's own `Discrete`."""

    def build():
        environment = make()
        inner = environment.unwrapped
        inner.action_spaces = {a: spaces.Discrete(s.n) for a, s in inner.action_spaces.items()}
        return environment

    return build


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game, options in GAMES.items():
        rows.append({"what": f"{game}: single-game API", "steps_per_s": single(game, options, args.seconds)})
        rows.append({"what": f"{game}: VectorEnv, random in Rust", "steps_per_s": vector(game, options, args.seconds, False)})
        rows.append({"what": f"{game}: VectorEnv, actions from NumPy", "steps_per_s": vector(game, options, args.seconds, True)})
        rows.append({"what": f"{game}: PettingZoo AEC loop, env()", "steps_per_s": aec(lambda: tabuleiro_env(game, **options), args.seconds)})
        rows.append({"what": f"{game}: PettingZoo AEC loop, raw_env()", "steps_per_s": aec(lambda: tabuleiro_raw_env(game, **options), args.seconds)})
        rows.append({"what": f"{game}: PettingZoo AEC loop, env(), gymnasium's Discrete sampling", "steps_per_s": aec(with_gymnasium_sampler(lambda: tabuleiro_env(game, **options)), args.seconds)})
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    rows.append({"what": "PettingZoo tic-tac-toe: AEC loop, env()", "steps_per_s": aec(tictactoe_v3.env, args.seconds)})
    rows.append({"what": "PettingZoo tic-tac-toe: AEC loop, raw_env()", "steps_per_s": aec(tictactoe_v3.raw_env, args.seconds)})
    rows.append({"what": "PettingZoo connect four: AEC loop, env()", "steps_per_s": aec(connect_four_v3.env, args.seconds)})
    rows.append({"what": "PettingZoo connect four: AEC loop, raw_env()", "steps_per_s": aec(connect_four_v3.raw_env, args.seconds)})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            print(f"{row['steps_per_s']:>14,.0f}  {row['what']}")


if __name__ == "__main__":
    main()
