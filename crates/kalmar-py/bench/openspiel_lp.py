"""OpenSpiel's sequence-form linear program (`sequence_form_lp.solve_zero_sum_game`, floats,
through cvxpy) on one of its two-player zero-sum games: prints the value to player 1 and the
seconds of the solve alone (`load_game` excluded).

    python3 crates/kalmar-py/bench/openspiel_lp.py leduc_poker
"""

import sys
import time

import pyspiel
from open_spiel.python.algorithms import sequence_form_lp


def main():
    game = pyspiel.load_game(sys.argv[1])
    start = time.perf_counter()
    value = sequence_form_lp.solve_zero_sum_game(game)[0]
    print(value, time.perf_counter() - start)


if __name__ == "__main__":
    main()
