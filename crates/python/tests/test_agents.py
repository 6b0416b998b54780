"""The program's levels and solvers from Python: levels play every game to the end with legal
moves, a strong level beats a random one, a Q!nto player chooses without seeing other hands,
and the solvers' values hold together move by move (a win's best move leaves the opponent a
loss one move shorter)."""

import random

import pytest

import tabuleiro


def play(game, players, seed, **options):
    state = tabuleiro.new_game(game, seed=seed, **options)
    while not state.is_terminal():
        agent = players[state.current_player()]
        move = agent.choose_move(state)
        assert move in state.legal_moves(), f"{agent!r} chose {move}"
        state.apply_move(move)
    return state


@pytest.mark.parametrize("game", ["quantik", "nudge", "qinto", "taiji", "pushee"])
def test_levels_play_every_game_to_the_end(game):
    options = {"size": 7} if game == "taiji" else {"size": "5x5"} if game == "pushee" else {}
    state = play(game, [tabuleiro.Agent("random", seed=1), tabuleiro.Agent("easy", seed=2)], 3, **options)
    assert state.is_terminal() and state.reason()


def test_hard_beats_random_at_quantik():
    hard, rand = tabuleiro.Agent("hard", think_ms=30, seed=5), tabuleiro.Agent("random", seed=6)
    wins = 0
    for k in range(10):
        seats = [hard, rand] if k % 2 == 0 else [rand, hard]
        state = play("quantik", seats, k)
        wins += state.returns()[k % 2] == 1.0
    assert wins >= 9, wins


def test_act_gives_the_action_of_the_chosen_move():
    state = tabuleiro.new_game("quantik")
    agent = tabuleiro.Agent("greedy", seed=4)
    action = agent.act(state)
    assert action in state.legal_actions()


def test_act_builds_a_qinto_move_action_by_action():
    """In Q!nto an agent chooses at a move's first action and hands out its actions one by
    one; a whole game is played so, and a move begun by someone else is refused."""
    state = tabuleiro.new_game("qinto", players=3, seed=8)
    agents = [tabuleiro.Agent("easy", seed=s) for s in range(3)]
    while not state.is_terminal():
        ply = state.ply()
        while state.ply() == ply and not state.is_terminal():
            action = agents[state.current_player()].act(state)
            assert action in state.legal_actions()
            state.apply(action)
    assert state.reason()
    begun = tabuleiro.new_game("qinto", seed=9)
    begun.apply(begun.string_to_action("pass"))
    with pytest.raises(ValueError, match="did not begin"):
        tabuleiro.Agent("easy").act(begun)


def test_a_bad_level_is_refused_in_words():
    with pytest.raises(ValueError) as refused:
        tabuleiro.Agent("grandmaster")
    assert "grandmaster" in str(refused.value)
    with pytest.raises(ValueError):
        tabuleiro.Agent("perfect").choose_move(tabuleiro.new_game("taiji"))


def best_line_holds(state, depth):
    """A win's best move leaves the opponent a loss one move shorter; a loss's best move
    leaves a win one move shorter; to `depth` moves."""
    for _ in range(depth):
        if state.is_terminal():
            return
        solved = state.solve()
        assert set(solved["best_moves"]) <= set(state.legal_moves())
        assert len(solved["moves"]) == len(state.legal_moves())
        mover = state.current_player()
        state.apply_move(solved["best_moves"][0])
        if state.is_terminal():
            assert solved["value"] == "win" and solved["plies"] == 1
            assert state.returns()[mover] == 1.0
            return
        after = state.solve()
        same_player = state.current_player() == mover
        expected = solved["value"] if same_player else {"win": "loss", "loss": "win", "draw": "draw"}[solved["value"]]
        assert after["value"] == expected
        if solved["plies"] is not None:
            assert after["plies"] == solved["plies"] - 1


def test_quantik_solved_values_hold_together():
    rng = random.Random(3)
    for seed in range(4):
        state = tabuleiro.new_game("quantik", seed=seed)
        for _ in range(5):
            state.apply_move(rng.choice(state.legal_moves()))
        best_line_holds(state, 12)
        assert state.is_terminal()


def test_nudge_solved_values_hold_together():
    rng = random.Random(8)
    state = tabuleiro.new_game("nudge")
    for _ in range(6):
        state.apply_move(rng.choice(state.legal_moves()))
    best_line_holds(state, 6)


def test_games_not_solved_here_say_so():
    with pytest.raises(NotImplementedError):
        tabuleiro.new_game("taiji").solve()
