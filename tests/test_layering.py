"""The arrows point one way: rules ← solver ← figures ← SVG ← PDF (README, «Layout»).

Every ``import`` in ``generator/`` (at the top of a module or inside a
function) is read from the source and checked against the layers below; a
new module must be given a layer here before it can import anything.
Figures are pure geometry: no SVG, PDF or template machinery and no markup.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"

#: Which layer each module (or package) belongs to, by its dotted name below ``generator``.
LAYER_OF = {
    "": "base", "__init__": "base", "cards": "base", "errors": "base", "paths": "base",
    "safeio": "base", "progress": "base", "pool": "base", "forks": "base", "stock_text": "base", "russian": "base",
    # the optional compiled hot path: an import hook, its build, and Cython's names for when it is missing
    "compiled": "base", "compiled_build": "base", "cython_shadow": "base",
    "art": "art",  # the card artwork as a neutral vector model, and font outlines
    "deals": "rules", "games": "rules", "replay": "rules", "record": "rules", "notation": "rules",
    "players": "players", "play": "players",  # the no-peek players, and playing a deal out with one
    "hints": "hints",  # the solver's hints (they may ask the player for a first move)
    "solver": "solver", "stats": "solver", "selection": "solver", "walkthrough": "solver", "samples": "solver",
    "borrowing": "solver",  # a deal one reading leaves open, won along another reading's line
    "analysis": "solver",  # the critical moment of a line and the difficulty of a deal
    "figures": "figures",
    "svg": "svg",
    "pdf": "pdf",
    "commands": "cli", "cli": "cli", "__main__": "cli",
}

#: What each layer may import. The figures use the artwork's font metrics (a label's width), not its drawing.
MAY_IMPORT = {
    "base": {"base"},
    "art": {"base", "art"},
    "rules": {"base", "rules"},
    "players": {"base", "rules", "players"},
    "hints": {"base", "rules", "players", "hints"},
    "solver": {"base", "rules", "players", "hints", "solver"},
    "figures": {"base", "rules", "players", "hints", "solver", "art", "figures"},
    "svg": {"base", "rules", "players", "hints", "solver", "art", "figures", "svg"},
    "pdf": {"base", "rules", "players", "hints", "solver", "art", "figures", "svg", "pdf"},
    "cli": {"base", "rules", "players", "hints", "solver", "art", "figures", "svg", "pdf", "cli"},
}

#: Third-party drawing machinery a figure must not touch.
DRAWING = {"jinja2", "markupsafe", "cairosvg", "reportlab", "xml", "PIL"}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _dotted(path: Path) -> list[str]:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts


def _layer(parts: list[str]) -> str:
    key = parts[0] if parts else ""
    if key not in LAYER_OF:
        raise AssertionError(f"generator.{'.'.join(parts)} has no layer: add it to LAYER_OF")
    return LAYER_OF[key]


def _imports(path: Path) -> list[tuple[int, str, list[str] | None]]:
    """(line, top-level name, parts below ``generator`` or None for a third-party import) of every import."""
    package = _dotted(path) if path.name == "__init__.py" else _dotted(path)[:-1]
    return _imports_in(path.read_text(encoding="utf-8"), package)


def _imports_in(source: str, package: list[str]) -> list[tuple[int, str, list[str] | None]]:
    """``_imports`` of ``source`` as a module of ``generator.<package>``."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                names = [".".join(["generator", *base, *([node.module] if node.module else [])])]
            else:
                names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            found.append((node.lineno, parts[0], parts[1:] if parts[0] == "generator" else None))
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_the_layers(path: Path) -> None:
    layer = _layer(_dotted(path))
    for line, top, parts in _imports(path):
        if parts is None:
            if layer == "figures":
                assert top not in DRAWING, f"{path.name}:{line}: a figure imports {top}"
            continue
        target = _layer(parts)
        assert target in MAY_IMPORT[layer], (
            f"{path.relative_to(PACKAGE)}:{line} ({layer}) imports generator.{'.'.join(parts)} ({target})"
        )


def test_the_layer_map_knows_every_module_and_catches_a_wrong_arrow() -> None:
    assert {_layer(_dotted(p)) for p in _modules()} == set(MAY_IMPORT)
    # The reader follows relative and absolute imports, also inside functions, as a figure module would write them.
    source = (
        "from ..svg import figure\nfrom . import base\n"
        "def f():\n    from generator.pdf import deck\n    import jinja2\n"
    )
    found = sorted((line, top, parts) for line, top, parts in _imports_in(source, ["figures"]))
    assert found == [
        (1, "generator", ["svg"]), (2, "generator", ["figures"]), (4, "generator", ["pdf"]), (5, "jinja2", None),
    ]
    layers = [_layer(parts) for _, _, parts in found if parts is not None]
    assert [layer in MAY_IMPORT["figures"] for layer in layers] == [False, True, False]


def _string_constants(tree: ast.AST) -> list[ast.Constant]:
    """Every string literal that is not a docstring."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


@pytest.mark.parametrize("path", sorted((PACKAGE / "figures").glob("*.py")), ids=lambda p: p.name)
def test_figures_hold_no_markup(path: Path) -> None:
    """A figure function returns geometry; no SVG (or any markup) is written in ``generator/figures``."""
    for node in _string_constants(ast.parse(path.read_text(encoding="utf-8"))):
        assert "<" not in node.value and "svg" not in node.value.lower(), f"{path.name}:{node.lineno}: {node.value!r}"
