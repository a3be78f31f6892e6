"""The extension module; use the package `kalmar` and its submodules instead."""

from types import ModuleType

__version__: str
efg: ModuleType
parity: ModuleType
