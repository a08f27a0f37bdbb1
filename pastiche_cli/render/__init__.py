"""Pictures, pages and words every game shares: the SVG sheet (svg.py, svgxml.py, layers.py), what
answers tell alike (told.py) and the record page (html.py, pages.py, templates/, static/)."""
