"""The extension module; use the package `kalmar` and its submodules instead."""

import os
from types import ModuleType

__version__: str
efg: ModuleType
"""Extensive- and strategic-form games: recall, reduced strategies, exact equilibria."""
impartial: ModuleType
ohhell: ModuleType
parity: ModuleType
"""Parity games: read, solved by every solver of kalmar, verified."""
graph: ModuleType
"""Game graphs: read, or built from lists and numpy arrays; shared by the families on graphs."""
reach: ModuleType
"""Chess-like games: retrograde analysis, outcomes and depths to mate, verified."""
dgg: ModuleType
"""Deterministic graphical games: exact values by every solver, strong or weak, verified."""
stochastic: ModuleType
"""Stochastic games: exact values and strategies, certified, or value iteration's bounds."""
observation: ModuleType
"""Games of imperfect information: who wins, with the winner's witness checked."""
positional: ModuleType
"""n-player games on graphs: subgame-perfect equilibria by backward induction, checked."""

def read(path: str | os.PathLike[str]) -> object:
    """Reads any game file as the game of its family (`kalmar.read`)."""
