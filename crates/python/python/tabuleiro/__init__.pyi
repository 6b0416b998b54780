"""Type stubs of the `tabuleiro` package (its native part is Rust)."""

from typing import Any, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

class OptionInfo(TypedDict):
    default: str
    allowed: str
    description: str

class GameInfo(TypedDict):
    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    hidden_information: bool
    chance: bool
    options: dict[str, OptionInfo]

def games() -> list[GameInfo]:
    """Every game: id, name, numbers of players, hidden information, options."""

def new_game(
    name: str, players: Optional[int] = None, seed: int = 0, **options: Union[str, int, bool]
) -> State:
    """A new game of `name` with `players` seats (the fewest by default), the seed of its
    chance events and any of its options. Raises KeyError for an unknown game, ValueError for
    a bad option or number of players."""

class State:
    """A game in progress."""

    @property
    def game(self) -> str:
        """The game's id."""
    @property
    def num_players(self) -> int:
        """Number of seats."""
    def current_player(self) -> int:
        """The seat to move, from 0; -1 once the game is over."""
    def move_in_turn(self) -> tuple[int, int]:
        """(which move of the turn, moves per turn)."""
    def legal_moves(self) -> list[str]:
        """The legal moves of the seat to move, in notation."""
    def apply_move(self, notation: str) -> str:
        """Plays a move; returns it as the game writes it. ValueError if it is not legal."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def returns(self) -> list[float]:
        """Each seat's result: 1.0 win, -1.0 loss, 0.0 draw (all 0.0 before the end)."""
    def reason(self) -> Optional[str]:
        """Why the game ended, once it has."""
    def scores(self) -> Optional[list[int]]:
        """Running scores, for games that keep score."""
    def ply(self) -> int:
        """Number of moves played."""
    def render(self, player: Optional[int] = None) -> str:
        """The board as text, as `player` sees it (or everyone)."""
    def record(self) -> str:
        """The game so far as a JSON record that `tabuleiro replay` reads (ValueError for a
        resampled position)."""
    def resample(self, player: int, seed: int = 0) -> State:
        """A position seat `player` cannot tell from this one: the tiles it cannot see (Q!nto's
        other hands, the piles) dealt again from `seed`; no record."""
    @property
    def num_actions(self) -> int:
        """Size of the game's fixed action space."""
    @property
    def sequential(self) -> bool:
        """Whether a move takes several actions (Q!nto)."""
    def partial_actions(self) -> list[int]:
        """The actions taken so far of the move being built (Q!nto)."""
    def move_to_actions(self, notation: str) -> list[int]:
        """The actions of a legal move, in order. ValueError if not legal here."""
    def legal_actions(self) -> list[int]:
        """The legal actions, ascending (in Q!nto, those that may come next in the move)."""
    def legal_action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action of the `num_actions`, else 0."""
    def apply(self, action: int) -> None:
        """Plays the move of `action` (in Q!nto takes the move's next action, playing it with
        its last). ValueError if it is not legal here."""
    def action_to_string(self, action: int) -> str:
        """The legal move of `action`, in notation (in Q!nto the action's name). ValueError
        if not legal here."""
    def string_to_action(self, notation: str) -> int:
        """The action of the move written `notation` (in Q!nto, of the action's name)."""
    def observation_shape(self) -> tuple[int, int, int]:
        """(planes, rows, columns) of `observation`."""
    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What seat `player` may know, as planes from its side, values in 0..1."""
    def solve(self) -> dict[str, Any]:
        """Exact values where the game is solved here (Quantik, Nudge): value, plies,
        best_moves, best_actions, moves. NotImplementedError elsewhere."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...

class Agent:
    """A computer player of the program's levels, choosing from the seat's view alone."""

    def __init__(self, level: str = "hard", think_ms: Optional[int] = None, seed: int = 0) -> None: ...
    @property
    def level(self) -> str:
        """The level as the program reads it."""
    def choose_move(self, state: State) -> str:
        """The move for the seat to move, in notation."""
    def act(self, state: State) -> int:
        """The action of that move (in Q!nto the next action of the move it chose at the
        move's first action)."""

class VectorEnv:
    """n games of one kind stepped at once in Rust, finished games started again."""

    def __init__(self, name: str, n: int, players: Optional[int] = None, seed: int = 0, **options: Union[str, int, bool]) -> None: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def reset(self, seed: int = 0) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """(observations (n, planes, rows, columns) from each seat to move, masks (n, actions), to_move (n,))."""
    def step(self, actions: Optional[Any] = None) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]
    ]:
        """Plays one action in each game (random legal ones when None): (observations, masks,
        rewards (n, players), ended (n,), to_move (n,))."""
