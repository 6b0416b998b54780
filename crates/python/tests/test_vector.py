"""VectorEnv against single games: the same actions give the same masks, observations, rewards
and endings, game by game, with finished games started again on the next seeds; random steps
keep every game legal; bad actions are refused naming their game, nothing played."""

import random

import numpy as np
import pytest

import tabuleiro

GAMES = {"quantik": {}, "nudge": {}, "qinto": {}, "taiji": {"size": 7}, "pushee": {"size": "5x5"}}
# Q!nto's observations are 14 × 125 × 125: fewer games and steps.
STEPS = {"qinto": 400}
BATCH = {"qinto": 8}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_batch_plays_as_single_games_do(game):
    n, seed = 6, 100
    options = GAMES[game]
    vector = tabuleiro.VectorEnv(game, n, seed=seed, **options)
    singles = [tabuleiro.new_game(game, seed=seed + i, **options) for i in range(n)]
    next_seed = seed + n
    observations, masks, to_move = vector.reset(seed=seed)
    rng = random.Random(1)
    ended_games = 0
    for _ in range(STEPS.get(game, 1500)):
        for i, single in enumerate(singles):
            seat = single.current_player()
            assert to_move[i] == seat
            assert np.array_equal(masks[i], single.legal_action_mask())
            assert np.array_equal(observations[i], single.observation(seat))
        actions = [rng.choice(single.legal_actions()) for single in singles]
        observations, masks, rewards, ended, to_move = vector.step(np.array(actions, dtype=np.int64))
        for i, single in enumerate(singles):
            single.apply(actions[i])
            assert bool(ended[i]) == single.is_terminal()
            if single.is_terminal():
                assert list(rewards[i]) == single.returns()
                singles[i] = tabuleiro.new_game(game, seed=next_seed, **options)
                next_seed += 1
                ended_games += 1
            else:
                assert not rewards[i].any()
    assert ended_games > 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_steps_keep_every_game_going(game):
    n = BATCH.get(game, 64)
    vector = tabuleiro.VectorEnv(game, n, seed=3, **GAMES[game])
    observations, masks, to_move = vector.reset(seed=3)
    assert observations.shape == (n, *vector.observation_shape) and observations.dtype == np.float32
    assert masks.shape == (n, vector.num_actions) and masks.dtype == np.int8
    ended_games = 0
    for _ in range(300 if n == 64 else 1000):
        observations, masks, rewards, ended, to_move = vector.step()
        assert masks.any(axis=1).all(), "every game has a legal action"
        assert rewards.shape == (n, vector.num_players) and ended.dtype == np.bool_
        ended_games += int(ended.sum())
        # A game that ended has a winner and a loser, or a draw.
        for i in np.flatnonzero(ended):
            assert sorted(rewards[i]) in ([-1.0, 1.0], [0.0, 0.0])
    assert ended_games > 0


def test_bad_actions_are_refused_naming_the_game():
    vector = tabuleiro.VectorEnv("quantik", 4)
    _, masks, _ = vector.reset()
    illegal = [int(np.flatnonzero(m)[0]) for m in masks]
    illegal[2] = 99
    with pytest.raises(ValueError, match="game 2"):
        vector.step(illegal)
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        vector.step([0, 1, 2])
    # Nothing was played: the masks are as they were.
    assert np.array_equal(vector.reset()[1], masks)
    with pytest.raises(ValueError):
        tabuleiro.VectorEnv("quantik", 0)
