"""The few names of Cython's pure-Python mode the hot modules use, for when Cython is not installed.

Cython is optional (the ``fast`` extra): the modules write ``try: import cython`` and fall back to
this one, whose declarations change nothing, so the ``.py`` runs as plain Python. Compiled, the
``import cython`` is read by Cython at build time and this module is never used.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

compiled = False


class _CType:
    """A C type name: ``cython.int``, or an array of it, ``cython.int[52]`` (only ever declared)."""

    def __getitem__(self, size: builtins.int) -> _CType:
        return self


int = _CType()  # Cython's own names (the builtin int stays reachable as builtins.int)
bint = _CType()
Py_ssize_t = _CType()
uchar = _CType()  # one byte, 0..255
p_int = _CType()  # a pointer to int (a C array passed on); in Python, the list itself
p_char = _CType()  # a bytes object's buffer (sliced in C); in Python, the bytes themselves
ulonglong = _CType()  # 64 bits: a set of cards 0..51 as a bit mask; in Python, an int
longlong = _CType()  # a signed 64-bit count; in Python, an int


def locals(**types: Any) -> Callable[[_F], _F]:
    """``@cython.locals(name=type, …)``: C types of a function's locals; in Python, nothing."""
    return lambda function: function


def returns(type_: Any) -> Callable[[_F], _F]:
    """``@cython.returns(type)``: the C type a ``cfunc`` returns; in Python, nothing."""
    return lambda function: function


def cfunc(function: _F) -> _F:
    """``@cython.cfunc``: compiled, a C function called from its own module; in Python, the function."""
    return function


def ccall(function: _F) -> _F:
    """``@cython.ccall``: compiled, a C function its own module calls directly and other modules as Python; in
    Python, the function."""
    return function


def cclass(cls: _T) -> _T:
    """``@cython.cclass``: compiled, an extension type (C fields, C methods); in Python, the class."""
    return cls


def inline(function: _F) -> _F:
    """``@cython.inline``: a hint to the C compiler; in Python, nothing."""
    return function


def cast(type_: Any, value: _T) -> _T:
    """``cython.cast(tuple, state)``: compiled, the value taken as that C-level type unchecked (a position, a
    ``NamedTuple``, read as a tuple: its fields unpacked in C, not looked up by name); in Python, the value."""
    return value


def declare(type_: Any, value: Any = None) -> Any:
    """``cython.declare(cython.int, 52)``: compiled, a C variable (a module's constant read in C); in Python, the
    value."""
    return value
