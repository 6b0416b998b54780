"""The PettingZoo environments: PettingZoo's own API test for every game,
with the ansi rendering, and a seeded game played twice alike."""

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
