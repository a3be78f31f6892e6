"""Game graphs: the positions and moves every family on a graph shares (chess-like, deterministic
graphical, parity, stochastic and observation games), read from a file or text or built from
Python lists or numpy arrays with `from_edges`. Each family's `from_graph` makes its game of a
graph; `Graph.family` says which family the graph holds, and `Graph.to_gg()` writes it as text.

Vertices are numbered 0..n. Owners are given per vertex as a player's number (`MAX` = 0, `MIN` =
1, more players 2, 3, ...), `CHANCE` (-1) or `TERMINAL` (-2), or by the names "max", "min",
"chance", "terminal" (and "player2", ...). Moves are an (m, 2) array of (source, target) pairs.

>>> from kalmar import graph, reach
>>> g = graph.from_edges(["max", "min", "terminal", "terminal"],
...                      [(0, 1), (0, 2), (1, 3), (1, 0)], payoffs={2: -1, 3: 1})
>>> g.family
'reach'
>>> reach.from_graph(g).solve().outcome.tolist()
[0, 0, -1, 1]

A million moves from numpy arrays, with no Python object per vertex: a chain of Max's vertices
each moving on or to a loss, the last one to a win.

>>> import numpy as np
>>> n = 500_000
>>> owners = np.full(n + 2, graph.MAX); owners[n:] = graph.TERMINAL
>>> on = np.stack([np.arange(n), np.arange(1, n + 1)], axis=1)
>>> lose = np.stack([np.arange(n), np.full(n, n + 1)], axis=1)
>>> payoffs = np.zeros(n + 2, dtype=np.int64); payoffs[n:] = [1, -1]
>>> g = graph.from_edges(owners, np.concatenate([on, lose]), payoffs=payoffs)
>>> g.num_edges
1000000
>>> solution = reach.from_graph(g).solve()
>>> int(solution.outcome[0]), int(solution.distance[0])
(1, 500000)
"""

from collections.abc import Mapping

import numpy as np

from kalmar._kalmar import graph as _native

Graph = _native.Graph
read = _native.read
parse = _native.parse

MAX = 0
"""The owner code of Max (player 0, also Even, White, the system)."""
MIN = 1
"""The owner code of Min (player 1, also Odd, Black, the environment)."""
CHANCE = _native.CHANCE
"""The owner code of chance (-1): it moves with the probabilities of its moves."""
TERMINAL = _native.TERMINAL
"""The owner code of a terminal (-2): play ends there."""

_OWNER_NAMES = {"max": MAX, "min": MIN, "chance": CHANCE, "terminal": TERMINAL}


def _owner_code(index, owner):
    if isinstance(owner, str):
        name = owner.lower()
        if name in _OWNER_NAMES:
            return _OWNER_NAMES[name]
        if name.startswith("player") and name[6:].isdigit():
            return int(name[6:])
        raise ValueError(
            f"owners[{index}] is {owner!r}: expected 'max', 'min', 'chance', 'terminal' or 'player<k>'"
        )
    return owner


def _integers(values, what):
    """`values` as a contiguous int64 array, refusing anything but integers."""
    array = np.asarray(values)
    if array.size and array.dtype.kind not in "iub":
        raise ValueError(f"{what} must be integers, not {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.int64)


def _exact(values, n, what, of="vertex"):
    """Per-vertex exact numbers for the native builder: an int64 array when integers, else a
    list of ints, Fractions, strings and None (a mapping {vertex: value} is spread out)."""
    if values is None:
        return None
    if isinstance(values, Mapping):
        spread = [None] * n
        for vertex, value in values.items():
            if not isinstance(vertex, (int, np.integer)) or not 0 <= vertex < n:
                plural = "vertices" if of == "vertex" else "moves"
                raise ValueError(f"{what}: {of} {vertex!r} does not exist (the game has {n} {plural})")
            spread[vertex] = value
        return spread
    if isinstance(values, np.ndarray):
        if values.dtype.kind in "iub":
            return np.ascontiguousarray(values, dtype=np.int64)
        if values.dtype.kind == "f":
            raise ValueError(
                f"{what} are floats: give exact numbers (ints, fractions.Fraction or strings such as \"1/3\")"
            )
        return values.tolist()
    return list(values)


def from_edges(
    owners,
    edges,
    *,
    payoffs=None,
    probabilities=None,
    rewards=None,
    priorities=None,
    discount=None,
    observations=None,
    names=None,
    start=None,
    players=None,
):
    """Builds a game graph from per-vertex owners and a list of moves, checked by the library's
    builder (moves between existing vertices, moves at every non-terminal and none at
    terminals, probabilities exactly at chance and summing to 1, unique names).

    - `owners`: per vertex, a player's number (0 Max, 1 Min, ...), `CHANCE` (-1) or `TERMINAL`
      (-2), or the names "max", "min", "chance", "terminal", "player<k>".
    - `edges`: the moves as (source, target) pairs: an (m, 2) integer array or a list of pairs.
    - `payoffs`: per vertex the payoff to Max at a terminal (None or 0 elsewhere), as an integer
      array, a sequence of exact numbers (int, `fractions.Fraction`, string "3/4") or a mapping
      {terminal: payoff}. Floats are refused: give exact numbers.
    - `probabilities`: per move, its exact probability at moves of chance (None elsewhere).
    - `rewards` (per vertex, exact), `priorities` (per vertex, non-negative integers), `discount`
      (exact, strictly between 0 and 1), `observations` (per vertex a name or None), `names`
      (per vertex a name or None), `start` (a vertex or its name), `players` (by default 2, or
      one more than the largest player owning a vertex).

    Errors raise `ValueError` naming the vertex, move or entry at fault.
    """
    if isinstance(owners, np.ndarray) and owners.dtype.kind in "iub":
        codes = np.ascontiguousarray(owners, dtype=np.int64)
    else:
        codes = _integers([_owner_code(i, o) for i, o in enumerate(owners)], "owners")
    if codes.ndim != 1:
        raise ValueError(f"owners must be one-dimensional, not of shape {codes.shape}")
    n = len(codes)
    pairs = _integers(edges, "edges")
    if pairs.size == 0:
        pairs = pairs.reshape(0, 2)
    if pairs.ndim != 2 or pairs.shape[1] != 2:
        raise ValueError(f"edges must be (source, target) pairs, an array of shape (m, 2), not {pairs.shape}")
    if players is None:
        players = max(2, int(codes.max(initial=-1)) + 1)
    if isinstance(start, str):
        if names is None or start not in names:
            raise ValueError(f"start: no vertex is named {start!r}")
        start = list(names).index(start)
    return _native._from_arrays(
        codes,
        np.ascontiguousarray(pairs[:, 0]),
        np.ascontiguousarray(pairs[:, 1]),
        players,
        payoffs=_exact(payoffs, n, "payoffs"),
        probabilities=None if probabilities is None else _exact(probabilities, len(pairs), "probabilities", "move"),
        rewards=_exact(rewards, n, "rewards"),
        priorities=None if priorities is None else _integers(priorities, "priorities"),
        discount=discount,
        observations=None if observations is None else list(observations),
        names=None if names is None else list(names),
        start=None if start is None else int(start),
    )


__all__ = ["CHANCE", "MAX", "MIN", "TERMINAL", "Graph", "from_edges", "parse", "read"]
