"""The Python API against the Rust engine: every game's moves counted by both (perft), random
games whose records the `tabuleiro` program replays move for move with the same results, and
the API's promises (errors that leave the game unchanged, independent copies, results that add
up). `TABULEIRO_BIN` names the program (scripts/test sets it to the workspace's build)."""

import json
import os
import random
import re
import subprocess

import pytest

import tabuleiro

GAMES = ["quantik", "nudge", "qinto", "taiji", "pushee"]
# Perft depths the Python API walks in a few seconds at most.
PERFT_DEPTH = {"quantik": 3, "nudge": 2, "qinto": 1, "taiji": 2, "pushee": 2}
# Random games per game played through Python and replayed by the program.
RANDOM_GAMES = {"quantik": 3000, "nudge": 1000, "qinto": 1000, "taiji": 1000, "pushee": 1000}


def program():
    path = os.environ.get("TABULEIRO_BIN")
    if not path:
        pytest.skip("TABULEIRO_BIN is not set: scripts/test sets it to the tabuleiro program")
    return path


def perft(state, depth):
    """Numbers of move sequences of each length 1..depth, through the Python API."""
    counts = [0] * depth

    def walk(s, d):
        for move in s.legal_moves():
            counts[d] += 1
            if d + 1 < depth:
                child = s.clone()
                child.apply_move(move)
                walk(child, d + 1)

    walk(state, 0)
    return counts


def play_randomly(state, rng, limit):
    while not state.is_terminal() and state.ply() < limit:
        moves = state.legal_moves()
        assert moves, f"{state.game}: no legal move and not over\n{state}"
        state.apply_move(rng.choice(moves))
    return state


def test_games_lists_every_game_with_its_options():
    listed = {g["id"]: g for g in tabuleiro.games()}
    assert sorted(listed) == sorted(GAMES)
    assert listed["qinto"]["hidden_information"]
    assert listed["qinto"]["max_players"] == 4
    for game in listed.values():
        for name, option in game["options"].items():
            assert option["default"] is not None, name


@pytest.mark.parametrize("game", GAMES)
def test_perft_agrees_with_the_program(game):
    depth = PERFT_DEPTH[game]
    ours = perft(tabuleiro.new_game(game), depth)
    out = subprocess.run([program(), "perft", game, str(depth), "--json"], capture_output=True, text=True, check=True)
    assert ours == json.loads(out.stdout)["counts"]


@pytest.mark.parametrize("game", GAMES)
def test_random_games_replay_in_the_program_move_for_move(game, tmp_path):
    """The program replays each game Python played: every move legal there, every position it
    draws the one Python drew (games without hidden information), and the game over at the
    same move."""
    rng = random.Random(54)
    hidden = game == "qinto"
    records, boards = [], []
    for k in range(RANDOM_GAMES[game]):
        players = rng.choice([2, 3, 4]) if hidden else None
        state = tabuleiro.new_game(game, players=players, seed=k)
        drawn = [str(state)]
        while not state.is_terminal():
            moves = state.legal_moves()
            assert moves, f"{game}: no legal move and not over\n{state}"
            state.apply_move(rng.choice(moves))
            drawn.append(str(state))
        returns = state.returns()
        assert len(returns) == state.num_players
        # A winner and losers, or everyone drawn.
        assert sorted(set(returns)) in ([-1.0, 1.0], [0.0]), returns
        assert state.current_player() == -1 and state.legal_moves() == [] and state.reason()
        record = json.loads(state.record())
        assert record["game"] == game and len(record["moves"]) == state.ply()
        assert [r == "win" for r in record["result"]["results"]] == [v == 1.0 for v in returns]
        records.append(json.dumps(record))
        boards.append(drawn)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(records) + "\n")
    out = subprocess.run([program(), "replay", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    shown = re.split(r"(?m)^Game \d+ of \d+: *\n", out.stdout)[1:]
    assert len(shown) == len(records)
    for k, (text, drawn) in enumerate(zip(shown, boards)):
        assert len(re.findall(r"(?m)^Move \d+: ", text)) == len(drawn) - 1, f"{game} game {k + 1}"
        if hidden:
            # No seat's board shows every hand: the program's last board says the game is over.
            last = text.rsplit("\nMove ", 1)[-1]
            assert "Game over" in last, f"{game} game {k + 1}: the program does not end it\n{last}"
            continue
        # Every position, the last with its result, drawn alike.
        at = 0
        for n, board in enumerate(drawn):
            found = text.find(board, at)
            assert found >= 0, f"{game} game {k + 1}, position {n}: the program draws another\n{board}"
            at = found + len(board)


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_says_why_and_changes_nothing(game):
    state = tabuleiro.new_game(game)
    before = (state.ply(), state.legal_moves(), str(state))
    for bad in ["", "zz99", "not a move at all"]:
        with pytest.raises(ValueError) as refused:
            state.apply_move(bad)
        assert str(refused.value)
        assert (state.ply(), state.legal_moves(), str(state)) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_is_independent(game):
    rng = random.Random(7)
    state = tabuleiro.new_game(game, seed=3)
    copy = state.clone()
    play_randomly(copy, rng, limit=6)
    assert state.ply() == 0 and copy.ply() > 0
    assert json.loads(state.record())["moves"] == []


def test_options_players_and_unknown_games_are_checked():
    with pytest.raises(KeyError):
        tabuleiro.new_game("chess")
    with pytest.raises(ValueError):
        tabuleiro.new_game("quantik", players=3)
    with pytest.raises(ValueError):
        tabuleiro.new_game("quantik", colour="mauve")
    assert tabuleiro.new_game("qinto", players=4).num_players == 4
    # The same seed, the same deal; another seed, another.
    a, b, c = (tabuleiro.new_game("qinto", seed=s) for s in (5, 5, 6))
    assert a.render(0) == b.render(0)
    assert a.legal_moves() == b.legal_moves()
    assert a.render(0) != c.render(0) or a.legal_moves() != c.legal_moves()


def test_a_qinto_seat_sees_only_its_own_hand():
    state = tabuleiro.new_game("qinto", players=2, seed=11)
    mine, theirs, everyone = state.render(0), state.render(1), state.render()
    assert mine != theirs
    with pytest.raises(ValueError):
        state.render(2)
    assert everyone != mine
