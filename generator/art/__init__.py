"""Card art as pure geometry: paths, glyph outlines, suit signs, faces and colour roles (no SVG, no PDF)."""
