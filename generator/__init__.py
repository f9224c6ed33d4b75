"""pasyans: five old Russian patiences as rules engines, a solver, figures and a printed book."""

from generator import compiled as _compiled

__version__ = "0.1.0"

# The compiled hot path, when built and only for unchanged sources (see generator.compiled).
_compiled.install()
