"""The PettingZoo environments: PettingZoo's own API test for every game,
with the ansi rendering, and a seeded game played twice alike."""

from collections import Counter

import numpy as np
import pytest
from pettingzoo.test import api_test

from tabuleiro.pettingzoo import env

GAMES = {"quantik": {}, "nudge": {}, "qinto": {}, "taiji": {"size": 7}, "pushee": {"size": "5x5"}}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_api_test_passes(game):
    api_test(env(game, render_mode="ansi", **GAMES[game]), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seeded_game_is_played_alike_twice(game):
    def play():
        e = env(game, **GAMES[game])
        e.reset(seed=7)
        e.action_space(e.possible_agents[0]).seed(7)
        trace = []
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            if termination or truncation:
                trace.append((agent, reward))
                e.step(None)
                continue
            legal = [i for i, m in enumerate(observation["action_mask"]) if m]
            action = legal[len(trace) * 7 % len(legal)]
            trace.append((agent, action))
            e.step(action)
        return trace

    first, second = play(), play()
    assert first == second
    assert sorted(r for _, r in first[-2:]) == [-1, 1]


def test_the_board_is_drawn_as_text():
    e = env("quantik", render_mode="ansi")
    e.reset(seed=1)
    assert "a" in e.render() and "1" in e.render()


def test_an_illegal_action_ends_the_game_with_the_actors_loss():
    e = env("quantik")
    e.reset(seed=2)
    first = e.agent_selection
    e.step(0)  # Ca1
    with pytest.warns(UserWarning, match="illegal move"):
        e.step(0)  # Ca1 again: the cell is taken
    assert all(e.terminations.values())
    assert e.rewards == {first: 0, next(a for a in e.agents if a != first): -1}


def test_the_masked_sample_is_uniform_over_the_legal_actions_and_seeded():
    from tabuleiro.pettingzoo import MaskedDiscrete

    space = MaskedDiscrete(64)
    space.seed(3)
    mask = np.zeros(64, dtype=np.int8)
    legal = [2, 17, 40, 41, 63]
    mask[legal] = 1
    draws = [int(space.sample(mask)) for _ in range(20000)]
    counts = Counter(draws)
    assert set(counts) == set(legal)
    # 4,000 expected each; a deviation of 200 is over 3 standard deviations (about 57).
    assert all(abs(n - 4000) < 200 for n in counts.values()), counts
    space.seed(3)
    assert [int(space.sample(mask)) for _ in range(100)] == draws[:100]
    assert space.sample(np.zeros(64, dtype=np.int8)) == 0
    # Anything but a mask of the space's size is gymnasium's own sample, its checks included.
    assert 0 <= space.sample() < 64
    with pytest.raises(AssertionError):
        space.sample(np.zeros(10, dtype=np.int8))


def test_order_is_enforced_before_the_first_reset():
    e = env("quantik")
    for name in ["agents", "agent_selection", "rewards", "terminations", "truncations", "infos"]:
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    e.reset(seed=1)
    assert e.agent_selection == "player_0" and e.agents == ["player_0", "player_1"]
