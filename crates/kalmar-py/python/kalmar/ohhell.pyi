"""History filtering in Oh Hell: count, enumerate, construct and sample the histories of a
public state, and its exact value."""

import os
from fractions import Fraction

class History:
    """One history of a public state: the deal, with its probabilities when weighed."""

    deal: list[str]
    """The cards dealt, by name, in deal order."""
    hands: list[list[str]]
    """Each player's cards, in the order dealt."""
    reach: Fraction | None
    """Its reach probability under the policy, or None when not weighed."""
    probability: Fraction | None
    """Its probability given the public state, or None when not weighed."""

class Listing:
    """The histories with positive reach: how many, and the first ones."""

    total: int
    histories: list[History]
    def __len__(self) -> int: ...

class Samples:
    """Histories drawn from a public state."""

    deals: list[list[str]]
    hands: list[list[list[str]]]
    exact: bool
    transitions: int
    accepted: int
    acceptance: float
    def __len__(self) -> int: ...

class PublicState:
    """An Oh Hell public state after the deal: game, trump, bids and plays."""

    @property
    def players(self) -> int: ...
    @property
    def suits(self) -> int: ...
    @property
    def ranks(self) -> int: ...
    @property
    def tricks(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def trump(self) -> str: ...
    @property
    def bids(self) -> list[int]: ...
    @property
    def plays(self) -> list[str]: ...
    def describe(self) -> str:
        """The game and how far it went, in one line."""
    def to_text(self) -> str:
        """The text form, which `parse` reads back."""
    def count(self, method: str = "assignments") -> int:
        """The number of histories, exactly (see `counters()`)."""
    def enumerate(
        self,
        limit: int = 20,
        *,
        policy: str = "uniform",
        policy_seed: int = 0,
        max: int = 10_000_000,
    ) -> Listing:
        """The histories with positive reach under `policy`, the first `limit` (0: all)."""
    def construct(self) -> History | None:
        """One history by maximum flow, checked by replaying it, or None if there is none."""
    def sample(
        self,
        n: int,
        *,
        seed: int = 1,
        exact: bool = False,
        policy: str = "uniform",
        policy_seed: int = 0,
        chains: int = 4,
        burn_in: int = 20,
        thin: int = 20,
        flow_start: bool = False,
    ) -> Samples:
        """Draws `n` histories by the RingSwap sampler, or exactly with `exact=True`."""
    def value(
        self, *, policy: str = "uniform", policy_seed: int = 0, max: int = 1_000_000
    ) -> list[Fraction]:
        """The public state's value to each player: sum of P(h|S) V(h) over its histories."""

def parse(text: str) -> PublicState:
    """Reads a public state from text; ValueError with the line and column."""

def read(path: str | os.PathLike[str]) -> PublicState:
    """Reads a public state file: OSError if unreadable, ValueError with file, line, column."""

def counters() -> list[str]:
    """The ids of the counting methods."""
