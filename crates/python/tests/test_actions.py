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


def test_qinto_moves_are_built_action_by_action():
    """In random Q!nto games (2 to 4 seats) walked action by action: the first actions of the
    legal moves' sequences are the legal actions, each action offered reads back from its name,
    every move built is one of the legal moves (its sequence theirs), and the game played by
    notation alongside stays the same position."""
    rng = random.Random(54)
    moves_built = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = tabuleiro.new_game("qinto", players=players, seed=seed)
        twin = tabuleiro.new_game("qinto", players=players, seed=seed)
        assert state.sequential and state.num_actions == 15667
        sequences = None
        built = []
        while not state.is_terminal() and state.ply() < 60:
            if not built:
                sequences = {tuple(state.move_to_actions(m)): m for m in state.legal_moves()}
                assert sorted({s[0] for s in sequences}) == state.legal_actions()
            legal = state.legal_actions()
            assert list(np.flatnonzero(state.legal_action_mask())) == legal
            assert state.partial_actions() == built
            for action in legal:
                assert state.string_to_action(state.action_to_string(action)) == action
            seen = state.observation(state.current_player())
            assert seen.shape == (14, 125, 125) and 0.0 <= seen.min() and seen.max() <= 1.0
            action = rng.choice(legal)
            ply = state.ply()
            state.apply(action)
            built.append(action)
            if state.ply() > ply:
                move = sequences[tuple(built)]
                twin.apply_move(move)
                built = []
                moves_built += 1
                assert str(state) == str(twin)
                assert [state.render(p) for p in range(players)] == [twin.render(p) for p in range(players)]
            else:
                assert any(s[: len(built)] == tuple(built) and len(s) > len(built) for s in sequences)
        assert state.returns() == twin.returns()
    assert moves_built > 200


def test_qintos_documented_numbers_and_refusals():
    state = tabuleiro.new_game("qinto", seed=3)
    assert state.observation_shape() == (14, 125, 125)
    assert state.string_to_action("0,0") == 62 * 125 + 62
    assert state.string_to_action("RS") == 15625 and state.string_to_action("**") == 15660
    names = ["across", "down", "gap", "swap", "pass", "end"]
    assert [state.string_to_action(n) for n in names] == list(range(15661, 15667))
    assert state.move_to_actions("pass") == [15665, 15666]
    with pytest.raises(ValueError):
        state.string_to_action("63,0")
    # A move begun by actions: a move by notation waits, a wrong next action is refused.
    state.apply(state.string_to_action("pass"))
    assert state.partial_actions() == [15665] and state.ply() == 0
    with pytest.raises(ValueError, match="being built"):
        state.apply_move("pass")
    with pytest.raises(ValueError):
        state.apply(state.string_to_action("across"))
    assert state.partial_actions() == [15665]
    state.apply(15666)
    assert state.ply() == 1 and state.partial_actions() == []
    # The first play covers 0,0, so its first cell is 0,0 or one of the four before it.
    first = tabuleiro.new_game("qinto", seed=3)
    cells = [first.action_to_string(a) for a in first.legal_actions() if a < 15625]
    assert "0,0" in cells and set(cells) <= {f"{-k},0" for k in range(5)} | {f"0,{-k}" for k in range(5)}


def test_a_qinto_seat_sees_the_same_whatever_it_cannot_see():
    """A position resampled from a seat's view (other hands and the piles dealt again) gives
    that seat the same observation and, on its turn, the same legal actions; the other seats'
    observations do change, so the check can fail."""
    rng = random.Random(7)
    changed = 0
    for seed in range(10):
        players = 2 + seed % 3
        state = tabuleiro.new_game("qinto", players=players, seed=seed)
        for _ in range(rng.randrange(0, 20)):
            if state.is_terminal():
                break
            state.apply_move(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        for seat in range(players):
            other = (seat + 1) % players
            for k in range(3):
                sample = state.resample(seat, seed=k)
                assert np.array_equal(sample.observation(seat), state.observation(seat))
                if seat == state.current_player():
                    assert sample.legal_actions() == state.legal_actions()
                changed += not np.array_equal(sample.observation(other), state.observation(other))
                with pytest.raises(ValueError, match="no record"):
                    sample.record()
    assert changed > 20, changed
