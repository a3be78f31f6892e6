"""Impartial games by the Sprague–Grundy theory, as ``kalmar impartial`` computes them: Nim by
Bouton's rule, heap games by their octal code (Kayles ``"0.77"``, Dawson's Kayles ``"0.07"``,
Dawson's chess ``"0.137"``, Grundy's game, subtraction games), their values G(0..n) by the
library's fastest solver as read-only numpy arrays, periods proven by the Guy–Smith periodicity
theorem, misère values and genera, all-but subtraction games with proven arithmetic periods,
PEG-O-Stripes and Nukit. Outcomes are "N" (the player to move wins) or "P" (it loses).

>>> from kalmar import impartial
>>> impartial.nim([1, 2, 4])
7
>>> impartial.nim_position([1, 2, 4]).winning_move
<kalmar.impartial.NimMove: heap 2 from 4 to 3>
>>> impartial.grundy("0.77", 11).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> impartial.period("0.77", 1000)
<kalmar.impartial.Period 12 from n = 71, proven from G(0..167)>
>>> print(impartial.period("0.77", 100))
None
"""

from kalmar._kalmar import impartial as _native

AllBut = _native.AllBut
ArithmeticPeriod = _native.ArithmeticPeriod
NimMove = _native.NimMove
NimPosition = _native.NimPosition
NukitGame = _native.NukitGame
Period = _native.Period
Rules = _native.Rules
Stripes = _native.Stripes
Values = _native.Values
all_but = _native.all_but
grundy = _native.grundy
nim = _native.nim
nim_position = _native.nim_position
nukit = _native.nukit
period = _native.period
solvers = _native.solvers
stripes = _native.stripes
values = _native.values
verify = _native.verify

__all__ = [
    "AllBut",
    "ArithmeticPeriod",
    "NimMove",
    "NimPosition",
    "NukitGame",
    "Period",
    "Rules",
    "Stripes",
    "Values",
    "all_but",
    "grundy",
    "nim",
    "nim_position",
    "nukit",
    "period",
    "solvers",
    "stripes",
    "values",
    "verify",
]
