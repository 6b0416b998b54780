"""Actions and observations through the Python API: the mask is the legal actions, every
legal action reads back from its notation and plays its move, refused actions change nothing,
observations have their shape, type and range, and the numbers the games document hold."""

import random

import numpy as np
import pytest

import tabuleiro

WITH_ACTIONS = {"quantik": {}, "nudge": {}, "taiji": {"size": 7}, "pushee": {"size": "5x7"}}


@pytest.mark.parametrize("game", sorted(WITH_ACTIONS))
def test_random_games_by_actions(game):
    rng = random.Random(54)
    for seed in range(100):
        state = tabuleiro.new_game(game, seed=seed, **WITH_ACTIONS[game])
        count = state.num_actions
        shape = state.observation_shape()
        while True:
            legal = state.legal_actions()
            mask = state.legal_action_mask()
            assert mask.dtype == np.int8 and mask.shape == (count,)
            assert list(np.flatnonzero(mask)) == legal
            assert len(legal) == len(state.legal_moves())
            for action in legal:
                assert state.string_to_action(state.action_to_string(action)) == action
            for seat in range(state.num_players):
                seen = state.observation(seat)
                assert seen.dtype == np.float32 and seen.shape == shape
                assert seen.min() >= 0.0 and seen.max() <= 1.0
            if state.is_terminal():
                assert legal == [] and not mask.any()
                break
            state.apply(rng.choice(legal))
        assert state.num_actions == count


@pytest.mark.parametrize("game", sorted(WITH_ACTIONS))
def test_an_action_not_legal_is_refused_and_changes_nothing(game):
    state = tabuleiro.new_game(game, **WITH_ACTIONS[game])
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.num_actions) if a not in legal) if len(legal) < state.num_actions else None
    for action in [state.num_actions, 10**6] + ([illegal] if illegal is not None else []):
        with pytest.raises(ValueError):
            state.apply(action)
        assert state.ply() == 0


def test_the_documented_numbers():
    quantik = tabuleiro.new_game("quantik")
    assert quantik.num_actions == 64 and quantik.observation_shape() == (16, 4, 4)
    assert quantik.string_to_action("Ca1") == 0 and quantik.string_to_action("Sd4") == 63
    quantik.apply(0)
    assert quantik.record().count('"Ca1"') == 1
    mine, theirs = quantik.observation(0), quantik.observation(1)
    assert mine[0, 0, 0] == 1.0 and theirs[4, 0, 0] == 1.0
    nudge = tabuleiro.new_game("nudge")
    assert nudge.num_actions == 100 and nudge.observation_shape() == (5, 5, 5)
    taiji = tabuleiro.new_game("taiji", size=9)
    assert taiji.num_actions == 324 and taiji.observation_shape() == (3, 9, 9)
    assert taiji.string_to_action("a1-b1") == 0 and taiji.string_to_action("a1-a2") == 81
    pushee = tabuleiro.new_game("pushee", size="6x6")
    assert pushee.num_actions == 72 and pushee.observation_shape() == (7, 6, 6)
    assert pushee.string_to_action("va1") == 36


def test_qinto_has_no_action_space_yet():
    qinto = tabuleiro.new_game("qinto")
    with pytest.raises(NotImplementedError):
        _ = qinto.num_actions
    with pytest.raises(NotImplementedError):
        qinto.legal_actions()
    with pytest.raises(NotImplementedError):
        qinto.observation(0)
