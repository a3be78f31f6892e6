"""Type stubs of the extension module (see the package's docstring)."""

__version__: str

class parity:
    """Parity games: read, solved by every solver of kalmar, verified."""

    class Game:
        """A parity game: vertices 0..n in file order, owned by Even (0) or Odd (1)."""

        @property
        def num_vertices(self) -> int: ...
        @property
        def num_edges(self) -> int: ...
        def solve(self, solver: str = "zlk") -> parity.Solution:
            """Solves with `solver` (see `solvers()`) and checks the answer independently."""

    class Solution:
        """A verified solution."""

        solver: str
        winner: list[int]
        """Per vertex, the player who wins from it: 0 (Even) or 1 (Odd)."""
        strategy: list[int | None]
        """Per vertex, where its owner moves when the owner wins there; None elsewhere."""
        verified: bool

    @staticmethod
    def read(path: str) -> parity.Game:
        """Reads a .pg, .gg or .ehoa file (also .gz, .bz2): OSError if unreadable, ValueError with the place if malformed."""
    @staticmethod
    def parse(text: str) -> parity.Game:
        """Reads a game from text, its format told by the first word."""
    @staticmethod
    def solvers() -> list[str]:
        """The solvers' ids."""
