"""The CLI's subcommands, one module per concern; each has ``register(subparsers)``."""
