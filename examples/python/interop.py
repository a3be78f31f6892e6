"""From OpenSpiel and pygambit to kalmar and back: exact equilibria for the games you already have.

Needs `pip install open_spiel pygambit` beside kalmar (pygambit's Linux wheels are a pre-release
so far: `pip install "pygambit>=17.0.0b2"`). Run it from the repository's root:

    python3 examples/python/interop.py
"""

import pygambit
import pyspiel

from kalmar import efg

# OpenSpiel's Kuhn poker, walked into kalmar's tree: chance, information states and returns.
kuhn = efg.from_openspiel(pyspiel.load_game("kuhn_poker"))
players_sets = [h for h in kuhn.infosets if h.player is not None]
print(f"OpenSpiel's Kuhn poker: {kuhn.num_nodes} nodes, {len(players_sets)} information sets of players")
equilibrium = kuhn.nash("seqform")[0]
print(f"exact value for the first player: {equilibrium.payoffs[0]} (OpenSpiel's LP gives -0.0555...)")

# The same equilibrium in pygambit, whose exact regret check agrees it is one.
gambit_game = efg.to_pygambit(kuhn)
profile = efg.pygambit_profile(gambit_game, kuhn, equilibrium)
print(f"pygambit's max_regret of kalmar's equilibrium: {profile.max_regret()}")

# A pygambit game into kalmar: reduced strategies and the reduced strategic form.
game = efg.from_pygambit(gambit_game)
print("reduced strategies per player:", [game.reduced(p).count for p in range(len(game.players))])
print("reduced strategic form:", game.strategic_form().shape)
