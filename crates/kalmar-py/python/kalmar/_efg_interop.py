"""Conversions between `kalmar.efg` and pygambit or OpenSpiel, thin by design: pygambit's games
go through Gambit's own file formats, which both libraries read and write, and an OpenSpiel game
is walked depth first into `kalmar.efg.Builder`. Neither package is imported until it is used.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from kalmar._kalmar import efg as _native

DEFAULT_MAX_NODES = 1_000_000
"""The most nodes `from_openspiel` walks unless told otherwise."""

MAX_DENOMINATOR = 10**6
"""The largest denominator `exact` tries for a float before taking its binary value."""


def exact(x: Any) -> Fraction:
    """A number from another library taken exactly. An int or Fraction is kept. A float is the
    fraction of denominator at most 10^6 nearest to it when that fraction rounds back to exactly
    the same float (so 1/3 written as 0.3333333333333333 is 1/3, and 0.1 is 1/10); otherwise
    it is the float's exact binary value (0.1 + 0.2 is 5404319552844596/18014398509481984
    reduced). Fractions of denominator at most 10^6 are more than 10^-12 apart, far more than a
    float's rounding, so the choice is never ambiguous. NaN and infinities are refused."""
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    try:
        value = Fraction(x)
    except (OverflowError, ValueError) as error:
        raise ValueError(f"{x!r} is not a finite number") from error
    near = value.limit_denominator(MAX_DENOMINATOR)
    return near if float(near) == float(x) else value


def _is_tree(game: Any) -> bool:
    is_tree = getattr(game, "is_tree", None)
    if is_tree is not None:
        return bool(is_tree)
    import pygambit

    return isinstance(game, pygambit.ExtensiveGame)


def from_pygambit(game: Any) -> _native.Game:
    """A pygambit game as a `kalmar.efg.Game`: pygambit writes it in Gambit's `.efg` format (a
    tree) or `.nfg` format (a table), and kalmar reads that text, numbers exact."""
    text = game.to_efg() if _is_tree(game) else game.to_nfg()
    return _native.parse(text)


def to_pygambit(game: _native.Game) -> Any:
    """A `kalmar.efg.Game` as a pygambit game: kalmar writes Gambit's `.efg` (a tree) or `.nfg`
    (a table) text and pygambit reads it."""
    import pygambit

    if game.is_strategic:
        return pygambit.read_nfg(io.StringIO(game.to_nfg()))
    return pygambit.read_efg(io.StringIO(game.to_efg()))


def pygambit_profile(
    gambit_game: Any, game: _native.Game, equilibrium: _native.Equilibrium
) -> Any:
    """An equilibrium of `game` found by kalmar as a pygambit profile of `gambit_game` (the same
    game, from `to_pygambit(game)` or read by `from_pygambit`), with exact rational
    probabilities: a mixed behaviour profile for a tree, a mixed strategy profile for a table,
    so that pygambit's own `max_regret()` can check it. pygambit lists a player's information
    sets in the order a depth-first walk meets them, which is the order of their first nodes.
    """
    if equilibrium.form == "tree":
        data = []
        for player, behaviour in enumerate(equilibrium.behaviour):
            own = (h for h in game.infosets if h.player == player)
            sets = sorted(own, key=lambda h: h.nodes[0])
            data.append([[behaviour[h.number][a] for a in h.actions] for h in sets])
        return gambit_game.mixed_behavior_profile(data, rational=True)
    if equilibrium.form == "strategic form":
        data = [
            [mixed.get(name, Fraction(0)) for name in names]
            for names, mixed in zip(game.strategies, equilibrium.strategies)
        ]
        return gambit_game.mixed_strategy_profile(data, rational=True)
    raise ValueError(
        "an equilibrium over a tree's reduced strategies has no pygambit profile: pygambit's "
        "strategies are not reduced"
    )


def from_openspiel(game: Any, max_nodes: int = DEFAULT_MAX_NODES) -> _native.Game:
    """An OpenSpiel game (from `pyspiel.load_game`) as a `kalmar.efg.Game`, by a depth-first walk
    of its tree from `new_initial_state()` into `kalmar.efg.Builder`. Players keep OpenSpiel's
    numbers (player 0 is "Player 0"). Each chance node gets its own chance information set with
    the probabilities of `chance_outcomes()`; a player's information sets are keyed by
    `information_state_string(player)`, which becomes the set's label, and moves are named by
    `action_to_string`. Terminal nodes pay `returns()`.

    Probabilities and payoffs are floats in OpenSpiel; each is taken exactly as `exact` says
    (1/3, not its binary approximation), and a chance node whose probabilities do not then sum
    to exactly 1 is refused. A game with simultaneous moves is refused (convert it with
    `pyspiel.convert_to_turn_based` first), as is a tree of more than `max_nodes` nodes, as
    soon as the walk passes that many.
    """
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be positive, not {max_nodes}")
    kind = game.get_type()
    if not kind.provides_information_state_string:
        raise ValueError(
            f"{game} does not provide information state strings, which name its information sets"
        )
    players = game.num_players()
    builder = _native.Builder(str(game), [f"Player {i}" for i in range(players)])
    infosets: dict[tuple[int, str], tuple[int, list[int]]] = {}
    stack = [game.new_initial_state()]
    nodes = 0
    while stack:
        state = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise ValueError(
                f"{game} has more than {max_nodes} nodes, the limit of from_openspiel: pass a "
                f"larger max_nodes (from_openspiel(game, max_nodes=...)) to convert it anyway"
            )
        if state.is_terminal():
            builder.terminal([_exact_at(state, r, "payoff") for r in state.returns()])
            continue
        if state.is_simultaneous_node():
            raise ValueError(
                f"{game} has simultaneous moves (at {state.history()}): convert it with "
                "pyspiel.convert_to_turn_based(game) first"
            )
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            chance = state.current_player()
            moves = [
                (state.action_to_string(chance, a), _exact_at(state, p, "probability"))
                for a, p in outcomes
            ]
            total = sum((p for _, p in moves), Fraction(0))
            if total != 1 or any(p < 0 for _, p in moves):
                raise ValueError(
                    f"the chance probabilities at history {state.history()} of {game} "
                    f"({', '.join(str(p) for _, p in moves)}) are negative or sum to {total}, not 1"
                )
            builder.chance(moves)
            actions = [a for a, _ in outcomes]
        else:
            player = state.current_player()
            key = (player, state.information_state_string(player))
            actions = state.legal_actions()
            if key not in infosets:
                labels = [state.action_to_string(player, a) for a in actions]
                infosets[key] = (builder.infoset(player, labels, key[1]), actions)
            infoset, known = infosets[key]
            if known != actions:
                raise ValueError(
                    f"player {player}'s information state {key[1]!r} of {game} has the legal "
                    f"actions {known} at one node and {actions} at another "
                    f"(history {state.history()})"
                )
            builder.node(infoset)
        stack.extend(state.child(a) for a in reversed(actions))
    return builder.finish()


def _exact_at(state: Any, x: float, what: str) -> Fraction:
    try:
        return exact(x)
    except ValueError as error:
        raise ValueError(
            f"the {what} {x!r} at history {state.history()} is not a finite number"
        ) from error
