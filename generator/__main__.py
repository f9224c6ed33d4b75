"""``python -m generator`` is the ``pasyans`` command."""

from generator.cli import main

raise SystemExit(main())
