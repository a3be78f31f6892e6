"""A tour of kalmar from Python: one real task per family, each answer exact and checked.

Run it from the repository's root after `pip install ./crates/kalmar-py`:

    python3 examples/python/tour.py
"""

from pathlib import Path

import numpy as np

import kalmar
from kalmar import efg, graph, impartial, ohhell, reach

EXAMPLES = Path(__file__).resolve().parents[1]

# Any game file opens as its family's game; every solve is checked by an independent verifier.
for name in ["tiny.pg", "dgg-small.gg", "figure-2-3.gg", "three-players.gg", "reif-note.gg"]:
    game = kalmar.read(EXAMPLES / name)
    solution = game.solve()
    print(f"{name:18} {type(game).__module__:20} verified={solution.verified}")

# A stochastic game's values are exact fractions, not floats.
values = kalmar.read(EXAMPLES / "figure-2-3.gg").solve().values
print("stochastic values:", [str(v) for v in values])

# A chess-like game of a million moves built from numpy arrays: a chain of Max's positions, each
# moving on or to a loss, the last one to a win. Max wins from the start in 500,000 moves.
n = 500_000
owners = np.full(n + 2, graph.MAX)
owners[n:] = graph.TERMINAL
on = np.stack([np.arange(n), np.arange(1, n + 1)], axis=1)
lose = np.stack([np.arange(n), np.full(n, n + 1)], axis=1)
payoffs = np.zeros(n + 2, dtype=np.int64)
payoffs[n:] = [1, -1]
chain = graph.from_edges(owners, np.concatenate([on, lose]), payoffs=payoffs)
solution = reach.from_graph(chain).solve()
print(f"chain of {chain.num_edges:,} moves: outcome {solution.outcome[0]}, mate in {solution.distance[0]:,}")

# Kuhn's poker: reduced strategies in the tree order, and an exact equilibrium, checked.
kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
print("Kuhn: reduced strategies per player:", [kuhn.reduced(p).count for p in range(2)])
equilibrium = kuhn.nash("seqform")[0]
print(f"Kuhn: the first player's value is {equilibrium.payoffs[0]}, verified={equilibrium.verified}")
# With OpenSpiel installed, its own games come in the same way:
#     kuhn = efg.from_openspiel(pyspiel.load_game("kuhn_poker"))
# and pygambit's through efg.from_pygambit(game) and efg.to_pygambit(kuhn).

# Kayles: a million Sprague-Grundy values as a numpy array, and its proven period.
grundy = impartial.grundy("0.77", 1_000_000)
period = impartial.period("0.77", 1000)
print(f"Kayles: G(0..20) = {grundy[:21].tolist()}; period {period.period} after {period.preperiod}")

# Oh Hell: how many deals are consistent with what the table has seen, counted exactly.
state = ohhell.read(EXAMPLES / "ohhell-table1-192.txt")
print(f"Oh Hell: {state.count()} histories; exact values {[str(v) for v in state.value()]}")
