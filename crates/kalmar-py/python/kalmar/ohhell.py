"""History filtering in Oh Hell (Solinas, Rebstock, Sturtevant and Buro): which deals could
have produced a public state — the game, the trump card, the bids and the cards played — and
with what probability. Histories are counted exactly (a Python int of any size), listed with
their reach and conditional probabilities as Fractions, built by maximum flow, drawn by the
RingSwap Metropolis–Hastings sampler or exactly, and a public state's value to each player is
computed exactly.

>>> from kalmar import ohhell
>>> state = ohhell.parse("game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc")
>>> state.count()
192
>>> listing = state.enumerate(limit=0)
>>> listing.total, sum(h.probability for h in listing.histories)
(192, Fraction(1, 1))
>>> listing.histories[0].hands
[['Kc', 'Ac'], ['Qc', 'Qd'], ['Jc', 'Kd']]
>>> len(state.sample(5, seed=7, exact=True).deals)
5
"""

from kalmar._kalmar import ohhell as _native

History = _native.History
Listing = _native.Listing
PublicState = _native.PublicState
Samples = _native.Samples
counters = _native.counters
parse = _native.parse
read = _native.read

__all__ = ["History", "Listing", "PublicState", "Samples", "counters", "parse", "read"]
