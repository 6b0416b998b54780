"""Quantik, Nudge, Q!nto, Taiji and Pushee Pieces from Python, with the rules, notation and
records of the tabuleiro program (the game engine is Rust, reached through PyO3).

>>> import tabuleiro
>>> state = tabuleiro.new_game("quantik")
>>> state.current_player()
0
>>> len(state.legal_moves())
64
>>> state.apply_move("Ca1")
'Ca1'
"""

from ._tabuleiro import Agent, State, VectorEnv, games, new_game

__all__ = ["Agent", "State", "VectorEnv", "games", "new_game"]
