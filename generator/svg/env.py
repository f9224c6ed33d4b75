"""The one jinja2 environment for SVG templates: autoescaped, strict about missing values."""

from __future__ import annotations

import functools

import jinja2

from generator.paths import TEMPLATES


@functools.cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
