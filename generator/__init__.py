"""pasyans: five old Russian patiences as rules engines, a solver, figures and a printed book."""

__version__ = "0.1.0"
