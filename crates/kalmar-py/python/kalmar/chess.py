"""Chess endgame tables by retrograde analysis: every position of an endgame of up to 5 men
(one pawn at most) solved backwards from the checkmates, with win, draw or loss for the side
to move and the depth to mate, as ``kalmar chess table`` makes them. Captures and promotions
lead into smaller tables, solved first. After solving, sampled positions are played out on
the rules, and each must mate in exactly the announced number of moves.

>>> from kalmar import chess
>>> krk = chess.table("KRK", lines=200)
>>> krk.stats["white"]["longest_win"], krk.stats["white"]["longest_win_positions"]
(16, 121)
>>> krk.check["lines"], [t["material"] for t in krk.smaller]
(200, ['KK'])
>>> probe = krk.probe("8/8/8/8/8/2k5/1R6/K7 w - - 0 1")
>>> probe.value, probe.value.moves_to_mate
(<kalmar.chess.Value: win, mate in 16>, 16)
>>> [move for move, value in probe.best][:4], str(probe.best[0][1])
(['a1a2', 'a1b1', 'b2a2', 'b2b1'], 'loss, mated in 15')

A position is probed by FEN, with its tables solved on the way (or read from the ``.kct``
files of a folder, ``tables=``); the stronger side may be Black:

>>> probe = chess.probe("k7/8/1K6/8/8/8/7Q/8 w - - 0 1")
>>> str(probe.value), probe.best[0][0], str(probe.best[0][1])
('win, mate in 1', 'h2h8', 'loss, checkmated')
>>> chess.probe("8/8/8/8/8/2K5/1r6/k7 b - - 0 1").material
'KRK'
"""

from kalmar._kalmar import chess as _native

Probe = _native.Probe
Table = _native.Table
Value = _native.Value
probe = _native.probe
table = _native.table

__all__ = ["Probe", "Table", "Value", "probe", "table"]
