"""SVG back ends: card faces as reusable <symbol>s, rendered through jinja2 templates."""
