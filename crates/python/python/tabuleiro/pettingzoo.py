"""The games as PettingZoo environments (the AEC API, one agent acting at a time).

>>> from tabuleiro.pettingzoo import env
>>> e = env("quantik", render_mode="ansi")
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     mask = observation["action_mask"]
...     action = None if termination or truncation else e.action_space(agent).sample(mask)
...     e.step(action)

Agents are `player_0`, `player_1`, … in seat order. Each observation is a dict, as PettingZoo
documents for games with illegal moves: `"observation"`, the seat's planes (a float32 array of
`observation_shape()`, its own pieces first: layouts in docs/python.md), and `"action_mask"`,
an int8 array of the game's actions with 1 for each legal action (all 0 when it is not the
agent's turn). Rewards come at the end: 1 for a win, -1 for a loss, 0 for a draw; an illegal
action ends the game, its actor losing (-1, the others 0). A Nudge
turn is two steps of the same agent, a Q!nto move several (its first cell and direction, then
its tiles: docs/python.md). `reset(seed=S)` deals and draws with seed S (a Q!nto deal,
a Pushee board); `options` of `env` are the game's (`size=7` for Taiji).
"""

import warnings
from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ._tabuleiro import new_game

__all__ = ["MaskedDiscrete", "TabuleiroEnv", "env", "raw_env"]


class MaskedDiscrete(spaces.Discrete):
    """gymnasium's `Discrete`, with a masked `sample` drawn in about a microsecond instead of
    about twelve (numbers from `crates/python/bench/steps.py`): uniform over the actions the
    mask allows, from the space's own seeded generator, `start` when it allows none, as
    `Discrete` does. Any other call (no mask, a probability, a mask not an array of `n`) is
    `Discrete`'s own, checks included."""

    def sample(self, mask: Optional[np.ndarray] = None, probability: Optional[np.ndarray] = None) -> np.int64:
        if probability is not None or not isinstance(mask, np.ndarray) or mask.shape != (self.n,):
            return super().sample(mask=mask, probability=probability)
        legal = mask.nonzero()[0]
        if len(legal) == 0:
            return np.int64(self.start)
        return self.start + legal[int(self.np_random.random() * len(legal))]


class TabuleiroEnv(AECEnv):
    """One of the games as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "tabuleiro_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: Optional[str] = None, players: Optional[int] = None, **options: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is drawn")
        self.game = game
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tabuleiro_{game}_v0"}
        probe = new_game(game, players=players, **options)
        self.possible_agents = [f"player_{i}" for i in range(probe.num_players)]
        actions = probe.num_actions
        shape = probe.observation_shape()
        self._no_mask = np.zeros(actions, dtype=np.int8)
        self.action_spaces = {a: MaskedDiscrete(actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state = probe

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.state = new_game(self.game, players=self.players, seed=seed or 0, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.current_player()]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        to_move = self.state.current_player() == seat
        return {
            "observation": self.state.observation(seat),
            "action_mask": self.state.legal_action_mask() if to_move else self._no_mask.copy(),
        }

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        try:
            self.state.apply(int(action))
        except (ValueError, TypeError, OverflowError) as refused:
            # As PettingZoo's TerminateIllegalWrapper does, without its layer: the game ends,
            # the actor losing.
            warnings.warn(f"illegal move by {agent}: {refused}; the game ends, {agent} losing")
            for a in self.agents:
                self.rewards[a] = -1 if a == agent else 0
                self.terminations[a] = True
                self.infos[a] = {"reason": f"illegal move by {agent}"}
            self._accumulate_rewards()
            return
        if self.state.is_terminal():
            for a, value in zip(self.agents, self.state.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
                self.infos[a] = {"reason": self.state.reason()}
        else:
            self.agent_selection = self.agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self) -> None:
        pass


def raw_env(game: str, **kwargs: Any) -> TabuleiroEnv:
    """The environment of `game` without PettingZoo's wrappers."""
    return TabuleiroEnv(game, **kwargs)


def _after_reset(name: str) -> property:
    """The environment's attribute `name`, read straight from it; an AttributeError before the
    first reset, as PettingZoo's OrderEnforcingWrapper raises."""

    def read(self: "OrderEnforcing") -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper with the same checks, but the attributes a step reads
    (`agents`, `agent_selection`, rewards, terminations, truncations, infos) and `last` passed
    straight to the environment once it is reset, not through `__getattr__` on every read."""

    agents = _after_reset("agents")
    agent_selection = _after_reset("agent_selection")
    rewards = _after_reset("rewards")
    terminations = _after_reset("terminations")
    truncations = _after_reset("truncations")
    infos = _after_reset("infos")

    @property
    def _cumulative_rewards(self) -> dict:
        return self.env._cumulative_rewards

    def last(self, observe: bool = True) -> tuple:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def action_space(self, agent: str) -> spaces.Space:
        return self.env.action_spaces[agent]


def env(game: str, **kwargs: Any) -> AECEnv:
    """The environment of `game` (`quantik`, `nudge`, `qinto`, `taiji`, `pushee`) in an
    order-enforcing wrapper (PettingZoo's, its hot reads passed straight through). An illegal
    or out-of-range action ends the game with the actor's loss (-1, the others 0) and a
    warning, as PettingZoo's TerminateIllegalWrapper does, but done by the environment itself:
    each wrapper layer costs every call."""
    return OrderEnforcing(raw_env(game, **kwargs))
